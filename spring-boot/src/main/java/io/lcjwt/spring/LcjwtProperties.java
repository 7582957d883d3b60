package io.lcjwt.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.List;

/**
 * lcjwt's own settings under {@code lcjwt.*}; where the keys come from stays in Boot's
 * {@code spring.security.oauth2.resourceserver.jwt.*}.
 *
 * <pre>{@code
 * lcjwt:
 *   leeway: 30s
 *   jwks:
 *     timeout: 2s
 *     allow-plain-http-hosts: keycloak
 * }</pre>
 *
 * @param leeway clock skew allowed for exp and nbf, at most 10 minutes (default
 *        60 s, Spring's)
 * @param maxTokenSize the largest token accepted; larger ones are refused unread (default 64 KB)
 * @param requireExpiration whether a token must carry exp (default true; Nimbus accepts
 *        tokens without one, which never expire)
 * @param jwks how the JWKS is fetched and cached
 * @param accessTokenProfile whether tokens must be RFC 9068 JWT access tokens (default false):
 *        {@code typ} {@code at+jwt} or {@code application/at+jwt}, and {@code iss}, {@code exp},
 *        {@code aud}, {@code sub}, {@code client_id}, {@code iat} and {@code jti} present;
 *        Spring's {@code JwtValidators.createAtJwtValidator()}, given as a validator bean, keeps
 *        working beside it
 */
@ConfigurationProperties("lcjwt")
public record LcjwtProperties(@DefaultValue("60s") Duration leeway, @DefaultValue("64KB") DataSize maxTokenSize,
        @DefaultValue("true") boolean requireExpiration, @DefaultValue Jwks jwks,
        @DefaultValue("false") boolean accessTokenProfile) {

    /**
     * The JWKS client's settings.
     *
     * @param connectTimeout deadline to connect, for the JWKS and discovery (default 2.5 s)
     * @param timeout deadline for a whole fetch, body included, for the JWKS and discovery
     *        (default 2.5 s)
     * @param cooldown least time between fetches caused by unknown kids, and between
     *        discovery attempts after a failure (default 30 s)
     * @param maxStale how long past their expiry the last good keys serve while refreshing
     *        fails (default 1 day)
     * @param minLifetime shortest cache lifetime, whatever max-age says (default 1 minute)
     * @param maxLifetime longest cache lifetime (default 1 day)
     * @param defaultLifetime lifetime when the response has no max-age (default 15 minutes)
     * @param maxResponseSize largest JWKS document accepted (default 1 MB)
     * @param allowPlainHttpHosts hosts the JWKS and discovery may be fetched from over plain
     *        http, such as keycloak inside a compose network (default none; loopback
     *        addresses are always allowed)
     */
    public record Jwks(@DefaultValue("2500ms") Duration connectTimeout, @DefaultValue("2500ms") Duration timeout,
            @DefaultValue("30s") Duration cooldown, @DefaultValue("1d") Duration maxStale,
            @DefaultValue("1m") Duration minLifetime, @DefaultValue("1d") Duration maxLifetime,
            @DefaultValue("15m") Duration defaultLifetime, @DefaultValue("1MB") DataSize maxResponseSize,
            @DefaultValue List<String> allowPlainHttpHosts) {
    }
}
