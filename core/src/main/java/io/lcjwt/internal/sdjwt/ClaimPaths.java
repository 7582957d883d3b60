package io.lcjwt.internal.sdjwt;

import java.util.ArrayList;
import java.util.List;

/**
 * Claim paths, the text that names a place in a claims set: member names joined by {@code .},
 * array elements as {@code [2]}, every element as {@code [*]}; {@code address.street_address},
 * {@code nationalities[1]}, {@code degrees[*].type}. A name holding {@code .}, {@code [},
 * {@code ]} or a backslash writes it after a backslash ({@code https://example\.com/claim}).
 * Parsed, a path is a list of segments: a {@code String} (a member), an {@code Integer} (an
 * element) or {@link #ANY_ELEMENT}.
 */
public final class ClaimPaths {

    /** The segment {@code [*]}: every element of an array. */
    public static final Object ANY_ELEMENT = new Object() {
        @Override
        public String toString() {
            return "[*]";
        }
    };

    private ClaimPaths() {}

    /**
     * The segments of {@code path}.
     *
     * @throws IllegalArgumentException naming what is wrong: an empty path or name, a path that
     *         starts with an element, an unclosed or non-numeric bracket, a lone trailing backslash
     */
    public static List<Object> parse(String path) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("a claim path is empty; name a claim, such as address.street_address");
        }
        List<Object> out = new ArrayList<>(4);
        StringBuilder name = new StringBuilder();
        int i = 0;
        int n = path.length();
        boolean expectName = true;
        while (i < n) {
            char ch = path.charAt(i);
            if (expectName) {
                if (ch == '[') {
                    throw bad(path, out.isEmpty() ? "it starts with an array element; a path starts with a claim name"
                            : "'.' is followed by '['; write an element as name[0]");
                }
                name.setLength(0);
                while (i < n && (ch = path.charAt(i)) != '.' && ch != '[') {
                    if (ch == ']') {
                        throw bad(path, "it has ']' outside brackets; write it as \\]");
                    }
                    if (ch == '\\') {
                        if (++i == n) {
                            throw bad(path, "it ends with a lone backslash");
                        }
                        ch = path.charAt(i);
                    }
                    name.append(ch);
                    i++;
                }
                if (name.isEmpty()) {
                    throw bad(path, "it has an empty claim name");
                }
                out.add(name.toString());
                expectName = false;
            } else if (ch == '.') {
                i++;
                expectName = true;
                if (i == n) {
                    throw bad(path, "it ends with '.'");
                }
            } else if (ch == '[') {
                int close = path.indexOf(']', i);
                if (close < 0) {
                    throw bad(path, "a '[' is not closed");
                }
                String inside = path.substring(i + 1, close);
                if (inside.equals("*")) {
                    out.add(ANY_ELEMENT);
                } else {
                    out.add(index(path, inside));
                }
                i = close + 1;
            } else {
                throw bad(path, "a name follows an element without '.'");
            }
        }
        return out;
    }

    private static Integer index(String path, String inside) {
        if (inside.isEmpty() || inside.length() > 9 || (inside.length() > 1 && inside.charAt(0) == '0')) {
            throw bad(path, "[" + inside + "] is not an array index (0, 1, 2 ... or *)");
        }
        for (int k = 0; k < inside.length(); k++) {
            if (inside.charAt(k) < '0' || inside.charAt(k) > '9') {
                throw bad(path, "[" + inside + "] is not an array index (0, 1, 2 ... or *)");
            }
        }
        return Integer.valueOf(inside);
    }

    private static IllegalArgumentException bad(String path, String why) {
        return new IllegalArgumentException("claim path \"" + path + "\" is not valid: " + why);
    }

    /** Appends a member to a path being built: {@code .name}, or {@code name} at the start. */
    public static void appendName(StringBuilder sb, String name) {
        if (!sb.isEmpty()) {
            sb.append('.');
        }
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (ch == '.' || ch == '[' || ch == ']' || ch == '\\') {
                sb.append('\\');
            }
            sb.append(ch);
        }
    }

    /** Appends an element to a path being built: {@code [index]}. */
    public static void appendIndex(StringBuilder sb, int index) {
        sb.append('[').append(index).append(']');
    }

    /** The text of a list of segments. */
    public static String format(List<Object> segments) {
        StringBuilder sb = new StringBuilder();
        for (Object s : segments) {
            if (s instanceof String name) {
                appendName(sb, name);
            } else if (s == ANY_ELEMENT) {
                sb.append("[*]");
            } else {
                appendIndex(sb, (Integer) s);
            }
        }
        return sb.toString();
    }

    /** Whether the concrete path {@code path} is one {@code pattern} names ({@code [*]} matches any index). */
    public static boolean matches(List<Object> pattern, List<Object> path) {
        if (pattern.size() != path.size()) {
            return false;
        }
        for (int i = 0; i < pattern.size(); i++) {
            Object p = pattern.get(i);
            Object s = path.get(i);
            if (p == ANY_ELEMENT ? !(s instanceof Integer) : !p.equals(s)) {
                return false;
            }
        }
        return true;
    }
}
