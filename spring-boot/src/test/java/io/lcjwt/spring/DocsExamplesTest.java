package io.lcjwt.spring;

import io.lcjwt.testkit.DocExamples;
import io.lcjwt.testkit.DocExamples.Page;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** The pages under docs/ whose code this module's tests run (<!-- examples: spring-boot -->). */
class DocsExamplesTest {

    @TestFactory
    List<DynamicTest> springBootPagesRun() {
        List<Page> pages = DocExamples.pages("spring-boot");
        assertFalse(pages.isEmpty(), "docs/spring-authorization-server.md runs here");
        return pages.stream().map(p -> DynamicTest.dynamicTest(p.path().getFileName().toString(),
                () -> DocExamples.run(p, List.of("io.lcjwt.spring.*")))).toList();
    }
}
