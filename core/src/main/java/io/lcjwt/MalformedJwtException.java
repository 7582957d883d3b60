package io.lcjwt;

/**
 * The token is not a well-formed compact JWS: wrong number of segments, bad base64url,
 * invalid JSON or UTF-8, a header member of the wrong type, or larger than the configured cap.
 */
public final class MalformedJwtException extends JwtException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes a refusal of a malformed token.
     *
     * @param message what was wrong, as a sentence
     */
    public MalformedJwtException(String message) {
        super(message);
    }

    /**
     * Makes a refusal of a malformed token caused by another failure.
     *
     * @param message what was wrong, as a sentence
     * @param cause the underlying failure
     */
    public MalformedJwtException(String message, Throwable cause) {
        super(message, cause);
    }
}
