package io.lcjwt.spring;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoderInitializationException;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * issuer-uri: discovery (core's JwksClient.builderForIssuer: OpenID, then RFC 8414) on first use,
 * from a real metadata server on loopback.
 */
class DiscoveryTest {
    static final String ISSUER = "spring.security.oauth2.resourceserver.jwt.issuer-uri";

    @Test
    void discoveryFindsTheJwksAndTheIssuerIsChecked() throws Exception {
        TestIdp.Key ec = TestIdp.ec("e1");
        try (TestIdp idp = new TestIdp("disc", ec);
             ConfigurableApplicationContext app = Apps.servlet(Map.of(ISSUER, idp.issuer))) {
            assertEquals(0, idp.hits("/openid-configuration"), "lazy: nothing fetched at start-up");
            // no jws-algorithms: what the issuer's keys support (ES256 here), as Boot does
            assertEquals(200, Apps.get(app, "/me", TestIdp.sign(ec, idp.claims(""))).statusCode());
            assertEquals(1, idp.hits("/openid-configuration"));
            HttpResponse<String> other = Apps.get(app, "/me", TestIdp.sign(ec,
                    "{\"iss\":\"https://evil.example\",\"sub\":\"a\",\"exp\":" + (System.currentTimeMillis() / 1000 + 60) + "}"));
            assertEquals(401, other.statusCode());
            assertTrue(Apps.wwwAuthenticate(other).contains("invalid_token"));
            assertEquals(1, idp.hits("/openid-configuration"), "discovered once");
        }
    }

    @Test
    void metadataNamingAnotherIssuerIsRefused() throws Exception {
        TestIdp.Key ec = TestIdp.ec("e1");
        try (TestIdp idp = new TestIdp("mismatch", ec)) {
            idp.claimedIssuer.set("https://evil.example/realms/mismatch");
            LcjwtJwtDecoder d = LcjwtJwtDecoder.withIssuerLocation(idp.issuer).build();
            JwtDecoderInitializationException e = assertThrows(JwtDecoderInitializationException.class,
                    () -> d.decode(TestIdp.sign(ec, idp.claims(""))));
            assertTrue(e.getMessage().contains("names the issuer \"https://evil.example/realms/mism...\"")
                    && e.getMessage().contains("require the two to be identical"), e.getMessage());
            assertEquals(0, idp.hits("/certs"), "no keys fetched from a mismatched issuer");
        }
    }

    @Test
    void anIssuerDownAtStartUpDoesNotStopTheAppAndIsRetriedAfterTheCooldown() throws Exception {
        TestIdp.Key ec = TestIdp.ec("e1");
        try (TestIdp idp = new TestIdp("down", ec);
             ConfigurableApplicationContext app = Apps.servlet(Map.of(ISSUER, idp.issuer, "lcjwt.jwks.cooldown", "1s",
                     "lcjwt.jwks.max-backoff", "1s"))) {
            idp.metadataStatus.set(503);
            assertInstanceOf(LcjwtJwtDecoder.class, app.getBean(JwtDecoder.class), "started with the issuer down");
            LcjwtJwtDecoder d = app.getBean(LcjwtJwtDecoder.class);
            String token = TestIdp.sign(ec, idp.claims(""));
            JwtDecoderInitializationException e = assertThrows(JwtDecoderInitializationException.class, () -> d.decode(token));
            assertTrue(e.getMessage().contains("HTTP 503"), e.getMessage());
            assertThrows(JwtDecoderInitializationException.class, () -> d.decode(token));
            assertEquals(1, idp.hits("/openid-configuration"), "within the cooldown the failure is repeated, not refetched");
            // Over HTTP the failure is 503 Service Unavailable, never a 401 invalid_token.
            HttpResponse<String> r = Apps.get(app, "/me", token);
            assertTrue(r.statusCode() == 503 && !Apps.wwwAuthenticate(r).contains("invalid_token"), r.statusCode() + " "
                    + Apps.wwwAuthenticate(r));
            idp.metadataStatus.set(200);
            Thread.sleep(1100); // waits out the 1 s cooldown; nothing is timed
            assertEquals(200, Apps.get(app, "/me", token).statusCode());
        }
    }

    @Test
    void discoveryKeepsLcjwtsDeadline() throws Exception {
        TestIdp.Key ec = TestIdp.ec("e1");
        try (TestIdp idp = new TestIdp("slow", ec);
             ConfigurableApplicationContext app = Apps.servlet(Map.of(ISSUER, idp.issuer, "lcjwt.jwks.timeout", "300ms"))) {
            idp.metadataDelayMillis.set(1500); // within a 2.5 s deadline, past the configured 300 ms
            JwtDecoderInitializationException e = assertThrows(JwtDecoderInitializationException.class,
                    () -> app.getBean(LcjwtJwtDecoder.class).decode(TestIdp.sign(ec, idp.claims(""))));
            assertTrue(e.getMessage().contains("timed out"), e.getMessage());
        }
    }
}
