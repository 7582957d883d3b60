package io.lcjwt.internal.claims;

import io.lcjwt.internal.Untrusted;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.JwtException;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.codec.JsonCursor;
import io.lcjwt.internal.codec.JsonCursor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The claims reader a verifier gets from {@code ClaimsReader.jacksonJr(json)}: Jackson-jr's
 * streaming parser and natural-value reader build the claims tree, under the caller's
 * {@code JSON} features but always with lcjwt's strict factory ({@link Json#FACTORY}: duplicate
 * names refused at every level, nesting, number and string lengths capped), member by member.
 *
 * <p>Into a {@code Map}, lcjwt's rules run on each registered claim as it is read, in code of
 * their own, with the sentences of {@link ClaimErrors}: this path shares no parsing with
 * {@link CursorClaimsReader}, so each reader is the other's oracle. The result is the tree, in
 * the shape lcjwt's reader gives (integers as {@code Long} or {@code BigInteger}, fractions as
 * {@code Double} unless the {@code JSON} has {@code USE_BIG_DECIMAL_FOR_FLOATS}).
 *
 * <p>Into a record or bean, Jackson-jr only parses: the tree is written back as JSON and
 * lcjwt's binder checks and binds it, claim types and registered claims together in the
 * cursor's order. Jackson-jr's own binder turns {@code "12"} into 12 and 300 into a byte of 44,
 * and sees no type argument of an {@code Optional}, so it cannot keep the checks.
 */
public final class JacksonJrClaims {

    private static final String WHAT = "JWT claims set";

    /** For a Map result: the caller's features, lcjwt's factory. */
    private final JSON json;
    /** For a record or bean: fractions read exactly, so a BigDecimal or double member gets the token's own digits. */
    private final JSON exact;
    private final boolean bigDecimals;
    private final ClaimsPolicy policy;
    /** Binds records and beans; its own checks run again over the tree and agree. */
    private final CursorClaimsReader binder;

    /** @param json the caller's Jackson-jr configuration, an {@code com.fasterxml.jackson.jr.ob.JSON} */
    public JacksonJrClaims(Object json, ClaimsPolicy policy) {
        JSON user = (JSON) json;
        this.bigDecimals = user.isEnabled(JSON.Feature.USE_BIG_DECIMAL_FOR_FLOATS);
        this.json = user.with(StrictJackson.FACTORY);
        this.exact = this.json.with(JSON.Feature.USE_BIG_DECIMAL_FOR_FLOATS);
        this.policy = policy;
        this.binder = new CursorClaimsReader(policy);
    }

    <T> T read(byte[] buf, int off, int len, Class<T> type) {
        boolean isMap = ObjectBinding.of(type, policy.naming()).kind == ObjectBinding.Kind.MAP;
        Map<String, Object> tree = parse(buf, off, len, isMap);
        if (isMap) {
            return type.cast(tree);
        }
        byte[] written = write(tree);
        return binder.readOwn(written, 0, written.length, type, new ClaimsScratch());
    }

    // ---- parsing --------------------------------------------------------------------------------

