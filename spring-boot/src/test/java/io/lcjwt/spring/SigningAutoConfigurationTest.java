package io.lcjwt.spring;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtSecretKey;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerJwtAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;

import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The signing auto-configuration's conditions: what it registers with and without Spring
 * Authorization Server on the class path, with and without keys, and that the application's own
 * encoder, key source or token customizer wins. Keys come from real files, as an operator has them.
 */
@ExtendWith(OutputCaptureExtension.class)
class SigningAutoConfigurationTest {
    @TempDir
    static Path dir;
    static final KeyPair EC = SigningKeyFiles.pair("EC");
    static final KeyPair RSA = SigningKeyFiles.pair("RSA");
    static final KeyPair RETIRED = SigningKeyFiles.pair("EC");
    static String ecPem;
    static String rsaJwk;
    static String retiredPub;

    @BeforeAll
    static void files() {
        ecPem = SigningKeyFiles.privatePem(dir, "ec.pem", EC);
        rsaJwk = SigningKeyFiles.privateJwk(dir, "rsa.jwk", RSA, "rsa-1");
        retiredPub = SigningKeyFiles.publicPem(dir, "retired.pub.pem", RETIRED);
    }

    final WebApplicationContextRunner authorizationServer = new WebApplicationContextRunner().withConfiguration(
            AutoConfigurations.of(LcjwtSigningAutoConfiguration.class, OAuth2AuthorizationServerJwtAutoConfiguration.class));

    final ApplicationContextRunner plain = new ApplicationContextRunner()
            .withClassLoader(new FilteredClassLoader(OAuth2Authorization.class))
            .withConfiguration(AutoConfigurations.of(LcjwtSigningAutoConfiguration.class));

    static JwtEncoderParameters claims() {
        Instant now = Instant.now();
        return JwtEncoderParameters.from(JwtClaimsSet.builder().subject("alice").issuedAt(now)
                .expiresAt(now.plusSeconds(60)).build());
    }

    @SuppressWarnings("unchecked")
    static JWKSource<SecurityContext> source(org.springframework.context.ApplicationContext ctx) {
        return ctx.getBean(JWKSource.class);
    }

    static List<JWK> published(JWKSource<SecurityContext> source) throws Exception {
        return source.get(new JWKSelector(new JWKMatcher.Builder().build()), null);
    }

    @Test
    void withKeysTheAuthorizationServerGetsLcjwtsEncoderAndAKeySourceOfTheSameKeys() {
        authorizationServer.withPropertyValues("lcjwt.signing.keys[0].location=" + ecPem,
                "lcjwt.signing.keys[0].kid=ec-1").run(ctx -> {
                    assertEquals(null, ctx.getStartupFailure());
                    LcjwtJwtEncoder encoder = assertInstanceOf(LcjwtJwtEncoder.class, ctx.getBean(JwtEncoder.class));
                    @SuppressWarnings("unchecked")
                    JWKSource<SecurityContext> source = ctx.getBean(JWKSource.class);
                    assertSame(encoder.jwkSource(), source, "Boot's own JWKSource backed off");
                    List<JWK> keys = published(source);
                    assertEquals(1, keys.size());
                    assertEquals("ec-1", keys.getFirst().getKeyID());
                    assertFalse(keys.getFirst().isPrivate());
                    assertEquals(1, ctx.getBeansOfType(OAuth2TokenCustomizer.class).size());
                    // Boot's own decoder for the Authorization Server, over that key source, reads lcjwt's tokens.
                    Jwt jwt = encoder.encode(claims());
                    assertEquals("ES256", jwt.getHeaders().get("alg").toString());
                    assertEquals("alice", ctx.getBean(JwtDecoder.class).decode(jwt.getTokenValue()).getSubject());
                });
    }

    @Test
    void anAppThatOnlyMintsTokensGetsTheEncoderAlone() {
        plain.withPropertyValues("lcjwt.signing.keys[0].location=" + rsaJwk).run(ctx -> {
            assertEquals(null, ctx.getStartupFailure());
            LcjwtJwtEncoder encoder = assertInstanceOf(LcjwtJwtEncoder.class, ctx.getBean(JwtEncoder.class));
            assertTrue(ctx.getBeansOfType(JWKSource.class).isEmpty());
            Jwt jwt = encoder.encode(claims());
            assertEquals("RS256", jwt.getHeaders().get("alg").toString());
            assertEquals("rsa-1", jwt.getHeaders().get("kid"));
            assertEquals("JWT", jwt.getHeaders().get("typ"), "the default header, as Nimbus's key-pair builders'");
        });
    }

