package io.lcjwt.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompareTest {

    private static String run(String method, String mode, double score, double error, String params) {
        return "{\"benchmark\":\"io.lcjwt.bench.Hs256DecodeBench." + method + "\",\"mode\":\"" + mode + "\","
                + "\"params\":" + params + ",\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + error
                + ",\"scoreUnit\":\"us/op\"}}";
    }

    @Test
    void judgesEachBenchmarkByItsIntervals(@TempDir Path dir) throws Exception {
        Path old = dir.resolve("old.json");
        Path neu = dir.resolve("new.json");
        Files.writeString(old, "[" + run("lcjwtRecord", "avgt", 2.0, 0.1, "null") + ","
                + run("jjwt", "avgt", 14.0, 1.0, "null") + "," + run("auth0", "thrpt", 100, 5, "{\"size\":\"typical\"}") + ","
                + run("gone", "avgt", 1, 0.1, "null") + "]");
        Files.writeString(neu, "[" + run("lcjwtRecord", "avgt", 1.5, 0.1, "null") + ","
                + run("jjwt", "avgt", 14.5, 1.0, "null") + "," + run("auth0", "thrpt", 80, 5, "{\"size\":\"typical\"}") + ","
                + run("added", "avgt", 1, 0.1, "null") + "]");
        List<Compare.Row> rows = Compare.compare(Compare.read(old), Compare.read(neu));
        Map<String, Compare.Row> byKey = new java.util.HashMap<>();
        rows.forEach(r -> byKey.put(r.key(), r));

        assertEquals("faster", byKey.get("Hs256DecodeBench.lcjwtRecord").verdict());
        assertEquals(-25.0, byKey.get("Hs256DecodeBench.lcjwtRecord").deltaPercent(), 1e-9);
        assertEquals("~", byKey.get("Hs256DecodeBench.jjwt").verdict(), "overlapping intervals claim nothing");
        assertEquals("slower", byKey.get("Hs256DecodeBench.auth0 size=typical").verdict(), "throughput down is slower");
        assertEquals("", byKey.get("Hs256DecodeBench.gone").verdict());
        assertEquals(null, byKey.get("Hs256DecodeBench.added").before());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Compare.print(rows, new PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("2.000 ± 0.1000 us/op") && text.contains("-25.0%"), text);
    }
}
