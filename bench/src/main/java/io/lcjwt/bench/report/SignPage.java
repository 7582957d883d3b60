package io.lcjwt.bench.report;

import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders one libcrypto's section of {@code bench/results-sign.md} from a JMH run of
 * {@code SignBench} ({@code -rf json}, with {@code -prof gc}): per algorithm and key, lcjwt
 * against the fastest peer and against the bare libcrypto sign, with issue #17's targets; then
 * every contender's time and bytes per sign.
 *
 * <p>Made by {@code bin/race jmh --lib aws-lc --regex SignBench --page results-sign.md} (add
 * {@code --jmh "opts"} to change the run options, {@code --from-json} to render the last run's
 * {@code bench/results-sign-<libcrypto>.json} again without running; without {@code --lib} it
 * runs once per libcrypto found, aws-lc and OpenSSL 3, one section each).
 *
 * <p>B/op is JMH's {@code gc.alloc.rate.norm}. JMH's gc profiler counts bytes, not objects; the
 * objects per sign come from {@code io.lcjwt.bench.SignAllocations}, an allocation-counting agent
 * run apart from JMH, and have a table of their own. A row is <em>settled</em> when its last two measurement
 * iterations agree within 3 % (the races' rule, applied to JMH's iterations); one that is not is
 * marked, as its warm-up may have been too short for that library.
 */
public final class SignPage {

    /** The benchmark methods, in the order the full table shows them. */
    public static final List<String> CONTENDERS = List.of("lcjwt", "jjwt", "auth0", "nimbus", "jose4j", "fusionauth",
            "vertx", "bareLibcrypto", "bareLibcryptoOneShot");
    /** The peers lcjwt is compared with (not the floors). */
    static final List<String> PEERS = List.of("jjwt", "auth0", "nimbus", "jose4j", "fusionauth", "vertx");
    /** The rows, in page order: algorithm and key. */
    public static final List<String> ROWS = List.of("HS256", "HS384", "HS512", "RS256 RSA 2048", "RS256 RSA 4096",
            "PS256 RSA 2048", "PS256 RSA 4096", "ES256 P-256", "ES384 P-384", "ES512 P-521", "EdDSA Ed25519");
    /** How close two consecutive measurement iterations must be for a row to count as settled. */
    static final double SETTLED = 0.03;

    /** One benchmark's result: µs per sign, its 99.9 % error, B/op, and whether it settled. */
    record Cell(double us, double error, double bytes, boolean settled, double lastStep) {}

    private SignPage() {}

    /** The row name of a SignBench run: its class and parameters. */
    static String row(String benchClass, Map<?, ?> params) {
        Object alg = params == null ? null : params.get("alg");
        Object bits = params == null ? null : params.get("bits");
        return switch (benchClass) {
            case "Hmac" -> String.valueOf(alg);
            case "Rsa" -> alg + " RSA " + bits;
            case "Ecdsa" -> alg + " " + switch (String.valueOf(alg)) {
                case "ES256" -> "P-256";
                case "ES384" -> "P-384";
                default -> "P-521";
            };
            case "EdDsa" -> "EdDSA Ed25519";
            default -> null; // not a SignBench class this page knows
        };
    }

    /** Reads a JMH JSON result into row -> contender -> cell, keeping only SignBench runs. */
    static Map<String, Map<String, Cell>> read(String jmhJson) throws IOException {
        Map<String, Map<String, Cell>> out = new LinkedHashMap<>();
        for (Object o : JSON.std.listFrom(jmhJson)) {
            Map<?, ?> run = (Map<?, ?>) o;
            String name = (String) run.get("benchmark");
            int at = name.indexOf(".SignBench.");
            if (at < 0) {
                continue;
            }
            String[] parts = name.substring(at + ".SignBench.".length()).split("\\.");
            if (parts.length != 2) {
                continue;
            }
            Map<?, ?> primary = (Map<?, ?>) run.get("primaryMetric");
            double scale = "ns/op".equals(primary.get("scoreUnit")) ? 1e-3 : "ms/op".equals(primary.get("scoreUnit")) ? 1e3 : 1;
            double score = ((Number) primary.get("score")).doubleValue() * scale;
            double error = primary.get("scoreError") instanceof Number n ? n.doubleValue() * scale : Double.NaN;
            Map<?, ?> secondary = (Map<?, ?>) run.get("secondaryMetrics");
            Object norm = secondary == null ? null : secondary.get("gc.alloc.rate.norm");
            double bytes = norm instanceof Map<?, ?> m && m.get("score") instanceof Number b ? b.doubleValue() : Double.NaN;
            double step = lastStep(primary.get("rawData"));
            String row = row(parts[0], (Map<?, ?>) run.get("params"));
            if (row == null) {
                continue;
            }
            out.computeIfAbsent(row, k -> new LinkedHashMap<>())
                    .put(parts[1], new Cell(score, error, bytes, !(step > SETTLED), step));
        }
        return out;
    }

