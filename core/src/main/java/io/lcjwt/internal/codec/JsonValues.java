package io.lcjwt.internal.codec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link JsonCursor}'s whole values of any type, for what a binder does not map to a type of its
 * own: a member it does not know is skipped (still checked, so a token that is not valid JSON is
 * refused whatever the binder reads), a {@code Map} claim or a header is read into plain Java, and
 * a {@code BigDecimal} claim is located as text.
 *
 * <p>Static methods over the cursor, for the reason {@link JsonStrings} gives; they recurse
 * through the cursor's own structure methods, so nesting stays capped at {@link Json#MAX_DEPTH}.
 */
final class JsonValues {
    private JsonValues() {}

    /** {@link JsonCursor#readBoolean}. */
    static boolean readBoolean(JsonCursor c) {
        int ch = c.ws();
        if (ch == 't' && literal(c, "true")) {
            return true;
        }
        if (ch == 'f' && literal(c, "false")) {
            return false;
        }
        throw c.error("expected true or false");
    }

    /** {@link JsonCursor#readNull}. */
    static void readNull(JsonCursor c) {
        if (c.ws() != 'n' || !literal(c, "null")) {
            throw c.error("expected null");
        }
    }

    private static boolean literal(JsonCursor c, String word) {
        int n = word.length();
        if (c.pos + n > c.end) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (c.b[c.pos + i] != word.charAt(i)) {
                return false;
            }
        }
        c.pos += n;
        c.needComma = true;
        return true;
    }

    /** {@link JsonCursor#skipValue}. */
    static void skip(JsonCursor c) {
        switch (c.valueType()) {
            case '{' -> {
                c.startObject();
                while (c.nextName()) {
                    skip(c);
                }
            }
            case '[' -> {
                c.startArray();
                while (c.nextElement()) {
                    skip(c);
                }
            }
            case '"' -> JsonStrings.skip(c);
            case 't', 'f' -> readBoolean(c);
            case 'n' -> readNull(c);
            default -> JsonNumbers.scan(c);
        }
    }

    /** {@link JsonCursor#readNatural}. */
    static Object readNatural(JsonCursor c) {
        switch (c.valueType()) {
            case '{' -> {
                Map<String, Object> m = new LinkedHashMap<>();
                c.startObject();
                while (c.nextName()) {
                    String k = c.name();
                    m.put(k, readNatural(c));
                }
                return m;
            }
            case '[' -> {
                List<Object> l = new ArrayList<>();
                c.startArray();
                while (c.nextElement()) {
                    l.add(readNatural(c));
                }
                return l;
            }
            case '"' -> {
                return JsonStrings.read(c);
            }
            case 't', 'f' -> {
                return c.readBoolean();
            }
            case 'n' -> {
                c.readNull();
                return null;
            }
            default -> {
                Number n = JsonNumbers.read(c);
                if (n instanceof Double d && !Double.isFinite(d)) {
                    throw c.error("a number out of range");
                }
                return n;
            }
        }
    }

    /** {@link JsonCursor#rawValue}. */
    static int[] raw(JsonCursor c) {
        c.ws();
        int start = c.pos;
        skip(c);
        return new int[] {start, c.pos};
    }
}
