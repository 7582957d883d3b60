package io.lcjwt.spring;

import io.lcjwt.JwkSet;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.spring.internal.DecoderCore;
import io.lcjwt.spring.internal.Spec;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

import java.net.URI;
import java.security.PublicKey;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.crypto.SecretKey;

/**
 * Spring Security's {@link JwtDecoder}, verified by lcjwt: a drop-in for {@code NimbusJwtDecoder}
 * with the same builders, validators and exceptions. Each token is parsed once; the signature,
 * {@code exp}/{@code nbf}, {@code aud}, {@code iss} and the header are checked by lcjwt, then
 * Spring's validator runs on the {@link Jwt}.
 *
 * <pre>{@code
 * @Bean
 * JwtDecoder jwtDecoder() {
 *     return LcjwtJwtDecoder.withIssuerLocation("https://id.example").audience("my-api").build();
 * }
 * }</pre>
 *
 * <p>Refusals: a bad token (malformed, bad signature, algorithm not allowed, unknown key) is a
 * {@code BadJwtException}; failed claims are a {@code JwtValidationException} with an
 * {@code invalid_token} error; both answer 401. Keys that cannot be fetched are a plain
 * {@link JwtException}, and a failed discovery a {@code JwtDecoderInitializationException}: server
 * problems. Thread-safe; set the validator and converter before the decoder is used.
 */
public final class LcjwtJwtDecoder implements JwtDecoder, AutoCloseable {
    private final DecoderCore core;

    private LcjwtJwtDecoder(Spec spec) {
        this.core = new DecoderCore(spec);
    }

    /**
     * A decoder over the keys at a JWKS URL, fetched on first use and cached.
     *
     * @param jwkSetUri https, or http to a loopback address or an allowed host
     * @return a builder
     * @throws NullPointerException if {@code jwkSetUri} is null
     * @throws IllegalArgumentException if it is not an http(s) URL with a host
     */
    public static LcjwtDecoderBuilder<LcjwtJwtDecoder> withJwkSetUri(String jwkSetUri) {
        return new LcjwtDecoderBuilder<>(Sources.jwkSetUri(jwkSetUri), LcjwtJwtDecoder::new);
    }

    /**
     * A decoder for an issuer: on first use, OpenID discovery (then RFC 8414 metadata) finds its
     * JWKS URL; the metadata's {@code issuer} must equal this one, and so must each token's
     * {@code iss}.
     *
     * @param issuer the issuer, such as {@code https://id.example/realms/demo}
     * @return a builder
     * @throws NullPointerException if {@code issuer} is null
     * @throws IllegalArgumentException if it is not an http(s) URL with a host
     */
    public static LcjwtDecoderBuilder<LcjwtJwtDecoder> withIssuerLocation(String issuer) {
        return new LcjwtDecoderBuilder<>(Sources.issuer(issuer), LcjwtJwtDecoder::new);
    }

    /**
     * A decoder over one public key (RSA, EC or Ed25519).
     *
     * @param key the key
     * @return a builder
     * @throws NullPointerException if {@code key} is null
     */
    public static LcjwtDecoderBuilder<LcjwtJwtDecoder> withPublicKey(JwtPublicKey key) {
        return new LcjwtDecoderBuilder<>(Sources.key(key), LcjwtJwtDecoder::new);
    }

    /**
     * A decoder over one JCA public key, converted once with {@link JwtPublicKey#from}.
     *
     * @param key the key, such as an {@code RSAPublicKey}
     * @return a builder
     * @throws NullPointerException if {@code key} is null
     * @throws io.lcjwt.InvalidJwtKeyException if lcjwt cannot use the key
     */
    public static LcjwtDecoderBuilder<LcjwtJwtDecoder> withPublicKey(PublicKey key) {
        return withPublicKey(JwtPublicKey.from(Objects.requireNonNull(key, "key")));
    }

    /**
     * A decoder over an HMAC secret; HS256 unless another is named.
     *
     * @param key the secret, at least as long as the hash (32 bytes for HS256)
     * @return a builder
     * @throws NullPointerException if {@code key} is null
     * @throws io.lcjwt.InvalidJwtKeyException if the secret is too short
     */
    public static LcjwtDecoderBuilder<LcjwtJwtDecoder> withSecretKey(SecretKey key) {
        return new LcjwtDecoderBuilder<>(Sources.secret(key), LcjwtJwtDecoder::new);
    }

    /**
     * A decoder over a fixed key set; a token's {@code kid} picks the key.
     *
     * @param set the keys
     * @return a builder
     * @throws NullPointerException if {@code set} is null
     */
    public static LcjwtDecoderBuilder<LcjwtJwtDecoder> withJwkSet(JwkSet set) {
        return new LcjwtDecoderBuilder<>(Sources.set(set), LcjwtJwtDecoder::new);
    }

    /**
     * Verifies and decodes a token.
     *
     * @param token the compact JWS
     * @return Spring's {@link Jwt}, with {@code Instant} times and a {@code List} {@code aud}
     * @throws JwtException as the class description says
     */
    @Override
    public Jwt decode(String token) throws JwtException {
        return core.jwt(token, true);
    }

    /**
     * Replaces the validator run after lcjwt's checks (default
     * {@code JwtValidators.createDefault()}, or {@code createDefaultWithIssuer} for an issuer
     * location).
     *
     * @param jwtValidator the validator
     * @throws NullPointerException if {@code jwtValidator} is null
     */
    public void setJwtValidator(OAuth2TokenValidator<Jwt> jwtValidator) {
        core.setValidator(jwtValidator);
    }

    /**
     * Stops the JWKS client's refreshes (Spring calls this when the context closes); keys
     * already fetched keep serving as through an outage. Idempotent.
     */
    @Override
    public void close() {
        core.close();
    }

    /**
     * Replaces the claim conversion (default: Spring's {@code MappedJwtClaimSetConverter}
     * types, computed without a second map).
     *
     * @param claimSetConverter given lcjwt's claims, returns the claims of the {@link Jwt}
     * @throws NullPointerException if {@code claimSetConverter} is null
     */
    public void setClaimSetConverter(Converter<Map<String, Object>, Map<String, Object>> claimSetConverter) {
        core.setConverter(claimSetConverter);
    }

    /** Shared by both decoders' factories. */
    static final class Sources {
        private Sources() {}

        static Spec.Source jwkSetUri(String uri) {
            return new Spec.JwkSetUri(httpUrl(uri, "jwkSetUri"));
        }

        static Spec.Source key(JwtPublicKey key) {
            return new Spec.Keys(List.of(Objects.requireNonNull(key, "key")));
        }

        static Spec.Source secret(SecretKey key) {
            return new Spec.Keys(List.of(JwtSecretKey.from(Objects.requireNonNull(key, "key"))));
        }

        static Spec.Source set(JwkSet set) {
            return new Spec.FixedSet(Objects.requireNonNull(set, "set"));
        }

        static Spec.Source issuer(String issuer) {
            httpUrl(issuer, "issuer");
            return new Spec.IssuerLocation(issuer);
        }

        private static URI httpUrl(String s, String name) {
            URI u = URI.create(Objects.requireNonNull(s, name));
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (!(scheme.equals("https") || scheme.equals("http")) || u.getHost() == null) {
                throw new IllegalArgumentException(name + " must be an https URL with a host, not \"" + s + "\"");
            }
            return u;
        }
    }
}
