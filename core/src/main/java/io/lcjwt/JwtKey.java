package io.lcjwt;

/**
 * A key lcjwt signs or verifies with. Keys are immutable and thread-safe; their native state
 * (libcrypto contexts) is freed by {@link #close()}, or by a {@link java.lang.ref.Cleaner} once the
 * key (and every key that shares its native state through {@code withKeyId}) is unreachable. Closing is idempotent; using a closed key throws {@link IllegalStateException}.
 */
public sealed interface JwtKey extends AutoCloseable permits JwtSecretKey, JwtPublicKey, JwtPrivateKey {

    /** The key id ({@code kid}), or null. */
    String keyId();

    /** Whether this key can sign or verify with {@code algorithm}. */
    boolean supports(Algorithm algorithm);

    /**
     * A key from a JWK (RFC 7517): {@code kty} {@code oct} gives a {@link JwtSecretKey}; {@code RSA},
     * {@code EC} and {@code OKP} give a {@link JwtPrivateKey} when {@code d} is present, else a
     * {@link JwtPublicKey}. {@code kid} is kept; an {@code alg} member restricts the key to that
     * algorithm.
     *
     * <pre>{@code
     * JwtKey key = JwtKey.fromJwk("{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"...\",\"y\":\"...\"}");
     * }</pre>
     *
     * @param json the JWK as JSON text
     * @return a {@link JwtSecretKey}, {@link JwtPrivateKey} or {@link JwtPublicKey}
     * @throws NullPointerException if {@code json} is null
     * @throws InvalidJwtKeyException if the JWK is malformed,
     *         unsupported, weak or inconsistent
     */
    static JwtKey fromJwk(String json) {
        JwtPublicKey.requireKey(json, "json");
        return Keys.fromJwk(json);
    }

    /** The RFC 7638 thumbprint of the key (of its public half for private keys). */
    String thumbprint();

    /**
     * Frees the native state now. A key and the keys made from it by {@code withKeyId} share
     * one native key, so closing any of them closes them all.
     */
    @Override
    void close();
}
