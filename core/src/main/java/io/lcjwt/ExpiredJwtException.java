package io.lcjwt;

import io.lcjwt.internal.codec.HeaderParser;

import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

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
    private final transient byte[] payload;
    private transient volatile Map<String, Object> claims;

    /**
     * Makes the exception without the token's header and claims ({@link #header()} and
     * {@link #claims()} then return null).
     *
     * @param message what was wrong, as a sentence
     * @param expiredAt the token's {@code exp}
     */
    public ExpiredJwtException(String message, Instant expiredAt) {
        super(message);
        this.expiredAt = expiredAt;
        this.header = null;
        this.payload = null;
    }

    /**
     * Makes the exception for a token whose signature was verified.
     *
     * @param message what was wrong, as a sentence
     * @param expiredAt the token's {@code exp}
     * @param header the token's verified header
     * @param payload holds the token's verified payload, the claims set as UTF-8 JSON; the range
     *        is copied
     * @param off where the payload starts in {@code payload}
     * @param len the payload's length in bytes
     * @throws NullPointerException if {@code header} or {@code payload} is null
     * @throws IndexOutOfBoundsException if {@code [off, off+len)} is not inside {@code payload}
     */
    public ExpiredJwtException(String message, Instant expiredAt, JwtHeader header, byte[] payload, int off,
            int len) {
        super(message);
        this.expiredAt = expiredAt;
        this.header = Objects.requireNonNull(header, "header");
        Objects.checkFromIndexSize(off, len, Objects.requireNonNull(payload, "payload").length);
        this.payload = Arrays.copyOfRange(payload, off, off + len);
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
     * {@code exp}. Read on the first call.
     *
     * @return the claims, in token order, unmodifiable at every depth; or null if the exception
     *         was made without them
     * @throws MalformedJwtException if the part of the claims set after {@code exp}, which the
     *         decode did not read, is not strict JSON
     */
    public Map<String, Object> claims() {
        Map<String, Object> c = claims;
        if (c == null && payload != null) {
            c = JwtHeader.frozenMap(HeaderParser.readObject(payload, 0, payload.length, "JWT claims set"));
            claims = c;
        }
        return c;
    }
}
