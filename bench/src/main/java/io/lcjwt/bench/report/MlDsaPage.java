package io.lcjwt.bench.report;

import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.bench.MlDsaBench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One libcrypto's section of {@code bench/results-mldsa.md}, from the JMH JSON of
 * {@code MlDsaBench} and the sizes {@code MlDsaSizes} wrote (both made by
 * {@code bin/race jmh --lib aws-lc --regex MlDsaBench --page results-mldsa.md}): per algorithm,
 * verify and sign time of lcjwt, of the bare aws-lc calls and of the JDK's {@code Signature} used
 * by hand, with the ML-DSA targets (lcjwt at most 1.1 times the bare calls, and faster than the
 * JDK), each judged with the range the two 99.9 % intervals allow; then token and key sizes.
 * ES256 and EdDSA are there for scale, without targets.
 */
public final class MlDsaPage {

    /** lcjwt's time at most this multiple of the bare calls', for ML-DSA verify and sign. */
    public static final double BARE_TARGET = 1.1;
    /** lcjwt's speed-up over the JDK's {@code Signature} used by hand, at least this, for ML-DSA. */
    public static final double JDK_TARGET = 1.0;

    /** One benchmark's result: µs/op, its 99.9 % error (NaN when JMH gave none), B/op, the last step between iterations. */
    record Cell(double us, double error, double bytes, double lastStep) {
        double err() {
            return Double.isNaN(error) ? 0 : error;
        }

        boolean settled() {
            return !(lastStep > SignPage.SETTLED);
        }
    }

    private MlDsaPage() {}

    /**
     * The results keyed by algorithm, then by benchmark method ({@code verifyLcjwt}, ...):
     * {@link JmhCells}' values, with how much each moved between its last two iterations.
     */
    static Map<String, Map<String, Cell>> read(String jmhJson) throws IOException {
        Map<String, Double> steps = new LinkedHashMap<>();
        for (Object o : JSON.std.listFrom(jmhJson)) {
            Map<?, ?> run = (Map<?, ?>) o;
            if (run.get("params") instanceof Map<?, ?> params && run.get("primaryMetric") instanceof Map<?, ?> primary) {
                String name = (String) run.get("benchmark");
                steps.put(params.get("alg") + " " + name.substring(name.lastIndexOf('.') + 1),
                        SignPage.lastStep(primary.get("rawData")));
            }
        }
        Map<String, Map<String, Cell>> byAlg = new LinkedHashMap<>();
        JmhCells.read(jmhJson, "MlDsaBench", "alg").forEach((alg, cells) -> cells.forEach((method, c) ->
                byAlg.computeIfAbsent(alg, k -> new LinkedHashMap<>()).put(method, new Cell(c.us(), c.error(), c.bytes(),
                        steps.getOrDefault(alg + " " + method, Double.NaN)))));
        return byAlg;
    }

    /**
     * The page section for one libcrypto.
     *
     * @param libLabel the libcrypto lcjwt and the bare calls ran on
     * @param jmhJson JMH's JSON result file, as text
     * @param sizesJson what {@code MlDsaSizes} wrote, or null when it did not run
     * @param options the JMH options of the run
     * @return the section's Markdown
     * @throws IOException if either JSON cannot be read
     */
    public static String section(String libLabel, String jmhJson, String sizesJson, String options) throws IOException {
        Map<String, Map<String, Cell>> byAlg = read(jmhJson);
        StringBuilder s = new StringBuilder("## lcjwt on " + libLabel + " (the JDK's Signature beside it)\n\n");
        s.append("JMH average time per operation (`MlDsaBench`), options `").append(options).append("`, `-prof gc`,"
                + " one fork per benchmark and algorithm, one pinned CPU; ± is JMH's 99.9 % interval; B/op is"
                + " `gc.alloc.rate.norm`. Every token carries the typical claims (13 claims, the HS256 `typical`"
                + " fixture's) and header `alg`, `typ`, `kid`. lcjwt: `JwtVerifier.decode` into a `Map` (signature,"
                + " `exp` and `aud` checked) and `JwtSigner.sign(map)`. bare, the floor: aws-lc's `EVP_DigestVerify`"
                + " or `EVP_DigestSign` through lcjwt's bindings over a signing input and signature already in"
                + " native memory (for ML-DSA on a context initialized once; for ES256 and EdDSA with"
                + " `EVP_Digest*Init` each time). jdk: the JDK's `Signature` (`ML-DSA`,"
                + " `SHA256withECDSAinP1363Format`, `Ed25519`) called by hand, with the base64url and the claims"
                + " (Jackson-jr, `exp` and `aud` checked) a user would add. How each is called is in the class"
                + " comment of `MlDsaBench`.\n\n");
        List<String> unsettled = new ArrayList<>();
        byAlg.forEach((alg, cells) -> cells.forEach((m, c) -> {
            if (!c.settled()) {
                unsettled.add(String.format(Locale.ROOT, "%s %s (%.1f %%)", alg, m, c.lastStep() * 100));
            }
        }));
        s.append("A result is settled when its last two measurement iterations agree within 3 %; ")
                .append(unsettled.isEmpty() ? "every one that had two did."
                        : "these did not, so their warm-up may have been too short: " + String.join(", ", unsettled) + ".");
        long unjudged = byAlg.values().stream().flatMap(m -> m.values().stream()).filter(c -> Double.isNaN(c.lastStep())).count();
        if (unjudged > 0) {
            s.append(" ").append(unjudged).append(" result(s) had fewer than two measurement iterations and could not be judged.");
        }
        s.append("\n\n");
        s.append(table(byAlg, "verify", "Verify (decode a token)")).append(table(byAlg, "sign", "Sign (make a token)"));
        s.append("lcjwt ÷ bare is lcjwt's time over the floor's (1.00 would be no overhead); lcjwt's speed-up is the"
                + " JDK's time over lcjwt's. \"met\" judges each ratio with both intervals: \"yes\" only if it holds at"
                + " the ends of the error bars too. The targets are set for ML-DSA; ES256 and EdDSA are there for"
                + " scale. † : not settled (see above).\n\n");
        if (sizesJson != null) {
            s.append(sizes(sizesJson));
        }
        return s.toString();
    }

