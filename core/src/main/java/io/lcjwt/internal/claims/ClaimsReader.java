package io.lcjwt.internal.claims;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.MissingClaimException;
import io.lcjwt.NotYetValidException;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.codec.Json;
import io.lcjwt.internal.codec.Utf8;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a claims set into the requested type and checks it in the same pass: each registered
 * claim is type-checked and validated as it streams by ({@code exp}, {@code nbf}, {@code iat},
 * {@code aud}, {@code iss}, {@code sub}, {@code jti}), presence is checked at the end. One pass
 * over the bytes, one object built.
 */
public final class ClaimsReader {

    private static final int SEEN_EXP = 1;
    private static final int SEEN_AUD = 2;
    private static final int SEEN_ISS = 4;

    private final ClaimsPolicy policy;

    public ClaimsReader(ClaimsPolicy policy) {
        this.policy = policy;
    }

    /**
     * Binds {@code buf[off, off+len)} (a decoded payload) to {@code type}: {@code Map.class} for a
     * {@code LinkedHashMap}, a record class, or a bean class.
     */
    public <T> T read(byte[] buf, int off, int len, Class<T> type) {
        ObjectBinding binding = ObjectBinding.of(type);
        int flags = Base64Url.scan(buf, off, len);
        if ((flags & Base64Url.NON_ASCII) != 0 && Utf8.firstInvalid(buf, off, len) >= 0) {
            throw new MalformedJwtException("The JWT claims are not valid UTF-8.");
        }
        boolean cs = (flags & Base64Url.BACKSLASH) != 0;
        try (JsonParser p = Json.parser(buf, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new MalformedJwtException("The JWT claims set is not a JSON object (RFC 7519 section 7.2).");
            }
            Object result = readTop(p, binding, cs);
            if (p.nextToken() != null) {
                throw new MalformedJwtException("The JWT claims set has data after its JSON object.");
            }
            return type.cast(result);
        } catch (IOException e) {
            throw new MalformedJwtException("The JWT claims set is not valid JSON: " + Json.describe(e) + ".");
        }
    }

    /** Reads a claims set into a map with JSON strictness but no claim checks (for {@code Unverified}). */
    @SuppressWarnings("unchecked")
    public static java.util.Map<String, Object> readUnchecked(byte[] buf, int off, int len) {
        ClaimsPolicy none = new ClaimsPolicy(Set.of(), null, 0, java.time.Clock.systemUTC(), false, List.of());
        return new ClaimsReader(none).readRaw(buf, off, len);
    }

    @SuppressWarnings("unchecked")
    private java.util.Map<String, Object> readRaw(byte[] buf, int off, int len) {
        int flags = Base64Url.scan(buf, off, len);
        if ((flags & Base64Url.NON_ASCII) != 0 && Utf8.firstInvalid(buf, off, len) >= 0) {
            throw new MalformedJwtException("The JWT claims are not valid UTF-8.");
        }
        try (JsonParser p = Json.parser(buf, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new MalformedJwtException("The JWT claims set is not a JSON object (RFC 7519 section 7.2).");
            }
            Object m = Json.readNatural(p, (flags & Base64Url.BACKSLASH) != 0);
            if (p.nextToken() != null) {
                throw new MalformedJwtException("The JWT claims set has data after its JSON object.");
            }
            return (java.util.Map<String, Object>) m;
        } catch (Json.LoneSurrogateException e) {
            throw new MalformedJwtException("The JWT claims hold a string with an unpaired surrogate escape.");
        } catch (IOException e) {
            throw new MalformedJwtException("The JWT claims set is not valid JSON: " + Json.describe(e) + ".");
        }
    }

