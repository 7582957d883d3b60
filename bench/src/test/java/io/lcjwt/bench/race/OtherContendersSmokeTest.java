package io.lcjwt.bench.race;

import com.fasterxml.jackson.jr.ob.JSON;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Node, Go and Rust contenders on one HS256 and one ES256 case with tiny counts, through
 * {@code bench/race/run-contender.sh}: each must validate and time ({@code ok}), never fail. A
 * contender that is not built here (its toolchain absent) is reported, and is an error only when
 * its family is listed in {@code LCJWT_RACE_REQUIRE} (comma-separated: node, go, rust) — which
 * {@code .ci/run} sets for every family it could build, so a broken contender fails CI.
 */
class OtherContendersSmokeTest {

    private static final Map<String, String> FAMILY = Map.of(
            "fast-jwt", "node", "jose", "node", "golang-jwt", "go", "jsonwebtoken", "rust");

    @Test
    void everyBuiltContenderValidatesAndTimes() throws Exception {
        Path race = Path.of("race/run-contender.sh").toAbsolutePath();
        Path fixtures = Path.of("fixtures").toAbsolutePath();
        assertTrue(Files.isExecutable(race), race + " is missing");
        Set<String> required = Set.of(System.getenv().getOrDefault("LCJWT_RACE_REQUIRE", "").split(","));
        List<String> report = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (String contender : List.of("fast-jwt", "jose", "golang-jwt", "jsonwebtoken")) {
            for (String[] c : new String[][] {{"hs256.json", "typical-64"}, {"asym.json", "ES256-P-256-typical"}}) {
                Process p = new ProcessBuilder(race.toString(), contender, "--fixture", fixtures.resolve(c[0]).toString(),
                        "--case", c[1], "--decodes", "200", "--rounds", "1", "--warmup", "50").start();
                String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                assertTrue(p.waitFor(2, TimeUnit.MINUTES), contender + " hung");
                if (p.exitValue() == 2 && err.contains("not built")) {
                    report.add(contender + ": not built here");
                    if (required.contains(FAMILY.get(contender))) {
                        problems.add(contender + " is required (LCJWT_RACE_REQUIRE) but not built: " + err.strip());
                    }
                    continue;
                }
                Map<String, Object> line;
                try {
                    line = JSON.std.mapFrom(out);
                } catch (Exception e) {
                    problems.add(contender + " " + c[1] + ": no result line (exit " + p.exitValue() + "): " + out + err);
                    continue;
                }
                report.add(contender + " " + c[1] + ": " + line.get("status") + " " + line.get("usPerDecode"));
                if (!"ok".equals(line.get("status"))) {
                    problems.add(contender + " " + c[1] + ": " + line.get("status") + " (" + line.get("reason") + ")");
                } else {
                    assertEquals(contender, line.get("contender"));
                    assertEquals(1, ((List<?>) line.get("usPerDecode")).size(), out);
                }
            }
        }
        report.forEach(System.out::println);
        assertEquals(List.of(), problems);
    }
}
