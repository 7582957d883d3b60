package io.lcjwt.internal.jws;

import io.lcjwt.MalformedJwtException;
import io.lcjwt.UnsupportedJwtException;
import io.lcjwt.internal.codec.JsonCursor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The shape of a JWS JSON serialization (RFC 7515 section 7.2), read strictly and without
 * copying: where each member's text lies in the buffer. General ({@code "signatures"}) and
 * flattened ({@code "protected"}, {@code "header"}, {@code "signature"} at the top) are told
 * apart, and mixing them is refused; members lcjwt does not know are skipped, as section 7.2.1
 * says, but still checked as JSON. What this refuses, before any header is decoded:
 * <ul>
 *   <li>anything but one JSON object (duplicate names included, at every level);</li>
 *   <li>an empty {@code "signatures"}, or more than {@value JwsVerifier#MAX_SIGNATURES};</li>
 *   <li>{@code crit} or {@code b64} in an unprotected header (RFC 7515 section 4.1.11 and
 *       RFC 7797 section 3 require them protected).</li>
 * </ul>
 */
final class JsonJws {

    /** One signature: where its protected header and signature text are, and its unprotected header. */
    static final class Signature {
        int protectedStart = -1;
        int protectedLength;
        int signatureStart = -1;
        int signatureLength;
        Map<String, Object> unprotected = Map.of();

        /**
         * Why lcjwt cannot verify this signature although the JWS is well formed (RFC 7515
         * allows {@code alg} unprotected; lcjwt takes it only from signed bytes), or null.
         */
        UnsupportedJwtException unsupported() {
            if (unprotected.containsKey("alg")) {
                return new UnsupportedJwtException("A signature of the JWS has \"alg\" in its unprotected header;"
                        + " lcjwt takes the algorithm only from the protected header, which the signature covers.");
            }
            if (protectedStart < 0) {
                return new UnsupportedJwtException("A signature of the JWS has no \"protected\" header; lcjwt"
                        + " needs \"alg\" there, covered by the signature.");
            }
            return null;
        }
    }

    int payloadStart = -1;
    int payloadLength;
    boolean payloadEscaped;
    /**
     * Whether the payload's text was only delimited, not checked as JSON: fine for a base64url
     * payload, which its decoder checks byte by byte; an unencoded one goes through {@link #checkPayload}.
     */
    boolean payloadUnchecked;
    final List<Signature> signatures = new ArrayList<>(1);

    private JsonJws() {}

    /** RFC 7515 section 7.2.1: no member in both a signature's protected and unprotected header. */
    static void checkDisjoint(io.lcjwt.JwtHeader protectedHeader, Map<String, Object> unprotected) {
        for (String name : unprotected.keySet()) {
            if (protectedHeader.parameters().containsKey(name)) {
                throw new MalformedJwtException("The JWS's header member \"" + io.lcjwt.internal.Untrusted.text(name)
                        + "\" is in both the protected and the unprotected header; RFC 7515 section 7.2.1"
                        + " requires them disjoint.");
            }
        }
    }

    /** RFC 7797 section 3: the signatures of one JWS disagree on {@code b64}. */
    static MalformedJwtException b64Disagreement() {
        return new MalformedJwtException("The JWS's signatures disagree on \"b64\"; one payload is either"
                + " encoded or not for all of them (RFC 7797 section 3).");
    }

    static JsonJws parse(byte[] b, int len, JsonCursor c) {
        return parse(b, len, c, null);
    }

    /**
     * As {@link #parse(byte[], int, JsonCursor)}; {@code ascii}, when not null, is the same
     * document as an ASCII String, with which the common flattened shape is read without the
     * general parser ({@link #flattened}). Everything else is read by the general parser, which
     * checks every string as JSON: in the general form a signature the verifier skips (an
     * unknown key, say) is never decoded, so its text must be checked here.
     */
    static JsonJws parse(byte[] b, int len, JsonCursor c, String ascii) {
        int i = 0;
        while (i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
            i++;
        }
        if (i == len || b[i] != '{') {
            throw new MalformedJwtException("The JWS is not a JSON serialization (it does not start with '{');"
                    + " a compact JWS (header.payload.signature) is verified with decode, verifyContent or"
                    + " verifyDetached.");
        }
        if (ascii != null && i == 0) {
            JsonJws fast = flattened(b, len, ascii);
            if (fast != null) {
                return fast;
            }
        }
        JsonJws jws = new JsonJws();
        Signature flat = new Signature();
        boolean flatSeen = false;
        boolean general = false;
        c.openObject(b, 0, len, "JWS JSON serialization");
        c.startObject();
        while (c.nextName()) {
            switch (name(c)) {
                case "payload" -> {
                    int[] span = string(c, "payload");
                    jws.payloadStart = span[0];
                    jws.payloadLength = span[1] - span[0];
                    jws.payloadEscaped = span[2] != 0;
                }
                case "signatures" -> {
                    general = true;
                    if (c.valueType() != '[') {
                        throw new MalformedJwtException("The JWS's \"signatures\" must be an array (RFC 7515 section 7.2.1).");
                    }
                    c.startArray();
                    while (c.nextElement()) {
                        if (jws.signatures.size() == JwsVerifier.MAX_SIGNATURES) {
                            throw new MalformedJwtException("The JWS has more than " + JwsVerifier.MAX_SIGNATURES
                                    + " signatures; lcjwt refuses more.");
                        }
                        if (c.valueType() != '{') {
                            throw new MalformedJwtException("Each of the JWS's \"signatures\" must be a JSON object"
                                    + " (RFC 7515 section 7.2.1).");
                        }
                        Signature sig = new Signature();
                        c.startObject();
                        while (c.nextName()) {
                            if (!member(c, name(c), sig)) {
                                c.skipValue();
                            }
                        }
                        jws.signatures.add(sig);
                    }
                    if (jws.signatures.isEmpty()) {
                        throw new MalformedJwtException("The JWS's \"signatures\" array is empty; a JWS needs at"
                                + " least one signature (RFC 7515 section 7.2.1).");
                    }
                }
                default -> {
                    if (member(c, name(c), flat)) {
                        flatSeen = true;
                    } else {
                        c.skipValue();
                    }
                }
            }
        }
        c.endDocument();
        if (general && flatSeen) {
            throw new MalformedJwtException("The JWS mixes the general and flattened JSON forms (\"signatures\""
                    + " beside a top-level \"protected\", \"header\" or \"signature\"; RFC 7515 section 7.2.2).");
        }
        if (!general) {
            if (!flatSeen) {
                throw new MalformedJwtException("The JWS JSON serialization has neither \"signatures\" nor"
                        + " \"signature\" (RFC 7515 section 7.2).");
            }
            jws.signatures.add(flat);
        }
        for (Signature sig : jws.signatures) {
            vet(sig);
        }
        return jws;
    }

    private static final byte[] PAYLOAD = "\"payload\":\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] PROTECTED = "\"protected\":\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] SIGNATURE = "\"signature\":\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /**
     * The shape nearly every flattened JWS has, read without the general parser: exactly
     * {@code {"payload":"...","protected":"...","signature":"..."}} in any order ({@code payload}
     * may be absent, detached), no whitespace, no other member, no value whose closing quote
     * follows a backslash. Anything else returns null and is read the general way. Only the
     * members' ends are found here; their text is checked later, since a JWS of one signature
     * is accepted only when all of it was decoded: the header and signature by the base64url
     * decoders, an encoded payload too, an unencoded one by {@link #checkPayload}. So what this
     * accepts is JSON the general parser accepts.
     *
     * @param ascii the document as an ASCII String, byte for byte {@code b[0, len)}
     */
    private static JsonJws flattened(byte[] b, int len, String ascii) {
        if (len < 2 || b[len - 1] != '}') {
            return null;
        }
        JsonJws jws = new JsonJws();
        Signature sig = new Signature();
        int p = 1;
        while (true) {
            int start;
            if (matches(b, p, len, PROTECTED) && sig.protectedStart < 0) {
                start = p + PROTECTED.length;
            } else if (matches(b, p, len, SIGNATURE) && sig.signatureStart < 0) {
                start = p + SIGNATURE.length;
            } else if (matches(b, p, len, PAYLOAD) && jws.payloadStart < 0) {
                start = p + PAYLOAD.length;
            } else {
                return null;
            }
            int q = ascii.indexOf('"', start, len);
            if (q < 0 || b[q - 1] == '\\') {
                return null;
            }
            switch (b[p + 1]) {
                case 'p' -> {
                    if (b[p + 3] == 'y') {
                        jws.payloadStart = start;
                        jws.payloadLength = q - start;
                        jws.payloadUnchecked = true;
                    } else {
                        sig.protectedStart = start;
                        sig.protectedLength = q - start;
                    }
                }
                default -> {
                    sig.signatureStart = start;
                    sig.signatureLength = q - start;
                }
            }
            if (q + 2 == len) {
                break;
            }
            if (b[q + 1] != ',') {
                return null;
            }
            p = q + 2;
        }
        if (sig.protectedStart < 0 || sig.signatureStart < 0) {
            return null; // the general parser says what is missing
        }
        vet(sig);
        jws.signatures.add(sig);
        return jws;
    }

    private static boolean matches(byte[] b, int at, int len, byte[] text) {
        return at + text.length <= len && java.util.Arrays.equals(b, at, at + text.length, text, 0, text.length);
    }

    private static final String[] KNOWN = {"payload", "signatures", "protected", "header", "signature"};

    /**
     * The current member name: one of the {@link #KNOWN} constants when it is written plainly as
     * one (no String made), else the decoded name; an escaped spelling of a known name still
     * reads as that name, as any JSON parser would read it.
     */
    private static String name(JsonCursor c) {
        if (!c.nameEscaped()) {
            byte[] b = c.buffer();
            int start = c.nameStart();
            int len = c.nameLength();
            for (String k : KNOWN) {
                if (k.length() == len && matches(b, start, k)) {
                    return k;
                }
            }
        }
        return c.name();
    }

    private static boolean matches(byte[] b, int start, String k) {
        for (int i = 0; i < k.length(); i++) {
            if (b[start + i] != k.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Reads one of a signature's three members into {@code sig}; false for any other name. */
    private static boolean member(JsonCursor c, String name, Signature sig) {
        switch (name) {
            case "protected" -> {
                int[] span = string(c, "protected");
                sig.protectedStart = span[0];
                sig.protectedLength = span[1] - span[0];
            }
            case "signature" -> {
                int[] span = string(c, "signature");
                sig.signatureStart = span[0];
                sig.signatureLength = span[1] - span[0];
            }
            case "header" -> {
                if (c.valueType() != '{') {
                    throw new MalformedJwtException("The JWS's unprotected \"header\" must be a JSON object"
                            + " (RFC 7515 section 7.2.1).");
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> h = (Map<String, Object>) c.readNatural();
                sig.unprotected = h;
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static void vet(Signature sig) {
        Map<String, Object> u = sig.unprotected;
        if (u.containsKey("b64")) {
            throw new MalformedJwtException("The JWS has \"b64\" in an unprotected header; RFC 7797 section 3"
                    + " requires it in the protected header, where the signature covers it.");
        }
        if (u.containsKey("crit")) {
            throw new MalformedJwtException("The JWS has \"crit\" in an unprotected header; RFC 7515 section"
                    + " 4.1.11 requires it in the protected header.");
        }
        if (sig.protectedStart >= 0 && sig.protectedLength == 0) {
            throw new MalformedJwtException("The token's header segment is empty.");
        }
        if (sig.signatureStart < 0) {
            throw new MalformedJwtException("A signature of the JWS has no \"signature\" member (RFC 7515"
                    + " section 7.2.1); unsecured JWS are never accepted.");
        }
    }

    /**
     * The span of a string value's text, quotes excluded, and whether it holds a backslash
     * escape: {@code {start, end, escaped}}. A plain value (the base64url members always) is
     * found a word at a time; only one with escapes or non-ASCII text is read byte by byte.
     */
    private static int[] string(JsonCursor c, String member) {
        int start = c.position() + 1;
        int q = c.skipPlainString();
        if (q >= 0) {
            return new int[] {start, q, 0};
        }
        if (c.valueType() != '"') {
            throw new MalformedJwtException("The JWS's \"" + member + "\" must be a string (RFC 7515 section 7.2.1).");
        }
        int[] raw = c.rawValue();
        int escaped = 0;
        for (int k = raw[0] + 1; k < raw[1] - 1; k++) {
            if (c.buffer()[k] == '\\') {
                escaped = 1;
                break;
            }
        }
        return new int[] {raw[0] + 1, raw[1] - 1, escaped};
    }

    /**
     * Checks an unchecked payload as a JSON string (an unencoded payload is text the signature
     * covers as written), and finds whether it has escapes.
     */
    void checkPayload(byte[] b, JsonCursor c) {
        if (!payloadUnchecked) {
            return;
        }
        c.reset(b, payloadStart - 1, payloadLength + 2, "JWS payload");
        payloadEscaped = string(c, "payload")[2] != 0; // read as the general parser reads it
        payloadUnchecked = false;
    }

    /** The payload string's value, escapes decoded (an unencoded payload written with escapes). */
    String payloadString(byte[] b, JsonCursor c) {
        c.reset(b, payloadStart - 1, payloadLength + 2, "JWS payload");
        return c.readString();
    }
}
