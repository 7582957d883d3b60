package io.lcjwt.internal.codec;

import java.util.Map;

import io.lcjwt.MalformedJwtException;

import java.util.List;
import java.util.Set;

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
 *
 * <p>This class holds the reader's state and its structure (whitespace, objects, arrays, depth,
 * commas, the type of the next value); member names and their duplicate checks are in {@link
 * JsonNames}, strings in {@link JsonStrings}, numbers in {@link JsonNumbers}, and values of any
 * type (skipped, or read into plain Java) and the literals true, false and null in {@link
 * JsonValues}. Those are static methods over this object's fields, not objects of their own, so a
 * decode allocates and dereferences no more than when all of it was this one class; the fields are
 * package-private for them.
 */
public final class JsonCursor {

    // ---- the document ---------------------------------------------------------------------------

    byte[] b;
    int end;
    /** What the document is ("JWT claims set"), for error messages. */
    String what;
    int pos;
    int depth;
    /** Whether a value has ended in the current container, so a comma (or the container's end) comes next. */
    boolean needComma;

    // ---- the current member name (JsonNames) ----------------------------------------------------

    /** The current member name: raw bytes [nameStart, nameStart + nameLen), escaped if nameEscaped. */
    int nameStart;
    int nameLen;
    boolean nameEscaped;
    boolean nameNonAscii;
    /** The name's bytes packed little-endian into a long when it has 1..8 bytes and no escapes, else 0. */
    long nameKey;

    // ---- the names seen per open object, for the duplicate checks (JsonNames) -------------------

    /** (start, len) pairs on a stack; an object's names start at its {@link #objectBase}. */
    int[] names = new int[64];
    /** Each name's {@link #nameKey}, at half its index in {@link #names}. */
    long[] keys = new long[32];
    int namesTop;
    /** Deepest nesting accepted in a header, claims set, JWK or any other JSON lcjwt reads or writes. */
    public static final int MAX_DEPTH = 32;

    final int[] objectBase = new int[MAX_DEPTH + 2];
    final long[] bloom = new long[MAX_DEPTH + 2];
    /** Whether the object at each depth has outgrown its bloom filter for a name table. */
    final boolean[] hashed = new boolean[MAX_DEPTH + 2];
    final int[][] nameTables = new int[MAX_DEPTH + 2][];
    /**
     * The part of each depth's table in use, as a mask: a table is kept for the next object at
     * its depth, and one object with thousands of members must not make every later one there
     * (in this document or the next one this cursor reads) clear all of it.
     */
    final int[] nameMasks = new int[MAX_DEPTH + 2];
    /** Work done in the name tables since {@link #reset}: see {@link #tableWork()}. */
    long tableWork;
    int tableNames;
    /** Whether each open container is an object (its names leave the stack when it closes). */
    private final boolean[] isObject = new boolean[MAX_DEPTH + 2];
    /** Per depth, the decoded names, so "a" and "\u0061" are the same member; made on first need. */
    List<Set<String>> decodedNames;
    /**
     * Whether a name of this document held escapes: from then on every name is also compared
     * decoded (in the set of its own object), so "a" and "\u0061" are caught in either order.
     */
    boolean anyDecoded;

    // ---- the last number scanned (JsonNumbers) --------------------------------------------------

    /** Whether the last number read was integral. */
    boolean lastIntegral;
    long lastLong;
    /** Whether the last integer needs more than 64 bits (then {@link #lastLong} is meaningless). */
    boolean lastBig;

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
            decodedNames.forEach(Set::clear);
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

    /** The error for malformed JSON: what is wrong and where, never the document's content, which is the token's. */
    MalformedJwtException error(String why) {
        return new MalformedJwtException("The " + what + " is not valid JSON: " + why + " at offset " + pos + ".");
    }

