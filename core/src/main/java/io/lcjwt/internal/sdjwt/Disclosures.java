package io.lcjwt.internal.sdjwt;

import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.codec.JsonCursor;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The disclosures of one SD-JWT: each decoded once into one shared array, read as the JSON array
 * RFC 9901 section 4.2 makes of it ({@code [salt, name, value]} or {@code [salt, value]}),
 * digested over its base64url text, and found again by digest. Reused from call to call; not
 * thread-safe.
 */
final class Disclosures {

    // Per disclosure, STRIDE ints: where its text is, where its decoded JSON is, its kind, name and value.
    private static final int ENC = 0;
    private static final int ENC_LEN = 1;
    private static final int KIND = 2;
    private static final int NAME = 3;
    private static final int NAME_LEN = 4;
    private static final int VALUE = 5;
    private static final int VALUE_END = 6;
    private static final int USED = 7;
    private static final int PARENT = 8;
    private static final int STRIDE = 9;

    int count;
    private int[] info = new int[16 * STRIDE];
    /** The decoded JSON of every disclosure, one after another. */
    byte[] decoded = new byte[1024];
    /** A name written with escapes, decoded; null where the name is plain (the usual case). */
    private String[] escapedNames = new String[16];
    /** The digests, {@code width} bytes each. */
    private byte[] digests = new byte[16 * 64];
    private final byte[] one = new byte[64];
    private final MemorySegment oneSegment = MemorySegment.ofArray(one);
    private int width;
    /** Open addressing by the digest's first bytes (a hash output: nobody can choose them): index + 1, or 0. */
    private int[] table = new int[32];

    /**
     * Reads the {@code n} disclosures whose base64url texts are at {@code spans[2i], spans[2i+1]}
     * (start, length) in {@code src}, a buffer whose segment view is {@code srcSegment}.
     *
     * @throws MalformedJwtException for a disclosure that is not strict base64url, not a JSON
     *         array of two or three elements, whose salt or name is not a string, or that appears twice
     */
    void read(byte[] src, MemorySegment srcSegment, int[] spans, int n, SdHash hash, JsonCursor c) {
        count = 0;
        width = hash.bytes();
        if (info.length < n * STRIDE) {
            info = new int[n * STRIDE];
            escapedNames = new String[n];
        }
        if (digests.length < n * width) {
            digests = new byte[n * width];
        }
        int tableSize = Integer.highestOneBit(Math.max(4, n) * 2 - 1) << 1;
        if (table.length < tableSize || table.length > 4 * tableSize) {
            table = new int[tableSize];
        } else {
            Arrays.fill(table, 0);
        }
        int total = 0;
        for (int i = 0; i < n; i++) {
            total += Base64Url.decodedLength(spans[2 * i + 1]) + 2;
        }
        if (decoded.length < total) {
            decoded = new byte[total];
        }
        int at = 0;
        for (int i = 0; i < n; i++) {
            int off = spans[2 * i];
            int len = spans[2 * i + 1];
            int m = Base64Url.decodedLength(len);
            if (m < 0 || Base64Url.decode(src, off, len, decoded, at) != m) {
                throw new MalformedJwtException("Disclosure " + (i + 1) + " of the SD-JWT is not strict base64url"
                        + " (RFC 9901 section 4.2).");
            }
            int[] r = info;
            int base = i * STRIDE;
            r[base + ENC] = off;
            r[base + ENC_LEN] = len;
            r[base + USED] = 0;
            r[base + PARENT] = -1;
            escapedNames[i] = null;
            parse(c, at, m, i, base);
            hash.digest(srcSegment, off, len, oneSegment);
            System.arraycopy(one, 0, digests, i * width, width);
            insert(i);
            at += m;
            count = i + 1;
        }
    }

