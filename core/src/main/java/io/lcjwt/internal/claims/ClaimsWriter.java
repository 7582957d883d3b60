package io.lcjwt.internal.claims;

import com.fasterxml.jackson.core.JsonGenerator;
import io.lcjwt.internal.codec.Json;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * Writes claims (a {@code Map}, a record or a bean) as compact JSON. {@code Instant} and
 * {@code Date} become NumericDates in whole seconds; NaN and infinities are refused, since JSON
 * has no such numbers; null members of records and beans are left out.
 */
public final class ClaimsWriter {
    private ClaimsWriter() {}

    public static byte[] toJson(Object claims) {
        if (claims == null) {
            throw new IllegalArgumentException("claims must not be null");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
            if (!(claims instanceof Map<?, ?>) && !claims.getClass().isRecord() && !isBeanLike(claims)) {
                throw new IllegalArgumentException("claims must be a Map, a record or a bean, not "
                        + claims.getClass().getName());
            }
            write(g, claims, "claims", 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static boolean isBeanLike(Object o) {
        return !(o instanceof CharSequence || o instanceof Number || o instanceof Boolean
                || o instanceof Collection<?> || o.getClass().isArray() || o.getClass().isEnum());
    }

    private static void write(JsonGenerator g, Object v, String path, int depth) throws IOException {
        if (depth > Json.MAX_DEPTH) {
            throw new IllegalArgumentException("claims nest deeper than " + Json.MAX_DEPTH
                    + " levels at " + path + " (a cycle?)");
        }
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof CharSequence cs) {
            g.writeString(cs.toString());
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("claim " + path + " is " + d + ", which JSON cannot represent");
            }
            if (v instanceof Float f) {
                g.writeNumber(f);
            } else {
                g.writeNumber(d);
            }
        } else if (v instanceof BigInteger bi) {
            g.writeNumber(bi);
        } else if (v instanceof BigDecimal bd) {
            g.writeNumber(bd);
        } else if (v instanceof Instant i) {
            g.writeNumber(i.getEpochSecond());
        } else if (v instanceof Date d) {
            g.writeNumber(Math.floorDiv(d.getTime(), 1000L));
        } else if (v instanceof Enum<?> e) {
            g.writeString(e.name());
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw new IllegalArgumentException("claim names must be strings; " + path + " has "
                            + (e.getKey() == null ? "null" : e.getKey().getClass().getSimpleName()));
                }
                g.writeFieldName(key);
                write(g, e.getValue(), path + "." + key, depth + 1);
            }
            g.writeEndObject();
        } else if (v instanceof Collection<?> c) {
            g.writeStartArray();
            int i = 0;
            for (Object o : c) {
                write(g, o, path + "[" + i++ + "]", depth + 1);
            }
            g.writeEndArray();
        } else if (v.getClass().isArray()) {
            g.writeStartArray();
            int n = java.lang.reflect.Array.getLength(v);
            for (int i = 0; i < n; i++) {
                write(g, java.lang.reflect.Array.get(v, i), path + "[" + i + "]", depth + 1);
            }
            g.writeEndArray();
        } else if (v.getClass().isRecord()) {
            g.writeStartObject();
            for (RecordComponent rc : v.getClass().getRecordComponents()) {
                Object value = get(rc.getAccessor(), v);
                if (value != null) {
                    g.writeFieldName(rc.getName());
                    write(g, value, path + "." + rc.getName(), depth + 1);
                }
            }
            g.writeEndObject();
        } else {
            g.writeStartObject();
            for (Method getter : getters(v.getClass())) {
                Object value = get(getter, v);
                if (value != null) {
                    String name = propertyName(getter.getName());
                    g.writeFieldName(name);
                    write(g, value, path + "." + name, depth + 1);
                }
            }
            g.writeEndObject();
        }
    }

    private static Object get(Method m, Object target) {
        try {
            m.setAccessible(true);
            return m.invoke(target);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read " + m.getDeclaringClass().getSimpleName() + "."
                    + m.getName() + "(): " + e, e);
        }
    }

    private static List<Method> getters(Class<?> c) {
        List<Method> out = new ArrayList<>();
        for (Method m : c.getMethods()) {
            String n = m.getName();
            if (Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0 || m.getDeclaringClass() == Object.class) {
                continue;
            }
            if ((n.startsWith("get") && n.length() > 3 && m.getReturnType() != void.class)
                    || (n.startsWith("is") && n.length() > 2 && (m.getReturnType() == boolean.class
                    || m.getReturnType() == Boolean.class))) {
                out.add(m);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(c.getName() + " has no getters, so it cannot be written as claims");
        }
        out.sort(Comparator.comparing((Method m) -> propertyName(m.getName())));
        return out;
    }

    private static String propertyName(String getter) {
        String base = getter.startsWith("is") ? getter.substring(2) : getter.substring(3);
        return Character.toLowerCase(base.charAt(0)) + base.substring(1);
    }
}
