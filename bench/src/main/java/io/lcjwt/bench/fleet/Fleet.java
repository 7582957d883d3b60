package io.lcjwt.bench.fleet;

import io.lcjwt.Algorithm;
import io.lcjwt.JwksClient;
import io.lcjwt.JwtException;
import io.lcjwt.JwtHeader;
import io.lcjwt.internal.crypto.KeyResolver;
import io.lcjwt.internal.jwks.JwksAccess;
import io.lcjwt.internal.jwks.Transport;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * A fleet of service instances, each with a real {@link JwksClient} (the production refresh
 * logic: its key cache, gate, backoff and jitter), against one simulated issuer, on a virtual
 * clock with no network and no threads. Each instance starts at its own moment and then decodes
 * a token every {@code tokenIntervalSeconds}; a decode is what the verifier asks of the client
 * (the freshness check and the key for the token's header), which is all that decides when the
 * client fetches. Fetches complete at once, through a {@link Transport} that asks the
 * {@link Scenario} how the issuer answers at that moment.
 *
 * <p>Deterministic: every random draw comes from generators seeded from {@code seed}.
 */
final class Fleet {
    static final URI JWKS = URI.create("https://issuer.example/.well-known/jwks.json");
    /** The virtual clock's zero: 2023-11-14T22:13:20Z. */
    static final long EPOCH = 1_700_000_000_000L;

    /** The knobs of one run. */
    record Settings(int instances, long seconds, int tokenIntervalSeconds, int startWindowSeconds, boolean jitter,
            long seed) {}

    /** What one run measured. */
    static final class Result {
        final int[] perSecond;
        long fetches;
        long refused;
        long beforeRetryAfter;
        long madeUpRefused;
        long madeUpAccepted;
        long decodes;
        /** The least time between two fetch starts of one instance, in ms (Long.MAX_VALUE if none had two). */
        long minGapMillis = Long.MAX_VALUE;
        /** The most fetches one instance made inside the scenario's watch window. */
        int maxFetchesInWindow;
        long answered429;

        Result(long seconds) {
            perSecond = new int[(int) seconds];
        }

        /** The busiest window of {@code width} seconds (starting at or after {@code from}), in requests. */
        long peak(int width, int from) {
            long best = 0;
            for (int s = from; s + width <= perSecond.length; s += width) {
                long sum = 0;
                for (int i = s; i < s + width; i++) {
                    sum += perSecond[i];
                }
                best = Math.max(best, sum);
            }
            return best;
        }

        /** Requests from second {@code from} on, per second. */
        double mean(int from) {
            long sum = 0;
            for (int s = from; s < perSecond.length; s++) {
                sum += perSecond[s];
            }
            return (double) sum / (perSecond.length - from);
        }

        long total(int from, int to) {
            long sum = 0;
            for (int s = from; s < Math.min(to, perSecond.length); s++) {
                sum += perSecond[s];
            }
            return sum;
        }
    }

    /** The issuer's side of a run, and what the instances' tokens carry. */
    interface Scenario {
        /** How the issuer answers a JWKS request at {@code nowMillis} (since the run began), or throws for no answer. */
        Transport.Response answer(URI uri, long nowMillis);

        /** The kid of the valid tokens at {@code nowMillis}. */
        String kid(long nowMillis);

        /** Whether instances also receive a made-up kid each second at {@code nowMillis}. */
        boolean flood(long nowMillis);

        /** The window [from, to) in seconds whose fetches per instance are counted. */
        long[] watch();
    }

    /** The virtual clock all clients share. */
    static final class VirtualClock extends Clock {
        long now = EPOCH;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(now);
        }

        @Override
        public long millis() {
            return now;
        }
    }

    private final Settings settings;
    private final Scenario scenario;
    private final VirtualClock clock = new VirtualClock();
    private final Result result;
    private final long[] start;
    private final long[] lastFetch;
    private final long[] pushedUntil;
    private final int[] fetchesInWindow;

    Fleet(Settings settings, Scenario scenario) {
        this.settings = settings;
        this.scenario = scenario;
        this.result = new Result(settings.seconds());
        int n = settings.instances();
        start = new long[n];
        lastFetch = new long[n];
        pushedUntil = new long[n];
        fetchesInWindow = new int[n];
        Arrays.fill(lastFetch, Long.MIN_VALUE);
        SplittableRandom starts = new SplittableRandom(settings.seed());
        for (int i = 0; i < n; i++) {
            start[i] = starts.nextLong(settings.startWindowSeconds() * 1000L);
        }
    }

    /** One instance's way to the issuer: it tells the fleet who asked, so that each request is judged. */
    private final class Link implements Transport {
        private final int instance;

        Link(int instance) {
            this.instance = instance;
        }

        @Override
        public CompletableFuture<Response> get(URI uri) {
            long t = clock.now - EPOCH;
            int second = (int) (t / 1000);
            if (second < result.perSecond.length) {
                result.perSecond[second]++;
            }
            result.fetches++;
            if (t < pushedUntil[instance]) {
                result.beforeRetryAfter++;
            }
            if (lastFetch[instance] != Long.MIN_VALUE) {
                result.minGapMillis = Math.min(result.minGapMillis, t - lastFetch[instance]);
            }
            lastFetch[instance] = t;
            long[] w = scenario.watch();
            if (second >= w[0] && second < w[1]) {
                result.maxFetchesInWindow = Math.max(result.maxFetchesInWindow, ++fetchesInWindow[instance]);
            }
            try {
                Response r = scenario.answer(uri, t);
                if (r.status() == 429 || r.status() == 503) {
                    result.answered429++;
                    r.first("Retry-After").ifPresent(v -> pushedUntil[instance] = t + Long.parseLong(v) * 1000);
                }
                return CompletableFuture.completedFuture(r);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
    }

    /** Runs the fleet for the settings' duration and returns what it measured. */
    Result run() {
        int n = settings.instances();
        KeyResolver[] resolvers = new KeyResolver[n];
        JwksAccess.Bridge<JwksClient, JwksClient.Builder> bridge = JwksAccess.get();
        SplittableRandom seeds = new SplittableRandom(settings.seed() * 31 + 7);
        for (int i = 0; i < n; i++) {
            SplittableRandom r = new SplittableRandom(seeds.nextLong());
            JwksClient c = bridge.build(JwksClient.builder(JWKS).clock(clock), new Link(i),
                    settings.jitter() ? r::nextDouble : () -> 0.0);
            resolvers[i] = bridge.resolver(c, true);
        }
        // Instances in the order of their offset within a second, and by the second of their
        // token interval in which their tokens come.
        Integer[] byOffset = new Integer[n];
        for (int i = 0; i < n; i++) {
            byOffset[i] = i;
        }
        Arrays.sort(byOffset, (a, b) -> Long.compare(start[a] % 1000, start[b] % 1000));
        int interval = settings.tokenIntervalSeconds();
        List<List<Integer>> buckets = new ArrayList<>();
        for (int s = 0; s < interval; s++) {
            buckets.add(new ArrayList<>());
        }
        for (int i : byOffset) {
            buckets.get((int) ((start[i] / 1000) % interval)).add(i);
        }
        long madeUp = 0;
        for (long s = 0; s < settings.seconds(); s++) {
            long second = s * 1000;
            boolean flood = scenario.flood(second);
            List<Integer> due = buckets.get((int) (s % interval));
            Iterable<Integer> who = flood ? Arrays.asList(byOffset) : due;
            for (int i : who) {
                long t = second + start[i] % 1000;
                if (t < start[i]) {
                    continue; // not started yet
                }
                clock.now = EPOCH + t;
                boolean tokenDue = !flood || (s % interval) == (start[i] / 1000) % interval;
                if (tokenDue) {
                    result.decodes++;
                    if (!decode(resolvers[i], scenario.kid(t))) {
                        result.refused++;
                    }
                }
                if (flood) {
                    if (decode(resolvers[i], "made-up-" + madeUp++)) {
                        result.madeUpAccepted++;
                    } else {
                        result.madeUpRefused++;
                    }
                }
            }
        }
        return result;
    }

    /** What a verifier asks of the client for one token: the freshness check, then the key. */
    private static boolean decode(KeyResolver r, String kid) {
        try {
            r.checkFresh();
            r.resolve(new JwtHeader(Algorithm.ES256, kid, null, Map.of("alg", "ES256", "kid", kid)));
            return true;
        } catch (JwtException e) {
            return false; // UnknownKeyException, or JwksUnavailableException past maxStale
        }
    }
}
