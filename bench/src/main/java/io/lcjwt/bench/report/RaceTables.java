package io.lcjwt.bench.report;

import io.lcjwt.bench.race.Result;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The tables of the race pages: one race's ranking, and a grid of cases for the docker and matrix pages. */
public final class RaceTables {
    private RaceTables() {}

    public static String raceSection(List<Result> results, String alg, String kase, long decodes, int rounds,
            int processes) {
        List<Result> rs = results.stream().filter(r -> r.kase().equals(kase)).toList();
        double jjwt = rs.stream().filter(r -> r.contender().equals("jjwt") && r.ok()).mapToDouble(Result::median)
                .findFirst().orElse(Double.NaN);
        List<Result> ok = new ArrayList<>(rs.stream().filter(Result::ok).toList());
        ok.sort(Comparator.comparingDouble(Result::median));
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "## %s race: `%s`, %,d decodes x %d rounds%s%n%n", alg, kase, decodes, rounds,
                processes > 1 ? String.format(Locale.ROOT, ", each JVM contender in %d processes", processes) : ""));
        s.append("A JVM contender first warms in rounds of at least 1 s until, after at least 10 rounds, two"
                + " consecutive rounds agree within 3 % (at most 30 rounds); the warm-up column gives its rounds' µs per decode, the last two being the"
                + " pair that agreed. The warm-up and the timed rounds run the same decode loop, so the rounds time the code"
                + " the warm-up compiled. A native contender warms for one round's worth of decodes.\n\n");
        if (processes > 1) {
            s.append(String.format(Locale.ROOT, "Each JVM settles at a speed of its own, so each JVM contender ran in %d processes,"
                    + " in interleaved passes (every contender once, then every contender again), so that a drift in the"
                    + " host's speed falls on all of them: its µs per decode is the median of the %d processes' medians (each the median of its"
                    + " rounds), its range is over those %d medians, and its warm-up is that of the middle process. A native"
                    + " contender ran once; its range is over its rounds.%n%n", processes, processes, processes));
        }
        s.append(String.format(Locale.ROOT, "| library | %,d decodes (s) | µs per decode (median) | %s | vs jjwt | warm-up |%n", decodes,
                processes > 1 ? "range (JVM: over processes; native: over rounds)" : "range over rounds"));
        s.append("|---|---:|---:|---:|---:|---|\n");
        for (int i = 0; i < ok.size(); i++) {
            Result r = ok.get(i);
            String name = describe(r);
            String row = String.format(Locale.ROOT, "| %s | %.2f | %s | %s – %s | %s | %s |", i == 0 ? "**" + name + "**" : name,
                    r.median() * decodes / 1e6, i == 0 ? "**" + us(r.median()) + "**" : us(r.median()), us(r.min()), us(r.max()),
                    Double.isNaN(jjwt) ? "" : String.format(Locale.ROOT, "%.1fx", jjwt / r.median()), warmup(r));
            s.append(row).append('\n');
        }
        for (Result r : rs) {
            if (!r.ok()) {
                s.append(String.format(Locale.ROOT, "| %s | %s | | | | |%n", describe(r),
                        r.status().equals("n/a") ? "n/a: " + r.reason() : r.status() + ": " + r.reason()));
            }
        }
        return s.append('\n').toString();
    }

    /** The warm-up cell: a JVM contender's settle rounds, or one round's worth for a native one. */
    private static String warmup(Result r) {
        if (r.settled() == null) {
            return "one round";
        }
        List<Double> w = r.warmupUsPerDecode();
        String rounds = w.stream().map(RaceTables::us).collect(java.util.stream.Collectors.joining(" → "));
        return (r.settled() ? "settled, " : "**not settled** in ") + w.size() + " × ≥1 s: " + rounds;
    }

    public static String describe(Result r) {
        String v = r.version() == null || r.version().isEmpty() ? "" : " " + r.version();
        String fam = r.family() == null || r.family().equals("java") || r.family().equals("?") ? "" : " (" + r.family() + ")";
        return r.label().startsWith("lcjwt") ? r.label() : r.label() + v + fam;
    }

    static String us(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, v < 1 ? "%.3f" : "%.2f", v);
    }

    /** Rows are contenders, columns cases; each cell the median µs, the fastest in each column bold. */
    public static String grid(List<Result> results, List<String> cases, String source, long decodes, int rounds,
            long warm) {
        List<String> labels = new ArrayList<>();
        for (Result r : results) {
            if (r.source().equals(source) && cases.contains(r.kase()) && !labels.contains(r.label())) {
                labels.add(r.label());
            }
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "µs per decode (median of %d rounds of %,d, after a warm-up of %,d decodes); **bold**: fastest in"
                + " the column; n/a: the library cannot; failed: it did not pass validation. These cells are"
                + " unwarmed: rounds this short end before the JIT has settled (the Java contenders most of"
                + " all), so they compare the libraries before they are warm, not their settled speed; the"
                + " races and JMH measure that.%n%n", rounds, decodes, warm));
        int per = 6;
        for (int from = 0; from < cases.size(); from += per) {
            List<String> cols = cases.subList(from, Math.min(cases.size(), from + per));
            s.append("| library |");
            cols.forEach(c -> s.append(" ").append(c).append(" |"));
            s.append("\n|---|");
            cols.forEach(c -> s.append("---:|"));
            s.append('\n');
            Map<String, Double> best = new LinkedHashMap<>();
            for (String c : cols) {
                best.put(c, results.stream().filter(r -> r.source().equals(source) && r.kase().equals(c) && r.ok())
                        .mapToDouble(Result::median).min().orElse(Double.NaN));
            }
            for (String label : labels) {
                s.append("| ").append(label).append(" |");
                for (String c : cols) {
                    Result r = results.stream().filter(x -> x.label().equals(label) && x.source().equals(source)
                            && x.kase().equals(c)).findFirst().orElse(null);
                    String cell = r == null ? "" : r.ok() ? (r.median() == best.get(c) ? "**" + us(r.median()) + "**" : us(r.median()))
                            : r.status().equals("n/a") ? "n/a" : r.status();
                    s.append(' ').append(cell).append(" |");
                }
                s.append('\n');
            }
            s.append('\n');
        }
        s.append("Speed-up over jjwt (geometric mean over the cases both decoded):\n\n| library | vs jjwt | cases |\n|---|---:|---:|\n");
        Map<String, double[]> ratio = new LinkedHashMap<>();
        for (Result r : results) {
            if (!r.source().equals(source) || !cases.contains(r.kase()) || !r.ok()) {
                continue;
            }
            results.stream().filter(j -> j.contender().equals("jjwt") && j.source().equals(source)
                    && j.kase().equals(r.kase()) && j.ok()).findFirst().ifPresent(j -> {
                        double[] acc = ratio.computeIfAbsent(r.label(), k -> new double[2]);
                        acc[0] += Math.log(j.median() / r.median());
                        acc[1]++;
                    });
        }
        ratio.entrySet().stream().sorted(Comparator.comparingDouble(e -> -e.getValue()[0] / e.getValue()[1]))
                .forEach(e -> s.append(String.format(Locale.ROOT, "| %s | %.1fx | %d |%n", e.getKey(),
                        Math.exp(e.getValue()[0] / e.getValue()[1]), (int) e.getValue()[1])));
        s.append('\n');
        List<Result> notes = results.stream().filter(r -> r.source().equals(source) && !r.ok() && r.reason() != null).toList();
        Map<String, String> reasons = new LinkedHashMap<>();
        notes.forEach(r -> reasons.putIfAbsent(r.label() + ": " + r.status(), r.reason()));
        reasons.forEach((k, v) -> s.append("- ").append(k).append(" — ").append(v).append('\n'));
        return s.append('\n').toString();
    }
}
