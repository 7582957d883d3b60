package io.lcjwt.spring;

import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.KeysNotReadyException;
import io.lcjwt.spring.internal.DecoderCore;
import io.lcjwt.spring.internal.Spec;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.security.PublicKey;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.crypto.SecretKey;

/**
 * Spring Security's {@link ReactiveJwtDecoder}, verified by lcjwt: the WebFlux counterpart of
 * {@link LcjwtJwtDecoder}, with the same builders, checks and exceptions (as {@code Mono}
 * errors).
 *
 * <pre>{@code
 * @Bean
 * ReactiveJwtDecoder jwtDecoder() {
 *     return LcjwtReactiveJwtDecoder.withJwkSetUri("https://id.example/jwks").build();
 * }
 * }</pre>
 *
 * <p>It never blocks the calling thread (a Netty event loop): with the keys cached, a decode runs
 * where it is subscribed; when it would have to wait for a fetch (the first one, discovery, a
 * refetch for an unknown {@code kid}, keys past their staleness) it moves to Reactor's
 * bounded-elastic scheduler and waits there. Thread-safe; set the validator and converter before
 * the decoder is used.
 */
public final class LcjwtReactiveJwtDecoder implements ReactiveJwtDecoder, AutoCloseable {
    private final DecoderCore core;

    private LcjwtReactiveJwtDecoder(Spec spec) {
        this.core = new DecoderCore(spec);
    }

    /**
     * As {@link LcjwtJwtDecoder#withJwkSetUri}.
     *
     * @param jwkSetUri https, or http to a loopback address or an allowed host
     * @return a builder
     * @throws NullPointerException if {@code jwkSetUri} is null
     * @throws IllegalArgumentException if it is not an http(s) URL with a host
     */
    public static LcjwtDecoderBuilder<LcjwtReactiveJwtDecoder> withJwkSetUri(String jwkSetUri) {
        return new LcjwtDecoderBuilder<>(LcjwtJwtDecoder.Sources.jwkSetUri(jwkSetUri), LcjwtReactiveJwtDecoder::new);
    }

    /**
     * As {@link LcjwtJwtDecoder#withIssuerLocation}; discovery runs off the event loop.
     *
     * @param issuer the issuer
     * @return a builder
     * @throws NullPointerException if {@code issuer} is null
     * @throws IllegalArgumentException if it is not an http(s) URL with a host
     */
    public static LcjwtDecoderBuilder<LcjwtReactiveJwtDecoder> withIssuerLocation(String issuer) {
        return new LcjwtDecoderBuilder<>(LcjwtJwtDecoder.Sources.issuer(issuer), LcjwtReactiveJwtDecoder::new);
    }

    /**
     * As {@link LcjwtJwtDecoder#withPublicKey(JwtPublicKey)}.
     *
     * @param key the key
     * @return a builder
     * @throws NullPointerException if {@code key} is null
     */
    public static LcjwtDecoderBuilder<LcjwtReactiveJwtDecoder> withPublicKey(JwtPublicKey key) {
        return new LcjwtDecoderBuilder<>(LcjwtJwtDecoder.Sources.key(key), LcjwtReactiveJwtDecoder::new);
    }

    /**
     * As {@link LcjwtJwtDecoder#withPublicKey(PublicKey)}.
     *
     * @param key the key
     * @return a builder
     * @throws NullPointerException if {@code key} is null
     * @throws io.lcjwt.InvalidJwtKeyException if lcjwt cannot use the key
     */
    public static LcjwtDecoderBuilder<LcjwtReactiveJwtDecoder> withPublicKey(PublicKey key) {
        return withPublicKey(JwtPublicKey.from(Objects.requireNonNull(key, "key")));
    }

    /**
     * As {@link LcjwtJwtDecoder#withSecretKey}.
     *
     * @param key the secret
     * @return a builder
     * @throws NullPointerException if {@code key} is null
     * @throws io.lcjwt.InvalidJwtKeyException if the secret is too short
     */
    public static LcjwtDecoderBuilder<LcjwtReactiveJwtDecoder> withSecretKey(SecretKey key) {
        return new LcjwtDecoderBuilder<>(LcjwtJwtDecoder.Sources.secret(key), LcjwtReactiveJwtDecoder::new);
    }

    /**
     * As {@link LcjwtJwtDecoder#withJwkSet}.
     *
     * @param set the keys
     * @return a builder
     * @throws NullPointerException if {@code set} is null
     */
    public static LcjwtDecoderBuilder<LcjwtReactiveJwtDecoder> withJwkSet(JwkSet set) {
        return new LcjwtDecoderBuilder<>(LcjwtJwtDecoder.Sources.set(set), LcjwtReactiveJwtDecoder::new);
    }

    /**
     * Verifies and decodes a token, never blocking the subscribing thread.
     *
     * @param token the compact JWS
     * @return Spring's {@link Jwt}, or an error as {@link LcjwtJwtDecoder#decode} would throw
     * @throws JwtException never: errors are signalled through the {@code Mono}
     */
    @Override
    public Mono<Jwt> decode(String token) throws JwtException {
        return Mono.defer(() -> {
            if (!core.ready()) {
                return offLoop(token); // discovery blocks
            }
            try {
                return Mono.just(core.jwt(token, false));
            } catch (KeysNotReadyException e) {
                return offLoop(token);
            }
        });
    }

    private Mono<Jwt> offLoop(String token) {
        return Mono.fromCallable(() -> core.jwt(token, true))
                .subscribeOn(Schedulers.boundedElastic());
    }

    /**
     * As {@link LcjwtJwtDecoder#setJwtValidator}.
     *
     * @param jwtValidator the validator
     * @throws NullPointerException if {@code jwtValidator} is null
     */
    public void setJwtValidator(OAuth2TokenValidator<Jwt> jwtValidator) {
        core.setValidator(jwtValidator);
    }

    /**
     * The JWKS client this decoder fetches keys with (for a JWKS URL or an issuer location), to
     * read its {@link JwksClient#metrics()} or bind {@link LcjwtJwksMetrics}; empty for fixed keys.
     *
     * <pre>{@code
     * decoder.jwksClient().ifPresent(c -> log.info("JWKS fetches: {}", c.metrics().fetches()));
     * }</pre>
     *
     * @return the client, or empty
     */
    public Optional<JwksClient> jwksClient() {
        return Optional.ofNullable(core.client());
    }

    /** As {@link LcjwtJwtDecoder#close()}. */
    @Override
    public void close() {
        core.close();
    }

    /**
     * As {@link LcjwtJwtDecoder#setClaimSetConverter}.
     *
     * @param claimSetConverter given lcjwt's claims, returns the claims of the {@link Jwt}
     * @throws NullPointerException if {@code claimSetConverter} is null
     */
    public void setClaimSetConverter(Converter<Map<String, Object>, Map<String, Object>> claimSetConverter) {
        core.setConverter(claimSetConverter);
    }
}
