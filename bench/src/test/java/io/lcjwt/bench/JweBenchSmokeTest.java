package io.lcjwt.bench;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs {@link JweBench}'s setup for each case (which has every contender decrypt every
 * contender's JWE and refuse a tampered one) and each benchmark once; no timing.
 */
class JweBenchSmokeTest {

    static final java.util.List<String> CASES = JweBench.CASES;

    @ParameterizedTest(name = "{0}")
    @FieldSource("CASES")
    void everyContenderDecryptsAndEncrypts(String alg) throws Exception {
        JweBench b = new JweBench();
        b.alg = alg;
        b.setup();
        try {
            byte[] payload = JweBench.typicalPayload();
            assertTrue(new String(payload, java.nio.charset.StandardCharsets.UTF_8).contains("\"aud\":\"lcjwt-bench\""));
            assertArrayEquals(payload, b.lcjwtDecrypt());
            assertArrayEquals(payload, b.nimbusDecrypt());
            assertArrayEquals(payload, b.jose4jDecrypt());
            assertArrayEquals(payload, b.bareDecrypt());
            for (String jwe : new String[] {b.lcjwtEncrypt(), b.nimbusEncrypt(), b.jose4jEncrypt(), b.bareEncrypt()}) {
                assertEquals(5, jwe.split("\\.", -1).length, jwe);
                assertArrayEquals(payload, b.lcjwtDecrypt(jwe));
                assertArrayEquals(payload, b.nimbusDecrypt(jwe));
            }
            // The bare floor must refuse what lcjwt refuses: a changed ciphertext.
            assertEquals(null, b.bare.decrypt(JweBench.flipCiphertextBit(b.jwe)));
        } finally {
            b.tearDown();
        }
    }

    @org.junit.jupiter.api.Test
    void theCasesAreTheParamValues() throws Exception {
        String[] values = JweBench.class.getField("alg").getAnnotation(org.openjdk.jmh.annotations.Param.class).value();
        assertEquals(JweBench.CASES, java.util.List.of(values), "the page's case list and JMH's @Param must agree");
    }
}