    /** The next byte after whitespace, consuming the whitespace ({@code -1} at the end). */
    int ws() {
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
        if (depth >= MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH + " levels");
        }
        depth++;
        isObject[depth] = object;
        objectBase[depth] = namesTop;
        bloom[depth] = 0;
        hashed[depth] = false;
        needComma = false;
        pos++;
    }

    /** Consumes the closing bracket or brace; an object's names leave the duplicate-check stack. */
    void close() {
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
    int afterComma(int c, char close) {
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

    /** Reads one strict JSON object (duplicates refused, nesting capped) into a map. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> readObject(byte[] buf, int off, int len, String what) {
        JsonCursor c = new JsonCursor().openObject(buf, off, len, what);
        Map<String, Object> m = (Map<String, Object>) c.readNatural();
        c.endDocument();
        return m;
    }

    /** Requires that nothing but whitespace follows the document. */
    public void endDocument() {
        if (ws() != -1) {
            throw new MalformedJwtException("The " + what + " has data after its JSON object.");
        }
    }

    // ---- member names (JsonNames) ---------------------------------------------------------------

    /**
     * Moves to the next member of the current object and consumes its name and colon; returns
     * false (having consumed the closing brace) when the object ends. A name that repeats one
     * already read in the object is refused.
     */
    public boolean nextName() {
        return JsonNames.next(this, true);
    }

    /**
     * As {@link #nextName()}, but leaves the duplicate check to the caller, who must either
     * detect repeats of the name itself or call {@link #checkNameUnique()}. A caller that knows
     * a fixed set of names (a claims plan) tracks those in a bit set, which is cheaper, and
     * hands every other name to the cursor. That split is exact because a name is in the set
     * or not by its decoded value, so two spellings of one name are always checked the same way.
     */
    public boolean nextNameUnchecked() {
        return JsonNames.next(this, false);
    }

    /** The duplicate check {@link #nextNameUnchecked()} left out, for the current name. */
    public void checkNameUnique() {
        JsonNames.checkDuplicate(this);
    }

    /** The error for a member name that repeats one read before in the same object. */
    public MalformedJwtException duplicateName() {
        return duplicateName(what);
    }

    /** As {@link #duplicateName()}, for a reader other than the cursor. */
    public static MalformedJwtException duplicateName(String what) {
        return new MalformedJwtException("The " + what + " has a duplicate member name (RFC 7515"
                + " section 4, RFC 7519 section 4); lcjwt refuses such tokens.");
    }

    /**
     * The work of the duplicate checks of objects with more than {@link JsonNames#HASHED_FROM}
     * members since {@link #reset}: table slots visited, rebuilds included, plus one per 8 slots
     * cleared (clearing is a bulk fill, 32 bytes a store). Tests and the fuzz targets' cost oracle
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
        return JsonNames.pack(b, off, len, limit);
    }

    public byte[] buffer() {
        return b;
    }

    /** The current member name as a String. */
    public String name() {
        return nameEscaped ? JsonStrings.decode(this, nameStart, nameLen)
                : JsonStrings.text(this, nameStart, nameLen, nameNonAscii);
    }

    // ---- values ---------------------------------------------------------------------------------

    /**
     * Consumes the string value at the cursor when it is written plainly (ASCII, no escapes) and
     * its bytes are {@code expected}; otherwise consumes nothing and returns false, and the caller
     * reads the value the general way. Lets a claim that must equal a configured string be
     * checked without making a String of it.
     */
    public boolean skipStringEqualTo(byte[] expected) {
        return JsonStrings.skipEqualTo(this, expected);
    }

    /** Reads a string value. */
    public String readString() {
        return JsonStrings.read(this);
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
        return JsonValues.readBoolean(this);
    }

    /** Reads null. */
    public void readNull() {
        JsonValues.readNull(this);
    }

    /**
     * The common NumericDate, read inline: when the value at the cursor is an integer of 1 to 18
     * digits with no sign, leading zero, fraction or exponent, consumes it and returns it;
     * otherwise consumes nothing and returns -1 (then {@link #readNumber()} reads it).
     */
    public long readPlainInteger() {
        return JsonNumbers.readPlainInteger(this);
    }

    /**
     * Reads a number and returns it as {@code Long}, {@code BigInteger} (integers beyond 64
     * bits) or {@code Double} (finite only).
     */
    public Number readNumber() {
        return JsonNumbers.read(this);
    }

    /** Skips one value of any type, still checking it. */
    public void skipValue() {
        JsonValues.skip(this);
    }

    /** Reads any value into plain Java: LinkedHashMap, ArrayList, String, Long/BigInteger/Double, Boolean, null. */
    public Object readNatural() {
        return JsonValues.readNatural(this);
    }

    /** Where the next value's JSON text starts and ends (for BigDecimal, read from the text), checked. */
    /** The index of the next byte to read. */
    public int position() {
        return pos;
    }

    /**
     * Consumes the string value here when it is plain (ASCII, no escapes, no control characters,
     * starting right at the cursor) and returns the index of its closing quote; otherwise
     * consumes nothing and returns -1, and the caller reads it the general way.
     */
    public int skipPlainString() {
        int q = JsonStrings.plainStringEnd(this);
        if (q >= 0) {
            pos = q + 1;
            needComma = true;
        }
        return q;
    }

    public int[] rawValue() {
        return JsonValues.raw(this);
    }
}
