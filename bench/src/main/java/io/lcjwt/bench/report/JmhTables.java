package io.lcjwt.bench.report;

import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.bench.race.LibraryVersion;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The JMH sections of the pages `bin/race jmh` and `bin/race spring` write, from JMH's JSON. */
public final class JmhTables {
    /** The Spring decoder's targets: lcjwt's throughput over Nimbus's, per algorithm. */
    static final Map<String, Double> SPRING_TARGETS = Map.of("ES256", 10.0, "RS256", 2.5, "HS256", 4.0);

    private JmhTables() {}

    /** The Spring encoder's targets: lcjwt's throughput over Nimbus's, per algorithm. */
    static final Map<String, Double> SPRING_ENCODER_TARGETS = Map.of("ES256", 10.0, "RS256", 1.5, "HS256", 3.0);

    /** One libcrypto's SpringDecoderBench results: per algorithm, both decoders and the ratio. */
    public static String springSection(String libLabel, String jmhJson, String options) throws IOException {
        return lcjwtAgainstNimbus("SpringDecoderBench", "`JwtDecoder.decode(token)`", "the decoders are built",
                SPRING_TARGETS, libLabel, jmhJson, options);
    }

    /** One libcrypto's SpringEncoderBench results: per algorithm, both encoders and the ratio. */
    public static String springEncoderSection(String libLabel, String jmhJson, String options) throws IOException {
        return lcjwtAgainstNimbus("SpringEncoderBench", "`JwtEncoder.encode(parameters)`",
                "the encoders are built, and the parameters made,", SPRING_ENCODER_TARGETS, libLabel, jmhJson, options);
    }

