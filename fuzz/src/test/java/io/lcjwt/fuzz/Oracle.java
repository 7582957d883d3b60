package io.lcjwt.fuzz;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.lcjwt.JwtException;
import io.lcjwt.internal.codec.JsonCursor;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The independent judge of a token lcjwt accepted: the JDK's base64url, strict UTF-8 and Jackson
 * (with duplicate detection) for the encoding and JSON, and the material's own signature check.
 * Each method throws {@link AssertionError} (a fuzzing finding) when lcjwt accepted what the
 * judge refuses.
 */
final class Oracle {

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private Oracle() {}

    /** Header and signature checks; for a JWT also the claims rules the fuzz verifiers apply. */
    static void acceptedToken(FuzzKeys.Material m, byte[] token, boolean isJwt) {
        String t = new String(token, StandardCharsets.ISO_8859_1);
        int d1 = t.indexOf('.');
        int d2 = d1 < 0 ? -1 : t.indexOf('.', d1 + 1);
        require(d1 > 0 && d2 > d1 && t.indexOf('.', d2 + 1) < 0, "not three segments", t);
        byte[] header = canonical(t.substring(0, d1), t);
        byte[] payload = canonical(t.substring(d1 + 1, d2), t);
        byte[] sig = canonical(t.substring(d2 + 1), t);
        Object h = json(header, t);
        require(h instanceof Map, "header is not an object", t);
        Map<?, ?> hm = (Map<?, ?>) h;
        Object alg = hm.get("alg");
        require(m.alg().jwsName().equals(alg), "alg " + alg + " accepted by a " + m.alg() + " verifier", t);
        require(!hm.containsKey("crit") && !hm.containsKey("zip"), "crit or zip accepted", t);
        require(!hm.containsKey("b64") || Boolean.TRUE.equals(hm.get("b64")), "b64 other than true accepted", t);
        byte[] input = t.substring(0, d2).getBytes(StandardCharsets.US_ASCII);
        require(m.check(input, sig), "signature the independent check refuses", t);
        if (isJwt) {
            acceptedClaims(payload, t);
        }
    }

    /** The claims rules of {@link FuzzKeys}' verifiers: exp required and future, nbf past, aud match. */
    static void acceptedClaims(byte[] payload, String context) {
        Object c = json(payload, context);
        require(c instanceof Map, "claims are not an object", context);
        Map<?, ?> cm = (Map<?, ?>) c;
        require(cm.get("exp") instanceof Number n && n.doubleValue() > FuzzKeys.NOW, "exp missing or past", context);
        require(!cm.containsKey("nbf") || (cm.get("nbf") instanceof Number n && n.doubleValue() <= FuzzKeys.NOW),
                "nbf in the future or not a number", context);
        Object aud = cm.get("aud");
        require(FuzzKeys.AUDIENCE.equals(aud) || (aud instanceof List<?> l && l.contains(FuzzKeys.AUDIENCE)),
                "aud does not name " + FuzzKeys.AUDIENCE, context);
    }

    /** The JDK's decoding of a segment that must be the canonical unpadded base64url of it. */
    static byte[] canonical(String segment, String context) {
        require(segment.indexOf('=') < 0, "padded segment", context);
        byte[] out;
        try {
            out = Base64.getUrlDecoder().decode(segment);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("accepted a segment the JDK cannot decode: " + context, e);
        }
        require(Base64.getUrlEncoder().withoutPadding().encodeToString(out).equals(segment),
                "non-canonical base64url", context);
        return out;
    }

    /** Strict UTF-8 then Jackson with duplicate detection and no trailing content; null on refusal. */
    static Object jsonOrNull(byte[] bytes) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
            try (JsonParser p = JSON.createParser(text)) {
                JsonToken first = p.nextToken();
                if (first == null) {
                    return null;
                }
                Object v = read(p, first);
                return p.nextToken() == null ? v : null;
            }
        } catch (IOException e) {
            return null;
        }
    }

    static Object json(byte[] bytes, String context) {
        Object v = jsonOrNull(bytes);
        require(v != null, "accepted JSON that Jackson refuses: " + Arrays.toString(Arrays.copyOf(bytes, Math.min(bytes.length, 64))), context);
        return v;
    }

    private static Object read(JsonParser p, JsonToken t) throws IOException {
        return switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String name = p.currentName();
                    m.put(name, read(p, p.nextToken()));
                }
                yield m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                    l.add(read(p, e));
                }
                yield l;
            }
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getNumberValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> JSON_NULL;
            default -> throw new IOException("unexpected " + t);
        };
    }

    /** Stands for JSON null in trees (a Map cannot tell a null value from a missing key otherwise). */
    static final Object JSON_NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /**
     * The cost oracle (hash flooding, issue #20): reading {@code json} as lcjwt reads headers,
     * claims and JWK sets must cost a bounded number of name-table slots per member name, whatever
     * the names, accepted or refused. A keyed hash keeps it near 2; names that collide in the
     * table make it grow with the object's size.
     */
    static void linearCost(byte[] json, String context) {
        JsonCursor c = new JsonCursor();
        try {
            c.openObject(json, 0, json.length, "fuzz input").readNatural();
            c.endDocument();
        } catch (JwtException refused) {
            // the work done up to the refusal is what counts
        }
        if (c.tableWork() > 16L * c.tableNames() + 64) {
            String shown = context.length() > 300 ? context.substring(0, 300) + "..." : context;
            throw new AssertionError("reading the JSON cost " + c.tableWork() + " name-table slots for "
                    + c.tableNames() + " names (bound: 16 per name + 64): " + shown);
        }
    }

    static void require(boolean ok, String what, String context) {
        if (!ok) {
            String shown = context.length() > 300 ? context.substring(0, 300) + "..." : context;
            throw new AssertionError("lcjwt accepted, independent check refuses (" + what + "): " + shown);
        }
    }
}
