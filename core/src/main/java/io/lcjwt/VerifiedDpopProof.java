package io.lcjwt;

import io.lcjwt.internal.codec.Frozen;

import java.util.Map;
import java.util.Objects;

/**
 * A DPoP proof that a {@link DpopVerifier} accepted: its header, its claims, and the thumbprint of
 * the key it was signed with. An authorization server binds the access token it issues to that
 * key by putting {@link #thumbprint()} in the token's {@code cnf.jkt}.
 *
 * <pre>{@code
 * VerifiedDpopProof proof = dpop.verify(request.headers("DPoP"), "POST", tokenEndpoint);
 * claims.put("cnf", Map.of("jkt", proof.thumbprint()));
 * }</pre>
 *
 * @param header the proof's verified header (deeply unmodifiable; {@code jwk} is the client's key)
 * @param claims the proof's claims ({@code jti}, {@code htm}, {@code htu}, {@code iat}, and
 *        {@code ath}, {@code nonce} when present), unmodifiable
 * @param thumbprint the RFC 7638 SHA-256 thumbprint of the proof's key, base64url
 */
public record VerifiedDpopProof(JwtHeader header, Map<String, Object> claims, String thumbprint) {

    /**
     * Makes the result.
     *
     * @param header the proof's verified header
     * @param claims its claims (copied, unmodifiable)
     * @param thumbprint the key's thumbprint
     * @throws NullPointerException if an argument is null
     */
    public VerifiedDpopProof {
        Objects.requireNonNull(header, "header");
        claims = Frozen.map(Objects.requireNonNull(claims, "claims"));
        Objects.requireNonNull(thumbprint, "thumbprint");
    }
}
