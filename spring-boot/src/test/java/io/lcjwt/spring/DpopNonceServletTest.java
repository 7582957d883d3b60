package io.lcjwt.spring;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 9449 section 9 over HTTP: a resource server that requires nonces ({@code lcjwt.dpop.nonce=required}). */
class DpopNonceServletTest {
    static TestIdp idp;
    static final TestIdp.Key ISSUER_KEY = TestIdp.ec("as-1");
    static final DpopClient CLIENT = DpopClient.ec();
    static ConfigurableApplicationContext app;
    static String url;

    @BeforeAll
    static void start() throws Exception {
        idp = new TestIdp("nonce", ISSUER_KEY);
        app = Apps.servlet(Map.of(
                "spring.security.oauth2.resourceserver.jwt.jwk-set-uri", idp.jwksUri(),
                "spring.security.oauth2.resourceserver.jwt.jws-algorithms", "ES256",
                "lcjwt.dpop.nonce", "required",
                "lcjwt.dpop.nonce-rotation", "1m"));
        url = "http://127.0.0.1:" + Apps.port(app) + "/me";
    }

    @AfterAll
    static void stop() {
        app.close();
        idp.close();
    }

    static String token() {
        return TestIdp.sign(ISSUER_KEY, idp.claims("\"cnf\":{\"jkt\":\"" + CLIENT.jkt + "\"}"));
    }

    @Test
    void aProofWithoutANonceGetsUseDpopNonceAndTheNonceThenARetryWithItSucceeds() {
        String token = token();
        HttpResponse<String> first = DpopClient.get(url, "DPoP", token, CLIENT.proof("GET", url, token));
        assertEquals(401, first.statusCode(), first.body());
        String challenge = Apps.wwwAuthenticate(first);
        assertTrue(challenge.startsWith("DPoP ") && challenge.contains("error=\"use_dpop_nonce\""), challenge);
        String nonce = first.headers().firstValue("DPoP-Nonce").orElse(null);
        assertNotNull(nonce, "the refusal carries the nonce to use");

        String retry = CLIENT.sign(CLIENT.key, CLIENT.header(), DpopClient.claims("GET", url, DpopClient.now(),
                DpopClient.newJti(), "\"ath\":\"" + DpopClient.ath(token) + "\",\"nonce\":\"" + nonce + "\""));
        HttpResponse<String> second = DpopClient.get(url, "DPoP", token, retry);
        assertEquals(200, second.statusCode(), second.body());
        assertEquals(nonce, second.headers().firstValue("DPoP-Nonce").orElse(null), "a success keeps the client current");
    }

    @Test
    void aMadeUpNonceIsAskedToBeReplaced() {
        String token = token();
        String proof = CLIENT.sign(CLIENT.key, CLIENT.header(), DpopClient.claims("GET", url, DpopClient.now(),
                DpopClient.newJti(), "\"ath\":\"" + DpopClient.ath(token) + "\",\"nonce\":\"AAAAAAAAAAAAAAAAAAAAAA\""));
        HttpResponse<String> r = DpopClient.get(url, "DPoP", token, proof);
        assertEquals(401, r.statusCode());
        assertTrue(Apps.wwwAuthenticate(r).contains("use_dpop_nonce"), Apps.wwwAuthenticate(r));
    }

    @Test
    void aBadProofWithANonceIsStillInvalidDpopProof() {
        String token = token();
        String nonce = DpopClient.get(url, "DPoP", token, CLIENT.proof("GET", url, token)).headers()
                .firstValue("DPoP-Nonce").orElseThrow();
        String wrongHtm = CLIENT.sign(CLIENT.key, CLIENT.header(), DpopClient.claims("POST", url, DpopClient.now(),
                DpopClient.newJti(), "\"ath\":\"" + DpopClient.ath(token) + "\",\"nonce\":\"" + nonce + "\""));
        HttpResponse<String> r = DpopClient.get(url, "DPoP", token, wrongHtm);
        assertEquals(401, r.statusCode());
        assertTrue(Apps.wwwAuthenticate(r).contains("invalid_dpop_proof"), Apps.wwwAuthenticate(r));
    }
}
