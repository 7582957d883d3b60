package io.lcjwt.cli;

import io.lcjwt.testkit.DocExamples;
import io.lcjwt.testkit.DocExamples.Page;
import io.lcjwt.testkit.DocTables;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the {@code $ bin/lcjwt ...} lines of the {@code ```sh lcjwt} blocks of {@code docs/cli.md}
 * (and of any other page that still has such blocks), in order, through {@link Main#run}, in a
 * temporary directory: each must exit 0. File names in the lines are taken relative to that
 * directory; {@code $TOKEN} is what the last {@code sign} printed, and {@code $JWE} what the last
 * {@code encrypt} printed. The page's exit-code table is held to the command's own, and its
 * start-up figures to the start-up page's.
 */
class DocsExamplesTest {
    /** Every example line must start with one of these. */
    static final Set<String> RUN = Set.of("keygen", "thumbprint", "jwks", "sign", "verify", "inspect", "encrypt",
            "decrypt", "--help", "--version", "help");

    private static final Pattern FILE = Pattern.compile("[\\w.-]+\\.(pem|jwk|json|der)");
    private static final Pattern EXIT_ROW = Pattern.compile("^\\| (\\d) \\| (.+) \\|$", Pattern.MULTILINE);

    @TempDir
    Path tmp;

    static Page cliPage() {
        Path path = DocExamples.root().resolve("docs/cli.md");
        List<Page> pages = DocExamples.pages("cli");
        assertTrue(pages.stream().anyMatch(p -> p.path().equals(path)), "docs/cli.md starts with <!-- examples: cli -->");
        return DocExamples.read(path);
    }

    static List<String> lines(Page page) {
        List<String> lines = new ArrayList<>();
        for (String block : page.blocks("sh lcjwt")) {
            block.lines().filter(l -> l.startsWith("$ bin/lcjwt ")).forEach(lines::add);
        }
        return lines;
    }

    @Test
    void theCliPageHasExamplesOfEveryCommand() {
        List<String> commands = lines(cliPage()).stream().map(l -> l.split(" ")[2]).distinct().toList();
        assertTrue(commands.containsAll(List.of("keygen", "thumbprint", "jwks", "sign", "verify", "inspect", "encrypt", "decrypt")),
                commands::toString);
    }

    @Test
    void theCliPageStatesTheCommandsOwnExitCodes() throws Exception {
        List<String> documented = new ArrayList<>();
        Matcher m = EXIT_ROW.matcher(Files.readString(cliPage().path()));
        while (m.find()) {
            documented.add(m.group(1) + ":" + m.group(2));
        }
        assertEquals(Arrays.asList(Main.class.getAnnotation(Command.class).exitCodeList()), documented);
    }

    @Test
    void theStartUpFiguresAreTheStartUpPagesOwn() throws Exception {
        String page = Files.readString(DocExamples.root().resolve("bench/results-startup.md"));
        String cached = "`bin/lcjwt verify` with the AOT cache";
        String uncached = "`LCJWT_AOT=off bin/lcjwt verify`";
        String expected = "took " + ms(page, "aws-lc, each process on every CPU", cached) + " ms on aws-lc and "
                + ms(page, "OpenSSL 3, each process on every CPU", cached) + " ms on OpenSSL 3 with its cache, and "
                + ms(page, "aws-lc, each process on every CPU", uncached) + " and "
                + ms(page, "OpenSSL 3, each process on every CPU", uncached) + " ms without (the whole command, on both"
                + " CPUs, medians of " + runs(page) + " interleaved runs); pinned to one CPU it took "
                + ms(page, "aws-lc, each process pinned to CPU 1", cached) + " and "
                + ms(page, "OpenSSL 3, each process pinned to CPU 1", cached) + " ms with the cache.";
        String doc = Files.readString(cliPage().path()).replaceAll("\\s+", " ");
        assertTrue(doc.contains(expected), "docs/cli.md should read: " + expected);
    }

    private static String runs(String startup) {
        Matcher m = Pattern.compile("the median wall time of (\\d+) runs").matcher(startup);
        assertTrue(m.find(), "the start-up page says how many runs a median is of");
        return m.group(1);
    }

    /** The median of the command-line row that starts with {@code command}, in the page's section. */
    private static String ms(String startup, String section, String command) {
        String from = startup.substring(startup.indexOf("## lcjwt on " + section));
        return DocTables.table(from, "The command line").stream().filter(r -> r.get("command").startsWith(command))
                .findFirst().orElseThrow(() -> new AssertionError("no row " + command + " in " + section))
                .get("median ms");
    }

    /** docs/cli.md, and the README for as long as it keeps a copy of the examples. */
    @TestFactory
    List<DynamicTest> everyExampleExitsZero() {
        List<Page> pages = new ArrayList<>(List.of(cliPage()));
        Page readme = DocExamples.read(DocExamples.root().resolve("README.md"));
        if (!lines(readme).isEmpty()) {
            pages.add(readme);
        }
        return pages.stream().map(p -> DynamicTest.dynamicTest(p.path().getFileName().toString(), () -> {
            Path dir = Files.createDirectory(tmp.resolve(p.slug()));
            int ran = run(lines(p), dir);
            assertTrue(ran >= 9, "ran " + ran + " lines of " + p.path());
        })).toList();
    }

    private static int run(List<String> lines, Path dir) {
        String token = null;
        String jwe = null;
        int ran = 0;
        for (String line : lines) {
            String[] words = line.substring("$ bin/lcjwt ".length()).trim().split(" +");
            String command = words[0];
            assertTrue(RUN.contains(command), "example line with an unknown command: " + line);
            List<String> args = new ArrayList<>();
            for (String w : words) {
                if (w.equals("$TOKEN")) {
                    assertFalse(token == null, "$TOKEN before any sign line: " + line);
                    w = token;
                } else if (w.equals("$JWE")) {
                    assertFalse(jwe == null, "$JWE before any encrypt line: " + line);
                    w = jwe;
                }
                args.add(FILE.matcher(w).matches() ? dir.resolve(w).toString() : w);
            }
            Cli r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), () -> line + "\n" + r);
            if (command.equals("sign")) {
                token = r.out().strip();
            } else if (command.equals("encrypt")) {
                jwe = r.out().strip();
            }
            ran++;
        }
        return ran;
    }
}
