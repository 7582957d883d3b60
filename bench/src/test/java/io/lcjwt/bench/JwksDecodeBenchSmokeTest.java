package io.lcjwt.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Runs the JWKS benchmark's setup (which validates both verifiers) and one decode of each. */
class JwksDecodeBenchSmokeTest {

    @Test
    void bothVerifiersDecodeTheToken() throws Exception {
        JwksDecodeBench b = new JwksDecodeBench();
        b.setup();
        try {
            assertEquals("bench", b.jwksUrl().get("sub"));
            assertEquals("bench", b.jwkSet().get("sub"));
        } finally {
            b.tearDown();
        }
    }
}
