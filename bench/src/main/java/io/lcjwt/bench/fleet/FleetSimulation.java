package io.lcjwt.bench.fleet;

import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.internal.jwks.Transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.LongFunction;

/**
 * The fleet simulation: {@code N} service instances, each with lcjwt's real JWKS client, against
 * one issuer, on a virtual clock. Each scenario is one deterministic run; the page
 * ({@code bench/results-fleet.md}, by {@link FleetPage}) shows what the issuer saw and what the
 * instances refused, against the targets.
 *
 * <pre>
 * bin/fleet                          the full run (10,000 instances), writes bench/results-fleet.md
 * bin/fleet --instances 500 --print  a small run, printed only
 * </pre>
 */
public final class FleetSimulation {
    private FleetSimulation() {}

    /** The issuer's cache lifetime for its JWKS ({@code Cache-Control: max-age}). */
    static final long MAX_AGE = 3600;
    /** When the incidents of the shorter scenarios begin: two hours in, the fleet well under way. */
    static final long INCIDENT = 2 * 3600;
    static final int TOKEN_INTERVAL = 30;
    static final int START_WINDOW = 10;
    static final long SEED = 42;
    static final long DAY = 86_400;

    /** One scenario's run and its figures. */
    record Run(String name, String what, Fleet.Settings settings, Fleet.Result result, long[] incident) {}

    /** The issuer's documents: k1 alone, k1 and k2, k2 alone. */
    record Docs(String k1, String both, String k2) {
        static Docs make() {
            try (JwtPrivateKey a = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k1");
                 JwtPrivateKey b = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k2")) {
                return new Docs(JwkSet.of(a.publicKey()).toJson(), JwkSet.of(a.publicKey(), b.publicKey()).toJson(),
                        JwkSet.of(b.publicKey()).toJson());
            }
        }
    }

    static Transport.Response ok(URI uri, String doc) {
        return Transport.Response.ok(uri, doc, "Cache-Control", "max-age=" + MAX_AGE);
    }

    /**
     * A scenario from its parts: how the issuer answers, the valid tokens' kid, and the seconds
     * [from, to) of a made-up kid flood (none when equal), whose fetches are watched.
     */
    static Fleet.Scenario scenario(BiFunction<URI, Long, Transport.Response> answer, LongFunction<String> kid,
            long floodFrom, long floodTo) {
        return new Fleet.Scenario() {
            @Override
            public Transport.Response answer(URI uri, long now) {
                return answer.apply(uri, now);
            }

            @Override
            public String kid(long now) {
                return kid.apply(now);
            }

            @Override
            public boolean flood(long now) {
                return now >= floodFrom * 1000 && now < floodTo * 1000;
            }

            @Override
            public long[] watch() {
                return new long[] {floodFrom, floodTo};
            }
        };
    }

    /** Whether {@code now} (ms) lies in the {@code seconds} from {@link #INCIDENT}. */
    static boolean during(long now, long seconds) {
        return now >= INCIDENT * 1000 && now < (INCIDENT + seconds) * 1000;
    }

    /** A healthy issuer with one key. */
    static Fleet.Scenario healthy(Docs d) {
        return scenario((uri, now) -> ok(uri, d.k1()), now -> "k1", 0, 0);
    }

    /**
     * A rotation at {@link #INCIDENT}: k2 is published then; tokens switch to it after
     * {@code lead} seconds (0: at once, with no pre-publication); k1 leaves two lifetimes later.
     */
    static Fleet.Scenario rotation(Docs d, long lead) {
        long published = INCIDENT * 1000;
        long used = (INCIDENT + lead) * 1000;
        long retired = used + 2 * MAX_AGE * 1000;
        return scenario((uri, now) -> ok(uri, now < published ? d.k1() : now < retired ? d.both() : d.k2()),
                now -> now < used ? "k1" : "k2", 0, 0);
    }

    /** No answer at all (connection refused) for {@code seconds} from {@link #INCIDENT}. */
    static Fleet.Scenario outage(Docs d, long seconds) {
        return scenario((uri, now) -> {
            if (during(now, seconds)) {
                throw new UncheckedIOException(new ConnectException("Connection refused"));
            }
            return ok(uri, d.k1());
        }, now -> "k1", 0, 0);
    }

