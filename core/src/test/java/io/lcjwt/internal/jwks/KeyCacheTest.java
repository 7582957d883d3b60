package io.lcjwt.internal.jwks;

import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.JwksUnavailableException;
import io.lcjwt.JwtHeader;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.KeysNotReadyException;
import io.lcjwt.UnknownKeyException;
import io.lcjwt.internal.crypto.KeyResolver;
import io.lcjwt.testkit.ManualClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JWKS client's refresh state machine on a clock the test moves and a transport in memory:
 * no HTTP, no sleeping, every timing exact.
 */
class KeyCacheTest {

    static final URI JWKS = URI.create("https://id.example/jwks.json");
    static final long T0 = 1_700_000_000_000L;
    static final long S = 1000;
    static final long MIN = 60 * S;

    static JwtPrivateKey k1;
    static JwtPrivateKey k2;
    static String doc1;
    static String doc12;

    @BeforeAll
    static void keys() {
        k1 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k1");
        k2 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k2");
        doc1 = JwkSet.of(k1.publicKey()).toJson();
        doc12 = JwkSet.of(k1.publicKey(), k2.publicKey()).toJson();
    }

    @AfterAll
    static void close() {
        k1.close();
        k2.close();
    }

    /** An issuer in memory: answers with {@link #answer}, and logs every request with its time. */
    static final class Issuer implements Transport {
        final ManualClock clock;
        final List<Long> requests = new ArrayList<>();
        final List<URI> urls = new ArrayList<>();
        Function<URI, Transport.Response> answer;

        Issuer(ManualClock clock) {
            this.clock = clock;
        }

        @Override
        public CompletableFuture<Transport.Response> get(URI uri) {
            requests.add(clock.millis());
            urls.add(uri);
            try {
                return CompletableFuture.completedFuture(answer.apply(uri));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }

        void serve(String doc, String maxAge) {
            answer = u -> maxAge == null ? Transport.Response.ok(u, doc)
                    : Transport.Response.ok(u, doc, "Cache-Control", "max-age=" + maxAge);
        }

        void fail(int status, String... headers) {
            answer = u -> Transport.Response.of(u, status, null, headers);
        }

        void down() {
            answer = u -> {
                throw new IllegalStateException("connection refused");
            };
        }
    }

    final ManualClock clock = new ManualClock(T0);
    final Issuer issuer = new Issuer(clock);
    final List<KeyCache.Stats> told = new ArrayList<>();
    double u = 0.5;

    KeyCache cache(KeyCache.Settings s) {
        return new KeyCache(s, Origin.of(issuer, JWKS), clock, () -> u, JwksAccess.get()::parse, told::add);
    }

    KeyCache cache() {
        return cache(KeyCache.Settings.DEFAULTS);
    }

    static JwtHeader header(String kid) {
        return new JwtHeader(Algorithm.ES256, kid, null, kid == null ? Map.of("alg", "ES256") : Map.of("alg", "ES256", "kid", kid));
    }

    static String kid(KeyResolver r, String kid) {
        return r.resolve(header(kid)).keyId();
    }

    // ---- refresh-ahead with jitter ---------------------------------------------------------------

    /**
     * The first keys (fetched on demand) refresh at a random point 10-50 % before their end; keys
     * from a refresh-ahead at one 10-20 % before it. u is the random draw in [0, 1).
     */
    @ParameterizedTest(name = "u = {0}: first refresh at {1} s, next {2} s later")
    @CsvSource({"0.0, 900, 900", "0.5, 700, 850", "0.75, 600, 825"})
    void refreshAheadIsDrawnFromTheLastPartOfTheLifetime(double draw, double firstAt, double nextAfter) {
        u = draw;
        issuer.serve(doc1, "1000");
        KeyCache c = cache();
        KeyResolver r = c.resolver(true);
        assertEquals("k1", kid(r, "k1"));
        long first = T0 + (long) (firstAt * S);
        clock.millis.set(first - 1);
        kid(r, "k1");
        assertEquals(1, issuer.requests.size(), "nothing before the drawn point");
        clock.millis.set(first);
        kid(r, "k1");
        assertEquals(List.of(T0, first), issuer.requests, "a refresh-ahead at the drawn point");
        long next = first + (long) (nextAfter * S);
        clock.millis.set(next - 1);
        kid(r, "k1");
        assertEquals(2, issuer.requests.size());
        clock.millis.set(next);
        kid(r, "k1");
        assertEquals(3, issuer.requests.size(), "the refresh-ahead's own keys refresh 10-20 % before their end");
    }

