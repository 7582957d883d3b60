package io.lcjwt;

import io.lcjwt.internal.codec.Frozen;

import java.util.List;
import java.util.Map;

/**
 * A JWS in the JSON serialization (RFC 7515 section 7.2) whose signatures passed a verifier's
 * policy: its payload, and the headers of the signatures that verified. Immutable and
 * thread-safe.
 *
 * <pre>{@code
 * VerifiedJws jws = verifier.verifyJson(json);          // every signature must verify
 * byte[] payload = jws.payload();
 * Algorithm first = jws.headers().get(0).algorithm();
 * }</pre>
 *
 * <p>Only the protected headers are covered by the signatures. An unprotected header member
 * (often {@code kid}) is reported by {@link #unprotectedHeaders()}, apart, so that nothing
 * unsigned can pass for signed.
 */
public final class VerifiedJws {

    private final byte[] payload;
    private final List<JwtHeader> headers;
    private final List<Map<String, Object>> unprotected;

    VerifiedJws(byte[] payload, List<JwtHeader> headers, List<Map<String, Object>> unprotected) {
        this.payload = payload;
        this.headers = List.copyOf(headers);
        this.unprotected = frozen(unprotected);
    }

    /** Unprotected headers as the JWS types give them: an unmodifiable list of deeply unmodifiable maps. */
    static List<Map<String, Object>> frozen(List<Map<String, Object>> unprotected) {
        if (unprotected.size() == 1) { // the usual case, one signature: no list to build and copy
            return List.of(frozen(unprotected.get(0)));
        }
        List<Map<String, Object>> frozen = new java.util.ArrayList<>(unprotected.size());
        for (Map<String, Object> m : unprotected) {
            frozen.add(frozen(m));
        }
        return List.copyOf(frozen);
    }

    private static Map<String, Object> frozen(Map<String, Object> m) {
        return m.isEmpty() ? Map.of() : Frozen.map(m);
    }

    /**
     * The payload: the bytes the signatures cover (base64url-decoded, unless the JWS used an
     * unencoded payload, RFC 7797, whose bytes are the payload as written).
     *
     * @return a new copy of the payload, or null when the JWS was verified detached (the caller
     *         holds the payload already)
     */
    public byte[] payload() {
        return payload == null ? null : payload.clone();
    }

    /**
     * The protected header of each signature that verified, in the JWS's order. Under
     * {@link JwtVerifier#verifyJson(CharSequence) verifyJson} that is every signature.
     *
     * @return an unmodifiable list, never empty; each {@link JwtHeader#keyId()} is the
     *         protected {@code kid} only (see {@link #unprotectedHeaders()})
     */
    public List<JwtHeader> headers() {
        return headers;
    }

    /**
     * The unprotected header ({@code "header"} member) of each signature in {@link #headers()},
     * at the same index; an empty map for a signature without one. These members are not
     * covered by any signature: a {@code kid} here chose the key, and the signature then proved
     * that key, but any other member may have been changed in transit.
     *
     * @return an unmodifiable list of deeply unmodifiable maps
     */
    public List<Map<String, Object>> unprotectedHeaders() {
        return unprotected;
    }
}
