package io.lcjwt.spring;

import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import io.lcjwt.LibCrypto;
import io.lcjwt.spring.internal.DefaultAlgorithmCustomizer;
import io.lcjwt.spring.internal.Encoding;
import io.lcjwt.spring.internal.SigningKeysCondition;
import io.lcjwt.spring.internal.SigningKeysLoader;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ResourceLoader;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;

/**
 * Makes lcjwt sign the application's JWTs when {@code lcjwt.signing.keys} names keys
 * ({@link LcjwtSigningProperties}) and the application declares neither a {@code JwtEncoder} nor
 * a Nimbus {@code JWKSource} of its own (either one wins: lcjwt then stays out):
 * <ul>
 *   <li>an {@link LcjwtJwtEncoder} bean over the keys, for any application that mints tokens;</li>
 *   <li>with Spring Authorization Server on the class path, also the {@code JWKSource} of the same
 *       keys' public halves, so the Authorization Server's JWKS endpoint publishes exactly the
 *       keys its tokens are signed with (it finds the encoder bean and signs access tokens and ID
 *       tokens with it), and, unless the application has a {@code JwtEncodingContext} token
 *       customizer, one that signs with the configured key's algorithm where the Authorization
 *       Server asks for RS256 and no key signs RS256.</li>
 * </ul>
 * Without keys, an Authorization Server keeps its own {@code JWKSource} and Nimbus encoder, and
 * a line in the log says so. Runs before Boot's Authorization Server JWT configuration, whose
 * {@code JWKSource} then backs off.
 */
@AutoConfiguration(beforeName = {
        // Boot 4.0 and 4.1
        "org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerJwtAutoConfiguration",
        // Boot 3.5
        "org.springframework.boot.autoconfigure.security.oauth2.server.servlet.OAuth2AuthorizationServerJwtAutoConfiguration" })
@ConditionalOnClass({ JwtEncoder.class, JWKSource.class })
@EnableConfigurationProperties(LcjwtSigningProperties.class)
public final class LcjwtSigningAutoConfiguration {
    static final String AUTHORIZATION_SERVER = "org.springframework.security.oauth2.server.authorization.OAuth2Authorization";
    private static final Log log = LogFactory.getLog(LcjwtSigningAutoConfiguration.class);

    /** Only Boot creates it. */
    LcjwtSigningAutoConfiguration() {
    }

    @Configuration(proxyBeanMethods = false)
    @Conditional(SigningKeysCondition.class)
    @ConditionalOnMissingBean({ JwtEncoder.class, JWKSource.class })
    static class Signing {
        @Bean
        LcjwtJwtEncoder jwtEncoder(LcjwtSigningProperties properties, ResourceLoader resources) {
            SigningKeysLoader.Loaded loaded = SigningKeysLoader.load(properties, resources);
            JwsHeader header = JwsHeader.with(io.lcjwt.spring.internal.SpringAlgorithms.of(
                    loaded.keys().newestActive().preferred())).type("JWT").build();
            LcjwtJwtEncoder encoder = new LcjwtJwtEncoder(new Encoding(loaded.keys(), header), loaded.made());
            log.info("lcjwt signs JWTs with " + String.join(", ", loaded.keys().signing().stream().map(Object::toString)
                    .toList()) + (loaded.keys().verifyOnly().isEmpty() ? ""
                    : " and publishes " + loaded.keys().verifyOnly().size() + " retired key(s)") + ", on "
                    + LibCrypto.describe());
            return encoder;
        }

        @Bean
        @ConditionalOnClass(name = AUTHORIZATION_SERVER)
        JWKSource<SecurityContext> jwkSource(LcjwtJwtEncoder encoder) {
            return encoder.jwkSource();
        }

        @Configuration(proxyBeanMethods = false)
        @ConditionalOnClass(name = AUTHORIZATION_SERVER)
        static class AuthorizationServer {
            @Bean
            @ConditionalOnMissingBean
            OAuth2TokenCustomizer<JwtEncodingContext> lcjwtSigningAlgorithm(LcjwtJwtEncoder encoder) {
                return new DefaultAlgorithmCustomizer(encoder.encoding().keys());
            }
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = AUTHORIZATION_SERVER)
    @Conditional(SigningKeysCondition.Absent.class)
    static class NoKeys {
        NoKeys() {
            log.info("lcjwt.signing.keys names no key: Spring Authorization Server signs with its own JWKSource"
                    + " and NimbusJwtEncoder");
        }
    }
}
