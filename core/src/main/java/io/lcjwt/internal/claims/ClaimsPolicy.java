package io.lcjwt.internal.claims;

import java.time.Clock;
import java.util.List;
import java.util.Set;

/**
 * What a verifier demands of the claims, fixed when it is built.
 *
 * @param audiences accepted {@code aud} values; empty means a token carrying {@code aud} is refused
 * @param issuer the required {@code iss}, or null for any (or none)
 * @param leewayMillis allowed clock skew for {@code exp} and {@code nbf}
 * @param clock the time source
 * @param requireExpiration whether {@code exp} must be present
 * @param required further claim names that must be present
 */
public record ClaimsPolicy(Set<String> audiences, String issuer, long leewayMillis, Clock clock,
        boolean requireExpiration, List<String> required) {

    public ClaimsPolicy {
        audiences = Set.copyOf(audiences);
        required = List.copyOf(required);
        if (required.size() > 60) {
            throw new IllegalArgumentException("at most 60 required claims");
        }
    }
}
