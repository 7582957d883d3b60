package io.lcjwt;

import io.lcjwt.testkit.DocExamples;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Core lends its URL rule and its escaper (package {@code io.lcjwt.internal}) to the Spring module
 * and the CLI by a qualified export to their module names, which on the module path are the
 * {@code Automatic-Module-Name}s their jars carry: the two lists must name the same modules, or the
 * Spring module and the CLI fail on the module path with an IllegalAccessError.
 */
class ModuleExportsTest {

    @Test
    void theQualifiedExportNamesTheJarsAutomaticModuleNames() throws Exception {
        ModuleDescriptor core;
        Path classes = Path.of(JwksClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
            core = ModuleDescriptor.read(in);
        }
        assertEquals("io.lcjwt", core.name());
        Set<String> targets = new TreeSet<>();
        for (ModuleDescriptor.Exports e : core.exports()) {
            if (e.source().equals("io.lcjwt.internal")) {
                targets.addAll(e.targets());
            }
        }
        Set<String> automatic = new TreeSet<>();
        Pattern name = Pattern.compile("<Automatic-Module-Name>([^<]+)</Automatic-Module-Name>");
        for (String module : new String[] {"spring-boot", "cli"}) {
            Matcher m = name.matcher(Files.readString(DocExamples.root().resolve(Path.of(module, "pom.xml"))));
            while (m.find()) {
                automatic.add(m.group(1));
            }
        }
        assertEquals(Set.of("io.lcjwt.spring", "io.lcjwt.cli"), automatic, "the two jars' Automatic-Module-Names");
        assertEquals(automatic, targets, "core's qualified export of io.lcjwt.internal");
    }
}
