package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import picocli.CommandLine;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people type them: {@code 30s}, {@code 15m}, {@code 2h}, {@code 1d}, or ISO-8601 {@code PT90S}. */
final class Durations implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern SHORT = Pattern.compile("(\\d{1,9})(ms|s|m|h|d)");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    static Duration parse(String value) {
        Matcher m = SHORT.matcher(value);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
        }
        try {
            Duration d = Duration.parse(value);
            if (!d.isNegative()) {
                return d;
            }
        } catch (DateTimeParseException notIso) {
            // fall through to the one message below
        }
        throw new CommandLine.TypeConversionException("'" + Untrusted.text(value)
                + "' is not a duration; write it as 30s, 15m, 2h, 1d or PT90S.");
    }

    /** A rough, human size of a duration for hints: {@code 40 s}, {@code 12 min}, {@code 3 h}, {@code 5 d}. */
    static String human(Duration d) {
        long s = Math.abs(d.getSeconds());
        if (s < 120) {
            return s + " s";
        }
        if (s < 120 * 60) {
            return s / 60 + " min";
        }
        if (s < 48 * 3600) {
            return s / 3600 + " h";
        }
        return s / 86400 + " d";
    }
}
