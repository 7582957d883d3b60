package io.lcjwt;

import io.lcjwt.testkit.ApiNames;
import io.lcjwt.testkit.DocExamples;
import io.lcjwt.testkit.DocExamples.Page;
import io.lcjwt.testkit.DocTables;
import io.lcjwt.testkit.DocTables.Span;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tables of the docs that set lcjwt's calls beside another library's (the migration pages,
 * the exception tables) name only lcjwt's public API as it is: a call renamed or removed since a
 * page was written fails here, as its code blocks would fail the docs harness.
 */
class DocsApiNamesTest {
    private static final Pattern DECLARED = Pattern.compile("\\b(?:record|class|interface|enum)\\s+(\\w+)");

    /** The types a page's code blocks declare, such as the records claims are read into. */
    static Set<String> declared(Page page) {
        Set<String> names = new HashSet<>();
        for (String block : page.blocks("java")) {
            Matcher m = DECLARED.matcher(block);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    @Test
    void everyLcjwtColumnNamesTheApiThatExists() {
        ApiNames api = ApiNames.ofPackage(JwtVerifier.class);
        List<String> problems = new ArrayList<>();
        int spans = 0;
        for (Page p : DocExamples.pages()) {
            Set<String> declared = declared(p);
            for (Span s : DocTables.column(p.path(), h -> h.equals("lcjwt"))) {
                if (s.code().startsWith("-")) {
                    continue; // a JVM flag
                }
                spans++;
                for (String problem : api.unknown(s.code(), declared)) {
                    problems.add(p.path().getFileName() + ": " + problem);
                }
            }
        }
        assertTrue(spans > 100, "the migration pages' lcjwt columns were read: " + spans + " spans");
        assertEquals(List.of(), problems);
    }

    @Test
    void theCheckFindsANameThatDoesNotExist() {
        ApiNames api = ApiNames.ofPackage(JwtVerifier.class);
        assertEquals(List.of(), api.unknown("JwtVerifier.builder(key).algorithms(Algorithm.HS256).leeway(Duration.ofSeconds(30)).build()"));
        assertEquals(1, api.unknown("JwtVerifier.builder(key).audiences(\"a\").build()").size());
        assertEquals(1, api.unknown("JwtVerifier.parser(key)").size());
        assertEquals(1, api.unknown("Algorithm.HS257").size());
        assertEquals(1, api.unknown("io.lcjwt.NoSuchException").size());
    }
}
