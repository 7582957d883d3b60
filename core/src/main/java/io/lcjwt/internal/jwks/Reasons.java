package io.lcjwt.internal.jwks;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Failures and durations in words, for the JWKS client's messages. */
public final class Reasons {
    private Reasons() {}

    /** The failure inside the wrappers that futures put around it. */
    public static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * A failure in words for a message: its own message, else its type (and then its cause's
     * words), so that a message never ends in "null".
     */
    public static String describe(Throwable t) {
        t = unwrap(t);
        String m = t.getMessage();
        if (m != null && !m.isBlank()) {
            return m;
        }
        Throwable c = t.getCause();
        return t.getClass().getSimpleName() + (c != null && c != t ? " (" + describe(c) + ")" : "");
    }

    /** "2.5 s", "1 s", "0.25 s". */
    public static String seconds(Duration d) {
        return BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
    }

    /** Ends a reason with exactly one full stop. */
    static String sentence(String reason) {
        return reason.endsWith(".") ? reason : reason + ".";
    }
}
