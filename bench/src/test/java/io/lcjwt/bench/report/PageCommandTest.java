package io.lcjwt.bench.report;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A page's "Written by" line is a command a shell reads back into the arguments that made the page. */
class PageCommandTest {

    @Test
    void plainWordsStayAsTheyAre() {
        assertEquals("spring", PageCommand.word("spring"));
        assertEquals("results-jwe.md", PageCommand.word("results-jwe.md"));
        assertEquals("--jmh", PageCommand.word("--jmh"));
    }

    @Test
    void wordsAShellWouldSplitOrExpandAreQuoted() {
        assertEquals("'-f 1 -wi 5'", PageCommand.word("-f 1 -wi 5"));
        assertEquals("'Hs256DecodeBench.(a|b)$|Base64Bench'", PageCommand.word("Hs256DecodeBench.(a|b)$|Base64Bench"));
        assertEquals("''", PageCommand.word(""));
        assertEquals("'it'\\''s'", PageCommand.word("it's"));
    }

    @Test
    void bashReadsTheQuotedWordsBackUnchanged() throws Exception {
        List<String> args = List.of("jmh", "--regex", "Hs256DecodeBench.(a|b)$|Base64Bench", "--jmh", "-f 3 -wi 5", "it's", "");
        String line = PageCommand.words(args.toArray(String[]::new));
        Path script = Files.createTempFile("page-command", ".sh");
        try {
            Files.writeString(script, "for a in " + line + "; do printf '%s\\n' \"[$a]\"; done\n");
            Process p = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(true, p.waitFor(10, TimeUnit.SECONDS));
            assertEquals(args.stream().map(a -> "[" + a + "]").toList(), out.lines().toList());
        } finally {
            Files.delete(script);
        }
    }
}
