package io.lcjwt.internal.claims;

import io.lcjwt.internal.codec.Json;

import java.util.Arrays;
import java.util.Locale;

/**
 * Compact JSON written straight into a growable byte array as UTF-8: no generator, no stream,
 * no intermediate String. Strings are escaped as jackson-core escapes them (a backslash and one
 * letter for a quote, a backslash, backspace, tab, newline, form feed and carriage return; a
 * four-digit backslash-u escape for the other control characters and for each half of a
 * surrogate pair; everything else as UTF-8),
 * so the bytes are the same as lcjwt wrote before. Not thread-safe: a signer pools them.
 *
 * <p>It also tracks where it is ({@link #enter}), so that a refusal can name the member
 * ({@code claims.address.street}) without a path String being built for every member written.
 */
public final class JsonOut {

    private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** For each ASCII character: 0 written as is, else the letter of its short escape, or 'u'. */
    private static final byte[] ESCAPES = new byte[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = 'u';
        }
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\n'] = 'n';
        ESCAPES['\f'] = 'f';
        ESCAPES['\r'] = 'r';
    }

    byte[] buf;
    int len;
    private char[] chars = new char[64];

    /** The member names (or null for an array element) and element indices from the root to here. */
    private final String[] names = new String[Json.MAX_DEPTH + 2];
    private final int[] indices = new int[Json.MAX_DEPTH + 2];
    private String root = "claims";

    public JsonOut() {
        buf = new byte[256];
    }

    /** Empties the buffer for the next document, whose refusals name it {@code root}. */
    public JsonOut reset(String root) {
        len = 0;
        this.root = root;
        return this;
    }

    /** The buffer: the document is {@code buffer()[0, length())}. */
    public byte[] buffer() {
        return buf;
    }

    public int length() {
        return len;
    }

    /** The document as a new array. */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, len);
    }

    // ---- where the writer is, for messages --------------------------------------------------

    /** Records that the value at {@code depth + 1} is member {@code name} of the one at {@code depth}. */
    void enter(int depth, String name) {
        names[depth + 1] = name;
    }

    /** Records that the value at {@code depth + 1} is element {@code index} of the one at {@code depth}. */
    void enter(int depth, int index) {
        names[depth + 1] = null;
        indices[depth + 1] = index;
    }

    /** The path of the value at {@code depth}, as messages name it: {@code claims.roles[2]}. */
    String path(int depth) {
        StringBuilder sb = new StringBuilder(root);
        for (int d = 1; d <= depth && d < names.length; d++) {
            if (names[d] != null) {
                sb.append('.').append(names[d]);
            } else {
                sb.append('[').append(indices[d]).append(']');
            }
        }
        return sb.toString();
    }

    // ---- output -------------------------------------------------------------------------------

    private void ensure(int more) {
        if (len + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(len + more, buf.length * 2));
        }
    }

    void raw(char c) {
        ensure(1);
        buf[len++] = (byte) c;
    }

    void ascii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[len++] = (byte) s.charAt(i);
        }
    }

    void number(long v) {
        ensure(20);
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                ascii("-9223372036854775808");
                return;
            }
            buf[len++] = '-';
            v = -v;
        }
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) {
            digits++;
        }
        int end = len + digits;
        for (int i = end - 1; i >= len; i--) {
            buf[i] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        }
        len = end;
    }

    void bool(boolean b) {
        ascii(b ? "true" : "false");
    }

    void nul() {
        ascii("null");
    }

    /**
     * A JSON string, quoted and escaped; refused (naming the member at {@code depth}) when it
     * holds an unpaired surrogate, which has no UTF-8 encoding and lcjwt's reader refuses.
     */
    void string(String s, int depth) {
        int n = s.length();
        if (chars.length < n) {
            chars = new char[Math.max(n, chars.length * 2)];
        }
        char[] cs = chars;
        s.getChars(0, n, cs, 0);
        ensure(n + 2);
        byte[] b = buf;
        int p = len;
        b[p++] = '"';
        int i = 0;
        // The common case, printable ASCII with nothing to escape, a byte per character.
        for (; i < n; i++) {
            char c = cs[i];
            if (c >= 0x80 || ESCAPES[c] != 0) {
                break;
            }
            b[p++] = (byte) c;
        }
        len = p;
        if (i < n) {
            rest(cs, i, n, depth);
        }
        raw('"');
    }

    private void unicodeEscape(char c) {
        ensure(6);
        buf[len++] = '\\';
        buf[len++] = 'u';
        buf[len++] = HEX[c >> 12];
        buf[len++] = HEX[c >> 8 & 15];
        buf[len++] = HEX[c >> 4 & 15];
        buf[len++] = HEX[c & 15];
    }

    private void rest(char[] cs, int i, int n, int depth) {
        for (; i < n; i++) {
            char c = cs[i];
            if (c < 0x80) {
                byte e = ESCAPES[c];
                if (e == 0) {
                    raw(c);
                } else if (e != 'u') {
                    ensure(2);
                    buf[len++] = '\\';
                    buf[len++] = e;
                } else {
                    unicodeEscape(c);
                }
            } else if (c < 0x800) {
                ensure(2);
                buf[len++] = (byte) (0xC0 | c >> 6);
                buf[len++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(cs[i + 1])) {
                    // jackson-core writes a pair as two escapes, not four UTF-8 bytes; so does this
                    unicodeEscape(c);
                    unicodeEscape(cs[++i]);
                } else {
                    throw new IllegalArgumentException("claim " + path(depth) + " holds an unpaired surrogate (U+"
                            + Integer.toHexString(c).toUpperCase(Locale.ROOT) + " at index " + i
                            + "), which is not text and has no UTF-8 encoding");
                }
            } else {
                ensure(3);
                buf[len++] = (byte) (0xE0 | c >> 12);
                buf[len++] = (byte) (0x80 | c >> 6 & 0x3F);
                buf[len++] = (byte) (0x80 | c & 0x3F);
            }
        }
    }
}
