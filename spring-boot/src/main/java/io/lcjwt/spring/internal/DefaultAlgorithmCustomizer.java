package io.lcjwt.spring.internal;

import io.lcjwt.Algorithm;
import org.springframework.security.oauth2.jose.jws.JwsAlgorithm;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;

/**
 * Spring Authorization Server asks for RS256 for every access token and ID token, unless a
 * client's settings or a token customizer say otherwise. When it asks for RS256 and no configured
 * key signs RS256, this sets the algorithm of the key activated last instead, so that an
 * Authorization Server configured with an EC or Ed25519 key signs with it. Any other algorithm
 * is left as asked (a client that wants ES384 ID tokens gets them, or a clear error).
 */
public final class DefaultAlgorithmCustomizer implements OAuth2TokenCustomizer<JwtEncodingContext> {
    private final EncoderKeys keys;

    public DefaultAlgorithmCustomizer(EncoderKeys keys) {
        this.keys = keys;
    }

    @Override
    public void customize(JwtEncodingContext context) {
        context.getJwsHeader().headers(h -> {
            boolean rs256 = h.get("alg") instanceof JwsAlgorithm a && a.getName().equals(Algorithm.RS256.jwsName());
            if (rs256 && !keys.canSign(Algorithm.RS256)) {
                h.put("alg", SpringAlgorithms.of(keys.newestActive().preferred()));
            }
        });
    }
}
