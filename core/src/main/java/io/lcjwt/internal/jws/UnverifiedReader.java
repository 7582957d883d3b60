package io.lcjwt.internal.jws;

import io.lcjwt.JwtHeader;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.codec.JsonCursor;
import io.lcjwt.internal.codec.WideDecoder;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Reads a JWS, compact or in the JSON serialization, without verifying it: each protected
 * header vetted as a verifier vets it (an unencoded payload, RFC 7797, allowed), the payload
 * decoded. The JSON form is parsed by {@link JsonJws}, the verifier's parser, so a JWS this reads
 * is one a verifier would accept as well formed.
 */
public final class UnverifiedReader {

    private UnverifiedReader() {}

    /** What was read: the payload, and per signature its protected and unprotected header. */
    public record Read(byte[] payload, List<JwtHeader> headers, List<Map<String, Object>> unprotected) {}

    public static Read read(CharSequence text, int maxChars) {
        if (text == null) {
            throw new MalformedJwtException("The JWS is null.");
        }
        if (text.length() > maxChars) {
            throw new MalformedJwtException("The JWS is larger than Unverified's cap of " + maxChars
                    + " characters (a verifier's default maxTokenBytes).");
        }
        String s = text.toString();
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        int i = 0;
        while (i < b.length && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
            i++;
        }
        return i < b.length && b[i] == '{' ? json(b, b.length == s.length() ? s : null) : compact(b);
    }

    private static Read compact(byte[] b) {
        int dot1 = indexOf(b, 0);
        int dot2 = dot1 < 0 ? -1 : indexOf(b, dot1 + 1);
        if (dot2 < 0 || indexOf(b, dot2 + 1) >= 0) {
            throw new MalformedJwtException("A compact JWS has exactly two dots (header.payload.signature), and a"
                    + " JSON one starts with '{'; this is neither.");
        }
        JwtHeader header = header(b, 0, dot1);
        byte[] payload;
        if (HeaderParser.unencoded(header)) {
            payload = Arrays.copyOfRange(b, dot1 + 1, dot2); // RFC 7797: the payload as written
        } else {
            payload = WideDecoder.decodeStrict(b, dot1 + 1, dot2 - dot1 - 1);
            if (payload == null) {
                throw new MalformedJwtException("The JWS's payload is not strict base64url.");
            }
        }
        return new Read(payload, List.of(header), List.of(Map.of()));
    }

    private static Read json(byte[] b, String ascii) {
        JsonCursor c = new JsonCursor();
        JsonJws parsed = JsonJws.parse(b, b.length, c, ascii);
        List<JwtHeader> headers = new ArrayList<>(parsed.signatures.size());
        List<Map<String, Object>> unprotected = new ArrayList<>(parsed.signatures.size());
        Boolean unencoded = null;
        for (JsonJws.Signature sig : parsed.signatures) {
            io.lcjwt.UnsupportedJwtException why = sig.unsupported();
            if (why != null) {
                throw why;
            }
            JwtHeader h = header(b, sig.protectedStart, sig.protectedStart + sig.protectedLength);
            JsonJws.checkDisjoint(h, sig.unprotected);
            boolean u = HeaderParser.unencoded(h);
            if (unencoded != null && unencoded != u) {
                throw JsonJws.b64Disagreement();
            }
            unencoded = u;
            headers.add(h);
            unprotected.add(sig.unprotected);
        }
        byte[] payload = null;
        if (parsed.payloadStart >= 0) {
            if (unencoded) {
                parsed.checkPayload(b, c);
                payload = parsed.payloadEscaped
                        ? parsed.payloadString(b, c).getBytes(StandardCharsets.UTF_8)
                        : Arrays.copyOfRange(b, parsed.payloadStart, parsed.payloadStart + parsed.payloadLength);
            } else {
                payload = WideDecoder.decodeStrict(b, parsed.payloadStart, parsed.payloadLength);
                if (payload == null) {
                    throw new MalformedJwtException("The JWS's payload is not strict base64url"
                            + " (RFC 7515 section 2: no padding, no '+' or '/', no whitespace).");
                }
            }
        }
        return new Read(payload, List.copyOf(headers), List.copyOf(unprotected));
    }

    private static JwtHeader header(byte[] b, int start, int end) {
        byte[] json = WideDecoder.decodeStrict(b, start, end - start);
        if (json == null) {
            throw new MalformedJwtException("The JWS's protected header is not strict base64url.");
        }
        return HeaderParser.parse(json, 0, json.length, true);
    }

    private static int indexOf(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == '.') {
                return i;
            }
        }
        return -1;
    }
}
