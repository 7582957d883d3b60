package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link JwtSigner#signTo}: the token's bytes in the caller's array or segment, and nothing written when it does not fit. */
class SignToTest {

    static final Map<String, Object> CLAIMS = Map.of("sub", "alice", "roles", List.of("a", "b"),
            "exp", Instant.now().plusSeconds(300));

    @Test
    void theBytesAreTheTokenSignReturns() {
        for (Algorithm alg : List.of(Algorithm.HS256, Algorithm.HS512, Algorithm.ES256, Algorithm.EdDSA, Algorithm.RS256)) {
            try (JwtKey k = alg.family() == Algorithm.Family.HMAC ? JwtSecretKey.generate(alg) : JwtPrivateKey.generate(alg)) {
                JwtSigner signer = JwtSigner.builder(k).algorithm(alg).build();
                JwtKey verifying = k instanceof JwtPrivateKey p ? p.publicKey() : k;
                JwtVerifier verifier = JwtVerifier.builder(verifying).algorithms(alg).build();
                byte[] out = new byte[4096];
                Arrays.fill(out, (byte) '#');
                int n = signer.signTo(CLAIMS, out, 7);
                String token = new String(out, 7, n, StandardCharsets.US_ASCII);
                assertEquals("alice", verifier.decode(token).get("sub"), alg.jwsName());
                assertEquals('#', out[6]);
                assertEquals('#', out[7 + n]);
                if (alg.family() == Algorithm.Family.HMAC || alg == Algorithm.EdDSA || alg == Algorithm.RS256) {
                    assertEquals(signer.sign(CLAIMS), token, "deterministic algorithms sign the same bytes both ways");
                }
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment seg = arena.allocate(4096);
                    long m = signer.signTo(CLAIMS, seg);
                    String fromNative = new String(seg.asSlice(0, m).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                            StandardCharsets.US_ASCII);
                    assertEquals("alice", verifier.decode(fromNative).get("sub"));
                }
            }
        }
    }

    @Test
    void aBufferTooSmallGetsNothingAndSaysHowMuchIsNeeded() {
        try (JwtSecretKey k = JwtSecretKey.generate(Algorithm.HS256)) {
            JwtSigner signer = JwtSigner.builder(k).algorithm(Algorithm.HS256).build();
            int needed = signer.sign(CLAIMS).length();
            byte[] out = new byte[needed + 2];
            Arrays.fill(out, (byte) '#');
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> signer.signTo(CLAIMS, out, 3));
            assertEquals("out has " + (needed - 1) + " bytes, and this token needs " + needed, e.getMessage());
            byte[] untouched = new byte[needed + 2];
            Arrays.fill(untouched, (byte) '#');
            assertArrayEquals(untouched, out);
            assertEquals(needed, signer.signTo(CLAIMS, out, 2));
            assertThrows(IndexOutOfBoundsException.class, () -> signer.signTo(CLAIMS, out, out.length + 1));
            assertThrows(IndexOutOfBoundsException.class, () -> signer.signTo(CLAIMS, out, -1));
        }
    }

    @Test
    void claimsTheWriterRefusesAreRefusedHereToo() {
        try (JwtSecretKey k = JwtSecretKey.generate(Algorithm.HS256)) {
            JwtSigner signer = JwtSigner.builder(k).algorithm(Algorithm.HS256).build();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> signer.signTo(Map.of("x", Double.NaN), new byte[1024], 0));
            assertTrue(e.getMessage().startsWith("claim claims.x is NaN"), e.getMessage());
            // the pooled buffer a refusal left behind does not leak into the next token
            assertEquals("alice", JwtVerifier.builder(k).algorithms(Algorithm.HS256).build()
                    .decode(signer.sign(CLAIMS)).get("sub"));
        }
    }
}
