package io.lcjwt.internal.claims;

import io.lcjwt.ClaimNaming;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.JwtException;
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
import java.util.Optional;

/**
 * How a JSON object becomes a {@code Map}, a record (canonical constructor) or a bean (public
 * no-argument constructor, then setters or public fields). Built once per class and cached.
 * JSON members the type does not declare are skipped.
 */
final class ObjectBinding {

    enum Kind { MAP, RECORD, BEAN }

    /** One settable member of the target type. */
    static final class Prop {
        /** The claim name, as the token spells it. */
        final String name;
        /** The Java member's name, for messages. */
        final String member;
        /** The declared type, or T for an {@code Optional<T>}. */
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
        /** Declared as {@code Optional<T>}: the value read as T is wrapped. */
        final boolean optional;
        /** This member's bit in a nested read's set of primitive members seen; 0 if not primitive. */
        long primitiveBit;

        Prop(String name, String member, Type declared, int index, MethodHandle setter, ClaimNaming naming) {
            this.name = name;
            this.member = member;
            this.optional = Readers.raw(declared) == Optional.class;
            this.type = optional ? Readers.typeArg(declared, 0) : declared;
            this.raw = Readers.raw(type);
            this.takesString = raw.isAssignableFrom(String.class);
            this.isString = raw == String.class && !optional;
            this.reader = Readers.forType(type, naming);
            this.isStringList = reader == Readers.STRING_LIST && !optional;
            this.index = index;
            this.setter = setter;
        }
    }

    /** The classes whose bindings this thread is building: a type that contains itself stops there.
     * Declared before MAP, whose construction uses it. */
    // An anonymous class, not withInitial(HashSet::new): a lambda spins a class at first use (start-up).
    private static final ThreadLocal<java.util.Set<Class<?>>> BUILDING = new ThreadLocal<>() {
        @Override
        protected java.util.Set<Class<?>> initialValue() {
            return new java.util.HashSet<>();
        }
    };

    /** One cache per naming rule, indexed by its ordinal: a class reads differently under each. */
    @SuppressWarnings("unchecked")
    private static final ClassValue<ObjectBinding>[] CACHE = new ClassValue[ClaimNaming.values().length];

    static {
        for (ClaimNaming naming : ClaimNaming.values()) {
            CACHE[naming.ordinal()] = new ClassValue<>() {
                @Override
                protected ObjectBinding computeValue(Class<?> type) {
                    return new ObjectBinding(type, naming);
                }
            };
        }
    }

    static final ObjectBinding MAP = new ObjectBinding(Map.class, ClaimNaming.IDENTITY);

    final Class<?> type;
    final Kind kind;
    final ClaimNaming naming;
    private final Map<String, Prop> props;
    private final NameIndex<Prop> index;
    private final Object[] defaults;
    private final MethodHandle constructor;
    /** The primitive members, which must all be present; their bits make {@link #primitiveMask}. */
    private final Prop[] primitives;
    private final long primitiveMask;
    /** A bean's {@code Optional} members, set to empty when it is made so that an absent claim reads empty. */
    private final Prop[] optionals;

    static ObjectBinding of(Class<?> type, ClaimNaming naming) {
        if (type == Map.class || type == Object.class || type == LinkedHashMap.class) {
            return MAP;
        }
        return CACHE[naming.ordinal()].get(type);
    }

