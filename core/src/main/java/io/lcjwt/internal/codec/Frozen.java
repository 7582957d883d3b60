package io.lcjwt.internal.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Copies of parsed JSON that are unmodifiable at every depth, for values that lcjwt hands out and shares. */
public final class Frozen {
    private Frozen() {}

    /**
     * A copy of {@code m} that is unmodifiable at every depth, in {@code m}'s order.
     *
     * @param m a map of JSON values (maps, lists, sets and immutable scalars)
     * @param <K> the key type
     * @return the copy
     */
    public static <K> Map<K, Object> map(Map<K, ?> m) {
        Map<K, Object> copy = new LinkedHashMap<>(Math.max(4, (int) (m.size() / 0.75f) + 1));
        for (Map.Entry<K, ?> e : m.entrySet()) {
            copy.put(e.getKey(), value(e.getValue()));
        }
        return Collections.unmodifiableMap(copy);
    }

    /**
     * A copy of one JSON value that is unmodifiable at every depth (scalars as they are).
     *
     * @param v a map, list, set or immutable scalar
     * @return the copy
     */
    @SuppressWarnings("unchecked")
    public static Object value(Object v) {
        if (v instanceof Map<?, ?> m) {
            return map((Map<Object, ?>) m);
        }
        if (v instanceof List<?> l) {
            List<Object> copy = new ArrayList<>(l.size());
            for (Object o : l) {
                copy.add(value(o));
            }
            return Collections.unmodifiableList(copy);
        }
        if (v instanceof Set<?> s) {
            Set<Object> copy = new LinkedHashSet<>();
            for (Object o : s) {
                copy.add(value(o));
            }
            return Collections.unmodifiableSet(copy);
        }
        return v;
    }
}
