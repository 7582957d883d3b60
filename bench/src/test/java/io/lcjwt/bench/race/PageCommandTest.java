package io.lcjwt.bench.race;

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
        assertEquals("spring", Race.shellWord("spring"));
        assertEquals("results-jwe.md", Race.shellWord("results-jwe.md"));
        assertEquals("--jmh", Race.shellWord("--jmh"));
    }

    @Test
    void wordsAShellWouldSplitOrExpandAreQuoted() {
        assertEquals("'-f 1 -wi 5'", Race.shellWord("-f 1 -wi 5"));
        assertEquals("'Hs256DecodeBench.(a|b)$|Base64Bench'", Race.shellWord("Hs256DecodeBench.(a|b)$|Base64Bench"));
        assertEquals("''", Race.shellWord(""));
        assertEquals("'it'\\''s'", Race.shellWord("it's"));
    }

    @Test
    void bashReadsTheQuotedWordsBackUnchanged() throws Exception {
        List<String> args = List.of("jmh", "--regex", "Hs256DecodeBench.(a|b)$|Base64Bench", "--jmh", "-f 3 -wi 5", "it's", "");
        String line = String.join(" ", args.stream().map(Race::shellWord).toList());
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
