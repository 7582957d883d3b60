package io.lcjwt;

import java.time.Duration;
import java.util.Optional;

/**
 * No keys could be had from the JWKS URL (never fetched, or the last good keys are older than
 * the allowed staleness, or the issuer asked to be left alone). A service should answer 503,
 * not 401, with {@link #retryAfter()} as its {@code Retry-After}.
 */
public final class JwksUnavailableException extends JwtException {
    private static final long serialVersionUID = 1L;

    private final transient Duration retryAfter;

    /**
     * Makes a refusal because no keys could be had.
     *
     * @param message what was wrong, as a sentence
     */
    public JwksUnavailableException(String message) {
        this(message, null, null);
    }

    /**
     * Makes a refusal because no keys could be had caused by another failure.
     *
     * @param message what was wrong, as a sentence
     * @param cause the underlying failure
     */
    public JwksUnavailableException(String message, Throwable cause) {
        this(message, cause, null);
    }

    /**
     * Makes a refusal because no keys could be had, saying when the client will try again.
     *
     * <pre>{@code
     * throw new JwksUnavailableException("The issuer is down.", null, Duration.ofSeconds(30));
     * }</pre>
     *
     * @param message what was wrong, as a sentence
     * @param cause the underlying failure, or null
     * @param retryAfter how long until the client may fetch again, or null when unknown
     */
    public JwksUnavailableException(String message, Throwable cause, Duration retryAfter) {
        super(message, cause);
        this.retryAfter = retryAfter == null || retryAfter.isNegative() ? null : retryAfter;
    }

    /**
     * How long until the {@link JwksClient} may fetch again (its cooldown, backoff, or the
     * issuer's {@code Retry-After}), for a {@code Retry-After} header of a 503 answer. Empty
     * when not known; zero when a fetch may start now.
     *
     * @return the wait, or empty
     */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
