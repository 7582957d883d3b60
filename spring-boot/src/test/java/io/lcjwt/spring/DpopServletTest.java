package io.lcjwt.spring;

import io.lcjwt.spring.internal.DpopProviders;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.server.resource.authentication.DPoPAuthenticationProvider;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AuthenticationFilter;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DPoP (RFC 9449) through a real Boot resource server on Tomcat, over HTTP, with lcjwt's proof
 * verifier plugged into Spring Security's {@code DPoPAuthenticationProvider}. Access tokens are RFC
 * 9068 JWT access tokens ({@code lcjwt.access-token-profile=true}, with Spring's
 * {@code createAtJwtValidator()} as a validator bean beside it); tokens and proofs are signed by
 * the JDK.
 */
class DpopServletTest {
    static TestIdp idp;
    static final TestIdp.Key ISSUER_KEY = TestIdp.ec("as-1");
    static final DpopClient CLIENT = DpopClient.ec();
    static final DpopClient OTHER = DpopClient.ec();
    static ConfigurableApplicationContext app;
    static String url;

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Apps.Me.class)
    static class App {
        @Bean
        OAuth2TokenValidator<Jwt> atJwt(@Value("${spring.security.oauth2.resourceserver.jwt.issuer-uri}") String issuer) {
            return JwtValidators.createAtJwtValidator().audience("api").issuer(issuer).clientId("client-1").build();
        }
    }

    @BeforeAll
    static void start() throws Exception {
        idp = new TestIdp("dpop", ISSUER_KEY);
        app = Apps.start(App.class, WebApplicationType.SERVLET, Map.of(
                "spring.security.oauth2.resourceserver.jwt.jwk-set-uri", idp.jwksUri(),
                "spring.security.oauth2.resourceserver.jwt.issuer-uri", idp.issuer,
                "spring.security.oauth2.resourceserver.jwt.jws-algorithms", "ES256",
                "spring.security.oauth2.resourceserver.jwt.audiences", "api",
                "lcjwt.access-token-profile", "true",
                "lcjwt.dpop.algorithms", "ES256,EdDSA"));
        url = "http://127.0.0.1:" + Apps.port(app) + "/me";
    }

    @AfterAll
    static void stop() {
        app.close();
        idp.close();
    }

    /** An RFC 9068 access token for client-1, bound to {@code jkt} (or to no key when null). */
    static String accessToken(String jkt) {
        return accessToken("at+jwt", jkt, "\"client_id\":\"client-1\"");
    }

    static String accessToken(String typ, String jkt, String more) {
        String extra = more + ",\"jti\":\"" + DpopClient.newJti() + "\"" + (jkt == null ? "" : ",\"cnf\":{\"jkt\":\"" + jkt + "\"}");
        return TestIdp.sign(ISSUER_KEY, "{\"alg\":\"ES256\",\"kid\":\"as-1\",\"typ\":\"" + typ + "\"}", idp.claims(extra));
    }

    static void assertDpopRefusal(HttpResponse<String> r, String why) {
        assertEquals(401, r.statusCode(), why + ": " + r.body());
        String h = Apps.wwwAuthenticate(r);
        assertTrue(h.startsWith("DPoP ") && h.contains("error=\"invalid_dpop_proof\""), why + ": " + h);
    }

    @Test
    void aValidDpopRequestGets200() {
        String token = accessToken(CLIENT.jkt);
        HttpResponse<String> r = DpopClient.get(url, "DPoP", token, CLIENT.proof("GET", url, token));
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"name\":\"alice\""), r.body());
    }

    @Test
    void lcjwtsFactoryIsPluggedIntoTheProviderSpringMadeWithNew() throws Exception {
        SecurityFilterChain chain = app.getBean(SecurityFilterChain.class);
        List<DPoPAuthenticationProvider> found = new ArrayList<>();
        for (var f : chain.getFilters()) {
            if (f instanceof AuthenticationFilter a
                    && a.getAuthenticationManagerResolver().resolve(null) instanceof ProviderManager m) {
                for (AuthenticationProvider p : m.getProviders()) {
                    if (p instanceof DPoPAuthenticationProvider d) {
                        found.add(d);
                    }
                }
            }
        }
        assertEquals(1, found.size(), "Spring's DPoP filter and provider are there");
        var field = DPoPAuthenticationProvider.class.getDeclaredField("dPoPProofVerifierFactory");
        field.setAccessible(true);
        assertInstanceOf(LcjwtDpopProofVerifierFactory.class, field.get(found.get(0)));
        assertTrue(app.getBean(DpopProviders.class).isConfigured(found.get(0)));
    }

    @Test
    void anEd25519ProofIsAccepted_SpringsOwnVerifierKnowsOnlyRsaAndEc() {
        DpopClient ed = DpopClient.ed();
        String token = accessToken(ed.jkt);
        assertEquals(200, DpopClient.get(url, "DPoP", token, ed.proof("GET", url, token)).statusCode());
    }

    static Stream<Object[]> refusals() {
        Function<String, String> good = token -> CLIENT.proof("GET", url, token);
        String ath = "\"ath\":\"%s\"";
        return Stream.<Object[]>of(
                new Object[] {"wrong htm", (Function<String, String>) t -> CLIENT.sign(CLIENT.key, CLIENT.header(),
                        DpopClient.claims("POST", url, DpopClient.now(), DpopClient.newJti(), ath.formatted(DpopClient.ath(t))))},
                new Object[] {"wrong htu", (Function<String, String>) t -> CLIENT.sign(CLIENT.key, CLIENT.header(),
                        DpopClient.claims("GET", url + "/other", DpopClient.now(), DpopClient.newJti(),
                                ath.formatted(DpopClient.ath(t))))},
                new Object[] {"stale iat", (Function<String, String>) t -> CLIENT.sign(CLIENT.key, CLIENT.header(),
                        DpopClient.claims("GET", url, DpopClient.now() - 300, DpopClient.newJti(),
                                ath.formatted(DpopClient.ath(t))))},
                new Object[] {"future iat", (Function<String, String>) t -> CLIENT.sign(CLIENT.key, CLIENT.header(),
                        DpopClient.claims("GET", url, DpopClient.now() + 300, DpopClient.newJti(),
                                ath.formatted(DpopClient.ath(t))))},
                new Object[] {"missing ath", (Function<String, String>) t -> CLIENT.sign(CLIENT.key, CLIENT.header(),
                        DpopClient.claims("GET", url, DpopClient.now(), DpopClient.newJti(), ""))},
                new Object[] {"wrong ath", (Function<String, String>) t -> CLIENT.sign(CLIENT.key, CLIENT.header(),
                        DpopClient.claims("GET", url, DpopClient.now(), DpopClient.newJti(),
                                ath.formatted(DpopClient.ath(t + "x"))))},
                new Object[] {"proof key is not the token's cnf.jkt", (Function<String, String>) t -> OTHER.proof("GET", url, t)},
                new Object[] {"private key in jwk", (Function<String, String>) t -> CLIENT.sign(CLIENT.key,
                        CLIENT.header().replace(CLIENT.jwk, CLIENT.key.privateJwk()),
                        DpopClient.claims("GET", url, DpopClient.now(), DpopClient.newJti(), ath.formatted(DpopClient.ath(t))))},
                new Object[] {"HS256 proof", (Function<String, String>) t -> TestIdp.hs256(new byte[32],
                        "{\"typ\":\"dpop+jwt\",\"alg\":\"HS256\",\"jwk\":" + CLIENT.jwk + "}",
                        DpopClient.claims("GET", url, DpopClient.now(), DpopClient.newJti(), ath.formatted(DpopClient.ath(t))))},
                new Object[] {"signed by another key", (Function<String, String>) t -> CLIENT.sign(OTHER.key, CLIENT.header(),
                        DpopClient.claims("GET", url, DpopClient.now(), DpopClient.newJti(), ath.formatted(DpopClient.ath(t))))},
                new Object[] {"typ JWT", (Function<String, String>) t -> CLIENT.sign(CLIENT.key,
                        CLIENT.header().replace("dpop+jwt", "JWT"), DpopClient.claims("GET", url, DpopClient.now(),
                                DpopClient.newJti(), ath.formatted(DpopClient.ath(t))))},
                new Object[] {"not a JWT", (Function<String, String>) t -> "not.a.proof"},
                new Object[] {"control: a good proof", good});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void eachBadProofIsA401InvalidDpopProof(String why, Function<String, String> proof) {
        String token = accessToken(CLIENT.jkt);
        HttpResponse<String> r = DpopClient.get(url, "DPoP", token, proof.apply(token));
        if (why.startsWith("control")) {
            assertEquals(200, r.statusCode(), r.body());
            return;
        }
        assertDpopRefusal(r, why);
        assertFalse(Apps.wwwAuthenticate(r).contains(CLIENT.key.privateScalar()), "no key material");
    }

    @Test
    void aReplayedProofIsRefused() {
        String token = accessToken(CLIENT.jkt);
        String proof = CLIENT.proof("GET", url, token);
        assertEquals(200, DpopClient.get(url, "DPoP", token, proof).statusCode());
        assertDpopRefusal(DpopClient.get(url, "DPoP", token, proof), "replay");
    }

    @Test
    void twoDpopHeadersAreRefused() {
        String token = accessToken(CLIENT.jkt);
        HttpResponse<String> r = DpopClient.get(url, "DPoP", token, CLIENT.proof("GET", url, token),
                CLIENT.proof("GET", url, token));
        assertDpopRefusal(r, "two DPoP headers");
    }

    @Test
    void aDpopBoundTokenSentAsBearerIsRefused() {
        HttpResponse<String> r = DpopClient.get(url, "Bearer", accessToken(CLIENT.jkt));
        assertEquals(401, r.statusCode(), r.body());
        String h = Apps.wwwAuthenticate(r);
        assertTrue(h.startsWith("Bearer") && h.contains("invalid_token"), h);
    }

    @Test
    void anOldProofReplayedAfterABurstOfMoreThan1000IsStillRefused() throws Exception {
        // Spring's own verifier remembers the last 1,000 jtis only: after 1,000 other proofs this
        // replay would pass there. lcjwt's store remembers every proof for its window.
        String token = accessToken(CLIENT.jkt);
        String first = CLIENT.proof("GET", url, token);
        assertEquals(200, DpopClient.get(url, "DPoP", token, first).statusCode());
        List<String> burst = new ArrayList<>();
        for (int i = 0; i < 1010; i++) {
            burst.add(CLIENT.proof("GET", url, token));
        }
        List<CompletableFuture<HttpResponse<Void>>> sent = new ArrayList<>();
        try (java.net.http.HttpClient http = DpopClient.client()) { // one client: every answer is a 200
            for (int i = 0; i < burst.size(); i++) {
                HttpRequest req = HttpRequest.newBuilder(URI.create(url)).header("Authorization", "DPoP " + token)
                        .header("DPoP", burst.get(i)).GET().build();
                sent.add(http.sendAsync(req, HttpResponse.BodyHandlers.discarding()));
                if (sent.size() == 16 || i == burst.size() - 1) {
                    for (CompletableFuture<HttpResponse<Void>> f : sent) {
                        assertEquals(200, f.get().statusCode());
                    }
                    sent.clear();
                }
            }
        }
        assertDpopRefusal(DpopClient.get(url, "DPoP", token, first), "a replay after 1,010 other proofs");
    }

    @Test
    void theAccessTokenProfileRefusesATokenOfTypJwt() {
        String token = accessToken("JWT", CLIENT.jkt, "\"client_id\":\"client-1\"");
        HttpResponse<String> r = DpopClient.get(url, "DPoP", token, CLIENT.proof("GET", url, token));
        assertEquals(401, r.statusCode(), r.body());
    }

    @Test
    void springsCreateAtJwtValidatorStillRunsBesideTheProfile() {
        // lcjwt's profile requires client_id; Spring's validator requires it to be client-1.
        String token = accessToken("at+jwt", CLIENT.jkt, "\"client_id\":\"client-2\"");
        HttpResponse<String> r = DpopClient.get(url, "DPoP", token, CLIENT.proof("GET", url, token));
        assertEquals(401, r.statusCode(), r.body());
        String missing = accessToken("at+jwt", CLIENT.jkt, "\"scope2\":\"x\"");
        assertEquals(401, DpopClient.get(url, "DPoP", missing, CLIENT.proof("GET", url, missing)).statusCode());
    }
}
