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
 * are taken relative to that directory; {@code $TOKEN} is what the last {@code sign} printed, and
 * {@code $JWE} what the last {@code encrypt} printed.
 */
class ReadmeCliExamplesTest {
    /** Every README line must start with one of these. */
    static final Set<String> RUN = Set.of("keygen", "thumbprint", "jwks", "sign", "verify", "inspect", "encrypt",
            "decrypt", "--help", "--version", "help");

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
        assertTrue(commands.containsAll(List.of("keygen", "thumbprint", "jwks", "sign", "verify", "inspect", "encrypt", "decrypt")),
                commands::toString);
    }

    @Test
    void everyExampleExitsZero() throws Exception {
        String token = null;
        String jwe = null;
        int ran = 0;
        for (String line : lines()) {
            String[] words = line.substring("$ bin/lcjwt ".length()).trim().split(" +");
            String command = words[0];
            assertTrue(RUN.contains(command), "README line with an unknown command: " + line);
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
        assertTrue(ran >= 9, "ran " + ran + " README lines");
    }
}
