/**
 * lcjwt's public API: {@link io.lcjwt.JwtVerifier} and {@link io.lcjwt.JwtSigner} over typed keys
 * ({@link io.lcjwt.JwtSecretKey}, {@link io.lcjwt.JwtPublicKey}, {@link io.lcjwt.JwtPrivateKey},
 * {@link io.lcjwt.JwkSet}, {@link io.lcjwt.JwksClient}). Every type is immutable and thread-safe
 * unless it says otherwise (builders are not thread-safe; keys hold native state until closed).
 *
 * <p>Errors follow one model (detailed in {@link io.lcjwt.JwtException}): a refused token is a
 * {@link io.lcjwt.JwtException} subclass; a refused key, at import or when a verifier or signer is
 * built, is an {@link io.lcjwt.InvalidJwtKeyException} (an {@code IllegalArgumentException});
 * a programming error is a JDK exception: {@code NullPointerException} naming the null
 * parameter, {@code IllegalArgumentException} naming the bad one, {@code IndexOutOfBoundsException}
 * for a byte range outside its array, {@code IllegalStateException} for an incomplete builder or
 * a closed key.
 */
package io.lcjwt;
