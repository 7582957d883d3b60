package io.lcjwt.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HS256 race against the HS256 JMH page, pair by pair: for every two contenders that both
 * time, on each libcrypto, the ratio of their times in the race and under JMH, whether the race's
 * ratio is within 15 % of JMH's, and whether the ranges of the two ratios overlap (the race's over its
 * processes, JMH's over its 99.9 % intervals). A race and a JMH page measure one decode loop two
 * ways; a pair that agrees in neither sense means one of them measures something else.
 *
 * <p>{@code bin/race agree} writes {@code bench/results-race-vs-jmh.md} from the two pages as they
 * are (it runs nothing); {@code RaceAgreementTest} fails when that page is not what they say.
 */
public final class RaceAgreement {
    static final String RACE = "results-race.md";
    static final String JMH = "results-jmh-hs256.md";
    static final String PAGE = "results-race-vs-jmh.md";
    static final List<String> LIBS = List.of("aws-lc", "OpenSSL 3");
    /** How far the race's ratio may be from JMH's, as a fraction of JMH's, and still agree. */
    static final double WITHIN = 0.15;

    private static final Pattern WHEN = Pattern.compile("^- When: (.*)$", Pattern.MULTILINE);
    private static final Pattern WHERE = Pattern.compile("^- Where: ([^;]+);", Pattern.MULTILINE);

    private RaceAgreement() {}

    /** One contender's time in µs and the range around it. */
    record Time(String contender, double us, double lo, double hi) {}

    /** Two contenders on one libcrypto: {@code slower}'s time over {@code faster}'s, in each measurement. */
    record Pair(String lib, String faster, String slower, double race, double raceLo, double raceHi,
            double jmh, double jmhLo, double jmhHi) {
        /** The race's ratio over JMH's, less one: 0.10 means the race sees a gap 10 % wider. */
        double deviation() {
            return race / jmh - 1;
        }

        /** Whether lcjwt is one of the two: the pairs a headline ratio is made of. */
        boolean hasLcjwt() {
            return faster.startsWith("lcjwt") || slower.startsWith("lcjwt");
        }

        /** Whether the race's ratio is within 15 % of JMH's, the page's {@code race ÷ JMH} column. */
        boolean within() {
            return Math.abs(deviation()) <= WITHIN + 1e-9;
        }

        boolean overlap() {
            return raceLo <= jmhHi && jmhLo <= raceHi;
        }
    }

    /** The JMH method a race contender is timed by on the JMH page: {@code lcjwt-record} is {@code lcjwtRecord}. */
    static String jmhName(String raceName) {
        StringBuilder s = new StringBuilder();
        boolean upper = false;
        for (char c : raceName.toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                s.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return s.toString();
    }

    /**
     * The race's JVM contenders on {@code lib}, in the race table's order (fastest first): lcjwt's
     * own rows for that libcrypto and every peer, which the race runs once on the JDK.
     */
    static List<Time> raceTimes(String racePage, String lib) {
        List<Time> out = new ArrayList<>();
        for (Map<String, String> row : ReadmeFigures.table(racePage, "## HS256 race")) {
            String library = row.get("library");
            String name = library.split(" ")[0];
            boolean lcjwt = name.startsWith("lcjwt");
            if (lcjwt && !library.endsWith("(" + lib + ")") || library.endsWith(")") && !lcjwt) {
                continue; // lcjwt on the other libcrypto, or a native contender (rust), which JMH does not time
            }
            double[] range = numbers(cell(row, "range"));
            out.add(new Time(name, ReadmeFigures.number(cell(row, "µs per decode")), range[0], range[1]));
        }
        return out;
    }

    /** {@code contender}'s JMH time on {@code lib}, its range the 99.9 % interval; null when the page has none. */
    static Time jmhTime(String jmhPage, String lib, String contender) {
        String method = "Hs256DecodeBench." + jmhName(contender);
        for (Map<String, String> row : ReadmeFigures.table(jmhPage, "## JMH on " + lib)) {
            if (row.get("benchmark").equals(method)) {
                double us = ReadmeFigures.number(row.get("µs/op"));
                double err = ReadmeFigures.number(row.get("±"));
                return new Time(contender, us, us - err, us + err);
            }
        }
        return null;
    }

    /** Every pair of contenders both pages time on {@code lib}. */
    static List<Pair> pairs(String racePage, String jmhPage, String lib) {
        List<Time> race = new ArrayList<>();
        List<Time> jmh = new ArrayList<>();
        for (Time t : raceTimes(racePage, lib)) {
            Time j = jmhTime(jmhPage, lib, t.contender());
            if (j != null) {
                race.add(t);
                jmh.add(j);
            }
        }
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < race.size(); i++) {
            for (int k = i + 1; k < race.size(); k++) {
                Time a = race.get(i);
                Time b = race.get(k);
                Time ja = jmh.get(i);
                Time jb = jmh.get(k);
                out.add(new Pair(lib, a.contender(), b.contender(), b.us() / a.us(), b.lo() / a.hi(), b.hi() / a.lo(),
                        jb.us() / ja.us(), jb.lo() / ja.hi(), jb.hi() / Math.max(ja.lo(), Double.MIN_NORMAL)));
            }
        }
        return out;
    }

