package io.lcjwt;

/**
 * A key was refused at import or when bound to an algorithm: too short, too weak, malformed, of
 * the wrong type for the algorithm, or something that looks like a public key offered as an HMAC
 * secret. The message says which and how to fix it; it never contains key material.
 */
public final class InvalidJwtKeyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes a key refusal.
     *
     * @param message what was wrong, as a sentence
     */
    public InvalidJwtKeyException(String message) {
        super(message);
    }

    /**
     * Makes a key refusal caused by another failure.
     *
     * @param message what was wrong, as a sentence
     * @param cause the underlying failure
     */
    public InvalidJwtKeyException(String message, Throwable cause) {
        super(message, cause);
    }
}
