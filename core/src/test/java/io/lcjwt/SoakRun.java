package io.lcjwt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The soak: decodes (and every 50th time also signs) {@code total} tokens across every algorithm
 * on {@code threads} threads while another thread keeps creating, using, closing and abandoning
 * keys, and closes a key that the workers are using now and then. Afterwards every key is closed
 * or collected, and lcjwt's native-object counters must be back at their baseline, with process
 * RSS flat after warm-up (the heap is fixed and pre-touched, so RSS growth is native memory):
 * at most 48 MiB above its value at the 25 % mark in short runs, 16 MiB in runs of 5 million
 * tokens or more.
 *
 * <p>Run in its own JVM: by {@code SoakTest} (a short run in the suite) and by {@code bin/soak}
 * (10 million tokens by default):
 * <pre>{@code java --enable-native-access=ALL-UNNAMED -Xms256m -Xmx256m -XX:+AlwaysPreTouch
 *     -cp <test classpath> io.lcjwt.SoakRun 10000000 4}</pre>
 * Prints progress, then {@code SOAK OK ...} and exits 0, or {@code SOAK FAILED: <why>} and exits 1.
 */
public final class SoakRun {

    private static final Algorithm[] ALGS = {
        Algorithm.HS256, Algorithm.HS384, Algorithm.HS512, Algorithm.RS256, Algorithm.PS256,
        Algorithm.ES256, Algorithm.ES256K, Algorithm.ES384, Algorithm.ES512, Algorithm.EdDSA,
    };
    private static final long EXP = 4_102_444_800L;
    private static final long RSS_SLACK_BYTES = 48L << 20;
    /**
     * 16 MiB over the last three quarters of a 10-million-token run: a leak of 2 bytes per decode
     * fails it. (It caught one: aws-lc Ed25519 verification copied the public key into pooled
     * working memory on every verify, 48 bytes a time, about 2 MiB per 500,000 decodes.)
     */
    private static final long RSS_SLACK_LONG_RUN_BYTES = 16L << 20;

    record Claims(String sub, String aud, long exp) {}

    private record Pair(JwtSigner signer, JwtVerifier verifier, List<AutoCloseable> keys) {}

    public static void main(String[] args) throws Exception {
        long total = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        String failure = run(total, threads);
        if (failure != null) {
            System.out.println("SOAK FAILED: " + failure);
            System.exit(1);
        }
    }

