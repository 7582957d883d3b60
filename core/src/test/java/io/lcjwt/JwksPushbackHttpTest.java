package io.lcjwt;

import com.sun.net.httpserver.HttpServer;
import io.lcjwt.internal.jwks.HttpTransport;
import io.lcjwt.internal.jwks.JwksAccess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Security row 40 over real HTTP: an issuer on loopback that answers 429 or 503 with
 * {@code Retry-After}, as delta-seconds or as an HTTP date, gets no request before that time on
 * the client's clock, while the cached keys serve and unknown kids are refused at once; and an
 * issuer that keeps failing sees the backoff's growing, jittered gaps. The client is the public
 * one, on the JDK's HTTP client, with its jitter fixed so that every gap is exact.
 */
class JwksPushbackHttpTest {

    interface Answer {
        void send(com.sun.net.httpserver.HttpExchange ex) throws java.io.IOException;
    }

    HttpServer server;
    final AtomicReference<Answer> answer = new AtomicReference<>();
    /** When each request arrived, on the client's clock. */
    final List<Long> requests = new CopyOnWriteArrayList<>();
    final io.lcjwt.testkit.ManualClock clock = new io.lcjwt.testkit.ManualClock(TestTokens.NOW * 1000);
    JwtPrivateKey k1;
    long t0;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", ex -> {
            requests.add(clock.millis.get());
            try (ex) {
                answer.get().send(ex);
            }
        });
        server.start();
        k1 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k1");
        t0 = clock.millis.get();
    }

    @AfterEach
    void stop() {
        server.stop(0);
        k1.close();
    }

    JwksClient client(double jitter) {
        URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/jwks.json");
        return JwksAccess.<JwksClient, JwksClient.Builder>get().build(JwksClient.builder(uri).clock(clock),
                new HttpTransport(Duration.ofSeconds(2), Duration.ofSeconds(2), 1 << 20, "test", null), () -> jitter);
    }

    void serveKeys(String maxAge) {
        String body = JwkSet.of(k1).toJson();
        answer.set(ex -> {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Cache-Control", "max-age=" + maxAge);
            ex.sendResponseHeaders(200, b.length);
            ex.getResponseBody().write(b);
        });
    }

    /** Fails with {@code status}, and a Retry-After of {@code seconds} (null: none) in the given form. */
    void fail(int status, Long seconds, boolean asDate) {
        answer.set(ex -> {
            if (seconds != null) {
                // The JDK's server stamps every answer with its own Date, from the real clock: an
                // HTTP-date is written against that, as a server does.
                ex.getResponseHeaders().add("Retry-After", asDate
                        ? httpDate(System.currentTimeMillis() + seconds * 1000) : String.valueOf(seconds));
            }
            ex.sendResponseHeaders(status, -1);
        });
    }

    String token(String kid) {
        return JwtSigner.builder(k1).algorithm(Algorithm.ES256).keyId(kid).build()
                .sign(Map.of("sub", "s", "exp", TestTokens.NOW + 30 * 86_400));
    }

    static String httpDate(long millis) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(Instant.ofEpochMilli(millis).atOffset(ZoneOffset.UTC));
    }

    /**
     * 429 and 503, Retry-After as seconds and as an HTTP date (read against the server's Date
     * header, as RFC 9110 intends, so that the client's clock, three years behind here, does not
     * matter): for the whole wait the server sees nothing, whatever the client is asked to do.
     */
    @ParameterizedTest(name = "{0} with Retry-After as {1}")
    @CsvSource({"429, seconds", "503, seconds", "429, date", "503, date"})
    void noRequestReachesThePushingIssuerBeforeRetryAfter(int status, String form) throws Exception {
        serveKeys("300");
        try (JwksClient c = client(0.5)) {
            JwtVerifier v = JwtVerifier.builder(c).algorithms(Algorithm.ES256).clock(clock).build();
            assertEquals("s", v.decode(token("k1")).get("sub"));
            long failAt = t0 + 10 * 60_000;
            fail(status, 240L, form.equals("date"));
            clock.millis.set(failAt);
            JwksUnavailableException pushed = assertThrows(JwksUnavailableException.class, c::refresh);
            assertTrue(pushed.getMessage().contains("HTTP " + status + " with Retry-After"), pushed.getMessage());
            long wait = c.metrics().nextFetchIn().toMillis();
            // whole seconds: a date may fall one second short when the server's clock ticked between the two headers
            assertTrue(wait == 240_000 || form.equals("date") && wait == 239_000, "wait " + wait);
            for (long t = failAt; t < failAt + wait; t += 15_000) {
                clock.millis.set(t);
                assertEquals("s", v.decode(token("k1")).get("sub"), "the cached keys serve (expired, within maxStale)");
                assertThrows(UnknownKeyException.class, () -> v.decode(token("new")), "an unknown kid is refused at once");
                assertThrows(JwksUnavailableException.class, c::refresh, "even a forced refresh waits");
            }
            assertEquals(List.of(t0, failAt), requests, "no request before Retry-After expired");
            serveKeys("300");
            clock.millis.set(failAt + wait);
            c.refresh();
            assertEquals(3, requests.size());
        }
    }

    /**
     * An issuer that keeps answering 500: the gaps between attempts grow from the cooldown,
     * doubling, up to the cap (jitter fixed at its top: 60, 120, 240, 300, 300 s), and the first
     * success brings back the plain cooldown.
     */
    @ParameterizedTest(name = "jitter {0}")
    @CsvSource({"1.0, 60 120 240 300 300", "0.0, 30 30 30 30 30"})
    void aFailingIssuerSeesTheBackoffsGaps(double jitter, String gaps) throws Exception {
        serveKeys("60");
        try (JwksClient c = client(jitter)) {
            JwtVerifier v = JwtVerifier.builder(c).algorithms(Algorithm.ES256).clock(clock).build();
            v.decode(token("k1"));
            fail(500, null, false);
            clock.millis.set(t0 + 120_000); // expired: decodes refresh in the background, and keep serving
            long expected = clock.millis.get();
            for (String gap : gaps.split(" ")) {
                long next = expected + Long.parseLong(gap) * 1000;
                for (long t = expected; t < next; t += 5_000) {
                    clock.millis.set(t);
                    v.decode(token("k1"));
                    awaitRequests(c);
                }
                assertEquals(expected, requests.get(requests.size() - 1), "an attempt at " + (expected - t0) / 1000 + " s");
                expected = next;
            }
            assertEquals(1 + gaps.split(" ").length, requests.size());
            serveKeys("60");
            clock.millis.set(expected);
            c.refresh();
            assertEquals(Duration.ofSeconds(30), c.metrics().nextFetchIn(), "a success resets the backoff");
        }
    }

    /** Waits until every background fetch the client started has reached the server and ended. */
    void awaitRequests(JwksClient c) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while ((requests.size() < c.metrics().fetches() || c.metrics().failures() + 1 < c.metrics().fetches())
                && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
    }
}
