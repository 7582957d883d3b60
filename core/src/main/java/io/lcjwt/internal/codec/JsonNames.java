package io.lcjwt.internal.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * {@link JsonCursor}'s member names: reading one (with a fast path for the short plain names
 * claims use) and refusing a name that repeats one of the same object. RFC 7515 and RFC 7519
 * (section 4 of each) let a parser either refuse repeats or keep the last one; lcjwt refuses,
 * because keeping the last is how two parsers of one token come to see different claims.
 *
 * <p>The duplicate check has three schemes, each for the names the one before cannot handle well:
 * <ol>
 *   <li>in an object of up to {@link #HASHED_FROM} members, a 64-bit bloom filter per object,
 *       confirmed on a hit by a scan: by packed {@code long} ({@link JsonCursor#pack}) for names
 *       of 1..8 plain bytes, the usual claim name, else by bytes;</li>
 *   <li>past that, where the bloom filter saturates and the scans would make the object cost
 *       quadratic time, an open-addressing table per depth over the keyed {@link NameHash}, so
 *       crafted names cannot flood it either;</li>
 *   <li>once any name of the document holds an escape, every name is also compared decoded, in a
 *       set per object, so {@code "a"} and {@code "\u0061"} are caught in either order.</li>
 * </ol>
 *
 * <p>Static methods over the cursor's fields, for the reason {@link JsonStrings} gives; the name
 * stacks and tables live in the cursor so that they are reused from one document to the next.
 */
final class JsonNames {
    private JsonNames() {}

    /**
     * Objects with more than this many members switch from the 64-bit bloom filter (which
     * saturates) to an open-addressing table of positions in {@link JsonCursor#names}, so a claims
     * set of thousands of members costs linear time, not quadratic.
     */
    static final int HASHED_FROM = 16;

    /** {@link JsonCursor#nextName()}, and without the duplicate check when not {@code check}. */
    static boolean next(JsonCursor c, boolean check) {
        // The common case, compact JSON and a plain name of up to 6 bytes ({@code ,"exp":}), is
        // read from one 8-byte word that holds the name, its closing quote and the colon;
        // anything else goes the general way from the same position.
        byte[] b = c.b;
        int p = c.pos;
        if (p + 11 <= c.end) {
            int x = b[p];
            if (c.needComma) {
                x = x == ',' ? b[++p] : 0;
            }
            if (x == '"') {
                long w = (long) JsonStrings.LONGS.get(b, p + 1);
                long hit = JsonStrings.specials(w);
                int n = Long.numberOfTrailingZeros(hit) >>> 3; // 8 when there is no hit
                if (n - 1 < 6 && n > 0 && ((w >>> (n << 3)) & 0xFFFF) == ('"' | ':' << 8)) {
                    c.nameStart = p + 1;
                    c.nameLen = n;
                    c.nameEscaped = false;
                    c.nameNonAscii = false;
                    c.nameKey = w & ((1L << (n << 3)) - 1);
                    c.pos = p + n + 3;
                    if (check) {
                        checkDuplicateShort(c);
                    }
                    c.needComma = false;
                    return true;
                }
            }
        }
        return nextGeneral(c, check);
    }

    private static boolean nextGeneral(JsonCursor c, boolean check) {
        int x = c.ws();
        if (x == '}') {
            if (!c.needComma && c.namesTop != c.objectBase[c.depth]) {
                throw c.error("a comma followed by '}'");
            }
            c.close();
            return false;
        }
        x = c.afterComma(x, '}');
        if (x != '"') {
            throw c.error("expected a member name");
        }
        c.pos++;
        int start = c.pos;
        int flags = JsonStrings.scanToQuote(c, "member name");
        c.nameStart = start;
        c.nameLen = c.pos - start;
        c.nameEscaped = (flags & JsonStrings.ESCAPED) != 0;
        c.nameNonAscii = (flags & JsonStrings.NON_ASCII) != 0;
        if (c.nameNonAscii) {
            JsonStrings.checkUtf8(c, start, c.nameLen);
        }
        c.nameKey = flags != 0 || c.nameLen == 0 || c.nameLen > 8 ? 0 : pack(c.b, start, c.nameLen, c.end);
        c.pos++;
        if (c.ws() != ':') {
            throw c.error("expected ':'");
        }
        c.pos++;
        if (check) {
            checkDuplicate(c);
        }
        c.needComma = false;
        return true;
    }

    /** {@link JsonCursor#pack}. */
    static long pack(byte[] b, int off, int len, int limit) {
        if (off + 8 <= limit) {
            long w = (long) JsonStrings.LONGS.get(b, off);
            return len == 8 ? w : w & ((1L << (len << 3)) - 1);
        }
        long k = 0;
        for (int i = len - 1; i >= 0; i--) {
            k = (k << 8) | (b[off + i] & 0xFF);
        }
        return k;
    }

    /**
     * The duplicate check for a plain name of up to 8 bytes in an object of under
     * {@link #HASHED_FROM} members, small enough to be inlined where names are read; anything
     * else goes to {@link #checkDuplicate}.
     */
    private static void checkDuplicateShort(JsonCursor c) {
        int d = c.depth;
        if (c.anyDecoded || c.hashed[d] || c.namesTop - c.objectBase[d] >= HASHED_FROM << 1) {
            checkDuplicate(c);
            return;
        }
        checkKeyed(c, d);
    }

    /**
     * A name of 1..8 plain bytes is its packed key: a bloom bit, then long compares on a hit. Only
     * another such name can have the same bytes; escaped spellings are the decoded check's.
     */
    private static void checkKeyed(JsonCursor c, int d) {
        long key = c.nameKey;
        long bit = 1L << ((key * 0x9E3779B97F4A7C15L) >>> 58);
        long seen = c.bloom[d];
        if ((seen & bit) != 0 && hasKey(c, key, c.objectBase[d])) {
            throw c.duplicateName();
        }
        c.bloom[d] = seen | bit;
        appendName(c, c.nameLen);
    }

    private static boolean hasKey(JsonCursor c, long key, int base) {
        long[] k = c.keys;
        for (int i = base >> 1, n = c.namesTop >> 1; i < n; i++) {
            if (k[i] == key) {
                return true;
            }
        }
        return false;
    }

    /** The full duplicate check of the current name, whatever it is: {@link JsonCursor#checkNameUnique}. */
    static void checkDuplicate(JsonCursor c) {
        if (c.nameEscaped || c.anyDecoded) {
            checkDuplicateDecoded(c);
        }
        int len = c.nameLen;
        int depth = c.depth;
        if (c.hashed[depth] || (c.namesTop - c.objectBase[depth]) >> 1 >= HASHED_FROM) {
            checkDuplicateHashed(c, len);
            return;
        }
        if (c.nameKey != 0) {
            checkKeyed(c, depth);
            return;
        }
        int first = len == 0 ? 0 : c.b[c.nameStart];
        int last = len == 0 ? 0 : c.b[c.nameStart + len - 1];
        long bit = 1L << ((len * 31 + first * 7 + last) & 63);
        if ((c.bloom[depth] & bit) != 0) {
            for (int i = c.objectBase[depth]; i < c.namesTop; i += 2) {
                if (sameName(c, i, len)) {
                    throw c.duplicateName();
                }
            }
        }
        c.bloom[depth] |= bit;
        appendName(c, len);
    }

    private static boolean sameName(JsonCursor c, int i, int len) {
        int[] names = c.names;
        return names[i + 1] == len && Arrays.equals(c.b, names[i], names[i] + len, c.b, c.nameStart, c.nameStart + len);
    }

    private static void appendName(JsonCursor c, int len) {
        if (c.namesTop + 2 > c.names.length) {
            c.names = Arrays.copyOf(c.names, c.names.length * 2);
            c.keys = Arrays.copyOf(c.keys, c.names.length >> 1);
        }
        c.keys[c.namesTop >> 1] = c.nameKey;
        c.names[c.namesTop++] = c.nameStart;
        c.names[c.namesTop++] = len;
    }

    private static void checkDuplicateHashed(JsonCursor c, int len) {
        int d = c.depth;
        if (!c.hashed[d]) {
            c.hashed[d] = true;
            c.tableNames += (c.namesTop - c.objectBase[d]) >> 1;
            rebuildNameTable(c, d, 64);
        }
        int[] t = c.nameTables[d];
        int mask = c.nameMasks[d];
        int slot = NameHash.of(c.b, c.nameStart, len) & mask;
        int probes = 1;
        for (int e; (e = t[slot]) != 0; slot = (slot + 1) & mask, probes++) {
            if (sameName(c, e - 1, len)) {
                throw c.duplicateName();
            }
        }
        c.tableWork += probes;
        c.tableNames++;
        appendName(c, len);
        if (c.namesTop - c.objectBase[d] > mask + 1) { // more names than half the slots
            rebuildNameTable(c, d, (mask + 1) * 2);
        } else {
            t[slot] = c.namesTop - 1; // the empty slot the search ended on; 0 means empty, so index + 1
        }
    }

    /** Fills depth {@code d}'s table with every name of its object so far. */
    private static void rebuildNameTable(JsonCursor c, int d, int minSize) {
        int count = (c.namesTop - c.objectBase[d]) >> 1;
        int size = Math.max(minSize, Integer.highestOneBit(Math.max(1, count * 4 - 1)) << 1);
        int[] t = c.nameTables[d];
        if (t == null || t.length < size) {
            t = new int[size];
            c.nameTables[d] = t;
        } else {
            Arrays.fill(t, 0, size, 0);
        }
        c.nameMasks[d] = size - 1;
        long work = size >>> 3;
        for (int i = c.objectBase[d]; i < c.namesTop; i += 2) {
            work += insertName(c, t, size - 1, i);
        }
        c.tableWork += work;
    }

    /** Puts name {@code i} of {@link JsonCursor#names} in table {@code t}; returns the slots visited. */
    private static int insertName(JsonCursor c, int[] t, int mask, int i) {
        int slot = NameHash.of(c.b, c.names[i], c.names[i + 1]) & mask;
        int probes = 1;
        while (t[slot] != 0) {
            slot = (slot + 1) & mask;
            probes++;
        }
        t[slot] = i + 1;
        return probes;
    }

    private static void checkDuplicateDecoded(JsonCursor c) {
        c.anyDecoded = true;
        if (c.decodedNames == null) {
            c.decodedNames = new ArrayList<>();
        }
        while (c.decodedNames.size() <= c.depth) {
            c.decodedNames.add(new HashSet<>());
        }
        Set<String> seen = c.decodedNames.get(c.depth);
        if (seen.isEmpty()) {
            // first decoded check in this object: every name seen so far in it joins the set
            for (int i = c.objectBase[c.depth]; i < c.namesTop; i += 2) {
                seen.add(JsonStrings.decode(c, c.names[i], c.names[i + 1]));
            }
        }
        String n = c.name();
        if (!seen.add(n)) {
            throw c.duplicateName();
        }
    }
}
