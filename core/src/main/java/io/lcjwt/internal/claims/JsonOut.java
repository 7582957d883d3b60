package io.lcjwt.internal.claims;

import io.lcjwt.internal.codec.JsonCursor;

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

    /** Two ASCII digits for each value 0..99. */
    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /** 10^i for i = 0..18, the powers a positive long's digit count is settled against. */
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        long p = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++, p *= 10) {
            POWERS_OF_TEN[i] = p;
        }
    }

    /** Member names remembered as written ({@code "name":}), by identity, in a direct-mapped table. */
    private static final int NAME_SLOTS = 64;
    private static final int NAME_MAX = 48;

    byte[] buf;
    int len;
    private final String[] names = new String[NAME_SLOTS];
    private final byte[][] nameText = new byte[NAME_SLOTS][];
    private final byte[] nameLengths = new byte[NAME_SLOTS];
    private int nameAge;

    /** The member names (or null for an array element) and element indices from the root to here. */
    private final String[] path = new String[JsonCursor.MAX_DEPTH + 2];
    private final int[] indices = new int[JsonCursor.MAX_DEPTH + 2];
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
        path[depth + 1] = name;
    }

    /** Records that the value at {@code depth + 1} is element {@code index} of the one at {@code depth}. */
    void enter(int depth, int index) {
        path[depth + 1] = null;
        indices[depth + 1] = index;
    }

    /** The path of the value at {@code depth}, as messages name it: {@code claims.roles[2]}. */
    String path(int depth) {
        StringBuilder sb = new StringBuilder(root);
        for (int d = 1; d <= depth && d < path.length; d++) {
            if (path[d] != null) {
                sb.append('.').append(path[d]);
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
        // floor(log10) from the bit length (1233 / 4096 ~ log10(2)), then one comparison to settle
        // it: no loop of multiplications, whose chain cost more than the digits themselves
        int guess = (64 - Long.numberOfLeadingZeros(v)) * 1233 >>> 12;
        int digits = Math.max(1, guess + (v >= POWERS_OF_TEN[guess] ? 1 : 0));
        byte[] b = buf;
        int i = len + digits;
        len = i;
        while (v >= 100) {
            int pair = (int) (v % 100) * 2;
            v /= 100;
            b[--i] = PAIRS[pair + 1];
            b[--i] = PAIRS[pair];
        }
        if (v >= 10) {
            b[--i] = PAIRS[(int) v * 2 + 1];
            b[--i] = PAIRS[(int) v * 2];
        } else {
            b[--i] = (byte) ('0' + v);
        }
    }

    /**
     * A member name and its colon, {@code "name":}. Claim names repeat from token to token,
     * usually as the same String instances (literals, record components), so a name seen before
     * is copied from a small table kept by identity instead of being scanned and escaped again.
     */
    void name(String s, int depth) {
        int h = s.hashCode();
        int slot = (h ^ h >>> 7) & (NAME_SLOTS - 2); // two slots per set: a collision costs no rescans
        String[] known = names;
        if (known[slot] != s && known[++slot] != s) {
            int start = len;
            enter(depth - 1, "<name>"); // a refusal names the member as a name, not yet a value
            string(s, depth);
            raw(':');
            remember(s, slot - (nameAge++ & 1), start, len - start);
            return;
        }
        int n = nameLengths[slot];
        ensure(n);
        System.arraycopy(nameText[slot], 0, buf, len, n);
        len += n;
    }

    private void remember(String s, int slot, int start, int n) {
        if (n <= NAME_MAX) {
            byte[] text = nameText[slot];
            if (text == null) {
                nameText[slot] = text = new byte[NAME_MAX];
            }
            System.arraycopy(buf, start, text, 0, n);
            nameLengths[slot] = (byte) n;
            names[slot] = s;
        }
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
        ensure(n + 2);
        byte[] b = buf;
        int p = len;
        b[p++] = '"';
        int i = 0;
        // The common case, printable ASCII with nothing to escape, a byte per character. Read
        // through charAt, not copied out first: claim strings are short, and the copy cost more
        // than the loop (measured on the typical claims).
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') { // what ESCAPES marks, without the load
                break;
            }
            b[p++] = (byte) c;
        }
        if (i < n) {
            len = p;
            rest(s, i, n, depth);
            ensure(1);
            b = buf;
            p = len;
        }
        b[p++] = '"'; // room was ensured above: n + 2
        len = p;
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

    private void rest(String cs, int i, int n, int depth) {
        for (; i < n; i++) {
            char c = cs.charAt(i);
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
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(cs.charAt(i + 1))) {
                    // jackson-core writes a pair as two escapes, not four UTF-8 bytes; so does this
                    unicodeEscape(c);
                    unicodeEscape(cs.charAt(++i));
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
