package io.lcjwt;

import io.lcjwt.internal.jwe.JweCompact;
import io.lcjwt.internal.jwe.JweJson;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Decrypts JWEs with one key or the keys of a JWK set, through libcrypto: the compact serialization (RFC 7516 section
 * 7.1) with {@link #decrypt}, the JSON serialization (section 7.2, general or flattened) with
 * {@link #decryptJson}. Each refuses the other's input. Immutable and thread-safe.
 *
 * <pre>{@code
 * JweDecrypter decrypter = JweDecrypter.builder(JwtPrivateKey.fromPem(pem))
 *         .keyAlgorithms(JweKeyAlgorithm.RSA_OAEP_256)
 *         .contentAlgorithms(JweContentAlgorithm.A256GCM)
 *         .build();
 * byte[] content = decrypter.decrypt(jwe);
 *
 * // A signed JWT inside (cty: JWT): decrypt, then verify the inner token
 * MyClaims claims = decrypter.decryptClaims(jwe, verifier, MyClaims.class);
 * }</pre>
 *
 * <p>Both allow-lists are mandatory and are checked before any cryptographic work, as are the
 * JWE's form, its header (unknown {@code crit}, {@code zip}, duplicate members) and its IV and
 * tag lengths. {@code RSA1_5} is refused without a decryption attempt. PBES2 (a password as key)
 * is off unless {@link Builder#enablePbes2()} turned it on, and then its iteration count
 * ({@code p2c}) must lie between 1,000 and the cap, its salt ({@code p2s}) be 8 bytes or more,
 * both checked before anything is derived. Compressed content ({@code zip: DEF}) is inflated after its
 * tag has been verified, up to {@link Builder#maxInflatedBytes} (250,000 bytes by default). A JWE whose tag does not match, whose key does
 * not unwrap, or whose unwrapped key has the wrong length ends in one
 * {@link JweDecryptionException} with one message, so that the cases cannot be told apart.
 *
 * <p><b>Decryption is not authentication.</b> Anyone who has the recipient's public key can
 * make a JWE that decrypts. Use {@link #decryptClaims} with a {@link JwtVerifier} when the content
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
    private final int maxPbes2Iterations;
    private final JweCompact.HeaderMemo headerMemo = new JweCompact.HeaderMemo();

    private JweDecrypter(Builder b, JweKeys keys) {
        this.maxPbes2Iterations = b.maxPbes2Iterations;
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
     * @param key a {@link JwtSecretKey} (dir, A*KW, A*GCMKW; for PBES2 one from
     *        {@link JwtSecretKey#fromPassword}) or a {@link JwtPrivateKey} (RSA-OAEP*, ECDH-ES*)
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
     *         JSON serialization is refused: {@link #decryptJson} reads it), larger than
     *         {@code maxTokenBytes}, has a malformed header, an IV or tag of the wrong length, a
     *         bad {@code epk}, or compressed content that is not raw DEFLATE or inflates past
     *         {@code maxInflatedBytes}
     * @throws AlgorithmNotAllowedException if its {@code alg} or {@code enc} is unknown or off the
     *         allow-lists (PBES2 included, unless enabled)
     * @throws UnsupportedJwtException if it uses {@code RSA1_5}, a PBES2 iteration count above
     *         the cap, {@code crit}, or a {@code zip} other than {@code DEF} (or any, with
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
     * Decrypts a JWE in the JSON serialization (RFC 7516 section 7.2), general
     * ({@code "recipients"}) or flattened. The protected header, the shared {@code unprotected}
     * header and the recipient's {@code header} together form the recipient's header, vetted as
     * a compact JWE's; their member names must be disjoint, and {@code zip} and {@code crit} must
     * be in the protected header. The {@code aad} member, when present, is authenticated with the
     * protected header (section 5.1 step 14).
     *
     * <p>Recipients are considered in order. One whose {@code alg} this decrypter does not take
     * (unknown, off the allow-list, {@code RSA1_5}, PBES2 not enabled), or for which it has no
     * key (each recipient's key is chosen by that recipient's {@code kid} and {@code alg}, as
     * {@link #decrypt} chooses one for a compact JWE), is skipped without any decryption attempt; the
     * others are tried until one decrypts, each at the cost of one unwrap and one tag check
     * whatever fails, and a failure of any of them is the same {@link JweDecryptionException}.
     * A recipient this decrypter takes but whose header is malformed refuses the whole JWE, and
     * so do two or more PBES2 recipients it takes (each could cost the whole iteration cap).
     *
     * @param json the JWE JSON serialization, at most {@code maxTokenBytes} long
     * @return the plaintext, a fresh array
     * @throws MalformedJwtException if the JWE is null, not a JSON object (a compact JWE is
     *         refused: {@link #decrypt} reads it), larger than {@code maxTokenBytes}, mixes the
     *         general and flattened forms, has no or more than 16 recipients, a name in two of
     *         its headers, {@code zip} or {@code crit} outside the protected header, recipients
     *         with different {@code enc}, a member that is not strict base64url, or any fault
     *         {@link #decrypt} refuses in a header it takes
     * @throws AlgorithmNotAllowedException if no recipient's {@code alg} is allowed, or the
     *         {@code enc} is unknown or not allowed
     * @throws UnsupportedJwtException if the only recipients use {@code RSA1_5}, a recipient it
     *         takes a PBES2 count above the cap, two recipients PBES2, or the JWE has
     *         {@code crit} or an unknown {@code zip}
     * @throws UnknownKeyException if this decrypter has no key for any recipient it could take
     *         (another {@code kid}; for a JWK set, also no {@code kid} and several keys for its
     *         {@code alg})
     * @throws JweDecryptionException if it does not decrypt with this key for any recipient
     * @throws IllegalStateException if the key has been closed
     */
    public byte[] decryptJson(CharSequence json) {
        try {
            return JweJson.decrypt(json, maxTokenBytes, maxInflatedBytes, maxPbes2Iterations, keyAlgorithms,
                    contentAlgorithms, keys).plaintext();
        } finally {
            java.lang.ref.Reference.reachabilityFence(keys);
        }
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
    public Map<String, Object> decryptClaims(CharSequence jwe, JwtVerifier verifier) {
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
    public <T> T decryptClaims(CharSequence jwe, JwtVerifier verifier, Class<T> type) {
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
                    + (cty == null ? "absent" : io.lcjwt.internal.Untrusted.quote(cty)) + "; decryptClaims reads a"
                    + " nested JWT, marked \"cty\": \"JWT\" (RFC 7519 section 5.2). Use decrypt for other content.");
        }
        return d.plaintext();
    }

    private JweCompact.Decrypted run(CharSequence jwe) {
        try {
            return JweCompact.decrypt(jwe, maxTokenBytes, maxInflatedBytes, maxPbes2Iterations, keyAlgorithms,
                    contentAlgorithms, keys, headerMemo);
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
        private int maxPbes2Iterations;

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
         * Turns on PBES2 (password-based key encryption, RFC 7518 section 4.8) with an iteration
         * cap of 10,000: a JWE whose {@code p2c} is above it, or below 1,000, or whose {@code p2s}
         * is under 8 bytes, is refused before anything is derived. The key must be a
         * {@link JwtSecretKey#fromPassword password}, and the PBES2 algorithms must also be named
         * in {@link #keyAlgorithms}; naming them there without this call fails {@link #build()}.
         * PBES2 is off by default because the sender chooses the iteration count and the
         * recipient pays for it (CVE-2022-36083, CVE-2023-52428): at the default cap, up to about
         * 30 ms of one core per JWE for PBES2-HS512+A256KW, whoever sent it.
         *
         * @return this builder
         */
        public Builder enablePbes2() {
            return enablePbes2(io.lcjwt.internal.jwe.Pbes2.DEFAULT_ITERATIONS);
        }

        /**
         * As {@link #enablePbes2()}, with another iteration cap: each PBES2 JWE may cost this
         * many PBKDF2 iterations, whoever sent it.
         *
         * @param maxIterations the largest {@code p2c} accepted, from 1,000 to 1,000,000 (the
         *        hard bound: about 3 seconds of one core per JWE for PBES2-HS512+A256KW)
         * @return this builder
         * @throws IllegalArgumentException if {@code maxIterations} is outside 1,000 to 1,000,000
         */
        public Builder enablePbes2(int maxIterations) {
            this.maxPbes2Iterations = io.lcjwt.internal.jwe.Pbes2.checkIterations(maxIterations, "cap");
            return this;
        }

        /**
         * Builds the decrypter.
         *
         * @return the decrypter, immutable and thread-safe
         * @throws IllegalStateException if an allow-list is missing, the key has been closed, or a
         *         PBES2 algorithm is allowed without {@link #enablePbes2()}
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
            if (maxPbes2Iterations == 0 && keyAlgorithms.stream().anyMatch(a -> a.joseName().startsWith("PBES2-"))) {
                throw new IllegalStateException("PBES2 is named in keyAlgorithms but not enabled; it is off by"
                        + " default (a sender-chosen iteration count costs the recipient CPU). Call enablePbes2()"
                        + " or enablePbes2(maxIterations) on the builder to accept it.");
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