    /** 429 with {@code Retry-After: 60} to every request for {@code seconds} from {@link #INCIDENT}. */
    static Fleet.Scenario pushback(Docs d, long seconds) {
        return scenario((uri, now) -> during(now, seconds) ? Transport.Response.of(uri, 429, null, "Retry-After", "60")
                : ok(uri, d.k1()), now -> "k1", 0, 0);
    }

    /** A made-up kid every second on every instance for {@code seconds} from {@link #INCIDENT}. */
    static Fleet.Scenario flood(Docs d, long seconds) {
        return scenario((uri, now) -> ok(uri, d.k1()), now -> "k1", INCIDENT, INCIDENT + seconds);
    }

    /**
     * Every scenario of the page: the day-long synchronized starts with {@code instances}
     * instances, the incidents with {@code incidentInstances}.
     */
    static List<Run> runAll(int instances, int incidentInstances) {
        Docs d = Docs.make();
        List<Run> runs = new ArrayList<>();
        long[] none = {0, 0};
        runs.add(run("synchronized start, with jitter", "every instance starts within " + START_WINDOW
                + " s; the issuer is healthy for a day", instances, DAY, true, healthy(d), none));
        runs.add(run("synchronized start, without jitter", "the same, every refresh at 90 % of the lifetime and"
                + " retries one cooldown apart (the client before jitter)", instances, DAY, false, healthy(d), none));
        instances = incidentInstances;
        long four = INCIDENT + 2 * 3600;
        runs.add(run("key rotation, no pre-publication", "k2 published at 2 h and used at once; k1 gone two"
                + " lifetimes later", instances, four, true, rotation(d, 0), new long[] {INCIDENT, INCIDENT + 60}));
        runs.add(run("key rotation, pre-published", "k2 published at 2 h and used one lifetime later",
                instances, four, true, rotation(d, MAX_AGE), new long[] {INCIDENT, INCIDENT + MAX_AGE + 60}));
        runs.add(run("30-minute outage", "no answer (connection refused) from 2 h to 2 h 30", instances,
                INCIDENT + 3600, true, outage(d, 1800), new long[] {INCIDENT, INCIDENT + 1800}));
        runs.add(run("429 with Retry-After: 60 for 10 minutes", "every request from 2 h to 2 h 10 answered 429"
                + " Retry-After: 60", instances, INCIDENT + 3600, true, pushback(d, 600),
                new long[] {INCIDENT, INCIDENT + 600}));
        runs.add(run("made-up kid flood", "every instance gets a token with a new made-up kid every second, from"
                + " 2 h to 2 h 10, beside its valid tokens", instances, INCIDENT + 1800, true, flood(d, 600),
                new long[] {INCIDENT, INCIDENT + 600}));
        return runs;
    }

    static Run run(String name, String what, int instances, long seconds, boolean jitter, Fleet.Scenario s,
            long[] incident) {
        Fleet.Settings settings = new Fleet.Settings(instances, seconds, TOKEN_INTERVAL, START_WINDOW, jitter, SEED);
        long t0 = System.nanoTime();
        Fleet.Result r = new Fleet(settings, s).run();
        System.err.printf("fleet: %s: %d instances, %d s simulated, %d fetches, %.1f s%n", name, instances, seconds,
                r.fetches, (System.nanoTime() - t0) / 1e9);
        return new Run(name, what, settings, r, incident);
    }

    /**
     * {@code [--instances N] [--page PATH | --print]}: runs every scenario and writes the page
     * (default {@code bench/results-fleet.md}) or prints it.
     */
    public static void main(String[] args) throws IOException {
        int instances = 10_000;
        Path page = Path.of("bench", "results-fleet.md");
        boolean print = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--instances" -> instances = Integer.parseInt(args[++i]);
                case "--page" -> page = Path.of(args[++i]);
                case "--print" -> print = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + "; use [--instances N] [--page PATH | --print]");
            }
        }
        long t0 = System.nanoTime();
        List<Run> runs = runAll(instances, instances);
        String text = FleetPage.render(runs, io.lcjwt.bench.report.PageCommand.words(args), (System.nanoTime() - t0) / 1_000_000_000L);
        if (print) {
            System.out.print(text);
        } else {
            java.nio.file.Files.writeString(page, text);
            System.err.println("fleet: wrote " + page);
        }
        List<String> missed = FleetPage.missedTargets(runs);
        if (!missed.isEmpty()) {
            System.err.println("fleet: targets missed: " + missed);
            System.exit(1);
        }
    }
}
