package io.lcjwt;

import com.sun.net.httpserver.HttpServer;
import io.lcjwt.internal.jws.TokenVerifier;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.HmacVerifyKey;
import io.lcjwt.internal.crypto.KeyResolver;
import io.lcjwt.internal.crypto.VerifyKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.ref.WeakReference;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #20 finding 7: keys closed or rotated out while decodes and signers use them. A key
 * that is closing never verifies or signs with a zeroed or freed state, under any interleaving;
 * a key a decode still holds is never freed under it; a rotation never reaches a decode as a
 * foreign exception. Closing a key still in use is a programming error and may surface as the
 * documented {@link IllegalStateException}; nothing else may.
 */
class KeysClosedOrRotatedInUseTest {

    enum Kind { HS256, ES256, EdDSA, RS256 }

    static final byte[] CONTENT = "rotated".getBytes(StandardCharsets.UTF_8);

    /** Tallies of a stress run; every count but {@code ok} and {@code closedRefusals} must stay 0. */
    /** Releases the workers, closes {@code key} after a random spin while they use it, and waits for them. */
    static void closeMidUse(CyclicBarrier start, int maxSpin, AutoCloseable key, List<Future<?>> fs) throws Exception {
        start.await();
        for (int spin = ThreadLocalRandom.current().nextInt(maxSpin); spin > 0; spin--) {
            Thread.onSpinWait();
        }
        key.close();
        for (Future<?> f : fs) {
            f.get();
        }
    }

    static final class Verdicts {
        /** The forged token must be refused and the genuine one verified, or a wrong verdict is counted. */
        void checkBoth(JwtVerifier v, String forged, String genuine, String forgedAccepted) {
            try {
                v.verifyContent(forged);
                wrong(forgedAccepted);
            } catch (BadSignatureException expected) {
                ok.incrementAndGet();
            }
            try {
                assertArrayEquals(CONTENT, v.verifyContent(genuine));
                ok.incrementAndGet();
            } catch (BadSignatureException e) {
                wrong("a genuine token was refused: " + e.getMessage());
            }
        }

        final AtomicInteger ok = new AtomicInteger();
        final AtomicInteger closedRefusals = new AtomicInteger();
        final AtomicInteger wrong = new AtomicInteger();
        final AtomicInteger foreign = new AtomicInteger();
        final Map<String, Throwable> examples = new ConcurrentHashMap<>();

        void wrong(String what) {
            wrong.incrementAndGet();
            examples.putIfAbsent("wrong: " + what, new AssertionError(what));
        }

        void foreign(Throwable t) {
            foreign.incrementAndGet();
            examples.putIfAbsent("foreign: " + t.getClass().getName(), t);
        }

        /** A closed key refused with the documented exception, or anything else. */
        void refused(RuntimeException e) {
            if (e instanceof IllegalStateException && e.getMessage() != null && e.getMessage().contains("closed")) {
                closedRefusals.incrementAndGet();
            } else {
                foreign(e);
            }
        }

        void assertClean() {
            AssertionError summary = new AssertionError(wrong + " wrong verdicts, " + foreign + " foreign exceptions ("
                    + ok + " correct, " + closedRefusals + " refused as closed)");
            examples.values().forEach(summary::addSuppressed);
            if (wrong.get() != 0 || foreign.get() != 0) {
                throw summary;
            }
        }
    }

