package io.lcjwt;

import io.lcjwt.testkit.DocExamples;
import io.lcjwt.testkit.DocExamples.Page;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The README and docs/ as users meet them: every page that shows Java names the module whose
 * tests run it, the pages of core run here, and every file a page links to exists (a figure's
 * bench page included).
 */
class DocsExamplesTest {
    private static final Set<String> MODULES = Set.of("core", "spring-boot", "cli");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)\\s]*)?\\)");

    @Test
    void everyPageWithJavaNamesTheModuleThatRunsIt() {
        List<String> problems = new ArrayList<>();
        for (Page p : DocExamples.pages()) {
            if (p.module() == null && !p.blocks("java").isEmpty()) {
                problems.add(p.path() + " shows Java but has no <!-- examples: MODULE --> first line");
            } else if (p.module() != null && !MODULES.contains(p.module())) {
                problems.add(p.path() + " names an unknown module: " + p.module());
            }
        }
        assertEquals(List.of(), problems);
    }

    @TestFactory
    List<DynamicTest> corePagesRun() {
        List<Page> pages = DocExamples.pages("core");
        assertFalse(pages.isEmpty(), "the README's examples run here");
        return pages.stream().map(p -> DynamicTest.dynamicTest(p.path().getFileName().toString(),
                () -> DocExamples.run(p, List.of()))).toList();
    }

    @Test
    void everyLinkedFileExists() throws Exception {
        List<String> missing = new ArrayList<>();
        for (Page p : DocExamples.pages()) {
            String text = Files.readString(p.path());
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue; // https:, mailto:
                }
                Path file = p.path().getParent().resolve(target).normalize();
                if (!Files.exists(file)) {
                    missing.add(p.path().getFileName() + " -> " + target);
                }
            }
        }
        assertEquals(List.of(), missing, "pages link to files that do not exist");
    }
}
