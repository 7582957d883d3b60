package io.lcjwt.spring;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.oauth2.jwt.DPoPProofContext;
import org.springframework.security.oauth2.jwt.DPoPProofJwtDecoderFactory;
import org.springframework.security.oauth2.jwt.JwtDecoderFactory;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The application's own settings win: its own proof verifier factory is the one plugged in, and
 * {@code lcjwt.dpop.enabled=false} leaves Spring's verifier, with its limits, in place.
 */
class DpopUserSettingsTest {
    static TestIdp idp;
    static final TestIdp.Key ISSUER_KEY = TestIdp.ec("as-1");
    static final AtomicInteger USER_FACTORY_CALLS = new AtomicInteger();

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Apps.Me.class)
    static class WithOwnFactory {
        @Bean
        JwtDecoderFactory<DPoPProofContext> myProofVerifier() {
            DPoPProofJwtDecoderFactory spring = new DPoPProofJwtDecoderFactory();
            return context -> {
                USER_FACTORY_CALLS.incrementAndGet();
                return spring.createDecoder(context);
            };
        }
    }

    @BeforeAll
    static void start() throws Exception {
        idp = new TestIdp("own", ISSUER_KEY);
    }

    @AfterAll
    static void stop() {
        idp.close();
    }

    static Map<String, Object> props(String... more) {
        Map<String, Object> m = new java.util.HashMap<>(Map.of(
                "spring.security.oauth2.resourceserver.jwt.jwk-set-uri", idp.jwksUri(),
                "spring.security.oauth2.resourceserver.jwt.jws-algorithms", "ES256"));
        for (int i = 0; i < more.length; i += 2) {
            m.put(more[i], more[i + 1]);
        }
        return m;
    }

    static int get(ConfigurableApplicationContext app, DpopClient client, String token, String proof) {
        return DpopClient.get("http://127.0.0.1:" + Apps.port(app) + "/me", "DPoP", token, proof).statusCode();
    }

    @Test
    void theApplicationsOwnFactoryIsTheOnePluggedIn() {
        try (ConfigurableApplicationContext app = Apps.start(WithOwnFactory.class, WebApplicationType.SERVLET, props())) {
            DpopClient client = DpopClient.ec();
            String url = "http://127.0.0.1:" + Apps.port(app) + "/me";
            String token = TestIdp.sign(ISSUER_KEY, idp.claims("\"cnf\":{\"jkt\":\"" + client.jkt + "\"}"));
            assertEquals(200, get(app, client, token, client.proof("GET", url, token)));
            assertEquals(1, USER_FACTORY_CALLS.get());
        }
    }

    @Test
    void disabledSpringsOwnVerifierIsLeftWithItsLimits() throws Exception {
        try (ConfigurableApplicationContext app = Apps.servlet(props("lcjwt.dpop.enabled", "false"))) {
            assertFalse(app.containsBean("lcjwtDpopProviders"));
            String url = "http://127.0.0.1:" + Apps.port(app) + "/me";
            DpopClient ed = DpopClient.ed();
            String edToken = TestIdp.sign(ISSUER_KEY, idp.claims("\"cnf\":{\"jkt\":\"" + ed.jkt + "\"}"));
            assertEquals(401, get(app, ed, edToken, ed.proof("GET", url, edToken)), "Spring's verifier knows no EdDSA");
            DpopClient ec = DpopClient.ec();
            String token = TestIdp.sign(ISSUER_KEY, idp.claims("\"cnf\":{\"jkt\":\"" + ec.jkt + "\"}"));
            assertEquals(200, get(app, ec, token, ec.proof("GET", url, token)));
        }
    }
}
