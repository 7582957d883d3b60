package io.lcjwt;

/**
 * Why a token was refused. Every refusal of a token is one of the subclasses, so a service can
 * answer by type (most mean HTTP 401; {@link JwksUnavailableException} means 503) and log the
 * message, which says what was wrong and never contains a secret or a computed MAC.
 *
 * <h2>The error model</h2>
 *
 * lcjwt throws three kinds of exception, all unchecked, and nothing else:
 * <ul>
 *   <li><b>Token refusals</b>: a {@code JwtException} subclass, thrown by a decode (and by
 *       {@link Unverified}) for anything about the token: its bytes (size cap, compact form,
 *       base64url, JSON, UTF-8; a null token counts as a missing one, {@link MalformedJwtException}),
 *       its header ({@link AlgorithmNotAllowedException}, {@link UnsupportedJwtException},
 *       {@link InvalidHeaderException} for a wrong {@code typ}), its signature
 *       ({@link BadSignatureException}), its claims ({@link ExpiredJwtException},
 *       {@link NotYetValidException}, {@link InvalidClaimException}, {@link MissingClaimException}),
 *       or the keys it needs ({@link UnknownKeyException}, and {@link JwksUnavailableException}
 *       when a JWKS URL cannot supply them); a DPoP proof's refusal is a {@link DpopException}
 *       carrying RFC 9449's error code. The input came from outside: answer the caller,
 *       do not fix the code.</li>
 *   <li><b>Key refusals</b>: {@link InvalidJwtKeyException}, an {@link IllegalArgumentException},
 *       thrown when a key is imported (secret, PEM, DER, JWK, JWK set) or bound to an algorithm
 *       when a verifier or signer is built; never by a decode.</li>
 *   <li><b>Programming errors</b>: the JDK's own exceptions. A null argument is a
 *       {@link NullPointerException} whose message names the parameter; a bad argument value
 *       (a negative leeway, an empty allow-list, a type claims cannot be bound to, claims that
 *       cannot be written as JSON) an {@link IllegalArgumentException} whose message names it;
 *       a {@code byte[]} range outside its array an {@link IndexOutOfBoundsException}; a builder
 *       missing a mandatory setting, a key used after {@code close()}, or no loadable libcrypto
 *       an {@link IllegalStateException}.</li>
 * </ul>
 *
 * <p>Stack traces are not filled in: the message carries the reason, and a flood of bad tokens
 * should not cost a stack walk each.
 *
 * <p>Refusals carry only their message and, for some, a claim name or time; they hold no
 * token bytes and no key, and can be logged or passed between threads freely.
 */
public abstract sealed class JwtException extends RuntimeException
        permits MalformedJwtException, UnsupportedJwtException, AlgorithmNotAllowedException,
                InvalidHeaderException, BadSignatureException, UnknownKeyException, ExpiredJwtException,
                NotYetValidException, InvalidClaimException, MissingClaimException,
                JwksUnavailableException, KeysNotReadyException, JweDecryptionException, DpopException {

    private static final long serialVersionUID = 1L;

    JwtException(String message) {
        super(message, null, false, false);
    }

    JwtException(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