    /** A constant draw of 0 is "no jitter": every refresh at 90 %, as the fleet simulation compares. */
    @Test
    void withoutJitterEveryRefreshIsAtNinetyPercent() {
        u = 0;
        issuer.serve(doc1, "1000");
        KeyResolver r = cache().resolver(true);
        for (int i = 0; i < 5; i++) {
            kid(r, "k1");
            clock.millis.addAndGet(900 * S);
        }
        assertEquals(List.of(T0, T0 + 900 * S, T0 + 1800 * S, T0 + 2700 * S, T0 + 3600 * S), issuer.requests);
    }

    // ---- backoff after failures ------------------------------------------------------------------

    /**
     * After the n-th failure in a row the next fetch waits cooldown + u * (min(cap, cooldown * 2^n) - cooldown):
     * with cooldown 30 s and cap 5 minutes, u at its top gives 60, 120, 240, 300, 300 s; u = 0 gives 30 s every time.
     */
    @ParameterizedTest(name = "u = {0}")
    @CsvSource({"0.0, 30 30 30 30 30", "1.0, 60 120 240 300 300", "0.5, 45 75 135 165 165"})
    void consecutiveFailuresBackOffWithJitterUpToTheCap(double draw, String waits) {
        u = draw;
        issuer.serve(doc1, "60");
        KeyCache c = cache();
        KeyResolver r = c.resolver(true);
        kid(r, "k1");
        issuer.fail(500);
        clock.millis.set(T0 + 10 * MIN); // past expiry, within maxStale: refreshes in the background
        long at = clock.millis();
        for (String w : waits.split(" ")) {
            int before = issuer.requests.size();
            kid(r, "k1"); // the keys keep serving throughout
            assertEquals(before + 1, issuer.requests.size(), "a refresh at " + (clock.millis() - T0) / S + " s");
            long wait = Long.parseLong(w) * S;
            assertEquals(Duration.ofMillis(wait), c.metrics().nextFetchIn(), "after failure " + c.metrics().failures());
            clock.millis.set(at + wait - 1);
            kid(r, "k1");
            assertEquals(before + 1, issuer.requests.size(), "no request before the backoff ends");
            at += wait;
            clock.millis.set(at);
        }
        issuer.serve(doc1, "60");
        kid(r, "k1");
        assertEquals(0, c.metrics().failures() - told.stream().filter(m -> m.lastError() != null).count());
        assertNull(c.metrics().lastError());
        assertEquals(Duration.ofSeconds(30), c.metrics().nextFetchIn(), "a success resets the backoff to the cooldown");
    }

    // ---- Retry-After -----------------------------------------------------------------------------

    record Pushback(String name, int status, String[] headers, long expectedMillis) {}

    static final String HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.format(
            Instant.ofEpochMilli(T0 + 10 * MIN + 120 * S).atOffset(ZoneOffset.UTC));
    static final String DATE_NOW = DateTimeFormatter.RFC_1123_DATE_TIME.format(
            Instant.ofEpochMilli(T0 + 10 * MIN).atOffset(ZoneOffset.UTC));

