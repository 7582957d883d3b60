package io.lcjwt.bench.report;

import io.lcjwt.bench.SdJwtBench;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One libcrypto's section of {@code bench/results-sd-jwt.md}, from the JMH JSON of
 * {@code SdJwtBench} (written by {@code bin/race jmh --regex SdJwtBench --page results-sd-jwt.md}):
 * per shape, verify and issue time and B/op of lcjwt and of {@code com.authlete:sd-jwt} with Nimbus,
 * and lcjwt's speed-up with the range the two 99.9 % intervals allow, against the targets.
 */
public final class SdJwtPage {

    /** The targets, lcjwt's speed-up over authlete, by operation and shape; others are shown without a verdict. */
    public static final Map<String, Double> TARGETS = Map.of(
            "Verify/section5", 8.0,
            "Issue/section5", 5.0,
            "Verify/disclosures100", 5.0);

    private SdJwtPage() {}

    /**
     * The page section for one libcrypto.
     *
     * @param libLabel the libcrypto lcjwt ran on
     * @param jmhJson JMH's JSON result file, as text
     * @param options the JMH options of the run
     */
    public static String section(String libLabel, String jmhJson, String options) throws IOException {
        Map<String, Map<String, JmhCells.Cell>> byShape = JmhCells.read(jmhJson, "SdJwtBench", "shape");
        StringBuilder s = new StringBuilder("## lcjwt on " + libLabel + " (authlete and Nimbus use the JDK)\n\n");
        s.append("JMH average time per operation (`SdJwtBench`), options `").append(options).append("`, `-prof gc`,"
                + " one fork per benchmark and shape, one pinned CPU; ± is JMH's 99.9 % interval; B/op is"
                + " `gc.alloc.rate.norm`. ES256 issuer, ES256 holder, sha-256. Shapes: `section5`, RFC 9901"
                + " section 5's example (10 disclosures); `disclosures100`, 100 disclosable claims. Verify: both"
                + " libraries read the same presentation, every disclosure and a KB-JWT, made once by lcjwt, and"
                + " check both signatures, `typ`, `exp`, `aud`, `nonce`, `iat` and `sd_hash`, returning the"
                + " processed claims. Issue: both issue the shape's claims to the holder's key, fresh salts"
                + " and an ES256 signature each time (see the class comment of `SdJwtBench`).\n\n");
        s.append("| shape | operation | lcjwt µs | B/op | authlete µs | B/op | lcjwt speed-up | target | met |\n");
        s.append("|---|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (String shape : SdJwtBench.SHAPES) {
            Map<String, JmhCells.Cell> cells = byShape.getOrDefault(shape, Map.of());
            for (String op : List.of("Verify", "Issue")) {
                s.append(row(shape, op, cells.get("lcjwt" + op), cells.get("authlete" + op)));
            }
        }
        return s.append('\n').toString();
    }

    private static String row(String shape, String op, JmhCells.Cell lc, JmhCells.Cell peer) {
        StringBuilder s = new StringBuilder("| ").append(shape).append(" | ").append(op.toLowerCase(Locale.ROOT)).append(" | ");
        s.append(lc == null ? "not run | | " : JmhCells.us(lc) + " | " + JmhCells.bytes(lc.bytes()) + " | ");
        s.append(peer == null ? "not run | | " : JmhCells.us(peer) + " | " + JmhCells.bytes(peer.bytes()) + " | ");
        Double target = TARGETS.get(op + "/" + shape);
        if (lc == null || peer == null) {
            s.append("not run | ");
        } else {
            double up = peer.us() / lc.us();
            double low = (peer.us() - peer.err()) / (lc.us() + lc.err());
            double high = lc.us() - lc.err() > 0 ? (peer.us() + peer.err()) / (lc.us() - lc.err()) : Double.POSITIVE_INFINITY;
            s.append(String.format(Locale.ROOT, "**%.2fx** [%.2f – %s] | ", up, Math.max(0, low), JmhCells.num2(high)));
            if (target != null) {
                return s.append(String.format(Locale.ROOT, "%.0fx | %s |%n", target,
                        low >= target ? "yes" : up >= target ? "yes (not beyond the error)"
                                : high >= target ? "no (within the error)" : "no")).toString();
            }
        }
        return s.append(target == null ? "- | - |" : String.format(Locale.ROOT, "%.0fx | not run |", target)).append('\n').toString();
    }
}
