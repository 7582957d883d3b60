package io.lcjwt.bench.report;

import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JWK page's verdict per libcrypto: each JwkBench row, lcjwt against the fastest peer of the
 * same run, and which bad keys lcjwt refuses there that that peer accepts (from
 * {@code JwkImportChecks}), so that a row lcjwt loses because it checks more says so.
 */
public final class JwkPage {
    private JwkPage() {}

    /** One row of the verdict: lcjwt's benchmark, its peers' (benchmark to library), what a key of it can be refused for. */
    private record Row(String label, String lcjwt, String param, Map<String, String> peers, String refusalPrefix) {}

    private static final Map<String, String> PARSERS = peers("JwkBench.nimbusParse", "Nimbus",
            "JwkBench.jose4jParse", "jose4j", "JwkBench.jjwtParse", "jjwt");
    private static final Map<String, String> THUMBPRINTS = peers("JwkBench.nimbusThumbprint", "Nimbus",
            "JwkBench.jose4jThumbprint", "jose4j", "JwkBench.jjwtThumbprint", "jjwt");
    private static final Map<String, String> WRITERS = peers("JwkBench.Write.nimbusWrite", "Nimbus",
            "JwkBench.Write.jose4jWrite", "jose4j", "JwkBench.Write.jjwtWrite", "jjwt");
    private static final Map<String, String> SET_PARSERS = peers("JwkBench.Set.nimbusParseJwks", "Nimbus",
            "JwkBench.Set.jose4jParseJwks", "jose4j", "JwkBench.Set.jjwtParseJwks", "jjwt");
    private static final Map<String, String> SET_WRITERS = peers("JwkBench.Set.nimbusWriteJwks", "Nimbus",
            "JwkBench.Set.jose4jWriteJwks", "jose4j");
    private static final Map<String, String> FIRST_USE = peers("JwkBench.NimbusFirstUse.nimbusImportAndVerify", "Nimbus",
            "JwkBench.FirstUse.jose4jImportAndVerify", "jose4j");
    private static final Map<String, String> PEM = peers("JwkBench.Pem.jdkParsePem", "JDK KeyFactory");
    private static final Map<String, String> JWS_COMPACT_READERS = peers("JwkBench.Jws.nimbusParseCompact", "Nimbus",
            "JwkBench.Jws.jose4jParseCompact", "jose4j");
    private static final Map<String, String> JWS_JSON_READERS = peers("JwkBench.Jws.nimbusParseJson", "Nimbus");
    private static final Map<String, String> JWS_COMPACT_WRITERS = peers("JwkBench.Jws.nimbusSignCompact", "Nimbus",
            "JwkBench.Jws.jose4jSignCompact", "jose4j");
    private static final Map<String, String> JWS_JSON_WRITERS = peers("JwkBench.Jws.nimbusSignFlattened", "Nimbus");

    private static final List<Row> ROWS = rows();

    private static List<Row> rows() {
        List<Row> r = new ArrayList<>();
        String[][] types = {{"RSA", "RSA"}, {"EC", "P-256"}, {"OKP", "Ed25519"}, {"oct", null}};
        for (String[] t : types) {
            r.add(new Row(t[0] + " JWK parse", "JwkBench.lcjwtParse", t[0], PARSERS, t[1]));
        }
        String[][] firstUse = {{"RSA", "RS256"}, {"EC", "ES256"}, {"OKP", "EdDSA"}};
        for (String[] t : firstUse) {
            r.add(new Row(t[0] + " JWK parse, then its first verification (" + t[1] + ")", "JwkBench.FirstUse.lcjwtImportAndVerify",
                    t[0], FIRST_USE, null));
        }
        r.add(new Row("3-key JWKS parse (RSA, P-256, Ed25519)", "JwkBench.Set.lcjwtParseJwks", "3", SET_PARSERS, ""));
        r.add(new Row("50-key JWKS parse (P-256, Ed25519)", "JwkBench.Set.lcjwtParseJwks", "50", SET_PARSERS, "P-256|Ed25519"));
        for (String[] t : types) {
            if (!t[0].equals("oct")) {
                r.add(new Row(t[0] + " PEM parse", "JwkBench.Pem.lcjwtParsePem", t[0], PEM, t[1]));
            }
        }
        for (String[] t : types) {
            if (!t[0].equals("oct")) {
                r.add(new Row(t[0] + " JWK write", "JwkBench.Write.lcjwtWrite", t[0], WRITERS, null));
            }
        }
        r.add(new Row("3-key JWKS write", "JwkBench.Set.lcjwtWriteJwks", "3", SET_WRITERS, null));
        r.add(new Row("50-key JWKS write", "JwkBench.Set.lcjwtWriteJwks", "50", SET_WRITERS, null));
        for (String[] t : types) {
            r.add(new Row(t[0] + " thumbprint", "JwkBench.lcjwtThumbprint", t[0], THUMBPRINTS, null));
        }
        r.add(new Row("JWS compact read, not verified", "JwkBench.Jws.lcjwtParseCompact", "", JWS_COMPACT_READERS, null));
        r.add(new Row("JWS JSON (flattened) read, not verified", "JwkBench.Jws.lcjwtParseJson", "", JWS_JSON_READERS, null));
        r.add(new Row("JWS compact write (HS256, signing included)", "JwkBench.Jws.lcjwtSignCompact", "", JWS_COMPACT_WRITERS, null));
        r.add(new Row("JWS JSON (flattened) write (HS256, signing included)", "JwkBench.Jws.lcjwtSignFlattened", "",
                JWS_JSON_WRITERS, null));
        return r;
    }

