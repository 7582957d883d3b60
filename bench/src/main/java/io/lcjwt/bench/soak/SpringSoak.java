package io.lcjwt.bench.soak;

import com.sun.net.httpserver.HttpServer;
import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.LibCrypto;
import io.lcjwt.bench.report.Machine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * A soak of the Spring example under hostile traffic, against an identity provider that
 * misbehaves: the example's jar runs as its own process, its {@code jwk-set-uri} pointed at an
 * issuer this program serves on loopback, while clients send a mix of valid ES256 tokens,
 * expired ones, bad signatures, a flood of made-up {@code kid}s and oversized headers. Meanwhile
 * the issuer rotates its key, goes down, answers 429 with {@code Retry-After: 60} (seconds) and
 * 503 with a {@code Retry-After} HTTP-date, and comes back.
 *
 * <p>It reports what a service owner would ask: valid requests refused (must be 0: the keys stay
 * within {@code maxStale} throughout), JWKS requests the issuer saw and whether any came before a
 * {@code Retry-After} expired, the app's RSS at start, middle and end, valid requests' latency,
 * and the native objects lcjwt holds at the end against the start. Bounded in time and in
 * requests; loopback only. Written to {@code bench/results-soak.md}.
 *
 * <pre>
 * bin/soak-spring                       # 10 minutes, at most 3,000,000 requests
 * bin/soak-spring --minutes 1           # a quick check that it works
 * </pre>
 */
public final class SpringSoak {

    /** What the issuer does at a moment of the soak. */
    enum Mode { UP, DOWN, TOO_MANY, UNAVAILABLE }

    /** The kinds of request clients send, with their weights and the answer each must get. */
    enum Kind {
        VALID(70), EXPIRED(8), BAD_SIGNATURE(7), UNKNOWN_KID(10), OVERSIZED(5);
        final int weight;

        Kind(int weight) {
            this.weight = weight;
        }
    }

    private final Duration total;
    private final long maxRequests;
    private final int concurrency;
    private final SplittableRandom seeds = new SplittableRandom(2026_12_02);

    // The issuer
    private final List<JwtPrivateKey> published = new CopyOnWriteArrayList<>();
    private final AtomicReference<JwtPrivateKey> signing = new AtomicReference<>();
    private volatile Mode mode = Mode.UP;
    private volatile long retryUntilMillis;
    private final ConcurrentLinkedQueue<long[]> fetches = new ConcurrentLinkedQueue<>(); // {millis, status}
    private final AtomicLong earlyFetches = new AtomicLong();
    private HttpServer idp;
    private String issuer;

    // The clients
    private final LongAdder[] sent = new LongAdder[Kind.values().length];
    private final LongAdder[] unexpected = new LongAdder[Kind.values().length];
    private final ConcurrentLinkedQueue<String> refusedValid = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<long[]> latencies = new ConcurrentLinkedQueue<>();
    private final List<String> timeline = new CopyOnWriteArrayList<>();

    SpringSoak(Duration total, long maxRequests, int concurrency) {
        this.total = total;
        this.maxRequests = maxRequests;
        this.concurrency = concurrency;
        for (int i = 0; i < sent.length; i++) {
            sent[i] = new LongAdder();
            unexpected[i] = new LongAdder();
        }
    }

    public static void main(String[] args) throws Exception {
        Duration minutes = Duration.ofMinutes(10);
        long cap = 3_000_000;
        int concurrency = 16;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--minutes" -> minutes = Duration.ofSeconds((long) (Double.parseDouble(args[i + 1]) * 60));
                case "--max-requests" -> cap = Long.parseLong(args[i + 1]);
                case "--concurrency" -> concurrency = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        new SpringSoak(minutes, cap, concurrency).run(io.lcjwt.bench.report.PageCommand.words(args));
    }

    // ---- the issuer -------------------------------------------------------------------------

    private void startIssuer() throws IOException {
        idp = listen(0);
        issuer = "http://127.0.0.1:" + idp.getAddress().getPort();
    }