    static List<Pushback> pushbacks() {
        return List.of(
                new Pushback("429, delta-seconds", 429, new String[] {"Retry-After", "90"}, 90 * S),
                new Pushback("503, delta-seconds", 503, new String[] {"Retry-After", "240"}, 240 * S),
                new Pushback("503, HTTP-date against the server's Date", 503,
                        new String[] {"Retry-After", HTTP_DATE, "Date", DATE_NOW}, 120 * S),
                new Pushback("429, HTTP-date against the client's clock", 429, new String[] {"Retry-After", HTTP_DATE}, 120 * S),
                new Pushback("429, RFC 850 date", 429, new String[] {"Retry-After", "Tuesday, 14-Nov-23 22:25:20 GMT"},
                        Instant.parse("2023-11-14T22:25:20Z").toEpochMilli() - (T0 + 10 * MIN)),
                new Pushback("429, asctime date", 429, new String[] {"Retry-After", "Tue Nov 14 22:25:20 2023"},
                        Instant.parse("2023-11-14T22:25:20Z").toEpochMilli() - (T0 + 10 * MIN)),
                new Pushback("503, a day: capped at maxRetryAfter", 503, new String[] {"Retry-After", "86400"}, 10 * MIN),
                new Pushback("503, absurd: capped", 503, new String[] {"Retry-After", "99999999999999999999"}, 10 * MIN));
    }

    /**
     * 429 and 503 with Retry-After in each of its forms: no request before it (not the cooldown,
     * not a forced refresh, not an unknown kid), the cached keys serve, an unknown kid is
     * refused at once, and the first request after it goes out.
     */
    @Test
    void retryAfterIsObeyedOnTheClientsClock() {
        for (Pushback p : pushbacks()) {
            clock.millis.set(T0);
            issuer.requests.clear();
            issuer.serve(doc1, "300");
            KeyCache c = cache();
            KeyResolver r = c.resolver(true);
            kid(r, "k1");
            issuer.fail(p.status(), p.headers());
            clock.millis.set(T0 + 10 * MIN); // the keys expired 5 minutes ago: a background refresh
            kid(r, "k1");
            assertEquals(2, issuer.requests.size(), p.name());
            long until = T0 + 10 * MIN + p.expectedMillis();
            assertEquals(Duration.ofMillis(p.expectedMillis()), c.metrics().nextFetchIn(), p.name());
            assertTrue(c.metrics().lastError().contains("HTTP " + p.status() + " with Retry-After"), c.metrics().lastError());
            for (long t = clock.millis(); t < until; t += 7 * S) {
                clock.millis.set(t);
                assertEquals("k1", kid(r, "k1"), p.name() + ": cached keys keep serving");
                UnknownKeyException e = assertThrows(UnknownKeyException.class, () -> kid(r, "k9"), p.name());
                assertTrue(e.getMessage().contains("k9"), e.getMessage());
                JwksUnavailableException forced = assertThrows(JwksUnavailableException.class, c::refresh, p.name());
                assertTrue(forced.getMessage().contains("Retry-After"), forced.getMessage());
                assertEquals(Duration.ofMillis(until - t), forced.retryAfter().orElseThrow(), p.name());
            }
            assertEquals(2, issuer.requests.size(), p.name() + ": no request before Retry-After expired");
            issuer.serve(doc12, "300");
            clock.millis.set(until);
            assertEquals("k2", kid(r, "k2"), p.name() + ": the unknown kid refetches once allowed");
            assertEquals(List.of(T0, T0 + 10 * MIN, until), issuer.requests, p.name());
        }
    }

    /** Without Retry-After, 429 and 503 are failures like any other: the backoff applies. */
    @ParameterizedTest(name = "HTTP {0}")
    @CsvSource({"429", "503", "500"})
    void aPushbackWithoutRetryAfterIsAFailure(int status) {
        u = 0;
        issuer.serve(doc1, "300");
        KeyCache c = cache();
        kid(c.resolver(true), "k1");
        issuer.fail(status, "Retry-After", "soon");
        clock.millis.set(T0 + 10 * MIN);
        assertThrows(JwksUnavailableException.class, c::refresh);
        assertEquals(Duration.ofSeconds(30), c.metrics().nextFetchIn());
    }

    // ---- no keys yet, and keys past maxStale -----------------------------------------------------

