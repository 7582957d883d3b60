package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the AOT-cache instructions of docs/startup.md ({@code ```sh aot} block) on a small application
 * that verifies a token: the training line must write the cache, and the second line must start
 * from it, with {@code -XX:AOTMode=on} added so that a cache the JVM cannot use is an error, not
 * a silent slow start. The application's class path is made of JAR files, as the page says it
 * must be (the build's class directories are packed into JARs here).
 */
class AotCacheInstructionsTest {

    /** The application: verifies one HS256 token and prints its subject. */
    public static void main(String[] args) {
        JwtVerifier v = TestTokens.verifier();
        System.out.println("OK " + v.decode(TestTokens.hs256(TestTokens.CLAIMS)).get("sub"));
    }

    @Test
    void theReadmesTrainingRunMakesACacheTheNextStartUses(@TempDir Path dir) throws Exception {
        List<List<String>> lines = readmeLines();
        assertEquals(2, lines.size(), "docs/startup.md's aot block has the training line and the start line");
        String classPath = jarsOnly(dir);
        Path aot = dir.resolve("app.aot");

        List<String> train = command(lines.get(0), classPath, aot, false);
        Run first = run(train);
        if (Runtime.version().feature() < 25) {
            // docs/startup.md says JDK 25 and later; before it the JVM does not know the option.
            assertNotEquals(0, first.code, first.out);
            return;
        }
        assertEquals(0, first.code, first.out);
        assertTrue(first.out.contains("OK alice"), first.out);
        assertTrue(Files.size(aot) > 0, "the training run wrote " + aot);

        Run second = run(command(lines.get(1), classPath, aot, true));
        assertEquals(0, second.code, "a start with -XX:AOTMode=on exits if it cannot use the cache: " + second.out);
        assertTrue(second.out.contains("OK alice"), second.out);
    }

    /** The {@code $ java ...} lines of docs/startup.md's {@code sh aot} block, as words. */
    static List<List<String>> readmeLines() throws IOException {
        String readme = Files.readString(Path.of("..", "docs", "startup.md"));
        Matcher m = Pattern.compile("```sh aot\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertTrue(m.find(), "docs/startup.md has a ```sh aot block");
        List<List<String>> out = new ArrayList<>();
        for (String line : m.group(1).split("\n")) {
            if (line.startsWith("$ java ")) {
                out.add(List.of(line.substring(2).trim().split(" +")));
            }
        }
        return out;
    }

    /** The page's words with the application's own java, class path, main class and cache file. */
    static List<String> command(List<String> words, String classPath, Path aot, boolean insist) {
        List<String> cmd = new ArrayList<>();
        for (String w : words) {
            switch (w) {
                case "java" -> cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
                case "app.jar" -> cmd.add(classPath);
                case "com.example.App" -> cmd.add(AotCacheInstructionsTest.class.getName());
                default -> {
                    cmd.add(w.replace("=app.aot", "=" + aot));
                    if (insist && w.startsWith("-XX:AOTCache=")) {
                        cmd.add("-XX:AOTMode=on");
                    }
                }
            }
        }
        return cmd;
    }

    record Run(int code, String out) {}

    static Run run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the JVM finished");
        return new Run(p.exitValue(), out);
    }

    /** This test's class path with each directory packed into a JAR in {@code dir}. */
    static String jarsOnly(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        int n = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            if (Files.isDirectory(p)) {
                Path jar = dir.resolve("dir" + n++ + ".jar");
                pack(p, jar);
                out.add(jar.toString());
            } else if (Files.isRegularFile(p)) {
                out.add(entry);
            }
        }
        return String.join(File.pathSeparator, out);
    }

    private static void pack(Path root, Path jar) throws IOException {
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(os);
                Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                j.putNextEntry(new JarEntry(root.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
        }
    }
}
