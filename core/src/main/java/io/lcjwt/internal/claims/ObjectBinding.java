package io.lcjwt.internal.claims;

import io.lcjwt.InvalidClaimException;
import io.lcjwt.internal.codec.JsonCursor;
import io.lcjwt.internal.codec.NameIndex;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a JSON object becomes a {@code Map}, a record (canonical constructor) or a bean (public
 * no-argument constructor, then setters or public fields). Built once per class and cached.
 * JSON members the type does not declare are skipped.
 */
final class ObjectBinding {

    enum Kind { MAP, RECORD, BEAN }

    /** One settable member of the target type. */
    static final class Prop {
        final String name;
        final Type type;
        final Class<?> raw;
        final ValueReader reader;
        final int index;
        final MethodHandle setter;
        final boolean takesString;
        /** Declared exactly as String: read inline, without the reader's indirect call. */
        final boolean isString;
        /** Declared as a list of String: the top-level claims loop reads it inline. */
        final boolean isStringList;

        Prop(String name, Type type, int index, MethodHandle setter) {
            this.name = name;
            this.type = type;
            this.raw = Readers.raw(type);
            this.takesString = raw.isAssignableFrom(String.class);
            this.isString = raw == String.class;
            this.reader = Readers.forType(type);
            this.isStringList = reader == Readers.STRING_LIST;
            this.index = index;
            this.setter = setter;
        }
    }

    private static final ClassValue<ObjectBinding> CACHE = new ClassValue<>() {
        @Override
        protected ObjectBinding computeValue(Class<?> type) {
            return new ObjectBinding(type);
        }
    };

    static final ObjectBinding MAP = new ObjectBinding(Map.class);

    final Class<?> type;
    final Kind kind;
    private final Map<String, Prop> props;
    private final NameIndex<Prop> index;
    private final Object[] defaults;
    private final MethodHandle constructor;

    static ObjectBinding of(Class<?> type) {
        if (type == Map.class || type == Object.class || type == LinkedHashMap.class) {
            return MAP;
        }
        return CACHE.get(type);
    }

