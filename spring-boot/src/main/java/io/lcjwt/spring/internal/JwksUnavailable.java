package io.lcjwt.spring.internal;

import io.lcjwt.JwksUnavailableException;

/**
 * Finds lcjwt's {@link JwksUnavailableException} under whatever Spring Security wrapped it in
 * ({@code AuthenticationServiceException}, {@code JwtException},
 * {@code JwtDecoderInitializationException}), so that the servlet filter and the reactive
 * exception handler can answer 503 instead of the 500 or 401 Spring would give.
 */
public final class JwksUnavailable {
    private JwksUnavailable() {}

    /** The {@link JwksUnavailableException} among {@code t} and its causes, or null. */
    public static JwksUnavailableException find(Throwable t) {
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
            if (t instanceof JwksUnavailableException j) {
                return j;
            }
        }
        return null;
    }

    /**
     * The {@code Retry-After} value for the 503: whole seconds until the client may fetch again,
     * rounded up, at least 1; null when the client did not say.
     */
    public static String retryAfter(JwksUnavailableException e) {
        return e.retryAfter().map(d -> String.valueOf(Math.max(1, (d.toMillis() + 999) / 1000)))
                .orElse(null);
    }
}
