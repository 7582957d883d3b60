package io.lcjwt.bench.report;

import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders {@code bench/results-claims.md} from the three JMH runs of {@code ClaimsReaderBench}
 * (one per reader, written by {@code bin/race claims}): per target type and payload, Jackson-jr
 * (old) against lcjwt's reader (new) with {@link Compare}'s delta and verdict, and lcjwt reading
 * with Jackson-jr beside them.
 */
public final class ClaimsPage {

    /** The readers, in the order they are run and shown. */
    public static final List<String> READERS = List.of("jackson-jr", "lcjwt", "lcjwt-jackson-jr");

    private ClaimsPage() {}

    /** B/op ({@code gc.alloc.rate.norm}) per benchmark key, as {@link Compare#read} keys them. */
    static Map<String, Double> bytesPerOp(Path file) throws IOException {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Object o : JSON.std.listFrom(Files.readString(file))) {
            Map<?, ?> run = (Map<?, ?>) o;
            String key = Compare.key(run);
            Map<?, ?> secondary = (Map<?, ?>) run.get("secondaryMetrics");
            Object norm = secondary == null ? null : secondary.get("gc.alloc.rate.norm");
            out.put(key, norm instanceof Map<?, ?> m ? ((Number) m.get("score")).doubleValue() : Double.NaN);
        }
        return out;
    }

    /**
     * The page body.
     *
     * @param runs each reader's JMH JSON file, keyed by {@link #READERS}
     * @param sizes each payload's size in bytes
     * @param options the JMH options the runs used
     */
    public static String render(Map<String, Path> runs, Map<String, Integer> sizes, String options) throws IOException {
        Map<String, Compare.Score> jr = Compare.read(runs.get("jackson-jr"));
        Map<String, Compare.Score> lc = Compare.read(runs.get("lcjwt"));
        Map<String, Compare.Score> lcjr = Compare.read(runs.get("lcjwt-jackson-jr"));
        Map<String, Double> jrB = bytesPerOp(runs.get("jackson-jr"));
        Map<String, Double> lcB = bytesPerOp(runs.get("lcjwt"));
        Map<String, Double> lcjrB = bytesPerOp(runs.get("lcjwt-jackson-jr"));
        Map<String, Compare.Row> rows = new LinkedHashMap<>();
        for (Compare.Row r : Compare.compare(jr, lc)) {
            rows.put(r.key(), r);
        }
        StringBuilder s = new StringBuilder();
        s.append("JMH average time of reading one decoded claims set (`ClaimsReaderBench`, no signature, no base64),"
                + " options `").append(options).append("`, `-prof gc`, one fork per reader, pinned to one CPU."
                + " ± is JMH's 99.9 % interval; B/op is `gc.alloc.rate.norm`. Old = Jackson-jr 2.23 alone"
                + " (`JSON.std.mapFrom` / `beanFrom`, no claim checks), new = lcjwt's reader with its claim checks;"
                + " delta and verdict as `Compare` (benchstat-style) gives them: `~` when the intervals overlap."
                + " The last columns are lcjwt reading with `ClaimsReader.jacksonJr(JSON.std)`.\n\n"
                + "Jackson-jr alone does less than either lcjwt column: `JSON.std` checks no duplicate names, no"
                + " nesting depth and no claims, and binds by coercion. lcjwt with Jackson-jr into a record or bean pays"
                + " for both readers: Jackson-jr's tree, written back as JSON, then lcjwt's binder (see `ClaimsReader`).\n\n");
        for (String method : List.of("intoMap", "intoRecord", "intoBean")) {
            String target = switch (method) {
                case "intoMap" -> "a Map";
                case "intoRecord" -> "a record (`ClaimsReaderBench.Common`)";
                default -> "a bean (`ClaimsReaderBench.CommonBean`)";
            };
            s.append("## Into ").append(target).append("\n\n");
            s.append("| payload | bytes | Jackson-jr µs | B/op | lcjwt µs | B/op | delta | verdict | lcjwt÷Jackson-jr time"
                    + " | lcjwt with Jackson-jr µs | B/op |\n");
            s.append("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|\n");
            for (Map.Entry<String, Integer> p : sizes.entrySet()) {
                String key = "ClaimsReaderBench." + method + " payload=" + p.getKey();
                Compare.Row r = rows.get(key);
                Compare.Score c = lcjr.get(key);
                if (r == null || r.before() == null || r.after() == null) {
                    s.append("| ").append(p.getKey()).append(" | ").append(p.getValue()).append(" | not run |||||||||\n");
                    continue;
                }
                s.append(String.format(Locale.ROOT, "| %s | %,d | %s | %s | %s | %s | %+.1f%% | %s | %.2f | %s | %s |%n",
                        p.getKey(), p.getValue(), us(r.before()), bytes(jrB.get(key)), us(r.after()), bytes(lcB.get(key)),
                        r.deltaPercent(), r.verdict(), r.after().score() / r.before().score(),
                        c == null ? "not run" : us(c), bytes(lcjrB.get(key))));
            }
            s.append('\n');
        }
        return s.toString();
    }

    private static String us(Compare.Score s) {
        String v = s.score() >= 10 ? String.format(Locale.ROOT, "%.1f", s.score()) : String.format(Locale.ROOT, "%.3f", s.score());
        return Double.isNaN(s.error()) ? v : v + String.format(Locale.ROOT, " ± %.3f", s.error());
    }

    private static String bytes(Double b) {
        return b == null || b.isNaN() ? "" : String.format(Locale.ROOT, "%,.0f", b);
    }
}
