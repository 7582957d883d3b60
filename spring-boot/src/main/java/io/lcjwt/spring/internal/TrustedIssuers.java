package io.lcjwt.spring.internal;

import io.lcjwt.MalformedJwtException;
import io.lcjwt.Unverified;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The part the servlet and reactive multi-issuer resolvers share: a token's {@code iss}, read
 * without a full parse and checked against the trusted list, and one manager per issuer, made on
 * its first token.
 *
 * @param <M> the manager type (servlet or reactive)
 */
public final class TrustedIssuers<M> {
    private final Set<String> trusted;
    private final Function<String, M> managers;
    private final Map<String, M> made = new ConcurrentHashMap<>();

    public TrustedIssuers(Collection<String> trusted, Function<String, M> managers) {
        this.trusted = Set.copyOf(trusted);
        this.managers = managers;
    }

    /** The manager for this authentication's issuer; InvalidBearerTokenException if none may verify it. */
    public M managerFor(Authentication authentication) {
        if (!(authentication instanceof BearerTokenAuthenticationToken bearer)) {
            throw new InvalidBearerTokenException("Expected a bearer token");
        }
        String issuer;
        try {
            issuer = Unverified.issuer(bearer.getToken());
        } catch (MalformedJwtException e) {
            throw new InvalidBearerTokenException("Invalid token: " + Errors.rfc6750(e.getMessage()), e);
        }
        if (issuer == null) {
            throw new InvalidBearerTokenException("The token has no iss claim, so no trusted issuer can verify it");
        }
        if (!trusted.contains(issuer)) {
            throw new InvalidBearerTokenException("The token's issuer is not trusted");
        }
        return made.computeIfAbsent(issuer, managers);
    }
}
