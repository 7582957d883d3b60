package io.lcjwt.internal.codec;

/**
 * Strict UTF-8 (RFC 3629): no overlong forms, no encoded surrogates, nothing above U+10FFFF, no
 * truncated sequences. JSON parsers tend to be lenient here; JWT claims must not be.
 */
public final class Utf8 {
    private Utf8() {}

    /** Returns the offset of the first invalid byte, or -1 when all of {@code b[off, off+len)} is valid. */
    public static int firstInvalid(byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
            int need;
            int min;
            if (c >= 0xC2 && c <= 0xDF) {
                need = 1;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                need = 2;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                need = 3;
                min = 0x10000;
            } else {
                return i;
            }
            int cp = c & (0x3F >> need);
            for (int k = 1; k <= need; k++) {
                if (i + k >= end) {
                    return i;
                }
                int cc = b[i + k] & 0xFF;
                if ((cc & 0xC0) != 0x80) {
                    return i;
                }
                cp = (cp << 6) | (cc & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return i;
            }
            i += need + 1;
        }
        return -1;
    }
}
