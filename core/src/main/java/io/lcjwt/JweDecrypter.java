package io.lcjwt;

import io.lcjwt.internal.jwe.JweCompact;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Decrypts JWEs in the compact serialization (RFC 7516 section 7.1) with one key, through
 * libcrypto. Immutable and thread-safe.
 *
 * <pre>{@code
 * JweDecrypter decrypter = JweDecrypter.builder(JwtPrivateKey.fromPem(pem))
 *         .keyAlgorithms(JweKeyAlgorithm.RSA_OAEP_256)
 *         .contentAlgorithms(JweContentAlgorithm.A256GCM)
 *         .build();
 * byte[] content = decrypter.decrypt(jwe);
 *
 * // A signed JWT inside (cty: JWT): decrypt, then verify the inner token
 * MyClaims claims = decrypter.decryptJwt(jwe, verifier, MyClaims.class);
 * }</pre>
 *
 * <p>Both allow-lists are mandatory and are checked before any cryptographic work, as are the
 * JWE's form, its header (unknown {@code crit}, {@code zip}, duplicate members) and its IV and
 * tag lengths. {@code RSA1_5} is refused without a decryption attempt; PBES2 is refused as not
 * supported yet. Compressed content ({@code zip: DEF}) is inflated after its
 * tag has been verified, up to {@link Builder#maxInflatedBytes} (250,000 bytes by default). A JWE whose tag does not match, whose key does
 * not unwrap, or whose unwrapped key has the wrong length ends in one
 * {@link JweDecryptionException} with one message, so that the cases cannot be told apart.
 *
 * <p><b>Decryption is not authentication.</b> Anyone who has the recipient's public key can
 * make a JWE that decrypts. Use {@link #decryptJwt} with a {@link JwtVerifier} when the content
 * must come from a known issuer.
 */
public final class JweDecrypter {

    /** The one key, or null for a decrypter over a JWK set; {@link #keys} picks the key either way. */
    private final JwtKey key;
    private final JweKeys keys;
    private final Set<JweKeyAlgorithm> keyAlgorithms;
    private final Set<JweContentAlgorithm> contentAlgorithms;
    private final int maxTokenBytes;
    private final int maxInflatedBytes;

    private JweDecrypter(Builder b, JweKeys keys) {
        this.key = b.key;
        this.keys = keys;
        this.keyAlgorithms = Collections.unmodifiableSet(EnumSet.copyOf(b.keyAlgorithms));
        this.contentAlgorithms = Collections.unmodifiableSet(EnumSet.copyOf(b.contentAlgorithms));
        this.maxTokenBytes = b.maxTokenBytes;
        this.maxInflatedBytes = b.maxInflatedBytes;
    }

    /**
     * A builder for a decrypter with {@code key}.
     *
     * @param key a {@link JwtSecretKey} (dir, A*KW, A*GCMKW) or a {@link JwtPrivateKey} (RSA-OAEP*, ECDH-ES*)
     * @return a builder; name the allowed algorithms before {@link Builder#build()}
     * @throws NullPointerException if {@code key} is null
     */
    public static Builder builder(JwtKey key) {
        return new Builder(Objects.requireNonNull(key, "key"), null);
    }

    /**
     * A builder for a decrypter with the keys of a JWK set, picked per JWE as a
     * {@link JwtVerifier} picks a key: a JWE with a {@code kid} is decrypted with the key of that
     * {@code kid} that serves its {@code alg}, or refused ({@link UnknownKeyException}), never
     * with another key; a JWE without {@code kid} is decrypted with the one key that serves its
     * {@code alg}, and refused when there are several, since lcjwt never tries keys in turn.
     * Keys that cannot decrypt (public keys, keys whose JWK {@code use}, {@code key_ops} or
     * {@code alg} forbid it, keys of another kind or size) are left out when the decrypter is
     * built.
     *
     * <pre>{@code
     * JwkSet own = JwkSet.parseTrusted(Files.readString(Path.of("/etc/myapp/jwe-keys.jwks")));
     * JweDecrypter decrypter = JweDecrypter.builder(own)
     *         .keyAlgorithms(JweKeyAlgorithm.RSA_OAEP_256, JweKeyAlgorithm.ECDH_ES_A256KW)
     *         .contentAlgorithms(JweContentAlgorithm.A256GCM)
     *         .build();
     * }</pre>
     *
     * @param set private and secret keys, typically from {@link JwkSet#parseTrusted}
     * @return a builder; name the allowed algorithms before {@link Builder#build()}
     * @throws NullPointerException if {@code set} is null
     */
    public static Builder builder(JwkSet set) {
        return new Builder(null, Objects.requireNonNull(set, "set").keys());
    }

    /**
     * Decrypts a compact JWE.
     *
     * @param jwe the compact JWE, {@code header.encryptedKey.iv.ciphertext.tag}
     * @return the plaintext, a fresh array
     * @throws MalformedJwtException if the JWE is null, not five strict base64url segments (the
     *         JSON serialization is refused: it is not supported yet), larger than
     *         {@code maxTokenBytes}, has a malformed header, an IV or tag of the wrong length, a
     *         bad {@code epk}, or compressed content that is not raw DEFLATE or inflates past
     *         {@code maxInflatedBytes}
     * @throws AlgorithmNotAllowedException if its {@code alg} or {@code enc} is unknown or off the
     *         allow-lists
     * @throws UnsupportedJwtException if it uses {@code RSA1_5}, PBES2,
     *         {@code crit}, or a {@code zip} other than {@code DEF} (or any, with
     *         {@code maxInflatedBytes(0)})
     * @throws UnknownKeyException if no key of this decrypter has the JWE's {@code kid} and
     *         serves its {@code alg}, or, without a {@code kid}, not exactly one serves it
     * @throws JweDecryptionException if it does not decrypt with this key
     * @throws IllegalStateException if the key has been closed
     */
    public byte[] decrypt(CharSequence jwe) {
        return run(jwe).plaintext();
    }

    /**
     * Decrypts a compact JWE whose content is a signed JWT ({@code cty: JWT}, RFC 7519 section
     * 5.2) and verifies that JWT with {@code verifier}: its signature, algorithm and claims.
     *
     * @param jwe the compact JWE
     * @param verifier the verifier for the inner JWT
     * @return the inner JWT's verified claims
     * @throws NullPointerException if {@code verifier} is null
     * @throws InvalidHeaderException if the JWE's {@code cty} is not {@code JWT}
     * @throws JwtException any refusal of {@link #decrypt}, or of {@link JwtVerifier#decode(CharSequence)}
     *         for the inner JWT
     * @throws IllegalStateException if a key has been closed
     */
    public Map<String, Object> decryptJwt(CharSequence jwe, JwtVerifier verifier) {
        Objects.requireNonNull(verifier, "verifier");
        byte[] inner = innerJwt(jwe);
        try {
            return verifier.decode(inner, 0, inner.length);
        } finally {
            Arrays.fill(inner, (byte) 0);
        }
    }

    /**
     * Decrypts a compact JWE whose content is a signed JWT ({@code cty: JWT}) and verifies that
     * JWT with {@code verifier} into a record or bean, as {@link JwtVerifier#decode(CharSequence, Class)}.
     *
     * @param <T> the claims type
     * @param jwe the compact JWE
     * @param verifier the verifier for the inner JWT
     * @param type a record or bean class
     * @return the inner JWT's verified claims
     * @throws NullPointerException if {@code verifier} or {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind claims to {@code type}
     * @throws InvalidHeaderException if the JWE's {@code cty} is not {@code JWT}
     * @throws JwtException any refusal of {@link #decrypt}, or of the verifier for the inner JWT
     * @throws IllegalStateException if a key has been closed
     */
    public <T> T decryptJwt(CharSequence jwe, JwtVerifier verifier, Class<T> type) {
        Objects.requireNonNull(verifier, "verifier");
        Objects.requireNonNull(type, "type");
        byte[] inner = innerJwt(jwe);
        try {
            return verifier.decode(inner, 0, inner.length, type);
        } finally {
            Arrays.fill(inner, (byte) 0);
        }
    }

    private byte[] innerJwt(CharSequence jwe) {
        JweCompact.Decrypted d = run(jwe);
        String cty = d.header().cty();
        if (cty == null || !(cty.equalsIgnoreCase("JWT") || cty.equalsIgnoreCase("application/jwt"))) {
            Arrays.fill(d.plaintext(), (byte) 0);
            throw new InvalidHeaderException("cty", "The JWE's content type (\"cty\") is "
                    + (cty == null ? "absent" : io.lcjwt.internal.Untrusted.quote(cty)) + "; decryptJwt reads a"
                    + " nested JWT, marked \"cty\": \"JWT\" (RFC 7519 section 5.2). Use decrypt for other content.");
        }
        return d.plaintext();
    }

    private JweCompact.Decrypted run(CharSequence jwe) {
        try {
            return JweCompact.decrypt(jwe, maxTokenBytes, maxInflatedBytes, keyAlgorithms, contentAlgorithms, keys);
        } finally {
            java.lang.ref.Reference.reachabilityFence(keys);
        }
    }

    /** {@return the allowed key management algorithms} */
    public Set<JweKeyAlgorithm> keyAlgorithms() {
        return keyAlgorithms;
    }

    /** {@return the allowed content encryption algorithms} */
    public Set<JweContentAlgorithm> contentAlgorithms() {
        return contentAlgorithms;
    }

    /** Builds a {@link JweDecrypter}. Not thread-safe; the decrypter it builds is. */
    public static final class Builder {
        private final JwtKey key;
        private final java.util.List<JwtKey> setKeys;
        private Set<JweKeyAlgorithm> keyAlgorithms;
        private Set<JweContentAlgorithm> contentAlgorithms;
        private int maxTokenBytes = 64 * 1024;
        private int maxInflatedBytes = 250_000;

        private Builder(JwtKey key, java.util.List<JwtKey> setKeys) {
            this.key = key;
            this.setKeys = setKeys;
        }

        /**
         * The key management algorithms ({@code alg}) to accept; mandatory.
         *
         * @param algorithms one or more algorithms, each fitting the key
         * @return this builder
         * @throws NullPointerException if {@code algorithms} or one of them is null
         * @throws IllegalArgumentException if none is given
         */
        public Builder keyAlgorithms(JweKeyAlgorithm... algorithms) {
            this.keyAlgorithms = nonEmpty(algorithms, "keyAlgorithms", JweKeyAlgorithm.class);
            return this;
        }

        /**
         * The content encryption algorithms ({@code enc}) to accept; mandatory.
         *
         * @param algorithms one or more algorithms
         * @return this builder
         * @throws NullPointerException if {@code algorithms} or one of them is null
         * @throws IllegalArgumentException if none is given
         */
        public Builder contentAlgorithms(JweContentAlgorithm... algorithms) {
            this.contentAlgorithms = nonEmpty(algorithms, "contentAlgorithms", JweContentAlgorithm.class);
            return this;
        }

        /**
         * The largest JWE accepted, in characters (default 64 KiB, as for {@link JwtVerifier});
         * a larger one is refused before it is decoded.
         *
         * @param maxTokenBytes the cap, at least 16
         * @return this builder
         * @throws IllegalArgumentException if {@code maxTokenBytes} is under 16
         */
        public Builder maxTokenBytes(int maxTokenBytes) {
            if (maxTokenBytes < 16) {
                throw new IllegalArgumentException("maxTokenBytes must be at least 16, not " + maxTokenBytes);
            }
            this.maxTokenBytes = maxTokenBytes;
            return this;
        }

        /**
         * The largest content a compressed JWE ({@code zip: DEF}) may inflate to (default
         * 250,000 bytes). The count is kept while inflating, which stops at the cap, so a
         * decompression bomb costs at most this much; only content whose tag has been verified is
         * inflated. 0 refuses compressed JWEs altogether.
         *
         * @param maxInflatedBytes the cap, 0 or more
         * @return this builder
         * @throws IllegalArgumentException if {@code maxInflatedBytes} is negative
         */
        public Builder maxInflatedBytes(int maxInflatedBytes) {
            if (maxInflatedBytes < 0) {
                throw new IllegalArgumentException("maxInflatedBytes must be 0 or more, not " + maxInflatedBytes);
            }
            this.maxInflatedBytes = maxInflatedBytes;
            return this;
        }

        /**
         * Builds the decrypter.
         *
         * @return the decrypter, immutable and thread-safe
         * @throws IllegalStateException if an allow-list is missing, or the key has been closed
         * @throws InvalidJwtKeyException if the key cannot serve one of the key algorithms
         *         (a public key, a secret of the wrong length, an RSA key for ECDH-ES, a JWK whose
         *         {@code use} is {@code sig}, whose {@code key_ops} lack the operation or whose
         *         {@code alg} is another...), or for {@code dir}, fits none of the content
         *         algorithms; for a JWK set, if no key of the set can serve one of them
         */
        public JweDecrypter build() {
            if (keyAlgorithms == null) {
                throw new IllegalStateException("Name the allowed key management algorithms with keyAlgorithms(...).");
            }
            if (contentAlgorithms == null) {
                throw new IllegalStateException("Name the allowed content encryption algorithms with"
                        + " contentAlgorithms(...).");
            }
            JweKeys chooser = key != null ? JweKeys.single(key, keyAlgorithms, contentAlgorithms)
                    : JweKeys.fromSet(setKeys, keyAlgorithms, contentAlgorithms);
            return new JweDecrypter(this, chooser);
        }

        private static <E extends Enum<E>> Set<E> nonEmpty(E[] values, String what, Class<E> type) {
            Objects.requireNonNull(values, what);
            if (values.length == 0) {
                throw new IllegalArgumentException(what + " needs at least one algorithm");
            }
            EnumSet<E> set = EnumSet.noneOf(type);
            for (E v : values) {
                set.add(Objects.requireNonNull(v, what + " holds a null"));
            }
            return set;
        }
    }
}