    private static String table(Map<String, Map<String, Cell>> byAlg, String op, String title) {
        String cap = Character.toUpperCase(op.charAt(0)) + op.substring(1);
        StringBuilder s = new StringBuilder("### ").append(title).append("\n\n");
        s.append("| alg | lcjwt µs | ± | bare µs | lcjwt ÷ bare | ≤ ").append(ratio(BARE_TARGET)).append(" | jdk µs |"
                + " lcjwt's speed-up | > 1 | lcjwt B/op | jdk B/op |\n");
        s.append("|---|---:|---:|---:|---:|---|---:|---:|---|---:|---:|\n");
        for (String alg : MlDsaBench.ALGORITHMS) {
            Map<String, Cell> cells = byAlg.getOrDefault(alg, Map.of());
            Cell l = cells.get(op + "Lcjwt");
            Cell b = cells.get(op + "Bare");
            Cell j = cells.get(op + "Jdk");
            boolean targeted = alg.startsWith("ML-DSA");
            String bareMet = !targeted || l == null || b == null ? "" : SignPage.verdict(l.us() / b.us(),
                    (l.us() - l.err()) / (b.us() + b.err()), SignPage.over(l.us() + l.err(), b.us() - b.err()), BARE_TARGET, false);
            String jdkMet = !targeted || l == null || j == null ? "" : SignPage.verdict(j.us() / l.us(),
                    (j.us() - j.err()) / (l.us() + l.err()), SignPage.over(j.us() + j.err(), l.us() - l.err()), JDK_TARGET, true);
            s.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", alg,
                    l == null ? "not run" : SignPage.us(l.us()) + (l.settled() ? "" : " †"), l == null ? "" : SignPage.us(l.error()),
                    b == null ? "" : SignPage.us(b.us()) + (b.settled() ? "" : " †"),
                    l == null || b == null ? "" : String.format(Locale.ROOT, "%.2f", l.us() / b.us()), bareMet,
                    j == null ? "" : SignPage.us(j.us()) + (j.settled() ? "" : " †"),
                    l == null || j == null ? "" : String.format(Locale.ROOT, "%.2fx", j.us() / l.us()), jdkMet,
                    l == null ? "" : SignPage.bytes(l.bytes()), j == null ? "" : SignPage.bytes(j.bytes())));
        }
        s.append("\nBenchmarks: `MlDsaBench.").append(op).append("Lcjwt`, `.").append(op).append("Bare`, `.").append(op)
                .append("Jdk` (").append(cap).append(").\n\n");
        return s.toString();
    }

    /** The sizes table, from {@code MlDsaSizes}' JSON. */
    static String sizes(String sizesJson) throws IOException {
        Map<String, Object> doc = JSON.std.mapFrom(sizesJson);
        StringBuilder s = new StringBuilder("### Token and key sizes\n\n");
        s.append("For the keys and the typical claims above (counted, not timed, by `MlDsaSizes`). A compact token"
                + " and a JWK are text (characters); the rest are bytes. The ML-DSA private forms hold the"
                + " 32-byte seed.\n\n");
        s.append("| alg | token | signature | public key | public JWK | SubjectPublicKeyInfo | PKCS#8 | private JWK |\n");
        s.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Object o : (List<?>) doc.get("rows")) {
            Map<?, ?> r = (Map<?, ?>) o;
            s.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %,d | %,d | %,d | %,d | %,d |%n", r.get("alg"),
                    num(r, "token"), num(r, "signature"), num(r, "publicKey"), num(r, "publicJwk"), num(r, "spki"),
                    num(r, "pkcs8"), num(r, "privateJwk")));
        }
        return s.append("\n").toString();
    }

    private static long num(Map<?, ?> r, String k) {
        return ((Number) r.get(k)).longValue();
    }

    private static String ratio(double v) {
        return String.format(Locale.ROOT, "%.1f×", v);
    }
}