    /** The issuer on {@code port} (0: any free one), serving {@link #jwks}. */
    private HttpServer listen(int port) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        s.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        s.createContext("/jwks", this::jwks);
        s.start();
        return s;
    }

    /** One JWKS request: the keys, or a pushback with Retry-After; counted either way. */
    private void jwks(com.sun.net.httpserver.HttpExchange x) throws IOException {
        long now = System.currentTimeMillis();
        Mode m = mode;
        if (now < retryUntilMillis) {
            earlyFetches.incrementAndGet();
        }
        int status;
        byte[] body;
        if (m == Mode.TOO_MANY || m == Mode.UNAVAILABLE) {
            status = m == Mode.TOO_MANY ? 429 : 503;
            retryUntilMillis = now + 60_000;
            x.getResponseHeaders().add("Retry-After", m == Mode.TOO_MANY ? "60"
                    : DateTimeFormatter.RFC_1123_DATE_TIME.format(
                            ZonedDateTime.ofInstant(Instant.ofEpochMilli(now + 61_000), ZoneOffset.UTC)));
            body = new byte[0];
        } else {
            status = 200;
            body = JwkSet.of(published.toArray(JwtPrivateKey[]::new)).toJson().getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().add("Content-Type", "application/json");
            x.getResponseHeaders().add("Cache-Control", "max-age=60");
        }
        fetches.add(new long[] {now, status});
        x.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        x.getResponseBody().write(body);
        x.close();
    }

    /** Down means down: the port stops listening, as when an issuer's host is gone. */
    private void issuerDown() {
        idp.stop(0);
        mode = Mode.DOWN;
    }

    /** Back on the same port; the port may take a moment to be free again. */
    private void issuerUp() throws IOException {
        int port = Integer.parseInt(issuer.substring(issuer.lastIndexOf(':') + 1));
        mode = Mode.UP;
        for (int attempt = 0; ; attempt++) {
            try {
                idp = listen(port);
                return;
            } catch (java.net.BindException e) {
                if (attempt > 50) {
                    throw e;
                }
                sleep(100);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- the run ----------------------------------------------------------------------------

    void run(String options) throws Exception {
        Instant began = Instant.now();
        JwtPrivateKey k1 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("soak-k1");
        JwtPrivateKey k2 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("soak-k2");
        JwtPrivateKey stranger = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("soak-k1");
        published.add(k1);
        signing.set(k1);
        startIssuer();

        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String prefix = "--spring.security.oauth2.resourceserver.jwt.";
        List<String> cmd = new ArrayList<>(List.of(java, "-Xms256m", "-Xmx256m", "-jar",
                "examples/spring-resource-server/target/spring-resource-server.jar", "--server.port=" + port,
                prefix + "jwk-set-uri=" + issuer + "/jwks", prefix + "issuer-uri=" + issuer,
                "--lcjwt.jwks.cooldown=30s", "--lcjwt.jwks.max-stale=1h", "--logging.level.root=WARN"));
        Process app = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(Path.of("bench", "results-soak-app.log").toFile()).start();
        URI base = URI.create("http://127.0.0.1:" + port);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
                .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
        try {
            waitForApp(http, base, app);
            SignerSet signers = new SignerSet(k1, k2, stranger);
            // Warm-up: the keys are fetched and the JIT has seen every path before the first RSS.
            load(http, base, signers, Duration.ofSeconds(20), Long.MAX_VALUE, false);
            long rssStart = rssKb(app.pid());
            long nativeStart = nativeObjects(http, base, app.pid());
            timeline.add("0:00 warm-up done: RSS " + rssStart + " kB, " + nativeStart + " native objects");

            long totalMillis = total.toMillis();
            long start = System.currentTimeMillis();
            Thread schedule = Thread.ofPlatform().daemon().start(() -> schedule(start, totalMillis, k2));
            long[] rssMid = new long[1];
            Thread middle = Thread.ofVirtual().start(() -> {
                sleep(totalMillis / 2);
                rssMid[0] = rssKb(app.pid());
                timeline.add(clock(start) + " middle: RSS " + rssMid[0] + " kB");
            });
            load(http, base, signers, total, maxRequests, true);
            schedule.interrupt();
            middle.join();
            if (mode == Mode.DOWN) {
                issuerUp();
            }
            mode = Mode.UP;
            sleep(2000);
            long rssEnd = rssKb(app.pid());
            long nativeEnd = nativeObjects(http, base, app.pid());
            timeline.add(clock(start) + " end: RSS " + rssEnd + " kB, " + nativeEnd + " native objects");
            writePage(began, options, port, rssStart, rssMid[0], rssEnd, nativeStart, nativeEnd,
                    System.currentTimeMillis() - start);
        } finally {
            app.destroy();
            if (!app.waitFor(10, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
            if (idp != null) {
                idp.stop(0);
            }
        }
    }

    /**
     * The issuer's day, as fractions of the soak: publish a second key at 15 %, sign with it from
     * 25 % (more than a cache lifetime later, as issuers rotate), drop the first at 35 %; go down
     * from 40 to 50 %; answer 429 from 55 to 65 %, and 503 with an HTTP-date from 70 to 78 %.
     */
    private void schedule(long start, long totalMillis, JwtPrivateKey k2) {
        Object[][] plan = {
            {0.15, "publish k2"}, {0.25, "sign with k2"}, {0.35, "drop k1"}, {0.40, "down"}, {0.50, "up"},
            {0.55, "429"}, {0.65, "200"}, {0.70, "503"}, {0.78, "200"}};
        for (Object[] step : plan) {
            long at = start + (long) ((double) step[0] * totalMillis);
            long wait = at - System.currentTimeMillis();
            if (wait > 0) {
                try {
                    Thread.sleep(wait);
                } catch (InterruptedException e) {
                    return;
                }
            }
            String what = (String) step[1];
            try {
                switch (what) {
                    case "publish k2" -> published.add(k2);
                    case "sign with k2" -> signing.set(k2);
                    case "drop k1" -> published.removeIf(k -> !k.keyId().equals(k2.keyId()));
                    case "down" -> issuerDown();
                    case "up" -> issuerUp();
                    case "429" -> mode = Mode.TOO_MANY;
                    case "503" -> mode = Mode.UNAVAILABLE;
                    case "200" -> mode = Mode.UP;
                    default -> throw new IllegalStateException(what);
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            timeline.add(clock(start) + " issuer: " + what);
        }
    }

    private static String clock(long start) {
        long s = (System.currentTimeMillis() - start) / 1000;
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    /** The keys clients sign with: the issuer's current one, and one nobody published. */
    private final class SignerSet {
        final Map<String, JwtSigner> byKid;
        final JwtSigner stranger;

        SignerSet(JwtPrivateKey k1, JwtPrivateKey k2, JwtPrivateKey strangerKey) {
            byKid = Map.of(k1.keyId(), JwtSigner.builder(k1).algorithm(Algorithm.ES256).build(),
                    k2.keyId(), JwtSigner.builder(k2).algorithm(Algorithm.ES256).build());
            stranger = JwtSigner.builder(strangerKey).algorithm(Algorithm.ES256).build();
        }

        JwtSigner current() {
            return byKid.get(signing.get().keyId());
        }
    }

    private void load(HttpClient http, URI base, SignerSet signers, Duration length, long cap, boolean record)
            throws InterruptedException {
        long end = System.currentTimeMillis() + length.toMillis();
        AtomicLong budget = new AtomicLong(cap);
        int totalWeight = Arrays.stream(Kind.values()).mapToInt(k -> k.weight).sum();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < concurrency; c++) {
                SplittableRandom random = seeds.split();
                clients.submit(() -> {
                    while (System.currentTimeMillis() < end && budget.decrementAndGet() >= 0) {
                        int pick = random.nextInt(totalWeight);
                        Kind kind = Kind.VALID;
                        for (Kind k : Kind.values()) {
                            if (pick < k.weight) {
                                kind = k;
                                break;
                            }
                            pick -= k.weight;
                        }
                        send(http, base, signers, kind, random, record);
                    }
                    return null;
                });
            }
        }
    }

    private void send(HttpClient http, URI base, SignerSet signers, Kind kind, SplittableRandom random, boolean record) {
        Instant now = Instant.now();
        Map<String, Object> claims = Map.of("iss", issuer, "sub", "soak", "aud", "demo-api",
                "iat", now, "exp", kind == Kind.EXPIRED ? now.minusSeconds(120) : now.plusSeconds(300));
        String token = switch (kind) {
            case VALID, EXPIRED -> signers.current().sign(claims);
            case BAD_SIGNATURE -> signers.stranger.sign(claims).replace("soak-k1", signing.get().keyId());
            case UNKNOWN_KID -> signers.current().sign(claims); // kid replaced below
            case OVERSIZED -> "x".repeat(12_000);
        };
        if (kind == Kind.UNKNOWN_KID) {
            String header = "{\"alg\":\"ES256\",\"typ\":\"JWT\",\"kid\":\"made-up-" + random.nextLong() + "\"}";
            token = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(header.getBytes(StandardCharsets.UTF_8))
                    + token.substring(token.indexOf('.'));
        }
        HttpRequest req = HttpRequest.newBuilder(base.resolve("/hello")).timeout(Duration.ofSeconds(5))
                .header("Authorization", "Bearer " + token).GET().build();
        long t0 = System.nanoTime();
        int status;
        try {
            status = http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            status = -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        long micros = (System.nanoTime() - t0) / 1000;
        if (!record) {
            return;
        }
        sent[kind.ordinal()].increment();
        boolean ok = kind == Kind.VALID ? status == 200 : status >= 400 && status < 500;
        if (!ok) {
            unexpected[kind.ordinal()].increment();
            if (kind == Kind.VALID && refusedValid.size() < 20) {
                refusedValid.add(Instant.now() + " HTTP " + status + " (issuer " + mode + ")");
            }
        }
        if (kind == Kind.VALID && status == 200) {
            latencies.add(new long[] {micros});
        }
    }

    private static void waitForApp(HttpClient http, URI base, Process app) throws Exception {
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            if (!app.isAlive()) {
                throw new IllegalStateException("the example exited at start-up; see bench/results-soak-app.log");
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/decoder")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    if (!r.body().contains("io.lcjwt.spring.LcjwtJwtDecoder")) {
                        throw new IllegalStateException("the example runs " + r.body().strip() + ", not lcjwt's decoder");
                    }
                    return;
                }
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the example did not start within 2 minutes");
    }

    /**
     * The native objects lcjwt holds in the app, after a full GC there: keys replaced by a
     * rotation are freed by their Cleaner once unreachable, and only a GC tells.
     */
    private static long nativeObjects(HttpClient http, URI base, long pid) throws Exception {
        Process gc = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid), "GC.run").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        gc.waitFor(30, TimeUnit.SECONDS);
        Thread.sleep(1000);
        return Long.parseLong(http.send(HttpRequest.newBuilder(base.resolve("/native-objects")).build(),
                HttpResponse.BodyHandlers.ofString()).body().strip());
    }

    private static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    // ---- the page ---------------------------------------------------------------------------

    private void writePage(Instant began, String options, int port, long rssStart, long rssMid, long rssEnd,
            long nativeStart, long nativeEnd, long elapsedMillis) throws IOException {
        long[] micros = latencies.stream().mapToLong(l -> l[0]).sorted().toArray();
        long requests = Arrays.stream(sent).mapToLong(LongAdder::sum).sum();
        StringBuilder s = new StringBuilder("# lcjwt benchmarks: a soak of the Spring example under hostile traffic\n\n");
        s.append("Written by `bin/soak-spring").append(options.isEmpty() ? "" : " " + options)
                .append("`; do not edit by hand.\n\n");
        s.append("- When: ").append(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(began.atZone(ZoneOffset.UTC).withNano(0)))
                .append(" UTC, took ").append(Duration.between(began, Instant.now()).toSeconds()).append(" s\n");
        s.append("- Where: ").append(Machine.cpuModel()).append(", ").append(Runtime.getRuntime().availableProcessors())
                .append(" cores; the app, the clients and the issuer share them, on 127.0.0.1\n");
        s.append("- JDK: ").append(System.getProperty("java.vm.name")).append(' ').append(Runtime.version()).append('\n');
        s.append("- libcrypto: ").append(LibCrypto.describe()).append(" (the app loads the same by the same rules)\n");
        s.append(String.format(Locale.ROOT, "- The app: `examples/spring-resource-server`, 256 MB heap, `lcjwt.jwks.cooldown=30s`,"
                + " `lcjwt.jwks.max-stale=1h`; the issuer sends `Cache-Control: max-age=60`. Clients: %d at a time,"
                + " at most %,d requests in %d s.%n%n", concurrency, maxRequests, total.toSeconds()));
        s.append("## Verdicts\n\n| check | result | required |\n|---|---:|---|\n");
        long refused = unexpected[Kind.VALID.ordinal()].sum();
        s.append(String.format(Locale.ROOT, "| valid requests refused | **%d** of %,d | 0 |%n", refused,
                sent[Kind.VALID.ordinal()].sum()));
        long badAccepted = 0;
        for (Kind k : Kind.values()) {
            if (k != Kind.VALID) {
                badAccepted += unexpected[k.ordinal()].sum();
            }
        }
        s.append(String.format(Locale.ROOT, "| bad requests not answered 4xx | **%d** | 0 |%n", badAccepted));
        s.append(String.format(Locale.ROOT, "| JWKS requests before a Retry-After expired | **%d** | 0 |%n", earlyFetches.get()));
        s.append(String.format(Locale.ROOT, "| native objects after a full GC: after warm-up, at the end | %d, %d | equal |%n", nativeStart, nativeEnd));
        s.append(String.format(Locale.ROOT, "| app RSS: after warm-up, middle, end | %,d kB, %,d kB, %,d kB | flat |%n",
                rssStart, rssMid, rssEnd));
        s.append(String.format(Locale.ROOT, "| valid requests' latency, p50 / p99 (loopback, shared CPUs) | %s / %s µs | |%n%n",
                pct(micros, 0.50), pct(micros, 0.99)));
        s.append("## Requests\n\n| kind | sent | answered as required |\n|---|---:|---:|\n");
        for (Kind k : Kind.values()) {
            s.append(String.format(Locale.ROOT, "| %s | %,d | %,d |%n", k.name().toLowerCase(Locale.ROOT).replace('_', ' '),
                    sent[k.ordinal()].sum(), sent[k.ordinal()].sum() - unexpected[k.ordinal()].sum()));
        }
        s.append(String.format(Locale.ROOT, "%nIn all %,d requests in %.0f s.%n%n", requests, elapsedMillis / 1000.0));
        s.append("## The issuer's JWKS requests\n\n");
        s.append("Expected: about one per cache lifetime (60 s) while the issuer answers, one per cooldown (30 s) at"
                + " most for the made-up kids, fewer while it is down (backoff), none before a Retry-After expires.\n\n");
        s.append("| minute | requests | answers |\n|---:|---:|---|\n");
        long first = fetches.stream().mapToLong(f -> f[0]).min().orElse(0);
        java.util.TreeMap<Long, List<Long>> byMinute = new java.util.TreeMap<>();
        for (long[] f : fetches) {
            byMinute.computeIfAbsent((f[0] - first) / 60_000, m -> new ArrayList<>()).add(f[1]);
        }
        byMinute.forEach((m, statuses) -> s.append(String.format(Locale.ROOT, "| %d | %d | %s |%n", m, statuses.size(),
                statuses.stream().map(String::valueOf).distinct().sorted().reduce((a, b) -> a + ", " + b).orElse(""))));
        s.append("\n## Timeline\n\n");
        for (String t : timeline) {
            s.append("- ").append(t).append('\n');
        }
        if (!refusedValid.isEmpty()) {
            s.append("\n## Valid requests refused (first 20)\n\n");
            refusedValid.forEach(r -> s.append("- ").append(r).append('\n'));
        }
        Files.writeString(Path.of("bench", "results-soak.md"), s.toString());
        System.err.println("soak: wrote bench/results-soak.md");
    }

    private static String pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%,d", sorted[Math.min(sorted.length - 1, (int) (p * sorted.length))]);
    }
}
