package io.lcjwt;

/**
 * A verified token: its header and its claims, bound to the type the caller asked for.
 *
 * <pre>{@code
 * Jwt<MyClaims> jwt = verifier.decodeJwt(token, MyClaims.class);
 * String kid = jwt.header().keyId();
 * }</pre>
 *
 * <p>The header is immutable; the claims object is a fresh one made for this call and shared
 * with nothing (a {@code Map} result is modifiable), so it is as thread-safe as its own type.
 *
 * @param header the verified JOSE header
 * @param claims the claims, already checked ({@code exp}, {@code nbf}, {@code aud}, {@code iss}, required)
 * @param <T> the claims type: a {@code Map}, a record or a bean
 */
public record Jwt<T>(JwtHeader header, T claims) {}
