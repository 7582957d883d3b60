package io.lcjwt.internal.claims;

import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.MissingClaimException;
import io.lcjwt.NotYetValidException;
import io.lcjwt.internal.codec.HeaderParser;

import java.time.Instant;
import java.util.Collection;

/**
 * The refusals of a claims set's registered claims, worded once for both readers: lcjwt's cursor
 * ({@link CursorClaimsReader}) and Jackson-jr's tree ({@link JacksonJrClaims}) must fail the
 * same token with the same exception and the same sentence.
 */
final class ClaimErrors {
    private ClaimErrors() {}

    static ExpiredJwtException expired(NumericDate d, long now, long leeway) {
        return new ExpiredJwtException("The JWT expired at " + d.toInstant() + " (now "
                + Instant.ofEpochMilli(now) + ", leeway " + leeway / 1000 + " s).", d.toInstant());
    }

    static NotYetValidException notYetValid(NumericDate d, long now, long leeway) {
        return new NotYetValidException("The JWT is not valid before " + d.toInstant()
                + " (now " + Instant.ofEpochMilli(now) + ", leeway " + leeway / 1000 + " s).", d.toInstant());
    }

    static InvalidClaimException wrongIssuer(String iss, String expected) {
        return new InvalidClaimException("iss", "The JWT was issued by \"" + printable(iss)
                + "\", not by the expected issuer \"" + expected + "\".");
    }

    static InvalidClaimException emptyAudience(boolean inArray) {
        return new InvalidClaimException("aud", inArray ? "The JWT's \"aud\" claim holds an empty string."
                : "The JWT's \"aud\" claim is an empty string.");
    }

    static InvalidClaimException emptyAudienceArray() {
        return new InvalidClaimException("aud", "The JWT's \"aud\" claim is an empty array.");
    }

    static InvalidClaimException audienceElement(int type) {
        return Readers.invalid("aud", "holds " + Readers.describe(type) + "; every audience must be a string");
    }

    static InvalidClaimException audienceNotString(int type) {
        return Readers.wrongType("aud", type, "a string or an array of strings");
    }

    /** The {@code aud} check itself: none of {@code example}'s audiences is accepted. */
    static void checkAudience(ClaimsPolicy policy, Collection<String> accepted, boolean match, String example) {
        if (policy.anyAudience()) {
            return;
        }
        if (accepted.isEmpty()) {
            throw new InvalidClaimException("aud", "The JWT is meant for audience \"" + printable(example)
                    + "\", but this verifier expects no audience; configure audience(...) on the verifier.");
        }
        if (!match) {
            throw new InvalidClaimException("aud", "The JWT is not meant for this audience (it names \""
                    + printable(example) + "\"; expected one of " + accepted + ").");
        }
    }

    static MissingClaimException missingExpiration() {
        return new MissingClaimException("exp", "The JWT has no \"exp\" (expiration) claim, which this"
                + " verifier requires; tokens without one never expire.");
    }

    static MissingClaimException missingAudience() {
        return new MissingClaimException("aud", "The JWT has no \"aud\" (audience) claim, which this verifier requires.");
    }

    static MissingClaimException missingIssuer() {
        return new MissingClaimException("iss", "The JWT has no \"iss\" (issuer) claim, which this verifier requires.");
    }

    static MissingClaimException missingRequired(String name) {
        return new MissingClaimException(name, "The JWT has no \"" + name + "\" claim, which this verifier requires.");
    }

    static String printable(String s) {
        return HeaderParser.printable(s);
    }
}
