package io.lcjwt.cli;

/** Text from a token, a file or an argument, made safe to echo in a one-line message. */
final class Untrusted {
    private static final int MAX = 32;

    private Untrusted() {}

    /** At most 32 characters, control characters escaped, so a message stays one honest line. */
    static String text(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder();
        int n = Math.min(s.length(), MAX);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        if (s.length() > MAX) {
            b.append("...");
        }
        return b.toString();
    }
}
