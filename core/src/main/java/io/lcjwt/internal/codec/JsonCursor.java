package io.lcjwt.internal.codec;

import io.lcjwt.MalformedJwtException;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict pull reader for one JSON document (RFC 8259) held in a byte array, written for JWT
 * claims: it reads member names without making Strings (so a binder can match them by bytes),
 * makes ASCII strings with one copy, and checks what a JWT must refuse as it goes -- duplicate
 * member names at every level, nesting deeper than {@link Json#MAX_DEPTH}, unpaired surrogate
 * escapes, control characters, leading zeros, NaN, trailing data.
 *
 * <p>Bytes above 0x7F may only appear inside strings (anywhere else they are syntax errors); a
 * string or name holding any is checked as strict UTF-8 ({@link Utf8}) when it is read or skipped,
 * so an all-ASCII document, the usual JWT, is never scanned twice.
 * Errors are {@link MalformedJwtException}s that name the byte offset, never the content.
 */
public final class JsonCursor {

    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles
            .byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private byte[] b;
    private int end;
    private String what;
    private int pos;
    private int depth;
    private boolean needComma;

    /** The current member name: raw bytes [nameStart, nameStart + nameLen), escaped if nameEscaped. */
    private int nameStart;
    private int nameLen;
    private boolean nameEscaped;
    private boolean nameNonAscii;
    /** The name's bytes packed little-endian into a long when it has 1..8 bytes and no escapes, else 0. */
    private long nameKey;

    // Member names seen per open object, for duplicate detection: (start, len) pairs on a stack.
    private int[] names = new int[64];
    /** Each name's {@link #nameKey}, at half its index in {@link #names}. */
    private long[] keys = new long[32];
    private int namesTop;
    private final int[] objectBase = new int[Json.MAX_DEPTH + 2];
    private final long[] bloom = new long[Json.MAX_DEPTH + 2];
    /**
     * Objects with more than {@link #HASHED_FROM} members switch from the 64-bit bloom filter (which
     * saturates) to an open-addressing table of positions in {@link #names}, so a claims set of
     * thousands of members costs linear time, not quadratic.
     */
    private static final int HASHED_FROM = 16;
    private final boolean[] hashed = new boolean[Json.MAX_DEPTH + 2];
    private final int[][] nameTables = new int[Json.MAX_DEPTH + 2][];
    /**
     * The part of each depth's table in use, as a mask: a table is kept for the next object at
     * its depth, and one object with thousands of members must not make every later one there
     * (in this document or the next one this cursor reads) clear all of it.
     */
    private final int[] nameMasks = new int[Json.MAX_DEPTH + 2];
    /** Work done in the name tables since {@link #reset}: see {@link #tableWork()}. */
    private long tableWork;
    private int tableNames;
    private final boolean[] isObject = new boolean[Json.MAX_DEPTH + 2];
    // Names with escapes are compared decoded, so "a" and "\u0061" are the same member.
    private List<java.util.Set<String>> decodedNames;
    /**
     * Whether a name of this document held escapes: from then on every name is also compared
     * decoded (in the set of its own object), so "a" and "\u0061" are caught in either order.
     */
    private boolean anyDecoded;

    /** An idle cursor, to be {@link #reset} for each document (its stacks are reused). */
    public JsonCursor() {
    }

    /** Points this cursor at a new document. */
    public JsonCursor reset(byte[] b, int off, int len, String what) {
        this.b = b;
        this.pos = off;
        this.end = off + len;
        this.what = what;
        this.depth = 0;
        this.namesTop = 0;
        this.needComma = false;
        this.anyDecoded = false;
        this.tableWork = 0;
        this.tableNames = 0;
        if (decodedNames != null) {
            decodedNames.forEach(java.util.Set::clear);
        }
        return this;
    }

    /** Points this cursor at a document that must be one JSON object, and checks that it starts with one. */
    public JsonCursor openObject(byte[] b, int off, int len, String what) {
        reset(b, off, len, what);
        if (peek() != '{') {
            throw new MalformedJwtException("The " + what + " is not a JSON object.");
        }
        return this;
    }

    /**
     * Advances {@code pos} to the first byte that is a quote, a backslash, a control character or non-ASCII,
     * eight bytes at a time: the common run of plain string bytes costs a few operations per word.
     */
    private void skipPlain() {
        int p = pos;
        while (p + 8 <= end) {
            long hit = specials((long) LONGS.get(b, p));
            if (hit != 0) {
                pos = p + (Long.numberOfTrailingZeros(hit) >>> 3);
                return;
            }
            p += 8;
        }
        pos = p;
    }

    /**
     * The high bit of each byte of {@code w} that is a quote, a backslash, below 0x20 or above 0x7F; the
     * lowest one set is always exact (borrows can only add false hits above a true one).
     */
    private static long specials(long w) {
        long q = w ^ 0x2222222222222222L;
        long bs = w ^ 0x5C5C5C5C5C5C5C5CL;
        return (((q - ONES) & ~q) | ((bs - ONES) & ~bs) | ((w - 0x2020202020202020L) & ~w) | w) & HIGHS;
    }

    private MalformedJwtException error(String why) {
        return new MalformedJwtException("The " + what + " is not valid JSON: " + why + " at offset " + pos + ".");
    }

    private int ws() {
        // Compact JSON has no whitespace: one load and one compare, small enough to inline everywhere.
        int p = pos;
        if (p < end) {
            byte c = b[p];
            if (c > ' ') {
                return c;
            }
        }
        return skipWhitespace();
    }

    private int skipWhitespace() {
        while (pos < end) {
            byte c = b[pos];
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                pos++;
            } else {
                return c & 0xFF; // never -1, which means the end: a 0xFF byte is data
            }
        }
        return -1;
    }

    /** The first byte of the next value, after whitespace ({@code -1} at the end). */
    public int peek() {
        return ws();
    }

    // ---- structure ------------------------------------------------------------------------------

    private void open(boolean object) {
        if (depth >= Json.MAX_DEPTH) {
            throw error("nesting deeper than " + Json.MAX_DEPTH + " levels");
        }
        depth++;
        isObject[depth] = object;
        objectBase[depth] = namesTop;
        bloom[depth] = 0;
        hashed[depth] = false;
        needComma = false;
        pos++;
    }

    private void close() {
        if (isObject[depth]) {
            namesTop = objectBase[depth];
            if (decodedNames != null && decodedNames.size() > depth) {
                decodedNames.get(depth).clear();
            }
        }
        depth--;
        needComma = true;
        pos++;
    }

    /** Consumes {@code {}; the caller then loops on {@link #nextName()}. */
    public void startObject() {
        if (ws() != '{') {
            throw error("expected an object");
        }
        open(true);
    }

    /** Consumes {@code [}; the caller then loops on {@link #nextElement()}. */
    public void startArray() {
        if (ws() != '[') {
            throw error("expected an array");
        }
        open(false);
    }

    /**
     * Moves to the next member of the current object and consumes its name and colon; returns
     * false (having consumed the closing brace) when the object ends. A name that repeats one
     * already read in the object is refused.
     */
    public boolean nextName() {
        return nextName(true);
    }

    /**
     * As {@link #nextName()}, but leaves the duplicate check to the caller, who must either
     * detect repeats of the name itself or call {@link #checkNameUnique()}. A caller that knows
     * a fixed set of names (a claims plan) tracks those in a bit set, which is cheaper, and
     * hands every other name to the cursor. That split is exact because a name is in the set
     * or not by its decoded value, so two spellings of one name are always checked the same way.
     */
    public boolean nextNameUnchecked() {
        return nextName(false);
    }

    /** The duplicate check {@link #nextNameUnchecked()} left out, for the current name. */
    public void checkNameUnique() {
        checkDuplicate();
    }

    private boolean nextName(boolean check) {
        // The common case, compact JSON and a plain name of up to 6 bytes ({@code ,"exp":}), is
        // read from one 8-byte word that holds the name, its closing quote and the colon;
        // anything else goes the general way from the same position.
        byte[] b = this.b;
        int p = pos;
        if (p + 11 <= end) {
            int c = b[p];
            if (needComma) {
                c = c == ',' ? b[++p] : 0;
            }
            if (c == '"') {
                long w = (long) LONGS.get(b, p + 1);
                long hit = specials(w);
                int n = Long.numberOfTrailingZeros(hit) >>> 3; // 8 when there is no hit
                if (n - 1 < 6 && n > 0 && ((w >>> (n << 3)) & 0xFFFF) == ('"' | ':' << 8)) {
                    nameStart = p + 1;
                    nameLen = n;
                    nameEscaped = false;
                    nameNonAscii = false;
                    nameKey = w & ((1L << (n << 3)) - 1);
                    pos = p + n + 3;
                    if (check) {
                        checkDuplicateShort();
                    }
                    needComma = false;
                    return true;
                }
            }
        }
        return nextNameGeneral(check);
    }

    private boolean nextNameGeneral(boolean check) {
        int c = ws();
        if (c == '}') {
            if (!needComma && namesTop != objectBase[depth]) {
                throw error("a comma followed by '}'");
            }
            close();
            return false;
        }
        c = afterComma(c, '}');
        if (c != '"') {
            throw error("expected a member name");
        }
        pos++;
        int start = pos;
        int flags = scanToQuote("member name");
        nameStart = start;
        nameLen = pos - start;
        nameEscaped = (flags & ESCAPED) != 0;
        nameNonAscii = (flags & NON_ASCII) != 0;
        if (nameNonAscii) {
            checkUtf8(start, nameLen);
        }
        nameKey = flags != 0 || nameLen == 0 || nameLen > 8 ? 0 : pack(b, start, nameLen, end);
        pos++;
        if (ws() != ':') {
            throw error("expected ':'");
        }
        pos++;
        if (check) {
            checkDuplicate();
        }
        needComma = false;
        return true;
    }

    /**
     * The duplicate check for a plain name of up to 8 bytes in an object of under
     * {@link #HASHED_FROM} members, small enough to be inlined where names are read; anything
     * else goes to {@link #checkDuplicate()}.
     */
    private void checkDuplicateShort() {
        int d = depth;
        if (anyDecoded || hashed[d] || namesTop - objectBase[d] >= HASHED_FROM << 1) {
            checkDuplicate();
            return;
        }
        checkKeyed(d);
    }

    /**
     * A name of 1..8 plain bytes is its packed key: a bloom bit, then long compares on a hit. Only
     * another such name can have the same bytes; escaped spellings are the decoded check's.
     */
    private void checkKeyed(int d) {
        long key = nameKey;
        long bit = 1L << ((key * 0x9E3779B97F4A7C15L) >>> 58);
        long seen = bloom[d];
        if ((seen & bit) != 0 && hasKey(key, objectBase[d])) {
            throw duplicateName();
        }
        bloom[d] = seen | bit;
        appendName(nameLen);
    }

    private boolean hasKey(long key, int base) {
        long[] k = keys;
        for (int i = base >> 1, n = namesTop >> 1; i < n; i++) {
            if (k[i] == key) {
                return true;
            }
        }
        return false;
    }

    private void checkDuplicate() {
        if (nameEscaped || anyDecoded) {
            checkDuplicateDecoded();
        }
        int len = nameLen;
        if (hashed[depth] || (namesTop - objectBase[depth]) >> 1 >= HASHED_FROM) {
            checkDuplicateHashed(len);
            return;
        }
        if (nameKey != 0) {
            checkKeyed(depth);
            return;
        }
        int first = len == 0 ? 0 : b[nameStart];
        int last = len == 0 ? 0 : b[nameStart + len - 1];
        long bit = 1L << ((len * 31 + first * 7 + last) & 63);
        if ((bloom[depth] & bit) != 0) {
            for (int i = objectBase[depth]; i < namesTop; i += 2) {
                if (sameName(i, len)) {
                    throw duplicateName();
                }
            }
        }
        bloom[depth] |= bit;
        appendName(len);
    }

    private boolean sameName(int i, int len) {
        return names[i + 1] == len && Arrays.equals(b, names[i], names[i] + len, b, nameStart, nameStart + len);
    }

    private void appendName(int len) {
        if (namesTop + 2 > names.length) {
            names = Arrays.copyOf(names, names.length * 2);
            keys = Arrays.copyOf(keys, names.length >> 1);
        }
        keys[namesTop >> 1] = nameKey;
        names[namesTop++] = nameStart;
        names[namesTop++] = len;
    }

    /** The error for a member name that repeats one read before in the same object. */
    public MalformedJwtException duplicateName() {
        return new MalformedJwtException("The " + what + " has a duplicate member name (RFC 7515"
                + " section 4, RFC 7519 section 4); lcjwt refuses such tokens.");
    }

    /**
     * The work of the duplicate checks of objects with more than {@link #HASHED_FROM} members
     * since {@link #reset}: table slots visited, rebuilds included, plus one per 8 slots cleared
     * (clearing is a bulk fill, 32 bytes a store). Tests and the fuzz targets' cost oracle
     * compare it with {@link #tableNames()}: it stays a small multiple of it whatever the names
     * are, which is what makes reading any object linear in its size.
     */
    public long tableWork() {
        return tableWork;
    }

    /** How many names went into the name tables since {@link #reset}. */
    public int tableNames() {
        return tableNames;
    }

    private void checkDuplicateHashed(int len) {
        int d = depth;
        if (!hashed[d]) {
            hashed[d] = true;
            tableNames += (namesTop - objectBase[d]) >> 1;
            rebuildNameTable(d, 64);
        }
        int[] t = nameTables[d];
        int mask = nameMasks[d];
        int slot = NameHash.of(b, nameStart, len) & mask;
        int probes = 1;
        for (int e; (e = t[slot]) != 0; slot = (slot + 1) & mask, probes++) {
            if (sameName(e - 1, len)) {
                throw duplicateName();
            }
        }
        tableWork += probes;
        tableNames++;
        appendName(len);
        if (namesTop - objectBase[d] > mask + 1) { // more names than half the slots
            rebuildNameTable(d, (mask + 1) * 2);
        } else {
            t[slot] = namesTop - 1; // the empty slot the search ended on; 0 means empty, so index + 1
        }
    }

    /** Fills depth {@code d}'s table with every name of its object so far. */
    private void rebuildNameTable(int d, int minSize) {
        int count = (namesTop - objectBase[d]) >> 1;
        int size = Math.max(minSize, Integer.highestOneBit(Math.max(1, count * 4 - 1)) << 1);
        int[] t = nameTables[d];
        if (t == null || t.length < size) {
            t = new int[size];
            nameTables[d] = t;
        } else {
            Arrays.fill(t, 0, size, 0);
        }
        nameMasks[d] = size - 1;
        long work = size >>> 3;
        for (int i = objectBase[d]; i < namesTop; i += 2) {
            work += insertName(t, size - 1, i);
        }
        tableWork += work;
    }

    /** Puts name {@code i} of {@link #names} in table {@code t}; returns the slots visited. */
    private int insertName(int[] t, int mask, int i) {
        int slot = NameHash.of(b, names[i], names[i + 1]) & mask;
        int probes = 1;
        while (t[slot] != 0) {
            slot = (slot + 1) & mask;
            probes++;
        }
        t[slot] = i + 1;
        return probes;
    }

    private void checkDuplicateDecoded() {
        anyDecoded = true;
        if (decodedNames == null) {
            decodedNames = new ArrayList<>();
        }
        while (decodedNames.size() <= depth) {
            decodedNames.add(new java.util.HashSet<>());
        }
        java.util.Set<String> seen = decodedNames.get(depth);
        if (seen.isEmpty()) {
            // first decoded check in this object: every name seen so far in it joins the set
            for (int i = objectBase[depth]; i < namesTop; i += 2) {
                seen.add(decode(names[i], names[i + 1]));
            }
        }
        String n = name();
        if (!seen.add(n)) {
            throw duplicateName();
        }
    }

    private static final int ESCAPED = 1;
    private static final int NON_ASCII = 2;

    /**
     * Advances from just after an opening quote to the closing quote (left unconsumed), refusing
     * control characters; returns {@link #ESCAPED} and {@link #NON_ASCII} flags for the body.
     */
    private int scanToQuote(String what) {
        int flags = 0;
        while (true) {
            skipPlain();
            if (pos >= end) {
                throw error("an unterminated " + what);
            }
            byte x = b[pos];
            if (x == '"') {
                return flags;
            }
            if (x == '\\') {
                flags |= ESCAPED;
                pos += 2;
                continue;
            }
            if (x < 0) {
                flags |= NON_ASCII;
            } else if (x < 0x20) {
                throw error("a control character in a " + what);
            }
            pos++;
        }
    }

    /** Refuses a string body that is not strict UTF-8 (checked only for bodies with bytes above 0x7F). */
    private void checkUtf8(int start, int len) {
        if (Utf8.firstInvalid(b, start, len) >= 0) {
            throw new MalformedJwtException("The " + what + " is not valid UTF-8.");
        }
    }

    /** Moves to the next array element; false (having consumed {@code ]}) at the end. */
    public boolean nextElement() {
        // Compact arrays: a comma (or nothing, first) and then the start of a value.
        int p = pos;
        if (needComma) {
            if (p + 1 < end && b[p] == ',') {
                byte n = b[p + 1];
                if (n > ' ' && n != ']') {
                    pos = p + 1;
                    needComma = false;
                    return true;
                }
            }
        } else if (p < end) {
            byte n = b[p];
            if (n > ' ' && n != ']' && n != ',') {
                return true;
            }
        }
        return nextElementGeneral();
    }

    private boolean nextElementGeneral() {
        int c = ws();
        if (c == ']') {
            close();
            return false;
        }
        afterComma(c, ']');
        needComma = false;
        return true;
    }

    /**
     * Between members or elements: requires (and consumes) a comma unless the container has just
     * opened, refuses a comma directly before {@code close}; returns the next byte.
     */
    private int afterComma(int c, char close) {
        if (needComma) {
            if (c != ',') {
                throw error("expected ',' or '" + close + "'");
            }
            pos++;
            c = ws();
            if (c == close) {
                throw error("a comma followed by '" + close + "'");
            }
        }
        return c;
    }

    /** Requires that nothing but whitespace follows the document. */
    public void endDocument() {
        if (ws() != -1) {
            throw new MalformedJwtException("The " + what + " has data after its JSON object.");
        }
    }

    // ---- member names ---------------------------------------------------------------------------

    public int nameStart() {
        return nameStart;
    }

    public int nameLength() {
        return nameLen;
    }

    public boolean nameEscaped() {
        return nameEscaped;
    }

    /** The current name packed into a long (see {@link #pack}), or 0 when it is empty, long or escaped. */
    public long nameKey() {
        return nameKey;
    }

    /**
     * {@code len} (1..8) bytes at {@code off}, little-endian in a long. Unique per byte string:
     * a raw JSON name cannot contain a zero byte, so no shorter name packs to the same value.
     */
    public static long pack(byte[] b, int off, int len, int limit) {
        if (off + 8 <= limit) {
            long w = (long) LONGS.get(b, off);
            return len == 8 ? w : w & ((1L << (len << 3)) - 1);
        }
        long k = 0;
        for (int i = len - 1; i >= 0; i--) {
            k = (k << 8) | (b[off + i] & 0xFF);
        }
        return k;
    }

    public byte[] buffer() {
        return b;
    }

    /** The current member name as a String. */
    public String name() {
        return nameEscaped ? decode(nameStart, nameLen) : text(nameStart, nameLen, nameNonAscii);
    }

    @SuppressWarnings("deprecation")
    private String text(int start, int len, boolean nonAscii) {
        // For ASCII the Latin-1 constructor is a plain copy, with no charset dispatch.
        return nonAscii ? new String(b, start, len, StandardCharsets.UTF_8) : new String(b, 0, start, len);
    }

    // ---- values ---------------------------------------------------------------------------------

    /**
     * The common case of a string value: when one starts at {@code pos} and holds only plain
     * ASCII, the index of its closing quote, found a word at a time in locals (and byte by byte in
     * the document's last 7 bytes); otherwise -1 (then the general path reads it from {@code pos}).
     */
    private int plainStringEnd() {
        byte[] b = this.b;
        int p = pos;
        int end = this.end;
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

    /**
     * Consumes the string value at the cursor when it is written plainly (ASCII, no escapes) and
     * its bytes are {@code expected}; otherwise consumes nothing and returns false, and the caller
     * reads the value the general way. Lets a claim that must equal a configured string be
     * checked without making a String of it.
     */
    public boolean skipStringEqualTo(byte[] expected) {
        int q = plainStringEnd();
        int start = pos + 1;
        if (q - start != expected.length || !Arrays.equals(b, start, q, expected, 0, expected.length)) {
            return false;
        }
        pos = q + 1;
        needComma = true;
        return true;
    }

    /** Reads a string value. */
    @SuppressWarnings("deprecation")
    public String readString() {
        int q = plainStringEnd();
        if (q >= 0) {
            int start = pos + 1;
            pos = q + 1;
            needComma = true;
            return new String(b, 0, start, q - start);
        }
        return readStringGeneral();
    }

    private String readStringGeneral() {
        if (ws() != '"') {
            throw error("expected a string");
        }
        pos++;
        int start = pos;
        boolean nonAscii = false;
        while (true) {
            skipPlain();
            if (pos >= end) {
                throw error("an unterminated string");
            }
            byte x = b[pos];
            if (x == '"') {
                int len = pos - start;
                if (nonAscii) {
                    checkUtf8(start, len);
                }
                String s = text(start, len, nonAscii);
                pos++;
                needComma = true;
                return s;
            }
            if (x == '\\') {
                break;
            }
            if (x < 0) {
                nonAscii = true;
            } else if (x < 0x20) {
                throw error("a control character in a string");
            }
            pos++;
        }
        // slow path: escapes
        pos = start;
        if ((scanToQuote("string") & NON_ASCII) != 0) {
            checkUtf8(start, pos - start);
        }
        String s = decode(start, pos - start);
        pos++;
        needComma = true;
        return s;
    }

    /** Decodes the escaped string body b[start, start+len). */
    private String decode(int start, int len) {
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
                throw error("a truncated escape");
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
                    char ch = hex4(i, stop);
                    i += 4;
                    if (Character.isHighSurrogate(ch)) {
                        if (i + 6 > stop || b[i] != '\\' || b[i + 1] != 'u') {
                            throw error("an unpaired surrogate escape");
                        }
                        char lo = hex4(i + 2, stop);
                        if (!Character.isLowSurrogate(lo)) {
                            throw error("an unpaired surrogate escape");
                        }
                        sb.append(ch).append(lo);
                        i += 6;
                    } else if (Character.isLowSurrogate(ch)) {
                        throw error("an unpaired surrogate escape");
                    } else {
                        sb.append(ch);
                    }
                }
                default -> throw error("an invalid escape");
            }
        }
        return sb.toString();
    }

    private char hex4(int i, int stop) {
        if (i + 4 > stop) {
            throw error("a truncated \\u escape");
        }
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int c = b[i + k];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) {
                throw error("an invalid \\u escape");
            }
            v = (v << 4) | d;
        }
        return (char) v;
    }

    /** What the next value is: one of {@code { [ " t f n} or {@code 0} for a number. */
    public int valueType() {
        int c = ws();
        if (c == '-' || (c >= '0' && c <= '9')) {
            return '0';
        }
        if (c == '{' || c == '[' || c == '"' || c == 't' || c == 'f' || c == 'n') {
            return c;
        }
        throw error(c == -1 ? "a missing value" : "an unexpected character");
    }

    /** Reads true or false. */
    public boolean readBoolean() {
        int c = ws();
        if (c == 't' && literal("true")) {
            return true;
        }
        if (c == 'f' && literal("false")) {
            return false;
        }
        throw error("expected true or false");
    }

    /** Reads null. */
    public void readNull() {
        if (ws() != 'n' || !literal("null")) {
            throw error("expected null");
        }
    }

    private boolean literal(String word) {
        int n = word.length();
        if (pos + n > end) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (b[pos + i] != word.charAt(i)) {
                return false;
            }
        }
        pos += n;
        needComma = true;
        return true;
    }

    /** Whether the last number read was integral. */
    private boolean lastIntegral;
    private long lastLong;
    private boolean lastBig;

    /**
     * The common NumericDate, read inline: when the value at the cursor is an integer of 1 to 18
     * digits with no sign, leading zero, fraction or exponent, consumes it and returns it;
     * otherwise consumes nothing and returns -1 (then {@link #readNumber()} reads it).
     */
    public long readPlainInteger() {
        byte[] b = this.b;
        int p = pos;
        int e = end;
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
        pos = q;
        needComma = true;
        return v;
    }

    /**
     * Reads a number and returns it as {@code Long}, {@code BigInteger} (integers beyond 64
     * bits) or {@code Double} (finite only).
     */
    public Number readNumber() {
        int start = scanNumber();
        if (lastIntegral && !lastBig) {
            return lastLong;
        }
        String text = new String(b, start, pos - start, StandardCharsets.ISO_8859_1);
        if (lastIntegral) {
            return new BigInteger(text);
        }
        double d = Double.parseDouble(text);
        if (!Double.isFinite(d)) {
            return d; // the caller decides: a claim out of range
        }
        return d;
    }

    private int scanNumber() {
        ws();
        int start = pos;
        if (pos < end && b[pos] == '-') {
            pos++;
        }
        int digitsStart = pos;
        long v = 0;
        boolean big = false;
        if (pos < end && b[pos] == '0') {
            pos++;
        } else {
            byte[] b = this.b;
            int p = pos;
            while (p < end) {
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
            pos = p;
        }
        if (pos == digitsStart) {
            throw error("a malformed number");
        }
        if (pos < end && b[pos] >= '0' && b[pos] <= '9') {
            throw error("a number with a leading zero");
        }
        boolean integral = true;
        if (pos < end && b[pos] == '.') {
            integral = false;
            pos++;
            int f = pos;
            while (pos < end && b[pos] >= '0' && b[pos] <= '9') {
                pos++;
            }
            if (pos == f) {
                throw error("a malformed number");
            }
        }
        if (pos < end && (b[pos] == 'e' || b[pos] == 'E')) {
            integral = false;
            pos++;
            if (pos < end && (b[pos] == '+' || b[pos] == '-')) {
                pos++;
            }
            int f = pos;
            while (pos < end && b[pos] >= '0' && b[pos] <= '9') {
                pos++;
            }
            if (pos == f) {
                throw error("a malformed number");
            }
        }
        if (pos - start > 100) {
            throw error("a number longer than 100 characters");
        }
        lastIntegral = integral;
        lastBig = big;
        lastLong = b[start] == '-' ? -v : v;
        needComma = true;
        return start;
    }

    /** Skips one value of any type, still checking it. */
    public void skipValue() {
        switch (valueType()) {
            case '{' -> {
                startObject();
                while (nextName()) {
                    skipValue();
                }
            }
            case '[' -> {
                startArray();
                while (nextElement()) {
                    skipValue();
                }
            }
            case '"' -> skipString();
            case 't', 'f' -> readBoolean();
            case 'n' -> readNull();
            default -> scanNumber();
        }
    }

    private void skipString() {
        int q = plainStringEnd();
        if (q >= 0) {
            pos = q + 1;
            needComma = true;
            return;
        }
        skipStringGeneral();
    }

    private void skipStringGeneral() {
        if (ws() != '"') {
            throw error("expected a string");
        }
        int start = pos + 1;
        pos++;
        int flags = scanToQuote("string");
        if ((flags & NON_ASCII) != 0) {
            checkUtf8(start, pos - start);
        }
        if ((flags & ESCAPED) != 0) {
            decode(start, pos - start); // validates escapes and surrogate pairs
        }
        pos++;
        needComma = true;
    }

    /** Reads any value into plain Java: LinkedHashMap, ArrayList, String, Long/BigInteger/Double, Boolean, null. */
    public Object readNatural() {
        switch (valueType()) {
            case '{' -> {
                Map<String, Object> m = new LinkedHashMap<>();
                startObject();
                while (nextName()) {
                    String k = name();
                    m.put(k, readNatural());
                }
                return m;
            }
            case '[' -> {
                List<Object> l = new ArrayList<>();
                startArray();
                while (nextElement()) {
                    l.add(readNatural());
                }
                return l;
            }
            case '"' -> {
                return readString();
            }
            case 't', 'f' -> {
                return readBoolean();
            }
            case 'n' -> {
                readNull();
                return null;
            }
            default -> {
                Number n = readNumber();
                if (n instanceof Double d && !Double.isFinite(d)) {
                    throw error("a number out of range");
                }
                return n;
            }
        }
    }

    /** Where the next value's JSON text starts and ends (for BigDecimal, read from the text), checked. */
    public int[] rawValue() {
        ws();
        int start = pos;
        skipValue();
        return new int[] {start, pos};
    }
}
