package io.lcjwt.bench.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's performance table is what the bench pages say, so it cannot drift from them. */
class ReadmeFiguresTest {
    private static final Path ROOT = Path.of("..");

    /** A committed bench page's text, as the page tests read it. */
    static String page(String name) {
        try {
            return Files.readString(ROOT.resolve("bench").resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theReadmeTableIsWhatThePagesSay() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        String table = ReadmeFigures.render(ReadmeFiguresTest::page);
        assertTrue(readme.contains(table), "README.md's performance table differs from the bench pages;"
                + " run bin/race readme. It should read:\n" + table);
    }

    @Test
    void rowsReadTheRightCells() {
        List<ReadmeFigures.Row> rows = ReadmeFigures.rows(ReadmeFiguresTest::page);
        assertEquals(5, rows.size());
        for (ReadmeFigures.Row r : rows) {
            assertTrue(r.lcjwtUs() > 0 && r.peerUs() > 0 && r.peer() != null, r.toString());
        }
    }

    @Test
    void tablesAreReadByColumnName() {
        String page = "## JMH on aws-lc\n\ntext\n\n| benchmark | µs/op | ± |\n|---|---:|---:|\n| A.x | **1.50** | 0.1 |\n"
                + "| A.y | 2,000 | 3 |\n\n## next\n| benchmark | µs/op |\n|---|---|\n| A.x | 9 |\n";
        var t = ReadmeFigures.table(page, "## JMH on aws-lc");
        assertEquals(2, t.size());
        assertEquals(1.5, ReadmeFigures.number(t.get(0).get("µs/op")));
        assertEquals(2000.0, ReadmeFigures.number(t.get(1).get("µs/op")));
    }
}
