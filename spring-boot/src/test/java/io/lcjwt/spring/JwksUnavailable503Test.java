package io.lcjwt.spring;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the issuer's keys cannot be had, a request is answered 503 Service Unavailable with
 * {@code Retry-After}, over real HTTP, in servlet and reactive apps: not the 500 or the bare 401
 * Spring Security gives for a decoder's server-side failure, and never {@code invalid_token},
 * since the token is not to blame.
 */
class JwksUnavailable503Test {
    static final String JWT = "spring.security.oauth2.resourceserver.jwt.";

    static ConfigurableApplicationContext app(WebApplicationType type, Map<String, Object> props) {
        return Apps.start(type == WebApplicationType.REACTIVE ? Apps.ReactiveApp.class : Apps.ServletApp.class, type, props);
    }

    @ParameterizedTest
    @EnumSource(value = WebApplicationType.class, names = {"SERVLET", "REACTIVE"})
    void anIssuerThatPushesBackGivesA503WithItsRetryAfter(WebApplicationType type) throws Exception {
        TestIdp.Key k = TestIdp.ec("k1");
        try (TestIdp idp = new TestIdp("push-" + type, k);
             ConfigurableApplicationContext app = app(type, Map.of(JWT + "jwk-set-uri", idp.jwksUri(),
                     JWT + "jws-algorithms", "ES256"))) {
            idp.jwksFailure.set(429);
            idp.jwksRetryAfter.set("120");
            String token = TestIdp.sign(k, idp.claims(""));
            HttpResponse<String> first = Apps.get(app, "/me", token);
            assertEquals(503, first.statusCode(), first.body());
            long retry = Long.parseLong(first.headers().firstValue("Retry-After").orElseThrow());
            assertTrue(retry > 100 && retry <= 120, "Retry-After " + retry);
            assertFalse(Apps.wwwAuthenticate(first).contains("invalid_token"), Apps.wwwAuthenticate(first));
            // Within the pushback: 503 again at once, and no request reaches the issuer.
            HttpResponse<String> again = Apps.get(app, "/me", token);
            assertEquals(503, again.statusCode());
            assertEquals(1, idp.hits("/certs"), "no request before Retry-After");
        }
    }

    /** An issuer location whose metadata cannot be had: 503 too (Spring's own answer would be 500). */
    @ParameterizedTest
    @EnumSource(value = WebApplicationType.class, names = {"SERVLET", "REACTIVE"})
    void anIssuerDownAtStartUpGivesA503UntilItIsBack(WebApplicationType type) throws Exception {
        TestIdp.Key k = TestIdp.ec("k1");
        try (TestIdp idp = new TestIdp("down-" + type, k);
             ConfigurableApplicationContext app = app(type, Map.of(JWT + "issuer-uri", idp.issuer,
                     "lcjwt.jwks.cooldown", "1s", "lcjwt.jwks.max-backoff", "1s"))) {
            idp.metadataStatus.set(500);
            String token = TestIdp.sign(k, idp.claims(""));
            HttpResponse<String> down = Apps.get(app, "/me", token);
            assertEquals(503, down.statusCode(), down.body());
            assertEquals("1", down.headers().firstValue("Retry-After").orElseThrow());
            idp.metadataStatus.set(200);
            Thread.sleep(1100); // waits out the 1 s cooldown; nothing is timed
            assertEquals(200, Apps.get(app, "/me", token).statusCode());
        }
    }

    /** A bad token stays a 401 invalid_token: the 503 is only for keys that cannot be had. */
    @Test
    void aBadTokenIsStillA401() throws Exception {
        TestIdp.Key k = TestIdp.ec("k1");
        try (TestIdp idp = new TestIdp("bad", k);
             ConfigurableApplicationContext app = Apps.servlet(Map.of(JWT + "jwk-set-uri", idp.jwksUri(),
                     JWT + "jws-algorithms", "ES256"))) {
            HttpResponse<String> r = Apps.get(app, "/me", TestIdp.sign(k, idp.claims("")) + "x");
            assertEquals(401, r.statusCode());
            assertTrue(Apps.wwwAuthenticate(r).contains("invalid_token"));
        }
    }
}
