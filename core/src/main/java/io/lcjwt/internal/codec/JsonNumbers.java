package io.lcjwt.internal.codec;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * {@link JsonCursor}'s numbers, read strictly: RFC 8259's grammar with no leading zeros, no
 * leading {@code +}, no bare {@code .5}, no NaN or Infinity, and at most 100 characters, so a
 * token cannot make {@link BigInteger} or {@link Double#parseDouble} work on megabytes of digits.
 *
 * <p>Static methods over the cursor's fields, for the reason {@link JsonStrings} gives. The common
 * NumericDate ({@link #readPlainInteger}) is accumulated as it is scanned and never becomes text.
 */
final class JsonNumbers {
    private JsonNumbers() {}

    /** {@link JsonCursor#readPlainInteger}. */
    static long readPlainInteger(JsonCursor c) {
        byte[] b = c.b;
        int p = c.pos;
        int e = c.end;
        if (p >= e) {
            return -1;
        }
        int d = b[p] - '0';
        if (d <= 0 || d > 9) {
            return -1;
        }
        long v = d;
        int q = p + 1;
        while (q < e && (d = b[q] - '0') >= 0 && d <= 9) {
            v = v * 10 + d;
            q++;
        }
        if (q - p > 18 || (q < e && (b[q] == '.' || b[q] == 'e' || b[q] == 'E'))) {
            return -1;
        }
        c.pos = q;
        c.needComma = true;
        return v;
    }

    /** {@link JsonCursor#readNumber}. */
    static Number read(JsonCursor c) {
        int start = scan(c);
        if (c.lastIntegral && !c.lastBig) {
            return c.lastLong;
        }
        String text = new String(c.b, start, c.pos - start, StandardCharsets.ISO_8859_1);
        if (c.lastIntegral) {
            return new BigInteger(text);
        }
        double d = Double.parseDouble(text);
        if (!Double.isFinite(d)) {
            return d; // the caller decides: a claim out of range
        }
        return d;
    }

    /**
     * Consumes one number, checking its grammar; returns where it starts, and leaves in the
     * cursor whether it is integral, whether it needs more than 64 bits, and its value when it
     * does not (so {@link #read} parses text only for fractions and big integers).
     */
    static int scan(JsonCursor c) {
        c.ws();
        int start = c.pos;
        if (c.pos < c.end && c.b[c.pos] == '-') {
            c.pos++;
        }
        int digitsStart = c.pos;
        long v = 0;
        boolean big = false;
        if (c.pos < c.end && c.b[c.pos] == '0') {
            c.pos++;
        } else {
            byte[] b = c.b;
            int p = c.pos;
            while (p < c.end) {
                int d = b[p] - '0';
                if (d < 0 || d > 9) {
                    break;
                }
                v = v * 10 + d; // exact up to 18 digits; longer runs are redone below
                p++;
            }
            if (p - digitsStart > 18) {
                v = 0;
                for (int i = digitsStart; i < p; i++) {
                    int d = b[i] - '0';
                    if (big || v > (Long.MAX_VALUE - d) / 10) {
                        big = true; // past 64 bits: read as BigInteger
                    } else {
                        v = v * 10 + d;
                    }
                }
            }
            c.pos = p;
        }
        if (c.pos == digitsStart) {
            throw c.error("a malformed number");
        }
        if (c.pos < c.end && c.b[c.pos] >= '0' && c.b[c.pos] <= '9') {
            throw c.error("a number with a leading zero");
        }
        boolean integral = true;
        if (c.pos < c.end && c.b[c.pos] == '.') {
            integral = false;
            c.pos++;
            int f = c.pos;
            while (c.pos < c.end && c.b[c.pos] >= '0' && c.b[c.pos] <= '9') {
                c.pos++;
            }
            if (c.pos == f) {
                throw c.error("a malformed number");
            }
        }
        if (c.pos < c.end && (c.b[c.pos] == 'e' || c.b[c.pos] == 'E')) {
            integral = false;
            c.pos++;
            if (c.pos < c.end && (c.b[c.pos] == '+' || c.b[c.pos] == '-')) {
                c.pos++;
            }
            int f = c.pos;
            while (c.pos < c.end && c.b[c.pos] >= '0' && c.b[c.pos] <= '9') {
                c.pos++;
            }
            if (c.pos == f) {
                throw c.error("a malformed number");
            }
        }
        if (c.pos - start > 100) {
            throw c.error("a number longer than 100 characters");
        }
        c.lastIntegral = integral;
        c.lastBig = big;
        c.lastLong = c.b[start] == '-' ? -v : v;
        c.needComma = true;
        return start;
    }
}
