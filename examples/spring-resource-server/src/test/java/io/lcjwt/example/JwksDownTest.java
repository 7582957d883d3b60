package io.lcjwt.example;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * When the JWKS cannot be fetched, a genuine token is a server problem, not the client's. Boot's
 * Nimbus decoder ends in a 500 (Spring Security rethrows its AuthenticationServiceException, and
 * the servlet container answers it); lcjwt answers 503 Service Unavailable with Retry-After, when
 * its client may fetch again. Neither blames the token.
 */
class JwksDownTest {
    /** Port 1 on loopback: refused at once, so the test does not wait for a timeout. */
    private static final String DEAD_JWKS =
            "--spring.security.oauth2.resourceserver.jwt.jwk-set-uri=http://127.0.0.1:1/.well-known/jwks.json";

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void unreachableJwksIsAServerErrorWithEitherDecoder(boolean lcjwt) throws Exception {
        try (RunningApp app = lcjwt ? new RunningApp(DEAD_JWKS) : new RunningApp(DEAD_JWKS, RunningApp.NIMBUS)) {
            HttpResponse<String> r = app.get("/hello", app.token("alice"));
            assertEquals(lcjwt ? 503 : 500, r.statusCode(), r.body());
            if (lcjwt) {
                long retry = Long.parseLong(r.headers().firstValue("Retry-After").orElseThrow());
                org.junit.jupiter.api.Assertions.assertTrue(retry >= 1 && retry <= 60, "Retry-After " + retry);
            }
            assertEquals(-1, r.headers().firstValue("WWW-Authenticate").orElse("").indexOf("invalid_token"),
                    "a key-fetch failure must not blame the token");
        }
    }
}
