package io.lcjwt.bench.race;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The results-spring.md and results-spring-encoder.md tables from JMH's JSON: ratios, their error range, and the targets. */
class SpringPageTest {

    private static String run(String method, String alg, double score, String error, double bytes) {
        return run("SpringDecoderBench", method, alg, score, error, bytes);
    }

    private static String run(String bench, String method, String alg, double score, String error, double bytes) {
        return "{\"benchmark\":\"io.lcjwt.bench." + bench + "." + method + "\",\"mode\":\"thrpt\","
                + "\"params\":{\"alg\":\"" + alg + "\"},\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + error
                + ",\"scoreUnit\":\"ops/s\"},\"secondaryMetrics\":{\"gc.alloc.rate.norm\":{\"score\":" + bytes + "}}}";
    }

    @Test
    void ratiosAndTargetsPerAlgorithm() throws Exception {
        String json = "[" + String.join(",",
                run("lcjwt", "ES256", 15000, "300", 2621.3),
                run("nimbus", "ES256", 500, "10", 57121.8),
                run("lcjwt", "RS256", 40000, "4000", 2391.4),
                run("nimbus", "RS256", 15000, "1000", 34737.6),
                run("lcjwt", "HS256", 300000, "\"NaN\"", 2161.5),
                run("nimbus", "HS256", 100000, "\"NaN\"", 21385.8)) + "]";
        String page = io.lcjwt.bench.report.JmhTables.springSection("aws-lc", json, "-f 1 -wi 3 -w 2s -i 5 -r 2s");
        // 15000 / 500 = 30x, at least (15000 - 300) / (500 + 10) = 28.82x: beyond the 10x target.
        assertTrue(page.contains("| ES256 (P-256) | 15,000 | 300 | 2,621 | 500 | 10.0 | 57,122 | **30.00x** [28.82 – 31.22] | 10.0x | yes |"), page);
        // 2.67x, but the intervals allow 2.25x: the target is met only by the central values.
        assertTrue(page.contains("**2.67x** [2.25 – 3.14] | 2.5x | yes (not beyond the error) |"), page);
        // No error bars (one iteration): the range collapses to the ratio; 3x misses 4x.
        assertTrue(page.contains("| HS256 (32 B) | 300,000 |  | 2,162 | 100,000 |  | 21,386 | **3.00x** [3.00 – 3.00] | 4.0x | no |"), page);
    }

    @Test
    void anAlgorithmThatDidNotRunSaysSo() throws Exception {
        String json = "[" + run("lcjwt", "HS256", 300000, "1", 2161.5) + "]";
        String page = io.lcjwt.bench.report.JmhTables.springSection("OpenSSL 3", json, "-f 1");
        assertTrue(page.contains("| ES256 (P-256) | not run | | | not run | | | | 10.0x | not run |"), page);
        assertTrue(page.contains("| HS256 (32 B) | 300,000 | | | not run |"), page);
    }

    @Test
    void theEncoderPageHasItsOwnTargetsAndReadsOnlyItsBenchmark() throws Exception {
        String json = "[" + String.join(",",
                run("SpringEncoderBench", "lcjwt", "ES256", 20000, "100", 3000),
                run("SpringEncoderBench", "nimbus", "ES256", 1900, "50", 60000),
                run("SpringEncoderBench", "lcjwt", "RS256", 1500, "10", 3000),
                run("SpringEncoderBench", "nimbus", "RS256", 1000, "10", 40000),
                run("SpringEncoderBench", "lcjwt", "HS256", 500000, "1000", 1000),
                run("SpringEncoderBench", "nimbus", "HS256", 150000, "1000", 20000),
                run("SpringDecoderBench", "lcjwt", "HS256", 1, "1", 1)) + "]";
        String page = io.lcjwt.bench.report.JmhTables.springEncoderSection("aws-lc", json, "-f 1");
        assertTrue(page.contains("JMH throughput of `JwtEncoder.encode(parameters)` (benchmarks"
                + " `SpringEncoderBench.lcjwt` and `SpringEncoderBench.nimbus`"), page);
        // 20000 / 1900 = 10.53x, at least 19900 / 1950 = 10.21x: beyond the 10x target.
        assertTrue(page.contains("**10.53x** [10.21 – 10.86] | 10.0x | yes |"), page);
        assertTrue(page.contains("**1.50x** [1.48 – 1.53] | 1.5x | yes (not beyond the error) |"), page);
        assertTrue(page.contains("**3.33x** [3.30 – 3.36] | 3.0x | yes |"), page);
    }
}
