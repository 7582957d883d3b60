package io.lcjwt.internal.claims;

import io.lcjwt.InvalidClaimException;
import io.lcjwt.internal.codec.JsonCursor;
import io.lcjwt.internal.codec.NameIndex;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads a claims set into the requested type and checks it in the same pass: each registered
 * claim is type-checked and validated as it streams by ({@code exp}, {@code nbf}, {@code iat},
 * {@code aud}, {@code iss}, {@code sub}, {@code jti}), presence is checked at the end. One pass
 * over the bytes, one object built.
 */
public final class CursorClaimsReader {

    private static final int SEEN_EXP = 1;
    private static final int SEEN_AUD = 2;
    private static final int SEEN_ISS = 4;

    private final ClaimsPolicy policy;
    /** The Jackson-jr reader this verifier chose, or null for lcjwt's own. */
    private final JacksonJrClaims jr;
    /** The plan for the type read last, then every plan made: most verifiers read one type. */
    private Plan last;
    private final ConcurrentHashMap<ObjectBinding, Plan> plans = new ConcurrentHashMap<>();
    /**
     * The configured issuer and audiences as bytes: a claim written plainly that equals one is
     * matched in place and answered with the configured String, so no String is made or hashed.
     * Empty when there are too many audiences for a linear match to pay.
     */
    private final byte[] issuerBytes;
    private final String[] audiences;
    private final byte[][] audienceBytes;

    /** Reads with lcjwt's cursor. */
    public CursorClaimsReader(ClaimsPolicy policy) {
        this(policy, null);
    }

    /**
     * @param jacksonJr a Jackson-jr {@code JSON} to read with instead of the cursor, or null;
     *        typed as Object so that this class links without Jackson-jr present
     */
    public CursorClaimsReader(ClaimsPolicy policy, Object jacksonJr) {
        this.policy = policy;
        this.jr = jacksonJr == null ? null : new JacksonJrClaims(jacksonJr, policy);
        this.issuerBytes = policy.issuer() == null ? null : policy.issuer().getBytes(StandardCharsets.UTF_8);
        // Loops, not streams: each lambda of a verifier's first build spins a class (a start-up rule, docs/architecture.md).
        List<String> auds = new ArrayList<>();
        if (policy.audiences().size() <= 4) {
            for (String a : policy.audiences()) {
                if (!a.isEmpty()) {
                    auds.add(a);
                }
            }
        }
        this.audiences = auds.toArray(new String[0]);
        this.audienceBytes = new byte[audiences.length][];
        for (int i = 0; i < audiences.length; i++) {
            audienceBytes[i] = audiences[i].getBytes(StandardCharsets.UTF_8);
        }
    }

    /**
     * What one member name means to this reader and one target type, found with one lookup.
     * {@code bit} marks the name in the read's bit set of names seen, which is its duplicate
     * check; 0 past the first 64 names, whose check the cursor keeps.
     */
    private record Slot(int registered, ObjectBinding.Prop prop, int required, long bit) {}

    /**
     * Every name this reader treats specially for one target type: the registered claims, the
     * required ones, and the type's members. Immutable, so it is safely shared through a plain
     * field. {@code type} is the class it was last asked for (several map to the Map binding), so
     * that a read of the same type as the last one needs no binding lookup at all.
     */
    private record Plan(Class<?> type, ObjectBinding binding, NameIndex<Slot> slots, long primitiveMask, Slot[] primitives) {}

    private Plan plan(Class<?> type) {
        Plan p = last;
        if (p == null || p.type != type) {
            // get/putIfAbsent, not computeIfAbsent(this::newPlan): the method reference would spin
            // a class in the first decode (a start-up rule, docs/architecture.md); two racing threads build equal plans.
            ObjectBinding binding = ObjectBinding.of(type, policy.naming());
            p = plans.get(binding);
            if (p == null) {
                Plan made = newPlan(binding);
                Plan raced = plans.putIfAbsent(binding, made);
                p = raced != null ? raced : made;
            }
            if (p.type != type) {
                p = new Plan(type, p.binding, p.slots, p.primitiveMask, p.primitives);
            }
            last = p;
        }
        return p;
    }

