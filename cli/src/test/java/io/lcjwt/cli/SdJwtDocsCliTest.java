package io.lcjwt.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the {@code $ bin/lcjwt ...} lines of docs/sd-jwt.md's {@code ```sh lcjwt} blocks, in order,
 * through {@link Main#run}, in a temporary directory, as {@link ReadmeCliExamplesTest} runs the
 * README's: each must exit 0. {@code $SDJWT} is what the last {@code sd-jwt issue} printed,
 * {@code $PRESENTATION} what the last {@code sd-jwt present} printed.
 */
class SdJwtDocsCliTest {
    private static final Pattern FILE = Pattern.compile("[\\w.-]+\\.(pem|jwk|json|der)");

    @TempDir
    Path dir;

    static List<String> lines() throws Exception {
        String page = Files.readString(LauncherTest.ROOT.resolve("docs/sd-jwt.md"));
        Matcher m = Pattern.compile("```sh lcjwt\\n(.*?)```", Pattern.DOTALL).matcher(page);
        List<String> lines = new ArrayList<>();
        while (m.find()) {
            m.group(1).lines().filter(l -> l.startsWith("$ bin/lcjwt ")).forEach(lines::add);
        }
        return lines;
    }

    @Test
    void everyExampleOfThePageExitsZeroAndTheLastVerifies() throws Exception {
        String sdJwt = null;
        String presentation = null;
        Cli last = null;
        List<String> commands = new ArrayList<>();
        for (String line : lines()) {
            String[] words = line.substring("$ bin/lcjwt ".length()).trim().split(" +");
            List<String> args = new ArrayList<>();
            for (String w : words) {
                if (w.equals("$SDJWT")) {
                    assertFalse(sdJwt == null, "$SDJWT before any issue line: " + line);
                    w = sdJwt;
                } else if (w.equals("$PRESENTATION")) {
                    assertFalse(presentation == null, "$PRESENTATION before any present line: " + line);
                    w = presentation;
                }
                args.add(FILE.matcher(w).matches() ? dir.resolve(w).toString() : w);
            }
            Cli r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), () -> line + "\n" + r);
            String command = words[0].equals("sd-jwt") ? "sd-jwt " + words[1] : words[0];
            commands.add(command);
            if (command.equals("sd-jwt issue")) {
                sdJwt = r.out().strip();
            } else if (command.equals("sd-jwt present")) {
                presentation = r.out().strip();
            }
            last = r;
        }
        assertTrue(commands.containsAll(List.of("sd-jwt issue", "sd-jwt present", "sd-jwt verify", "sd-jwt inspect")),
                commands::toString);
        assertTrue(last.out().startsWith("VERIFIED (ES256)\nDisclosed: given_name\n"), last::toString);
        assertFalse(last.out().contains("erika@example.com"), "email was not disclosed");
    }
}
