package io.lcjwt;

import com.sun.net.httpserver.HttpServer;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 10,000 virtual threads decode with shared verifiers (an HMAC key, and a JWKS URL whose keys
 * rotate every 100 ms: each is published 200 ms before it signs, so new kids trigger
 * refetches under load) while platform threads do the
 * same: every accepted token yields its own claims, the only refusals are unknown kids (rare:
 * a token that waited past its key's retirement, or a kid seen within the refetch cooldown), the
 * refetches stay single-flight, and JFR records no virtual thread
 * pinned in lcjwt (a park while pinned would emit {@code jdk.VirtualThreadPinned}).
 */
class VirtualThreadsTest {
    // Runs 2 x 10,500 tasks; about 10 s on 2 cores.

    record Claims(String sub, String aud, long exp) {}

    @Test
    void tenThousandVirtualThreadsWhileJwksKeysRotate() throws Exception {
        AtomicReference<String> published = new AtomicReference<>("{\"keys\":[]}");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(2));
        AtomicInteger served = new AtomicInteger();
        server.createContext("/", ex -> {
            served.incrementAndGet();
            byte[] body = published.get().getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();

        List<JwtPrivateKey> rotated = new ArrayList<>();
        AtomicReference<JwtSigner> current = new AtomicReference<>();
        AtomicInteger rotations = new AtomicInteger();
        Runnable rotate = () -> {
            JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("r" + rotations.get());
            synchronized (rotated) {
                rotated.add(k);
                int n = rotated.size();
                StringBuilder doc = new StringBuilder("{\"keys\":[");
                for (int i = Math.max(0, n - 40); i < n; i++) {
                    doc.append(i > Math.max(0, n - 40) ? "," : "").append(rotated.get(i).publicKey().toJwk());
                }
                published.set(doc.append("]}").toString());
                // As issuers do: a key is published two rotations before it signs, and stays
                // published long after (4 s: with 10,000 runnable virtual threads on two cores, a
                // thread that parks waiting for a fetch can wait seconds for its turn again).
                current.set(JwtSigner.builder(rotated.get(Math.max(0, n - 3))).algorithm(Algorithm.ES256).build());
            }
            rotations.incrementAndGet();
        };
        rotate.run();

        JwtSecretKey secret = JwtSecretKey.of(TestTokens.bytes(64, 77));
        JwtSigner hmacSigner = JwtSigner.builder(secret).algorithm(Algorithm.HS256).build();
        JwtVerifier hmac = JwtVerifier.builder(secret).algorithms(Algorithm.HS256).audience("vt").build();
        URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/jwks.json");

        Path jfr = Files.createTempFile("lcjwt-pinning", ".jfr");
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger unknownKid = new AtomicInteger();
        AtomicReference<Throwable> wrong = new AtomicReference<>();
        AtomicReference<JwksClient.Metrics> metrics = new AtomicReference<>();
        try (JwksClient client = JwksClient.builder(uri).cooldown(Duration.ofMillis(5)).build();
             Recording recording = new Recording()) {
            JwtVerifier jwks = JwtVerifier.builder(client).algorithms(Algorithm.ES256).audience("vt").build();
            CountDownLatch running = new CountDownLatch(1);
            Thread rotator = Thread.ofPlatform().start(() -> {
                while (running.getCount() > 0) {
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        return;
                    }
                    rotate.run();
                }
            });

            Runnable work = () -> {
                try {
                    for (int i = 0; i < 6; i++) {
                        String sub = Thread.currentThread().threadId() + "-" + i;
                        Map<String, Object> claims = Map.of("sub", sub, "aud", "vt", "exp", 4_102_444_800L);
                        if (i % 2 == 0) {
                            assertEquals(sub, hmac.decode(hmacSigner.sign(claims), Claims.class).sub());
                        } else {
                            try {
                                assertEquals(sub, jwks.decode(current.get().sign(claims), Claims.class).sub());
                            } catch (UnknownKeyException e) {
                                unknownKid.incrementAndGet();
                                continue;
                            }
                        }
                        ok.incrementAndGet();
                    }
                } catch (Throwable t) {
                    wrong.compareAndSet(null, t);
                }
            };
            // Two rounds of 10,000 virtual (and 500 platform) threads. Class loading and
            // initialization happen once per JVM, in the first round, and a virtual thread that
            // waits for them is pinned; the second round, the steady state, is recorded.
            for (int round = 0; round < 2; round++) {
                if (round == 1) {
                    recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
                    recording.start();
                }
                try (ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor();
                     ExecutorService platform = Executors.newFixedThreadPool(8)) {
                    for (int t = 0; t < 10_000; t++) {
                        virtual.submit(work);
                        if (t % 20 == 0) {
                            platform.submit(work);
                        }
                    }
                }
            }
            running.countDown();
            rotator.join();
            metrics.set(client.metrics());
            recording.stop();
            recording.dump(jfr);
        } finally {
            server.stop(0);
            secret.close();
            synchronized (rotated) {
                rotated.forEach(JwtPrivateKey::close);
            }
        }

        if (wrong.get() != null) {
            throw new AssertionError("a decode went wrong", wrong.get());
        }
        int jwksDecodes = 2 * (10_000 + 500) * 3;
        assertEquals(2 * (10_000 + 500) * 6, ok.get() + unknownKid.get(), "every decode is accounted for");
        assertTrue(unknownKid.get() < jwksDecodes / 100,
                "unknown-kid refusals " + unknownKid.get() + " of " + jwksDecodes + " JWKS decodes (" + served.get() + " fetches, " + rotations.get() + " rotations; " + metrics.get()
                        + "): refetch is not keeping up");
        assertTrue(rotations.get() > 3, "the keys rotated " + rotations.get() + " times");
        assertTrue(served.get() <= 2 * rotations.get() + 2,
                served.get() + " fetches for " + rotations.get() + " rotations: refetches are not single-flight");

        List<String> pinnedInLcjwt = new ArrayList<>();
        int pinnedEvents = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            pinnedEvents++;
            if (e.getStackTrace() != null) {
                for (RecordedFrame f : e.getStackTrace().getFrames()) {
                    if (f.getMethod().getType().getName().startsWith("io.lcjwt.")
                            && !f.getMethod().getType().getName().endsWith("Test")) {
                        pinnedInLcjwt.add(e.getValue("pinnedReason") + " at " + e.getStackTrace().getFrames());
                        break;
                    }
                }
            }
        }
        Files.deleteIfExists(jfr);
        System.out.printf("virtual threads: %d decodes ok, %d unknown-kid refusals, %d fetches for %d rotations,"
                + " %d pinned events in the recorded round (%d in lcjwt)%n", ok.get(), unknownKid.get(), served.get(),
                rotations.get(), pinnedEvents, pinnedInLcjwt.size());
        assertTrue(pinnedInLcjwt.isEmpty(), pinnedEvents + " pinned events, in lcjwt: " + pinnedInLcjwt);
    }
}
