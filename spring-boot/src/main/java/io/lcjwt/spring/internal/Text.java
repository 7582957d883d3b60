package io.lcjwt.spring.internal;

/** Untrusted text (from the network) made safe to put in a message: short, printable. */
final class Text {
    private Text() {}

    static String shorten(String s) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (; i < s.length() && b.length() < 64; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '"' || c == '\\') {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return i < s.length() ? b + "..." : b.toString();
    }
}