    static JwtKey[] keyPair(Kind kind) {
        return switch (kind) {
            case HS256 -> {
                JwtSecretKey k = JwtSecretKey.of(TestTokens.bytes(32, 7));
                yield new JwtKey[] {k, JwtSecretKey.of(TestTokens.bytes(32, 7))};
            }
            case RS256 -> {
                JwtPrivateKey k = JwtPrivateKey.generateRsa(2048);
                yield new JwtKey[] {k, k.publicKey()};
            }
            default -> {
                JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.valueOf(kind.name()));
                yield new JwtKey[] {k, k.publicKey()};
            }
        };
    }

    static boolean nativeStateClosed(VerifyKey k) {
        return k instanceof HmacVerifyKey h ? h.hmac().isClosed() : ((AsymmetricKey) k).evp().isClosed();
    }

    /**
     * The rotation hazard made deterministic: the resolver hands the decode a key whose public
     * object (like a key of a JWKS document just replaced) is collected, and gives its Cleaner
     * every chance to run, before the signature is checked. The decode must still verify.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void aKeyWhosePublicObjectIsCollectedMidDecodeStillVerifies(Kind kind) throws Exception {
        JwtKey[] pair = keyPair(kind);
        Algorithm alg = Algorithm.valueOf(kind.name());
        String jws = JwtSigner.builder(pair[0]).algorithm(alg).build().signContent(CONTENT);
        AtomicReference<JwtKey> published = new AtomicReference<>(pair[1]);
        AtomicBoolean collected = new AtomicBoolean();
        KeyResolver rotating = header -> {
            VerifyKey impl = Keys.impl(published.get());
            WeakReference<JwtKey> old = new WeakReference<>(published.getAndSet(null));
            for (int i = 0; i < 50 && old.get() != null; i++) {
                System.gc();
            }
            collected.set(old.get() == null);
            for (int i = 0; i < 100 && !nativeStateClosed(impl); i++) {
                try {
                    Thread.sleep(5); // the Cleaner thread's turn, were the native state still its to free
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
            return impl;
        };
        pair[1] = null;
        TokenVerifier v = new TokenVerifier(rotating, EnumSet.of(alg), null, 64 * 1024, null, null);
        assertArrayEquals(CONTENT, (byte[]) v.decode(jws, byte[].class, TokenVerifier.Output.CONTENT));
        assertTrue(collected.get(), "the public key object was collected while the decode held its key");
        ((AutoCloseable) pair[0]).close();
    }

    /** A token MACed with an all-zero key: what a context keyed from a zeroed secret accepts. */
    static String zeroKeyForgery() throws Exception {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String input = b64.encodeToString("{\"alg\":\"HS256\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(CONTENT);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(new byte[32], "HmacSHA256"));
        return input + "." + b64.encodeToString(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));
    }

    /**
     * HMAC keys closed while three threads verify genuine and zero-key-forged tokens, sign, and
     * derive keys with {@code withKeyId}: a forgery is never accepted, a genuine token never
     * refused as a bad signature, a signed token always verifies under an independent copy of
     * the key, a derived key never holds a zeroed secret.
     */
    @Test
    void hmacKeysClosedWhileInUseNeverVerifyOrSignWithAZeroedSecret() throws Exception {
        String forged = zeroKeyForgery();
        byte[] secret = TestTokens.bytes(32, 11);
        JwtVerifier independent = JwtVerifier.builder(JwtSecretKey.of(secret)).algorithms(Algorithm.HS256).build();
        String genuine = JwtSigner.builder(JwtSecretKey.of(secret)).algorithm(Algorithm.HS256).build()
                .signContent(CONTENT);
        Verdicts verdicts = new Verdicts();
        int workers = 3;
        CyclicBarrier start = new CyclicBarrier(workers + 1);
        try (ExecutorService pool = Executors.newFixedThreadPool(workers)) {
            for (int round = 0; round < 1500; round++) {
                JwtSecretKey key = JwtSecretKey.of(secret);
                JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256).build();
                JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
                List<Future<?>> fs = new ArrayList<>();
                for (int w = 0; w < workers; w++) {
                    int role = (round + w) % 3;
                    fs.add(pool.submit(() -> {
                        start.await();
                        for (int i = 0; i < 20; i++) {
                            try {
                                switch (role) {
                                    case 0 -> {
                                        verdicts.checkBoth(v, forged, genuine, "a zero-key forgery was accepted");
                                    }
                                    case 1 -> {
                                        String t = signer.signContent(CONTENT);
                                        try {
                                            independent.verifyContent(t);
                                            verdicts.ok.incrementAndGet();
                                        } catch (BadSignatureException e) {
                                            verdicts.wrong("a closing key signed with the wrong secret");
                                        }
                                    }
                                    default -> {
                                        try (JwtSecretKey derived = key.withKeyId("d")) {
                                            JwtVerifier dv = JwtVerifier.builder(derived).algorithms(Algorithm.HS256).build();
                                            try {
                                                dv.verifyContent(forged);
                                                verdicts.wrong("a key derived while closing holds a zeroed secret");
                                            } catch (BadSignatureException expected) {
                                                verdicts.ok.incrementAndGet();
                                            }
                                        }
                                    }
                                }
                            } catch (RuntimeException e) {
                                verdicts.refused(e);
                            }
                        }
                        return null;
                    }));
                }
                closeMidUse(start, 2_000, key, fs);
            }
        }
        verdicts.assertClean();
        assertTrue(verdicts.ok.get() > 0 && verdicts.closedRefusals.get() > 0, "both outcomes were exercised: "
                + verdicts.ok + " correct, " + verdicts.closedRefusals + " refused as closed");
    }

    /** EC, Ed25519 and RSA public keys closed while threads verify: the same rules. */
    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"ES256", "EdDSA", "RS256"})
    void asymmetricKeysClosedWhileInUseNeverGiveAWrongVerdict(Kind kind) throws Exception {
        Algorithm alg = Algorithm.valueOf(kind.name());
        JwtKey[] pair = keyPair(kind);
        JwtKey[] other = keyPair(kind);
        String genuine = JwtSigner.builder(pair[0]).algorithm(alg).build().signContent(CONTENT);
        String forged = JwtSigner.builder(other[0]).algorithm(alg).build().signContent(CONTENT);
        JwtPublicKey pub = (JwtPublicKey) pair[1];
        Verdicts verdicts = new Verdicts();
        int workers = 3;
        CyclicBarrier start = new CyclicBarrier(workers + 1);
        try (ExecutorService pool = Executors.newFixedThreadPool(workers)) {
            for (int round = 0; round < (kind == Kind.RS256 ? 150 : 300); round++) {
                // A key of its own each round: withKeyId copies share the native key, and closing
                // one would close pub too.
                JwtPublicKey key = JwtPublicKey.fromDer(pub.toDer()).withKeyId("r" + round);
                JwtVerifier v = JwtVerifier.builder(key).algorithms(alg).build();
                List<Future<?>> fs = new ArrayList<>();
                for (int w = 0; w < workers; w++) {
                    fs.add(pool.submit(() -> {
                        start.await();
                        for (int i = 0; i < 6; i++) {
                            try {
                                verdicts.checkBoth(v, forged, genuine, "another key's token was accepted");
                            } catch (RuntimeException e) {
                                verdicts.refused(e);
                            }
                        }
                        return null;
                    }));
                }
                closeMidUse(start, 20_000, key, fs);
            }
        }
        pub.close();
        ((AutoCloseable) pair[0]).close();
        for (JwtKey k : other) {
            ((AutoCloseable) k).close();
        }
        verdicts.assertClean();
    }

    /**
     * A JWKS rotating under four decoding threads, the collector forced right after each
     * rotation: every token is either verified with its own key's claims or refused as an
     * unknown key (its key not in the document being served at that moment); no decode ever
     * sees a closed key or another exception. Large payloads widen the window between the key
     * lookup and the signature check.
     */
    @Test
    void aJwksRotatingUnderLoadNeverReachesADecodeAsAForeignException() throws Exception {
        int keyCount = 6;
        List<JwtPrivateKey> keys = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        String padding = "p".repeat(30_000);
        for (int i = 0; i < keyCount; i++) {
            JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k" + i);
            keys.add(k);
            tokens.add(JwtSigner.builder(k).algorithm(Algorithm.ES256).build()
                    .sign(Map.of("sub", "k" + i, "pad", padding, "exp", 4_102_444_800L)));
        }
        AtomicReference<String> doc = new AtomicReference<>(JwkSet.of(keys.get(0), keys.get(1)).toJson());
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/", ex -> {
            try (ex) {
                byte[] b = doc.get().getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().add("Cache-Control", "max-age=600");
                ex.sendResponseHeaders(200, b.length);
                ex.getResponseBody().write(b);
            }
        });
        server.start();
        Verdicts verdicts = new Verdicts();
        AtomicInteger unknown = new AtomicInteger();
        AtomicBoolean rotating = new AtomicBoolean(true);
        URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/jwks.json");
        try (JwksClient client = JwksClient.builder(uri).cooldown(java.time.Duration.ofMillis(1)).build();
             ExecutorService pool = Executors.newFixedThreadPool(4)) {
            JwtVerifier v = JwtVerifier.builder(client).algorithms(Algorithm.ES256).build();
            v.decode(tokens.get(0));
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < 20_000 && rotating.get(); i++) {
                        int k = (thread + i) % keyCount;
                        try {
                            Object sub = v.decode(tokens.get(k)).get("sub");
                            if (("k" + k).equals(sub)) {
                                verdicts.ok.incrementAndGet();
                            } else {
                                verdicts.wrong("token of k" + k + " gave sub " + sub);
                            }
                        } catch (UnknownKeyException expectedDuringRotation) {
                            unknown.incrementAndGet();
                        } catch (JwtException e) {
                            verdicts.wrong("token of k" + k + ": " + e);
                        } catch (RuntimeException | Error e) {
                            verdicts.foreign(e);
                        }
                    }
                    return null;
                }));
            }
            for (int r = 1; r <= 40; r++) {
                doc.set(JwkSet.of(keys.get(r % keyCount), keys.get((r + 1) % keyCount)).toJson());
                client.refresh();
                System.gc(); // the replaced document's public keys are now garbage: let the Cleaners at them
            }
            rotating.set(false);
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            server.stop(0);
            ((ExecutorService) server.getExecutor()).shutdownNow();
            keys.forEach(JwtPrivateKey::close);
        }
        verdicts.assertClean();
        assertEquals(0, verdicts.closedRefusals.get(), "a rotation closed a key under a decode");
        assertTrue(verdicts.ok.get() > 0, "decodes succeeded: " + verdicts.ok + ", unknown kid: " + unknown);
    }
}