    @Test
    void anHmacSecretFromAJwkSignsHs256AndIsNeverPublished() {
        byte[] secret = new byte[32];
        new java.security.SecureRandom().nextBytes(secret);
        String oct = SigningKeyFiles.write(dir, "hs.jwk", "{\"kty\":\"oct\",\"kid\":\"hs-1\",\"k\":\""
                + Base64.getUrlEncoder().withoutPadding().encodeToString(secret) + "\"}");
        plain.withPropertyValues("lcjwt.signing.keys[0].location=" + oct).run(ctx -> {
            LcjwtJwtEncoder encoder = ctx.getBean(LcjwtJwtEncoder.class);
            Jwt jwt = encoder.encode(claims());
            assertEquals("HS256", jwt.getHeaders().get("alg").toString());
            assertEquals("{\"keys\":[]}", encoder.jwkSetJson());
            try (JwtSecretKey k = JwtSecretKey.of(secret)) {
                assertEquals("alice", io.lcjwt.JwtVerifier.builder(k).algorithms(Algorithm.HS256).build()
                        .decode(jwt.getTokenValue()).get("sub"));
            }
        });
    }

    @Test
    void withoutKeysTheAuthorizationServerKeepsItsOwnAndTheLogSaysSo(CapturedOutput output) {
        authorizationServer.run(ctx -> {
            assertTrue(ctx.getBeansOfType(LcjwtJwtEncoder.class).isEmpty());
            assertInstanceOf(ImmutableJWKSet.class, ctx.getBean(JWKSource.class), "Boot's generated RSA key");
        });
        assertTrue(output.getAll().contains("lcjwt.signing.keys names no key: Spring Authorization Server signs with"
                + " its own JWKSource and NimbusJwtEncoder"), output.getAll());
        plain.run(ctx -> assertTrue(ctx.getBeansOfType(JwtEncoder.class).isEmpty()));
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnEncoder {
        @Bean
        JwtEncoder ownEncoder() {
            return NimbusJwtEncoder.withKeyPair((java.security.interfaces.RSAPublicKey) RSA.getPublic(),
                    (java.security.interfaces.RSAPrivateKey) RSA.getPrivate()).build();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnKeySource {
        @Bean
        JWKSource<SecurityContext> ownKeys() {
            return new ImmutableJWKSet<>(new com.nimbusds.jose.jwk.JWKSet(List.of()));
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnCustomizer {
        @Bean
        OAuth2TokenCustomizer<JwtEncodingContext> ownCustomizer() {
            return context -> context.getClaims().claim("own", true);
        }
    }

    @Test
    void theApplicationsOwnEncoderWins() {
        authorizationServer.withUserConfiguration(OwnEncoder.class)
                .withPropertyValues("lcjwt.signing.keys[0].location=" + ecPem).run(ctx -> {
                    assertInstanceOf(NimbusJwtEncoder.class, ctx.getBean(JwtEncoder.class));
                    assertTrue(ctx.getBeansOfType(LcjwtJwtEncoder.class).isEmpty());
                    assertInstanceOf(ImmutableJWKSet.class, ctx.getBean(JWKSource.class), "not lcjwt's keys");
                });
    }

    @Test
    void theApplicationsOwnKeySourceWins() {
        authorizationServer.withUserConfiguration(OwnKeySource.class)
                .withPropertyValues("lcjwt.signing.keys[0].location=" + ecPem).run(ctx -> {
                    assertTrue(ctx.getBeansOfType(JwtEncoder.class).isEmpty(),
                            "lcjwt signing other keys than the published ones would issue tokens no one can verify");
                    assertEquals(List.of(), published(source(ctx)));
                });
    }

    @Test
    void theApplicationsOwnTokenCustomizerWins() {
        authorizationServer.withUserConfiguration(OwnCustomizer.class)
                .withPropertyValues("lcjwt.signing.keys[0].location=" + ecPem).run(ctx -> {
                    assertNotNull(ctx.getBean(LcjwtJwtEncoder.class));
                    assertEquals(List.of("ownCustomizer"), List.of(ctx.getBeanNamesForType(OAuth2TokenCustomizer.class)));
                });
    }

    @Test
    void aRotationSetSignsWithTheKeyActivatedLastAndPublishesEveryKey() {
        KeyPair next = SigningKeyFiles.pair("EC");
        String nextPem = SigningKeyFiles.privatePem(dir, "next.pem", next);
        authorizationServer.withPropertyValues(
                "lcjwt.signing.keys[0].location=" + ecPem, "lcjwt.signing.keys[0].kid=2026-06",
                "lcjwt.signing.keys[1].location=" + nextPem, "lcjwt.signing.keys[1].kid=2026-12",
                "lcjwt.signing.keys[1].active-from=2026-01-01T00:00:00Z",
                "lcjwt.signing.keys[2].location=" + retiredPub, "lcjwt.signing.keys[2].kid=2025-12").run(ctx -> {
                    assertEquals(null, ctx.getStartupFailure());
                    LcjwtJwtEncoder encoder = ctx.getBean(LcjwtJwtEncoder.class);
                    assertEquals("2026-12", encoder.encode(claims()).getHeaders().get("kid"));
                    assertEquals(List.of("2026-06", "2026-12", "2025-12"),
                            published(source(ctx)).stream().map(JWK::getKeyID).toList());
                    JwsHeader named = JwsHeader.with(SignatureAlgorithm.ES256).keyId("2026-06").build();
                    assertEquals("2026-06", encoder.encode(JwtEncoderParameters.from(named, claims().getClaims()))
                            .getHeaders().get("kid"), "a header that names a key gets it");
                });
        authorizationServer.withPropertyValues(
                "lcjwt.signing.keys[0].location=" + ecPem, "lcjwt.signing.keys[0].kid=2026-06",
                "lcjwt.signing.keys[1].location=" + nextPem, "lcjwt.signing.keys[1].kid=2099-01",
                "lcjwt.signing.keys[1].active-from=2099-01-01T00:00:00Z").run(ctx -> {
                    assertEquals("2026-06", ctx.getBean(LcjwtJwtEncoder.class).encode(claims()).getHeaders().get("kid"),
                            "a key published ahead does not sign yet");
                    assertEquals(2, published(source(ctx)).size());
                });
    }

    static Stream<Arguments> badProperties() {
        String garbage = SigningKeyFiles.write(dir, "garbage.txt", "not a key");
        String set = SigningKeyFiles.write(dir, "set.json", "{\"keys\":[]}");
        return Stream.of(
                Arguments.of("no location", List.of("lcjwt.signing.keys[0].kid=k1"), "lcjwt.signing.keys[0].location",
                        "Name the key's file"),
                Arguments.of("a file that is not there", List.of("lcjwt.signing.keys[0].location=file:/nonexistent/k.pem"),
                        "lcjwt.signing.keys[0].location", "could not be read"),
                Arguments.of("not a key", List.of("lcjwt.signing.keys[0].location=" + garbage),
                        "lcjwt.signing.keys[0].location", "is not a PEM private key"),
                Arguments.of("public keys only", List.of("lcjwt.signing.keys[0].location=" + retiredPub),
                        "lcjwt.signing.keys", "nothing to sign with"),
                Arguments.of("an unknown algorithm", List.of("lcjwt.signing.keys[0].location=" + ecPem,
                        "lcjwt.signing.keys[0].algorithm=es256"), "lcjwt.signing.keys[0].algorithm", "case-sensitive"),
                Arguments.of("an algorithm the key cannot make", List.of("lcjwt.signing.keys[0].location=" + ecPem,
                        "lcjwt.signing.keys[0].algorithm=ES384"), "lcjwt.signing.keys[0].algorithm", "cannot sign ES384"),
                Arguments.of("kid on a JWK set", List.of("lcjwt.signing.keys[0].location=" + set,
                        "lcjwt.signing.keys[0].kid=k"), "lcjwt.signing.keys[0].location", "for a single key"),
                Arguments.of("activation of a public key", List.of("lcjwt.signing.keys[0].location=" + ecPem,
                        "lcjwt.signing.keys[1].location=" + retiredPub,
                        "lcjwt.signing.keys[1].active-from=2026-01-01T00:00:00Z"), "lcjwt.signing.keys[1].location",
                        "only published"),
                Arguments.of("one kid twice", List.of("lcjwt.signing.keys[0].location=" + ecPem,
                        "lcjwt.signing.keys[0].kid=same", "lcjwt.signing.keys[1].location=" + rsaJwk,
                        "lcjwt.signing.keys[1].kid=same"), "lcjwt.signing.keys", "two keys have kid \"same\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badProperties")
    void aBadKeyPropertyFailsStartUpNamingThePropertyAndNoKeyMaterial(String name, List<String> props, String property,
            String why) {
        plain.withPropertyValues(props.toArray(String[]::new)).run(ctx -> {
            Throwable t = ctx.getStartupFailure();
            assertNotNull(t, "start-up must fail");
            String all = BootPropertiesTest.messages(t);
            assertTrue(all.contains(property), all);
            assertTrue(all.contains(why), all);
            String keyText = Base64.getEncoder().encodeToString(EC.getPrivate().getEncoded()).substring(0, 40);
            assertFalse(all.contains(keyText), "no key material in the message");
        });
    }

    @Test
    void theAuthorizationServersRs256BecomesTheKeysAlgorithmOnlyWhereNoKeySignsRs256() {
        authorizationServer.withPropertyValues("lcjwt.signing.keys[0].location=" + ecPem).run(ctx -> {
            @SuppressWarnings("unchecked")
            OAuth2TokenCustomizer<JwtEncodingContext> c = ctx.getBean(OAuth2TokenCustomizer.class);
            for (Map.Entry<SignatureAlgorithm, String> e : Map.of(SignatureAlgorithm.RS256, "ES256",
                    SignatureAlgorithm.ES384, "ES384").entrySet()) {
                JwsHeader.Builder h = JwsHeader.with(e.getKey());
                c.customize(JwtEncodingContext.with(h, JwtClaimsSet.builder()).build());
                assertEquals(e.getValue(), h.build().getAlgorithm().getName());
            }
        });
        authorizationServer.withPropertyValues("lcjwt.signing.keys[0].location=" + rsaJwk).run(ctx -> {
            @SuppressWarnings("unchecked")
            OAuth2TokenCustomizer<JwtEncodingContext> c = ctx.getBean(OAuth2TokenCustomizer.class);
            JwsHeader.Builder h = JwsHeader.with(SignatureAlgorithm.RS256);
            c.customize(JwtEncodingContext.with(h, JwtClaimsSet.builder()).build());
            assertEquals("RS256", h.build().getAlgorithm().getName());
        });
    }
}
