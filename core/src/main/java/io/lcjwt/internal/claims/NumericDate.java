package io.lcjwt.internal.claims;

import io.lcjwt.InvalidClaimException;
import io.lcjwt.internal.codec.JsonCursor;

import java.time.Instant;

/**
 * An RFC 7519 NumericDate: seconds since the epoch, possibly fractional. Strings, booleans, null
 * and numbers outside [0, 253402300799] (years 1970..9999) are refused, never clamped or treated
 * as absent.
 *
 * @param seconds whole seconds (floor)
 * @param nanos the fraction, 0 for integers
 * @param integral whether the JSON number was an integer
 * @param value the number as read, which a {@code Map} or a {@code double} receives unchanged
 *              (seconds and nanos are rounded to the nanosecond for comparisons)
 */
record NumericDate(long seconds, int nanos, boolean integral, double value) {

    static final long MAX_SECONDS = 253_402_300_799L;

    static NumericDate read(JsonCursor c, String claim) {
        int t = c.valueType();
        if (t != '0') {
            throw Readers.wrongType(claim, t, "a NumericDate (a number of seconds since 1970)");
        }
        long whole = c.readPlainInteger();
        if (whole >= 0) {
            if (whole > MAX_SECONDS) {
                throw outOfRange(claim);
            }
            return new NumericDate(whole, 0, true, whole);
        }
        return of(c.readNumber(), t, claim); // negative, fractional, or too long for the fast path
    }

    /**
     * The NumericDate rules over a value already read, by the cursor (past {@link #read}'s fast
     * path) or by another JSON reader: {@code Long}, {@code Integer}, {@code BigInteger},
     * {@code Double} or {@code BigDecimal} for a number, {@code type} being the JSON type's
     * letter as {@link Readers#describe} takes it.
     */
    static NumericDate of(Object v, int type, String claim) {
        if (!(v instanceof Number n)) {
            throw Readers.wrongType(claim, type, "a NumericDate (a number of seconds since 1970)");
        }
        if (n instanceof Long || n instanceof Integer) {
            long s = n.longValue();
            if (s < 0 || s > MAX_SECONDS) {
                throw outOfRange(claim);
            }
            return new NumericDate(s, 0, true, s);
        }
        if (n instanceof java.math.BigInteger) {
            throw outOfRange(claim);
        }
        double d = n.doubleValue();
        if (d >= 0 && d <= MAX_SECONDS) {
            long s = (long) Math.floor(d);
            int nanos = (int) Math.min(999_999_999L, Math.round((d - s) * 1e9));
            return new NumericDate(s, nanos, false, d);
        }
        throw outOfRange(claim);
    }

    private static InvalidClaimException outOfRange(String claim) {
        return Readers.invalid(claim, "is out of range for a NumericDate (0 to 253402300799 seconds)");
    }

    /**
     * Whether this date is at or before {@code millis} (epoch milliseconds), compared exactly:
     * a fraction finer than a millisecond is not rounded away.
     */
    boolean atOrBefore(long millis) {
        long s = Math.floorDiv(millis, 1000);
        long ns = Math.floorMod(millis, 1000) * 1_000_000L;
        return seconds < s || seconds == s && nanos <= ns;
    }

    /** As {@code exp}: the token has expired at {@code now}, allowing {@code leeway}. */
    boolean expired(long now, long leeway) {
        return atOrBefore(now - leeway);
    }

    /** As {@code nbf} or {@code iat}: the date lies in the future of {@code now}, past {@code leeway}. */
    boolean future(long now, long leeway) {
        return !atOrBefore(now + leeway);
    }

    Instant toInstant() {
        return nanos == 0 ? Instant.ofEpochSecond(seconds) : Instant.ofEpochSecond(seconds, nanos);
    }

    /** The value a {@code Map} result holds: a {@code Long} for integers, else a {@code Double}. */
    Object canonical() {
        return integral ? (Object) seconds : (Object) value;
    }
}
