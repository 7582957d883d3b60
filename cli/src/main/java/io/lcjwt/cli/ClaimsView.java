package io.lcjwt.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/** How inspect and verify show a token: header, claims, and its NumericDates as times with a hint. */
final class ClaimsView {
    /** The NumericDate claims shown as times (RFC 7519 section 4.1, OpenID Connect Core 2). */
    private static final String[] DATES = {"exp", "nbf", "iat", "auth_time"};

    private ClaimsView() {}

    /** For each NumericDate present: its ISO time, the seconds from now (negative: past) and a hint. */
    static Map<String, Object> times(Map<String, Object> claims, Instant now) {
        Map<String, Object> times = new LinkedHashMap<>();
        for (String name : DATES) {
            if (!claims.containsKey(name)) {
                continue;
            }
            Map<String, Object> t = new LinkedHashMap<>();
            Instant at = instant(claims.get(name));
            if (at == null) {
                t.put("hint", "not a NumericDate");
            } else {
                long fromNow = ChronoUnit.SECONDS.between(now, at);
                t.put("iso", at.toString());
                t.put("secondsFromNow", fromNow);
                t.put("hint", hint(name, Duration.between(now, at)));
            }
            times.put(name, t);
        }
        return times;
    }

    /** Header, claims and times as text, after a first line the caller chose. */
    static void print(PrintStream out, Map<String, Object> header, Map<String, Object> claims, Instant now)
            throws IOException {
        out.println("Header:");
        Json.print(out, header);
        out.println("Claims:");
        Json.print(out, claims);
        Map<String, Object> times = times(claims, now);
        if (!times.isEmpty()) {
            out.println("Times:");
            for (Map.Entry<String, Object> e : times.entrySet()) {
                @SuppressWarnings("unchecked")
                Map<String, Object> t = (Map<String, Object>) e.getValue();
                Object iso = t.get("iso");
                out.printf("  %-9s %-20s  %s%n", e.getKey(), iso == null ? "-" : iso, t.get("hint"));
            }
        }
    }

    private static Instant instant(Object v) {
        if (!(v instanceof Number n)) {
            return null;
        }
        try {
            BigDecimal d = new BigDecimal(n.toString());
            long seconds = d.longValueExact();
            return Instant.ofEpochSecond(seconds);
        } catch (ArithmeticException | NumberFormatException fractional) {
            try {
                double d = n.doubleValue();
                if (Double.isFinite(d) && Math.abs(d) < 1e14) {
                    return Instant.ofEpochMilli((long) (d * 1000));
                }
            } catch (RuntimeException ignored) {
                // out of range: not shown as a time
            }
            return null;
        } catch (java.time.DateTimeException outOfRange) {
            return null;
        }
    }

    private static String hint(String name, Duration untilThen) {
        boolean future = !untilThen.isNegative() && !untilThen.isZero();
        String size = Durations.human(untilThen);
        return switch (name) {
            case "exp" -> future ? "expires in " + size : "expired " + size + " ago";
            case "nbf" -> future ? "not valid until " + size + " from now" : "valid since " + size + " ago";
            case "iat" -> future ? "issued " + size + " in the future" : "issued " + size + " ago";
            default -> future ? "authenticated " + size + " in the future" : "authenticated " + size + " ago";
        };
    }
}
