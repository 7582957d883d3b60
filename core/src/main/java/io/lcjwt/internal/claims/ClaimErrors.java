package io.lcjwt.internal.claims;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.JwtException;
import io.lcjwt.MissingClaimException;
import io.lcjwt.NotYetValidException;

import java.time.Instant;
import java.util.Collection;

/**
 * The refusals of a claims set's registered claims, worded once for both readers: lcjwt's cursor
 * ({@link CursorClaimsReader}) and Jackson-jr's tree ({@link JacksonJrClaims}) must fail the
 * same token with the same exception and the same sentence.
 *
 * <p>Each factory is declared to return {@link JwtException}, and callers {@code throw} what it
 * returns. A method that throws a subclass directly makes the JVM load that class when it
 * verifies the method, on the first decode even if nothing is refused; this class is loaded only
 * when something is (a start-up rule, docs/architecture.md; {@code LazyLinkingTest} checks it).
 */
final class ClaimErrors {
    private ClaimErrors() {}

    static JwtException expired(NumericDate d, long now, long leeway) {
        return new ExpiredJwtException("The JWT expired at " + d.toInstant() + " (now "
                + Instant.ofEpochMilli(now) + ", leeway " + leeway / 1000 + " s).", d.toInstant());
    }

    static JwtException notYetValid(NumericDate d, long now, long leeway) {
        return new NotYetValidException("The JWT is not valid before " + d.toInstant()
                + " (now " + Instant.ofEpochMilli(now) + ", leeway " + leeway / 1000 + " s).", d.toInstant());
    }

    static JwtException wrongIssuer(String iss, String expected) {
        return new InvalidClaimException("iss", "The JWT was issued by \"" + printable(iss)
                + "\", not by the expected issuer \"" + expected + "\".");
    }

    static JwtException emptyAudience(boolean inArray) {
        return new InvalidClaimException("aud", inArray ? "The JWT's \"aud\" claim holds an empty string."
                : "The JWT's \"aud\" claim is an empty string.");
    }

    static JwtException emptyAudienceArray() {
        return new InvalidClaimException("aud", "The JWT's \"aud\" claim is an empty array.");
    }

    static JwtException audienceElement(int type) {
        return Readers.invalid("aud", "holds " + Readers.describe(type) + "; every audience must be a string");
    }

    static JwtException audienceNotString(int type) {
        return Readers.wrongType("aud", type, "a string or an array of strings");
    }

    /** No audience is configured, yet the token names {@code example}. */
    static JwtException audienceNotExpected(String example) {
        return new InvalidClaimException("aud", "The JWT is meant for audience \"" + printable(example)
                + "\", but this verifier expects no audience; configure audience(...) on the verifier.");
    }

    /** None of the token's audiences (the first is {@code example}) is accepted. */
    static JwtException wrongAudience(Collection<String> accepted, String example) {
        return new InvalidClaimException("aud", "The JWT is not meant for this audience (it names \""
                + printable(example) + "\"; expected one of " + accepted + ").");
    }

    static JwtException missingExpiration() {
        return new MissingClaimException("exp", "The JWT has no \"exp\" (expiration) claim, which this"
                + " verifier requires; tokens without one never expire.");
    }

    static JwtException missingAudience() {
        return new MissingClaimException("aud", "The JWT has no \"aud\" (audience) claim, which this verifier requires.");
    }

    static JwtException missingIssuer() {
        return new MissingClaimException("iss", "The JWT has no \"iss\" (issuer) claim, which this verifier requires.");
    }

    static JwtException missingRequired(String name) {
        return new MissingClaimException(name, "The JWT has no \"" + name + "\" claim, which this verifier requires.");
    }

    /**
     * A token without the claim (or, in claim {@code outer}, the member) that {@code type}'s
     * primitive member {@code member} ({@code raw}) reads from claim {@code name}.
     */
    static JwtException missingPrimitive(Class<?> type, String name, String member, Class<?> raw, String outer) {
        String box = raw == int.class ? "Integer" : raw == char.class ? "Character"
                : Character.toUpperCase(raw.getName().charAt(0)) + raw.getName().substring(1);
        String what = outer == null ? "The JWT has no \"" + name + "\" claim"
                : "The claim \"" + outer + "\" has no \"" + name + "\" member";
        return new MissingClaimException(outer == null ? name : outer, what + ", which " + type.getSimpleName()
                + "." + member + " (" + raw + ") needs; declare it as " + box + " or Optional<" + box
                + "> to accept tokens without it.");
    }

    static String printable(String s) {
        return Untrusted.text(s);
    }
}
