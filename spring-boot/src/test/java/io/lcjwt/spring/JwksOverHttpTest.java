package io.lcjwt.spring;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JWKS as a Boot app sees it through lcjwt: rotation, a flood of made-up kids, an outage.
 * The cooldown is set to 1 s (lcjwt.jwks.cooldown) so that the tests can wait it out.
 */
class JwksOverHttpTest {
    TestIdp.Key k1 = TestIdp.ec("k1");
    TestIdp idp;
    ConfigurableApplicationContext app;

    @BeforeEach
    void start() throws Exception {
        idp = new TestIdp("rot", k1);
        app = Apps.servlet(Map.of(
                "spring.security.oauth2.resourceserver.jwt.jwk-set-uri", idp.jwksUri(),
                "spring.security.oauth2.resourceserver.jwt.jws-algorithms", "ES256",
                "lcjwt.jwks.cooldown", "1s"));
    }

    @AfterEach
    void stop() {
        app.close();
        idp.close();
    }

    int status(TestIdp.Key k) {
        return Apps.get(app, "/me", TestIdp.sign(k, idp.claims(""))).statusCode();
    }

    static void waitOutCooldown() throws InterruptedException {
        Thread.sleep(1100); // the cooldown is 1 s; this waits for it, it measures nothing
    }

    @Test
    void aRotatedKeyIsAcceptedAfterOneRefetch() throws Exception {
        assertEquals(200, status(k1));
        assertEquals(1, idp.hits("/certs"));
        TestIdp.Key k2 = TestIdp.ec("k2");
        idp.published.set(List.of(k1, k2));
        waitOutCooldown();
        assertEquals(200, status(k2));
        assertEquals(2, idp.hits("/certs"), "one refetch for the new kid");
        assertEquals(200, status(k2));
        assertEquals(200, status(k1));
        assertEquals(2, idp.hits("/certs"));
    }

    @Test
    void aFloodOfMadeUpKidsCostsAtMostOneFetchPerCooldown() {
        assertEquals(200, status(k1));
        for (int i = 0; i < 50; i++) {
            HttpResponse<String> r = Apps.get(app, "/me", TestIdp.sign(TestIdp.ec("made-up-" + i), idp.claims("")));
            assertEquals(401, r.statusCode());
            assertTrue(Apps.wwwAuthenticate(r).contains("invalid_token"));
        }
        assertTrue(idp.hits("/certs") <= 2, "50 made-up kids in well under a cooldown: " + idp.hits("/certs") + " fetches");
    }

    @Test
    void throughAnOutageCachedKeysServeAndAnUnknownKidIsRefusedPromptly() throws Exception {
        assertEquals(200, status(k1));
        idp.jwksFailure.set(500);
        waitOutCooldown();
        assertEquals(200, status(k1), "the cached key still serves");
        HttpResponse<String> r = Apps.get(app, "/me", TestIdp.sign(TestIdp.ec("new"), idp.claims("")));
        assertEquals(401, r.statusCode(), "an unknown kid during an outage is a bad token, answered at once");
        assertTrue(Apps.wwwAuthenticate(r).contains("invalid_token"), Apps.wwwAuthenticate(r));
        assertEquals(2, idp.hits("/certs"), "one attempt to find the new kid");
        for (int i = 0; i < 5; i++) {
            assertEquals(401, Apps.get(app, "/me", TestIdp.sign(TestIdp.ec("new" + i), idp.claims(""))).statusCode());
        }
        assertEquals(2, idp.hits("/certs"), "within the cooldown no further attempt");
    }

    /**
     * Keys never fetched and the issuer down: lcjwt's JwksUnavailableException becomes Spring's
     * plain JwtException, a server problem, as Nimbus's failed fetch does. Spring turns it into an
     * AuthenticationServiceException, which it rethrows; lcjwt's filter answers it 503 with
     * Retry-After (Spring alone gives a 500, or a bare 401 when the error page is secured), and
     * the token is not blamed.
     */
    @Test
    void keysThatCannotBeHadAreAServerProblemNotABadToken() {
        idp.jwksFailure.set(503);
        org.springframework.security.oauth2.jwt.JwtException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.springframework.security.oauth2.jwt.JwtException.class,
                () -> app.getBean(LcjwtJwtDecoder.class).decode(TestIdp.sign(k1, idp.claims(""))));
        assertEquals(org.springframework.security.oauth2.jwt.JwtException.class, e.getClass(), "not a BadJwtException");
        assertTrue(e.getMessage().contains("HTTP 503"), e.getMessage());
        HttpResponse<String> r = Apps.get(app, "/me", TestIdp.sign(k1, idp.claims("")));
        assertEquals(503, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Retry-After").isPresent(), r.headers().map().toString());
        assertTrue(!Apps.wwwAuthenticate(r).contains("error="), Apps.wwwAuthenticate(r));
    }

    @Test
    void closingTheContextStopsTheJwksClient() throws Exception {
        assertEquals(200, status(k1));
        LcjwtJwtDecoder d = app.getBean(LcjwtJwtDecoder.class);
        app.close();
        TestIdp.Key k2 = TestIdp.ec("k2");
        idp.published.set(List.of(k1, k2));
        waitOutCooldown();
        org.junit.jupiter.api.Assertions.assertThrows(org.springframework.security.oauth2.jwt.BadJwtException.class,
                () -> d.decode(TestIdp.sign(k2, idp.claims(""))));
        assertEquals(1, idp.hits("/certs"), "a closed decoder fetches nothing");
        assertEquals("alice", d.decode(TestIdp.sign(k1, idp.claims(""))).getSubject(), "fetched keys still serve");
    }
}
