package io.lcjwt.bench.report;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The arguments a page names in its "Written by" line, quoted as a shell reads them back, so the
 * line can be pasted as it is to make the page again.
 */
public final class PageCommand {
    private PageCommand() {}

    /** {@code args} as shell words, separated by spaces. */
    public static String words(String... args) {
        return Arrays.stream(args).map(PageCommand::word).collect(Collectors.joining(" "));
    }

    /**
     * {@code arg} in single quotes when it holds anything but letters, digits and
     * {@code _./=:,@%+-}; as it is otherwise.
     */
    static String word(String arg) {
        return !arg.isEmpty() && arg.matches("[A-Za-z0-9_./=:,@%+-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }
}
