package io.lcjwt;

/**
 * A key lcjwt signs or verifies with: a {@link JwtSecretKey} (HMAC), a {@link JwtPublicKey}
 * (verify only) or a {@link JwtPrivateKey} (sign, and verify too). Every key serves only the
 * algorithms of its kind ({@link #supports(Algorithm)}), so a token can never choose how its
 * key is used.
 *
 * <p>Keys are immutable and thread-safe: share one key between any number of verifiers, signers
 * and threads. Their native state (libcrypto key objects and contexts) is freed by
 * {@link #close()}, or by a {@link java.lang.ref.Cleaner} once the key, and every key that
 * shares its native state through {@code withKeyId}, is unreachable. Closing is idempotent.
 * A use already running when {@code close()} is called finishes with the intact key; later
 * uses throw {@link IllegalStateException} (a programming error, not a token refusal): every
 * decode or sign that would use the key, through any verifier or signer built on it, and
 * building a new verifier or signer on it. The native state is freed only when the last use
 * ends. Close a key only when nothing that was built on it will be used again.
 */
public sealed interface JwtKey extends AutoCloseable permits JwtSecretKey, JwtPublicKey, JwtPrivateKey {

    /** {@return the key id ({@code kid}), or null when the key has none} */
    String keyId();

    /**
     * Whether this key can sign or verify with an algorithm.
     *
     * @param algorithm a JWS algorithm
     * @return true when the key's kind and size fit it: an HMAC secret at least as long as the
     *         hash for HS*, an RSA key for RS* and PS*, an EC key for the ES algorithm of its curve,
     *         an Ed25519 key for EdDSA, an ML-DSA key for its parameter set's algorithm (and
     *         only the JWK's {@code alg}, if it named one); an X25519
     *         key (JWE only) for none; and when its JWK, if it came from one, lets it verify (a
     *         public key) or sign or verify (a private or secret key): a {@code use} of
     *         {@code enc}, a JWE {@code alg} or {@code key_ops} without {@code sign} and
     *         {@code verify} make it false for every algorithm
     */
    boolean supports(Algorithm algorithm);

    /**
     * A key from a JWK (RFC 7517): {@code kty} {@code oct} gives a {@link JwtSecretKey}; {@code RSA},
     * {@code EC} and {@code OKP} give a {@link JwtPrivateKey} when {@code d} is present, else a
     * {@link JwtPublicKey}; so does {@code AKP} (RFC 9964, ML-DSA) with {@code priv}, its 32-byte
     * seed, which must yield its {@code pub}. An {@code AKP} key must have an ML-DSA {@code alg},
     * which binds it. {@code kid} is kept.
     *
     * <p>{@code use}, {@code key_ops} and {@code alg} (RFC 7517 sections 4.2 to 4.4) decide what
     * the key may do, for as long as it lives: a key with {@code "use":"enc"}, a JWE {@code alg}
     * or {@code key_ops} without {@code verify} never verifies a JWS (without {@code sign}, never
     * signs); one with {@code "use":"sig"} or a JWS {@code alg} never encrypts or decrypts a JWE,
     * and for JWE {@code key_ops} must name what the algorithm does: {@code decrypt}/{@code
     * encrypt} for {@code dir}, {@code unwrapKey}/{@code wrapKey} for the AES key wraps and
     * RSA-OAEP, {@code deriveKey} or {@code deriveBits} for ECDH-ES. An {@code alg} restricts the
     * key to that algorithm: a JWS one ({@code ES521} is read as {@code ES512}), a JWE key
     * management one, or, for an {@code oct} key, a content encryption one, which makes it a
     * {@code dir} key for that {@code enc} only (RFC 7520 section 5.6). A verifier, signer,
     * decrypter or encrypter built on a key its JWK forbids that use is refused when it is built,
     * with the reason. An {@code oct} key kept out of JWS this way may be 16, 24, 32, 48 or 64
     * bytes (as {@link JwtSecretKey#forEncryption}); any other must be at least 32 bytes.
     *
     * <pre>{@code
     * JwtKey key = JwtKey.fromJwk("{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"...\",\"y\":\"...\"}");
     * }</pre>
     *
     * @param json one JWK, a JSON object
     * @return a new {@link JwtSecretKey}, {@link JwtPrivateKey} or {@link JwtPublicKey}, which
     *         owns native state until it is closed
     * @throws NullPointerException if {@code json} is null
     * @throws InvalidJwtKeyException if the JWK is malformed, unsupported, weak or inconsistent:
     *         among others, a {@code use} other than {@code sig} or {@code enc}; {@code key_ops}
     *         that are empty, name an unknown operation or one twice; {@code use},
     *         {@code key_ops} and {@code alg} that contradict each other; an {@code alg} lcjwt
     *         does not support or that the key's kind or size cannot serve; an ML-DSA key on a
     *         libcrypto without ML-DSA ({@link LibCrypto#supports(Algorithm)})
     */
    static JwtKey fromJwk(String json) {
        JwtPublicKey.requireKey(json, "json");
        return Keys.fromJwk(json);
    }

    /**
     * The RFC 7638 thumbprint of the key (of its public half for private keys).
     *
     * @return the SHA-256 thumbprint, base64url without padding
     */
    String thumbprint();

    /**
     * Frees the native state now. Idempotent. A key and the keys made from it by
     * {@code withKeyId} share one native key, so closing any of them closes them all; see the
     * class description for what it means for verifiers and signers built on this key.
     */
    @Override
    void close();
}
