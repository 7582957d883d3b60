package io.lcjwt.internal.jws;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.AlgorithmNotAllowedException;
import io.lcjwt.BadSignatureException;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidHeaderException;
import io.lcjwt.JwtException;
import io.lcjwt.JwtHeader;
import io.lcjwt.UnknownKeyException;
import io.lcjwt.UnsupportedJwtException;
import io.lcjwt.internal.codec.LazyJsonObject;

/**
 * The refusals of a compact JWS's header, key and signature, built here so that only a refusal
 * loads their classes. Each factory is declared to return {@link JwtException} and callers
 * {@code throw} what it returns: a method that throws a subclass itself makes the JVM load that
 * class when it verifies the method, so a verifier's first decode loaded six exception classes
 * it had no use for (a start-up rule, docs/architecture.md; {@code LazyLinkingTest} checks they stay unloaded).
 */
public final class Refusals {
    private Refusals() {}

    /** A JWS with {@code "b64": false} read as claims. */
    static JwtException unencodedClaims() {
        return new UnsupportedJwtException("The JWS has an unencoded payload (\"b64\": false), which a JWT"
                + " must not use (RFC 7797 section 7); read it with verifyContent, not as claims.");
    }

    /** A signature that {@code keyId}'s key (or the only key, when null) does not verify. */
    static JwtException badSignature(Algorithm alg, String keyId) {
        return new BadSignatureException("The JWT's " + alg.jwsName() + " signature does not match"
                + (keyId != null ? " key \"" + keyId + "\"" : " the configured key") + ".");
    }

    /** An expired token, now carrying its verified header and claims for refresh flows. */
    static JwtException expiredWithClaims(ExpiredJwtException e, JwtHeader header, byte[] payload, int start, int len) {
        return new ExpiredJwtException(e.getMessage(), e.expiredAt(), header,
                new LazyJsonObject(payload, start, len, "JWT claims set"));
    }

    /** An algorithm the verifier was not built to allow. */
    static JwtException notAllowed(Algorithm alg, Object allowedSet) {
        return new AlgorithmNotAllowedException("The JWT is signed with " + alg.jwsName()
                + ", which this verifier does not allow (allowed: " + allowedSet + ").");
    }

    /** A {@code typ} other than the expected one, or none. */
    static JwtException wrongType(String typ, String expectedType) {
        return new InvalidHeaderException("typ", "The JWT's header type (\"typ\") is "
                + (typ == null ? "absent" : "\"" + Untrusted.text(typ) + "\"")
                + ", but this verifier expects \"" + expectedType + "\".");
    }

    /**
     * A header algorithm that no JWS verifier accepts: for the header parser.
     *
     * @param message why, as a sentence
     * @return the exception to throw
     */
    public static JwtException algorithmNotAllowed(String message) {
        return new AlgorithmNotAllowedException(message);
    }

    /**
     * A header feature lcjwt does not support or this verifier does not accept: for the header parser.
     *
     * @param message why, as a sentence
     * @return the exception to throw
     */
    public static JwtException unsupported(String message) {
        return new UnsupportedJwtException(message);
    }

    /**
     * No key that can verify: for the key resolvers.
     *
     * @param message what is missing, as a sentence
     * @return the exception to throw
     */
    public static JwtException unknownKey(String message) {
        return new UnknownKeyException(message);
    }
}
