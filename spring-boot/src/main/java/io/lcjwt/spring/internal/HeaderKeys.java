package io.lcjwt.spring.internal;


import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Spring's header maps as keys of the encoder's signer cache. Only headers whose values compare by
 * value are kept: strings, numbers, booleans, Spring's algorithms, and lists, sets and maps of
 * those; a {@link URL} (Spring's {@code jku} and {@code x5u}) is compared by its text, never by
 * {@code URL.equals}, which resolves host names.
 */
final class HeaderKeys {
    private static final int DEPTH = 8;

    private HeaderKeys() {}

    /**
     * {@return the header itself, or a copy with URLs as text, or null when it is not kept}
     *
     * @param header Spring's header members
     */
    static Map<String, Object> of(Map<String, Object> header) {
        boolean urls = false;
        for (Object v : header.values()) {
            if (v instanceof URL) {
                urls = true;
            } else if (!plain(v, 0)) {
                return null;
            }
        }
        if (!urls) {
            return header;
        }
        Map<String, Object> copy = new HashMap<>(header);
        copy.replaceAll((name, v) -> v instanceof URL u ? u.toExternalForm() : v);
        return copy;
    }

    private static boolean plain(Object v, int depth) {
        if (v instanceof String || v instanceof Boolean || v instanceof Integer || v instanceof Long
                || v instanceof BigInteger || v instanceof BigDecimal || v instanceof Enum<?>
                || v instanceof SpringAlgorithms.Named) {
            return true;
        }
        if (depth >= DEPTH) {
            return false;
        }
        if (v instanceof Collection<?> c) {
            for (Object o : c) {
                if (!plain(o, depth + 1)) {
                    return false;
                }
            }
            return c instanceof List<?> || c instanceof Set<?>;
        }
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String) || !plain(e.getValue(), depth + 1)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * A copy that no one can change, kept as the cache's key: the caller's lists, sets and maps
     * may be changed after the header was built.
     *
     * @param header a header {@link #of} returned
     * @return the copy, equal to the header
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> copy(Map<String, Object> header) {
        return (Map<String, Object>) frozen(header);
    }

    private static Object frozen(Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<Object, Object> out = new HashMap<>();
            m.forEach((k, x) -> out.put(k, frozen(x)));
            return java.util.Collections.unmodifiableMap(out);
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            l.forEach(x -> out.add(frozen(x)));
            return java.util.Collections.unmodifiableList(out);
        }
        if (v instanceof Set<?> s) {
            Set<Object> out = new LinkedHashSet<>();
            s.forEach(x -> out.add(frozen(x)));
            return java.util.Collections.unmodifiableSet(out);
        }
        return v;
    }
}