    /**
     * An issuer down at start-up: the first decode waits for its fetch and fails; decodes within
     * the backoff are refused at once, without a request; once it passes, one fetch, and when
     * the issuer is back the keys arrive. A start-up failure is never final.
     */
    @Test
    void aFailedFirstFetchIsRetriedUnderTheBackoffNotOnEveryDecode() {
        u = 0;
        issuer.down();
        KeyCache c = cache();
        KeyResolver r = c.resolver(true);
        JwksUnavailableException first = assertThrows(JwksUnavailableException.class, () -> kid(r, "k1"));
        assertTrue(first.getMessage().contains("connection refused"), first.getMessage());
        for (int i = 0; i < 20; i++) {
            clock.millis.set(T0 + i * S);
            JwksUnavailableException e = assertThrows(JwksUnavailableException.class, () -> kid(r, "k1"));
            assertTrue(e.getMessage().contains("connection refused") && e.getMessage().contains("next attempt"),
                    e.getMessage());
            assertEquals(Duration.ofMillis(30 * S - i * S), e.retryAfter().orElseThrow());
        }
        assertThrows(JwksUnavailableException.class, () -> kid(c.resolver(false), "k1"),
                "while the gate is closed the non-blocking resolver refuses too: waiting would not help");
        assertEquals(1, issuer.requests.size(), "one attempt per backoff step, however many decodes");
        clock.millis.set(T0 + 30 * S);
        KeysNotReadyException signal = assertThrows(KeysNotReadyException.class, () -> kid(c.resolver(false), "k1"));
        assertTrue(signal.getMessage().contains("no keys"), signal.getMessage());
        assertEquals(1, issuer.requests.size(), "the signal itself fetches nothing");
        issuer.serve(doc1, null);
        assertEquals("k1", kid(r, "k1"));
        assertEquals(2, issuer.requests.size());
    }

    /** Past maxStale with the gate closed: refused at once, naming the failure and when the next try may be. */
    @Test
    void pastMaxStaleWhileTheGateIsClosedIsRefusedAtOnce() {
        u = 0;
        issuer.serve(doc1, "60");
        KeyCache c = cache(new KeyCache.Settings(30 * S, 10 * MIN, 60 * S, 86_400 * S, 900 * S, 300 * S, 600 * S, 2500));
        KeyResolver r = c.resolver(true);
        kid(r, "k1");
        issuer.fail(503, "Retry-After", "120");
        clock.millis.set(T0 + 60 * S + 10 * MIN + 1); // just past maxStale: this decode waits for a fetch, which fails
        JwksUnavailableException waited = assertThrows(JwksUnavailableException.class, () -> kid(r, "k1"));
        assertTrue(waited.getMessage().contains("maxStale (PT10M)") && waited.getMessage().contains("HTTP 503"),
                waited.getMessage());
        clock.millis.addAndGet(60 * S);
        JwksUnavailableException atOnce = assertThrows(JwksUnavailableException.class, () -> kid(r, "k1"));
        assertEquals(Duration.ofSeconds(60), atOnce.retryAfter().orElseThrow());
        assertTrue(atOnce.getMessage().contains("Retry-After"), atOnce.getMessage());
        assertEquals(2, issuer.requests.size());
        clock.millis.addAndGet(60 * S);
        issuer.serve(doc1, "60");
        assertEquals("k1", kid(r, "k1"), "at the end of the pushback the decode waits for a fetch, and gets keys");
        assertEquals(3, issuer.requests.size());
    }

    // ---- unknown kids ----------------------------------------------------------------------------

    /** A flood of made-up kids: at most one fetch per cooldown, and a real new kid is found. */
    @Test
    void madeUpKidsCostAtMostOneFetchPerCooldown() {
        issuer.serve(doc1, "3600");
        KeyCache c = cache();
        KeyResolver r = c.resolver(true);
        kid(r, "k1");
        for (int s = 0; s < 300; s++) {
            clock.millis.set(T0 + s * S);
            for (int i = 0; i < 10; i++) {
                int n = s * 10 + i;
                assertThrows(UnknownKeyException.class, () -> kid(r, "made-up-" + n));
            }
        }
        assertEquals(10, issuer.requests.size(), "300 s of made-up kids with a 30 s cooldown");
        for (int i = 1; i < issuer.requests.size(); i++) {
            assertEquals(30 * S, issuer.requests.get(i) - issuer.requests.get(i - 1));
        }
        issuer.serve(doc12, "3600");
        clock.millis.addAndGet(30 * S);
        assertEquals("k2", kid(r, "k2"));
    }

