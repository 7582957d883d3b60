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
    private static final Pattern SAME_PAGE = Pattern.compile("\\]\\(#([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$", Pattern.MULTILINE);

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
    void everyLinkedFileAndHeadingExists() throws Exception {
        List<String> missing = new ArrayList<>();
        for (Page p : DocExamples.pages()) {
            String text = Files.readString(p.path());
            Matcher m = SAME_PAGE.matcher(text);
            while (m.find()) {
                if (!anchors(text).contains(m.group(1))) {
                    missing.add(p.path().getFileName() + " -> #" + m.group(1));
                }
            }
            m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue; // https:, mailto:
                }
                Path file = p.path().getParent().resolve(target).normalize();
                if (!Files.exists(file)) {
                    missing.add(p.path().getFileName() + " -> " + target);
                } else if (m.group(2) != null && target.endsWith(".md")
                        && !anchors(Files.readString(file)).contains(m.group(2).substring(1))) {
                    missing.add(p.path().getFileName() + " -> " + target + m.group(2));
                }
            }
        }
        assertEquals(List.of(), missing, "pages link to files or headings that do not exist");
    }

    /** A page nobody can reach is a page nobody reads: the index lists every page, and the performance page every bench page. */
    @Test
    void theIndexListsEveryPageAndThePerformancePageEveryBenchPage() throws Exception {
        Path root = DocExamples.root();
        List<String> unlisted = new ArrayList<>();
        String index = Files.readString(root.resolve("docs/README.md"));
        try (var pages = Files.list(root.resolve("docs"))) {
            pages.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".md") && !n.equals("README.md"))
                    .filter(n -> !index.contains("](" + n + ")") && !index.contains("](" + n + "#"))
                    .sorted().forEach(n -> unlisted.add("docs/README.md does not link " + n));
        }
        String performance = Files.readString(root.resolve("docs/performance.md"));
        try (var pages = Files.list(root.resolve("bench"))) {
            pages.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("results-") && n.endsWith(".md"))
                    .filter(n -> !performance.contains("](../bench/" + n + ")"))
                    .sorted().forEach(n -> unlisted.add("docs/performance.md does not link bench/" + n));
        }
        assertEquals(List.of(), unlisted);
    }

    /** The anchors GitHub makes of a page's headings: lower case, punctuation dropped, spaces to dashes. */
    static Set<String> anchors(String markdown) {
        Set<String> out = new java.util.HashSet<>();
        Matcher h = HEADING.matcher(markdown);
        while (h.find()) {
            out.add(h.group(1).strip().toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "")
                    .replace(' ', '-'));
        }
        return out;
    }

    /** Blocks users copy but no test runs: the XML and build lines still name what exists. */
    @Test
    void buildSnippetsNameRealModulesAndScripts() throws Exception {
        Path root = DocExamples.root();
        Set<String> artifacts = new java.util.HashSet<>();
        Matcher a = Pattern.compile("<artifactId>(lcjwt[\\w-]*)</artifactId>").matcher(
                Files.readString(root.resolve("pom.xml")));
        while (a.find()) {
            artifacts.add(a.group(1));
        }
        javax.xml.parsers.DocumentBuilderFactory xml = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        List<String> problems = new ArrayList<>();
        for (Page p : DocExamples.pages()) {
            for (DocExamples.Block b : p.blocks()) {
                String where = p.path().getFileName() + " ```" + b.language() + ": ";
                Matcher used = Pattern.compile("(?:artifactId>|io\\.lcjwt:)(lcjwt[\\w-]*)").matcher(b.text());
                while (used.find()) {
                    if (!artifacts.contains(used.group(1))) {
                        problems.add(where + "no artifact " + used.group(1));
                    }
                }
                if (b.language().equals("xml")) {
                    try {
                        xml.newDocumentBuilder().parse(new org.xml.sax.InputSource(
                                new java.io.StringReader("<root>" + b.text() + "</root>")));
                    } catch (org.xml.sax.SAXException e) {
                        problems.add(where + "not well-formed XML: " + e.getMessage());
                    }
                }
                if (b.language().startsWith("sh")) {
                    Matcher pl = Pattern.compile("-pl ([\\w,/-]+)").matcher(b.text());
                    while (pl.find()) {
                        for (String module : pl.group(1).split(",")) {
                            if (!Files.isRegularFile(root.resolve(module).resolve("pom.xml"))) {
                                problems.add(where + "no module " + module);
                            }
                        }
                    }
                    Matcher script = Pattern.compile("(?:^|[\\s$])(bin/[\\w-]+|bench/[\\w./-]+\\.sh)").matcher(b.text());
                    while (script.find()) {
                        if (!Files.isExecutable(root.resolve(script.group(1)))) {
                            problems.add(where + "no script " + script.group(1));
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }
}
