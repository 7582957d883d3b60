package io.lcjwt.bench.report;

import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.bench.race.LibraryVersion;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Renders one libcrypto's section of {@code bench/results-dpop.md} from a JMH run of
 * {@code DpopBench} and {@code ReplayStoreBench} ({@code -rf json}, with {@code -prof gc}): a
 * DPoP-protected request's verification in Spring Security's {@code DPoPAuthenticationProvider},
 * lcjwt's factory and decoder against Spring's defaults, with the 8x target; then the replay
 * store's cost per proof with a million live entries.
 *
 * <p>Made by {@code bin/race dpop} (add {@code --lib aws-lc} for one libcrypto, {@code --jmh "opts"}
 * to change the run options, {@code --from-json} to render {@code bench/results-dpop-<libcrypto>.json}
 * again without running).
 */
public final class DpopPage {
    /** lcjwt's provider at least this many times faster than Spring's default one. */
    static final double TARGET = 8.0;

    /** One benchmark's result: time per op in its unit, the 99.9 % error, and B/op. */
    record Cell(double time, double error, double bytes) {}

    private DpopPage() {}

    /** Reads the JMH JSON into "DpopBench lcjwt" / "DpopBench spring" / "ReplayStoreBench newProof" ... -> cell. */
    static Map<String, Cell> read(String jmhJson) throws IOException {
        Map<String, Cell> out = new LinkedHashMap<>();
        for (Object o : JSON.std.listFrom(jmhJson)) {
            Map<?, ?> run = (Map<?, ?>) o;
            String name = (String) run.get("benchmark");
            Map<?, ?> params = (Map<?, ?>) run.get("params");
            Map<?, ?> primary = (Map<?, ?>) run.get("primaryMetric");
            Map<?, ?> secondary = (Map<?, ?>) run.get("secondaryMetrics");
            Object norm = secondary == null ? null : secondary.get("gc.alloc.rate.norm");
            Cell cell = new Cell(((Number) primary.get("score")).doubleValue(),
                    primary.get("scoreError") instanceof Number n ? n.doubleValue() : Double.NaN,
                    norm instanceof Map<?, ?> m ? ((Number) m.get("score")).doubleValue() : Double.NaN);
            if (name.endsWith(".DpopBench.authenticate") && params != null) {
                out.put("DpopBench " + params.get("side"), cell);
            } else if (name.contains(".ReplayStoreBench.")) {
                out.put("ReplayStoreBench " + name.substring(name.lastIndexOf('.') + 1), cell);
            }
        }
        return out;
    }

    /** One libcrypto's section. */
    public static String section(String libLabel, String jmhJson, String options) throws IOException {
        Map<String, Cell> cells = read(jmhJson);
        StringBuilder s = new StringBuilder("## lcjwt on " + libLabel + " (Spring's defaults use the JDK)\n\n");
        s.append("JMH average time of `DPoPAuthenticationProvider.authenticate` for one request, an ES256 access"
                + " token and an ES256 proof (benchmark `DpopBench.authenticate`, one fork per side), options `")
                .append(options).append("`, `-prof gc`, one pinned CPU; ± is JMH's 99.9 % interval; B/op is"
                        + " `gc.alloc.rate.norm`. lcjwt: `LcjwtJwtDecoder` for the token and `LcjwtDpopProofVerifierFactory`"
                        + " for the proof, as lcjwt's auto-configuration sets them. Spring: `NimbusJwtDecoder` and"
                        + " Spring's own `DPoPProofJwtDecoderFactory`. Spring Security ")
                .append(LibraryVersion.of("org.springframework.security", "spring-security-oauth2-jose",
                        org.springframework.security.oauth2.jwt.JwtDecoder.class))
                .append(" (Boot 4.0.7's), nimbus-jose-jwt ")
                .append(LibraryVersion.of("com.nimbusds", "nimbus-jose-jwt", com.nimbusds.jose.JWSObject.class))
                .append(".\n\n");
        s.append("| side | µs/request | ± | B/request |\n|---|---:|---:|---:|\n");
        Cell l = cells.get("DpopBench lcjwt");
        Cell sp = cells.get("DpopBench spring");
        s.append(row("lcjwt", l)).append(row("Spring's default", sp)).append('\n');
        if (l != null && sp != null) {
            double ratio = sp.time() / l.time();
            double low = (sp.time() - nz(sp.error())) / (l.time() + nz(l.error()));
            double high = l.time() - nz(l.error()) > 0 ? (sp.time() + nz(sp.error())) / (l.time() - nz(l.error()))
                    : Double.POSITIVE_INFINITY;
            String met = low >= TARGET ? "yes" : ratio >= TARGET ? "yes (not beyond the error)"
                    : high >= TARGET ? "no (within the error)" : "no";
            s.append(String.format(Locale.ROOT, "lcjwt is **%.2fx** faster per request [%.2f – %s]; target %.0fx: %s.%n%n",
                    ratio, low, Double.isInfinite(high) ? "∞" : String.format(Locale.ROOT, "%.2f", high), TARGET, met));
        } else {
            s.append("Not run: no ratio.\n\n");
        }
        s.append("The replay store (`DpopReplayStore.inMemory(1_250_000)` holding 1,000,000 live entries;"
                + " `ReplayStoreBench`): the cost of one proof's `firstUse`.\n\n");
        s.append("| call | ns/proof | ± | B/proof |\n|---|---:|---:|---:|\n");
        s.append(row("a new proof (recorded)", cells.get("ReplayStoreBench newProof")));
        s.append(row("a replay (found live, refused)", cells.get("ReplayStoreBench replay")));
        return s.append('\n').toString();
    }

    private static String row(String label, Cell c) {
        if (c == null) {
            return "| " + label + " | not run | | |\n";
        }
        return String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", label, num(c.time()),
                Double.isNaN(c.error()) ? "" : num(c.error()),
                Double.isNaN(c.bytes()) ? "" : String.format(Locale.ROOT, "%,.0f", c.bytes()));
    }

    private static double nz(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    private static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }
}