    private static Map<String, String> peers(String... benchAndLibrary) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < benchAndLibrary.length; i += 2) {
            m.put(benchAndLibrary[i], benchAndLibrary[i + 1]);
        }
        return m;
    }

    /**
     * The verdict table for one libcrypto.
     *
     * @param refusals per bad key, per library, whether it refused it ({@code JwkImportChecks.refusals()})
     */
    public static String verdict(String libLabel, String jmhJson, Map<String, Map<String, Boolean>> refusals)
            throws IOException {
        Map<String, Double> us = new HashMap<>(); // "benchmark|param" -> µs
        for (Object o : JSON.std.listFrom(jmhJson)) {
            Map<?, ?> run = (Map<?, ?>) o;
            String name = (String) run.get("benchmark");
            name = name.substring(name.indexOf(".bench.") + 7);
            Map<?, ?> params = (Map<?, ?>) run.get("params");
            String param = params == null || params.isEmpty() ? "" : String.valueOf(params.values().iterator().next());
            us.put(name + "|" + param, ((Number) ((Map<?, ?>) run.get("primaryMetric")).get("score")).doubleValue());
        }
        StringBuilder s = new StringBuilder("### lcjwt on " + libLabel + " against the fastest peer, row by row\n\n");
        s.append("From the table above: lcjwt's time over the fastest peer's in the same run (below 1.00 is lcjwt"
                + " ahead), and the bad keys of the row's type that lcjwt refuses and that peer accepts (the"
                + " refusal table below).\n\n");
        s.append("| row | lcjwt µs | fastest peer | its µs | lcjwt / peer | lcjwt refuses, the peer accepts |\n");
        s.append("|---|---:|---|---:|---:|---|\n");
        int rows = 0;
        int ahead = 0;
        for (Row row : ROWS) {
            Double mine = us.get(row.lcjwt() + "|" + row.param());
            String fastest = null;
            double best = Double.MAX_VALUE;
            for (Map.Entry<String, String> p : row.peers().entrySet()) {
                Double t = us.get(p.getKey() + "|" + row.param());
                if (t != null && t < best) {
                    best = t;
                    fastest = p.getValue();
                }
            }
            if (mine == null || fastest == null) {
                continue;
            }
            rows++;
            double ratio = mine / best;
            ahead += ratio <= 1.0 ? 1 : 0;
            s.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s%.2f%s | %s |%n", row.label(), JmhTables.us(mine),
                    fastest, JmhTables.us(best), ratio <= 1.0 ? "**" : "", ratio, ratio <= 1.0 ? "**" : "",
                    checksMore(row, fastest, refusals)));
        }
        Double floor = us.get("JwkBench.Ed25519Floor.pointDecode|");
        s.append(String.format(Locale.ROOT, "%nlcjwt at or under the fastest peer in %d of %d rows.", ahead, rows));
        if (floor != null) {
            s.append(String.format(Locale.ROOT, " The Ed25519 point decoding alone (`JwkBench.Ed25519Floor`, lcjwt's"
                    + " decoding in Java, the same on either libcrypto) takes %s µs: the floor under every row with an"
                    + " Ed25519 key, paid by lcjwt only.", JmhTables.us(floor)));
        }
        return s.append("\n\n").toString();
    }

    /** The bad keys of the row's types that lcjwt refused and {@code peer} accepted. */
    private static String checksMore(Row row, String peer, Map<String, Map<String, Boolean>> refusals) {
        if (row.refusalPrefix() == null) {
            return "–"; // no bad key of this kind was tried, or nothing is imported
        }
        boolean pem = row.lcjwt().contains(".Pem.");
        List<String> more = new ArrayList<>();
        for (Map.Entry<String, Map<String, Boolean>> e : refusals.entrySet()) {
            String key = e.getKey();
            boolean ofThisType = row.refusalPrefix().isEmpty()
                    || List.of(row.refusalPrefix().split("\\|")).stream().anyMatch(key::startsWith);
            if (ofThisType && e.getValue().get(pem ? "lcjwt PEM" : "lcjwt") && !e.getValue().get(peer)) {
                more.add(key);
            }
        }
        return more.isEmpty() ? "none" : String.join("; ", more);
    }
}
