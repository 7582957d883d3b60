package io.lcjwt;

import java.util.Objects;

/**
 * A verified token: its header and its claims, bound to the type the caller asked for.
 *
 * <pre>{@code
 * VerifiedJwt<MyClaims> jwt = verifier.decodeJwt(token, MyClaims.class);
 * String kid = jwt.header().keyId();
 * }</pre>
 *
 * <p>The header is deeply immutable (and may be shared with other tokens that carry the same
 * header); the claims object is a fresh one made for this call and shared with nothing (a
 * {@code Map} result is modifiable), so it is as thread-safe as its own type.
 *
 * @param header the verified JOSE header (deeply unmodifiable)
 * @param claims the claims, already checked ({@code exp}, {@code nbf}, {@code aud}, {@code iss}, required)
 * @param <T> the claims type: a {@code Map}, a record or a bean
 */
public record VerifiedJwt<T>(JwtHeader header, T claims) {

    /**
     * Makes a token from its parts.
     *
     * @param header the verified JOSE header
     * @param claims the claims
     * @throws NullPointerException if {@code header} or {@code claims} is null
     */
    public VerifiedJwt {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(claims, "claims");
    }
}
