package io.lcjwt.example;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example over real HTTP on 127.0.0.1, as a client sees it: a token from {@code /token}
 * opens {@code /hello}; no token, or a forged one, gets RFC 6750's 401 answers.
 */
class ResourceServerHttpTest {
    private static RunningApp app;

    @BeforeAll
    static void start() {
        app = new RunningApp();
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    private static HttpResponse<String> get(String path, String token) throws Exception {
        return app.get(path, token);
    }

    private static String token(String sub) throws Exception {
        return app.token(sub);
    }

    @Test
    void lcjwtIsTheDecoderBootChose() throws Exception {
        HttpResponse<String> r = get("/decoder", null);
        assertEquals(200, r.statusCode());
        assertEquals("io.lcjwt.spring.LcjwtJwtDecoder", r.body().strip());
    }

    @Test
    void jwksPublishesOnlyThePublicEs256Key() throws Exception {
        HttpResponse<String> r = get("/.well-known/jwks.json", null);
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        String body = r.body();
        assertTrue(body.contains("\"crv\":\"P-256\"") && body.contains("\"kid\":\"demo-"), body);
        assertTrue(!body.contains("\"d\""), "no private part in the JWKS: " + body);
    }

    @Test
    void tokenFromTokenEndpointOpensHello() throws Exception {
        HttpResponse<String> r = get("/hello", token("alice"));
        assertEquals(200, r.statusCode(), r.body());
        String body = r.body();
        assertTrue(body.contains("\"sub\":\"alice\""), body);
        assertTrue(body.contains("\"aud\":[\"demo-api\"]"), body);
        // Spring's Jwt holds Instant times, as with Nimbus (NimbusParityTest compares them all).
        assertTrue(body.contains("\"exp\":\"java.time.Instant\""), body);
        assertTrue(body.contains("\"iat\":\"java.time.Instant\""), body);
        assertTrue(body.contains("\"aud\":\"java.util.List\""), body);
        assertTrue(body.contains("\"decoder\":\"io.lcjwt.spring.LcjwtJwtDecoder\""), body);
    }

    @Test
    void subjectIsCheckedBeforeSigning() throws Exception {
        assertEquals(400, get("/token?sub=%22%7D", null).statusCode());
    }

    @Test
    void noTokenIs401WithBearerChallenge() throws Exception {
        HttpResponse<String> r = get("/hello", null);
        assertEquals(401, r.statusCode());
        String challenge = r.headers().firstValue("WWW-Authenticate").orElse("");
        // RFC 6750 3.1: no error code when the request had no credentials (Spring Security 7 adds
        // RFC 9728's resource_metadata).
        assertTrue(challenge.startsWith("Bearer") && !challenge.contains("error="), challenge);
    }

    /** Forgeries an attacker holding one genuine token can make. */
    static Stream<String> forgedTokens() throws Exception {
        String genuine = token("alice");
        String[] p = genuine.split("\\.");
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String adminPayload = b64.encodeToString(new String(Base64.getUrlDecoder().decode(p[1]),
                StandardCharsets.UTF_8).replace("\"alice\"", "\"admin\"").getBytes(StandardCharsets.UTF_8));
        char last = p[2].charAt(10);
        String flipped = p[2].substring(0, 10) + (last == 'A' ? 'B' : 'A') + p[2].substring(11);
        String none = b64.encodeToString("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        return Stream.of(
                p[0] + "." + adminPayload + "." + p[2], // claims changed, signature kept
                p[0] + "." + p[1] + "." + flipped,      // signature altered
                none + "." + p[1] + ".",                // alg none, signature stripped
                p[0] + "." + p[1]);                     // not a JWS at all
    }

    @ParameterizedTest
    @MethodSource("forgedTokens")
    void forgedTokenIs401InvalidToken(String forged) throws Exception {
        HttpResponse<String> r = get("/hello", forged);
        assertEquals(401, r.statusCode(), r.body());
        String challenge = r.headers().firstValue("WWW-Authenticate").orElse("");
        assertTrue(challenge.startsWith("Bearer ") && challenge.contains("error=\"invalid_token\""), challenge);
    }
}
