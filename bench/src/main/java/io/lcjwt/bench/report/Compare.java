package io.lcjwt.bench.report;

import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Compares two JMH result files ({@code -rf json}) benchmark by benchmark, the way
 * {@code benchstat -delta} compares Go benchmarks: old and new score with their error bars (JMH's
 * 99.9 % confidence interval), the change in percent, and a verdict. The verdict is {@code ~} when
 * the two intervals overlap (no change can be claimed), otherwise {@code faster} or
 * {@code slower}, judged by the score's mode (lower is better for average and sample time, higher
 * for throughput).
 *
 * <pre>{@code java -cp bench/target/benchmarks.jar io.lcjwt.bench.report.Compare old.json new.json}</pre>
 * A benchmark is keyed by its name and parameters; one present in only one file is listed with
 * {@code -} on the other side.
 */
public final class Compare {

    /** One benchmark's score in one file. */
    public record Score(String key, String mode, String unit, double score, double error) {
        double low() {
            return score - err();
        }

        double high() {
            return score + err();
        }

        private double err() {
            return Double.isNaN(error) ? 0 : error;
        }
    }

    /** One row of the comparison. */
    public record Row(String key, Score before, Score after, double deltaPercent, String verdict) {}

    private Compare() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: Compare <old-jmh.json> <new-jmh.json>");
            System.exit(2);
        }
        print(compare(read(Path.of(args[0])), read(Path.of(args[1]))), System.out);
    }

    /** Reads a JMH JSON result file into scores keyed by benchmark and parameters. */
    public static Map<String, Score> read(Path file) throws IOException {
        List<Object> runs = JSON.std.listFrom(Files.readString(file));
        Map<String, Score> out = new LinkedHashMap<>();
        for (Object o : runs) {
            Map<?, ?> run = (Map<?, ?>) o;
            String key = key(run);
            Map<?, ?> primary = (Map<?, ?>) run.get("primaryMetric");
            double error = primary.get("scoreError") instanceof Number n ? n.doubleValue() : Double.NaN;
            out.put(key, new Score(key, (String) run.get("mode"), (String) primary.get("scoreUnit"),
                    ((Number) primary.get("score")).doubleValue(), error));
        }
        return out;
    }

    /** A JMH run's key: {@code Class.method} and its parameters, sorted by name. */
    public static String key(Map<?, ?> run) {
        String name = (String) run.get("benchmark");
        StringBuilder key = new StringBuilder(name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1));
        Map<?, ?> params = (Map<?, ?>) run.get("params");
        if (params != null) {
            new TreeMap<>(params).forEach((k, v) -> key.append(' ').append(k).append('=').append(v));
        }
        return key.toString();
    }

    public static List<Row> compare(Map<String, Score> before, Map<String, Score> after) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (Score b : before.values()) {
            Score a = after.get(b.key());
            rows.put(b.key(), row(b.key(), b, a));
        }
        for (Score a : after.values()) {
            rows.putIfAbsent(a.key(), row(a.key(), null, a));
        }
        return new ArrayList<>(rows.values());
    }

    private static Row row(String key, Score b, Score a) {
        if (b == null || a == null) {
            return new Row(key, b, a, Double.NaN, "");
        }
        if (!b.unit().equals(a.unit()) || !b.mode().equals(a.mode())) {
            return new Row(key, b, a, Double.NaN, "units differ");
        }
        double delta = (a.score() - b.score()) / b.score() * 100;
        boolean overlap = a.low() <= b.high() && b.low() <= a.high();
        boolean lowerIsBetter = !b.mode().equals("thrpt");
        String verdict = overlap ? "~" : (a.score() < b.score()) == lowerIsBetter ? "faster" : "slower";
        return new Row(key, b, a, delta, verdict);
    }

    public static void print(List<Row> rows, PrintStream out) {
        int w = Math.max(9, rows.stream().mapToInt(r -> r.key().length()).max().orElse(9));
        out.printf(Locale.ROOT, "%-" + w + "s  %22s  %22s  %8s  %s%n", "benchmark", "old", "new", "delta", "verdict");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-" + w + "s  %22s  %22s  %8s  %s%n", r.key(), cell(r.before()), cell(r.after()),
                    Double.isNaN(r.deltaPercent()) ? "" : String.format(Locale.ROOT, "%+.1f%%", r.deltaPercent()), r.verdict());
        }
        out.println("(± is JMH's 99.9% confidence interval; ~ means the intervals overlap: no change shown)");
    }

    private static String cell(Score s) {
        if (s == null) {
            return "-";
        }
        String err = Double.isNaN(s.error()) ? "" : String.format(Locale.ROOT, " ± %s", num(s.error()));
        return num(s.score()) + err + " " + s.unit();
    }

    private static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.1f", v) : v >= 1 ? String.format(Locale.ROOT, "%.3f", v)
                : String.format(Locale.ROOT, "%.4f", v);
    }
}
