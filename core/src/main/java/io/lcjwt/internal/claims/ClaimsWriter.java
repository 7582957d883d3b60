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
import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes claims (a {@code Map}, a record or a bean) as compact JSON. {@code Instant},
 * {@code OffsetDateTime}, {@code ZonedDateTime} and {@code Date} become NumericDates in whole
 * seconds; {@code UUID}, {@code URI}, enums and {@code Character} become strings; null members of
 * records and beans are left out.
 *
 * <p>Whatever lcjwt's own reader would refuse is refused here instead, with
 * {@code IllegalArgumentException} naming the member, so that a signed token always verifies:
 * NaN and infinities, numbers longer than the reader takes or out of a double's range, strings
 * and names with an unpaired surrogate (not UTF-8), nesting deeper than {@link Json#MAX_DEPTH},
 * and two bean accessors with the same JSON name. Any other JDK type (a {@code LocalDate}, an
 * {@code Optional}, a {@code Duration}) is refused rather than written as a list of its getters,
 * and so is a bean with no getter.
 */
public final class ClaimsWriter {
    private ClaimsWriter() {}

    public static byte[] toJson(Object claims) {
        if (claims == null) {
            throw new IllegalArgumentException("claims must not be null");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
            // A JDK value (an Instant, a UUID) would be written as a bare number or string, not an object.
            if (!(claims instanceof Map<?, ?>) && !claims.getClass().isRecord()
                    && (isJdkType(claims.getClass()) || !isBeanLike(claims))) {
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
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(checkText(s, path));
        } else if (v instanceof CharSequence cs) {
            g.writeString(checkText(cs.toString(), path));
        } else if (v instanceof Character ch) {
            g.writeString(checkText(ch.toString(), path));
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
            checkNumberText(bi.toString(), path);
            g.writeNumber(bi);
        } else if (v instanceof BigDecimal bd) {
            checkNumberText(bd.toString(), path);
            if (!Double.isFinite(bd.doubleValue())) {
                throw new IllegalArgumentException("claim " + path + " is " + shortText(bd.toString())
                        + ", beyond the range of a double, which lcjwt's reader refuses");
            }
            g.writeNumber(bd);
        } else if (v instanceof Instant i) {
            g.writeNumber(i.getEpochSecond());
        } else if (v instanceof OffsetDateTime t) {
            g.writeNumber(t.toEpochSecond());
        } else if (v instanceof ZonedDateTime t) {
            g.writeNumber(t.toEpochSecond());
        } else if (v instanceof Date d) {
            g.writeNumber(Math.floorDiv(d.getTime(), 1000L));
        } else if (v instanceof Enum<?> e) {
            g.writeString(checkText(e.name(), path));
        } else if (v instanceof UUID || v instanceof URI) {
            g.writeString(checkText(v.toString(), path));
        } else if (v instanceof Map<?, ?> m) {
            checkDepth(depth, path);
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw new IllegalArgumentException("claim names must be strings; " + path + " has "
                            + (e.getKey() == null ? "null" : e.getKey().getClass().getSimpleName()));
                }
                g.writeFieldName(checkText(key, path + ".<name>"));
                write(g, e.getValue(), path + "." + key, depth + 1);
            }
            g.writeEndObject();
        } else if (v instanceof Collection<?> c) {
            checkDepth(depth, path);
            g.writeStartArray();
            int i = 0;
            for (Object o : c) {
                write(g, o, path + "[" + i++ + "]", depth + 1);
            }
            g.writeEndArray();
        } else if (v.getClass().isArray()) {
            checkDepth(depth, path);
            g.writeStartArray();
            int n = java.lang.reflect.Array.getLength(v);
            for (int i = 0; i < n; i++) {
                write(g, java.lang.reflect.Array.get(v, i), path + "[" + i + "]", depth + 1);
            }
            g.writeEndArray();
        } else if (isJdkType(v.getClass())) {
            throw new IllegalArgumentException("claim " + path + " is a " + v.getClass().getName()
                    + ", which lcjwt does not write; convert it to a String, a number or an Instant");
        } else if (v.getClass().isRecord()) {
            checkDepth(depth, path);
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
            checkDepth(depth, path);
            List<Method> getters = getters(v.getClass(), path);
            g.writeStartObject();
            for (Method getter : getters) {
                Object value = get(getter, v);
                if (value != null) {
                    String name = propertyName(getter.getName());
                    g.writeFieldName(checkText(name, path));
                    write(g, value, path + "." + name, depth + 1);
                }
            }
            g.writeEndObject();
        }
    }

    /** The reader refuses a container that would be nested deeper than {@link Json#MAX_DEPTH}. */
    private static void checkDepth(int depth, String path) {
        if (depth >= Json.MAX_DEPTH) {
            throw new IllegalArgumentException("claims nest deeper than " + Json.MAX_DEPTH
                    + " levels at " + path + " (a cycle?)");
        }
    }

    /** {@code s}, refused if it holds an unpaired surrogate, which has no UTF-8 encoding. */
    private static String checkText(String s, String path) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    throw new IllegalArgumentException("claim " + path + " holds an unpaired surrogate (U+"
                            + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT) + " at index " + i
                            + "), which is not text and has no UTF-8 encoding");
                }
            }
        }
        return s;
    }

    private static void checkNumberText(String text, String path) {
        if (text.length() > 100) {
            throw new IllegalArgumentException("claim " + path + " is a number of " + text.length()
                    + " characters; lcjwt's reader takes at most 100");
        }
    }

    private static String shortText(String s) {
        return s.length() <= 32 ? s : s.substring(0, 29) + "...";
    }

    /**
     * A class of the JDK's own (boot or platform loader): its getters are implementation detail,
     * sometimes inaccessible, never a claims shape.
     */
    private static boolean isJdkType(Class<?> c) {
        ClassLoader l = c.getClassLoader();
        return l == null || l == ClassLoader.getPlatformClassLoader();
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

    private static List<Method> getters(Class<?> c, String path) {
        List<Method> out = new ArrayList<>();
        Map<String, Method> byName = new HashMap<>();
        for (Method m : c.getMethods()) {
            String n = m.getName();
            // A covariant override leaves a bridge method of the same name behind: one property.
            if (Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0
                    || m.getDeclaringClass() == Object.class || m.isBridge() || m.isSynthetic()) {
                continue;
            }
            if ((n.startsWith("get") && n.length() > 3 && m.getReturnType() != void.class)
                    || (n.startsWith("is") && n.length() > 2 && (m.getReturnType() == boolean.class
                    || m.getReturnType() == Boolean.class))) {
                // Two accessors with one JSON name would write the member twice, which lcjwt's
                // reader refuses and other parsers read as either value.
                Method other = byName.putIfAbsent(propertyName(n), m);
                if (other != null) {
                    String[] both = {other.getName(), n};
                    java.util.Arrays.sort(both);
                    throw new IllegalArgumentException("claim " + path + " (" + c.getName() + ") has both "
                            + both[0] + "() and " + both[1] + "(), which would both write \"" + propertyName(n)
                            + "\"; remove or rename one");
                }
                out.add(m);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("claim " + path + " is a " + c.getName()
                    + ", which has no getters, so it cannot be written as claims");
        }
        out.sort(Comparator.comparing((Method m) -> propertyName(m.getName())));
        return out;
    }

    private static String propertyName(String getter) {
        String base = getter.startsWith("is") ? getter.substring(2) : getter.substring(3);
        return Character.toLowerCase(base.charAt(0)) + base.substring(1);
    }
}
