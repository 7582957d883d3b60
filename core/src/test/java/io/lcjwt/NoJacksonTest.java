package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * lcjwt needs no third-party library at run time: a JVM whose class path, then whose module
 * path, holds only lcjwt and its bindings decodes into a map and a record, signs, verifies from a
 * JWKS URL and decrypts a JWE; and ClaimsReader.jacksonJr() says what to add.
 */
class NoJacksonTest {

    @TempDir
    Path tmp;

    private List<String> lcjwtOnly() {
        Path own = Path.of("target", "classes").toAbsolutePath();
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            if (p.equals(own) || name.startsWith("lcjwt-bindings") || p.endsWith(Path.of("bindings", "target", "classes"))) {
                entries.add(entry);
            }
        }
        assertEquals(2, entries.size(), "lcjwt's classes and its bindings: " + entries);
        return entries;
    }

    private Path compileMain(List<String> lcjwt) {
        Path out = tmp.resolve("main");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int rc = javac.run(null, log, log, "-d", out.toString(), "-cp", String.join(File.pathSeparator, lcjwt),
                Path.of("src/test/resources/nojackson/NoJacksonMain.java").toString());
        assertEquals(0, rc, log.toString(StandardCharsets.UTF_8));
        return out;
    }

    private String run(List<String> javaArgs) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(javaArgs);
        cmd.add("NoJacksonMain");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static void assertAllWorked(String out) {
        assertTrue(out.contains("no jackson-core"), out);
        assertTrue(out.contains("HS256 map alice, record alice"), out);
        assertTrue(out.contains("ES256 from a JWKS URL alice"), out);
        assertTrue(out.contains("JWE secret"), out);
        assertTrue(out.contains("jacksonJr refused: ClaimsReader.jacksonJr() needs Jackson-jr, which lcjwt does not bring:"
                + " add com.fasterxml.jackson.jr:jackson-jr-objects"), out);
    }

    @Test
    void runsOnAClassPathWithoutJackson() throws Exception {
        List<String> lcjwt = lcjwtOnly();
        Path main = compileMain(lcjwt);
        List<String> cp = new ArrayList<>(lcjwt);
        cp.add(main.toString());
        assertAllWorked(run(List.of("--enable-native-access=ALL-UNNAMED", "-cp", String.join(File.pathSeparator, cp))));
    }

    @Test
    void runsOnAModulePathWithoutJackson() throws Exception {
        List<String> lcjwt = lcjwtOnly();
        Path main = compileMain(lcjwt);
        String out = run(List.of("--module-path", String.join(File.pathSeparator, lcjwt), "--add-modules", "io.lcjwt",
                "--enable-native-access=io.lcjwt.bindings", "-cp", main.toString()));
        assertAllWorked(out);
        assertTrue(out.contains("on the module path, with --add-modules com.fasterxml.jackson.jr.ob"), out);
    }
}
