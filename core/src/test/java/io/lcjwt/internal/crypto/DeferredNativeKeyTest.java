package io.lcjwt.internal.crypto;

import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.JwtVerifier;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A public key's native object is made at its first use, not at import: a JWK set or a PEM file
 * costs lcjwt's own checks when it is read, and native memory only for the keys that verify.
 * Counted through {@link NativeCounters}, the same numbers {@code LibCrypto.liveNativeObjects()} gives.
 */
class DeferredNativeKeyTest {

    private static final Algorithm[] ALGS = {Algorithm.RS256, Algorithm.ES256, Algorithm.ES384, Algorithm.ES512,
        Algorithm.ES256K, Algorithm.EdDSA};

    @Test
    void importedKeysTakeNativeMemoryOnlyWhenTheyFirstVerify() {
        List<JwtPrivateKey> signers = new ArrayList<>();
        for (Algorithm alg : ALGS) {
            signers.add(JwtPrivateKey.generate(alg).withKeyId(alg.jwsName()));
        }
        StringBuilder jwks = new StringBuilder("{\"keys\":[");
        for (int i = 0; i < signers.size(); i++) {
            jwks.append(i == 0 ? "" : ",").append(signers.get(i).publicKey().toJwk());
        }
        String json = jwks.append("]}").toString();

        long before = NativeCounters.keys();
        JwkSet set = JwkSet.parse(json);
        List<JwtPublicKey> pems = new ArrayList<>();
        for (JwtPrivateKey s : signers) {
            pems.add(JwtPublicKey.fromPem(s.publicKey().toPem()));
        }
        assertEquals(before, NativeCounters.keys(), "reading keys makes no native key");
        for (JwtPublicKey p : pems) { // exporting reads what lcjwt holds in Java
            assertTrue(p.toJwk().contains("\"kty\""));
            assertTrue(p.thumbprint().length() == 43);
            assertTrue(p.toDer().length > 32);
        }
        assertEquals(before, NativeCounters.keys(), "exporting makes no native key");

        int made = 0;
        for (int i = 0; i < ALGS.length; i++) {
            String token = JwtSigner.builder(signers.get(i)).algorithm(ALGS[i]).build().sign(Map.of("sub", "s" + i, "exp", java.time.Instant.now().getEpochSecond() + 600));
            JwtVerifier v = JwtVerifier.builder(set).algorithms(ALGS).build();
            assertEquals("s" + i, v.decode(token).get("sub"));
            // aws-lc's ED25519_verify takes the raw public key: an EdDSA key there never needs its EVP_PKEY
            boolean needsOne = ALGS[i] != Algorithm.EdDSA || !io.lcjwt.bindings.Backend.get().isAwsLc();
            made += needsOne ? 1 : 0;
            assertEquals(before + made, NativeCounters.keys(), ALGS[i] + ": the first decode made its key if it needs one, and only it");
            assertEquals("s" + i, v.decode(token).get("sub"));
            assertEquals(before + made, NativeCounters.keys(), ALGS[i] + ": the second decode made none");
        }

        for (JwtPublicKey p : pems) {
            p.close(); // never used: nothing native to free
        }
        assertEquals(before + made, NativeCounters.keys());
        for (JwtKey k : set.keys()) {
            k.close();
        }
        assertEquals(before, NativeCounters.keys(), "closing the set freed the keys its decodes made");
        for (JwtPrivateKey s : signers) {
            s.close();
        }
    }

    @Test
    void keysFirstUsedOnManyThreadsAtOnceMakeOneNativeKeyEach() throws Exception {
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (JwtPrivateKey signer = JwtPrivateKey.generate(Algorithm.ES256)) {
            String token = JwtSigner.builder(signer).algorithm(Algorithm.ES256).build().sign(Map.of("sub", "x", "exp", java.time.Instant.now().getEpochSecond() + 600));
            for (int round = 0; round < 20; round++) {
                long before = NativeCounters.keys();
                try (JwtPublicKey fresh = JwtPublicKey.fromDer(signer.publicKey().toDer())) {
                    JwtVerifier v = JwtVerifier.builder(fresh).algorithms(Algorithm.ES256).build();
                    CountDownLatch go = new CountDownLatch(1);
                    List<Future<Object>> done = new ArrayList<>();
                    for (int t = 0; t < threads; t++) {
                        done.add(pool.submit(() -> {
                            go.await();
                            return v.decode(token).get("sub");
                        }));
                    }
                    go.countDown();
                    for (Future<Object> f : done) {
                        assertEquals("x", f.get());
                    }
                    assertEquals(before + 1, NativeCounters.keys(), "round " + round + ": one native key for the one key");
                }
                assertEquals(before, NativeCounters.keys(), "round " + round + ": closing freed it");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRefusalAtFirstUseGivesItsUseBackAndTheNextUseTriesAgain() {
        AtomicInteger calls = new AtomicInteger();
        MemorySegment made = EvpKey.pkeyFromRaw(io.lcjwt.bindings.Backend.get().evpPkeyEd25519(), new byte[32]);
        EvpKey key = EvpKey.deferred(() -> {
            if (calls.incrementAndGet() == 1) {
                throw new InvalidJwtKeyException("libcrypto refused the public key: test");
            }
            return made;
        });
        long before = NativeCounters.keys();
        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, key::acquire);
        assertTrue(e.getMessage().contains("refused"), e.getMessage());
        assertEquals(before, NativeCounters.keys());
        assertSame(made, key.acquire(), "the second use made the key");
        key.release();
        assertSame(made, key.acquire(), "and later uses find it");
        key.release();
        assertEquals(before + 1, NativeCounters.keys());
        assertEquals(2, calls.get());
        key.close(); // frees the key: with the refused use given back, no use is outstanding
        assertTrue(key.isClosed());
        assertEquals(before, NativeCounters.keys());
        assertThrows(IllegalStateException.class, key::acquire);
    }

    @Test
    void aKeyClosedBeforeItsFirstUseIsNeverMade() {
        AtomicInteger calls = new AtomicInteger();
        EvpKey key = EvpKey.deferred(() -> {
            calls.incrementAndGet();
            return EvpKey.pkeyFromRaw(io.lcjwt.bindings.Backend.get().evpPkeyEd25519(), new byte[32]);
        });
        key.close();
        assertThrows(IllegalStateException.class, key::acquire);
        assertEquals(0, calls.get());
    }
}
