package io.lcjwt.testkit;

import java.util.List;

/**
 * The one table of how untrusted text (a kid, a claim, a metadata value) must look in a message,
 * run against core's escaper and against what the Spring module and the CLI print: at most 32
 * characters, then {@code ...}; {@code \n}, {@code \r}, {@code \t}, {@code \"} and {@code \\} for
 * those five; every other character outside printable ASCII as {@code \}{@code uXXXX}, so no line
 * break (CR, LF, U+2028, U+2029, NEL), bidirectional override (U+202E) or C1 control can forge or
 * reorder a log line.
 */
public final class UntrustedText {
    private UntrustedText() {}

    /** One case: the text as received, and as a message must show it (without quotes). */
    public record Row(String name, String input, String shown) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Every case, each short enough to be shown whole unless it is about the cut. */
    public static final List<Row> ROWS = List.of(
            new Row("printable ASCII", "kid-2024_A.b~c", "kid-2024_A.b~c"),
            new Row("CR and LF", "a\r\nlevel=ERROR", "a\\r\\nlevel=ERROR"),
            new Row("tab", "a\tb", "a\\tb"),
            new Row("double quotes", "say \"hi\"", "say \\\"hi\\\""),
            new Row("backslashes", "C:\\keys\\k1", "C:\\\\keys\\\\k1"),
            new Row("U+2028 line separator", "a\u2028b", "a\\u2028b"),
            new Row("U+2029 paragraph separator", "a\u2029b", "a\\u2029b"),
            new Row("U+202E right-to-left override", "abc\u202Egpj.exe", "abc\\u202egpj.exe"),
            new Row("C1 control NEL (U+0085)", "a\u0085b", "a\\u0085b"),
            new Row("C1 control CSI (U+009B)", "a\u009B31m", "a\\u009b31m"),
            new Row("ESC (an ANSI colour)", "\u001B[31mred", "\\u001b[31mred"),
            new Row("NUL and DEL", "a\u0000b\u007F", "a\\u0000b\\u007f"),
            new Row("a letter outside ASCII", "cl\u00e9", "cl\\u00e9"),
            new Row("a surrogate pair", "k\uD83D\uDE00", "k\\ud83d\\ude00"),
            new Row("longer than 32 characters", "0123456789abcdef0123456789abcdefXYZ", "0123456789abcdef0123456789abcdef..."),
            new Row("cut after an escape", "\n".repeat(40), "\\n".repeat(32) + "..."));
}