    /**
     * Builds the binding of a nested record or bean now, when the outer type's binding is built,
     * so that a member type lcjwt cannot bind is refused on first use and not after a signature
     * check. A type already being built (a recursive type) is left to its first read.
     */
    static void prepare(Class<?> type, ClaimNaming naming) {
        if (!BUILDING.get().contains(type)) {
            of(type, naming);
        }
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

    private ObjectBinding(Class<?> type, ClaimNaming naming) {
        this.type = type;
        this.naming = naming;
        java.util.Set<Class<?>> building = BUILDING.get();
        building.add(type);
        try {
            Object[] d = new Object[1];
            MethodHandle[] ctor = new MethodHandle[1];
            Kind[] k = new Kind[1];
            props = build(type, naming, d, ctor, k);
            defaults = d[0] == null ? null : (Object[]) d[0];
            constructor = ctor[0];
            kind = k[0];
            index = new NameIndex<>(props);
            List<Prop> prims = new ArrayList<>();
            List<Prop> opts = new ArrayList<>();
            for (Prop p : sortedByName(props)) {
                if (p.raw.isPrimitive()) {
                    prims.add(p);
                }
                if (p.optional) {
                    opts.add(p);
                }
            }
            if (prims.size() > 64) {
                throw new IllegalArgumentException(type.getSimpleName() + " has " + prims.size()
                        + " primitive members; lcjwt checks that each one's claim is present, for at most 64."
                        + " Declare some as their box (Long, Boolean) or Optional.");
            }
            long mask = 0;
            for (int i = 0; i < prims.size(); i++) {
                prims.get(i).primitiveBit = 1L << i;
                mask |= 1L << i;
            }
            primitives = prims.toArray(new Prop[0]);
            primitiveMask = mask;
            optionals = kind == Kind.BEAN ? opts.toArray(new Prop[0]) : new Prop[0];
        } finally {
            building.remove(type);
        }
    }

    private static final java.util.Comparator<Prop> BY_NAME = new java.util.Comparator<>() {
        @Override
        public int compare(Prop a, Prop b) {
            return a.name.compareTo(b.name);
        }
    };

    /** The members in claim-name order, so that bits and messages do not depend on hashing. */
    private static List<Prop> sortedByName(Map<String, Prop> props) {
        List<Prop> out = new ArrayList<>(props.values());
        out.sort(BY_NAME);
        return out;
    }

    private static Map<String, Prop> build(Class<?> type, ClaimNaming naming, Object[] defaultsOut,
            MethodHandle[] ctorOut, Kind[] kindOut) {
        // A class in a named module is accessible to io.lcjwt only if io.lcjwt reads that module;
        // the user's opens/exports grant access, the read edge is lcjwt's own to add.
        Module lcjwt = ObjectBinding.class.getModule();
        if (lcjwt.isNamed() && !lcjwt.canRead(type.getModule())) {
            lcjwt.addReads(type.getModule());
        }
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        try {
            Map<String, Prop> props;
            Object[] defaults = null;
            MethodHandle constructor = null;
            Kind kind;
            if (Map.class.isAssignableFrom(type)) {
                if (!type.isAssignableFrom(LinkedHashMap.class)) {
                    throw new IllegalArgumentException("lcjwt returns a JSON object as a LinkedHashMap, which is not a "
                            + type.getName() + "; ask for Map.class.");
                }
                kind = Kind.MAP;
                props = Map.of();
            } else if (type.isRecord()) {
                kind = Kind.RECORD;
                RecordComponent[] comps = type.getRecordComponents();
                String[] names = ClaimNames.ofRecord(type, naming);
                Class<?>[] types = new Class<?>[comps.length];
                Map<String, Prop> ps = new HashMap<>();
                defaults = new Object[comps.length];
                for (int i = 0; i < comps.length; i++) {
                    types[i] = comps[i].getType();
                    Prop p = prop(type, names[i], comps[i].getName(), comps[i].getGenericType(), i, null, naming);
                    ps.put(names[i], p);
                    defaults[i] = p.optional ? Optional.empty() : zero(types[i]);
                }
                props = ps;
                Constructor<?> c = type.getDeclaredConstructor(types);
                c.setAccessible(true);
                constructor = lookup.unreflectConstructor(c).asSpreader(Object[].class, comps.length);
            } else if (isBean(type)) {
                kind = Kind.BEAN;
                Map<String, Prop> ps = new HashMap<>();
                Map<String, String> owners = new HashMap<>();
                Map<String, Method> setters = new HashMap<>();
                for (Method m : type.getMethods()) {
                    String n = m.getName();
                    if (n.length() > 3 && n.startsWith("set") && m.getParameterCount() == 1
                            && !Modifier.isStatic(m.getModifiers()) && !m.isBridge() && !m.isSynthetic()) {
                        String prop = ClaimNames.accessorProperty(m);
                        Method other = setters.putIfAbsent(prop, m);
                        if (other != null) {
                            // Which overload getMethods() lists last is unspecified: refuse rather than guess.
                            throw new IllegalArgumentException(type.getSimpleName() + " has two setters " + n + "("
                                    + other.getParameterTypes()[0].getSimpleName() + ") and " + n + "("
                                    + m.getParameterTypes()[0].getSimpleName() + ") for one claim; keep one.");
                        }
                        String claim = ClaimNames.ofBeanProperty(type, prop, naming);
                        ClaimNames.claim(owners, type, prop, claim);
                        ps.put(claim, prop(type, claim, prop, m.getGenericParameterTypes()[0], -1, lookup.unreflect(m), naming));
                    }
                }
                for (Field f : type.getFields()) {
                    int mod = f.getModifiers();
                    if (!Modifier.isStatic(mod) && !Modifier.isFinal(mod) && !setters.containsKey(f.getName())) {
                        String claim = ClaimNames.ofBeanProperty(type, f.getName(), naming);
                        ClaimNames.claim(owners, type, f.getName(), claim);
                        ps.put(claim, prop(type, claim, f.getName(), f.getGenericType(), -1, lookup.unreflectSetter(f), naming));
                    }
                }
                props = ps;
                constructor = lookup.unreflectConstructor(type.getConstructor());
            } else {
                throw new IllegalArgumentException("lcjwt binds claims to a Map, a record, or a bean"
                        + " (public no-argument constructor and setters); " + type.getName() + " is none of these.");
            }
            defaultsOut[0] = defaults;
            ctorOut[0] = constructor;
            kindOut[0] = kind;
            return props;
        } catch (ReflectiveOperationException | InaccessibleObjectException | SecurityException e) {
            throw new IllegalArgumentException(accessError(type, e), e);
        }
    }

    /** Why io.lcjwt may not construct {@code type}, and what the user must change. */
    static String accessError(Class<?> type, Exception e) {
        Module m = type.getModule();
        String pkg = type.getPackageName();
        Module lcjwt = ObjectBinding.class.getModule();
        if (m.isNamed() && !m.isOpen(pkg, lcjwt)) {
            // The JDK's own text names method handle internals; the module and package are what matter.
            return "lcjwt cannot construct " + type.getName() + ": module " + m.getName() + " does not open package "
                    + pkg + " to io.lcjwt" + (m.isExported(pkg, lcjwt) ? " (it exports it, but a member is not public)" : "")
                    + ". Add \"opens " + pkg + " to io.lcjwt;\" to the module-info.java of module " + m.getName()
                    + " (\"exports " + pkg + " to io.lcjwt;\" is enough for a public type whose constructor"
                    + " and setters are public).";
        }
        return "lcjwt cannot construct " + type.getName() + ": " + e.getMessage() + ". Make " + type.getSimpleName()
                + " public (and its enclosing classes), with a public constructor and public setters.";
    }

    /** A member, with a binding error put in terms of the member it is about. */
    private static Prop prop(Class<?> owner, String claim, String member, Type type, int index, MethodHandle setter,
            ClaimNaming naming) {
        try {
            return new Prop(claim, member, type, index, setter, naming);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(owner.getSimpleName() + "." + member + " (" + type.getTypeName()
                    + "): " + e.getMessage(), e);
        }
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
                Object bean;
                try {
                    bean = constructor.invoke();
                } catch (Throwable t) {
                    throw new IllegalStateException("lcjwt could not construct " + type.getName() + ": " + t, t);
                }
                for (Prop p : optionals) {
                    put(bean, p.name, p, null);
                }
                yield bean;
            }
        };
    }

    /** The bits of the primitive members, all of which a read must have seen. */
    long primitiveMask() {
        return primitiveMask;
    }

    /** The primitive members, in the order of their bits. */
    Prop[] primitives() {
        return primitives;
    }

    /**
     * Refuses a read that left a primitive member without its claim.
     *
     * @param seen the bits of the primitive members read
     * @param outer the claim this object is the value of, or null for the claims set itself
     */
    void checkPrimitives(long seen, String outer) {
        if (seen != primitiveMask) {
            for (Prop p : primitives) {
                if ((seen & p.primitiveBit) == 0) {
                    throw missing(p, outer);
                }
            }
        }
    }

    /** The refusal of a token without the claim (or, in claim {@code outer}, the member) of primitive {@code p}. */
    JwtException missing(Prop p, String outer) {
        return ClaimErrors.missingPrimitive(type, p.name, p.member, p.raw, outer);
    }

    @SuppressWarnings("unchecked")
    void put(Object state, String name, Prop prop, Object value) {
        switch (kind) {
            case MAP -> ((Map<String, Object>) state).put(name, value);
            case RECORD -> {
                if (prop.optional) {
                    value = Optional.ofNullable(value);
                } else if (value == null && prop.raw.isPrimitive()) {
                    throw new InvalidClaimException(name, "The claim \"" + name + "\" is null but "
                            + type.getSimpleName() + "." + prop.member + " is a " + prop.raw + ".");
                }
                ((Object[]) state)[prop.index] = value;
            }
            case BEAN -> {
                if (prop.optional) {
                    value = Optional.ofNullable(value);
                } else if (value == null && prop.raw.isPrimitive()) {
                    throw new InvalidClaimException(name, "The claim \"" + name + "\" is null but "
                            + type.getSimpleName() + "." + prop.member + " is a " + prop.raw + ".");
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

    /** Reads a nested object (not the top-level claims set, which CursorClaimsReader reads with checks). */
    Object readObject(JsonCursor c, String claim) {
        Object state = newState();
        long seen = 0;
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
                seen |= prop.primitiveBit;
            } else {
                c.skipValue();
            }
        }
        checkPrimitives(seen, claim);
        return finish(state, claim);
    }
}