    private Object readTop(JsonParser p, ObjectBinding b, boolean cs) throws IOException {
        Object state = b.newState();
        long now = policy.clock().millis();
        long leeway = policy.leewayMillis();
        List<String> required = policy.required();
        long requiredSeen = 0;
        int seen = 0;
        boolean isMap = b.kind == ObjectBinding.Kind.MAP;
        for (JsonToken k = p.nextToken(); k == JsonToken.FIELD_NAME; k = p.nextToken()) {
            String name = p.currentName();
            if (cs) {
                Readers.checkName(name, name);
            }
            p.nextToken();
            if (!required.isEmpty()) {
                int idx = required.indexOf(name);
                if (idx >= 0) {
                    requiredSeen |= 1L << idx;
                }
            }
            ObjectBinding.Prop prop = isMap ? null : b.prop(name);
            Object value;
            switch (name) {
                case "exp" -> {
                    NumericDate d = NumericDate.read(p, name);
                    if (d.toMillis() <= now - leeway) {
                        throw new ExpiredJwtException("The JWT expired at " + d.toInstant() + " (now "
                                + Instant.ofEpochMilli(now) + ", leeway " + leeway / 1000 + " s).", d.toInstant());
                    }
                    seen |= SEEN_EXP;
                    value = date(d, prop, name, isMap);
                }
                case "nbf" -> {
                    NumericDate d = NumericDate.read(p, name);
                    if (d.toMillis() > now + leeway) {
                        throw new NotYetValidException("The JWT is not valid before " + d.toInstant()
                                + " (now " + Instant.ofEpochMilli(now) + ", leeway " + leeway / 1000 + " s).",
                                d.toInstant());
                    }
                    value = date(d, prop, name, isMap);
                }
                case "iat" -> value = date(NumericDate.read(p, name), prop, name, isMap);
                case "aud" -> {
                    value = audience(p, prop, isMap, cs);
                    seen |= SEEN_AUD;
                }
                case "iss" -> {
                    String iss = Readers.readString(p, name, cs);
                    if (iss == null) {
                        throw Readers.wrongType(name, JsonToken.VALUE_NULL, "a string");
                    }
                    if (policy.issuer() != null && !policy.issuer().equals(iss)) {
                        throw new InvalidClaimException(name, "The JWT was issued by \"" + printable(iss)
                                + "\", not by the expected issuer \"" + policy.issuer() + "\".");
                    }
                    seen |= SEEN_ISS;
                    value = string(iss, prop, name);
                }
                case "sub", "jti" -> {
                    String s = Readers.readString(p, name, cs);
                    if (s == null) {
                        throw Readers.wrongType(name, JsonToken.VALUE_NULL, "a string");
                    }
                    value = string(s, prop, name);
                }
                default -> {
                    if (isMap) {
                        value = Readers.NATURAL.read(p, name, cs);
                    } else if (prop != null) {
                        value = prop.reader.read(p, name, cs);
                    } else {
                        p.skipChildren();
                        continue;
                    }
                }
            }
            if (isMap || prop != null) {
                b.put(state, name, prop, value);
            }
        }
        if (policy.requireExpiration() && (seen & SEEN_EXP) == 0) {
            throw new MissingClaimException("exp", "The JWT has no \"exp\" (expiration) claim, which this"
                    + " verifier requires; tokens without one never expire.");
        }
        if (!policy.audiences().isEmpty() && (seen & SEEN_AUD) == 0) {
            throw new MissingClaimException("aud", "The JWT has no \"aud\" (audience) claim, which this verifier requires.");
        }
        if (policy.issuer() != null && (seen & SEEN_ISS) == 0) {
            throw new MissingClaimException("iss", "The JWT has no \"iss\" (issuer) claim, which this verifier requires.");
        }
        if (!required.isEmpty() && requiredSeen != (1L << required.size()) - 1) {
            for (int i = 0; i < required.size(); i++) {
                if ((requiredSeen & (1L << i)) == 0) {
                    throw new MissingClaimException(required.get(i), "The JWT has no \"" + required.get(i)
                            + "\" claim, which this verifier requires.");
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
            return d.seconds() + d.nanos() / 1e9;
        }
        if (t == Object.class || t == Number.class) {
            return d.canonical();
        }
        if (t == java.util.Date.class) {
            return java.util.Date.from(d.toInstant());
        }
        throw new InvalidClaimException(name, "The claim \"" + name + "\" is a NumericDate, which cannot be"
                + " bound to a " + t.getSimpleName() + "; declare it as Instant, long or double.");
    }

    private static Object string(String s, ObjectBinding.Prop prop, String name) {
        if (prop != null && !prop.raw.isAssignableFrom(String.class)) {
            throw new InvalidClaimException(name, "The claim \"" + name + "\" is a string, which cannot be"
                    + " bound to a " + prop.raw.getSimpleName() + ".");
        }
        return s;
    }

    /** {@code aud}: a non-empty string or a non-empty array of non-empty strings, one of which must match. */
    private Object audience(JsonParser p, ObjectBinding.Prop prop, boolean isMap, boolean cs) throws IOException {
        JsonToken t = p.currentToken();
        Set<String> accepted = policy.audiences();
        if (t == JsonToken.VALUE_STRING) {
            String aud = Readers.readString(p, "aud", cs);
            if (aud.isEmpty()) {
                throw new InvalidClaimException("aud", "The JWT's \"aud\" claim is an empty string.");
            }
            checkAudience(accepted, accepted.contains(aud), aud);
            if (isMap || prop == null || prop.raw.isAssignableFrom(String.class)) {
                return aud;
            }
            return toCollection(prop, List.of(aud));
        }
        if (t != JsonToken.START_ARRAY) {
            throw Readers.wrongType("aud", t, "a string or an array of strings");
        }
        List<String> auds = new ArrayList<>(2);
        boolean match = false;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.VALUE_STRING) {
                throw Readers.invalid("aud", "holds " + Readers.describe(t) + "; every audience must be a string");
            }
            String a = Readers.readString(p, "aud", cs);
            if (a.isEmpty()) {
                throw new InvalidClaimException("aud", "The JWT's \"aud\" claim holds an empty string.");
            }
            match |= accepted.contains(a);
            auds.add(a);
        }
        if (auds.isEmpty()) {
            throw new InvalidClaimException("aud", "The JWT's \"aud\" claim is an empty array.");
        }
        checkAudience(accepted, match, auds.get(0));
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

    private static void checkAudience(Collection<String> accepted, boolean match, String example) {
        if (accepted.isEmpty()) {
            throw new InvalidClaimException("aud", "The JWT is meant for audience \"" + printable(example)
                    + "\", but this verifier expects no audience; configure audience(...) on the verifier.");
        }
        if (!match) {
            throw new InvalidClaimException("aud", "The JWT is not meant for this audience (it names \""
                    + printable(example) + "\"; expected one of " + accepted + ").");
        }
    }

    private static String printable(String s) {
        return io.lcjwt.internal.codec.HeaderParser.printable(s);
    }
}
