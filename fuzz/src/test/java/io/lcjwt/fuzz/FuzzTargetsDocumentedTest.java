package io.lcjwt.fuzz;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The security page names every fuzz target there is, so its account of fuzzing cannot fall behind. */
class FuzzTargetsDocumentedTest {

    @Test
    void everyTargetIsOnTheSecurityPage() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "security.md"));
        List<String> targets;
        try (Stream<Path> files = Files.list(Path.of("src", "test", "java", "io", "lcjwt", "fuzz"))) {
            targets = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith("FuzzTest.java"))
                    .map(n -> n.substring(0, n.length() - ".java".length())).sorted().toList();
        }
        assertTrue(targets.size() >= 8, "found the fuzz targets: " + targets);
        assertEquals(List.of(), targets.stream().filter(t -> !page.contains("`" + t + "`")).toList(),
                "fuzz targets that docs/security.md does not name");
    }
}
