package io.lcjwt.internal.claims;

import io.lcjwt.ClaimNaming;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.internal.codec.JsonCursor;

import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Builds a {@link ValueReader} for a declared Java type. Every type is read straight off the
 * cursor; nested records and beans recurse into {@link ObjectBinding}. Any other type is refused
 * when the binding is built ({@code IllegalArgumentException}), as the signer refuses to write an
 * unknown JDK type: Jackson-jr, which used to take them, narrows and coerces silently, and some
 * JDK types (such as {@code Class}) should never be built from a token.
 *
 * <p>No value is narrowed: a number that does not fit the member ({@code 300} into a
 * {@code byte}, {@code 1e39} into a {@code float}) and a string of more than one character for a
 * {@code char} are an {@code InvalidClaimException} naming the claim.
 */
final class Readers {
    private Readers() {}

    // The two readers every verifier touches are classes, not lambdas, which spin a class each at
    // first use (a start-up rule, docs/architecture.md).
    static final ValueReader NATURAL = new ValueReader() {
        @Override
        public Object read(JsonCursor c, String claim) {
            return c.readNatural();
        }
    };

    static InvalidClaimException invalid(String claim, String what) {
        return new InvalidClaimException(claim, "The claim \"" + claim + "\" " + what + ".");
    }

    static InvalidClaimException wrongType(String claim, int t, String expected) {
        return invalid(claim, "is " + describe(t) + " but must be " + expected);
    }

    static String describe(int t) {
        return switch (t) {
            case '{' -> "an object";
            case '[' -> "an array";
            case '"' -> "a string";
            case '0' -> "a number";
            case 't', 'f' -> "a boolean";
            case 'n' -> "null";
            default -> "not a value";
        };
    }

    static Class<?> raw(Type t) {
        if (t instanceof Class<?> c) {
            return c;
        }
        if (t instanceof ParameterizedType pt) {
            return (Class<?>) pt.getRawType();
        }
        if (t instanceof GenericArrayType ga) {
            return Array.newInstance(raw(ga.getGenericComponentType()), 0).getClass();
        }
        if (t instanceof WildcardType wt) {
            return raw(wt.getUpperBounds()[0]);
        }
        return Object.class;
    }

    static Type typeArg(Type t, int i) {
        if (t instanceof ParameterizedType pt) {
            Type a = pt.getActualTypeArguments()[i];
            return a instanceof WildcardType wt ? wt.getUpperBounds()[0] : a;
        }
        return Object.class;
    }

    static String readString(JsonCursor c, String claim) {
        if (c.peek() == '"') {
            return c.readString();
        }
        int t = c.valueType();
        if (t == 'n') {
            c.readNull();
            return null;
        }
        if (t != '"') {
            throw wrongType(claim, t, "a string");
        }
        return c.readString();
    }

    /**
     * The reader of {@code List<String>} and its supertypes, which the top-level claims loop
     * recognises and reads inline; nested lists, nulls and wrong types come here.
     */
    static final ValueReader STRING_LIST = new ValueReader() {
        @Override
        public Object read(JsonCursor c, String claim) {
            return readStringList(c, claim);
        }
    };

    /** The usual claim list (roles, scopes, amr) as an {@code ArrayList<String>}, no reader per element. */
    static ArrayList<Object> readStringList(JsonCursor c, String claim) {
        if (!present(c, claim, '[', "an array")) {
            return null;
        }
        ArrayList<Object> out = new ArrayList<>(4);
        c.startArray();
        while (c.nextElement()) {
            out.add(readString(c, claim));
        }
        return out;
    }

    /** False (having read it) for null; true when the next value has {@code type}; else a wrong-type error. */
    private static boolean present(JsonCursor c, String claim, int type, String expected) {
        int t = c.valueType();
        if (t == 'n') {
            c.readNull();
            return false;
        }
        if (t != type) {
            throw wrongType(claim, t, expected);
        }
        return true;
    }

