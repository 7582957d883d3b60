package io.lcjwt.internal.claims;

import io.lcjwt.ClaimNaming;
import io.lcjwt.internal.codec.JsonCursor;

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
import java.util.Optional;
import java.util.RandomAccess;
import java.util.UUID;

/**
 * Writes claims (a {@code Map}, a record or a bean) as compact JSON. {@code Instant},
 * {@code OffsetDateTime}, {@code ZonedDateTime} and {@code Date} become NumericDates in whole
 * seconds; {@code UUID}, {@code URI}, enums and {@code Character} become strings; null members of
 * records and beans are left out, and so are empty {@code Optional} members (a present one is
 * written as its value). A member is written under its {@link io.lcjwt.Claim} name, else its
 * name under the {@link ClaimNaming} rule; each class's names and accessors are found once per
 * rule and cached.
 *
 * <p>Whatever lcjwt's own reader would refuse is refused here instead, with
 * {@code IllegalArgumentException} naming the member, so that a signed token always verifies:
 * NaN and infinities, numbers longer than the reader takes or out of a double's range, strings
 * and names with an unpaired surrogate (not UTF-8), nesting deeper than {@link Json#MAX_DEPTH},
 * two bean accessors with the same JSON name, and two members mapped to one claim name. Any other
 * JDK type (a {@code LocalDate}, a {@code Duration}, an {@code Optional} that is not itself a
 * member) is refused rather than written as a list of its getters, and so is a bean with no
 * getter.
 */
public final class ClaimsWriter {
    private ClaimsWriter() {}

    /** One member as written: its claim name and its accessor (made accessible once). */
    private record Member(String name, Method accessor) {}

    /** The members of one record or bean class under one naming rule, in the order written. */
    @SuppressWarnings("unchecked")
    private static final ClassValue<Member[]>[] SHAPES = new ClassValue[ClaimNaming.values().length];

    static {
        for (ClaimNaming naming : ClaimNaming.values()) {
            SHAPES[naming.ordinal()] = new ClassValue<>() {
                @Override
                protected Member[] computeValue(Class<?> type) {
                    return type.isRecord() ? recordShape(type, naming) : beanShape(type, naming);
                }
            };
        }
    }

    /** As {@link #toJson(Object, ClaimNaming)} with member names as they are (headers, JWKs). */
    public static byte[] toJson(Object claims) {
        return toJson(claims, ClaimNaming.IDENTITY);
    }

    public static byte[] toJson(Object claims, ClaimNaming naming) {
        JsonOut out = new JsonOut();
        write(out, claims, naming);
        return out.toByteArray();
    }

    /**
     * Writes {@code claims} into {@code out} (which the caller has {@link JsonOut#reset reset}):
     * the signer's path, into a pooled buffer, with nothing else allocated for a claims set of
     * strings, numbers, NumericDates and lists.
     */
    public static void write(JsonOut out, Object claims, ClaimNaming naming) {
        if (claims == null) {
            throw new IllegalArgumentException("claims must not be null");
        }
        // A JDK value (an Instant, a UUID) would be written as a bare number or string, not an object.
        if (!(claims instanceof Map<?, ?>) && !claims.getClass().isRecord()
                && (isJdkType(claims.getClass()) || !isBeanLike(claims))) {
            throw new IllegalArgumentException("claims must be a Map, a record or a bean, not "
                    + claims.getClass().getName());
        }
        write(out, claims, 0, naming);
    }

    /**
     * Writes any one value this writer takes (a list, a string, a map...), not only a claims set,
     * into {@code out}, which the caller has {@link JsonOut#reset reset}; map keys as they are.
     * SD-JWT writes its disclosures, JSON arrays, with it.
     */
    public static void writeValue(JsonOut out, Object value) {
        write(out, value, 0, ClaimNaming.IDENTITY);
    }

    private static boolean isBeanLike(Object o) {
        return !(o instanceof CharSequence || o instanceof Number || o instanceof Boolean
                || o instanceof Collection<?> || o.getClass().isArray() || o.getClass().isEnum());
    }

    /**
     * What kind of value a class's instances are, for the values {@code write} does not test
     * itself (maps and collections it does, before any other). Found once per class: a chain of
     * {@code instanceof} tests against interfaces cost more than writing the value.
     */
    private enum Kind { CHARS, CHARACTER, FLOATING, INTEGRAL, BIG_INTEGER, BIG_DECIMAL,
        OFFSET_TIME, ZONED_TIME, DATE, ENUM, TEXT, ARRAY, JDK, BEAN }