    static boolean isBean(Class<?> c) {
        if (c.isInterface() || c.isArray() || c.isPrimitive() || c.isEnum()
                || Modifier.isAbstract(c.getModifiers()) || c.getName().startsWith("java.")) {
            return false;
        }
        try {
            return Modifier.isPublic(c.getConstructor().getModifiers());
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private ObjectBinding(Class<?> type) {
        this.type = type;
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        try {
            if (Map.class.isAssignableFrom(type)) {
                kind = Kind.MAP;
                props = Map.of();
                defaults = null;
                constructor = null;
            } else if (type.isRecord()) {
                kind = Kind.RECORD;
                RecordComponent[] comps = type.getRecordComponents();
                Class<?>[] types = new Class<?>[comps.length];
                Map<String, Prop> ps = new HashMap<>();
                defaults = new Object[comps.length];
                for (int i = 0; i < comps.length; i++) {
                    types[i] = comps[i].getType();
                    ps.put(jsonName(comps[i].getName()), new Prop(comps[i].getName(), comps[i].getGenericType(), i, null));
                    defaults[i] = zero(types[i]);
                }
                props = ps;
                Constructor<?> c = type.getDeclaredConstructor(types);
                c.setAccessible(true);
                constructor = lookup.unreflectConstructor(c).asSpreader(Object[].class, comps.length);
            } else if (isBean(type)) {
                kind = Kind.BEAN;
                Map<String, Prop> ps = new HashMap<>();
                for (Method m : type.getMethods()) {
                    String n = m.getName();
                    if (n.length() > 3 && n.startsWith("set") && m.getParameterCount() == 1
                            && !Modifier.isStatic(m.getModifiers())) {
                        String prop = Character.toLowerCase(n.charAt(3)) + n.substring(4);
                        ps.put(prop, new Prop(prop, m.getGenericParameterTypes()[0], -1, lookup.unreflect(m)));
                    }
                }
                for (Field f : type.getFields()) {
                    int mod = f.getModifiers();
                    if (!Modifier.isStatic(mod) && !Modifier.isFinal(mod) && !ps.containsKey(f.getName())) {
                        ps.put(f.getName(), new Prop(f.getName(), f.getGenericType(), -1, lookup.unreflectSetter(f)));
                    }
                }
                props = ps;
                defaults = null;
                constructor = lookup.unreflectConstructor(type.getConstructor());
            } else {
                throw new IllegalArgumentException("lcjwt binds claims to a Map, a record, or a bean"
                        + " (public no-argument constructor and setters); " + type.getName() + " is none of these.");
            }
            index = new NameIndex<>(props);
        } catch (ReflectiveOperationException | InaccessibleObjectException | SecurityException e) {
            throw new IllegalArgumentException("lcjwt cannot construct " + type.getName() + ": " + e.getMessage()
                    + ". Make the type public, or open its package to module io.lcjwt.", e);
        }
    }

    /** Record components named like Java identifiers map to the same JSON names. */
    private static String jsonName(String component) {
        return component;
    }

    private static Object zero(Class<?> c) {
        if (!c.isPrimitive()) {
            return null;
        }
        if (c == boolean.class) {
            return false;
        }
        if (c == long.class) {
            return 0L;
        }
        if (c == int.class) {
            return 0;
        }
        if (c == double.class) {
            return 0.0d;
        }
        if (c == float.class) {
            return 0.0f;
        }
        if (c == short.class) {
            return (short) 0;
        }
        if (c == byte.class) {
            return (byte) 0;
        }
        return '\0';
    }

    /** The member for the cursor's current name, or null when the type does not declare it (Maps: always null). */
    Prop prop(JsonCursor c) {
        return index.get(c);
    }

    /** The JSON names this type declares (none for a Map). */
    java.util.Set<String> propertyNames() {
        return props.keySet();
    }

    /** The member named {@code name}, or null. */
    Prop property(String name) {
        return props.get(name);
    }

    /** As {@link #newState()}, but a record's arguments go in {@code scratch}'s reused array. */
    Object newState(ClaimsScratch scratch) {
        return kind == Kind.RECORD ? scratch.args(defaults) : newState();
    }

    Object newState() {
        return switch (kind) {
            case MAP -> new LinkedHashMap<String, Object>();
            case RECORD -> defaults.clone();
            case BEAN -> {
                try {
                    yield constructor.invoke();
                } catch (Throwable t) {
                    throw new IllegalStateException("lcjwt could not construct " + type.getName() + ": " + t, t);
                }
            }
        };
    }

    @SuppressWarnings("unchecked")
    void put(Object state, String name, Prop prop, Object value) {
        switch (kind) {
            case MAP -> ((Map<String, Object>) state).put(name, value);
            case RECORD -> {
                if (value == null && prop.raw.isPrimitive()) {
                    throw new InvalidClaimException(name, "The claim \"" + name + "\" is null but "
                            + type.getSimpleName() + "." + prop.name + " is a " + prop.raw + ".");
                }
                ((Object[]) state)[prop.index] = value;
            }
            case BEAN -> {
                if (value == null && prop.raw.isPrimitive()) {
                    throw new InvalidClaimException(name, "The claim \"" + name + "\" is null but "
                            + type.getSimpleName() + "." + prop.name + " is a " + prop.raw + ".");
                }
                try {
                    prop.setter.invoke(state, value);
                } catch (RuntimeException e) {
                    throw new InvalidClaimException(name, "The claim \"" + name + "\" was refused by "
                            + type.getSimpleName() + "'s setter: " + e.getClass().getSimpleName() + ".");
                } catch (Throwable t) {
                    throw new IllegalStateException(t);
                }
            }
        }
    }

    Object finish(Object state, String claim) {
        if (kind != Kind.RECORD) {
            return state;
        }
        try {
            return constructor.invoke((Object[]) state);
        } catch (RuntimeException e) {
            // A compact constructor that validates its input refused the claims.
            throw new InvalidClaimException(claim, "The claims were refused by " + type.getSimpleName()
                    + "'s constructor: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ".");
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Reads a nested object (not the top-level claims set, which ClaimsReader reads with checks). */
    Object readObject(JsonCursor c, String claim) {
        Object state = newState();
        c.startObject();
        while (c.nextName()) {
            if (kind == Kind.MAP) {
                String name = c.name();
                put(state, name, null, c.readNatural());
                continue;
            }
            Prop prop = prop(c);
            if (prop != null) {
                put(state, prop.name, prop, prop.reader.read(c, claim));
            } else {
                c.skipValue();
            }
        }
        return finish(state, claim);
    }
}