    /** The relative change between the last two measurement iterations of the last fork; NaN if fewer than two. */
    static double lastStep(Object rawData) {
        if (!(rawData instanceof List<?> forks) || forks.isEmpty() || !(forks.get(forks.size() - 1) instanceof List<?> it)
                || it.size() < 2) {
            return Double.NaN;
        }
        double a = ((Number) it.get(it.size() - 2)).doubleValue();
        double b = ((Number) it.get(it.size() - 1)).doubleValue();
        return Math.abs(b - a) / a;
    }

    /**
     * The target for a row's lcjwt ÷ bare, or NaN for none: HS256 within 1.6x its floor, HS384
     * and HS512 within 1.4x, ES256, EdDSA and RS256 within 1.1x.
     */
    static double limit(String row) {
        if (row.equals("HS256")) {
            return 1.6;
        }
        if (row.equals("HS384") || row.equals("HS512")) {
            return 1.4;
        }
        if (row.startsWith("ES256") || row.startsWith("EdDSA") || row.startsWith("RS256")) {
            return 1.1;
        }
        return Double.NaN;
    }

    /** The target for a row as the page writes it, or null. */
    static String target(String row) {
        double limit = limit(row);
        return Double.isNaN(limit) ? null : String.format(Locale.ROOT, "≤ %.1f× bare", limit);
    }

    /**
     * One libcrypto's section.
     *
     * @param libLabel the libcrypto lcjwt and the floor ran on
     * @param jmhJson the JMH JSON result
     * @param options the JMH options the run used
     * @return the section's Markdown
     * @throws IOException if the JSON cannot be read
     */
    public static String section(String libLabel, String jmhJson, String options) throws IOException {
        return section(libLabel, jmhJson, options, null);
    }