    // ---- metrics and the listener ----------------------------------------------------------------

    @Test
    void theListenerIsToldAfterEveryFetchAndItsFailuresAreIgnored() {
        issuer.answer = u -> Transport.Response.ok(u, "{\"keys\":[" + k1.publicKey().toJwk()
                + ",{\"kty\":\"XYZ\",\"kid\":\"odd\"},7]}");
        KeyCache c = new KeyCache(KeyCache.Settings.DEFAULTS, Origin.of(issuer, JWKS), clock, () -> 0,
                JwksAccess.get()::parse, m -> {
                    told.add(m);
                    throw new IllegalStateException("a listener that fails");
                });
        assertEquals("k1", kid(c.resolver(true), "k1"));
        assertEquals(1, told.size());
        KeyCache.Stats m = told.get(0);
        assertEquals(1, m.fetches());
        assertEquals(0, m.failures());
        assertEquals(1, m.keyCount());
        assertEquals(2, m.keysSkipped());
        assertEquals(Instant.ofEpochMilli(T0), m.lastSuccess());
        assertEquals(Duration.ofSeconds(30), m.nextFetchIn());
        assertEquals(List.of("odd", "#2"), c.current().skippedKeys().stream()
                .map(s -> s.keyId() != null ? s.keyId() : "#" + s.index()).toList());
        issuer.down();
        clock.millis.addAndGet(31 * S);
        assertThrows(JwksUnavailableException.class, c::refresh);
        assertEquals(2, told.size());
        assertEquals("connection refused", told.get(1).lastError());
        assertEquals(1, told.get(1).failures());
        assertEquals(Instant.ofEpochMilli(T0), told.get(1).lastSuccess());
    }

    // ---- discovery -------------------------------------------------------------------------------

    record Place(String name, URI issuer, List<String> tried, int answeredAt) {}

    /**
     * OpenID discovery, the path-inserted OpenID form, then RFC 8414, stopping at the first
     * that answers; the issuer is matched exactly, and the jwks_uri found is kept.
     */
    @Test
    void discoveryTriesOpenIdThenRfc8414AndKeepsTheJwksUri() {
        URI withPath = URI.create("https://id.example/realms/demo");
        List<Place> places = List.of(
                new Place("OpenID", withPath, List.of("https://id.example/realms/demo/.well-known/openid-configuration"), 0),
                new Place("OpenID, path inserted", withPath, List.of(
                        "https://id.example/realms/demo/.well-known/openid-configuration",
                        "https://id.example/.well-known/openid-configuration/realms/demo"), 1),
                new Place("RFC 8414", withPath, List.of(
                        "https://id.example/realms/demo/.well-known/openid-configuration",
                        "https://id.example/.well-known/openid-configuration/realms/demo",
                        "https://id.example/.well-known/oauth-authorization-server/realms/demo"), 2),
                new Place("RFC 8414 without a path", URI.create("https://id.example"), List.of(
                        "https://id.example/.well-known/openid-configuration",
                        "https://id.example/.well-known/oauth-authorization-server"), 1));
        for (Place p : places) {
            issuer.urls.clear();
            String jwks = "https://keys.example/certs";
            issuer.answer = u -> {
                if (u.toString().equals(jwks)) {
                    return Transport.Response.ok(u, doc1);
                }
                return u.toString().equals(p.tried().get(p.answeredAt()))
                        ? Transport.Response.ok(u, "{\"issuer\":\"" + p.issuer() + "\",\"jwks_uri\":\"" + jwks + "\"}")
                        : Transport.Response.of(u, 404, null);
            };
            KeyCache c = new KeyCache(KeyCache.Settings.DEFAULTS, new Discovery(issuer, p.issuer(), java.util.Set.of(), "x"),
                    clock, () -> u, JwksAccess.get()::parse, m -> { });
            assertEquals("k1", kid(c.resolver(true), "k1"), p.name());
            List<String> expected = new ArrayList<>(p.tried());
            expected.add(jwks);
            assertEquals(expected, issuer.urls.stream().map(URI::toString).toList(), p.name());
            clock.millis.addAndGet(31 * S);
            c.refresh();
            assertEquals(jwks, issuer.urls.get(issuer.urls.size() - 1).toString(), p.name() + ": no second discovery");
            assertEquals(expected.size() + 1, issuer.urls.size(), p.name());
        }
    }