    private static final ClassValue<Kind> KINDS = new ClassValue<>() {
        @Override
        protected Kind computeValue(Class<?> c) {
            if (CharSequence.class.isAssignableFrom(c)) {
                return Kind.CHARS;
            } else if (c == Character.class) {
                return Kind.CHARACTER;
            } else if (c == Double.class || c == Float.class) {
                return Kind.FLOATING;
            } else if (c == Short.class || c == Byte.class) {
                return Kind.INTEGRAL;
            } else if (BigInteger.class.isAssignableFrom(c)) {
                return Kind.BIG_INTEGER;
            } else if (BigDecimal.class.isAssignableFrom(c)) {
                return Kind.BIG_DECIMAL;
            } else if (c == OffsetDateTime.class) {
                return Kind.OFFSET_TIME;
            } else if (c == ZonedDateTime.class) {
                return Kind.ZONED_TIME;
            } else if (Date.class.isAssignableFrom(c)) {
                return Kind.DATE;
            } else if (Enum.class.isAssignableFrom(c)) {
                return Kind.ENUM;
            } else if (c == UUID.class || URI.class == c) {
                return Kind.TEXT;
            } else if (c.isArray()) {
                return Kind.ARRAY;
            }
            return isJdkType(c) ? Kind.JDK : Kind.BEAN;
        }
    };

    /** Writes {@code v}, the value at {@code depth} (0: the claims set), whose path {@code g} tracks. */
    private static void write(JsonOut g, Object v, int depth, ClaimNaming naming) {
        // The common values first, each an exact class test; then the class's cached kind.
        if (v instanceof String s) {
            g.string(s, depth);
        } else if (v instanceof Instant i) {
            g.number(i.getEpochSecond());
        } else if (v instanceof Long || v instanceof Integer) {
            g.number(((Number) v).longValue());
        } else if (v instanceof Boolean b) {
            g.bool(b);
        } else if (v == null) {
            g.nul();
        } else if (v instanceof Map<?, ?> m) {
            object(g, m, depth, naming);
        } else if (v instanceof Collection<?> c) { // after Map: a Map that is also a Collection is written as a map
            collection(g, c, depth, naming);
        } else {
            writeOther(g, v, depth, naming);
        }
    }

