package io.lcjwt;

/**
 * No configured key matches the token's {@code kid} (or, without a {@code kid}, no single key
 * serves the token's algorithm). lcjwt never falls back to another key.
 */
public final class UnknownKeyException extends JwtException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes a refusal because no key matches the token.
     *
     * @param message what was wrong, as a sentence
     */
    public UnknownKeyException(String message) {
        super(message);
    }
}
