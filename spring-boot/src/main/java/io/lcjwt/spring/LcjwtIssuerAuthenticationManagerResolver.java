package io.lcjwt.spring;

import jakarta.servlet.http.HttpServletRequest;
import io.lcjwt.spring.internal.TrustedIssuers;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.AuthenticationManagerResolver;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationProvider;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Accepts tokens from a fixed list of trusted issuers, each verified by its own lcjwt decoder,
 * built on first use: the counterpart of Spring's {@code JwtIssuerAuthenticationManagerResolver}
 * that reads {@code iss} without a second full parse ({@link io.lcjwt.Unverified#issuer} skips every
 * other claim) and never fetches anything for an issuer outside the list.
 *
 * <pre>{@code
 * http.oauth2ResourceServer(rs -> rs.authenticationManagerResolver(
 *         LcjwtIssuerAuthenticationManagerResolver.fromTrustedIssuers(
 *                 "https://id.example/realms/a", "https://id.example/realms/b")));
 * }</pre>
 *
 * <p>A token without {@code iss}, or from an issuer not trusted, is refused with
 * {@code InvalidBearerTokenException} (401 {@code invalid_token}). Thread-safe.
 */
public final class LcjwtIssuerAuthenticationManagerResolver implements AuthenticationManagerResolver<HttpServletRequest> {
    private final TrustedIssuers<AuthenticationManager> issuers;
    private final AuthenticationManager byIssuer = this::authenticate;

    private LcjwtIssuerAuthenticationManagerResolver(Collection<String> trusted, Function<String, JwtDecoder> decoders) {
        this.issuers = new TrustedIssuers<>(trusted,
                iss -> new JwtAuthenticationProvider(decoders.apply(iss))::authenticate);
    }

    /**
     * Trusts these issuers, each through {@code LcjwtJwtDecoder.withIssuerLocation(issuer)}
     * (OpenID discovery on its first token).
     *
     * @param issuers the trusted issuers, compared exactly
     * @return the resolver
     * @throws NullPointerException if {@code issuers} or one of them is null
     */
    public static LcjwtIssuerAuthenticationManagerResolver fromTrustedIssuers(String... issuers) {
        return fromTrustedIssuers(List.of(issuers), iss -> LcjwtJwtDecoder.withIssuerLocation(iss).build());
    }

    /**
     * Trusts these issuers, each through the decoder {@code decoders} makes for it, once.
     *
     * @param issuers the trusted issuers, compared exactly
     * @param decoders makes the decoder of a trusted issuer on its first token
     * @return the resolver
     * @throws NullPointerException if an argument or issuer is null
     */
    public static LcjwtIssuerAuthenticationManagerResolver fromTrustedIssuers(Collection<String> issuers,
            Function<String, JwtDecoder> decoders) {
        return new LcjwtIssuerAuthenticationManagerResolver(issuers, Objects.requireNonNull(decoders, "decoders"));
    }

    /**
     * The one manager, which picks the issuer's decoder per token.
     *
     * @param request the request (not read: the token arrives in the authentication)
     * @return the manager
     */
    @Override
    public AuthenticationManager resolve(HttpServletRequest request) {
        return byIssuer;
    }

    private Authentication authenticate(Authentication authentication) {
        return issuers.managerFor(authentication).authenticate(authentication);
    }
}
