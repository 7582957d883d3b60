package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * lcjwt as JPMS modules: a child JVM with io.lcjwt, io.lcjwt.bindings and Jackson on the module
 * path, native access granted to io.lcjwt.bindings only (as the README says), signs and decodes.
 */
class ModulePathTest {

    @Test
    void signsAndDecodesOnTheModulePath() throws Exception {
        List<String> modulePath = new ArrayList<>();
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            if (entry.endsWith("test-classes")) {
                classPath.add(entry);
            } else if (entry.endsWith("classes") || name.startsWith("lcjwt-bindings") || name.startsWith("jackson-")) {
                modulePath.add(entry);
            }
        }
        assertTrue(modulePath.size() >= 4, "the module path has lcjwt, its bindings and Jackson: " + modulePath);
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", String.join(File.pathSeparator, modulePath),
                "--add-modules", "io.lcjwt",
                "--enable-native-access=io.lcjwt.bindings",
                "-cp", String.join(File.pathSeparator, classPath),
                "modcheck.ModulePathMain");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("module io.lcjwt sub mod on "), out);
        assertTrue(!out.contains("WARNING: A restricted method"), "no native-access warning: " + out);
    }
}
