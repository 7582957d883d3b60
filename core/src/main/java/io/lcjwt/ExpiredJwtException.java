package io.lcjwt;

import io.lcjwt.internal.codec.Frozen;
import io.lcjwt.internal.codec.LazyJsonObject;

import java.time.Instant;
import java.util.Map;

/**
 * The token's {@code exp} is at or before now minus the leeway (RFC 7519 section 4.1.4).
 *
 * <p>{@code exp} is checked only after the signature, so an expired token was genuinely issued by
 * the key's holder, and the exception carries what a refresh flow needs: the verified
 * {@link #header()} and {@link #claims()}. (A token that is both expired and badly signed is a
 * {@link BadSignatureException}.) The claims are read from a copy of the verified payload only
 * when {@link #claims()} is first called, so refusing expired tokens costs no extra parsing.
 *
 * <pre>{@code
 * try {
 *     verifier.decode(token);
 * } catch (ExpiredJwtException e) {
 *     Object sub = e.claims().get("sub");   // signed by the issuer, but no longer valid
 * }
 * }</pre>
 */
public final class ExpiredJwtException extends JwtException {
    private static final long serialVersionUID = 1L;

    private final transient Instant expiredAt;
    private final transient JwtHeader header;
    private final transient Map<String, Object> claims;

    /**
     * Makes the exception without the token's header and claims ({@link #header()} and
     * {@link #claims()} then return null).
     *
     * @param message what was wrong, as a sentence
     * @param expiredAt the token's {@code exp}
     */
    public ExpiredJwtException(String message, Instant expiredAt) {
        this(message, expiredAt, null, null);
    }

    /**
     * Makes the exception for a token whose signature was verified, carrying its header and
     * claims (a test double of a verifier, for example, can throw it as lcjwt does).
     *
     * <pre>{@code
     * throw new ExpiredJwtException("The JWT expired.", exp, header, Map.of("sub", "alice"));
     * }</pre>
     *
     * @param message what was wrong, as a sentence
     * @param expiredAt the token's {@code exp}
     * @param header the token's verified header, or null
     * @param claims the token's verified claims, or null; copied, unmodifiable at every depth
     */
    public ExpiredJwtException(String message, Instant expiredAt, JwtHeader header, Map<String, ?> claims) {
        super(message);
        this.expiredAt = expiredAt;
        this.header = header;
        // lcjwt's own lazy claims are read, and frozen, only if someone asks for them.
        this.claims = claims == null ? null
                : claims instanceof LazyJsonObject lazy ? lazy : Frozen.map(claims);
    }

    /** {@return the token's {@code exp}} */
    public Instant expiredAt() {
        return expiredAt;
    }

    /**
     * The expired token's header, whose signature was verified.
     *
     * @return the verified header (deeply unmodifiable), or null if the exception was made
     *         without it
     */
    public JwtHeader header() {
        return header;
    }

    /**
     * The expired token's claims, whose signature was verified; no other claim ({@code nbf},
     * {@code aud}, {@code iss}, required claims) was checked, since the decode stopped at
     * {@code exp}. When lcjwt made the exception, the map reads the verified payload on its
     * first use; if the part after {@code exp}, which the decode did not read, is not strict
     * JSON, that first use throws {@link MalformedJwtException}.
     *
     * @return the claims, in token order, unmodifiable at every depth; or null if the exception
     *         was made without them
     */
    public Map<String, Object> claims() {
        return claims;
    }
}
