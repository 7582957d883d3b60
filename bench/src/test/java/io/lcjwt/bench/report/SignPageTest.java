package io.lcjwt.bench.report;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SignPage's rows, ratios, target verdicts and settled marks, from a hand-made JMH result. */
class SignPageTest {

    private static String run(String benchClass, String method, String params, double score, double error,
            double bytes, double... iterations) {
        StringBuilder raw = new StringBuilder("[[");
        for (int i = 0; i < iterations.length; i++) {
            raw.append(i == 0 ? "" : ",").append(iterations[i]);
        }
        raw.append("]]");
        return "{\"benchmark\":\"io.lcjwt.bench.SignBench." + benchClass + "." + method + "\",\"mode\":\"avgt\","
                + "\"params\":" + params + ",\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + error
                + ",\"scoreUnit\":\"us/op\",\"rawData\":" + raw + "},\"secondaryMetrics\":{\"gc.alloc.rate.norm\":"
                + "{\"score\":" + bytes + ",\"scoreUnit\":\"B/op\"}}}";
    }

    private static final String HS = "{\"alg\":\"HS256\"}";
    private static final String ES = "{\"alg\":\"ES256\"}";
    private static final String RSA4096 = "{\"alg\":\"RS256\",\"bits\":\"4096\"}";

    private static final String JSON = "[" + String.join(",",
            run("Hmac", "lcjwt", HS, 1.0, 0.05, 1200, 1.0, 1.0, 1.0),
            run("Hmac", "auth0", HS, 4.0, 0.1, 9000, 4.0, 4.0, 4.0),
            run("Hmac", "jjwt", HS, 12.0, 0.5, 20000, 12.0, 14.0, 12.0), // last step 14 -> 12: not settled
            run("Hmac", "bareLibcrypto", HS, 0.4, 0.01, 0, 0.4, 0.4),
            run("Ecdsa", "lcjwt", ES, 21.0, 0.2, 900, 21, 21),
            run("Ecdsa", "bareLibcrypto", ES, 20.0, 0.2, 0, 20, 20),
            run("Ecdsa", "nimbus", ES, 230.0, 3, 30000, 230, 230),
            run("Rsa", "lcjwt", RSA4096, 3000, 10, 2000, 3000, 3000),
            run("Rsa", "bareLibcrypto", RSA4096, 2700, 10, 0, 2700, 2700),
            run("Hs256DecodeBench", "lcjwtRecord", "null", 1, 0, 0, 1, 1), // an unknown class: left out
            run("Rsa", "lcjwt", RSA4096, 1, 0, 0, 1, 1).replace("bench.SignBench.", "bench.")) + "]"; // another bench

    @Test
    void readsRowsAndCells() throws Exception {
        Map<String, Map<String, SignPage.Cell>> rows = SignPage.read(JSON);
        assertEquals(java.util.Set.of("HS256", "ES256 P-256", "RS256 RSA 4096"), rows.keySet());
        assertEquals(1200, rows.get("HS256").get("lcjwt").bytes());
        assertFalse(rows.get("HS256").get("jjwt").settled());
        assertTrue(rows.get("HS256").get("auth0").settled());
    }

    @Test
    void ratiosAndTargets() throws Exception {
        String page = SignPage.section("aws-lc", JSON, "-f 1");
        // HS256: 1.0 / 0.4 = 2.5 > 1.6, even at the error bars' kindest ends (0.95 / 0.41 = 2.32)
        assertTrue(page.contains("| HS256 | 1.00 | 0.050 | 1,200 | auth0 | 4.00 | 4.00x | 0.400 | 2.50 | ≤ 1.6× bare | no |"),
                page);
        // ES256: 21 / 20 = 1.05 <= 1.1, the high end (21.2 / 19.8 = 1.07) too
        assertTrue(page.contains("| ES256 P-256 | 21.00 | 0.200 | 900 | nimbus | 230 | 10.95x | 20.00 | 1.05 | ≤ 1.1× bare | yes |"),
                page);
        // RS256 4096: 3000 / 2700 = 1.11 > 1.1; the kind ends (2990 / 2710 = 1.103) still over
        assertTrue(page.contains("| RS256 RSA 4096 | 3,000 | 10.00 | 2,000 |  |  |  | 2,700 | 1.11 | ≤ 1.1× bare | no |"), page);
        assertTrue(page.contains("HS256 jjwt (14.3 %)"), "the unsettled row is named: " + page);
        assertTrue(page.contains("| PS256 RSA 4096 |"), page);
        assertTrue(page.contains("`.lcjwt`") && page.contains("`.jjwt`"), "the version line looks for .<method>");
    }