    /** The page, from the race page and the JMH page's texts. */
    public static String render(Function<String, String> pages) {
        String race = pages.apply(RACE);
        String jmh = pages.apply(JMH);
        StringBuilder s = new StringBuilder("# lcjwt benchmarks: the HS256 race against JMH\n\n");
        s.append("Written by `bin/race agree` from the two pages as they are (it runs nothing); do not edit by hand.\n\n");
        s.append("- The race: [").append(RACE).append("](").append(RACE).append("), ").append(when(race, RACE))
                .append(", ").append(where(race, RACE)).append('\n');
        s.append("- JMH: [").append(JMH).append("](").append(JMH).append("), ").append(when(jmh, JMH))
                .append(", ").append(where(jmh, JMH)).append("\n\n");
        s.append("Both time the typical HS256 token's decode. For every two contenders both pages time on a"
                + " libcrypto, the slower one's time over the faster one's (faster as the race ranks them), in the"
                + " race and under JMH. \"within 15 %\": the race's ratio is within 15 % of JMH's (the race ÷ JMH column)."
                + " \"ranges overlap\": the ratio's range in the race (over its processes' medians) and under JMH"
                + " (over the 99.9 % intervals) have a value in common. The peers run on the JDK, so the race"
                + " times them once and sets them against lcjwt on each libcrypto; JMH times them again in each"
                + " libcrypto's run. Compare pairs only when the two pages ran on the same machine, close in"
                + " time: each JVM settles at a speed of its own, and the pages say how widely that spreads.\n\n");
        for (String lib : LIBS) {
            List<Pair> pairs = pairs(race, jmh, lib);
            long within = pairs.stream().filter(Pair::within).count();
            long overlapOnly = pairs.stream().filter(p -> !p.within() && p.overlap()).count();
            List<Pair> lcjwt = pairs.stream().filter(Pair::hasLcjwt).toList();
            s.append("## ").append(lib).append("\n\n");
            s.append(String.format(Locale.ROOT, "%d of %d pairs within 15 %% (%d of the %d with lcjwt in them); of the rest,"
                    + " %d with ranges that overlap.%n%n", within, pairs.size(), lcjwt.stream().filter(Pair::within).count(),
                    lcjwt.size(), overlapOnly));
            s.append("| pair (slower / faster) | race | race range | JMH | JMH range | race ÷ JMH | within 15 % | ranges overlap |\n");
            s.append("|---|---:|---:|---:|---:|---:|---|---|\n");
            for (Pair p : pairs) {
                s.append(String.format(Locale.ROOT, "| %s / %s | %.2f | %.2f – %.2f | %.2f | %.2f – %.2f | %+.0f %% | %s | %s |%n",
                        p.slower(), p.faster(), p.race(), p.raceLo(), p.raceHi(), p.jmh(), p.jmhLo(), p.jmhHi(),
                        100 * p.deviation(), p.within() ? "yes" : "**no**", p.overlap() ? "yes" : "**no**"));
            }
            s.append('\n');
        }
        return s.toString();
    }

    /** {@code bin/race agree}: writes bench/results-race-vs-jmh.md from the two pages under bench/. */
    public static void main(String[] args) throws IOException {
        Files.writeString(Path.of("bench", PAGE), render(ReadmeFigures::page));
        System.err.println("race: wrote bench/" + PAGE);
    }

    private static String cell(Map<String, String> row, String prefix) {
        for (Map.Entry<String, String> e : row.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                return e.getValue();
            }
        }
        throw new IllegalStateException("no column \"" + prefix + "...\" in " + row.keySet());
    }

    private static double[] numbers(String cell) {
        String[] parts = cell.split("–");
        if (parts.length != 2) {
            throw new IllegalStateException("not a range: \"" + cell + "\"");
        }
        return new double[] {ReadmeFigures.number(parts[0]), ReadmeFigures.number(parts[1])};
    }

    private static String when(String page, String name) {
        Matcher m = WHEN.matcher(page);
        if (!m.find()) {
            throw new IllegalStateException(name + " does not say when it ran");
        }
        return m.group(1).replaceFirst(", took .*", "");
    }

    private static String where(String page, String name) {
        Matcher m = WHERE.matcher(page);
        if (!m.find()) {
            throw new IllegalStateException(name + " does not say where it ran");
        }
        return m.group(1);
    }
}