    /**
     * Reads the claims set member by member with Jackson-jr's streaming parser, each value with
     * Jackson-jr's natural reader, and checks each registered claim as soon as it is read: in
     * document order, as the cursor does, so that an expired token is refused as expired even
     * when something after its {@code exp} is malformed.
     *
     * @param forMap whether the tree is the result; else the binder judges each number for its member
     */
    private Map<String, Object> parse(byte[] buf, int off, int len, boolean forMap) {
        Map<String, Object> tree = new LinkedHashMap<>();
        JSON reader = forMap ? json : exact;
        long now = policy.clock().millis();
        long leeway = policy.leewayMillis();
        try (JsonParser p = reader.getStreamingFactory().createParser(buf, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new MalformedJwtException("The " + WHAT + " is not a JSON object.");
            }
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                checkText(name);
                p.nextToken();
                Object raw = reader.anyFrom(p);
                // Into a Map, lcjwt's rules run here as each member is read. Into a record or bean
                // the binder runs them, with each member's type, in the cursor's order.
                Object checked = forMap ? checkRegistered(name, raw, now, leeway) : UNREGISTERED;
                tree.put(name, checked != UNREGISTERED ? checked : normaliseValue(raw, forMap));
            }
            if (t != JsonToken.END_OBJECT) {
                throw new MalformedJwtException("The " + WHAT + " is not valid JSON: no member name where one must be.");
            }
            if (forMap) {
                // Before what follows the object, as the cursor checks them. For a record or bean
                // the binder checks presence after each member's type, in the cursor's order.
                checkPresence(tree);
            }
            if (p.nextToken() != null) {
                throw new MalformedJwtException("The " + WHAT + " has data after its JSON object.");
            }
        } catch (StreamConstraintsException e) {
            throw malformed(e.getOriginalMessage().startsWith("Document nesting depth")
                    ? "nesting deeper than " + JsonCursor.MAX_DEPTH + " levels" : "a number or string past lcjwt's limits", e);
        } catch (JsonProcessingException e) {
            String why = e.getOriginalMessage();
            if (why != null && why.startsWith("Duplicate ")) {
                throw JsonCursor.duplicateName(WHAT);
            }
            throw malformed("Jackson-jr refused it (" + Untrusted.text(firstLine(why)) + ")", e);
        } catch (IOException e) {
            throw malformed("Jackson-jr could not read it", e);
        } catch (JwtException e) {
            throw e;
        } catch (RuntimeException e) { // a number jackson-core could not convert, say: still the token's fault
            throw malformed("Jackson-jr could not read it", e);
        }
        return tree;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no reason given";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static MalformedJwtException malformed(String why, Exception e) {
        long at = e instanceof JsonProcessingException j && j.getLocation() != null ? j.getLocation().getByteOffset() : -1;
        return new MalformedJwtException("The " + WHAT + " is not valid JSON: " + why
                + (at >= 0 ? " at offset " + at : "") + ".");
    }

    /**
     * The tree in lcjwt's shape, checked where jackson-core is more lenient than RFC 8259 and
     * lcjwt: escapes that leave a surrogate unpaired, and numbers no double can hold.
     */
    private Map<String, Object> normalise(Map<?, ?> m, boolean forMap) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String name = (String) e.getKey();
            checkText(name);
            out.put(name, normaliseValue(e.getValue(), forMap));
        }
        return out;
    }

    private Object normaliseValue(Object v, boolean forMap) {
        if (v instanceof Map<?, ?> m) {
            return normalise(m, forMap);
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object o : l) {
                out.add(normaliseValue(o, forMap));
            }
            return out;
        }
        if (v instanceof Object[] a) { // READ_JSON_ARRAYS_AS_JAVA_ARRAYS
            return normaliseValue(java.util.Arrays.asList(a), forMap);
        }
        if (v instanceof String s) {
            checkText(s);
            return s;
        }
        if (v instanceof Integer i) {
            return (long) i;
        }
        if (v instanceof BigInteger b) {
            return b.bitLength() < 64 ? (Object) b.longValue() : b;
        }
        if (v instanceof BigDecimal d) {
            if (!forMap) {
                return d; // a member's range is the binder's to check (a double's "out of range")
            }
            double x = d.doubleValue();
            if (!Double.isFinite(x)) {
                throw new MalformedJwtException("The " + WHAT + " is not valid JSON: a number out of range.");
            }
            return bigDecimals ? d : (Object) x;
        }
        if (v instanceof Double d && !Double.isFinite(d)) {
            throw new MalformedJwtException("The " + WHAT + " is not valid JSON: a number out of range.");
        }
        return v;
    }

    private static void checkText(String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(ch)) {
                throw new MalformedJwtException("The " + WHAT + " is not valid JSON: an unpaired surrogate escape.");
            }
        }
    }

    // ---- lcjwt's rules over the tree --------------------------------------------------------------

    private static int type(Object v) {
        if (v == null) {
            return 'n';
        }
        if (v instanceof String) {
            return '"';
        }
        if (v instanceof Number) {
            return '0';
        }
        if (v instanceof Boolean) {
            return 't';
        }
        return v instanceof Map<?, ?> ? '{' : '[';
    }

    /** {@link #checkRegistered}'s answer for a claim that is not a registered one. */
    private static final Object UNREGISTERED = new Object();

    /**
     * A registered claim checked as {@link CursorClaimsReader} checks it, on the value as
     * Jackson-jr read it; the value the tree holds (a NumericDate in its canonical form), or
     * {@link #UNREGISTERED}.
     */
    private Object checkRegistered(String name, Object v, long now, long leeway) {
        switch (name) {
            case "exp" -> {
                NumericDate d = NumericDate.of(v, type(v), "exp");
                if (d.toMillis() <= now - leeway) {
                    throw ClaimErrors.expired(d, now, leeway);
                }
                return d.canonical();
            }
            case "nbf" -> {
                NumericDate d = NumericDate.of(v, type(v), "nbf");
                if (d.toMillis() > now + leeway) {
                    throw ClaimErrors.notYetValid(d, now, leeway);
                }
                return d.canonical();
            }
            case "iat" -> {
                return NumericDate.of(v, type(v), "iat").canonical();
            }
            case "aud" -> {
                checkAudience(v);
                return normaliseValue(v, true);
            }
            case "iss" -> {
                if (!(v instanceof String iss)) {
                    throw Readers.wrongType("iss", type(v), "a string");
                }
                checkText(iss);
                if (policy.issuer() != null && !policy.issuer().equals(iss)) {
                    throw ClaimErrors.wrongIssuer(iss, policy.issuer());
                }
                return iss;
            }
            case "sub", "jti" -> {
                if (!(v instanceof String s)) {
                    throw Readers.wrongType(name, type(v), "a string");
                }
                checkText(s);
                return s;
            }
            default -> {
                return UNREGISTERED;
            }
        }
    }

    /** After the last member: the claims the policy requires, as {@link CursorClaimsReader} checks them. */
    private void checkPresence(Map<String, Object> claims) {
        if (policy.requireExpiration() && !claims.containsKey("exp")) {
            throw ClaimErrors.missingExpiration();
        }
        if (!policy.audiences().isEmpty() && !claims.containsKey("aud")) {
            throw ClaimErrors.missingAudience();
        }
        if (policy.issuer() != null && !claims.containsKey("iss")) {
            throw ClaimErrors.missingIssuer();
        }
        for (String name : policy.required()) {
            if (!claims.containsKey(name)) {
                throw ClaimErrors.missingRequired(name);
            }
        }
    }

    private void checkAudience(Object v) {
        Set<String> accepted = policy.audiences();
        if (v instanceof String aud) {
            checkText(aud);
            if (aud.isEmpty()) {
                throw ClaimErrors.emptyAudience(false);
            }
            policy.checkAudience(accepted, accepted.contains(aud), aud);
            return;
        }
        if (!(v instanceof List<?> auds)) {
            throw ClaimErrors.audienceNotString(type(v));
        }
        boolean match = false;
        for (Object a : auds) {
            if (!(a instanceof String s)) {
                throw ClaimErrors.audienceElement(type(a));
            }
            checkText(s);
            if (s.isEmpty()) {
                throw ClaimErrors.emptyAudience(true);
            }
            match |= accepted.contains(s);
        }
        if (auds.isEmpty()) {
            throw ClaimErrors.emptyAudienceArray();
        }
        policy.checkAudience(accepted, match, (String) auds.get(0));
    }

    // ---- the tree written back, for the binder ---------------------------------------------------

    private static byte[] write(Map<String, Object> tree) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = StrictJackson.FACTORY.createGenerator(out)) {
            writeValue(g, tree);
        } catch (IOException e) {
            throw new InvalidClaimException("claims", "The JWT claims set could not be handed from Jackson-jr to"
                    + " lcjwt's binder.");
        }
        return out.toByteArray();
    }

    private static void writeValue(JsonGenerator g, Object v) throws IOException {
        switch (v) {
            case null -> g.writeNull();
            case Map<?, ?> m -> {
                g.writeStartObject();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    g.writeFieldName((String) e.getKey());
                    writeValue(g, e.getValue());
                }
                g.writeEndObject();
            }
            case List<?> l -> {
                g.writeStartArray();
                for (Object o : l) {
                    writeValue(g, o);
                }
                g.writeEndArray();
            }
            case String s -> g.writeString(s);
            case Boolean b -> g.writeBoolean(b);
            case Long l -> g.writeNumber(l);
            case BigInteger b -> g.writeNumber(b);
            case BigDecimal d -> g.writeNumber(d);
            case Double d -> g.writeNumber(d);
            default -> throw new IllegalStateException("Jackson-jr produced a " + v.getClass().getName());
        }
    }
}
