package io.lcjwt.internal.sdjwt;

import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.codec.JsonCursor;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The member names of the objects the {@link Processor} is writing, innermost last: each a
 * buffer, start and length, or the decoded text of a name written with escapes (so that
 * {@code "a"} and {@code "\u0061"} are one name). What a disclosed name is checked against
 * (RFC 9901 section 7.1, steps 3.3.2.2 and 3.3.2.3), and the names SD-JWT reserves. Reused from
 * call to call; not thread-safe.
 */
final class NameStack {

    static final int PLAIN = 0;
    static final int SD = 1;
    static final int DOTS = 2;
    static final int SD_ALG = 3;

    private byte[][] nameBuf = new byte[32][];
    private int[] nameStart = new int[32];
    private int[] nameLen = new int[32];
    private String[] nameText = new String[32];
    private int names;

    int size() {
        return names;
    }

    /** Drops the names from {@code size} on: an object has ended. */
    void truncate(int size) {
        names = size;
    }

    /** Which of the names SD-JWT reserves the current member name is, or {@link #PLAIN}. */
    static int special(JsonCursor c) {
        int n = c.nameLength();
        if (c.nameEscaped()) {
            return switch (c.name()) {
                case "_sd" -> SD;
                case "..." -> DOTS;
                case "_sd_alg" -> SD_ALG;
                default -> PLAIN;
            };
        }
        byte[] b = c.buffer();
        int s = c.nameStart();
        if (n == 3) {
            if (b[s] == '_' && b[s + 1] == 's' && b[s + 2] == 'd') {
                return SD;
            }
            if (b[s] == '.' && b[s + 1] == '.' && b[s + 2] == '.') {
                return DOTS;
            }
        } else if (n == 7 && b[s] == '_' && b[s + 1] == 's' && b[s + 2] == 'd' && b[s + 3] == '_'
                && b[s + 4] == 'a' && b[s + 5] == 'l' && b[s + 6] == 'g') {
            return SD_ALG;
        }
        return PLAIN;
    }

    void push(byte[] buf, int start, int len, String text) {
        if (names == nameBuf.length) {
            int n = names * 2;
            nameBuf = Arrays.copyOf(nameBuf, n);
            nameStart = Arrays.copyOf(nameStart, n);
            nameLen = Arrays.copyOf(nameLen, n);
            nameText = Arrays.copyOf(nameText, n);
        }
        nameBuf[names] = buf;
        nameStart[names] = start;
        nameLen[names] = len;
        nameText[names] = text;
        names++;
    }

    String text(int i) {
        String t = nameText[i];
        return t != null ? t : new String(nameBuf[i], nameStart[i], nameLen[i], StandardCharsets.UTF_8);
    }

    boolean isCnf(int i) {
        if (nameText[i] != null) {
            return nameText[i].equals("cnf");
        }
        byte[] b = nameBuf[i];
        int s = nameStart[i];
        return nameLen[i] == 3 && b[s] == 'c' && b[s + 1] == 'n' && b[s + 2] == 'f';
    }

    Set<String> set(int from) {
        Set<String> set = new HashSet<>();
        for (int i = from; i < names; i++) {
            set.add(text(i));
        }
        return set;
    }

    /**
     * Refuses disclosure {@code d}'s name ({@code buf[start, start+len)}, or {@code text} when it
     * was written with escapes) when SD-JWT reserves it or the names from {@code from} on (its
     * object's) hold it already; {@code known}, when not null, is those names as a set.
     */
    void checkDisclosed(int d, byte[] buf, int start, int len, String text, int from, Set<String> known) {
        String name = text != null ? text : null;
        boolean reserved = text != null ? text.equals("_sd") || text.equals("...") || text.equals("_sd_alg")
                : (len == 3 && (buf[start] == '_' && buf[start + 1] == 's' && buf[start + 2] == 'd'
                        || buf[start] == '.' && buf[start + 1] == '.' && buf[start + 2] == '.'))
                        || (len == 7 && ascii(buf, start, len).equals("_sd_alg"));
        if (reserved) {
            throw new MalformedJwtException("Disclosure " + (d + 1) + " of the SD-JWT discloses a claim named "
                    + Untrusted.quote(decoded(buf, start, len, text)) + ", a name SD-JWT reserves (RFC 9901"
                    + " section 7.1, step 3.3.2.2).");
        }
        boolean clash = false;
        if (known != null) {
            clash = known.contains(decoded(buf, start, len, text));
        } else {
            for (int i = from; i < names && !clash; i++) {
                if (text == null && nameText[i] == null) {
                    clash = nameLen[i] == len && Arrays.equals(nameBuf[i], nameStart[i], nameStart[i] + len, buf, start,
                            start + len);
                } else {
                    if (name == null) {
                        name = decoded(buf, start, len, null);
                    }
                    clash = text(i).equals(name);
                }
            }
        }
        if (clash) {
            throw new MalformedJwtException("Disclosure " + (d + 1) + " of the SD-JWT discloses a claim named "
                    + Untrusted.quote(decoded(buf, start, len, text)) + ", which its object already has; RFC 9901"
                    + " section 7.1 (step 3.3.2.3) requires such an SD-JWT to be refused.");
        }
    }

    private static String decoded(byte[] buf, int start, int len, String text) {
        return text != null ? text : new String(buf, start, len, StandardCharsets.UTF_8);
    }

    private static String ascii(byte[] buf, int start, int len) {
        return new String(buf, start, len, StandardCharsets.US_ASCII);
    }
}
