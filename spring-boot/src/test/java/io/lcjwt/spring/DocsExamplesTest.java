package io.lcjwt.spring;

import io.lcjwt.testkit.DocExamples;
import io.lcjwt.testkit.DocExamples.Page;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** The docs pages whose code needs Spring: compiled and run on this module's class path. */
class DocsExamplesTest {

    @TestFactory
    List<DynamicTest> springPagesRun() {
        List<Page> pages = DocExamples.pages("spring-boot");
        assertFalse(pages.isEmpty(), "docs/spring-boot.md runs here");
        return pages.stream().map(p -> DynamicTest.dynamicTest(p.path().getFileName().toString(),
                () -> DocExamples.run(p, List.of("io.lcjwt.spring.*")))).toList();
    }
}
