package io.lcjwt.spring;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WebFlux on Netty: the RFC 9068 profile selected by {@code lcjwt.access-token-profile=true}, and
 * what a DPoP request meets there (Spring Security has no DPoP support on the reactive stack, so
 * the DPoP scheme is not accepted, and lcjwt's DPoP configuration stays off).
 */
class AccessTokenProfileReactiveTest {
    static TestIdp idp;
    static final TestIdp.Key KEY = TestIdp.ec("as-1");
    static ConfigurableApplicationContext app;
    static String url;

    @BeforeAll
    static void start() throws Exception {
        idp = new TestIdp("flux", KEY);
        app = Apps.start(Apps.ReactiveApp.class, WebApplicationType.REACTIVE, Map.of(
                "spring.security.oauth2.resourceserver.jwt.jwk-set-uri", idp.jwksUri(),
                "spring.security.oauth2.resourceserver.jwt.issuer-uri", idp.issuer,
                "spring.security.oauth2.resourceserver.jwt.jws-algorithms", "ES256",
                "spring.security.oauth2.resourceserver.jwt.audiences", "api",
                "lcjwt.access-token-profile", "true"));
        url = "http://127.0.0.1:" + Apps.port(app) + "/me";
    }

    @AfterAll
    static void stop() {
        app.close();
        idp.close();
    }

    static String token(String typ, String extra) {
        return TestIdp.sign(KEY, "{\"alg\":\"ES256\",\"kid\":\"as-1\",\"typ\":\"" + typ + "\"}", idp.claims(extra));
    }

    @Test
    void anAtJwtTokenWithEveryRequiredClaimIsAccepted() {
        for (String typ : new String[] {"at+jwt", "application/at+jwt", "AT+JWT"}) {
            HttpResponse<String> r = DpopClient.get(url, "Bearer", token(typ, "\"client_id\":\"c\",\"jti\":\"j1\""));
            assertEquals(200, r.statusCode(), typ + ": " + r.body());
        }
    }

    @Test
    void aTokenOfAnotherTypOrWithoutClientIdIsRefused() {
        assertEquals(401, DpopClient.get(url, "Bearer", token("JWT", "\"client_id\":\"c\",\"jti\":\"j2\"")).statusCode());
        HttpResponse<String> r = DpopClient.get(url, "Bearer", token("at+jwt", "\"jti\":\"j3\""));
        assertEquals(401, r.statusCode());
        assertTrue(Apps.wwwAuthenticate(r).contains("client_id"), Apps.wwwAuthenticate(r));
    }

    @Test
    void theDpopSchemeIsNotAcceptedOnTheReactiveStack() {
        DpopClient client = DpopClient.ec();
        String token = token("at+jwt", "\"client_id\":\"c\",\"jti\":\"j4\",\"cnf\":{\"jkt\":\"" + client.jkt + "\"}");
        HttpResponse<String> r = DpopClient.get(url, "DPoP", token, client.proof("GET", url, token));
        assertEquals(401, r.statusCode());
        assertFalse(app.containsBean("lcjwtDpopProviders"), "lcjwt's DPoP configuration is for servlet applications");
    }
}
