package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Many threads, many keys, one shared verifier per key: every decode returns the claims of its
 * own token, forged tokens are refused, and the pools never hand one HMAC context to two threads
 * (which would show up as wrong MACs).
 */
class ConcurrencyTest {

    record Claims(String sub, long n, long exp) {}

    @Test
    void platformAndVirtualThreadsShareVerifiers() throws Exception {
        int keys = 8;
        List<JwtSecretKey> secretKeys = new ArrayList<>();
        List<JwtVerifier> verifiers = new ArrayList<>();
        List<JwtSigner> signers = new ArrayList<>();
        for (int i = 0; i < keys; i++) {
            JwtSecretKey k = JwtSecretKey.of(TestTokens.bytes(32 + i * 17, i)).withKeyId("k" + i);
            secretKeys.add(k);
            Algorithm alg = Algorithm.values()[i % 3];
            if (k.length() < alg.hashBytes()) {
                alg = Algorithm.HS256;
            }
            verifiers.add(JwtVerifier.builder(k).algorithms(alg).clock(TestTokens.CLOCK).build());
            signers.add(JwtSigner.builder(k).algorithm(alg).build());
        }
        AtomicInteger ok = new AtomicInteger();
        for (ExecutorService pool : List.of(Executors.newFixedThreadPool(16), Executors.newVirtualThreadPerTaskExecutor())) {
            try (pool) {
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < 64; t++) {
                    int thread = t;
                    futures.add(pool.submit(() -> {
                        for (int i = 0; i < 500; i++) {
                            int k = (thread + i) % keys;
                            String sub = "user-" + thread + "-" + i;
                            String token = signers.get(k).sign(Map.of("sub", sub, "n", i, "exp", TestTokens.NOW + 60));
                            Claims c = verifiers.get(k).decode(token, Claims.class);
                            assertEquals(sub, c.sub());
                            assertEquals(i, c.n());
                            // The same token under another key must fail.
                            JwtVerifier other = verifiers.get((k + 1) % keys);
                            assertThrows(JwtException.class, () -> other.decode(token));
                            ok.incrementAndGet();
                        }
                        return null;
                    }));
                }
                for (Future<?> f : futures) {
                    f.get();
                }
            }
        }
        assertEquals(2 * 64 * 500, ok.get());
        secretKeys.forEach(JwtSecretKey::close);
    }
    /**
     * Public keys imported on many threads at once are each their own key: the native key a
     * JWK or DER import makes (on OpenSSL 3 from pooled contexts) verifies the signature of its
     * own private key, which the JDK made, and refuses another key's. Ed25519 and RSA, on
     * platform threads.
     */
    @Test
    void keysImportedOnManyThreadsAtOnceAreEachTheirOwn() throws Exception {
        List<java.security.KeyPair> pairs = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        java.security.KeyPairGenerator ed = java.security.KeyPairGenerator.getInstance("Ed25519");
        java.security.KeyPairGenerator rsa = java.security.KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        for (int i = 0; i < 12; i++) {
            boolean isRsa = i % 4 == 3;
            java.security.KeyPair pair = (isRsa ? rsa : ed).generateKeyPair();
            pairs.add(pair);
            String input = TestTokens.b64("{\"alg\":\"" + (isRsa ? "RS256" : "EdDSA") + "\"}") + "."
                    + TestTokens.b64("{\"sub\":\"key-" + i + "\",\"exp\":" + (TestTokens.NOW + 60) + "}");
            java.security.Signature jdk = java.security.Signature.getInstance(isRsa ? "SHA256withRSA" : "Ed25519");
            jdk.initSign(pair.getPrivate());
            jdk.update(input.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            tokens.add(input + "." + TestTokens.b64(jdk.sign()));
        }
        List<String> jwks = new ArrayList<>();
        for (java.security.KeyPair pair : pairs) {
            try (JwtPublicKey k = JwtPublicKey.from(pair.getPublic())) {
                jwks.add(k.toJwk());
            }
        }
        AtomicInteger checked = new AtomicInteger();
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 150; i++) {
                        int k = (thread * 5 + i) % pairs.size();
                        boolean fromJwk = (i & 1) == 0;
                        try (JwtPublicKey key = fromJwk ? (JwtPublicKey) JwtKey.fromJwk(jwks.get(k))
                                : JwtPublicKey.fromDer(pairs.get(k).getPublic().getEncoded())) {
                            Algorithm alg = k % 4 == 3 ? Algorithm.RS256 : Algorithm.EdDSA;
                            JwtVerifier v = JwtVerifier.builder(key).algorithms(alg).clock(TestTokens.CLOCK).build();
                            assertEquals("key-" + k, v.decode(tokens.get(k)).get("sub"));
                            String other = tokens.get((k + 4) % pairs.size()); // the same type, another key
                            assertThrows(JwtException.class, () -> v.decode(other));
                        }
                        checked.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        }
        assertEquals(16 * 150, checked.get());
    }
}
