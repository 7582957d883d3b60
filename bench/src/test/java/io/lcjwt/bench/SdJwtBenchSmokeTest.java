package io.lcjwt.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs {@link SdJwtBench}'s setup for each shape (where each library verifies the other's output
 * and both refuse a tampered presentation) and each benchmark once; no timing.
 */
class SdJwtBenchSmokeTest {

    static final java.util.List<String> SHAPES = SdJwtBench.SHAPES;

    @ParameterizedTest(name = "{0}")
    @FieldSource("SHAPES")
    void everyBenchmarkRunsAndAgrees(String shape) throws Exception {
        SdJwtBench b = new SdJwtBench();
        b.shape = shape;
        b.setup();
        Map<String, Object> lcjwt = b.lcjwtVerify();
        assertTrue(SdJwtBench.same(b.expected, lcjwt));
        assertTrue(SdJwtBench.same(lcjwt, b.authleteVerify()));
        int disclosures = shape.equals("section5") ? 10 : 100;
        for (String issued : new String[] {b.lcjwtIssue(), b.authleteIssue()}) {
            assertEquals(disclosures + 1, issued.split("~", -1).length - 1, "jwt~ and a ~ after each disclosure");
            assertTrue(SdJwtBench.same(b.expected, b.lcjwtIssuedVerifier.verifyIssued(issued).claims()));
        }
    }

    @Test
    void theShapesAreTheParamValues() throws Exception {
        String[] values = SdJwtBench.class.getField("shape").getAnnotation(org.openjdk.jmh.annotations.Param.class).value();
        assertEquals(SdJwtBench.SHAPES, java.util.List.of(values), "the page's shape list and JMH's @Param must agree");
    }
}
