package io.lcjwt;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JWKS URL client against a real HTTP server on loopback (SECURITY.md row 23). */
class JwksClientTest {

    interface Behaviour {
        void handle(HttpExchange ex) throws IOException;
    }

    /** A clock the test moves by hand, with a hook into the key lookup's reading of it. */
    static final class TestClock extends io.lcjwt.testkit.ManualClock {
        /** Run once, by the next reading of the time that JwksClient's key lookup makes. */
        final AtomicReference<Runnable> inKeyLookup = new AtomicReference<>();

        TestClock() {
            super(TestTokens.NOW * 1000);
        }

        @Override
        public long millis() {
            if (inKeyLookup.get() != null && StackWalker.getInstance().walk(frames -> frames.anyMatch(f ->
                    f.getClassName().equals(io.lcjwt.internal.jwks.KeyCache.class.getName())
                            && f.getMethodName().equals("snapshot")))) {
                Runnable hook = inKeyLookup.getAndSet(null);
                if (hook != null) {
                    hook.run();
                }
            }
            return millis.get();
        }
    }

    HttpServer server;
    final AtomicReference<Behaviour> behaviour = new AtomicReference<>();
    final AtomicInteger hits = new AtomicInteger();
    final TestClock clock = new TestClock();
    JwtPrivateKey k1;
    JwtPrivateKey k2;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", ex -> {
            hits.incrementAndGet();
            try {
                behaviour.get().handle(ex);
            } finally {
                ex.close();
            }
        });
        server.start();
        k1 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k1");
        k2 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k2");
    }

    @AfterEach
    void stop() {
        server.stop(0);
        k1.close();
        k2.close();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/jwks.json");
    }

    static Behaviour serve(String body, String cacheControl) {
        return ex -> {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            if (cacheControl != null) {
                ex.getResponseHeaders().add("Cache-Control", cacheControl);
            }
            ex.sendResponseHeaders(200, b.length);
            ex.getResponseBody().write(b);
        };
    }

    static String jwks(JwtPrivateKey... keys) {
        return JwkSet.of(keys).toJson();
    }

    String token(JwtPrivateKey k) {
        return token(k, 86_400 * 3);
    }

    String token(JwtPrivateKey k, long lifetimeSeconds) {
        return JwtSigner.builder(k).algorithm(Algorithm.ES256).build()
                .sign(Map.of("sub", k.keyId(), "aud", "api", "exp", TestTokens.NOW + lifetimeSeconds));
    }

    static final long MINUTE = 60_000;
    static final long HOUR = 60 * MINUTE;
    static final long DAY = 24 * HOUR;

    static Behaviour hang(long millis) {
        return ex -> {
            ex.sendResponseHeaders(200, 0);
            try {
                Thread.sleep(millis); // headers, then silence past the deadline
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    String decodeOrExplain(JwtVerifier v, String t, JwksClient c, String when) {
        try {
            return (String) v.decode(t).get("sub");
        } catch (JwtException e) {
            throw new AssertionError(when + ": " + c.metrics() + " hits=" + hits.get(), e);
        }
    }

    /**
     * Staleness counted from the last fetch once refused every token from the moment one-day
     * keys expired (default maxStale), or from the 61st minute (maxStale 1 h), with the issuer
     * up. Against a healthy server, across three days in 10-minute steps, every decode succeeds,
     * and each fetch starts inside the window its predecessor's jitter allows: the first fetch
     * was on demand, so the next comes 50-90 % into the day; each refresh-ahead's successor
     * 80-90 % in. The steps are 10 minutes, so a start may be one step late; a step waits for
     * a refresh under way, as hours of the test's clock would otherwise pass during one. No
     * window is skipped: the walk ends before the last fetch's keys would have refreshed.
     */
    @ParameterizedTest(name = "maxStale {0} h")
    @ValueSource(ints = {24, 1})
    void aHealthyIssuerWithOneDayMaxAgeIsNeverRefusedAcrossExpiry(int maxStaleHours) throws Exception {
        behaviour.set(serve(jwks(k1), "max-age=86400"));
        List<Instant> attempts = new CopyOnWriteArrayList<>();
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).maxStale(Duration.ofHours(maxStaleHours))
                .listener(m -> attempts.add(m.lastAttempt())).build()) {
            JwtVerifier v = verifier(c);
            String t = token(k1, 30 * 86_400);
            long start = clock.millis();
            assertEquals("k1", v.decode(t).get("sub"));
            for (int step = 1; step <= 3 * 24 * 6; step++) {
                clock.millis.addAndGet(10 * MINUTE);
                assertEquals("k1", decodeOrExplain(v, t, c, "after " + step * 10 + " minutes"));
                // A refresh takes milliseconds, not hours: the clock waits for one under way.
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (attempts.size() < c.metrics().fetches() && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
            }
            long fetches = c.metrics().fetches();
            assertEquals(fetches, attempts.size(), "every fetch ended: " + attempts);
            assertEquals(fetches, hits.get(), "every fetch reached the server");
            assertEquals(0, c.metrics().failures());
            assertEquals(start, attempts.get(0).toEpochMilli(), "the first decode fetched");
            for (int i = 1; i < attempts.size(); i++) {
                long gap = attempts.get(i).toEpochMilli() - attempts.get(i - 1).toEpochMilli();
                long earliest = i == 1 ? DAY / 2 : DAY * 8 / 10;
                assertTrue(gap >= earliest && gap <= DAY * 9 / 10 + 10 * MINUTE,
                        "fetch " + i + " came " + Duration.ofMillis(gap) + " after the one before: " + attempts);
            }
            long sinceLast = clock.millis() - attempts.get(attempts.size() - 1).toEpochMilli();
            assertTrue(sinceLast < DAY * 9 / 10,
                    "the walk ended " + Duration.ofMillis(sinceLast) + " after the last fetch, so one was skipped: " + attempts);
            assertTrue(fetches == 4 || fetches == 5, "about one fetch a day over three days: " + attempts);
        }
    }

    /**
     * A background refresh that finishes while a decode is looking at the keys it replaces must
     * not make that decode start another fetch. The clock is the hook: a decode reads the keys,
     * then the time, and this test finishes the refresh inside that reading of the time. Before
     * the fix the decode saw no fetch under way and no attempt newer than the one it knew of, and
     * fetched again (a third fetch for one expiry); JwksClientTest's three-day walk met this now
     * and then on a loaded machine.
     */
    @Test
    void aRefreshThatFinishesWhileADecodeLooksIsNotRepeated() throws Exception {
        Behaviour ok = serve(jwks(k1), "max-age=86400");
        behaviour.set(ok);
        CountDownLatch release = new CountDownLatch(1);
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).build()) {
            JwtVerifier v = verifier(c);
            String t = token(k1, 30 * 86_400);
            assertEquals("k1", v.decode(t).get("sub"));
            behaviour.set(ex -> {
                try {
                    assertTrue(release.await(30, TimeUnit.SECONDS), "the test releases the refresh");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ok.handle(ex);
            });
            clock.millis.addAndGet(22 * HOUR); // past 90 % of the keys' day: a background refresh starts
            assertEquals("k1", v.decode(t).get("sub"));
            assertEquals(2, c.metrics().fetches());
            clock.millis.addAndGet(10 * MINUTE); // past the cooldown, before the keys expire
            Instant before = c.metrics().lastSuccess();
            clock.inKeyLookup.set(() -> {
                release.countDown();
                // Waits until the refresh under way has published its keys. (Joining it with
                // refresh() could start a third fetch, should it finish before the call.)
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (before.equals(c.metrics().lastSuccess()) && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
            });
            assertEquals("k1", v.decode(t).get("sub"));
            assertEquals(null, clock.inKeyLookup.get(), "the decode looked up its keys");
            assertEquals(2, c.metrics().fetches(), "the finished refresh was not repeated");
            assertEquals(2, hits.get());
        }
    }

    /** With maxStale 1 h and one-day keys, minute 61 needs no fetch: the keys have not expired. */
    @Test
    void keysThatHaveNotExpiredAreNeverStale() {
        behaviour.set(serve(jwks(k1), "max-age=86400"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).maxStale(Duration.ofHours(1)).build()) {
            JwtVerifier v = verifier(c);
            String t = token(k1);
            v.decode(t);
            clock.millis.addAndGet(61 * MINUTE);
            assertEquals("k1", decodeOrExplain(v, t, c, "minute 61"));
            assertEquals(1, hits.get(), "nothing to fetch before 90% of the lifetime");
        }
    }

    /**
     * Issue #19: a low-traffic service's first request after a quiet day (keys past expiry and
     * past maxStale) waits for the fetch it triggers instead of being refused.
     */
    @ParameterizedTest(name = "idle for {0} h")
    @ValueSource(ints = {25, 24 * 7})
    void anIdleServiceWaitsForFreshKeysInsteadOfBeingRefused(int idleHours) {
        behaviour.set(serve(jwks(k1), "max-age=900"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).build()) {
            JwtVerifier v = verifier(c);
            String t = token(k1, 30 * 86_400);
            v.decode(t);
            clock.millis.addAndGet(idleHours * HOUR);
            assertEquals("k1", decodeOrExplain(v, t, c, "after " + idleHours + " idle hours"));
            assertEquals(2, hits.get());
            assertEquals("k1", v.decode(t).get("sub"));
            assertEquals(2, hits.get(), "the fresh keys serve from the cache");
        }
    }

    /**
     * An outage: the last good keys serve for maxStale past their expiry; then the decode is
     * refused with the real cause, at most one fetch per cooldown is tried, and once the issuer
     * is back the next decode past the backoff gets fresh keys.
     */
    @Test
    void throughAnOutageKeysServeForMaxStalePastExpiryThenTheRealCauseIsNamed() throws Exception {
        behaviour.set(serve(jwks(k1), "max-age=600"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).maxStale(Duration.ofHours(1)).build()) {
            JwtVerifier v = verifier(c);
            String t = token(k1);
            v.decode(t);
            behaviour.set(ex -> ex.sendResponseHeaders(500, -1));
            clock.millis.addAndGet(10 * MINUTE + 59 * MINUTE); // expired 59 minutes ago
            assertEquals("k1", decodeOrExplain(v, t, c, "59 minutes past expiry"));
            awaitFailures(c, 1);
            clock.millis.addAndGet(2 * MINUTE); // 61 minutes past expiry
            int before = hits.get();
            JwksUnavailableException e = assertThrows(JwksUnavailableException.class, () -> v.decode(t));
            assertTrue(e.getMessage().contains("maxStale (PT1H)") && e.getMessage().contains("HTTP 500")
                    && !e.getMessage().contains("null"), e.getMessage());
            assertEquals(before + 1, hits.get(), "the decode tried one fetch and waited for it");
            JwksUnavailableException again = assertThrows(JwksUnavailableException.class, () -> v.decode(t));
            assertTrue(again.getMessage().contains("HTTP 500"), again.getMessage());
            assertEquals(before + 1, hits.get(), "within the cooldown, refused at once with no new fetch");

            behaviour.set(serve(jwks(k1), "max-age=600"));
            // After two failures in a row the next attempt waits between one cooldown and
            // cooldown * 2^2 = 2 minutes (backoff with jitter).
            clock.millis.addAndGet(2 * MINUTE);
            assertEquals("k1", decodeOrExplain(v, t, c, "issuer back"));
        }
    }

    void awaitFailures(JwksClient c, int n) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (c.metrics().failures() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(c.metrics().failures() >= n, c.metrics().toString());
    }

    /** Issue #19: a fetch past its deadline said "...: null"; every message names the cause. */
    @Test
    void everyFailureMessageNamesItsCause() throws Exception {
        behaviour.set(hang(3_000));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).timeout(Duration.ofSeconds(1)).build()) {
            JwksUnavailableException e = assertThrows(JwksUnavailableException.class, () -> verifier(c).decode(token(k1)));
            assertTrue(e.getMessage().contains("timed out after 1 s") && !e.getMessage().contains("null"),
                    e.getMessage());
            assertTrue(c.metrics().lastError().contains("timed out after 1 s"), c.metrics().toString());
        }
        behaviour.set(serve(jwks(k1), "max-age=60"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).timeout(Duration.ofMillis(1500))
                .maxStale(Duration.ofMinutes(5)).build()) {
            JwtVerifier v = verifier(c);
            String t = token(k1);
            v.decode(t);
            behaviour.set(hang(3_000));
            clock.millis.addAndGet(60_000 + 6 * MINUTE);
            JwksUnavailableException e = assertThrows(JwksUnavailableException.class, () -> v.decode(t));
            assertTrue(e.getMessage().contains("maxStale (PT5M)") && e.getMessage().contains("timed out after 1.5 s")
                    && !e.getMessage().contains("null"), e.getMessage());

            server.stop(0); // nothing listens: connection refused, which the JDK reports without a message
            clock.millis.addAndGet(MINUTE);
            JwksUnavailableException refused = assertThrows(JwksUnavailableException.class, () -> v.decode(t));
            assertTrue(!refused.getMessage().contains("null") && refused.getMessage().contains("Connect"),
                    refused.getMessage());
            JwksUnavailableException forced = assertThrows(JwksUnavailableException.class, c::refresh);
            assertTrue(!forced.getMessage().contains("null") && forced.getMessage().contains("Connect"),
                    forced.getMessage());
        }
    }

    /** Issue #19: settings that cannot work are refused, naming the parameter. */
    @Test
    void theBuilderRefusesSettingsThatCannotWork() {
        Map<String, java.util.function.Consumer<JwksClient.Builder>> bad = new java.util.LinkedHashMap<>();
        bad.put("cooldown", b -> b.cooldown(Duration.ZERO));
        bad.put("cooldown ", b -> b.cooldown(Duration.ofSeconds(-1)));
        bad.put("maxStale", b -> b.maxStale(Duration.ZERO));
        bad.put("timeout", b -> b.timeout(Duration.ofMillis(-5)));
        bad.put("connectTimeout", b -> b.connectTimeout(Duration.ZERO));
        bad.put("defaultLifetime", b -> b.defaultLifetime(Duration.ZERO));
        bad.put("min", b -> b.lifetime(Duration.ZERO, Duration.ofHours(1)));
        bad.put("lifetime", b -> b.lifetime(Duration.ofHours(2), Duration.ofHours(1)));
        bad.put("maxStale (PT10S) must be at least cooldown (PT30S)", b -> b.maxStale(Duration.ofSeconds(10)).build());
        bad.put("defaultLifetime (PT48H)", b -> b.defaultLifetime(Duration.ofDays(2)).build());
        bad.put("maxResponseBytes", b -> b.maxResponseBytes(10));
        for (var row : bad.entrySet()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> row.getValue().accept(JwksClient.builder(uri())), row.getKey());
            assertTrue(e.getMessage().startsWith(row.getKey().strip()), row.getKey() + ": " + e.getMessage());
        }
        Map<String, java.util.function.Consumer<JwksClient.Builder>> nulls = new java.util.LinkedHashMap<>();
        nulls.put("connectTimeout", b -> b.connectTimeout(null));
        nulls.put("timeout", b -> b.timeout(null));
        nulls.put("min", b -> b.lifetime(null, Duration.ofHours(1)));
        nulls.put("max", b -> b.lifetime(Duration.ofHours(1), null));
        nulls.put("defaultLifetime", b -> b.defaultLifetime(null));
        nulls.put("cooldown", b -> b.cooldown(null));
        nulls.put("maxStale", b -> b.maxStale(null));
        nulls.put("userAgent", b -> b.userAgent(null));
        nulls.put("sslContext", b -> b.sslContext(null));
        nulls.put("clock", b -> b.clock(null));
        for (var row : nulls.entrySet()) {
            NullPointerException e = assertThrows(NullPointerException.class,
                    () -> row.getValue().accept(JwksClient.builder(uri())), row.getKey());
            assertEquals(row.getKey(), e.getMessage());
        }
        assertEquals("uri", assertThrows(NullPointerException.class, () -> JwksClient.builder(null)).getMessage());
        // the smallest sane settings are accepted
        JwksClient.builder(uri()).cooldown(Duration.ofMillis(1)).maxStale(Duration.ofMillis(1))
                .lifetime(Duration.ofSeconds(1), Duration.ofSeconds(1)).defaultLifetime(Duration.ofSeconds(1))
                .build().close();
    }

    JwtVerifier verifier(JwksClient c) {
        return JwtVerifier.builder(c).algorithms(Algorithm.ES256).audience("api").clock(clock).build();
    }

    @Test
    void firstUseFetchesThenServesFromCache() {
        behaviour.set(serve(jwks(k1), "max-age=600"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).build()) {
            JwtVerifier v = verifier(c);
            for (int i = 0; i < 50; i++) {
                assertEquals("k1", v.decode(token(k1)).get("sub"));
            }
            assertEquals(1, hits.get());
            assertEquals(1, c.metrics().keyCount());
            assertEquals(0, c.metrics().failures());
        }
    }

    @Test
    void rotationNewKidTriggersOneRefetchAndRemovedKidStopsVerifying() {
        behaviour.set(serve(jwks(k1), "max-age=600"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).cooldown(Duration.ofSeconds(30)).build()) {
            JwtVerifier v = verifier(c);
            String t1 = token(k1);
            assertEquals("k1", v.decode(t1).get("sub"));
            behaviour.set(serve(jwks(k2), "max-age=600"));
            clock.millis.addAndGet(31_000);
            String t2 = token(k2);
            try {
                v.decode(t2);
            } catch (JwtException e) {
                throw new AssertionError(c.metrics() + " hits=" + hits.get(), e);
            }
            assertEquals("k2", v.decode(t2).get("sub"));
            assertEquals(2, hits.get());
            // k1 left the set: its cached header must not keep it alive
            assertInstanceOf(UnknownKeyException.class, assertThrows(JwtException.class, () -> v.decode(t1)));
        }
    }

    @Test
    void aFloodOfUnknownKidsCostsOneFetchPerCooldown() throws Exception {
        behaviour.set(serve(jwks(k1), "max-age=600"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).build();
             ExecutorService pool = Executors.newFixedThreadPool(16)) {
            JwtVerifier v = verifier(c);
            v.decode(token(k1));
            clock.millis.addAndGet(31_000);
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                String forged = JwtSigner.builder(k2).algorithm(Algorithm.ES256).keyId("made-up-" + i).build()
                        .sign(Map.of("exp", TestTokens.NOW + 60));
                fs.add(pool.submit(() -> assertThrows(UnknownKeyException.class, () -> v.decode(forged))));
            }
            for (Future<?> f : fs) {
                f.get();
            }
            assertTrue(hits.get() <= 2, "1000 unknown kids caused " + hits.get() + " fetches");
        }
    }

    @Test
    void lastGoodKeysServeThroughAnOutageUntilMaxStale() {
        behaviour.set(serve(jwks(k1), "max-age=60"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).maxStale(Duration.ofHours(1)).build()) {
            JwtVerifier v = verifier(c);
            String t = token(k1);
            v.decode(t);
            behaviour.set(ex -> ex.sendResponseHeaders(500, -1));
            clock.millis.addAndGet(10 * 60_000);
            assertEquals("k1", v.decode(t).get("sub"), "stale keys keep serving");
            clock.millis.addAndGet(2 * 3_600_000);
            assertThrows(JwksUnavailableException.class, () -> v.decode(t));
            assertTrue(c.metrics().fetches() >= 2, "refreshes were attempted in the background");
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (c.metrics().failures() == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertTrue(c.metrics().failures() >= 1, "and their failures are counted: " + c.metrics());
        }
    }

    @Test
    void badResponsesAtFirstUseFailCleanlyAndQuickly() {
        List<Behaviour> bad = List.of(
                ex -> ex.sendResponseHeaders(500, -1),
                serve("{not json", null),
                serve("{\"keys\":[]}", null),
                ex -> {
                    ex.getResponseHeaders().add("Location", "http://198.51.100.7/jwks.json");
                    ex.sendResponseHeaders(302, -1);
                },
                ex -> {
                    ex.sendResponseHeaders(200, 0);
                    OutputStream out = ex.getResponseBody();
                    byte[] chunk = new byte[64 * 1024];
                    for (int i = 0; i < 160; i++) {
                        out.write(chunk); // 10 MB
                    }
                },
                ex -> {
                    ex.sendResponseHeaders(200, 0);
                    OutputStream out = ex.getResponseBody();
                    try {
                        for (int i = 0; i < 40; i++) {
                            out.write(' ');
                            out.flush();
                            Thread.sleep(100); // a slow drip past the 1 s deadline
                        }
                    } catch (InterruptedException | IOException e) {
                        Thread.currentThread().interrupt();
                    }
                });
        for (Behaviour b : bad) {
            behaviour.set(b);
            try (JwksClient c = JwksClient.builder(uri()).clock(clock).timeout(Duration.ofSeconds(1)).build()) {
                JwtVerifier v = verifier(c);
                long t0 = System.nanoTime();
                assertThrows(JwksUnavailableException.class, () -> v.decode(token(k1)));
                assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "failed within the deadline");
            }
        }
    }

    @Test
    void sixtyFourThreadsDecodeWhileKeysRotate() throws Exception {
        behaviour.set(serve(jwks(k1), "max-age=600"));
        String t1 = token(k1);
        String t2 = token(k2);
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).cooldown(Duration.ofMillis(1)).build();
             ExecutorService pool = Executors.newFixedThreadPool(64)) {
            JwtVerifier v = verifier(c);
            v.decode(t1);
            AtomicInteger wrong = new AtomicInteger();
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < 64; t++) {
                int thread = t;
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        String tok = (thread + i) % 2 == 0 ? t1 : t2;
                        try {
                            Object sub = v.decode(tok).get("sub");
                            if (!(tok == t1 ? "k1" : "k2").equals(sub)) {
                                wrong.incrementAndGet();
                            }
                        } catch (UnknownKeyException expectedDuringRotation) {
                            // the token's key is not in the set being served at that moment
                        }
                    }
                    return null;
                }));
            }
            for (int r = 0; r < 6; r++) {
                behaviour.set(serve(r % 2 == 0 ? jwks(k2) : jwks(k1, k2), "max-age=600"));
                c.refresh();
                Thread.sleep(20);
            }
            for (Future<?> f : fs) {
                f.get();
            }
            assertEquals(0, wrong.get(), "no decode returned another token's claims");
            assertEquals("k2", v.decode(t2).get("sub"));
        }
    }

    @Test
    void httpsWithAPrivateCa(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path store = dir.resolve("jwks.p12");
        Process keytool = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "jwks", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
                "-ext", "san=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", "changeit").redirectErrorStream(true).start();
        String out = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, keytool.waitFor(), out);
        java.security.KeyStore ks = java.security.KeyStore.getInstance("PKCS12");
        try (var in = java.nio.file.Files.newInputStream(store)) {
            ks.load(in, "changeit".toCharArray());
        }
        javax.net.ssl.KeyManagerFactory kmf = javax.net.ssl.KeyManagerFactory.getInstance("PKIX");
        kmf.init(ks, "changeit".toCharArray());
        javax.net.ssl.TrustManagerFactory tmf = javax.net.ssl.TrustManagerFactory.getInstance("PKIX");
        tmf.init(ks);
        javax.net.ssl.SSLContext serverCtx = javax.net.ssl.SSLContext.getInstance("TLS");
        serverCtx.init(kmf.getKeyManagers(), null, null);
        javax.net.ssl.SSLContext clientCtx = javax.net.ssl.SSLContext.getInstance("TLS");
        clientCtx.init(null, tmf.getTrustManagers(), null);

        com.sun.net.httpserver.HttpsServer https = com.sun.net.httpserver.HttpsServer.create(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        https.setHttpsConfigurator(new com.sun.net.httpserver.HttpsConfigurator(serverCtx));
        String body = jwks(k1);
        https.createContext("/", ex -> {
            try (ex) {
                serve(body, "max-age=600").handle(ex);
            }
        });
        https.start();
        try (JwksClient c = JwksClient.builder(URI.create("https://127.0.0.1:" + https.getAddress().getPort() + "/jwks"))
                .sslContext(clientCtx).clock(clock).build();
             JwksClient untrusting = JwksClient.builder(URI.create("https://127.0.0.1:" + https.getAddress().getPort() + "/jwks"))
                .clock(clock).timeout(Duration.ofSeconds(2)).build()) {
            assertEquals("k1", verifier(c).decode(token(k1)).get("sub"));
            // without the private CA the certificate is not trusted: no keys, a clear refusal
            assertThrows(JwksUnavailableException.class, () -> verifier(untrusting).decode(token(k1)));
        } finally {
            https.stop(0);
        }
    }

    /** Every way a refresh can fail, after a good first fetch: the old keys stay, nothing hangs. */
    @Test
    void everyRefreshFailureKeepsTheLastGoodKeys() throws Exception {
        List<Behaviour> bad = List.of(
                ex -> ex.sendResponseHeaders(500, -1),
                serve("{not json", null),
                serve(jwks(k1).replace("\"keys\"", "\"nope\""), null),
                ex -> {
                    ex.getResponseHeaders().add("Location", "http://198.51.100.7/jwks.json");
                    ex.sendResponseHeaders(301, -1);
                },
                ex -> {
                    ex.sendResponseHeaders(200, 0);
                    OutputStream out = ex.getResponseBody();
                    byte[] chunk = new byte[64 * 1024];
                    for (int i = 0; i < 160; i++) {
                        out.write(chunk);
                    }
                },
                ex -> {
                    ex.sendResponseHeaders(200, 0);
                    try {
                        Thread.sleep(3_000); // headers, then silence past the deadline
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
        for (Behaviour b : bad) {
            behaviour.set(serve(jwks(k1), "max-age=60"));
            try (JwksClient c = JwksClient.builder(uri()).clock(clock).timeout(Duration.ofSeconds(1))
                    .cooldown(Duration.ofMillis(1)).build()) {
                JwtVerifier v = verifier(c);
                String t = token(k1);
                v.decode(t);
                behaviour.set(b);
                clock.millis.addAndGet(120_000); // expired: the next decode refreshes in the background
                assertEquals("k1", v.decode(t).get("sub"));
                awaitFailures(c, 1);
                assertThrows(JwksUnavailableException.class, c::refresh);
                assertEquals("k1", v.decode(t).get("sub"), "the last good keys are kept");
                assertEquals(1, c.current().keys().size());
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (c.metrics().failures() < 2 && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertTrue(c.metrics().failures() >= 2, "background and forced refresh both failed: " + c.metrics());
            }
        }
        // the server gone altogether
        behaviour.set(serve(jwks(k1), "max-age=60"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).timeout(Duration.ofSeconds(1)).build()) {
            JwtVerifier v = verifier(c);
            String t = token(k1);
            v.decode(t);
            server.stop(0);
            clock.millis.addAndGet(120_000);
            assertEquals("k1", v.decode(t).get("sub"));
            assertThrows(JwksUnavailableException.class, c::refresh);
            assertEquals("k1", v.decode(t).get("sub"));
        }
    }

    @Test
    void onlyHttpsOrLoopbackHttp() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JwksClient.builder(URI.create("http://id.example/jwks.json")).build());
        assertTrue(e.getMessage().contains("allowPlainHttp()") && e.getMessage().contains("http://id.example/jwks.json"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> JwksClient.builder(URI.create("http://10.0.0.1/jwks.json")).build());
        assertThrows(IllegalArgumentException.class, () -> JwksClient.builder(URI.create("ftp://127.0.0.1/jwks.json")));
        assertThrows(IllegalArgumentException.class, () -> JwksClient.builder(URI.create("https:/jwks.json")));
        JwksClient.builder(URI.create("https://id.example/jwks.json")).build().close();
        JwksClient.builder(URI.create("http://[::1]:8080/jwks.json")).build().close();
    }

    @Test
    void plainHttpToAnotherHostOnlyWhenAllowed() {
        // "keycloak.invalid" never resolves (RFC 6761), so the allowed client really tries the
        // name over plain http and reports why it failed, instead of refusing the URL.
        try (JwksClient c = JwksClient.builder(URI.create("http://keycloak.invalid:8080/certs"))
                .allowPlainHttp().timeout(Duration.ofSeconds(2)).build()) {
            JwksUnavailableException e = assertThrows(JwksUnavailableException.class, c::refresh);
            assertTrue(e.getMessage().contains("http://keycloak.invalid:8080/certs"), e.getMessage());
        }
    }

    /**
     * A non-blocking verifier (for event loops) never waits: where the waiting one would fetch,
     * it signals KeysNotReadyException and fetches nothing itself; once a waiting decode on the
     * same client has fetched, it serves from the same cache.
     */
    @Test
    void aNonBlockingVerifierSignalsInsteadOfWaiting() {
        behaviour.set(serve(jwks(k1), "max-age=900"));
        try (JwksClient c = JwksClient.builder(uri()).clock(clock).cooldown(Duration.ofSeconds(30)).build()) {
            JwtVerifier eventLoop = JwtVerifier.builder(c).algorithms(Algorithm.ES256).audience("api").clock(clock)
                    .nonBlocking().build();
            JwtVerifier mayBlock = verifier(c);
            String t1 = token(k1);
            KeysNotReadyException first = assertThrows(KeysNotReadyException.class, () -> eventLoop.decode(t1));
            assertTrue(first.getMessage().contains("no keys have been fetched"), first.getMessage());
            assertEquals(0, hits.get(), "the signal itself fetches nothing");
            assertEquals("k1", mayBlock.decode(t1).get("sub"));
            assertEquals("k1", eventLoop.decode(t1).get("sub"));
            assertEquals(1, hits.get());

            // A new kid after the cooldown: the waiting verifier would refetch, this one signals.
            behaviour.set(serve(jwks(k1, k2), "max-age=900"));
            clock.millis.addAndGet(31_000);
            String t2 = token(k2);
            assertThrows(KeysNotReadyException.class, () -> eventLoop.decode(t2));
            assertEquals(1, hits.get());
            assertEquals("k2", mayBlock.decode(t2).get("sub"));
            assertEquals("k2", eventLoop.decode(t2).get("sub"));
            assertEquals(2, hits.get());

            // Within the cooldown an unknown kid is a refusal, as for the waiting verifier.
            JwtPrivateKey k3 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k3");
            try (k3) {
                assertThrows(UnknownKeyException.class, () -> eventLoop.decode(token(k3)));
            }

            // Keys past maxStale (1 day past expiry) must be fetched again: a signal, not a refusal.
            // The server is slow, so the background refresh this decode starts is still running.
            Behaviour fresh = serve(jwks(k1, k2), "max-age=900");
            behaviour.set(ex -> {
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                fresh.handle(ex);
            });
            clock.millis.addAndGet(2 * DAY);
            assertThrows(KeysNotReadyException.class, () -> eventLoop.decode(t1));
            assertEquals("k1", mayBlock.decode(t1).get("sub"));
            assertEquals("k1", eventLoop.decode(t1).get("sub"));
        }
    }
}