    /** Reads {@code decoded[at, at+m)} as {@code [salt, name, value]} or {@code [salt, value]}. */
    private void parse(JsonCursor c, int at, int m, int i, int base) {
        c.reset(decoded, at, m, "SD-JWT disclosure");
        if (c.peek() != '[') {
            throw malformed(i, "is not a JSON array");
        }
        c.startArray();
        int elements = 0;
        int secondStart = 0;
        int secondEnd = 0;
        boolean secondString = false;
        int thirdStart = 0;
        int thirdEnd = 0;
        while (c.nextElement()) {
            int type = c.valueType();
            int start = c.position();
            if (elements == 0) {
                if (type != '"') {
                    throw malformed(i, "has a salt that is not a string");
                }
                c.skipValue();
            } else if (elements == 1) {
                secondString = type == '"';
                secondStart = start;
                if (secondString && c.skipPlainString() < 0) {
                    escapedNames[i] = c.readString();
                } else if (!secondString) {
                    c.skipValue();
                }
                secondEnd = c.position();
            } else if (elements == 2) {
                thirdStart = start;
                c.skipValue();
                thirdEnd = c.position();
            } else {
                throw malformed(i, "has more than three elements");
            }
            elements++;
        }
        c.endDocument();
        int[] r = info;
        if (elements == 3) {
            if (!secondString) {
                throw malformed(i, "has a claim name that is not a string");
            }
            r[base + KIND] = 3;
            r[base + NAME] = secondStart + 1;
            r[base + NAME_LEN] = secondEnd - secondStart - 2;
            r[base + VALUE] = thirdStart;
            r[base + VALUE_END] = thirdEnd;
        } else if (elements == 2) {
            escapedNames[i] = null;
            r[base + KIND] = 2;
            r[base + VALUE] = secondStart;
            r[base + VALUE_END] = secondEnd;
        } else {
            throw malformed(i, "has " + elements + " element" + (elements == 1 ? "" : "s")
                    + "; a disclosure is [salt, name, value] or, for an array element, [salt, value]");
        }
    }

    private static MalformedJwtException malformed(int i, String why) {
        return new MalformedJwtException("Disclosure " + (i + 1) + " of the SD-JWT " + why + " (RFC 9901 section 4.2).");
    }

    private void insert(int i) {
        int mask = table.length - 1;
        int at = i * width;
        int slot = slot(digests, at) & mask;
        for (int e; (e = table[slot]) != 0; slot = (slot + 1) & mask) {
            if (Arrays.equals(digests, (e - 1) * width, e * width, digests, at, at + width)) {
                throw new MalformedJwtException("Disclosures " + e + " and " + (i + 1) + " of the SD-JWT are the same;"
                        + " a disclosure may be sent only once (RFC 9901 section 4).");
            }
        }
        table[slot] = i + 1;
    }

    private static int slot(byte[] d, int at) {
        return (d[at] & 0xFF) | (d[at + 1] & 0xFF) << 8 | (d[at + 2] & 0xFF) << 16 | (d[at + 3] & 0xFF) << 24;
    }

    /** The disclosure whose digest is {@code d[at, at + width)}, or -1. */
    int find(byte[] d, int at) {
        int mask = table.length - 1;
        for (int slot = slot(d, at) & mask, e; (e = table[slot]) != 0; slot = (slot + 1) & mask) {
            if (Arrays.equals(digests, (e - 1) * width, e * width, d, at, at + width)) {
                return e - 1;
            }
        }
        return -1;
    }

    // ---- what each disclosure holds --------------------------------------------------------------

    /** Whether disclosure {@code i} is an object property ({@code [salt, name, value]}). */
    boolean isProperty(int i) {
        return info[i * STRIDE + KIND] == 3;
    }

    int nameStart(int i) {
        return info[i * STRIDE + NAME];
    }

    int nameLength(int i) {
        return info[i * STRIDE + NAME_LEN];
    }

    /** The name, decoded, when it was written with escapes; else null (it is then {@code decoded[nameStart, +nameLength)}). */
    String escapedName(int i) {
        return escapedNames[i];
    }

    int valueStart(int i) {
        return info[i * STRIDE + VALUE];
    }

    int valueEnd(int i) {
        return info[i * STRIDE + VALUE_END];
    }

    int textStart(int i) {
        return info[i * STRIDE + ENC];
    }

    int textLength(int i) {
        return info[i * STRIDE + ENC_LEN];
    }

    /** Marks disclosure {@code i} as referenced by {@code parent} (-1: the payload itself). */
    void use(int i, int parent) {
        info[i * STRIDE + USED] = 1;
        info[i * STRIDE + PARENT] = parent;
    }

    boolean used(int i) {
        return info[i * STRIDE + USED] != 0;
    }

    int parent(int i) {
        return info[i * STRIDE + PARENT];
    }

    /** The digest of disclosure {@code i}, in base64url. */
    String digestText(int i) {
        byte[] text = new byte[DigestSet.textLength(width)];
        Base64Url.encode(digests, i * width, width, text, 0);
        return new String(text, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** The first disclosure no digest referenced, or -1. */
    int firstUnused() {
        for (int i = 0; i < count; i++) {
            if (!used(i)) {
                return i;
            }
        }
        return -1;
    }
}
