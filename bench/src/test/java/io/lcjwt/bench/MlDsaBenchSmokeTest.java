package io.lcjwt.bench;

import io.lcjwt.Algorithm;
import io.lcjwt.LibCrypto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs {@link MlDsaBench}'s setup for each algorithm (which has each of lcjwt, the bare aws-lc
 * calls and the JDK check the others' output and refuse a changed signature) and each benchmark
 * once, and {@link MlDsaSizes}; no timing. On a libcrypto without ML-DSA the ML-DSA setups are
 * refused with lcjwt's sentence, and ES256 and EdDSA still run.
 */
class MlDsaBenchSmokeTest {

    static final List<String> ALGORITHMS = MlDsaBench.ALGORITHMS;

    @ParameterizedTest(name = "{0}")
    @FieldSource("ALGORITHMS")
    void everyWayVerifiesAndSigns(String alg) throws Exception {
        MlDsaBench b = new MlDsaBench();
        b.alg = alg;
        if (!LibCrypto.supports(Algorithm.fromJwsName(alg))) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, b::setup);
            assertTrue(e.getMessage().startsWith("ML-DSA needs aws-lc 1.40 or newer"), e.getMessage());
            return;
        }
        b.setup();
        try {
            assertEquals(b.claims.get("sub"), b.verifyLcjwt().get("sub"));
            assertEquals(1, b.verifyBare());
            assertTrue(b.verifyJdk());
            for (String token : new String[] {b.signLcjwt(), b.signJdk()}) {
                Map<String, Object> claims = b.verifier.decode(token);
                assertEquals(b.claims.get("sub"), claims.get("sub"));
            }
            int n = b.signBare();
            assertTrue(n > 0, "bare sign wrote " + n + " bytes");
            if (alg.startsWith("ML-DSA")) {
                byte[] sig = Base64.getUrlDecoder().decode(b.token.substring(b.token.lastIndexOf('.') + 1));
                assertEquals(sig.length, n, "the bare signature has the level's size");
            }
        } finally {
            b.tearDown();
        }
    }

    @Test
    void theAlgorithmsAreTheParamValues() throws Exception {
        String[] values = MlDsaBench.class.getField("alg").getAnnotation(org.openjdk.jmh.annotations.Param.class).value();
        assertEquals(MlDsaBench.ALGORITHMS, List.of(values), "the page's rows and JMH's @Param must agree");
        for (String m : MlDsaBench.METHODS) {
            assertTrue(MlDsaBench.class.getMethod(m).isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class), m);
        }
    }

    @Test
    void sizesAreCountedForWhatThisLibcryptoSigns() throws Exception {
        List<Map<String, Object>> rows = MlDsaSizes.rows();
        assertEquals(LibCrypto.supports(Algorithm.ML_DSA_65) ? ALGORITHMS : List.of("ES256", "EdDSA"),
                rows.stream().map(r -> r.get("alg")).toList());
        for (Map<String, Object> r : rows) {
            int sig = ((Number) r.get("signature")).intValue();
            int pub = ((Number) r.get("publicKey")).intValue();
            switch ((String) r.get("alg")) {
                case "ML-DSA-44" -> assertEquals(List.of(2420, 1312), List.of(sig, pub));
                case "ML-DSA-65" -> assertEquals(List.of(3309, 1952), List.of(sig, pub));
                case "ML-DSA-87" -> assertEquals(List.of(4627, 2592), List.of(sig, pub));
                case "ES256" -> assertEquals(List.of(64, 64), List.of(sig, pub));
                default -> assertEquals(List.of(64, 32), List.of(sig, pub));
            }
            assertTrue(((Number) r.get("token")).intValue() > (sig * 4 + 2) / 3, r.toString());
        }
    }
}