    private Plan newPlan(ObjectBinding binding) {
        Map<String, Slot> slots = new HashMap<>();
        List<String> required = policy.required();
        // The primitive members take the first bits, so the bit set of names seen, the duplicate
        // check, is also their presence check (ObjectBinding allows at most 64 of them).
        List<String> names = new ArrayList<>();
        for (ObjectBinding.Prop p : binding.primitives()) {
            names.add(p.name);
        }
        Set<String> rest = new java.util.TreeSet<>(REGISTERED.keySet());
        rest.addAll(required);
        rest.addAll(binding.propertyNames());
        rest.removeAll(names);
        names.addAll(rest);
        Slot[] primitives = new Slot[binding.primitives().length];
        long mask = 0;
        int index = 0;
        for (String name : names) {
            long bit = index < 64 ? 1L << index : 0;
            Slot slot = new Slot(REGISTERED.getOrDefault(name, 0), binding.property(name), required.indexOf(name), bit);
            if (index < primitives.length) {
                primitives[index] = slot;
                mask |= bit;
            }
            index++;
            slots.put(name, slot);
        }
        return new Plan(binding.type, binding, new NameIndex<>(slots), mask, primitives);
    }

    /**
     * Binds {@code buf[off, off+len)} (a decoded payload) to {@code type}: {@code Map.class} for a
     * {@code LinkedHashMap}, a record class, or a bean class.
     */
    public <T> T read(byte[] buf, int off, int len, Class<T> type) {
        return read(buf, off, len, type, new ClaimsScratch());
    }

    /**
     * Builds (or finds) the binding of {@code type} without reading anything, so that a type lcjwt
     * cannot bind is refused before the token's signature is checked.
     *
     * @throws IllegalArgumentException if {@code type} is not a Map, record or bean lcjwt can bind
     */
    public void prepare(Class<?> type) {
        plan(type);
    }

    /** As {@link #read(byte[], int, int, Class)}, reusing {@code scratch}'s working memory. */
    public <T> T read(byte[] buf, int off, int len, Class<T> type, ClaimsScratch scratch) {
        if (jr != null) {
            return jr.read(buf, off, len, type);
        }
        return readOwn(buf, off, len, type, scratch);
    }

    /** {@link #read} with the cursor, whichever reader the verifier chose. */
    <T> T readOwn(byte[] buf, int off, int len, Class<T> type, ClaimsScratch scratch) {
        Plan plan = plan(type);
        try {
            JsonCursor c = scratch.cursor.openObject(buf, off, len, "JWT claims set");
            Object result = readTop(c, plan, scratch);
            c.endDocument();
            return type.cast(result);
        } finally {
            scratch.clear();
        }
    }

    /** Registered claim ids, matched on the raw 3-byte names. */
    private static final int EXP = 1;
    private static final int NBF = 2;
    private static final int IAT = 3;
    private static final int AUD = 4;
    private static final int ISS = 5;
    private static final int SUB = 6;
    private static final int JTI = 7;

    private static final Map<String, Integer> REGISTERED = Map.of(
            "exp", EXP, "nbf", NBF, "iat", IAT, "aud", AUD, "iss", ISS, "sub", SUB, "jti", JTI);

