package io.lcjwt.internal.claims;

import io.lcjwt.ClaimNaming;

import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * What a verifier demands of the claims, fixed when it is built.
 *
 * @param audiences accepted {@code aud} values; empty means a token carrying {@code aud} is refused
 * @param issuer the required {@code iss}, or null for any (or none)
 * @param leewayMillis allowed clock skew for {@code exp}, {@code nbf} and {@code iat}
 * @param clock the time source
 * @param requireExpiration whether {@code exp} must be present
 * @param required further claim names that must be present
 * @param anyAudience whether {@code aud} is left unchecked (its form is still checked); only with
 *        no audiences
 * @param naming how the members of a record or bean without {@code @Claim} find their claims
 */
public record ClaimsPolicy(Set<String> audiences, String issuer, long leewayMillis, Clock clock,
        boolean requireExpiration, List<String> required, boolean anyAudience, ClaimNaming naming) {

    public ClaimsPolicy(Set<String> audiences, String issuer, long leewayMillis, Clock clock,
            boolean requireExpiration, List<String> required) {
        this(audiences, issuer, leewayMillis, clock, requireExpiration, required, false, ClaimNaming.IDENTITY);
    }

    public ClaimsPolicy(Set<String> audiences, String issuer, long leewayMillis, Clock clock,
            boolean requireExpiration, List<String> required, boolean anyAudience) {
        this(audiences, issuer, leewayMillis, clock, requireExpiration, required, anyAudience, ClaimNaming.IDENTITY);
    }

    public ClaimsPolicy {
        audiences = Set.copyOf(audiences);
        required = List.copyOf(required);
        java.util.Objects.requireNonNull(naming, "naming");
        if (required.size() > 60) {
            throw new IllegalArgumentException("at most 60 required claims");
        }
        if (anyAudience && !audiences.isEmpty()) {
            throw new IllegalArgumentException("anyAudience with audiences");
        }
    }

    /**
     * The {@code aud} check itself, refusing when none of the token's audiences (the first is
     * {@code example}) is accepted. Here rather than in {@link ClaimErrors}, which only a refusal
     * loads.
     */
    void checkAudience(Collection<String> accepted, boolean match, String example) {
        if (anyAudience) {
            return;
        }
        if (accepted.isEmpty()) {
            throw ClaimErrors.audienceNotExpected(example);
        }
        if (!match) {
            throw ClaimErrors.wrongAudience(accepted, example);
        }
    }
}