    /** A map's members, names as they are. */
    private static void object(JsonOut g, Map<?, ?> m, int depth, ClaimNaming naming) {
        checkDepth(g, depth);
        g.raw('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (!(e.getKey() instanceof String key)) {
                throw new IllegalArgumentException("claim names must be strings; " + g.path(depth) + " has "
                        + (e.getKey() == null ? "null" : e.getKey().getClass().getSimpleName()));
            }
            member(g, first, key, e.getValue(), depth, naming);
            first = false;
        }
        g.raw('}');
    }

    /** A collection's elements; a list with fast positional access is read by index, without an iterator. */
    private static void collection(JsonOut g, Collection<?> c, int depth, ClaimNaming naming) {
        checkDepth(g, depth);
        g.raw('[');
        if (c instanceof List<?> l && l instanceof RandomAccess) {
            for (int i = 0, n = l.size(); i < n; i++) {
                element(g, i, l.get(i), depth, naming);
            }
        } else {
            int i = 0;
            for (Object o : c) {
                element(g, i++, o, depth, naming);
            }
        }
        g.raw(']');
    }

    /** Element {@code i} of the array at {@code depth}, after a comma unless it is the first. */
    private static void element(JsonOut g, int i, Object o, int depth, ClaimNaming naming) {
        if (i > 0) {
            g.raw(',');
        }
        g.enter(depth, i);
        write(g, o, depth + 1, naming);
    }

    private static void writeOther(JsonOut g, Object v, int depth, ClaimNaming naming) {
        switch (KINDS.get(v.getClass())) {
            case CHARS, CHARACTER, TEXT -> g.string(v.toString(), depth);
            case INTEGRAL -> g.number(((Number) v).longValue());
            case FLOATING -> {
                double d = ((Number) v).doubleValue();
                if (!Double.isFinite(d)) {
                    throw new IllegalArgumentException("claim " + g.path(depth) + " is " + d
                            + ", which JSON cannot represent");
                }
                g.ascii(v instanceof Float f ? Float.toString(f) : Double.toString(d));
            }
            case BIG_INTEGER -> {
                String text = v.toString();
                checkNumberText(text, g, depth);
                g.ascii(text);
            }
            case BIG_DECIMAL -> {
                BigDecimal bd = (BigDecimal) v;
                String text = bd.toString();
                checkNumberText(text, g, depth);
                if (!Double.isFinite(bd.doubleValue())) {
                    throw new IllegalArgumentException("claim " + g.path(depth) + " is " + shortText(text)
                            + ", beyond the range of a double, which lcjwt's reader refuses");
                }
                g.ascii(text);
            }
            case OFFSET_TIME -> g.number(((OffsetDateTime) v).toEpochSecond());
            case ZONED_TIME -> g.number(((ZonedDateTime) v).toEpochSecond());
            case DATE -> g.number(Math.floorDiv(((Date) v).getTime(), 1000L));
            case ENUM -> g.string(((Enum<?>) v).name(), depth);
            case ARRAY -> {
                checkDepth(g, depth);
                g.raw('[');
                int n = java.lang.reflect.Array.getLength(v);
                for (int i = 0; i < n; i++) {
                    element(g, i, java.lang.reflect.Array.get(v, i), depth, naming);
                }
                g.raw(']');
            }
            case JDK -> throw new IllegalArgumentException("claim " + g.path(depth) + " is a " + v.getClass().getName()
                    + ", which lcjwt does not write; convert it to a String, a number or an Instant");
            case BEAN -> {
                checkDepth(g, depth);
                Member[] members = shape(v.getClass(), naming, g, depth);
                g.raw('{');
                boolean first = true;
                for (Member m : members) {
                    Object value = get(m.accessor(), v);
                    if (value instanceof Optional<?> o) {
                        value = o.orElse(null);
                    }
                    if (value != null) {
                        member(g, first, m.name(), value, depth, naming);
                        first = false;
                    }
                }
                g.raw('}');
            }
        }
    }

    /** One member of the object at {@code depth}, after a comma unless it is the object's first. */
    private static void member(JsonOut g, boolean first, String name, Object value, int depth, ClaimNaming naming) {
        if (!first) {
            g.raw(',');
        }
        g.name(name, depth + 1);
        g.enter(depth, name);
        write(g, value, depth + 1, naming);
    }

    /** The cached members of record or bean class {@code c}, or its refusal in terms of {@code path}. */
    private static Member[] shape(Class<?> c, ClaimNaming naming, JsonOut g, int depth) {
        try {
            return SHAPES[naming.ordinal()].get(c);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("claim " + g.path(depth) + " " + e.getMessage(), e);
        }
    }

    private static Member[] recordShape(Class<?> type, ClaimNaming naming) {
        String[] names;
        try {
            names = ClaimNames.ofRecord(type, naming);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("(" + type.getName() + "): " + e.getMessage(), e);
        }
        RecordComponent[] comps = type.getRecordComponents();
        Member[] out = new Member[comps.length];
        for (int i = 0; i < comps.length; i++) {
            out[i] = new Member(names[i], accessible(comps[i].getAccessor()));
        }
        return out;
    }

    private static Member[] beanShape(Class<?> type, ClaimNaming naming) {
        List<Method> getters = getters(type);
        List<Member> out = new ArrayList<>(getters.size());
        Map<String, String> owners = new HashMap<>();
        try {
            for (Method getter : getters) {
                String property = ClaimNames.accessorProperty(getter);
                String name = ClaimNames.ofBeanProperty(type, property, naming);
                ClaimNames.claim(owners, type, property, name);
                out.add(new Member(name, accessible(getter)));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("(" + type.getName() + "): " + e.getMessage(), e);
        }
        out.sort(Comparator.comparing(Member::name));
        return out.toArray(new Member[0]);
    }

    /** {@code m}, made accessible (a record or bean nested in a non-public class), if it can be. */
    private static Method accessible(Method m) {
        try {
            m.setAccessible(true);
        } catch (RuntimeException e) {
            // Left as it is: get() reports why it cannot be read, naming the member.
        }
        return m;
    }

    /** The reader refuses a container that would be nested deeper than {@link Json#MAX_DEPTH}. */
    private static void checkDepth(JsonOut g, int depth) {
        if (depth >= JsonCursor.MAX_DEPTH) {
            throw new IllegalArgumentException("claims nest deeper than " + JsonCursor.MAX_DEPTH
                    + " levels at " + g.path(depth) + " (a cycle?)");
        }
    }

    private static void checkNumberText(String text, JsonOut g, int depth) {
        if (text.length() > 100) {
            throw new IllegalArgumentException("claim " + g.path(depth) + " is a number of " + text.length()
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
            return m.invoke(target);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read " + m.getDeclaringClass().getSimpleName() + "."
                    + m.getName() + "(): " + e, e);
        }
    }

    /**
     * The getters of bean class {@code c}; refused (in words that follow "claim PATH ") when it
     * has none, or two for one property.
     */
    private static List<Method> getters(Class<?> c) {
        List<Method> out = new ArrayList<>();
        Map<String, Method> byName = new HashMap<>();
        for (Method m : c.getMethods()) {
            // A covariant override leaves a bridge method of the same name behind: one property.
            if (Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0
                    || m.getDeclaringClass() == Object.class || m.isBridge() || m.isSynthetic()) {
                continue;
            }
            String property = ClaimNames.accessorProperty(m);
            if (property != null) {
                // Two accessors with one JSON name would write the member twice, which lcjwt's
                // reader refuses and other parsers read as either value.
                Method other = byName.putIfAbsent(property, m);
                if (other != null) {
                    String[] both = {other.getName(), m.getName()};
                    java.util.Arrays.sort(both);
                    throw new IllegalArgumentException("(" + c.getName() + ") has both " + both[0] + "() and "
                            + both[1] + "(), which would both write \"" + property + "\"; remove or rename one");
                }
                out.add(m);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("is a " + c.getName()
                    + ", which has no getters, so it cannot be written as claims");
        }
        return out;
    }
}
