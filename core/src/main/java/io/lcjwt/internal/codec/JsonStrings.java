package io.lcjwt.internal.codec;

import io.lcjwt.MalformedJwtException;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link JsonCursor}'s string bodies, values and member names alike: the scan for the closing
 * quote, strict UTF-8, escapes and surrogate pairs, and making the String.
 *
 * <p>The methods are static and take the cursor, whose fields they read and advance, rather than
 * living on an object of their own: the cursor is the only state, so the JIT sees the same field
 * accesses (and the same bytecode sizes, for its inlining limits) as when this code was part of
 * the cursor, and a decode allocates nothing more. Strings are scanned a word at a time
 * ({@link #specials}): the plain ASCII body of a claim costs a few operations per eight bytes.
 */
final class JsonStrings {
    private JsonStrings() {}

    /** Eight bytes of the document at once, little-endian so the first byte is the lowest. */
    static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    /** {@link #scanToQuote} flags: the body has a backslash escape, or bytes above 0x7F. */
    static final int ESCAPED = 1;
    static final int NON_ASCII = 2;

    /**
     * The high bit of each byte of {@code w} that is a quote, a backslash, below 0x20 or above 0x7F; the
     * lowest one set is always exact (borrows can only add false hits above a true one).
     */
    static long specials(long w) {
        long q = w ^ 0x2222222222222222L;
        long bs = w ^ 0x5C5C5C5C5C5C5C5CL;
        return (((q - ONES) & ~q) | ((bs - ONES) & ~bs) | ((w - 0x2020202020202020L) & ~w) | w) & HIGHS;
    }

    /**
     * Advances {@code pos} to the first byte that is a quote, a backslash, a control character or non-ASCII,
     * eight bytes at a time: the common run of plain string bytes costs a few operations per word.
     */
    private static void skipPlain(JsonCursor c) {
        int p = c.pos;
        while (p + 8 <= c.end) {
            long hit = specials((long) LONGS.get(c.b, p));
            if (hit != 0) {
                c.pos = p + (Long.numberOfTrailingZeros(hit) >>> 3);
                return;
            }
            p += 8;
        }
        c.pos = p;
    }

    /**
     * Advances from just after an opening quote to the closing quote (left unconsumed), refusing
     * control characters; returns {@link #ESCAPED} and {@link #NON_ASCII} flags for the body.
     */
    static int scanToQuote(JsonCursor c, String what) {
        int flags = 0;
        while (true) {
            skipPlain(c);
            if (c.pos >= c.end) {
                throw c.error("an unterminated " + what);
            }
            byte x = c.b[c.pos];
            if (x == '"') {
                return flags;
            }
            if (x == '\\') {
                flags |= ESCAPED;
                c.pos += 2;
                continue;
            }
            if (x < 0) {
                flags |= NON_ASCII;
            } else if (x < 0x20) {
                throw c.error("a control character in a " + what);
            }
            c.pos++;
        }
    }

    /** Refuses a string body that is not strict UTF-8 (checked only for bodies with bytes above 0x7F). */
    static void checkUtf8(JsonCursor c, int start, int len) {
        if (Utf8.firstInvalid(c.b, start, len) >= 0) {
            throw new MalformedJwtException("The " + c.what + " is not valid UTF-8.");
        }
    }

    /** An unescaped body as a String; {@code nonAscii} bodies must have been checked as UTF-8. */
    @SuppressWarnings("deprecation")
    static String text(JsonCursor c, int start, int len, boolean nonAscii) {
        // For ASCII the Latin-1 constructor is a plain copy, with no charset dispatch.
        return nonAscii ? new String(c.b, start, len, StandardCharsets.UTF_8) : new String(c.b, 0, start, len);
    }

    /**
     * The common case of a string value: when one starts at {@code pos} and holds only plain
     * ASCII, the index of its closing quote, found a word at a time in locals (and byte by byte in
     * the document's last 7 bytes); otherwise -1 (then the general path reads it from {@code pos}).
     */
    static int plainStringEnd(JsonCursor c) {
        byte[] b = c.b;
        int p = c.pos;
        int end = c.end;
        if (p < end && b[p] == '"') {
            int q = p + 1;
            for (; q + 8 <= end; q += 8) {
                long hit = specials((long) LONGS.get(b, q));
                if (hit != 0) {
                    q += Long.numberOfTrailingZeros(hit) >>> 3;
                    return b[q] == '"' ? q : -1;
                }
            }
            // the last few bytes of the document (the end of the claims' last string), one at a time
            for (; q < end; q++) {
                int x = b[q];
                if (x == '"') {
                    return q;
                }
                if (x == '\\' || x < 0x20) { // negative: a byte above 0x7F
                    return -1;
                }
            }
        }
        return -1;
    }

    /** {@link JsonCursor#skipStringEqualTo}. */
    static boolean skipEqualTo(JsonCursor c, byte[] expected) {
        int q = plainStringEnd(c);
        int start = c.pos + 1;
        if (q - start != expected.length || !Arrays.equals(c.b, start, q, expected, 0, expected.length)) {
            return false;
        }
        c.pos = q + 1;
        c.needComma = true;
        return true;
    }

    /** {@link JsonCursor#readString}. */
    @SuppressWarnings("deprecation")
    static String read(JsonCursor c) {
        int q = plainStringEnd(c);
        if (q >= 0) {
            int start = c.pos + 1;
            c.pos = q + 1;
            c.needComma = true;
            return new String(c.b, 0, start, q - start);
        }
        return readGeneral(c);
    }

    private static String readGeneral(JsonCursor c) {
        if (c.ws() != '"') {
            throw c.error("expected a string");
        }
        c.pos++;
        int start = c.pos;
        boolean nonAscii = false;
        while (true) {
            skipPlain(c);
            if (c.pos >= c.end) {
                throw c.error("an unterminated string");
            }
            byte x = c.b[c.pos];
            if (x == '"') {
                int len = c.pos - start;
                if (nonAscii) {
                    checkUtf8(c, start, len);
                }
                String s = text(c, start, len, nonAscii);
                c.pos++;
                c.needComma = true;
                return s;
            }
            if (x == '\\') {
                break;
            }
            if (x < 0) {
                nonAscii = true;
            } else if (x < 0x20) {
                throw c.error("a control character in a string");
            }
            c.pos++;
        }
        // slow path: escapes
        c.pos = start;
        if ((scanToQuote(c, "string") & NON_ASCII) != 0) {
            checkUtf8(c, start, c.pos - start);
        }
        String s = decode(c, start, c.pos - start);
        c.pos++;
        c.needComma = true;
        return s;
    }

    /** Consumes a string value, checking it as {@link #read} would, without making a String. */
    static void skip(JsonCursor c) {
        int q = plainStringEnd(c);
        if (q >= 0) {
            c.pos = q + 1;
            c.needComma = true;
            return;
        }
        skipGeneral(c);
    }

    private static void skipGeneral(JsonCursor c) {
        if (c.ws() != '"') {
            throw c.error("expected a string");
        }
        int start = c.pos + 1;
        c.pos++;
        int flags = scanToQuote(c, "string");
        if ((flags & NON_ASCII) != 0) {
            checkUtf8(c, start, c.pos - start);
        }
        if ((flags & ESCAPED) != 0) {
            decode(c, start, c.pos - start); // validates escapes and surrogate pairs
        }
        c.pos++;
        c.needComma = true;
    }

    /** Decodes the escaped string body b[start, start+len). */
    static String decode(JsonCursor c, int start, int len) {
        byte[] b = c.b;
        int stop = start + len;
        StringBuilder sb = new StringBuilder(len);
        int i = start;
        while (i < stop) {
            int run = i;
            while (i < stop && b[i] != '\\') {
                i++;
            }
            if (i > run) {
                sb.append(new String(b, run, i - run, StandardCharsets.UTF_8)); // checked as UTF-8 already
            }
            if (i >= stop) {
                break;
            }
            if (i + 1 >= stop) {
                throw c.error("a truncated escape");
            }
            byte e = b[i + 1];
            i += 2;
            switch (e) {
                case '"' -> sb.append('"');
                case '\\' -> sb.append('\\');
                case '/' -> sb.append('/');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    char ch = hex4(c, i, stop);
                    i += 4;
                    if (Character.isHighSurrogate(ch)) {
                        if (i + 6 > stop || b[i] != '\\' || b[i + 1] != 'u') {
                            throw c.error("an unpaired surrogate escape");
                        }
                        char lo = hex4(c, i + 2, stop);
                        if (!Character.isLowSurrogate(lo)) {
                            throw c.error("an unpaired surrogate escape");
                        }
                        sb.append(ch).append(lo);
                        i += 6;
                    } else if (Character.isLowSurrogate(ch)) {
                        throw c.error("an unpaired surrogate escape");
                    } else {
                        sb.append(ch);
                    }
                }
                default -> throw c.error("an invalid escape");
            }
        }
        return sb.toString();
    }

    private static char hex4(JsonCursor c, int i, int stop) {
        if (i + 4 > stop) {
            throw c.error("a truncated \\u escape");
        }
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int x = c.b[i + k];
            int d = x >= '0' && x <= '9' ? x - '0' : x >= 'a' && x <= 'f' ? x - 'a' + 10 : x >= 'A' && x <= 'F' ? x - 'A' + 10 : -1;
            if (d < 0) {
                throw c.error("an invalid \\u escape");
            }
            v = (v << 4) | d;
        }
        return (char) v;
    }
}
