package io.lcjwt;

/**
 * The token asks for something lcjwt deliberately does not do: a {@code crit} extension it
 * does not understand, an unencoded payload ({@code b64: false}), compression ({@code zip}) or a
 * nested JWT ({@code cty: JWT}).
 */
public final class UnsupportedJwtException extends JwtException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes a refusal of a token that uses a feature lcjwt does not support.
     *
     * @param message what was wrong, as a sentence
     */
    public UnsupportedJwtException(String message) {
        super(message);
    }

    /**
     * Makes a refusal of a token that uses a feature lcjwt does not support caused by another failure.
     *
     * @param message what was wrong, as a sentence
     * @param cause the underlying failure
     */
    public UnsupportedJwtException(String message, Throwable cause) {
        super(message, cause);
    }
}
