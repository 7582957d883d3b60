package io.lcjwt.bench.fleet;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes {@code bench/results-fleet.md} from the fleet simulation's runs: what the issuer saw
 * (peak and mean requests per second, their ratio), what the instances refused, and whether the
 * targets hold. The peak is taken over whole minutes (the busiest minute's requests over 60),
 * since the per-second count of independent clients is as noisy as any Poisson count; the busiest
 * second is shown beside it. Both leave out the first minute, the deployment's own first fetches,
 * which are one per instance whatever the client does.
 */
final class FleetPage {
    private FleetPage() {}

    /** Most a scenario's steady state may peak over its mean, over minutes. */
    static final double RATIO_TARGET = 3.0;
    static final int COOLDOWN_SECONDS = 30;
    static final int MINUTE = 60;

    static double ratio(Fleet.Result r) {
        return r.peak(MINUTE, MINUTE) / (double) MINUTE / r.mean(MINUTE);
    }

    /** The targets a set of runs misses, in words; empty when all hold. */
    static List<String> missedTargets(List<FleetSimulation.Run> runs) {
        List<String> missed = new ArrayList<>();
        for (FleetSimulation.Run run : runs) {
            Fleet.Result r = run.result();
            if (r.refused != 0) {
                missed.add(run.name() + ": " + r.refused + " valid tokens refused");
            }
            if (r.beforeRetryAfter != 0) {
                missed.add(run.name() + ": " + r.beforeRetryAfter + " requests before Retry-After expired");
            }
            if (run.settings().jitter() && run.name().startsWith("synchronized start") && ratio(r) > RATIO_TARGET) {
                missed.add(run.name() + String.format(Locale.ROOT, ": peak-to-mean %.2f > %.0f", ratio(r), RATIO_TARGET));
            }
            if (run.name().startsWith("made-up kid flood")) {
                long window = run.incident()[1] - run.incident()[0];
                if (r.maxFetchesInWindow > window / COOLDOWN_SECONDS || r.minGapMillis < COOLDOWN_SECONDS * 1000L
                        || r.madeUpAccepted != 0) {
                    missed.add(run.name() + ": " + r.maxFetchesInWindow + " fetches by one instance in " + window
                            + " s, least gap " + r.minGapMillis + " ms, " + r.madeUpAccepted + " made-up kids accepted");
                }
            }
        }
        return missed;
    }

    static String f(double d) {
        return d >= 100 ? String.format(Locale.ROOT, "%,.0f", d) : String.format(Locale.ROOT, "%.2f", d);
    }

    static String n(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    static String render(List<FleetSimulation.Run> runs, String args, long tookSeconds) {
        StringBuilder b = new StringBuilder();
        Fleet.Settings s = runs.get(0).settings();
        b.append("# lcjwt's JWKS client in a fleet: what the issuer sees\n\n");
        b.append("Written by `bin/fleet").append(args.isEmpty() ? "" : " " + args).append("`; do not edit by hand.\n\n");
        b.append("- When: ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append(", took ").append(tookSeconds)
                .append(" s of real time\n");
        b.append("- JDK: ").append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.vm.version"))
                .append("; libcrypto: ").append(io.lcjwt.LibCrypto.describe()).append('\n');
        b.append("- What runs: ").append(n(s.instances())).append(" instances, each with lcjwt's own `JwksClient` (its key"
                + " cache, single flight, cooldown, backoff, `Retry-After` and jitter, with the default settings), against one"
                + " simulated issuer on a virtual clock: no network, no threads, no sleeping. The client is built through"
                + " lcjwt's internal `JwksAccess` with an in-memory transport and a seeded random source; nothing else differs"
                + " from a client made by `JwksClient.builder(uri).build()`.\n");
        b.append("- Each instance starts at a random moment within the first ").append(s.startWindowSeconds())
                .append(" s and then decodes one token every ").append(s.tokenIntervalSeconds()).append(" s (what a"
                + " verifier asks of the client: the freshness check and the key for the token's `kid`). The issuer's"
                + " JWKS has `Cache-Control: max-age=").append(FleetSimulation.MAX_AGE).append("`.\n");
        b.append("- Deterministic: seed ").append(s.seed()).append("; a rerun gives the same counts on any machine.\n\n");

        b.append("## Targets\n\n");
        List<String> missed = missedTargets(runs);
        b.append(missed.isEmpty() ? "All met.\n\n" : "Missed: " + String.join("; ", missed) + ".\n\n");
        b.append("| target | run | figure | met |\n|---|---|---:|---|\n");
        for (FleetSimulation.Run run : runs) {
            Fleet.Result r = run.result();
            if (run.name().startsWith("synchronized start")) {
                boolean target = run.settings().jitter();
                b.append("| peak-to-mean ≤ 3 over the day").append(target ? "" : " (for comparison)").append(" | ")
                        .append(run.name()).append(" | ").append(f(ratio(r))).append(" | ")
                        .append(target ? (ratio(r) <= RATIO_TARGET ? "yes" : "no") : "—").append(" |\n");
            }
        }
        long refused = runs.stream().mapToLong(r -> r.result().refused).sum();
        b.append("| valid tokens refused: 0 | every run | ").append(n(refused)).append(" | ")
                .append(refused == 0 ? "yes" : "no").append(" |\n");
        for (FleetSimulation.Run run : runs) {
            Fleet.Result r = run.result();
            if (run.name().startsWith("429")) {
                b.append("| requests before a Retry-After expired: 0 | ").append(run.name()).append(" | ")
                        .append(n(r.beforeRetryAfter)).append(" | ").append(r.beforeRetryAfter == 0 ? "yes" : "no")
                        .append(" |\n");
            }
            if (run.name().startsWith("made-up kid flood")) {
                long window = run.incident()[1] - run.incident()[0];
                b.append("| made-up kids: at most one fetch per cooldown (").append(COOLDOWN_SECONDS)
                        .append(" s) per instance | ").append(run.name()).append(" | most fetches by one instance in ")
                        .append(window).append(" s: ").append(r.maxFetchesInWindow).append(" (at most ")
                        .append(window / COOLDOWN_SECONDS).append("); least gap between two fetches of one instance: ")
                        .append(r.minGapMillis / 1000).append(" s | ")
                        .append(r.maxFetchesInWindow <= window / COOLDOWN_SECONDS && r.minGapMillis >= COOLDOWN_SECONDS * 1000L
                                ? "yes" : "no").append(" |\n");
            }
        }

        b.append("\n## Every run\n\n");
        b.append("Requests per second are the issuer's, from the second minute on (the first minute holds the"
                + " deployment's first fetches, one per instance). Busiest minute: that minute's requests over 60.\n\n");
        b.append("| run | simulated | requests | first minute | busiest second | busiest minute, per s | mean per s"
                + " | peak-to-mean (minutes) | valid tokens refused | requests before Retry-After | during the incident |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (FleetSimulation.Run run : runs) {
            Fleet.Result r = run.result();
            long[] inc = run.incident();
            String during = inc[1] > inc[0] ? n(r.total((int) inc[0], (int) inc[1])) + " requests in "
                    + (inc[1] - inc[0]) + " s (" + f(r.total((int) inc[0], (int) inc[1]) / (double) run.settings().instances())
                    + " per instance)" + (r.answered429 > 0 ? ", " + n(r.answered429) + " answered 429" : "") : "—";
            b.append("| ").append(run.name()).append(" | ").append(hours(run.settings().seconds())).append(" | ")
                    .append(n(r.fetches)).append(" | ").append(n(r.total(0, MINUTE))).append(" | ")
                    .append(n(r.peak(1, MINUTE))).append(" | ").append(f(r.peak(MINUTE, MINUTE) / (double) MINUTE))
                    .append(" | ").append(f(r.mean(MINUTE))).append(" | ").append(f(ratio(r))).append(" | ")
                    .append(n(r.refused)).append(" | ").append(n(r.beforeRetryAfter)).append(" | ").append(during)
                    .append(" |\n");
        }
        b.append("\nWhat each run is:\n\n");
        for (FleetSimulation.Run run : runs) {
            b.append("- **").append(run.name()).append("**: ").append(run.what()).append(".\n");
        }
        b.append("\nReading the incidents: a rotation whose new key signs before any instance could have fetched it"
                + " costs one fetch per instance, within one token interval (the unknown kid is refetched once,"
                + " and no token is refused); published a lifetime ahead, it costs nothing. Through an outage every"
                + " instance keeps serving its keys (within `maxStale`) and retries on its backoff, which grows from"
                + " the cooldown (30 s) to `maxBackoff` (5 minutes) with jitter: once most have reached the cap, the"
                + " issuer sees about N / 165 s (the mean of 30 s to 5 minutes), the outage's busiest minutes;"
                + " a larger `maxBackoff` lowers that, at the cost of a later recovery. A 429 with `Retry-After`"
                + " stops each instance until it expires, and the cached keys serve meanwhile. A flood of made-up"
                + " kids makes each instance fetch once per cooldown, no more.\n");

        FleetSimulation.Run with = runs.get(0);
        FleetSimulation.Run without = runs.get(1);
        b.append("\n## The synchronized start, hour by hour\n\n");
        b.append("The busiest minute of each hour, in requests per second, with the client's jitter and without it."
                + " Without jitter the instances that started together refresh together, every lifetime, for ever;"
                + " with it the first refresh after start-up is drawn from the last 10-50 % of the lifetime and each"
                + " later one from the last 10-20 %, so they fall out of step at once.\n\n");
        b.append("| hour | with jitter | without jitter |\n|---:|---:|---:|\n");
        for (int h = 0; h * 3600 < with.settings().seconds(); h++) {
            b.append("| ").append(h).append(" | ").append(f(busiest(with.result(), h))).append(" | ")
                    .append(f(busiest(without.result(), h))).append(" |\n");
        }
        return b.toString();
    }

    /** The busiest minute of hour {@code h} (the first minute of the run left out), per second. */
    static double busiest(Fleet.Result r, int h) {
        long best = 0;
        for (int m = Math.max(1, h * 60); m < (h + 1) * 60 && (m + 1) * MINUTE <= r.perSecond.length; m++) {
            best = Math.max(best, r.total(m * MINUTE, (m + 1) * MINUTE));
        }
        return best / (double) MINUTE;
    }

    static String hours(long seconds) {
        return seconds % 3600 == 0 ? seconds / 3600 + " h" : String.format(Locale.ROOT, "%.1f h", seconds / 3600.0);
    }
}
