package io.lcjwt.bench.report;

import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The results of one JMH benchmark class from JMH's JSON file, by the value of one
 * {@code @Param} and then by benchmark method, with the number formats the pages share
 * ({@link JwePage}, {@link SdJwtPage}).
 */
final class JmhCells {
    private JmhCells() {}

    /** One benchmark's result: µs/op, its 99.9 % error (NaN when JMH gave none), B/op (NaN when not profiled). */
    record Cell(double us, double error, double bytes) {
        double err() {
            return Double.isNaN(error) ? 0 : error;
        }
    }

    /**
     * The runs of {@code benchClass} (its simple name) in {@code jmhJson}, keyed by the value of
     * parameter {@code param}, then by method ({@code lcjwtDecrypt}, ...).
     */
    static Map<String, Map<String, Cell>> read(String jmhJson, String benchClass, String param) throws IOException {
        Map<String, Map<String, Cell>> byParam = new LinkedHashMap<>();
        for (Object o : JSON.std.listFrom(jmhJson)) {
            Map<?, ?> run = (Map<?, ?>) o;
            String name = (String) run.get("benchmark");
            Map<?, ?> params = (Map<?, ?>) run.get("params");
            if (!name.contains("." + benchClass + ".") || params == null) {
                continue;
            }
            Map<?, ?> primary = (Map<?, ?>) run.get("primaryMetric");
            double scale = "ns/op".equals(primary.get("scoreUnit")) ? 1e-3 : "ms/op".equals(primary.get("scoreUnit")) ? 1e3 : 1;
            Map<?, ?> secondary = (Map<?, ?>) run.get("secondaryMetrics");
            Object norm = secondary == null ? null : secondary.get("gc.alloc.rate.norm");
            byParam.computeIfAbsent((String) params.get(param), k -> new LinkedHashMap<>()).put(
                    name.substring(name.lastIndexOf('.') + 1), new Cell(
                            ((Number) primary.get("score")).doubleValue() * scale,
                            primary.get("scoreError") instanceof Number n ? n.doubleValue() * scale : Double.NaN,
                            norm instanceof Map<?, ?> m ? ((Number) m.get("score")).doubleValue() : Double.NaN));
        }
        return byParam;
    }

    /** µs with its error: {@code 20.0 ± 1.00}. */
    static String us(Cell c) {
        return num(c.us()) + (Double.isNaN(c.error()) ? "" : " ± " + num(c.error()));
    }

    /** Three significant figures or so: {@code 1,400}, {@code 20.0}, {@code 5.00}. */
    static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    /** Two decimals, or ∞. */
    static String num2(double v) {
        return Double.isInfinite(v) ? "∞" : String.format(Locale.ROOT, "%.2f", v);
    }

    /** B/op with thousands separators, or nothing when not profiled. */
    static String bytes(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%,.0f", v);
    }
}