    static String run(long total, int threads) throws Exception {
        LibCrypto.NativeObjects baseline = LibCrypto.liveNativeObjects();
        Instant start = Instant.now();
        System.out.printf(Locale.ROOT, "soak: %,d tokens on %d threads, %s; baseline native objects %s%n",
                total, threads, LibCrypto.describe(), baseline);

        Map<Algorithm, Pair> pairs = new EnumMap<>(Algorithm.class);
        Map<Algorithm, String[]> tokens = new EnumMap<>(Algorithm.class);
        for (Algorithm alg : ALGS) {
            Pair p = pair(alg, "soak");
            pairs.put(alg, p);
            String[] t = new String[16];
            for (int i = 0; i < t.length; i++) {
                t[i] = p.signer().sign(Map.of("sub", alg + "-" + i, "aud", "soak", "exp", EXP));
            }
            tokens.put(alg, t);
        }

        AtomicReference<String> failure = new AtomicReference<>();
        AtomicReference<Doomed> doomed = new AtomicReference<>();
        AtomicLong done = new AtomicLong();
        AtomicLong closedSeen = new AtomicLong();
        AtomicLong churned = new AtomicLong();
        ConcurrentLinkedQueue<long[]> rss = new ConcurrentLinkedQueue<>();
        CountDownLatch workersDone = new CountDownLatch(threads);
        long perThread = total / threads;

        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < threads; w++) {
            int id = w;
            workers.add(Thread.ofPlatform().name("soak-" + w).start(() -> {
                try {
                    for (long i = 0; i < perThread && failure.get() == null; i++) {
                        Algorithm alg = ALGS[(int) ((i + id) % ALGS.length)];
                        Pair p = pairs.get(alg);
                        String token;
                        String sub;
                        if (i % 50 == 0) {
                            sub = "fresh-" + id + "-" + i;
                            token = p.signer().sign(Map.of("sub", sub, "aud", "soak", "exp", EXP));
                        } else {
                            int j = (int) (i % 16);
                            sub = alg + "-" + j;
                            token = tokens.get(alg)[j];
                        }
                        Claims c = p.verifier().decode(token, Claims.class);
                        if (!c.sub().equals(sub)) {
                            failure.compareAndSet(null, alg + " decoded sub " + c.sub() + ", expected " + sub);
                        }
                        if (i % 97 == 0) {
                            useDoomed(doomed.get(), closedSeen, failure);
                        }
                        long n = done.incrementAndGet();
                        if (n % Math.max(1, total / 20) == 0) {
                            rss.add(new long[] {n, rssBytes()});
                            progress(n, total, start);
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, "worker " + id + ": " + t);
                } finally {
                    workersDone.countDown();
                }
            }));
        }

        Thread churn = Thread.ofPlatform().name("soak-churn").start(() -> {
            int round = 0;
            try {
                while (workersDone.getCount() > 0 && failure.get() == null) {
                    Algorithm alg = ALGS[round % ALGS.length];
                    if (alg.family() == Algorithm.Family.RSA || alg.family() == Algorithm.Family.RSA_PSS) {
                        alg = Algorithm.ES256; // RSA key generation is too slow to churn
                    }
                    Pair p = pair(alg, "soak");
                    String token = p.signer().sign(Map.of("sub", "churn-" + round, "aud", "soak", "exp", EXP));
                    if (!p.verifier().decode(token, Claims.class).sub().equals("churn-" + round)) {
                        failure.compareAndSet(null, "a fresh " + alg + " key decoded someone else's claims");
                    }
                    if (round % 5 == 0) {
                        // hand it to the workers, then close it under them
                        doomed.set(new Doomed(p.verifier(), token));
                        Thread.sleep(2);
                        close(p);
                    } else if (round % 3 == 0) {
                        // abandoned: the Cleaner must free it
                    } else {
                        close(p);
                        close(p); // twice is fine
                    }
                    churned.incrementAndGet();
                    round++;
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, "churn: " + t);
            }
        });

        for (Thread t : workers) {
            t.join();
        }
        churn.join();
        if (failure.get() != null) {
            return failure.get();
        }
        doomed.set(null);
        for (Pair p : pairs.values()) {
            close(p);
        }
        pairs.clear();

        LibCrypto.NativeObjects end = LibCrypto.liveNativeObjects();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!end.equals(baseline) && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(100);
            end = LibCrypto.liveNativeObjects();
        }
        List<long[]> samples = new ArrayList<>(rss);
        samples.sort((a, b) -> Long.compare(a[0], b[0]));
        String rssReport = rssReport(samples);
        System.out.printf(Locale.ROOT, "soak: %,d decodes, %,d keys churned, %,d uses of a key closed under them;"
                + " native objects at end %s; RSS %s; %s%n", done.get(), churned.get(), closedSeen.get(), end, rssReport,
                Duration.between(start, Instant.now()));
        if (!end.equals(baseline)) {
            return "native objects did not return to baseline: " + baseline + " -> " + end;
        }
        if (samples.size() >= 4) {
            long warm = samples.get(samples.size() / 4)[1];
            long max = samples.stream().skip(samples.size() / 4).mapToLong(s -> s[1]).max().orElse(warm);
            // A long run must be flat; a short one still carries JIT and malloc-arena warm-up.
            long slack = total >= 5_000_000 ? RSS_SLACK_LONG_RUN_BYTES : RSS_SLACK_BYTES;
            if (max - warm > slack) {
                return String.format(Locale.ROOT, "RSS grew by %d MiB after warm-up: %s", (max - warm) >> 20, rssReport);
            }
        }
        System.out.println("SOAK OK");
        return null;
    }

    /** A verifier and its token, handed to the workers together. */
    private record Doomed(JwtVerifier verifier, String token) {}

    /** A verifier over a key that may be closed at any moment: it works, or says the key is closed. */
    private static void useDoomed(Doomed d, AtomicLong closedSeen, AtomicReference<String> failure) {
        if (d == null) {
            return;
        }
        try {
            d.verifier().decode(d.token(), Claims.class);
        } catch (IllegalStateException e) {
            if (e.getMessage() == null || !e.getMessage().contains("closed")) {
                failure.compareAndSet(null, "unclear error from a closed key: " + e);
            }
            closedSeen.incrementAndGet();
        }
    }

    private static Pair pair(Algorithm alg, String aud) {
        List<AutoCloseable> keys = new ArrayList<>();
        JwtKey signing;
        JwtKey verifying;
        if (alg.family() == Algorithm.Family.HMAC) {
            JwtSecretKey k = JwtSecretKey.of(TestTokens.bytes(64, alg.ordinal()));
            signing = k;
            verifying = k;
            keys.add(k);
        } else {
            JwtPrivateKey k = alg.family() == Algorithm.Family.ECDSA || alg == Algorithm.EdDSA
                    ? JwtPrivateKey.generate(alg) : JwtPrivateKey.generateRsa(2048);
            JwtPublicKey pub = JwtPublicKey.fromDer(k.publicKey().toDer());
            signing = k;
            verifying = pub;
            keys.add(k);
            keys.add(pub);
        }
        return new Pair(JwtSigner.builder(signing).algorithm(alg).build(),
                JwtVerifier.builder(verifying).algorithms(alg).audience(aud).build(), keys);
    }

    private static void close(Pair p) throws Exception {
        for (AutoCloseable k : p.keys()) {
            k.close();
        }
    }

    private static void progress(long n, long total, Instant start) {
        Duration elapsed = Duration.between(start, Instant.now());
        long etaMs = n == 0 ? 0 : elapsed.toMillis() * (total - n) / n;
        System.out.printf(Locale.ROOT, "soak: %,d of %,d (%d%%), elapsed %ds, about %ds left, RSS %d MiB, native %s%n",
                n, total, n * 100 / total, elapsed.toSeconds(), etaMs / 1000, rssBytes() >> 20, LibCrypto.liveNativeObjects());
    }

    private static String rssReport(List<long[]> samples) {
        StringBuilder b = new StringBuilder();
        for (long[] s : samples) {
            b.append(b.isEmpty() ? "" : " ").append(s[1] >> 20);
        }
        return "MiB at each 5% [" + b + "]";
    }

    /** Resident set size from /proc (Linux); 0 elsewhere, which disables the RSS check. */
    static long rssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    private SoakRun() {}
}