    record BadMetadata(String name, String doc, String inMessage) {}

    /** Metadata that cannot be used fails the attempt, which is retried under the backoff. */
    @Test
    void unusableMetadataFailsTheAttemptAndIsRetried() {
        URI iss = URI.create("https://id.example");
        for (BadMetadata b : List.of(
                new BadMetadata("another issuer", "{\"issuer\":\"https://evil.example\",\"jwks_uri\":\"https://id.example/k\"}",
                        "names the issuer \"https://evil.example\", not \"https://id.example\""),
                new BadMetadata("a trailing slash is another issuer", "{\"issuer\":\"https://id.example/\",\"jwks_uri\":\"https://id.example/k\"}",
                        "names the issuer \"https://id.example/\""),
                new BadMetadata("no issuer", "{\"jwks_uri\":\"https://id.example/k\"}", "names the issuer (none)"),
                new BadMetadata("an issuer with a forged log line", "{\"issuer\":\"x\\r\\nERROR\\u2028\",\"jwks_uri\":\"https://id.example/k\"}",
                        "names the issuer \"x\\r\\nERROR\\u2028\""),
                new BadMetadata("no jwks_uri", "{\"issuer\":\"https://id.example\"}", "has no \"jwks_uri\""),
                new BadMetadata("plain http jwks_uri", "{\"issuer\":\"https://id.example\",\"jwks_uri\":\"http://id.example/k\"}",
                        "must use https"),
                new BadMetadata("not JSON", "{nope", "cannot be read"))) {
            u = 0;
            clock.millis.set(T0);
            issuer.requests.clear();
            issuer.answer = url -> Transport.Response.ok(url, b.doc());
            KeyCache c = new KeyCache(KeyCache.Settings.DEFAULTS, new Discovery(issuer, iss, java.util.Set.of(), "if allowed"),
                    clock, () -> u, JwksAccess.get()::parse, m -> { });
            JwksUnavailableException e = assertThrows(JwksUnavailableException.class, () -> kid(c.resolver(true), "k1"), b.name());
            assertTrue(e.getMessage().contains(b.inMessage()), b.name() + ": " + e.getMessage());
            assertThrows(JwksUnavailableException.class, () -> kid(c.resolver(true), "k1"), b.name());
            assertEquals(1, issuer.requests.size(), b.name() + ": no new attempt within the backoff");
            clock.millis.addAndGet(30 * S);
            issuer.answer = url -> url.getPath().equals("/k") ? Transport.Response.ok(url, doc1)
                    : Transport.Response.ok(url, "{\"issuer\":\"https://id.example\",\"jwks_uri\":\"https://id.example/k\"}");
            assertEquals("k1", kid(c.resolver(true), "k1"), b.name() + ": the next attempt discovers again");
        }
    }

    /** A 429 from the metadata URL ends the attempt (no other place is tried) and its Retry-After holds. */
    @Test
    void aPushbackDuringDiscoveryIsObeyed() {
        issuer.answer = u -> Transport.Response.of(u, 429, null, "Retry-After", "120");
        KeyCache c = new KeyCache(KeyCache.Settings.DEFAULTS, new Discovery(issuer, URI.create("https://id.example/r"),
                java.util.Set.of(), "x"), clock, () -> u, JwksAccess.get()::parse, m -> { });
        assertThrows(JwksUnavailableException.class, () -> kid(c.resolver(true), "k1"));
        assertEquals(1, issuer.requests.size(), "the other metadata places are not tried");
        clock.millis.addAndGet(119 * S);
        assertThrows(JwksUnavailableException.class, c::refresh);
        assertEquals(1, issuer.requests.size());
        assertEquals(Duration.ofSeconds(1), c.metrics().nextFetchIn());
    }
}
