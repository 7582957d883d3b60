package io.lcjwt.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The README's performance table, read off the bench pages: five rows, lcjwt on aws-lc against
 * the fastest Java library each page measured, with the page and the date it ran. `bin/race
 * readme` writes it between the README's markers; {@code ReadmeFiguresTest} fails when the
 * README's table is not what the pages say.
 */
public final class ReadmeFigures {
    static final String START = "<!-- performance table: written by `bin/race readme` from the bench pages; do not edit -->";
    static final String END = "<!-- end of performance table -->";
    private static final Pattern WHEN = Pattern.compile("^- When: (?:the run that ended )?(\\d{4}-\\d{2}-\\d{2})", Pattern.MULTILINE);
    private static final Pattern WHERE = Pattern.compile("^- Where: ([^,]+), (\\d+) cores", Pattern.MULTILINE);
    private static final Pattern JDK = Pattern.compile("^- JDK: .*?(\\d+\\.\\d+\\.\\d+)", Pattern.MULTILINE);
    private static final Pattern NUMBER = Pattern.compile("[0-9][0-9,]*(?:\\.[0-9]+)?");

    private ReadmeFigures() {}

    /** One row: lcjwt's time and the fastest peer's, in µs per operation. */
    record Row(String operation, double lcjwtUs, String peer, double peerUs, String page) {}

