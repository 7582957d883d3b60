package io.lcjwt.internal.jwks;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/** The response headers the JWKS client acts on: Cache-Control, Age, Retry-After, Date. */
public final class Headers {
    private Headers() {}

    /** RFC 9110 section 5.6.7: IMF-fixdate, and the two obsolete forms a recipient must accept. */
    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.RFC_1123_DATE_TIME;
    private static final DateTimeFormatter RFC_850 = new DateTimeFormatterBuilder()
            .appendPattern("EEEE, dd-MMM-").appendValueReduced(ChronoField.YEAR, 2, 2, 1970)
            .appendPattern(" HH:mm:ss 'GMT'").toFormatter(Locale.ENGLISH).withZone(java.time.ZoneOffset.UTC);
    private static final DateTimeFormatter ASCTIME = DateTimeFormatter
            .ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ENGLISH).withZone(java.time.ZoneOffset.UTC);

    /** Digits beyond which a delta-seconds is taken as "longer than any cap". */
    private static final int MAX_DIGITS = 12;

    /** How long a document may be cached, per Cache-Control max-age minus Age (0 for no-store/no-cache). */
    public static OptionalLong maxAgeSeconds(Transport.Response r) {
        OptionalLong age = OptionalLong.empty();
        try {
            if (r.first("Age").isPresent()) {
                age = OptionalLong.of(Long.parseLong(r.first("Age").get().trim()));
            }
        } catch (NumberFormatException e) {
            age = OptionalLong.empty();
        }
        return maxAge(r.all("Cache-Control"), age);
    }

    static OptionalLong maxAge(List<String> cacheControl, OptionalLong age) {
        for (String header : cacheControl) {
            for (String part : header.split(",")) {
                String p = part.trim().toLowerCase(Locale.ROOT);
                if (p.equals("no-store") || p.equals("no-cache")) {
                    return OptionalLong.of(0);
                }
                if (p.startsWith("max-age=")) {
                    try {
                        long v = Long.parseLong(p.substring(8).replace("\"", ""));
                        return OptionalLong.of(Math.max(0, v - age.orElse(0)));
                    } catch (NumberFormatException e) {
                        return OptionalLong.empty();
                    }
                }
            }
        }
        return OptionalLong.empty();
    }

    /**
     * The wait a {@code Retry-After} asks for, in milliseconds (RFC 9110 section 10.2.3): a
     * delta-seconds, or an HTTP-date taken relative to the response's {@code Date} when it has
     * a valid one (so that the two clocks need not agree), else to {@code nowMillis}. Empty when
     * the header is absent or malformed; {@code Long.MAX_VALUE} for a wait too long to count.
     */
    public static OptionalLong retryAfterMillis(Transport.Response r, long nowMillis) {
        if (r.first("Retry-After").isEmpty()) {
            return OptionalLong.empty();
        }
        String v = r.first("Retry-After").get().trim();
        if (!v.isEmpty() && v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            String digits = v.replaceFirst("^0+(?=.)", "");
            return OptionalLong.of(digits.length() > MAX_DIGITS ? Long.MAX_VALUE : Long.parseLong(digits) * 1000);
        }
        OptionalLong at = httpDate(v);
        if (at.isEmpty()) {
            return OptionalLong.empty();
        }
        long reference = r.first("Date").map(Headers::httpDate).filter(OptionalLong::isPresent)
                .map(OptionalLong::getAsLong).orElse(nowMillis);
        return OptionalLong.of(Math.max(0, at.getAsLong() - reference));
    }

    /** An HTTP-date in any of its three forms, as epoch milliseconds. */
    static OptionalLong httpDate(String v) {
        for (DateTimeFormatter f : List.of(IMF_FIXDATE, RFC_850, ASCTIME)) {
            try {
                return OptionalLong.of(ZonedDateTime.parse(v.trim(), f).toInstant().toEpochMilli());
            } catch (DateTimeParseException e) {
                // the next form
            }
        }
        return OptionalLong.empty();
    }
}
