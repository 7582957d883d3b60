package io.lcjwt;

/**
 * No keys could be had from the JWKS URL (never fetched, or the last good keys are older than
 * the allowed staleness). A service should answer 503, not 401.
 */
public final class JwksUnavailableException extends JwtException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes a refusal because no keys could be had.
     *
     * @param message what was wrong, as a sentence
     */
    public JwksUnavailableException(String message) {
        super(message);
    }

    /**
     * Makes a refusal because no keys could be had caused by another failure.
     *
     * @param message what was wrong, as a sentence
     * @param cause the underlying failure
     */
    public JwksUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
