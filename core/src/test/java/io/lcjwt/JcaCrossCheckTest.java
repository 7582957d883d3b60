package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * lcjwt against the JDK's {@code Mac} (an independent implementation, tests only) over random
 * secrets of 32..300 bytes and random claims, both ways: the JDK signs and lcjwt verifies; lcjwt
 * signs and the JDK's MAC matches; a one-bit change in the signature is always refused.
 */
class JcaCrossCheckTest {

    static Map<String, Object> randomClaims(SplittableRandom r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sub", word(r, 1 + r.nextInt(20)));
        m.put("exp", TestTokens.NOW + 1 + r.nextInt(1_000_000));
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
            String k = "c" + i + word(r, r.nextInt(6));
            switch (r.nextInt(5)) {
                case 0 -> m.put(k, word(r, r.nextInt(40)));
                case 1 -> m.put(k, r.nextLong());
                case 2 -> m.put(k, r.nextBoolean());
                case 3 -> {
                    List<Object> l = new ArrayList<>();
                    for (int j = r.nextInt(4); j > 0; j--) {
                        l.add(word(r, 3));
                    }
                    m.put(k, l);
                }
                default -> m.put(k, Map.of("x", r.nextInt(1000), "y", word(r, 2)));
            }
        }
        return m;
    }

    static String word(SplittableRandom r, int len) {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-éü€𝄞\"\\/";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < len; i++) {
            int cp = alphabet.codePointAt(alphabet.offsetByCodePoints(0, r.nextInt(alphabet.codePointCount(0, alphabet.length()))));
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }

    @Test
    void randomKeysAndClaimsAgreeBothWays() {
        SplittableRandom r = new SplittableRandom(20261129);
        Algorithm[] algs = {Algorithm.HS256, Algorithm.HS384, Algorithm.HS512};
        for (int round = 0; round < 300; round++) {
            Algorithm alg = algs[round % 3];
            int keyLen = Math.max(alg.hashBytes(), 32 + r.nextInt(269));
            byte[] secret = TestTokens.bytes(keyLen, r.nextInt());
            Map<String, Object> claims = randomClaims(r);
            try (JwtSecretKey key = JwtSecretKey.of(secret)) {
                JwtVerifier v = JwtVerifier.builder(key).algorithms(alg).clock(TestTokens.CLOCK).build();

                // lcjwt signs; the JDK computes the same MAC over the same signing input.
                String token = JwtSigner.builder(key).algorithm(alg).build().sign(claims);
                int dot = token.lastIndexOf('.');
                assertEquals(TestTokens.b64(TestTokens.mac(TestTokens.jca(alg.jwsName()), secret, token.substring(0, dot))),
                        token.substring(dot + 1), "round " + round);
                assertEquals(normalize(claims), v.decode(token), "round " + round);

                // The JDK signs a token it built itself; lcjwt verifies it.
                String json = new String(io.lcjwt.internal.claims.ClaimsWriter.toJson(claims), java.nio.charset.StandardCharsets.UTF_8);
                String jdkToken = TestTokens.hs(alg.jwsName(), "{\"alg\":\"" + alg.jwsName() + "\"}", json, secret);
                assertEquals(normalize(claims), v.decode(jdkToken), "round " + round);

                // A flipped bit anywhere in the MAC is refused.
                byte[] mac = java.util.Base64.getUrlDecoder().decode(jdkToken.substring(jdkToken.lastIndexOf('.') + 1));
                mac[r.nextInt(mac.length)] ^= (byte) (1 << r.nextInt(8));
                String forged = jdkToken.substring(0, jdkToken.lastIndexOf('.') + 1) + TestTokens.b64(mac);
                assertThrows(BadSignatureException.class, () -> v.decode(forged), "round " + round);
            }
        }
    }

    /** What a Map decode returns for these claims: integers as Long, nested maps as read. */
    @SuppressWarnings("unchecked")
    static Object normalize(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put((String) k, normalize(v)));
            return out;
        }
        if (o instanceof List<?> l) {
            return l.stream().map(JcaCrossCheckTest::normalize).toList();
        }
        if (o instanceof Integer i) {
            return (long) i;
        }
        return o;
    }
}