    private Object readTop(JsonCursor c, Plan plan, ClaimsScratch scratch) {
        ObjectBinding b = plan.binding;
        Object state = b.newState(scratch);
        long now = policy.clock().millis();
        long leeway = policy.leewayMillis();
        long requiredSeen = 0;
        int seen = 0;
        boolean isMap = b.kind == ObjectBinding.Kind.MAP;
        NameIndex<Slot> slots = plan.slots;
        long namesSeen = 0;
        c.startObject();
        // A map keeps every name, so the cursor checks them all; a record or bean reads only the
        // plan's names, so those are checked here against a bit set and only the rest by the cursor.
        while (isMap ? c.nextName() : c.nextNameUnchecked()) {
            Slot slot = slots.get(c);
            if (!isMap) {
                long bit = slot == null ? 0 : slot.bit;
                if (bit == 0) {
                    c.checkNameUnique();
                } else if ((namesSeen & bit) != 0) {
                    throw c.duplicateName();
                }
                namesSeen |= bit;
            }
            if (slot == null) {
                if (isMap) {
                    b.put(state, c.name(), null, c.readNatural());
                } else {
                    c.skipValue();
                }
                continue;
            }
            if (slot.required >= 0) {
                requiredSeen |= 1L << slot.required;
            }
            int reg = slot.registered;
            ObjectBinding.Prop prop = slot.prop;
            String name = isMap ? c.name() : prop != null ? prop.name : null;
            Object value;
            switch (reg) {
                case EXP -> {
                    NumericDate d = NumericDate.read(c, "exp");
                    if (d.expired(now, leeway)) {
                        throw ClaimErrors.expired(d, now, leeway);
                    }
                    seen |= SEEN_EXP;
                    value = date(d, prop, "exp", isMap);
                }
                case NBF -> {
                    NumericDate d = NumericDate.read(c, "nbf");
                    if (d.future(now, leeway)) {
                        throw ClaimErrors.notYetValid(d, now, leeway);
                    }
                    value = date(d, prop, "nbf", isMap);
                }
                case IAT -> {
                    NumericDate d = NumericDate.read(c, "iat");
                    if (d.future(now, leeway)) {
                        throw ClaimErrors.issuedInFuture(d, now, leeway);
                    }
                    value = date(d, prop, "iat", isMap);
                }
                case AUD -> {
                    // The usual aud, one configured audience as a plain string, is matched here;
                    // audience() is too big for the JIT to inline and handles every other shape
                    // (trying the configured ones again first, which only a refused or escaped
                    // aud reaches twice).
                    String known = (isMap || prop == null || prop.takesString) && c.peek() == '"'
                            ? knownAudience(c) : null;
                    value = known != null ? known : audience(c, prop, isMap);
                    seen |= SEEN_AUD;
                }
                case ISS -> {
                    String iss;
                    if (issuerBytes != null && c.skipStringEqualTo(issuerBytes)) {
                        iss = policy.issuer();
                    } else if ((iss = Readers.readString(c, "iss")) == null) {
                        throw Readers.wrongType("iss", 'n', "a string");
                    } else if (policy.issuer() != null && !policy.issuer().equals(iss)) {
                        throw ClaimErrors.wrongIssuer(iss, policy.issuer());
                    }
                    seen |= SEEN_ISS;
                    value = string(iss, prop, "iss");
                }
                case SUB, JTI -> {
                    String claim = reg == SUB ? "sub" : "jti";
                    String s = Readers.readString(c, claim);
                    if (s == null) {
                        throw Readers.wrongType(claim, 'n', "a string");
                    }
                    value = string(s, prop, claim);
                }
                default -> {
                    if (isMap) {
                        value = c.readNatural();
                    } else if (prop != null && prop.isStringList && c.peek() == '[') {
                        // A List<String> (roles, amr), read right here: a method of its own is hot
                        // enough to be compiled apart, and by then too big for the JIT to inline.
                        // This repeats Readers.readStringList's loop on purpose: calling it, and
                        // dropping the aud fast path above, measured 3-4 % slower per decode
                        // (bin/ab, twice). Nulls and wrong types go there.
                        ArrayList<Object> list = new ArrayList<>(4);
                        c.startArray();
                        while (c.nextElement()) {
                            list.add(Readers.readString(c, prop.name));
                        }
                        value = list;
                    } else if (prop != null) {
                        value = prop.isString ? Readers.readString(c, prop.name) : prop.reader.read(c, prop.name);
                    } else {
                        c.skipValue();
                        continue;
                    }
                }
            }
            if (isMap || prop != null) {
                b.put(state, name, prop, value);
            }
        }
        if (policy.requireExpiration() && (seen & SEEN_EXP) == 0) {
            throw ClaimErrors.missingExpiration();
        }
        if (!policy.audiences().isEmpty() && (seen & SEEN_AUD) == 0) {
            throw ClaimErrors.missingAudience();
        }
        if (policy.issuer() != null && (seen & SEEN_ISS) == 0) {
            throw ClaimErrors.missingIssuer();
        }
        List<String> names = policy.required();
        if (!names.isEmpty() && requiredSeen != (1L << names.size()) - 1) {
            for (int i = 0; i < names.size(); i++) {
                if ((requiredSeen & (1L << i)) == 0) {
                    throw ClaimErrors.missingRequired(names.get(i));
                }
            }
        }
        if ((namesSeen & plan.primitiveMask) != plan.primitiveMask) {
            for (Slot slot : plan.primitives) {
                if ((namesSeen & slot.bit) == 0) {
                    throw b.missing(slot.prop, null);
                }
            }
        }
        return b.finish(state, "claims");
    }

