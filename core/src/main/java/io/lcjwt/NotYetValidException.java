package io.lcjwt;

import java.time.Instant;

/** The token's {@code nbf} is after now plus the leeway (RFC 7519 section 4.1.5). */
public final class NotYetValidException extends JwtException {
    private static final long serialVersionUID = 1L;

    private final transient Instant notBefore;

    /**
     * Makes a refusal of a token used before its nbf.
     *
     * @param message what was wrong, as a sentence
     * @param notBefore the token's {@code nbf}
     */
    public NotYetValidException(String message, Instant notBefore) {
        super(message);
        this.notBefore = notBefore;
    }

    /** {@return the token's {@code nbf}} */
    public Instant notBefore() {
        return notBefore;
    }
}
