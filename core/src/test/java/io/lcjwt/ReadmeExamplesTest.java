package io.lcjwt;

import org.junit.jupiter.api.Test;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compiles and runs every {@code java} block of the README, in order, as one method body (a
 * random 32-byte {@code secret} is in scope), so the documented code cannot rot.
 */
class ReadmeExamplesTest {

    @Test
    void readmeJavaBlocksCompileAndRun() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        List<String> blocks = new ArrayList<>();
        while (m.find()) {
            blocks.add(m.group(1));
        }
        assertTrue(blocks.size() >= 2, "the README has its examples");

        String source = """
                package readme;
                import io.lcjwt.*;
                import java.net.URI;
                import java.time.*;
                import java.util.*;
                public class Examples {
                    public static void run() throws Exception {
                        byte[] secret = new byte[32];
                        new java.security.SecureRandom().nextBytes(secret);
                """ + String.join("\n", blocks) + """
                    }
                }
                """;
        Path dir = Files.createTempDirectory("readme");
        Path src = dir.resolve("readme/Examples.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, "-d", dir.toString(),
                "-cp", System.getProperty("java.class.path"), src.toString());
        assertEquals(0, rc, () -> "README examples do not compile:\n" + diagnostics.toString(StandardCharsets.UTF_8)
                + "\n" + source);

        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            loader.loadClass("readme.Examples").getMethod("run").invoke(null);
        } finally {
            System.setOut(saved);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("aud: "), printed);
        assertTrue(printed.contains("Cognito id token: groups [admin, dev], tenant acme"), printed);
        assertTrue(printed.contains("Jackson-jr reads the same claims: true"), printed);
        assertTrue(printed.contains("RS256 sub: alice"), printed);
        assertTrue(printed.contains("ES256 sub: bob"), printed);
        assertTrue(printed.contains("detached body: ES256 kid ec-1"), printed);
        assertTrue(printed.contains("JSON: 1 of 2 signatures verified"), printed);
        assertTrue(printed.contains("encrypted ID token for alice"), printed);
    }
}
