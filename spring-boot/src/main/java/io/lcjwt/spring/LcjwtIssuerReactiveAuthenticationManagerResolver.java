package io.lcjwt.spring;

import io.lcjwt.spring.internal.TrustedIssuers;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.ReactiveAuthenticationManagerResolver;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtReactiveAuthenticationManager;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The WebFlux counterpart of {@link LcjwtIssuerAuthenticationManagerResolver}: trusted issuers
 * only, each through its own {@link LcjwtReactiveJwtDecoder} built on first use, {@code iss} read
 * without a second full parse, nothing fetched for an untrusted issuer.
 *
 * <pre>{@code
 * http.oauth2ResourceServer(rs -> rs.authenticationManagerResolver(
 *         LcjwtIssuerReactiveAuthenticationManagerResolver.fromTrustedIssuers("https://id.example/a")));
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class LcjwtIssuerReactiveAuthenticationManagerResolver
        implements ReactiveAuthenticationManagerResolver<ServerWebExchange> {
    private final TrustedIssuers<ReactiveAuthenticationManager> issuers;
    private final Mono<ReactiveAuthenticationManager> byIssuer = Mono.just(this::authenticate);

    private LcjwtIssuerReactiveAuthenticationManagerResolver(Collection<String> trusted,
            Function<String, ReactiveJwtDecoder> decoders) {
        this.issuers = new TrustedIssuers<>(trusted, iss -> new JwtReactiveAuthenticationManager(decoders.apply(iss)));
    }

    /**
     * Trusts these issuers, each through {@code LcjwtReactiveJwtDecoder.withIssuerLocation(issuer)}.
     *
     * @param issuers the trusted issuers, compared exactly
     * @return the resolver
     * @throws NullPointerException if {@code issuers} or one of them is null
     */
    public static LcjwtIssuerReactiveAuthenticationManagerResolver fromTrustedIssuers(String... issuers) {
        return fromTrustedIssuers(List.of(issuers), iss -> LcjwtReactiveJwtDecoder.withIssuerLocation(iss).build());
    }

    /**
     * Trusts these issuers, each through the decoder {@code decoders} makes for it, once.
     *
     * @param issuers the trusted issuers, compared exactly
     * @param decoders makes the decoder of a trusted issuer on its first token
     * @return the resolver
     * @throws NullPointerException if an argument or issuer is null
     */
    public static LcjwtIssuerReactiveAuthenticationManagerResolver fromTrustedIssuers(Collection<String> issuers,
            Function<String, ReactiveJwtDecoder> decoders) {
        return new LcjwtIssuerReactiveAuthenticationManagerResolver(issuers, Objects.requireNonNull(decoders, "decoders"));
    }

    /**
     * The one manager, which picks the issuer's decoder per token.
     *
     * @param exchange the exchange (not read: the token arrives in the authentication)
     * @return the manager
     */
    @Override
    public Mono<ReactiveAuthenticationManager> resolve(ServerWebExchange exchange) {
        return byIssuer;
    }

    private Mono<Authentication> authenticate(Authentication authentication) {
        return Mono.defer(() -> issuers.managerFor(authentication).authenticate(authentication));
    }
}
