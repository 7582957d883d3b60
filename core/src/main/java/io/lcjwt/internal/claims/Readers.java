package io.lcjwt.internal.claims;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.internal.codec.Json;

import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a {@link ValueReader} for a declared Java type. The common claim types are read straight
 * off the token stream; nested records and beans recurse into {@link ObjectBinding}; any other
 * type is handed to Jackson-jr at the same parser position.
 */
final class Readers {
    private Readers() {}

    static final ValueReader NATURAL = (p, claim, cs) -> {
        try {
            return Json.readNatural(p, cs);
        } catch (Json.LoneSurrogateException e) {
            throw invalid(claim, "holds a string with an unpaired surrogate escape, which is not valid Unicode");
        }
    };

    static InvalidClaimException invalid(String claim, String what) {
        return new InvalidClaimException(claim, "The claim \"" + claim + "\" " + what + ".");
    }

    static InvalidClaimException wrongType(String claim, JsonToken t, String expected) {
        return invalid(claim, "is " + describe(t) + " but must be " + expected);
    }

    static String describe(JsonToken t) {
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
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

    static String readString(JsonParser p, String claim, boolean cs) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t != JsonToken.VALUE_STRING) {
            throw wrongType(claim, t, "a string");
        }
        String s = p.getText();
        if (cs) {
            try {
                Json.checkString(s);
            } catch (Json.LoneSurrogateException e) {
                throw invalid(claim, "holds a string with an unpaired surrogate escape, which is not valid Unicode");
            }
        }
        return s;
    }

    static ValueReader forType(Type type) {
        Class<?> raw = raw(type);
        if (raw == String.class || raw == CharSequence.class) {
            return Readers::readString;
        }
        if (raw == Object.class) {
            return NATURAL;
        }
        if (raw == long.class || raw == Long.class) {
            boolean prim = raw.isPrimitive();
            return (p, claim, cs) -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NULL && !prim) {
                    return null;
                }
                if (t != JsonToken.VALUE_NUMBER_INT) {
                    throw wrongType(claim, t, "an integer");
                }
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw invalid(claim, "does not fit in a 64-bit integer");
                }
                return p.getLongValue();
            };
        }
        if (raw == int.class || raw == Integer.class || raw == short.class || raw == Short.class) {
            boolean prim = raw.isPrimitive();
            boolean isShort = raw == short.class || raw == Short.class;
            return (p, claim, cs) -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NULL && !prim) {
                    return null;
                }
                if (t != JsonToken.VALUE_NUMBER_INT) {
                    throw wrongType(claim, t, "an integer");
                }
                if (p.getNumberType() != JsonParser.NumberType.INT) {
                    throw invalid(claim, "does not fit in a 32-bit integer");
                }
                int v = p.getIntValue();
                if (isShort) {
                    if (v != (short) v) {
                        throw invalid(claim, "does not fit in a 16-bit integer");
                    }
                    return (short) v;
                }
                return v;
            };
        }
        if (raw == double.class || raw == Double.class || raw == float.class || raw == Float.class) {
            boolean prim = raw.isPrimitive();
            boolean isFloat = raw == float.class || raw == Float.class;
            return (p, claim, cs) -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NULL && !prim) {
                    return null;
                }
                if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
                    throw wrongType(claim, t, "a number");
                }
                double d = p.getDoubleValue();
                if (!Double.isFinite(d)) {
                    throw invalid(claim, "is out of range");
                }
                return isFloat ? (Object) (float) d : (Object) d;
            };
        }
        if (raw == boolean.class || raw == Boolean.class) {
            boolean prim = raw.isPrimitive();
            return (p, claim, cs) -> switch (p.currentToken()) {
                case VALUE_TRUE -> Boolean.TRUE;
                case VALUE_FALSE -> Boolean.FALSE;
                case VALUE_NULL -> {
                    if (prim) {
                        throw wrongType(claim, JsonToken.VALUE_NULL, "a boolean");
                    }
                    yield null;
                }
                default -> throw wrongType(claim, p.currentToken(), "a boolean");
            };
        }
        if (raw == BigInteger.class || raw == BigDecimal.class || raw == Number.class) {
            return (p, claim, cs) -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NULL) {
                    return null;
                }
                if (t != JsonToken.VALUE_NUMBER_INT && (t != JsonToken.VALUE_NUMBER_FLOAT || raw == BigInteger.class)) {
                    throw wrongType(claim, t, raw == BigInteger.class ? "an integer" : "a number");
                }
                if (raw == BigInteger.class) {
                    return p.getBigIntegerValue();
                }
                return raw == BigDecimal.class ? p.getDecimalValue() : p.getNumberValue();
            };
        }
        if (raw == Instant.class || raw == Date.class) {
            return (p, claim, cs) -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NULL) {
                    return null;
                }
                NumericDate d = NumericDate.read(p, claim);
                return raw == Instant.class ? d.toInstant() : Date.from(d.toInstant());
            };
        }
        if (raw.isEnum()) {
            return (p, claim, cs) -> {
                String s = readString(p, claim, cs);
                if (s == null) {
                    return null;
                }
                for (Object c : raw.getEnumConstants()) {
                    if (((Enum<?>) c).name().equals(s)) {
                        return c;
                    }
                }
                throw invalid(claim, "is not one of the names of " + raw.getSimpleName());
            };
        }
        if (Map.class.isAssignableFrom(raw) && raw.isAssignableFrom(LinkedHashMap.class)) {
            Type keyType = typeArg(type, 0);
            if (keyType != String.class && keyType != Object.class) {
                throw new IllegalArgumentException("lcjwt binds JSON objects only to maps with String keys, not " + type);
            }
            ValueReader values = forType(typeArg(type, 1));
            return (p, claim, cs) -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NULL) {
                    return null;
                }
                if (t != JsonToken.START_OBJECT) {
                    throw wrongType(claim, t, "an object");
                }
                Map<String, Object> m = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k == JsonToken.FIELD_NAME; k = p.nextToken()) {
                    String name = p.currentName();
                    if (cs) {
                        checkName(name, claim);
                    }
                    p.nextToken();
                    m.put(name, values.read(p, claim + "." + name, cs));
                }
                return m;
            };
        }
        if ((Collection.class.isAssignableFrom(raw) || raw == Iterable.class)
                && (raw.isAssignableFrom(ArrayList.class) || raw.isAssignableFrom(LinkedHashSet.class))) {
            ValueReader elems = forType(typeArg(type, 0));
            boolean set = Set.class.isAssignableFrom(raw);
            return (p, claim, cs) -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NULL) {
                    return null;
                }
                if (t != JsonToken.START_ARRAY) {
                    throw wrongType(claim, t, "an array");
                }
                Collection<Object> c = set ? new LinkedHashSet<>() : new ArrayList<>();
                int i = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    c.add(elems.read(p, claim + "[" + i++ + "]", cs));
                }
                return c;
            };
        }
        if (raw.isArray()) {
            Class<?> comp = raw.getComponentType();
            Type compType = type instanceof GenericArrayType ga ? ga.getGenericComponentType() : comp;
            ValueReader elems = forType(compType);
            return (p, claim, cs) -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NULL) {
                    return null;
                }
                if (t != JsonToken.START_ARRAY) {
                    throw wrongType(claim, t, "an array");
                }
                List<Object> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(elems.read(p, claim + "[" + items.size() + "]", cs));
                }
                Object arr = Array.newInstance(comp, items.size());
                for (int i = 0; i < items.size(); i++) {
                    Array.set(arr, i, items.get(i));
                }
                return arr;
            };
        }
        if (raw.isRecord() || ObjectBinding.isBean(raw)) {
            return (p, claim, cs) -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NULL) {
                    return null;
                }
                if (t != JsonToken.START_OBJECT) {
                    throw wrongType(claim, t, "an object");
                }
                return ObjectBinding.of(raw).readObject(p, claim, cs);
            };
        }
        // Anything else is Jackson-jr's to bind, from the same parser position.
        return (p, claim, cs) -> {
            if (p.currentToken() == JsonToken.VALUE_NULL) {
                return null;
            }
            try {
                return JSON.std.beanFrom(raw, p);
            } catch (IOException | RuntimeException e) {
                throw invalid(claim, "cannot be read as " + raw.getSimpleName());
            }
        };
    }

    static void checkName(String name, String claim) {
        try {
            Json.checkString(name);
        } catch (Json.LoneSurrogateException e) {
            throw invalid(claim, "has a member name with an unpaired surrogate escape, which is not valid Unicode");
        }
    }
}
