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
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every property the auto-configuration honours, each through a real app and real HTTP. */
class BootPropertiesTest {
    static final String JWT = "spring.security.oauth2.resourceserver.jwt.";
    static TestIdp.Key rsa = TestIdp.rsa("r1");
    static TestIdp idp;

    @BeforeAll
    static void idp() throws Exception {
        idp = new TestIdp("props", rsa);
    }

    @AfterAll
    static void stop() {
        idp.close();
    }

    static long now() {
        return System.currentTimeMillis() / 1000;
    }

    static Throwable root(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    static String messages(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append(" | ");
        }
        return b.toString();
    }

    @Test
    void anUnknownJwsAlgorithmFailsStartUpNamingTheProperty() {
        Exception e = assertThrows(Exception.class, () -> Apps.servlet(Map.of(JWT + "jwk-set-uri", idp.jwksUri(),
                JWT + "jws-algorithms", "RS256,XS999")));
        String m = messages(e);
        assertTrue(m.contains(JWT + "jws-algorithms") && m.contains("XS999") && m.contains("Unknown algorithm"), m);
    }

    @Test
    void plainHttpOffLoopbackFailsStartUpNamingThePropertyThatAllowsIt() {
        Exception e = assertThrows(Exception.class, () -> Apps.servlet(Map.of(
                JWT + "jwk-set-uri", "http://keycloak:8080/realms/demo/protocol/openid-connect/certs")));
        String m = messages(e);
        assertTrue(m.contains("lcjwt.jwks.allow-plain-http-hosts=keycloak"), m);

        try (ConfigurableApplicationContext ok = Apps.servlet(Map.of(
                JWT + "jwk-set-uri", "http://keycloak:8080/realms/demo/protocol/openid-connect/certs",
                "lcjwt.jwks.allow-plain-http-hosts", "keycloak"))) {
            assertInstanceOf(LcjwtJwtDecoder.class, ok.getBean(JwtDecoder.class), "allowed by name, nothing fetched yet");
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Apps.Me.class)
    static class OwnDecoderApp {
        @Bean
        JwtDecoder myDecoder() {
            return NimbusJwtDecoder.withJwkSetUri(idp.jwksUri()).build();
        }
    }

    @Test
    void theApplicationsOwnJwtDecoderWins() {
        try (ConfigurableApplicationContext app = Apps.start(OwnDecoderApp.class, WebApplicationType.SERVLET,
                Map.of(JWT + "jwk-set-uri", idp.jwksUri()))) {
            assertInstanceOf(NimbusJwtDecoder.class, app.getBean(JwtDecoder.class));
            assertTrue(app.getBeansOfType(LcjwtJwtDecoder.class).isEmpty());
            assertEquals(200, Apps.get(app, "/me", TestIdp.sign(rsa, idp.claims(""))).statusCode());
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Apps.Me.class)
    static class TenantApp {
        @Bean
        OAuth2TokenValidator<Jwt> tenantIsAcme() {
            return jwt -> "acme".equals(jwt.getClaimAsString("tenant")) ? OAuth2TokenValidatorResult.success()
                    : OAuth2TokenValidatorResult.failure(new OAuth2Error("invalid_token", "wrong tenant", null));
        }
    }

    @Test
    void validatorsAuthoritiesPrincipalAudiencesAndLcjwtSettings() {
        try (ConfigurableApplicationContext app = Apps.start(TenantApp.class, WebApplicationType.SERVLET, Map.of(
                JWT + "jwk-set-uri", idp.jwksUri(),
                JWT + "audiences", "other-api,api",
                JWT + "authorities-claim-name", "roles",
                JWT + "authority-prefix", "ROLE_",
                JWT + "principal-claim-name", "email",
                "lcjwt.leeway", "0s",
                "lcjwt.require-expiration", "false",
                "lcjwt.max-token-size", "2KB"))) {
            long now = now();
            String base = "\"iss\":\"x\",\"sub\":\"alice\",\"email\":\"alice@example.org\",\"roles\":[\"admin\"]";
            // the user's validator bean
            HttpResponse<String> ok = Apps.get(app, "/me", TestIdp.sign(rsa,
                    "{" + base + ",\"tenant\":\"acme\",\"aud\":[\"x\",\"api\"],\"exp\":" + (now + 600) + "}"));
            assertEquals(200, ok.statusCode(), ok.body());
            assertTrue(ok.body().contains("\"name\":\"alice@example.org\""), ok.body());
            assertTrue(ok.body().contains("\"ROLE_admin\""), ok.body());
            HttpResponse<String> wrongTenant = Apps.get(app, "/me", TestIdp.sign(rsa,
                    "{" + base + ",\"tenant\":\"evil\",\"aud\":\"api\",\"exp\":" + (now + 600) + "}"));
            assertEquals(401, wrongTenant.statusCode());
            assertTrue(Apps.wwwAuthenticate(wrongTenant).contains("wrong tenant"), Apps.wwwAuthenticate(wrongTenant));
            // audiences: any one must match
            assertEquals(401, Apps.get(app, "/me", TestIdp.sign(rsa,
                    "{" + base + ",\"tenant\":\"acme\",\"aud\":\"nobody\",\"exp\":" + (now + 600) + "}")).statusCode());
            // lcjwt.leeway=0s: expired 30 s ago is refused (Spring's default 60 s would pass it)
            HttpResponse<String> late = Apps.get(app, "/me", TestIdp.sign(rsa,
                    "{" + base + ",\"tenant\":\"acme\",\"aud\":\"api\",\"exp\":" + (now - 30) + "}"));
            assertEquals(401, late.statusCode());
            assertTrue(Apps.wwwAuthenticate(late).contains("expired"), Apps.wwwAuthenticate(late));
            // lcjwt.require-expiration=false: no exp is accepted
            assertEquals(200, Apps.get(app, "/me", TestIdp.sign(rsa,
                    "{" + base + ",\"tenant\":\"acme\",\"aud\":\"api\"}")).statusCode());
            // lcjwt.max-token-size=2KB
            HttpResponse<String> big = Apps.get(app, "/me", TestIdp.sign(rsa, "{" + base
                    + ",\"tenant\":\"acme\",\"aud\":\"api\",\"pad\":\"" + "x".repeat(2048) + "\"}"));
            assertEquals(401, big.statusCode());
        }
    }

    @Test
    void byDefaultATokenWithoutExpIsRefusedAndSixtySecondsOfSkewAllowed() {
        try (ConfigurableApplicationContext app = Apps.servlet(Map.of(JWT + "jwk-set-uri", idp.jwksUri()))) {
            long now = now();
            HttpResponse<String> noExp = Apps.get(app, "/me", TestIdp.sign(rsa, "{\"sub\":\"alice\"}"));
            assertEquals(401, noExp.statusCode());
            assertTrue(Apps.wwwAuthenticate(noExp).contains("exp"), Apps.wwwAuthenticate(noExp));
            assertEquals(200, Apps.get(app, "/me", TestIdp.sign(rsa,
                    "{\"sub\":\"alice\",\"aud\":\"anything\",\"exp\":" + (now - 30) + "}")).statusCode(),
                    "no audiences configured: aud unchecked, as in Spring; 30 s late is within the skew");
            // jws-algorithms defaults to RS256, as in Boot
            assertEquals(401, Apps.get(app, "/me", TestIdp.sign(TestIdp.ec("r1"),
                    "{\"sub\":\"alice\",\"exp\":" + (now + 60) + "}")).statusCode());
        }
    }

    @Test
    void publicKeyLocation() throws Exception {
        Path pem = Files.createTempFile("lcjwt-key", ".pem");
        Files.writeString(pem, "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(rsa.pair().getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n");
        try (ConfigurableApplicationContext app = Apps.servlet(Map.of(JWT + "public-key-location", pem.toUri().toString()))) {
            assertInstanceOf(LcjwtJwtDecoder.class, app.getBean(JwtDecoder.class));
            assertEquals(200, Apps.get(app, "/me", TestIdp.sign(rsa, idp.claims(""))).statusCode());
            assertEquals(401, Apps.get(app, "/me", TestIdp.sign(TestIdp.rsa("r1"), idp.claims(""))).statusCode());
        } finally {
            Files.delete(pem);
        }
        Exception e = assertThrows(Exception.class, () -> Apps.servlet(Map.of(JWT + "public-key-location",
                "file:/nonexistent/key.pem")));
        assertTrue(messages(e).contains(JWT + "public-key-location"), messages(e));
        assertFalse(messages(e).isEmpty());
    }
}