    /**
     * As {@link #section(String, String, String)}, with the objects allocated per sign that
     * {@code io.lcjwt.bench.SignAllocations} counted (row -> contender -> allocs/op, as its JSON);
     * null for none.
     */
    public static String section(String libLabel, String jmhJson, String options, String allocsJson) throws IOException {
        Map<String, Map<String, Cell>> rows = read(jmhJson);
        Map<String, Map<String, Double>> allocs = allocsJson == null ? null : allocs(allocsJson);
        String asRun = asRun(jmhJson);
        if (asRun != null) {
            options = asRun;
        }
        StringBuilder s = new StringBuilder("## lcjwt and the floor on " + libLabel + " (the peers use the JDK)\n\n");
        s.append("JMH average time per signed token (`SignBench`), options `").append(options)
                .append("`, `-prof gc`, one fork per contender and algorithm, pinned to one CPU. ± is JMH's 99.9 %"
                        + " interval. B/op is `gc.alloc.rate.norm`; JMH's gc profiler counts bytes, not objects, so"
                        + " allocs/op is counted apart (below). Every contender signs the typical claims (13 claims, the HS256"
                        + " `typical` fixture's) from the same `Map`, with header `alg`, `typ`, `kid`; the floor"
                        + " (`bareLibcrypto`) is libcrypto's signature alone over the same signing input, into a"
                        + " buffer made in setup (HMAC: key absorbed once; ECDSA: DER, not r || s). How each library"
                        + " is called is in the class comment of `SignBench`.\n\n");
        s.append("Warm-up: the options' `-wi` x `-w` before measuring. A row is settled when its last two measurement"
                + " iterations agree within 3 %; ")
                .append(unsettled(rows).isEmpty() ? "every row that had two did."
                        : "these did not, so their warm-up may have been too short: " + String.join(", ", unsettled(rows)) + ".");
        long unjudged = rows.values().stream().flatMap(m -> m.values().stream()).filter(c -> Double.isNaN(c.lastStep())).count();
        if (unjudged > 0) {
            s.append(" ").append(unjudged).append(" result(s) had fewer than two measurement iterations and could not be judged.");
        }
        s.append("\n\n");

        s.append("### lcjwt against the fastest peer and the floor\n\n");
        s.append("| alg | lcjwt µs | ± | lcjwt B/op | fastest peer | its µs | lcjwt's speed-up | bare µs | lcjwt ÷ bare | target | met |\n");
        s.append("|---|---:|---:|---:|---|---:|---:|---:|---:|---|---|\n");
        for (String row : ROWS) {
            Map<String, Cell> cells = rows.getOrDefault(row, Map.of());
            Cell l = cells.get("lcjwt");
            String fastest = null;
            for (String p : PEERS) {
                if (cells.containsKey(p) && (fastest == null || cells.get(p).us() < cells.get(fastest).us())) {
                    fastest = p;
                }
            }
            Cell f = fastest == null ? null : cells.get(fastest);
            Cell bare = cells.get("bareLibcrypto");
            String t = target(row);
            String met = "";
            if (t != null && l != null && bare != null) {
                met = verdict(l.us() / bare.us(), (l.us() - nz(l.error())) / (bare.us() + nz(bare.error())),
                        over(l.us() + nz(l.error()), bare.us() - nz(bare.error())), limit(row), false);
            }
            s.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", row,
                    l == null ? "not run" : us(l.us()) + (l.settled() ? "" : " †"), l == null ? "" : us(l.error()),
                    l == null ? "" : bytes(l.bytes()), fastest == null ? "" : fastest,
                    f == null ? "" : us(f.us()) + (f.settled() ? "" : " †"),
                    l == null || f == null ? "" : String.format(Locale.ROOT, "%.2fx", f.us() / l.us()),
                    bare == null ? "" : us(bare.us()),
                    l == null || bare == null ? "" : String.format(Locale.ROOT, "%.2f", l.us() / bare.us()),
                    t == null ? "" : t, met));
        }
        s.append("\nlcjwt's speed-up is the fastest peer's time over lcjwt's; lcjwt ÷ bare is lcjwt's time over the"
                + " floor's (1.00 would be no overhead at all). \"met\" judges the ratio with both intervals: \"yes\""
                + " only if it holds at the ends of the error bars too. † : not settled (see above).\n\n");

        s.append("### Every contender, µs per sign\n\n").append(grid(rows, false));
        s.append("### Every contender, bytes allocated per sign (B/op)\n\n").append(grid(rows, true));
        if (allocs != null) {
            s.append("### Every contender, objects allocated per sign (allocs/op)\n\n")
                    .append("Counted by `io.lcjwt.bench.SignAllocations`, not by JMH: under a bench-only Java agent (`io.lcjwt.bench.alloc.AllocAgent`) that puts a"
                            + " counter call before every allocation instruction of every class it can rewrite, the"
                            + " JDK's included. After " + String.format(Locale.ROOT, "%,d", SIGN_WARMUP)
                            + " signs, " + String.format(Locale.ROOT, "%,d", SIGN_COUNTED) + " signs are counted on the"
                            + " signing thread, one contender after another in one JVM. This counts what the bytecode allocates: an object the JIT's escape"
                            + " analysis keeps off the heap is still counted, so it is an upper bound (B/op above is"
                            + " what reaches the heap). Lambda bodies and native code are not counted.\n\n")
                    .append(allocGrid(allocs));
        }
        s.append("n/a: the library cannot sign this algorithm here (auth0 java-jwt has no EdDSA;"
                + " nimbus's EdDSA needs Google Tink, not on the class path; fusionauth-jwt writes `\"alg\":\"Ed25519\"`,"
                + " not RFC 8037's `EdDSA`). `bareLibcryptoOneShot` is the one-shot `HMAC()`, which absorbs the key on"
                + " every call. Benchmarks: `SignBench.Hmac`, `.Rsa`, `.Ecdsa`, `.EdDsa`; methods");
        for (String c : CONTENDERS) {
            s.append(" `.").append(c).append('`');
        }
        return s.append(".\n\n").toString();
    }

    /**
     * The forks, warm-up and measurement the result file says its SignBench runs used, as JMH
     * options (they are in the file, so a page rendered again with {@code --from-json} names the
     * run's options, not today's defaults); null if the file does not say, or its runs differ.
     */
    static String asRun(String jmhJson) throws IOException {
        String found = null;
        for (Object o : JSON.std.listFrom(jmhJson)) {
            Map<?, ?> run = (Map<?, ?>) o;
            if (!String.valueOf(run.get("benchmark")).contains(".SignBench.") || run.get("forks") == null) {
                continue;
            }
            String these = "-f " + run.get("forks") + " -wi " + run.get("warmupIterations") + " -w "
                    + String.valueOf(run.get("warmupTime")).replace(" ", "") + " -i " + run.get("measurementIterations")
                    + " -r " + String.valueOf(run.get("measurementTime")).replace(" ", "");
            if (found != null && !found.equals(these)) {
                return null;
            }
            found = these;
        }
        return found;
    }

    private static List<String> unsettled(Map<String, Map<String, Cell>> rows) {
        List<String> out = new ArrayList<>();
        rows.forEach((row, cells) -> cells.forEach((c, cell) -> {
            if (!cell.settled()) {
                out.add(String.format(Locale.ROOT, "%s %s (%.1f %%)", row, c, cell.lastStep() * 100));
            }
        }));
        return out;
    }

    /** The warm-up and counted signs of {@code SignAllocations}, as its page text gives them. */
    public static final int SIGN_WARMUP = 500;
    public static final int SIGN_COUNTED = 500;

    /** {@code SignAllocations}' JSON as row -> contender -> allocs/op. */
    static Map<String, Map<String, Double>> allocs(String json) throws IOException {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> r : JSON.std.mapFrom(json).entrySet()) {
            Map<String, Double> cells = new LinkedHashMap<>();
            ((Map<?, ?>) r.getValue()).forEach((c, v) -> cells.put((String) c, ((Number) v).doubleValue()));
            out.put(r.getKey(), cells);
        }
        return out;
    }

    /** A grid's header: the row name, then one right-aligned column per contender. */
    private static StringBuilder gridHeader() {
        StringBuilder s = new StringBuilder("| alg |");
        CONTENDERS.forEach(c -> s.append(' ').append(c).append(" |"));
        s.append("\n|---|");
        CONTENDERS.forEach(c -> s.append("---:|"));
        return s.append('\n');
    }

    private static String allocGrid(Map<String, Map<String, Double>> allocs) {
        StringBuilder s = gridHeader();
        for (String row : ROWS) {
            Map<String, Double> cells = allocs.getOrDefault(row, Map.of());
            s.append("| ").append(row).append(" |");
            for (String c : CONTENDERS) {
                Double v = cells.get(c);
                s.append(' ').append(v != null ? String.format(Locale.ROOT, "%,.1f", v)
                        : applies(c, row) ? "not counted" : "n/a").append(" |");
            }
            s.append('\n');
        }
        return s.append('\n').toString();
    }

    private static String grid(Map<String, Map<String, Cell>> rows, boolean bytes) {
        StringBuilder s = gridHeader();
        for (String row : ROWS) {
            Map<String, Cell> cells = rows.getOrDefault(row, Map.of());
            double best = PEERS.stream().filter(cells::containsKey).mapToDouble(p -> cells.get(p).us()).min().orElse(Double.NaN);
            s.append("| ").append(row).append(" |");
            for (String c : CONTENDERS) {
                Cell cell = cells.get(c);
                String v;
                if (cell == null) {
                    v = rows.containsKey(row) && applies(c, row) ? "not run" : applies(c, row) ? "" : "n/a";
                } else if (bytes) {
                    v = bytes(cell.bytes());
                } else {
                    v = us(cell.us()) + (Double.isNaN(cell.error()) ? "" : " ± " + us(cell.error()))
                            + (cell.settled() ? "" : " †");
                    if (c.equals("lcjwt") || cell.us() == best) {
                        v = "**" + v + "**";
                    }
                }
                s.append(' ').append(v).append(" |");
            }
            s.append('\n');
        }
        return s.append('\n').toString();
    }

    /** Whether SignBench declares contender {@code c} for {@code row} (mirrors {@code SignBench.Contender.algs}). */
    static boolean applies(String c, String row) {
        return switch (c) {
            case "auth0", "nimbus", "fusionauth" -> !row.startsWith("EdDSA");
            case "bareLibcryptoOneShot" -> row.startsWith("HS");
            default -> true;
        };
    }

    /** The verdict on {@code ratio} against {@code target}, given the range [low, high] the two error bars allow. */
    static String verdict(double ratio, double low, double high, double target, boolean atLeast) {
        if (atLeast) {
            return low >= target ? "yes" : ratio >= target ? "yes (not beyond the error)"
                    : high >= target ? "no (within the error)" : "no";
        }
        return high <= target ? "yes" : ratio <= target ? "yes (not beyond the error)"
                : low <= target ? "no (within the error)" : "no";
    }

    /** {@code a / b}, or infinity when the interval's low end {@code b} is not above zero. */
    static double over(double a, double b) {
        return b > 0 ? a / b : Double.POSITIVE_INFINITY;
    }

    private static double nz(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    static String us(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, v < 1 ? "%.3f" : "%.2f", v);
    }

    static String bytes(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%,.0f", v);
    }
}
