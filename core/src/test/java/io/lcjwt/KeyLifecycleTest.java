package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeyLifecycleTest {

    @Test
    void closeIsIdempotentAndUseAfterCloseIsAClearError() {
        long before = LibCrypto.liveNativeObjects().hmacContexts();
        JwtSecretKey key = JwtSecretKey.of(TestTokens.KEY);
        JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256).audience("my-api").clock(TestTokens.CLOCK).build();
        assertEquals("alice", v.decode(TestTokens.hs256(TestTokens.CLAIMS)).get("sub"));
        assertTrue(LibCrypto.liveNativeObjects().hmacContexts() > before, "a context was made and pooled");
        key.close();
        key.close();
        assertEquals(before, LibCrypto.liveNativeObjects().hmacContexts(), "closing freed every pooled context");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> v.decode(TestTokens.hs256(TestTokens.CLAIMS)));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> JwtVerifier.builder(key).algorithms(Algorithm.HS256).build());
        assertTrue(key.toString().contains("closed"));
        assertFalse(key.toString().contains(TestTokens.b64(TestTokens.KEY)));
    }

    /**
     * A verifier or signer built from a key nobody else holds must keep that key (and its native
     * state) alive: the key's Cleaner may only run once the verifier is unreachable too.
     */
    @Test
    void verifiersKeepTheirKeysAliveThroughGc() throws Exception {
        JwtVerifier hs = JwtVerifier.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
                .audience("my-api").clock(TestTokens.CLOCK).build();
        JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256);
        JwtVerifier es = JwtVerifier.builder(ec.publicKey()).algorithms(Algorithm.ES256).clock(TestTokens.CLOCK).build();
        JwtSigner esSigner = JwtSigner.builder(ec).algorithm(Algorithm.ES256).build();
        JwtSigner hsSigner = JwtSigner.builder(JwtSecretKey.of(TestTokens.KEY)).algorithm(Algorithm.HS256).build();
        ec = null;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
        }
        assertEquals("alice", hs.decode(TestTokens.hs256(TestTokens.CLAIMS)).get("sub"));
        String t = esSigner.sign(Map.of("sub", "bob", "exp", TestTokens.NOW + 60));
        assertEquals("bob", es.decode(t).get("sub"));
        assertEquals("x", hs.decode(hsSigner.sign(Map.of("sub", "x", "aud", "my-api", "exp", TestTokens.NOW + 60))).get("sub"));
    }

    @Test
    void toStringNeverShowsTheSecret() {
        try (JwtSecretKey key = JwtSecretKey.of("0123456789abcdef0123456789abcdef".getBytes()).withKeyId("k9")) {
            assertEquals("JwtSecretKey[kid=k9, 32 bytes]", key.toString());
        }
    }

    @Test
    void nativeContextsStayBoundedUnderManyThreads() throws Exception {
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.KEY)) {
            JwtSigner s = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
            long before = LibCrypto.liveNativeObjects().hmacContexts();
            try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 10_000; i++) {
                    pool.submit(() -> s.sign(Map.of("a", 1)));
                }
            }
            long live = LibCrypto.liveNativeObjects().hmacContexts() - before;
            int cap = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
            assertTrue(live <= Integer.highestOneBit(cap - 1) << 1,
                    "10,000 virtual threads left " + live + " contexts alive; the pool holds at most its size");
        }
    }

    /**
     * Native working memory grows with the largest token seen, never with the number of decodes.
     * (The soak caught aws-lc Ed25519 verification copying the public key into pooled memory on
     * every verify.)
     */
    @Test
    void repeatedVerifiesHoldNoMoreNativeMemory() {
        for (Algorithm alg : new Algorithm[] {Algorithm.EdDSA, Algorithm.ES256, Algorithm.PS256}) {
            try (JwtPrivateKey k = alg == Algorithm.PS256 ? JwtPrivateKey.generateRsa(2048) : JwtPrivateKey.generate(alg);
                 JwtPublicKey pub = k.publicKey()) {
                JwtSigner signer = JwtSigner.builder(k).algorithm(alg).build();
                JwtVerifier v = JwtVerifier.builder(pub).algorithms(alg).allowMissingExpiration().build();
                String token = signer.sign(Map.of("sub", "x"));
                v.decode(token);
                long before = LibCrypto.liveNativeObjects().workBytes();
                for (int i = 0; i < 2_000; i++) {
                    v.decode(token);
                }
                assertEquals(before, LibCrypto.liveNativeObjects().workBytes(), alg + ": working memory grew with decodes");
            }
        }
    }
}
