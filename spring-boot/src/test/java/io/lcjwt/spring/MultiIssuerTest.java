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
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationProvider;
import org.springframework.security.oauth2.server.resource.authentication.JwtIssuerAuthenticationManagerResolver;
import org.springframework.security.web.SecurityFilterChain;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Several trusted issuers, each decoder built on first use; an untrusted one costs no fetch. */
class MultiIssuerTest {
    static TestIdp.Key ka = TestIdp.ec("a1");
    static TestIdp.Key kb = TestIdp.rsa("b1");
    static TestIdp.Key kevil = TestIdp.ec("x1");
    static TestIdp a;
    static TestIdp b;
    static TestIdp evil;

    @BeforeAll
    static void idps() throws Exception {
        a = new TestIdp("a", ka);
        b = new TestIdp("b", kb);
        evil = new TestIdp("evil", kevil);
    }

    @AfterAll
    static void stop() {
        a.close();
        b.close();
        evil.close();
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Apps.Me.class)
    static class LcjwtResolverApp {
        @Bean
        SecurityFilterChain chain(HttpSecurity http) {
            http.authorizeHttpRequests(r -> r.anyRequest().authenticated());
            http.oauth2ResourceServer(rs -> rs.authenticationManagerResolver(
                    LcjwtIssuerAuthenticationManagerResolver.fromTrustedIssuers(a.issuer, b.issuer)));
            return http.build();
        }
    }

    /** Spring's own resolver (which parses each token twice) with lcjwt decoders, built lazily. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Apps.Me.class)
    static class SpringResolverApp {
        @Bean
        SecurityFilterChain chain(HttpSecurity http) {
            Map<String, AuthenticationManager> managers = new ConcurrentHashMap<>();
            http.authorizeHttpRequests(r -> r.anyRequest().authenticated());
            http.oauth2ResourceServer(rs -> rs.authenticationManagerResolver(new JwtIssuerAuthenticationManagerResolver(
                    iss -> iss.equals(a.issuer) || iss.equals(b.issuer) ? managers.computeIfAbsent(iss, i ->
                            new JwtAuthenticationProvider(LcjwtJwtDecoder.withIssuerLocation(i).build())::authenticate)
                            : null)));
            return http.build();
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Apps.Me.class)
    static class ReactiveResolverApp {
        @Bean
        org.springframework.security.web.server.SecurityWebFilterChain chain(
                org.springframework.security.config.web.server.ServerHttpSecurity http) {
            http.authorizeExchange(r -> r.anyExchange().authenticated());
            http.oauth2ResourceServer(rs -> rs.authenticationManagerResolver(
                    LcjwtIssuerReactiveAuthenticationManagerResolver.fromTrustedIssuers(a.issuer, b.issuer)));
            return http.build();
        }
    }

    void check(Class<?> appClass) {
        check(appClass, WebApplicationType.SERVLET);
    }

    void check(Class<?> appClass, WebApplicationType type) {
        int metaA = a.hits("/openid-configuration");
        int metaB = b.hits("/openid-configuration");
        try (ConfigurableApplicationContext app = Apps.start(appClass, type, Map.of())) {
            assertEquals(metaA, a.hits("/openid-configuration"), "nothing built before the first token");
            HttpResponse<String> ra = Apps.get(app, "/me", TestIdp.sign(ka, a.claims("")));
            assertEquals(200, ra.statusCode(), ra.body());
            assertEquals(metaB, b.hits("/openid-configuration"), "b's decoder not built by a's token");
            assertEquals(200, Apps.get(app, "/me", TestIdp.sign(kb, b.claims(""))).statusCode());
            assertEquals(200, Apps.get(app, "/me", TestIdp.sign(ka, a.claims(""))).statusCode());
            assertEquals(metaA + 1, a.hits("/openid-configuration"), "each issuer discovered once");
            // a's key cannot sign for b
            assertEquals(401, Apps.get(app, "/me", TestIdp.sign(ka, b.claims(""))).statusCode());
            HttpResponse<String> untrusted = Apps.get(app, "/me", TestIdp.sign(kevil, evil.claims("")));
            assertEquals(401, untrusted.statusCode());
            assertTrue(Apps.wwwAuthenticate(untrusted).contains("invalid_token"), Apps.wwwAuthenticate(untrusted));
            assertEquals(0, evil.hits(""), "nothing fetched for an untrusted issuer");
            assertEquals(401, Apps.get(app, "/me", "garbage").statusCode());
        }
    }

    @Test
    void lcjwtsResolverFindsIssWithoutASecondParse() {
        check(LcjwtResolverApp.class);
    }

    @Test
    void theReactiveResolverOnNetty() {
        check(ReactiveResolverApp.class, WebApplicationType.REACTIVE);
    }

    @Test
    void springsResolverWorksWithLcjwtDecoders() {
        check(SpringResolverApp.class);
    }
}
