package io.lcjwt.internal;

/**
 * Untrusted text (a header value, a JWK member, a PEM label, a kid from a JWK set) as it may
 * appear in an exception message: at most {@value #MAX} characters of it, and nothing that could
 * break or forge a log line. Messages reach logs and metrics labels, so a CR, LF, or any other
 * character outside printable ASCII is written as an escape ({@code \n}, {@code \u2028}), as are
 * {@code "} and {@code \}; the rest is cut off and marked with {@code ...}.
 */
public final class Untrusted {
    private Untrusted() {}

    /** How many characters of untrusted input a message may quote (docs/security.md). */
    public static final int MAX = 32;

    /** The escaped, shortened text, without surrounding quotes; {@code null} for null. */
    public static String text(String s) {
        if (s == null) {
            return "null";
        }
        return s.length() > MAX ? escape(s.substring(0, MAX)) + "..." : escape(s);
    }

    /**
     * The whole of {@code s}, escaped as {@link #text} escapes, for text whose length the caller
     * has bounded (a configured URL, say).
     */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c >= 0x20 && c < 0x7F) {
                        sb.append(c);
                    } else {
                        sb.append(String.format("\\u%04x", (int) c));
                    }
                }
            }
        }
        return sb.toString();
    }

    /** {@link #text} in double quotes; {@code null} (unquoted) for null. */
    public static String quote(String s) {
        return s == null ? "null" : "\"" + text(s) + "\"";
    }

    /** {@link #quote} of {@code String.valueOf(o)}, for JSON values of any type. */
    public static String quote(Object o) {
        return o == null ? "null" : quote(o instanceof String s ? s : String.valueOf(o));
    }
}