    private static Object date(NumericDate d, ObjectBinding.Prop prop, String name, boolean isMap) {
        if (isMap || prop == null) {
            return d.canonical();
        }
        Class<?> t = prop.raw;
        if (t == Instant.class) {
            return d.toInstant();
        }
        if (t == long.class || t == Long.class) {
            return d.seconds();
        }
        if (t == double.class || t == Double.class) {
            return d.value();
        }
        if (t == Object.class || t == Number.class) {
            return d.canonical();
        }
        if (t == java.util.Date.class || t == java.time.OffsetDateTime.class || t == java.time.ZonedDateTime.class) {
            return Readers.fromDate(d, t);
        }
        throw new InvalidClaimException(name, "The claim \"" + name + "\" is a NumericDate, which cannot be"
                + " bound to a " + t.getSimpleName() + "; declare it as Instant, long or double.");
    }

    private static Object string(String s, ObjectBinding.Prop prop, String name) {
        if (prop != null && !prop.takesString) {
            Object converted = Readers.fromString(s, prop.raw, name);
            if (converted != null) {
                return converted;
            }
            throw new InvalidClaimException(name, "The claim \"" + name + "\" is a string, which cannot be"
                    + " bound to a " + prop.raw.getSimpleName() + ".");
        }
        return s;
    }

    /** {@code aud}: a non-empty string or a non-empty array of non-empty strings, one of which must match. */
    private Object audience(JsonCursor c, ObjectBinding.Prop prop, boolean isMap) {
        int t = c.valueType();
        Set<String> accepted = policy.audiences();
        if (t == '"') {
            String aud = knownAudience(c);
            if (aud == null) {
                aud = c.readString();
                if (aud.isEmpty()) {
                    throw ClaimErrors.emptyAudience(false);
                }
                policy.checkAudience(accepted, accepted.contains(aud), aud);
            }
            if (isMap || prop == null || prop.raw.isAssignableFrom(String.class)) {
                return aud;
            }
            return toCollection(prop, List.of(aud));
        }
        if (t != '[') {
            throw ClaimErrors.audienceNotString(t);
        }
        List<String> auds = new ArrayList<>(2);
        boolean match = false;
        c.startArray();
        while (c.nextElement()) {
            int e = c.valueType();
            if (e != '"') {
                throw ClaimErrors.audienceElement(e);
            }
            String a = knownAudience(c);
            if (a != null) {
                match = true;
            } else {
                a = c.readString();
                if (a.isEmpty()) {
                    throw ClaimErrors.emptyAudience(true);
                }
                match |= accepted.contains(a);
            }
            auds.add(a);
        }
        if (auds.isEmpty()) {
            throw ClaimErrors.emptyAudienceArray();
        }
        policy.checkAudience(accepted, match, auds.get(0));
        if (isMap || prop == null || prop.raw == Object.class) {
            return auds;
        }
        if (prop.raw == String.class) {
            if (auds.size() != 1) {
                throw new InvalidClaimException("aud", "The JWT has " + auds.size() + " audiences, which cannot"
                        + " be bound to a String; declare the field as List<String>.");
            }
            return auds.get(0);
        }
        return toCollection(prop, auds);
    }

    /** The configured audience that the plainly written string at the cursor equals (then consumed), or null. */
    private String knownAudience(JsonCursor c) {
        byte[][] known = audienceBytes;
        for (int i = 0; i < known.length; i++) {
            if (c.skipStringEqualTo(known[i])) {
                return audiences[i];
            }
        }
        return null;
    }

    private static Object toCollection(ObjectBinding.Prop prop, List<String> auds) {
        if (prop.raw.isAssignableFrom(ArrayList.class)) {
            return auds instanceof ArrayList<?> ? auds : new ArrayList<>(auds);
        }
        if (prop.raw.isAssignableFrom(LinkedHashSet.class)) {
            return new LinkedHashSet<>(auds);
        }
        if (prop.raw == String[].class) {
            return auds.toArray(new String[0]);
        }
        throw new InvalidClaimException("aud", "The \"aud\" claim cannot be bound to a "
                + prop.raw.getSimpleName() + "; declare it as String or List<String>.");
    }

}
