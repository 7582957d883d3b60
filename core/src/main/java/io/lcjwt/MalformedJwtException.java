package io.lcjwt;

/**
 * The token is not a well-formed compact JWS: wrong number of segments, bad base64url,
 * invalid JSON or UTF-8, a header member of the wrong type, or larger than the configured cap.
 */
public final class MalformedJwtException extends JwtException {
    private static final long serialVersionUID = 1L;

    /** @param message what was wrong, as a sentence */
    public MalformedJwtException(String message) {
        super(message);
    }

    /**
     * @param message what was wrong, as a sentence
     * @param cause the underlying failure
     */
    public MalformedJwtException(String message, Throwable cause) {
        super(message, cause);
    }
}
