package io.lcjwt.bench;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link JwkBench.FirstUse}: for each key type the set-up checks pass (each library verifies the
 * fixture's token and refuse it with a changed signature), every library's benchmark gives the
 * token's payload, and lcjwt's refuses a token its key did not sign.
 */
class JwkBenchFirstUseSmokeTest {

    @ParameterizedTest
    @ValueSource(strings = {"RSA", "EC", "OKP"})
    void bothLibrariesVerifyTheFixturesTokenWithAJustImportedKey(String kty) throws Exception {
        JwkBench.FirstUse b = new JwkBench.FirstUse();
        b.kty = kty;
        b.setup();
        assertArrayEquals(b.payload, b.lcjwtImportAndVerify());
        assertArrayEquals(b.payload, b.jose4jImportAndVerify());
        if (!kty.equals("OKP")) {
            JwkBench.NimbusFirstUse n = new JwkBench.NimbusFirstUse();
            n.kty = kty;
            n.setup();
            assertArrayEquals(b.payload, n.nimbusImportAndVerify());
        }

        JwkBench.FirstUse other = new JwkBench.FirstUse();
        other.kty = kty.equals("EC") ? "OKP" : "EC";
        other.setup();
        b.token = other.token; // signed by another key, with another algorithm
        assertThrows(io.lcjwt.JwtException.class, b::lcjwtImportAndVerify);
    }
}
