package io.lcjwt.spring;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.lcjwt.testkit.OAuthClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

import java.nio.file.Path;
import java.security.KeyPair;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real Spring Authorization Server (Boot's auto-configuration, one registered client) with
 * lcjwt's module and {@code lcjwt.signing.*} keys, on 127.0.0.1, driven over HTTP as its clients
 * and users drive it. Its tokens are checked by an independent verifier, Nimbus over the JDK,
 * with the keys its own JWKS endpoint publishes.
 */
class AuthorizationServerHttpTest {
    static final String CLIENT = "demo-client";
    static final String SECRET = "demo-secret";
    static final String REDIRECT = "http://127.0.0.1:1/callback";

    @TempDir
    static Path dir;
    static KeyPair ec = SigningKeyFiles.pair("EC");
    static ConfigurableApplicationContext app;
    static OAuthClient client;

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class AuthorizationServer {
    }

    /** The application's own encoder, over its own key source, beside lcjwt's keys. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class OwnEncoderServer {
        static final KeyPair RSA = SigningKeyFiles.pair("RSA");

        @Bean
        JWKSource<SecurityContext> ownKeys() {
            return new ImmutableJWKSet<>(new JWKSet(new RSAKey.Builder((RSAPublicKey) RSA.getPublic())
                    .privateKey((RSAPrivateKey) RSA.getPrivate()).keyID("own-rsa").build()));
        }

        @Bean
        JwtEncoder ownEncoder(JWKSource<SecurityContext> ownKeys) {
            return new NimbusJwtEncoder(ownKeys);
        }
    }

    static ConfigurableApplicationContext start(Class<?> app, Map<String, Object> props) {
        String c = "spring.security.oauth2.authorizationserver.client.demo.";
        Map<String, Object> all = new HashMap<>(Map.of("server.address", "127.0.0.1", "server.port", "0",
                "spring.main.banner-mode", "off", "logging.level.root", "WARN",
                "spring.security.user.name", "alice", "spring.security.user.password", "wonderland"));
        all.put(c + "registration.client-id", CLIENT);
        all.put(c + "registration.client-secret", "{noop}" + SECRET);
        all.put(c + "registration.client-authentication-methods", "client_secret_basic");
        all.put(c + "registration.authorization-grant-types", "client_credentials,authorization_code,refresh_token");
        all.put(c + "registration.redirect-uris", REDIRECT);
        all.put(c + "registration.scopes", "openid,profile,message.read");
        all.put(c + "require-authorization-consent", "true");
        all.putAll(props);
        return new SpringApplicationBuilder(app).web(WebApplicationType.SERVLET).properties(all).run();
    }

    static OAuthClient client(ConfigurableApplicationContext ctx) {
        return new OAuthClient("http://127.0.0.1:" + Apps.port(ctx), CLIENT, SECRET);
    }

    @BeforeAll
    static void startServer() {
        app = start(AuthorizationServer.class, Map.of("lcjwt.signing.keys[0].location",
                SigningKeyFiles.privatePem(dir, "ec.pem", ec), "lcjwt.signing.keys[0].kid", "ec-2026-12"));
        client = client(app);
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    /** Verifies a token as an outsider would: Nimbus, the JDK's crypto, the server's published keys. */
    static JWTClaimsSet verify(String token, String jwks, JWSAlgorithm alg) throws Exception {
        DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
        p.setJWSKeySelector(new JWSVerificationKeySelector<>(alg, new ImmutableJWKSet<>(JWKSet.parse(jwks))));
        p.setJWSTypeVerifier((type, context) -> { });
        return p.process(token, null);
    }

    @Test
    void theJwksEndpointPublishesExactlyTheConfiguredPublicKey() throws Exception {
        assertInstanceOf(LcjwtJwtEncoder.class, app.getBean(JwtEncoder.class));
        List<JWK> keys = JWKSet.parse(client.jwks()).getKeys();
        assertEquals(1, keys.size());
        JWK k = keys.getFirst();
        assertEquals("ec-2026-12", k.getKeyID());
        assertTrue(!k.isPrivate() && k.toECKey().toECPublicKey().equals(ec.getPublic()), k.toJSONString());
    }

    @Test
    void clientCredentialsTokensAreSignedByLcjwtAndVerifyWithThePublishedKeys() throws Exception {
        String token = client.clientCredentials("message.read").get("access_token");
        JWSHeader header = SignedJWT.parse(token).getHeader();
        assertEquals(JWSAlgorithm.ES256, header.getAlgorithm(), "the key's algorithm, not the server's RS256");
        assertEquals("ec-2026-12", header.getKeyID());
        JWTClaimsSet claims = verify(token, client.jwks(), JWSAlgorithm.ES256);
        assertEquals(CLIENT, claims.getSubject());
        assertEquals(List.of(CLIENT), claims.getAudience());
        assertEquals(List.of("message.read"), claims.getStringListClaim("scope"));
        assertEquals("http://127.0.0.1:" + Apps.port(app), claims.getIssuer());
        assertTrue(claims.getExpirationTime().after(claims.getIssueTime()));
    }

    @Test
    void theAuthorizationCodeFlowWithPkceGivesAnIdTokenThatVerifies() throws Exception {
        Map<String, String> tokens = client.authorizationCode(REDIRECT, "openid message.read", "n-0S6_WzA2Mj",
                "alice", "wonderland");
        String jwks = client.jwks();
        JWTClaimsSet id = verify(tokens.get("id_token"), jwks, JWSAlgorithm.ES256);
        assertEquals("alice", id.getSubject());
        assertEquals(List.of(CLIENT), id.getAudience());
        assertEquals(CLIENT, id.getStringClaim("azp"));
        assertEquals("n-0S6_WzA2Mj", id.getStringClaim("nonce"));
        assertTrue(id.getClaim("auth_time") != null && id.getStringClaim("sid") != null, id.toString());
        JWTClaimsSet access = verify(tokens.get("access_token"), jwks, JWSAlgorithm.ES256);
        assertEquals("alice", access.getSubject());
        assertEquals(Set.of("openid", "message.read"), Set.copyOf(access.getStringListClaim("scope")));
    }

    @Test
    void rotationTheNewKeySignsAndTheOldKeysTokensStillVerifyWhilePublished() throws Exception {
        String before = client.clientCredentials("message.read").get("access_token");
        KeyPair next = SigningKeyFiles.pair("EC");
        // The next generation of the server: the new key signs, the old one is published only.
        try (ConfigurableApplicationContext rotated = start(AuthorizationServer.class, Map.of(
                "lcjwt.signing.keys[0].location", SigningKeyFiles.privatePem(dir, "next.pem", next),
                "lcjwt.signing.keys[0].kid", "ec-2027-06",
                "lcjwt.signing.keys[1].location", SigningKeyFiles.publicPem(dir, "ec.pub.pem", ec),
                "lcjwt.signing.keys[1].kid", "ec-2026-12"))) {
            OAuthClient c = client(rotated);
            String after = c.clientCredentials("message.read").get("access_token");
            assertEquals("ec-2027-06", SignedJWT.parse(after).getHeader().getKeyID());
            String jwks = c.jwks();
            assertEquals(List.of("ec-2027-06", "ec-2026-12"), JWKSet.parse(jwks).getKeys().stream().map(JWK::getKeyID).toList());
            assertEquals(CLIENT, verify(after, jwks, JWSAlgorithm.ES256).getSubject());
            assertEquals(CLIENT, verify(before, jwks, JWSAlgorithm.ES256).getSubject(), "the old key's token");
            // And lcjwt's own resource-server decoder, pointed at the rotated server, takes both.
            LcjwtJwtDecoder decoder = LcjwtJwtDecoder.withJwkSetUri("http://127.0.0.1:" + Apps.port(rotated)
                    + "/oauth2/jwks").jwsAlgorithm(org.springframework.security.oauth2.jose.jws.SignatureAlgorithm.ES256)
                    .build();
            assertEquals(CLIENT, decoder.decode(before).getSubject());
            assertEquals(CLIENT, decoder.decode(after).getSubject());
        }
    }

    @Test
    void theApplicationsOwnEncoderAndKeysWinOverHttp() throws Exception {
        try (ConfigurableApplicationContext own = start(OwnEncoderServer.class, Map.of(
                "lcjwt.signing.keys[0].location", SigningKeyFiles.privatePem(dir, "unused.pem", ec)))) {
            OAuthClient c = client(own);
            String token = c.clientCredentials("message.read").get("access_token");
            assertEquals("own-rsa", SignedJWT.parse(token).getHeader().getKeyID());
            assertEquals(List.of("own-rsa"), JWKSet.parse(c.jwks()).getKeys().stream().map(JWK::getKeyID).toList());
            assertEquals(CLIENT, verify(token, c.jwks(), JWSAlgorithm.RS256).getSubject());
        }
    }
}
