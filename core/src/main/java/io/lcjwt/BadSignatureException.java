package io.lcjwt;

/**
 * The signature does not match the signing input under the selected key.
 */
public final class BadSignatureException extends JwtException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes a signature refusal.
     *
     * @param message what was wrong, as a sentence
     */
    public BadSignatureException(String message) {
        super(message);
    }

    /**
     * Makes a signature refusal caused by another failure.
     *
     * @param message what was wrong, as a sentence
     * @param cause the underlying failure
     */
    public BadSignatureException(String message, Throwable cause) {
        super(message, cause);
    }
}
