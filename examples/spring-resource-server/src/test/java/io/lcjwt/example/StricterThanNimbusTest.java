package io.lcjwt.example;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What docs/spring-boot.md lists as stricter than Boot's Nimbus decoder, seen from outside, and the
 * lcjwt.* properties that relax it.
 */
class StricterThanNimbusTest {
    private static final String IN_CLEAR =
            "--spring.security.oauth2.resourceserver.jwt.jwk-set-uri=http://jwks.example/.well-known/jwks.json";

    /** A genuine token of the app's issuer with everything but exp. */
    private static String withoutExp(RunningApp app) {
        String iss = "http://127.0.0.1:" + app.port();
        return app.issuer().sign(Map.of("iss", iss, "sub", "alice", "aud", "demo-api", "iat", Instant.now()));
    }

    @Test
    void tokenWithoutExpIsRefusedByLcjwtAndAcceptedByNimbus() throws Exception {
        try (RunningApp lcjwt = new RunningApp()) {
            HttpResponse<String> r = lcjwt.get("/hello", withoutExp(lcjwt));
            assertEquals(401, r.statusCode());
            String challenge = r.headers().firstValue("WWW-Authenticate").orElse("");
            // The description is Spring's generic "Invalid token": lcjwt's message quotes the claim
            // name, and RFC 6750 allows no '"' in error_description, so Spring drops it.
            assertTrue(challenge.contains("error=\"invalid_token\""), challenge);
        }
        try (RunningApp nimbus = new RunningApp(RunningApp.NIMBUS)) {
            assertEquals(200, nimbus.get("/hello", withoutExp(nimbus)).statusCode());
        }
    }

    @Test
    void requireExpirationFalseAcceptsTokensWithoutExp() throws Exception {
        try (RunningApp lcjwt = new RunningApp("--lcjwt.require-expiration=false")) {
            HttpResponse<String> r = lcjwt.get("/hello", withoutExp(lcjwt));
            assertEquals(200, r.statusCode(), r.body());
            assertTrue(r.body().contains("\"expiresAt\":null"), r.body());
        }
    }

    @Test
    void plainHttpJwksOffLoopbackStopsStartUp() {
        Exception e = assertThrows(Exception.class, () -> new SpringApplicationBuilder(ResourceServerApplication.class)
                .run("--server.port=0", IN_CLEAR).close());
        String messages = causes(e);
        assertTrue(messages.contains("jwks.example") && messages.contains("allow-plain-http-hosts"), messages);
    }

    @Test
    void allowPlainHttpHostsLetsItStart() throws Exception {
        try (RunningApp app = new RunningApp(IN_CLEAR, "--lcjwt.jwks.allow-plain-http-hosts=jwks.example")) {
            assertEquals("io.lcjwt.spring.LcjwtJwtDecoder", app.get("/decoder", null).body().strip());
        }
    }

    private static String causes(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (; t != null; t = t.getCause()) {
            b.append(t.getClass().getName()).append(": ").append(t.getMessage()).append('\n');
        }
        return b.toString();
    }
}
