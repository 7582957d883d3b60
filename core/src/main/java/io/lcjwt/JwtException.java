package io.lcjwt;

/**
 * Why a token was refused. Every rejection lcjwt makes is one of the subclasses, so a service can
 * answer by type (most mean HTTP 401; {@link JwksUnavailableException} means 503) and log the
 * message, which says what was wrong and never contains a secret or a computed MAC.
 *
 * <p>Stack traces are not filled in: the message carries the reason, and a flood of bad tokens
 * should not cost a stack walk each.
 *
 * <p>Refusals carry only their message and, for some, a claim name or time; they hold no
 * token bytes and no key, and can be logged or passed between threads freely.
 */
public abstract sealed class JwtException extends RuntimeException
        permits MalformedJwtException, UnsupportedJwtException, AlgorithmNotAllowedException,
                BadSignatureException, UnknownKeyException, ExpiredJwtException,
                NotYetValidException, InvalidClaimException, MissingClaimException,
                JwksUnavailableException {

    private static final long serialVersionUID = 1L;

    JwtException(String message) {
        super(message, null, false, false);
    }

    JwtException(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