    @Test
    void targetsPerRow() {
        assertEquals(1.6, SignPage.limit("HS256"));
        assertEquals(1.4, SignPage.limit("HS384"));
        assertEquals(1.4, SignPage.limit("HS512"));
        assertEquals(1.1, SignPage.limit("EdDSA Ed25519"));
        assertEquals(1.1, SignPage.limit("RS256 RSA 2048"));
        assertTrue(Double.isNaN(SignPage.limit("PS256 RSA 2048")));
    }

    @Test
    void allocationCountsHaveTheirOwnTable() throws Exception {
        String allocs = "{\"HS256\": {\"lcjwt\": 2.0, \"auth0\": 141.5, \"bareLibcrypto\": 0.0}}";
        String page = SignPage.section("aws-lc", JSON, "-f 1", allocs);
        assertTrue(page.contains("objects allocated per sign (allocs/op)"), page);
        int table = page.indexOf("(allocs/op)");
        String hs = page.substring(page.indexOf("| HS256 |", table), page.indexOf('\n', page.indexOf("| HS256 |", table)));
        assertEquals("| HS256 | 2.0 | not counted | 141.5 | not counted | not counted | not counted | not counted | 0.0 | not counted |",
                hs);
        assertTrue(page.substring(table).contains("| EdDSA Ed25519 | not counted | not counted | n/a |"), page);
        assertFalse(SignPage.section("aws-lc", JSON, "-f 1").contains("(allocs/op)"), "no counts, no table");
    }

    @Test
    void namesTheOptionsTheRunUsed() throws Exception {
        String withOptions = JSON.replace("\"mode\":\"avgt\",", "\"mode\":\"avgt\",\"forks\":1,\"warmupIterations\":3,"
                + "\"warmupTime\":\"1 s\",\"measurementIterations\":3,\"measurementTime\":\"1 s\",");
        assertEquals("-f 1 -wi 3 -w 1s -i 3 -r 1s", SignPage.asRun(withOptions));
        assertTrue(SignPage.section("aws-lc", withOptions, "-f 9").contains("options `-f 1 -wi 3 -w 1s -i 3 -r 1s`"));
        assertEquals(null, SignPage.asRun(JSON), "no options in the file: the caller's are shown");
    }

    @Test
    void verdictUsesBothEnds() {
        assertEquals("yes", SignPage.verdict(4, 3.5, 4.5, 3, true));
        assertEquals("yes (not beyond the error)", SignPage.verdict(3.2, 2.9, 3.5, 3, true));
        assertEquals("no (within the error)", SignPage.verdict(2.9, 2.5, 3.1, 3, true));
        assertEquals("no", SignPage.verdict(2, 1.8, 2.2, 3, true));
        assertEquals("yes", SignPage.verdict(1.0, 0.95, 1.05, 1.1, false));
        assertEquals("yes (not beyond the error)", SignPage.verdict(1.08, 1.0, 1.15, 1.1, false));
        assertEquals("no (within the error)", SignPage.verdict(1.12, 1.05, 1.2, 1.1, false));
        assertEquals("no", SignPage.verdict(1.3, 1.2, 1.4, 1.1, false));
    }
}
