package io.lcjwt.bench.report;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JWK page's verdict: the fastest peer per row, the ratio, and the keys only lcjwt refuses. */
class JwkPageTest {

    private static String run(String bench, String kty, double us) {
        return "{\"benchmark\":\"io.lcjwt.bench." + bench + "\",\"params\":{\"kty\":\"" + kty + "\"},"
                + "\"primaryMetric\":{\"score\":" + us + ",\"scoreUnit\":\"us/op\"}}";
    }

    @Test
    void eachRowIsJudgedAgainstItsFastestPeer() throws Exception {
        String json = "[" + String.join(",",
                run("JwkBench.lcjwtParse", "EC", 2.0), run("JwkBench.nimbusParse", "EC", 3.0),
                run("JwkBench.jose4jParse", "EC", 2.5), run("JwkBench.jjwtParse", "EC", 9.0),
                run("JwkBench.lcjwtParse", "OKP", 8.0), run("JwkBench.nimbusParse", "OKP", 2.0),
                run("JwkBench.jose4jParse", "OKP", 4.0)) + "]";
        Map<String, Map<String, Boolean>> refusals = new LinkedHashMap<>();
        refusals.put("P-256 point off the curve", Map.of("lcjwt", true, "Nimbus", true, "jose4j", false, "jjwt", true,
                "lcjwt PEM", true, "JDK KeyFactory", false));
        refusals.put("Ed25519 point of order 8", Map.of("lcjwt", true, "Nimbus", false, "jose4j", false, "jjwt", false,
                "lcjwt PEM", true, "JDK KeyFactory", false));
        String page = JwkPage.verdict("aws-lc", json, refusals);
        assertTrue(page.contains("| EC JWK parse | 2.00 | jose4j | 2.50 | **0.80** | P-256 point off the curve |"), page);
        assertTrue(page.contains("| OKP JWK parse | 8.00 | Nimbus | 2.00 | 4.00 | Ed25519 point of order 8 |"), page);
        assertTrue(page.contains("at or under the fastest peer in 1 of 2 rows"), page);
    }

    @Test
    void theJwsRowsAreJudgedWithoutAParameter() throws Exception {
        String json = "[" + String.join(",",
                "{\"benchmark\":\"io.lcjwt.bench.JwkBench.Jws.lcjwtParseCompact\",\"params\":{},\"primaryMetric\":{\"score\":0.5}}",
                "{\"benchmark\":\"io.lcjwt.bench.JwkBench.Jws.nimbusParseCompact\",\"primaryMetric\":{\"score\":2.0}}",
                "{\"benchmark\":\"io.lcjwt.bench.JwkBench.Jws.jose4jParseCompact\",\"primaryMetric\":{\"score\":4.0}}",
                "{\"benchmark\":\"io.lcjwt.bench.JwkBench.Jws.lcjwtSignFlattened\",\"primaryMetric\":{\"score\":3.0}}",
                "{\"benchmark\":\"io.lcjwt.bench.JwkBench.Jws.nimbusSignFlattened\",\"primaryMetric\":{\"score\":2.0}}") + "]";
        String page = JwkPage.verdict("OpenSSL 3", json, Map.of());
        assertTrue(page.contains("| JWS compact read, not verified | 0.500 | Nimbus | 2.00 | **0.25** | – |"), page);
        assertTrue(page.contains("| JWS JSON (flattened) write (HS256, signing included) | 3.00 | Nimbus | 2.00 | 1.50 | – |"), page);
        assertTrue(page.contains("at or under the fastest peer in 1 of 2 rows"), page);
    }
}
