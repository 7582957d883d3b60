package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * 10,000 seeded mutations of valid tokens (byte flips, insertions, deletions, swaps, segment
 * surgery, re-encodings): none is accepted, and nothing but a JwtException escapes.
 */
class MutationTest {

    record Claims(String sub, String aud, long exp, java.util.List<String> roles) {}

    @Test
    void noMutantIsAcceptedAndOnlyJwtExceptionsEscape() {
        SplittableRandom r = new SplittableRandom(7515);
        JwtVerifier v = TestTokens.verifier();
        String[] seeds = {
            TestTokens.hs256(TestTokens.CLAIMS),
            TestTokens.hs256Header("{\"alg\":\"HS256\",\"kid\":\"k1\",\"typ\":\"JWT\"}",
                    "{\"sub\":\"bob\",\"aud\":[\"my-api\",\"x\"],\"exp\":1700003600,\"roles\":[\"a\",\"b\"],\"n\":{\"d\":[1,2.5,null,true]}}"),
        };
        for (String s : seeds) {
            assertEquals(TestTokens.AUD, aud(v.decode(s)), "the seeds themselves are valid");
        }
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ \u00e9\u0000";
        int rejected = 0;
        for (int i = 0; i < 10_000; i++) {
            String seed = seeds[i % seeds.length];
            StringBuilder t = new StringBuilder(seed);
            int edits = 1 + r.nextInt(3);
            for (int e = 0; e < edits && !t.isEmpty(); e++) {
                int pos = r.nextInt(t.length());
                switch (r.nextInt(7)) {
                    case 0 -> t.setCharAt(pos, alphabet.charAt(r.nextInt(alphabet.length())));
                    case 1 -> t.insert(pos, alphabet.charAt(r.nextInt(alphabet.length())));
                    case 2 -> t.deleteCharAt(pos);
                    case 3 -> {
                        int q = r.nextInt(t.length());
                        char c = t.charAt(pos);
                        t.setCharAt(pos, t.charAt(q));
                        t.setCharAt(q, c);
                    }
                    case 4 -> t.setLength(pos);
                    case 5 -> {
                        // swap in a re-encoded, re-worded payload without re-signing
                        String[] parts = seed.split("\\.");
                        String json = new String(java.util.Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                                .replace("alice", "admin").replace("bob", "root");
                        t = new StringBuilder(parts[0] + "." + TestTokens.b64(json) + "." + parts[2]);
                    }
                    default -> t.setCharAt(pos, (char) (t.charAt(pos) ^ (1 << r.nextInt(7))));
                }
            }
            String mutant = t.toString();
            if (mutant.equals(seed)) {
                continue;
            }
            try {
                Object out = r.nextBoolean() ? v.decode(mutant) : v.decode(mutant, Claims.class);
                fail("mutant " + i + " was accepted: " + mutant + " -> " + out);
            } catch (JwtException expected) {
                rejected++;
            } catch (RuntimeException | Error other) {
                fail("mutant " + i + " escaped as " + other + ": " + mutant, other);
            }
        }
        assertTrue(rejected > 9_900, "nearly every iteration produced a distinct mutant: " + rejected);
    }

    private static Object aud(Map<String, Object> claims) {
        Object a = claims.get("aud");
        return a instanceof java.util.List<?> l ? l.get(0) : a;
    }
}
