package io.lcjwt.bench.race;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares a contender's claims with the fixture's. Values are normalised first: numbers compare
 * by value, dates and instants as epoch seconds (the JWT NumericDate they came from), collections
 * as lists, maps key by key. {@code aud} may come back as a one-element collection where the token
 * has a string (RFC 7519 allows both).
 */
public final class ClaimsMatch {
    private ClaimsMatch() {}

    /**
     * Whether two JSON-like values are equal once normalised: numbers by value, maps key by key,
     * collections as lists. {@code SdJwtBench} compares the two libraries' processed claims with it.
     *
     * @param a one value
     * @param b the other
     * @return true when they are the same JSON
     */
    public static boolean sameJson(Object a, Object b) {
        return equalValues(normalise(a), normalise(b));
    }

    /** Null when they match, else what differs. */
    static String compare(Map<String, Object> want, Map<String, Object> got, Decoder d) {
        Set<String> bound = d.boundClaims();
        List<String> problems = new ArrayList<>();
        if (bound != null) {
            for (String name : bound) {
                Object g = normalise(got.get(name));
                if (!want.containsKey(name)) {
                    if (g != null) {
                        problems.add(name + ": not in the token, got " + g);
                    }
                } else if (!same(name, normalise(want.get(name)), g)) {
                    problems.add(name + ": want " + normalise(want.get(name)) + ", got " + g);
                }
            }
        } else {
            for (Map.Entry<String, Object> e : want.entrySet()) {
                if (!got.containsKey(e.getKey())) {
                    problems.add(e.getKey() + ": missing");
                } else if (!same(e.getKey(), normalise(e.getValue()), normalise(got.get(e.getKey())))) {
                    problems.add(e.getKey() + ": want " + normalise(e.getValue()) + ", got " + normalise(got.get(e.getKey())));
                }
            }
            Set<String> extra = new TreeSet<>(got.keySet());
            extra.removeAll(want.keySet());
            extra.removeAll(d.libraryAddedClaims());
            if (!extra.isEmpty()) {
                problems.add("claims not in the token: " + extra);
            }
        }
        if (problems.isEmpty()) {
            return null;
        }
        String all = String.join("; ", problems);
        return "claims differ from the fixture: " + (all.length() > 400 ? all.substring(0, 400) + "..." : all);
    }

    private static boolean same(String name, Object want, Object got) {
        if ("aud".equals(name) && want instanceof String && got instanceof List<?> l && l.size() == 1) {
            got = l.getFirst();
        }
        return equalValues(want, got);
    }

    private static boolean equalValues(Object a, Object b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!equalValues(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (!x.keySet().equals(y.keySet())) {
                return false;
            }
            for (Map.Entry<?, ?> e : x.entrySet()) {
                if (!equalValues(e.getValue(), y.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        return a == null ? b == null : a.equals(b);
    }

    /** Plain comparable values: BigDecimal numbers, epoch-second dates, lists, maps, strings, booleans. */
    static Object normalise(Object v) {
        return switch (v) {
            case null -> null;
            case Number n -> new BigDecimal(n.toString());
            case Date d -> new BigDecimal(d.getTime() / 1000);
            case Instant i -> new BigDecimal(i.getEpochSecond());
            case TemporalAccessor t -> new BigDecimal(Instant.from(t).getEpochSecond());
            case Collection<?> c -> {
                List<Object> l = new ArrayList<>(c.size());
                for (Object o : c) {
                    l.add(normalise(o));
                }
                yield l;
            }
            case Object[] arr -> normalise(java.util.Arrays.asList(arr));
            case Map<?, ?> m -> {
                Map<String, Object> out = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    out.put(String.valueOf(e.getKey()), normalise(e.getValue()));
                }
                yield out;
            }
            default -> v;
        };
    }
}
