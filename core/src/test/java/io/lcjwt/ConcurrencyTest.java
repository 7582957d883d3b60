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
}
