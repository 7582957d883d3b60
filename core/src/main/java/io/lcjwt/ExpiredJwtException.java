package io.lcjwt;

import java.time.Instant;

/** The token's {@code exp} is at or before now minus the leeway (RFC 7519 section 4.1.4). */
public final class ExpiredJwtException extends JwtException {
    private static final long serialVersionUID = 1L;

    private final transient Instant expiredAt;

    /**
     * Makes an expiry refusal.
     *
     * @param message what was wrong, as a sentence
     * @param expiredAt the token's {@code exp}
     */
    public ExpiredJwtException(String message, Instant expiredAt) {
        super(message);
        this.expiredAt = expiredAt;
    }

    /** {@return the token's {@code exp}} */
    public Instant expiredAt() {
        return expiredAt;
    }
}
