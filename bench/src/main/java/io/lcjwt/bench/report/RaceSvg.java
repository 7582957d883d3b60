package io.lcjwt.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * Draws a race as an animated SVG: one bar per library that fills from left to right at the
 * library's measured speed, so the fastest reaches the end first and the others arrive in
 * proportion to their time per decode. Plain SVG with SMIL animation (GitHub renders it in a
 * README); the final frame shows every bar full with its time written next to it.
 */
public final class RaceSvg {

    /** One bar: its label, the time per decode in µs, and whether it is lcjwt (drawn highlighted). */
    public record Bar(String label, double usPerDecode, boolean highlight) {}

    private static final int LABEL_W = 240;
    private static final int BAR_W = 420;
    private static final int ROW_H = 26;
    private static final double FASTEST_SECONDS = 1.0;
    private static final double SLOWEST_SECONDS = 20.0;

    private RaceSvg() {}

    /**
     * @param title    drawn above the bars
     * @param decodes  how many decodes the race timed (shown in the caption)
     * @param bars     fastest first
     */
    public static String draw(String title, long decodes, List<Bar> bars) {
        double fastest = bars.stream().mapToDouble(Bar::usPerDecode).min().orElse(1);
        int height = 56 + bars.size() * ROW_H + 24;
        int width = LABEL_W + BAR_W + 150;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"-apple-system,Segoe UI,Helvetica,Arial,sans-serif\""
                + " font-size=\"13\">%n", width, height, width, height));
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", width, height));
        s.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"24\" font-size=\"15\" font-weight=\"bold\">%s</text>%n", esc(title)));
        s.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"42\" fill=\"#555\">%,d decodes each; every bar fills at its"
                + " library's speed (the fastest in %.0f s)</text>%n", decodes, FASTEST_SECONDS));
        int y = 56;
        for (Bar b : bars) {
            double seconds = Math.min(SLOWEST_SECONDS, FASTEST_SECONDS * b.usPerDecode() / fastest);
            String color = b.highlight() ? "#d9480f" : "#4263eb";
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\"%s>%s</text>%n",
                    LABEL_W - 8, y + 17, b.highlight() ? " font-weight=\"bold\"" : "", esc(b.label())));
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#eef1f6\"/>%n",
                    LABEL_W, y + 4, BAR_W, ROW_H - 8));
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\">"
                    + "<animate attributeName=\"width\" from=\"0\" to=\"%d\" dur=\"%.3fs\" fill=\"freeze\"/></rect>%n",
                    LABEL_W, y + 4, BAR_W, ROW_H - 8, color, BAR_W, seconds));
            String time = b.usPerDecode() >= 100 ? String.format(Locale.ROOT, "%.0f µs", b.usPerDecode())
                    : String.format(Locale.ROOT, "%.2f µs", b.usPerDecode());
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#333\">%s  (%.1fx)</text>%n",
                    LABEL_W + BAR_W + 8, y + 17, time, b.usPerDecode() / fastest));
            y += ROW_H;
        }
        s.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%d\" fill=\"#888\" font-size=\"11\">time per decode"
                + " (lower is better) and its multiple of the fastest; bars slower than %.0fx stop at %.0f s</text>%n",
                y + 14, SLOWEST_SECONDS / FASTEST_SECONDS, SLOWEST_SECONDS));
        s.append("</svg>\n");
        return s.toString();
    }

    private static String esc(String t) {
        return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
