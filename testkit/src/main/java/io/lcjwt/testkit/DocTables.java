package io.lcjwt.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown tables of a page, for tests that hold what a table names (API calls, exceptions)
 * to the code it names, as the docs harness holds the code blocks.
 */
public final class DocTables {
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern SEPARATOR = Pattern.compile("^\\|(\\s*:?-+:?\\s*\\|)+$");

    private DocTables() {}

    /**
     * One inline code span of a table cell.
     *
     * @param row the cell's row, as the page has it, for messages
     * @param code the span's text, without its backticks
     */
    public record Span(String row, String code) {}

    /**
     * The code spans in the cells of every column whose header {@code header} accepts, in every
     * table of the page.
     *
     * @param page a Markdown file
     * @param header which column headers to read, such as {@code h -> h.equals("lcjwt")}
     * @return the spans, in page order
     */
    public static List<Span> column(Path page, Predicate<String> header) {
        List<String> lines;
        try {
            lines = Files.readAllLines(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Span> out = new ArrayList<>();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (!lines.get(i).startsWith("|") || !SEPARATOR.matcher(lines.get(i + 1).strip()).matches()) {
                continue;
            }
            List<String> headers = cells(lines.get(i));
            List<Integer> wanted = new ArrayList<>();
            for (int c = 0; c < headers.size(); c++) {
                if (header.test(headers.get(c))) {
                    wanted.add(c);
                }
            }
            int r = i + 2;
            for (; r < lines.size() && lines.get(r).startsWith("|"); r++) {
                List<String> row = cells(lines.get(r));
                for (int c : wanted) {
                    if (c < row.size()) {
                        Matcher m = CODE.matcher(row.get(c));
                        while (m.find()) {
                            out.add(new Span(lines.get(r), m.group(1)));
                        }
                    }
                }
            }
            i = r - 1;
        }
        return out;
    }

    /**
     * The first table after the heading that starts with {@code section}, one map per row from
     * column header to cell text (bold marks dropped): for reading a figure off a bench page.
     *
     * @param markdown a page's text
     * @param section the start of a heading line, such as {@code "## HS256 race"}
     * @return the rows, in page order
     * @throws IllegalStateException if there is no such heading, or no table under it
     */
    public static List<Map<String, String>> table(String markdown, String section) {
        List<String> lines = markdown.lines().toList();
        int at = 0;
        while (at < lines.size() && !lines.get(at).startsWith(section)) {
            at++;
        }
        while (at + 1 < lines.size() && !(lines.get(at).startsWith("|")
                && SEPARATOR.matcher(lines.get(at + 1).strip()).matches())) {
            at++;
        }
        if (at + 1 >= lines.size()) {
            throw new IllegalStateException("no table under a heading \"" + section + "\"");
        }
        List<String> header = cells(lines.get(at));
        List<Map<String, String>> rows = new ArrayList<>();
        for (int r = at + 2; r < lines.size() && lines.get(r).startsWith("|"); r++) {
            List<String> cells = cells(lines.get(r));
            Map<String, String> row = new LinkedHashMap<>();
            for (int c = 0; c < header.size() && c < cells.size(); c++) {
                row.put(header.get(c), cells.get(c).replace("**", ""));
            }
            rows.add(row);
        }
        return rows;
    }

    /** The cells of a table row; a {@code |} inside a code span does not split its cell. */
    private static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean code = false;
        String inner = row.strip();
        inner = inner.substring(1, inner.endsWith("|") && inner.length() > 1 ? inner.length() - 1 : inner.length());
        for (int i = 0; i < inner.length(); i++) {
            char ch = inner.charAt(i);
            if (ch == '`') {
                code = !code;
            }
            if (ch == '|' && !code && (i == 0 || inner.charAt(i - 1) != '\\')) {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        cells.add(cell.toString().strip());
        return cells;
    }
}
