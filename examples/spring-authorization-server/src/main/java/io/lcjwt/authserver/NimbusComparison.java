package io.lcjwt.authserver;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import io.lcjwt.JwtPrivateKey;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.io.ResourceLoader;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;

/**
 * For comparison only ({@code --spring.profiles.active=nimbus-encoder}, as
 * {@code bench/spring-token-load.sh} runs it): the Authorization Server's own way of signing, a
 * {@code NimbusJwtEncoder} over a {@code JWKSource}, with the same ES256 key and algorithm. An
 * application's own {@code JWKSource} makes lcjwt's auto-configuration stand aside, and the server
 * then builds its Nimbus encoder from this source.
 */
@Configuration(proxyBeanMethods = false)
@Profile("nimbus-encoder")
public class NimbusComparison {

    @Bean
    JWKSource<SecurityContext> jwkSource(ResourceLoader resources,
            @Value("${lcjwt.signing.keys[0].location}") String location,
            @Value("${lcjwt.signing.keys[0].kid}") String kid) throws IOException, ParseException {
        String pem;
        try (InputStream in = resources.getResource(location).getInputStream()) {
            pem = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
        // lcjwt only reads the PEM here; the JWK, and every signature, is Nimbus's.
        try (JwtPrivateKey key = JwtPrivateKey.fromPem(pem).withKeyId(kid)) {
            return new ImmutableJWKSet<>(new JWKSet(JWK.parse(key.toJwk())));
        }
    }

    /** The server asks for RS256 unless told otherwise; the key is an ES256 key. */
    @Bean
    OAuth2TokenCustomizer<JwtEncodingContext> es256() {
        return context -> context.getJwsHeader().algorithm(SignatureAlgorithm.ES256);
    }
}
