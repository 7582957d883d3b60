package io.lcjwt.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the {@code $ bin/lcjwt ...} lines of the README's {@code ```sh lcjwt} blocks, in order,
 * through {@link Main#run}, in a temporary directory: each must exit 0. File names in the lines
 * are taken relative to that directory; {@code $TOKEN} is what the last {@code sign} printed.
 */
class ReadmeCliExamplesTest {
    /** The commands of this branch; every README line must be one of these or of {@link #AFTER_MERGE}. */
    static final Set<String> RUN = Set.of("keygen", "thumbprint", "jwks", "--help", "--version", "help");
    /**
     * Written on another branch (issue #18, cli-verify); once merged, move them into {@link #RUN}
     * and empty this set.
     */
    static final Set<String> AFTER_MERGE = Set.of("sign", "verify", "inspect");

    private static final Pattern FILE = Pattern.compile("[\\w.-]+\\.(pem|jwk|json|der)");

    @TempDir
    Path dir;

    static List<String> lines() throws Exception {
        String readme = Files.readString(LauncherTest.ROOT.resolve("README.md"));
        Matcher m = Pattern.compile("```sh lcjwt\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        List<String> lines = new ArrayList<>();
        while (m.find()) {
            m.group(1).lines().filter(l -> l.startsWith("$ bin/lcjwt ")).forEach(lines::add);
        }
        return lines;
    }

    @Test
    void theReadmeHasExamplesOfEveryCommand() throws Exception {
        List<String> commands = lines().stream().map(l -> l.split(" ")[2]).distinct().toList();
        assertTrue(commands.containsAll(List.of("keygen", "thumbprint", "jwks", "sign", "verify", "inspect")),
                commands::toString);
    }

    @Test
    void everyExampleExitsZero() throws Exception {
        String token = null;
        int ran = 0;
        for (String line : lines()) {
            String[] words = line.substring("$ bin/lcjwt ".length()).trim().split(" +");
            String command = words[0];
            assertTrue(RUN.contains(command) || AFTER_MERGE.contains(command), "README line with an unknown command: " + line);
            if (!RUN.contains(command)) {
                continue;
            }
            List<String> args = new ArrayList<>();
            for (String w : words) {
                if (w.equals("$TOKEN")) {
                    assertFalse(token == null, "$TOKEN before any sign line: " + line);
                    w = token;
                }
                args.add(FILE.matcher(w).matches() ? dir.resolve(w).toString() : w);
            }
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, r.code(), () -> line + "\n" + r);
            if (command.equals("sign")) {
                token = r.out().strip();
            }
            ran++;
        }
        assertTrue(ran >= 6, "ran " + ran + " README lines");
    }
}
