package io.lcjwt;

import java.util.List;
import java.util.Map;

/**
 * A JWS read by {@link Unverified#jws(CharSequence)}, compact or in the JSON serialization, and
 * NOT verified: its payload and the header of each signature, as anyone could have written them.
 * Immutable and thread-safe.
 *
 * <pre>{@code
 * UnverifiedJws jws = Unverified.jws(text);                 // nothing here is verified
 * String kid = jws.headers().get(0).keyId();                // pick a key, then verify the text
 * VerifiedJws verified = verifierFor(kid).verifyJson(text);
 * }</pre>
 */
public final class UnverifiedJws {

    private final byte[] payload;
    private final List<JwtHeader> headers;
    private final List<Map<String, Object>> unprotected;

    UnverifiedJws(byte[] payload, List<JwtHeader> headers, List<Map<String, Object>> unprotected) {
        this.payload = payload;
        this.headers = List.copyOf(headers);
        this.unprotected = VerifiedJws.frozen(unprotected);
    }

    /**
     * The payload: base64url-decoded, or as written for an unencoded payload (RFC 7797).
     *
     * @return a new copy, or null when the JWS's payload is detached (a JSON serialization
     *         without {@code "payload"})
     */
    public byte[] payload() {
        return payload == null ? null : payload.clone();
    }

    /**
     * The protected header of each signature, in the JWS's order; one for a compact JWS. Each
     * was vetted as a verifier vets it (a known {@code alg}, {@code crit} understood), except
     * that no algorithm or key policy applies.
     *
     * @return an unmodifiable list, never empty
     */
    public List<JwtHeader> headers() {
        return headers;
    }

    /**
     * The unprotected header ({@code "header"} member) of each signature in {@link #headers()},
     * at the same index; an empty map for a signature without one, and for a compact JWS.
     *
     * @return an unmodifiable list of deeply unmodifiable maps
     */
    public List<Map<String, Object>> unprotectedHeaders() {
        return unprotected;
    }

    @Override
    public String toString() {
        return "UnverifiedJws[" + headers.size() + (headers.size() == 1 ? " signature" : " signatures")
                + ", payload " + (payload == null ? "detached" : payload.length + " bytes") + "]";
    }
}