    /** Reads a JSON number; null when the value is null and the target is not primitive. */
    private static Number number(JsonCursor c, String claim, boolean prim, String expected) {
        int t = c.valueType();
        if (t == 'n' && !prim) {
            c.readNull();
            return null;
        }
        if (t != '0') {
            throw wrongType(claim, t, expected);
        }
        return c.readNumber();
    }

    /** A class of the JDK's own (boot or platform loader). */
    static boolean isJdkType(Class<?> c) {
        ClassLoader l = c.getClassLoader();
        return l == null || l == ClassLoader.getPlatformClassLoader();
    }

    /** A NumericDate as {@code raw}: Instant, Date, or an OffsetDateTime or ZonedDateTime in UTC. */
    static Object fromDate(NumericDate d, Class<?> raw) {
        Instant i = d.toInstant();
        if (raw == Instant.class) {
            return i;
        }
        if (raw == Date.class) {
            return Date.from(i);
        }
        if (raw == OffsetDateTime.class) {
            return OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
        }
        return ZonedDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    /** A string claim as a UUID (the 36-character form only) or a URI; null for other types. */
    static Object fromString(String s, Class<?> raw, String claim) {
        if (raw == UUID.class) {
            // UUID.fromString also takes shortened groups such as "1-2-3-4-5"; only the RFC 9562 form is a UUID.
            UUID u = null;
            if (s.length() == 36) {
                try {
                    u = UUID.fromString(s);
                } catch (IllegalArgumentException e) {
                    u = null;
                }
            }
            if (u == null || !u.toString().equalsIgnoreCase(s)) {
                throw invalid(claim, "is not a UUID (8-4-4-4-12 hexadecimal digits)");
            }
            return u;
        }
        if (raw == URI.class) {
            try {
                return new URI(s);
            } catch (URISyntaxException e) {
                throw invalid(claim, "is not a URI (RFC 3986)");
            }
        }
        return null;
    }

    /**
     * The reader of a member declared as {@code type}; nested records and beans are bound under
     * {@code naming}. An {@code Optional} member is unwrapped by {@link ObjectBinding.Prop} before
     * it gets here, so an {@code Optional} reaching this is inside a list, a map or another
     * {@code Optional}, and refused.
     */
    static ValueReader forType(Type type, ClaimNaming naming) {
        Class<?> raw = raw(type);
        if (raw == java.util.Optional.class) {
            throw new IllegalArgumentException("lcjwt binds Optional only as the type of a member itself"
                    + " (Optional<String> sub), not inside a list, a map, an array or another Optional");
        }
        if (raw == String.class || raw == CharSequence.class) {
            return Readers::readString;
        }
        if (raw == Object.class) {
            return NATURAL;
        }
        if (raw == byte.class || raw == Byte.class) {
            boolean prim = raw.isPrimitive();
            return (c, claim) -> {
                Number n = number(c, claim, prim, "an integer");
                if (n == null) {
                    return null;
                }
                if (n instanceof Double) {
                    throw wrongType(claim, '0', "an integer");
                }
                if (!(n instanceof Long l) || l != (byte) (long) l) {
                    throw invalid(claim, "does not fit in a byte (-128 to 127)");
                }
                return (byte) (long) l;
            };
        }
        if (raw == char.class || raw == Character.class) {
            boolean prim = raw.isPrimitive();
            return (c, claim) -> {
                int t = c.valueType();
                if (t == 'n' && !prim) {
                    c.readNull();
                    return null;
                }
                if (t != '"') {
                    throw wrongType(claim, t, "a string of one character");
                }
                String s = c.readString();
                if (s.length() != 1) {
                    throw invalid(claim, "is a string of " + s.length() + " UTF-16 units but must be one character");
                }
                return s.charAt(0);
            };
        }
        if (raw == float.class || raw == Float.class) {
            boolean prim = raw.isPrimitive();
            return (c, claim) -> {
                Number n = number(c, claim, prim, "a number");
                if (n == null) {
                    return null;
                }
                double d = n.doubleValue();
                float f = (float) d;
                if (!Float.isFinite(f) || (f == 0 && d != 0)) {
                    throw invalid(claim, "is out of range for a float");
                }
                return f;
            };
        }
        if (raw == long.class || raw == Long.class || raw == int.class || raw == Integer.class
                || raw == short.class || raw == Short.class) {
            boolean prim = raw.isPrimitive();
            int bits = raw == long.class || raw == Long.class ? 64 : raw == int.class || raw == Integer.class ? 32 : 16;
            return (c, claim) -> {
                Number n = number(c, claim, prim, "an integer");
                if (n == null) {
                    return null;
                }
                long v;
                if (n instanceof Long l) {
                    v = l;
                } else if (n instanceof BigInteger bi && bi.bitLength() < 64) {
                    v = bi.longValue(); // -9223372036854775808: the cursor reads 19-digit runs past Long.MAX_VALUE as BigInteger
                } else {
                    throw n instanceof Double ? wrongType(claim, '0', "an integer")
                            : invalid(claim, "does not fit in a " + bits + "-bit integer");
                }
                if (bits == 32) {
                    if (v != (int) v) {
                        throw invalid(claim, "does not fit in a 32-bit integer");
                    }
                    return (int) v;
                }
                if (bits == 16) {
                    if (v != (short) v) {
                        throw invalid(claim, "does not fit in a 16-bit integer");
                    }
                    return (short) v;
                }
                return v;
            };
        }
        if (raw == double.class || raw == Double.class) {
            boolean prim = raw.isPrimitive();
            return (c, claim) -> {
                Number n = number(c, claim, prim, "a number");
                if (n == null) {
                    return null;
                }
                double d = n.doubleValue();
                if (!Double.isFinite(d)) {
                    throw invalid(claim, "is out of range");
                }
                return d;
            };
        }
        if (raw == boolean.class || raw == Boolean.class) {
            boolean prim = raw.isPrimitive();
            return (c, claim) -> {
                int t = c.valueType();
                if (t == 't' || t == 'f') {
                    return c.readBoolean();
                }
                if (t == 'n' && !prim) {
                    c.readNull();
                    return null;
                }
                throw wrongType(claim, t, "a boolean");
            };
        }
        if (raw == BigDecimal.class) {
            return (c, claim) -> {
                int t = c.valueType();
                if (t == 'n') {
                    c.readNull();
                    return null;
                }
                if (t != '0') {
                    throw wrongType(claim, t, "a number");
                }
                // From the JSON text itself: through a double, 0.1000000000000000055511151231257827
                // would come back as 0.1.
                int[] span = c.rawValue();
                String text = new String(c.buffer(), span[0], span[1] - span[0], java.nio.charset.StandardCharsets.ISO_8859_1);
                BigDecimal d = new BigDecimal(text);
                // The range lcjwt takes for any number (a double's); a scale past it (1e-99999999)
                // would make toPlainString() or toBigInteger() build a huge value.
                if (!Double.isFinite(d.doubleValue()) || Math.abs(d.scale()) > 1100) {
                    throw invalid(claim, "is out of range");
                }
                return d;
            };
        }
        if (raw == BigInteger.class || raw == Number.class) {
            return (c, claim) -> {
                Number n = number(c, claim, false, raw == BigInteger.class ? "an integer" : "a number");
                if (n == null) {
                    return null;
                }
                if (n instanceof Double d && !Double.isFinite(d)) {
                    throw invalid(claim, "is out of range");
                }
                if (raw == BigInteger.class) {
                    if (n instanceof Double) {
                        throw wrongType(claim, '0', "an integer");
                    }
                    return n instanceof BigInteger bi ? bi : BigInteger.valueOf(n.longValue());
                }
                return n;
            };
        }
        if (raw == Instant.class || raw == Date.class || raw == OffsetDateTime.class || raw == ZonedDateTime.class) {
            return (c, claim) -> {
                if (c.valueType() == 'n') {
                    c.readNull();
                    return null;
                }
                return fromDate(NumericDate.read(c, claim), raw);
            };
        }
        if (raw == UUID.class || raw == URI.class) {
            return (c, claim) -> {
                String s = readString(c, claim);
                return s == null ? null : fromString(s, raw, claim);
            };
        }
        if (raw.isEnum()) {
            return (c, claim) -> {
                String s = readString(c, claim);
                if (s == null) {
                    return null;
                }
                for (Object k : raw.getEnumConstants()) {
                    if (((Enum<?>) k).name().equals(s)) {
                        return k;
                    }
                }
                throw invalid(claim, "is not one of the names of " + raw.getSimpleName());
            };
        }
        if (Map.class.isAssignableFrom(raw) && !raw.isAssignableFrom(LinkedHashMap.class)) {
            throw new IllegalArgumentException("lcjwt binds JSON objects to a LinkedHashMap; declare "
                    + raw.getSimpleName() + " as Map<String, ...>");
        }
        if (Map.class.isAssignableFrom(raw)) {
            Type keyType = typeArg(type, 0);
            if (keyType != String.class && keyType != Object.class) {
                throw new IllegalArgumentException("lcjwt binds JSON objects only to maps with String keys, not " + type);
            }
            ValueReader values = forType(typeArg(type, 1), naming);
            return (c, claim) -> {
                if (!present(c, claim, '{', "an object")) {
                    return null;
                }
                Map<String, Object> m = new LinkedHashMap<>();
                c.startObject();
                while (c.nextName()) {
                    String name = c.name();
                    m.put(name, values.read(c, claim));
                }
                return m;
            };
        }
        if ((Collection.class.isAssignableFrom(raw) || raw == Iterable.class)
                && (raw.isAssignableFrom(ArrayList.class) || raw.isAssignableFrom(LinkedHashSet.class))) {
            Type elemType = typeArg(type, 0);
            boolean set = Set.class.isAssignableFrom(raw);
            if (!set && elemType == String.class) {
                return STRING_LIST;
            }
            ValueReader elems = forType(elemType, naming);
            return (c, claim) -> {
                if (!present(c, claim, '[', "an array")) {
                    return null;
                }
                Collection<Object> out = set ? new LinkedHashSet<>() : new ArrayList<>(4);
                c.startArray();
                while (c.nextElement()) {
                    out.add(elems.read(c, claim)); // errors name the claim, not the element path: no string building per element
                }
                return out;
            };
        }
        if (raw.isArray()) {
            Class<?> comp = raw.getComponentType();
            Type compType = type instanceof GenericArrayType ga ? ga.getGenericComponentType() : comp;
            ValueReader elems = forType(compType, naming);
            return (c, claim) -> {
                if (!present(c, claim, '[', "an array")) {
                    return null;
                }
                List<Object> items = new ArrayList<>();
                c.startArray();
                while (c.nextElement()) {
                    items.add(elems.read(c, claim));
                }
                Object arr = Array.newInstance(comp, items.size());
                for (int i = 0; i < items.size(); i++) {
                    Array.set(arr, i, items.get(i));
                }
                return arr;
            };
        }
        if (raw.isRecord() || ObjectBinding.isBean(raw)) {
            ObjectBinding.prepare(raw, naming);
            return (c, claim) -> {
                if (!present(c, claim, '{', "an object")) {
                    return null;
                }
                return ObjectBinding.of(raw, naming).readObject(c, claim);
            };
        }
        if (isJdkType(raw)) {
            throw new IllegalArgumentException("lcjwt does not bind claims to " + raw.getName()
                    + (Collection.class.isAssignableFrom(raw) ? "; declare it as List, Set or Collection"
                    : "; declare it as String, a number, Instant or another supported type"));
        }
        // Jackson-jr used to take any other type; it wraps 300 into a byte, truncates 1.9 into an
        // int and turns "12" into 12 and 5 into "5", so a type lcjwt cannot check is refused.
        throw new IllegalArgumentException("lcjwt does not bind claims to " + raw.getName() + ", which is not a"
                + " record, a bean (public class, public no-argument constructor, setters) or an enum");
    }
}