    /**
     * A Spring benchmark's results ({@code lcjwt} and {@code nimbus} methods, an {@code alg}
     * parameter): per algorithm, both sides, the ratio and the target.
     */
    private static String lcjwtAgainstNimbus(String bench, String call, String built, Map<String, Double> targets,
            String libLabel, String jmhJson, String options) throws IOException {
        Map<String, Map<String, double[]>> byAlg = new java.util.TreeMap<>(); // alg -> side -> {ops/s, ±, B/op}
        for (Object o : JSON.std.listFrom(jmhJson)) {
            Map<?, ?> run = (Map<?, ?>) o;
            String name = (String) run.get("benchmark");
            Map<?, ?> params = (Map<?, ?>) run.get("params");
            if (!name.contains("." + bench + ".") || params == null) {
                continue;
            }
            Map<?, ?> primary = (Map<?, ?>) run.get("primaryMetric");
            Map<?, ?> secondary = (Map<?, ?>) run.get("secondaryMetrics");
            Object norm = secondary == null ? null : secondary.get("gc.alloc.rate.norm");
            byAlg.computeIfAbsent((String) params.get("alg"), k -> new LinkedHashMap<>()).put(
                    name.substring(name.lastIndexOf('.') + 1), new double[] {
                        ((Number) primary.get("score")).doubleValue(),
                        primary.get("scoreError") instanceof Number n ? n.doubleValue() : Double.NaN,
                        norm instanceof Map<?, ?> m ? ((Number) m.get("score")).doubleValue() : Double.NaN});
        }
        StringBuilder s = new StringBuilder("## lcjwt on " + libLabel + " (Nimbus uses the JDK)\n\n");
        s.append("JMH throughput of ").append(call).append(" (benchmarks `").append(bench).append(".lcjwt` and `")
                .append(bench).append(".nimbus`, one fork each per algorithm), options `").append(options)
                .append("`, `-prof gc`, one pinned CPU; ± is JMH's 99.9 % interval; B/op is `gc.alloc.rate.norm`."
                + " Ratio: lcjwt's ops/s over Nimbus's, and in brackets the range the two intervals allow."
                + " Spring Security ").append(LibraryVersion.of("org.springframework.security",
                        "spring-security-oauth2-jose", org.springframework.security.oauth2.jwt.JwtDecoder.class))
                .append(", Spring Framework ").append(LibraryVersion.of("org.springframework", "spring-core",
                        org.springframework.core.SpringVersion.class))
                .append(" (Boot 4.0.7's); ").append(built).append(" as in the class comment of `").append(bench)
                .append("`.\n\n");
        s.append("| alg | lcjwt ops/s | ± | lcjwt B/op | Nimbus ops/s | ± | Nimbus B/op | lcjwt / Nimbus | target | met |\n");
        s.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (String alg : List.of("ES256", "RS256", "HS256")) {
            Map<String, double[]> sides = byAlg.getOrDefault(alg, Map.of());
            double[] l = sides.get("lcjwt");
            double[] n = sides.get("nimbus");
            double target = targets.get(alg);
            String label = alg.equals("RS256") ? "RS256 (RSA 2048)" : alg.equals("ES256") ? "ES256 (P-256)" : "HS256 (32 B)";
            if (l == null || n == null) {
                s.append(String.format(Locale.ROOT, "| %s | %s | | | %s | | | | %.1fx | not run |%n", label,
                        l == null ? "not run" : ops(l[0]), n == null ? "not run" : ops(n[0]), target));
                continue;
            }
            double ratio = l[0] / n[0];
            double low = (l[0] - nz(l[1])) / (n[0] + nz(n[1]));
            double high = n[0] - nz(n[1]) > 0 ? (l[0] + nz(l[1])) / (n[0] - nz(n[1])) : Double.POSITIVE_INFINITY;
            String met = low >= target ? "yes" : ratio >= target ? "yes (not beyond the error)"
                    : high >= target ? "no (within the error)" : "no";
            s.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | **%.2fx** [%.2f – %s] | %.1fx | %s |%n",
                    label, ops(l[0]), ops(l[1]), bytes(l[2]), ops(n[0]), ops(n[1]), bytes(n[2]), ratio, low,
                    Double.isInfinite(high) ? "∞" : String.format(Locale.ROOT, "%.2f", high), target, met));
        }
        return s.append('\n').toString();
    }

    private static double nz(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    private static String ops(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, v >= 100 ? "%,.0f" : "%.1f", v);
    }

    private static String bytes(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%,.0f", v);
    }

    /** The page section for one libcrypto's JMH results file. */
    public static String jmhSection(String libLabel, String results, String options) throws IOException {
        StringBuilder s = new StringBuilder("## JMH on " + libLabel + " (lcjwt's libcrypto; the peers use the JDK)\n\n");
        s.append("JMH average time per operation, options `").append(options).append("`, one pinned CPU; ± is JMH's 99.9 %"
                + " interval; B/op is `gc.alloc.rate.norm` (JMH's gc profiler counts bytes, not objects).")
                .append(results.contains("bareLibcrypto") ? " bareLibcrypto* is the floor: the signature check alone"
                        + " through the bindings, no JSON, no claims." : "")
                .append(results.contains("JwkBench") ? " What each JwkBench row does, and how every library's keys"
                        + " were checked against the JDK's before timing, is in the class comment of `JwkBench`." : "")
                .append("\n\n");
        s.append("| benchmark | µs/op | ± | B/op |\n|---|---:|---:|---:|\n");
        Map<String, Double> hs256 = new java.util.HashMap<>();
        for (Object o : JSON.std.listFrom(results)) {
            Map<?, ?> run = (Map<?, ?>) o;
            String name = (String) run.get("benchmark");
            name = name.substring(name.indexOf(".bench.") + 7);
            Map<?, ?> params = (Map<?, ?>) run.get("params");
            if (params != null) {
                name += " " + new java.util.TreeMap<>(params);
            }
            Map<?, ?> primary = (Map<?, ?>) run.get("primaryMetric");
            Map<?, ?> secondary = (Map<?, ?>) run.get("secondaryMetrics");
            Object norm = secondary == null ? null : secondary.get("gc.alloc.rate.norm");
            double bytes = norm instanceof Map<?, ?> m ? ((Number) m.get("score")).doubleValue() : Double.NaN;
            double err = primary.get("scoreError") instanceof Number n ? n.doubleValue() : Double.NaN;
            double score = ((Number) primary.get("score")).doubleValue();
            if ("ns/op".equals(primary.get("scoreUnit"))) { // the stage benches time in ns; the page is in µs
                score /= 1000;
                err /= 1000;
            }
            if (name.startsWith("Hs256DecodeBench.") && "us/op".equals(primary.get("scoreUnit"))) {
                hs256.put(name.substring("Hs256DecodeBench.".length()), ((Number) primary.get("score")).doubleValue());
            }
            s.append(String.format(Locale.ROOT, "| %s%s | %s | %s | %s |%n", name, name.contains("bareLibcrypto") ? " (floor)" : "",
                    us(score), Double.isNaN(err) ? "" : us(err),
                    Double.isNaN(bytes) ? "" : String.format(Locale.ROOT, "%,.0f", bytes)));
        }
        s.append('\n').append(hs256Ratios(hs256));
        return s.append('\n').toString();
    }

    /**
     * lcjwtRecord's (and lcjwtBytesRecord's) throughput as a multiple of the fastest of auth0,
     * fusionauth and vert.x, and of jjwt: issue #3's targets, read off one JMH run.
     */
    public static String hs256Ratios(Map<String, Double> us) {
        String fastest = null;
        for (String peer : List.of("auth0", "fusionauth", "vertx")) {
            if (us.containsKey(peer) && (fastest == null || us.get(peer) < us.get(fastest))) {
                fastest = peer;
            }
        }
        if (fastest == null) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        for (String lcjwt : List.of("lcjwtRecord", "lcjwtBytesRecord")) {
            if (us.containsKey(lcjwt)) {
                s.append(String.format(Locale.ROOT, "- HS256 %s: %.2fx the throughput of the fastest of auth0, fusionauth"
                        + " and vert.x (%s, %s µs)%s%n", lcjwt, us.get(fastest) / us.get(lcjwt), fastest, us(us.get(fastest)),
                        us.containsKey("jjwt") ? String.format(Locale.ROOT, ", %.1fx jjwt (%s µs)", us.get("jjwt") / us.get(lcjwt),
                                us(us.get("jjwt"))) : ""));
            }
        }
        return s.toString();
    }

    static String us(double v) {
        return RaceTables.us(v);
    }
}