    /** A page's markdown table under the section whose heading starts with {@code section}. */
    static List<Map<String, String>> table(String page, String section) {
        int at = page.startsWith(section) ? -1 : page.indexOf("\n" + section);
        if (at < 0 && !page.startsWith(section)) {
            throw new IllegalStateException("no section \"" + section + "\"");
        }
        List<Map<String, String>> rows = new ArrayList<>();
        List<String> header = null;
        for (String line : page.substring(at + 1).split("\n")) {
            if (line.startsWith("## ") && header != null) {
                break;
            }
            if (!line.startsWith("|")) {
                if (header != null && !rows.isEmpty()) {
                    break;
                }
                continue;
            }
            List<String> cells = new ArrayList<>();
            for (String c : line.substring(1, line.length() - 1).split("\\|", -1)) {
                cells.add(c.strip().replace("**", ""));
            }
            if (header == null) {
                header = cells;
            } else if (!cells.get(0).startsWith("---")) {
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 0; i < header.size() && i < cells.size(); i++) {
                    row.put(header.get(i), cells.get(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    static double number(String cell) {
        Matcher m = NUMBER.matcher(cell);
        if (!m.find()) {
            throw new IllegalStateException("no number in \"" + cell + "\"");
        }
        return Double.parseDouble(m.group().replace(",", ""));
    }

    private static Map<String, String> row(List<Map<String, String>> table, String first) {
        for (Map<String, String> r : table) {
            if (r.values().iterator().next().equals(first)) {
                return r;
            }
        }
        throw new IllegalStateException("no row \"" + first + "\"");
    }

    /** The fastest of {@code peers} in a benchmark list (`| Bench.name | µs/op | ...`). */
    private static Row jmhRow(String operation, String page, List<Map<String, String>> t, String prefix, String lcjwt,
            List<String> peers) {
        double mine = number(row(t, prefix + lcjwt).get("µs/op"));
        String best = null;
        double bestUs = Double.MAX_VALUE;
        for (String p : peers) {
            for (Map<String, String> r : t) {
                if (r.get("benchmark").equals(prefix + p) && number(r.get("µs/op")) < bestUs) {
                    best = p;
                    bestUs = number(r.get("µs/op"));
                }
            }
        }
        return new Row(operation, mine, best, bestUs, page);
    }

    static List<Row> rows(Function<String, String> pages) {
        List<String> javaPeers = List.of("jjwt", "auth0", "nimbus", "jose4j", "fusionauth", "vertx");
        List<Row> rows = new ArrayList<>();
        String hs = "results-jmh-hs256.md";
        rows.add(jmhRow("HS256 decode into a record", hs, table(pages.apply(hs), "## JMH on aws-lc"),
                "Hs256DecodeBench.", "lcjwtRecord", javaPeers));
        String asym = "results-jmh.md";
        rows.add(jmhRow("ES256 decode into a record", asym, table(pages.apply(asym), "## JMH on aws-lc"),
                "AsymDecodeBench.Es256.", "lcjwtRecord", javaPeers));
        String sign = "results-sign.md";
        Map<String, String> es = row(table(pages.apply(sign), "## lcjwt and the floor on aws-lc"), "ES256 P-256");
        rows.add(new Row("ES256 sign", number(es.get("lcjwt µs")), es.get("fastest peer"), number(es.get("its µs")), sign));
        String jwe = "results-jwe.md";
        Map<String, String> ecdh = row(table(pages.apply(jwe), "## lcjwt on aws-lc"), "ECDH-ES+A256KW/P-256 + A256GCM");
        double nimbus = number(ecdh.get("Nimbus µs"));
        double jose4j = number(ecdh.get("jose4j µs"));
        rows.add(new Row("JWE decrypt, ECDH-ES+A256KW on P-256", number(ecdh.get("lcjwt µs")),
                nimbus <= jose4j ? "nimbus" : "jose4j", Math.min(nimbus, jose4j), jwe));
        String spring = "results-spring.md";
        Map<String, String> sp = row(table(pages.apply(spring), "## lcjwt on aws-lc"), "ES256 (P-256)");
        rows.add(new Row("Spring Security `JwtDecoder`, ES256", 1e6 / number(sp.get("lcjwt ops/s")),
                "nimbus", 1e6 / number(sp.get("Nimbus ops/s")), spring));
        return rows;
    }

    /** The table and its caption, between the markers. */
    public static String render(Function<String, String> pages) {
        List<Row> rows = rows(pages);
        Set<String> machines = new LinkedHashSet<>();
        Set<String> jdks = new LinkedHashSet<>();
        StringBuilder s = new StringBuilder(START).append("\n\n");
        s.append("| operation | lcjwt on aws-lc | fastest other Java library | lcjwt is | measured |\n");
        s.append("|---|---:|---:|---:|---|\n");
        for (Row r : rows) {
            String page = pages.apply(r.page());
            Matcher when = WHEN.matcher(page);
            Matcher where = WHERE.matcher(page);
            Matcher jdk = JDK.matcher(page);
            if (!when.find() || !where.find() || !jdk.find()) {
                throw new IllegalStateException(r.page() + " does not say when, where and on which JDK it ran");
            }
            machines.add(where.group(1) + ", " + where.group(2) + " cores");
            jdks.add(jdk.group(1));
            s.append(String.format(Locale.ROOT, "| %s | %s µs | %s µs (%s) | **%.1fx faster** | [%s](bench/%s), %s |%n",
                    r.operation(), us(r.lcjwtUs()), us(r.peerUs()), r.peer(), r.peerUs() / r.lcjwtUs(), r.page(),
                    r.page(), when.group(1)));
        }
        s.append("\nJMH, one pinned CPU of ").append(String.join("; ", machines)).append(", JDK ")
                .append(String.join(", ", jdks)).append(". Each page names its method, options, error bars and versions.\n\n");
        return s.append(END).toString();
    }

    static String us(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, v < 10 ? "%.2f" : "%.1f", v);
    }

    /** Replaces the table between the README's markers. */
    public static String replaceIn(String readme, String table) {
        int a = readme.indexOf(START);
        int b = readme.indexOf(END);
        if (a < 0 || b < a) {
            throw new IllegalStateException("README.md has no performance table markers");
        }
        return readme.substring(0, a) + table + readme.substring(b + END.length());
    }

    /** The text of {@code bench/<name>}, a page the commands wrote (run from the repository's root). */
    static String page(String name) {
        try {
            return Files.readString(Path.of("bench", name));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code bin/race readme}: rewrites the README's table from the pages under bench/. */
    public static void main(String[] args) throws IOException {
        Path readme = Path.of("README.md");
        String table = render(ReadmeFigures::page);
        Files.writeString(readme, replaceIn(Files.readString(readme), table));
        System.err.println("race: wrote the performance table of README.md");
    }
}
