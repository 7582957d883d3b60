package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * lcjwt as JPMS modules: a child JVM with io.lcjwt and io.lcjwt.bindings (no Jackson) on the module
 * path, native access granted to io.lcjwt.bindings only (as docs/runtime.md says), signs and decodes;
 * and decodes into a record and beans of an application module of their own
 * ({@code src/test/modules/modcheck.claims}, compiled here), which opens or exports their
 * packages to io.lcjwt (#19.6). A package it does not open is refused with the line to add.
 */
class ModulePathTest {

    @TempDir
    Path tmp;

    /** Compiles the modcheck.claims module against io.lcjwt's classes; returns its output directory. */
    private Path compileClaimsModule(List<String> modulePath) throws Exception {
        Path src = Path.of("src/test/modules/modcheck.claims");
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(src)) {
            walk.filter(f -> f.toString().endsWith(".java")).forEach(f -> files.add(f.toString()));
        }
        Path out = tmp.resolve("modcheck.claims");
        List<String> args = new ArrayList<>(List.of("-d", out.toString(), "--module-path",
                String.join(File.pathSeparator, modulePath), "-Xlint:-module"));
        args.addAll(files);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        java.io.StringWriter log = new java.io.StringWriter();
        int rc = javac.run(null, new java.io.PrintStream(new java.io.ByteArrayOutputStream()),
                new java.io.PrintStream(new java.io.OutputStream() {
                    @Override
                    public void write(int b) {
                        log.write(b);
                    }
                }), args.toArray(new String[0]));
        assertEquals(0, rc, "javac modcheck.claims: " + log);
        return out;
    }

    @Test
    void signsAndDecodesOnTheModulePath() throws Exception {
        List<String> modulePath = new ArrayList<>();
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            if (entry.endsWith("test-classes")) {
                classPath.add(entry);
            } else if (entry.endsWith("classes") || name.startsWith("lcjwt-bindings")) {
                modulePath.add(entry);
            }
        }
        assertTrue(modulePath.size() >= 2, "the module path has lcjwt and its bindings, and nothing else: " + modulePath);
        modulePath.add(compileClaimsModule(modulePath).toString());
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", String.join(File.pathSeparator, modulePath),
                "--add-modules", "io.lcjwt,modcheck.claims",
                "--enable-native-access=io.lcjwt.bindings",
                "-cp", String.join(File.pathSeparator, classPath),
                "modcheck.ModulePathMain");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("module io.lcjwt sub mod on "), out);
        assertTrue(out.contains("module JWE mod mod"), out);
        assertTrue(out.contains("module modcheck.claims: OpenRecord[sub=mod, exp=4102444800, roles=[a, b]]"), out);
        assertTrue(out.contains("module modcheck.claims: OpenBean[sub=mod, exp=4102444800]"), out);
        assertTrue(out.contains("module modcheck.claims: ExportedBean[sub=mod]"), out);
        for (String hidden : List.of("HiddenRecord", "HiddenBean")) {
            assertTrue(out.lines().anyMatch(l -> l.startsWith("refused " + hidden + ": IllegalArgumentException: ")
                    && l.contains("Add \"opens modcheck.claims.hidden to io.lcjwt;\" to the module-info.java of module"
                    + " modcheck.claims")), out);
        }
        assertTrue(!out.contains("WARNING: A restricted method"), "no native-access warning: " + out);
    }
}
