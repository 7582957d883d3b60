package io.lcjwt;

import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.jwe.JweCompact;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Encrypts content to one recipient as a compact JWE (RFC 7516 section 7.1), through libcrypto.
 * Each JWE gets a fresh content encryption key (except with {@code dir}), a fresh IV, and for
 * ECDH-ES a fresh ephemeral key. Immutable and thread-safe.
 *
 * <pre>{@code
 * JweEncrypter encrypter = JweEncrypter.builder(JwtPublicKey.fromPem(recipientPem))
 *         .keyAlgorithm(JweKeyAlgorithm.RSA_OAEP_256)
 *         .contentAlgorithm(JweContentAlgorithm.A256GCM)
 *         .keyId("recipient-1")
 *         .build();
 * String jwe = encrypter.encrypt(bytes);
 *
 * // sign, then encrypt (a nested JWT, cty: JWT)
 * String nested = encrypter.encryptJwt(Map.of("sub", "alice"), signer);
 * }</pre>
 *
 * <p>The protected header holds {@code alg}, {@code enc}, then {@code kid}, {@code typ} and
 * {@code cty} when set, any {@link Builder#header} parameters, and for ECDH-ES {@code epk},
 * {@code apu} and {@code apv}, for PBES2 a fresh 16-byte {@code p2s} and the {@code p2c} of
 * {@link Builder#pbes2Iterations} (10,000 by default, the default cap of a
 * {@link JweDecrypter}); {@code zip} only if {@link Builder#deflate()} was asked for.
 */
public final class JweEncrypter {

    private static final Set<String> RESERVED = Set.of("alg", "enc", "zip", "crit", "kid", "typ", "cty", "epk",
            "apu", "apv", "iv", "tag", "p2s", "p2c", "jku", "jwk", "x5u", "x5c", "x5t", "x5t#S256");

    final JwtKey key;
    private final JweKeyAlgorithm keyAlgorithm;
    private final JweContentAlgorithm contentAlgorithm;
    final Map<String, Object> header;
    private final Map<String, Object> jwtHeader;
    final byte[] apu;
    final byte[] apv;
    final boolean deflate;
    final int pbes2Iterations;

    private JweEncrypter(Builder b, Map<String, Object> header, Map<String, Object> jwtHeader) {
        this.pbes2Iterations = b.pbes2Iterations;
        this.key = b.key;
        this.keyAlgorithm = b.keyAlgorithm;
        this.contentAlgorithm = b.contentAlgorithm;
        this.header = header;
        this.jwtHeader = jwtHeader;
        this.apu = b.apu.clone();
        this.apv = b.apv.clone();
        this.deflate = b.deflate;
    }

    /**
     * A builder for an encrypter to {@code recipientKey}.
     *
     * @param recipientKey a {@link JwtSecretKey} (dir, A*KW, A*GCMKW; for PBES2 one from
     *        {@link JwtSecretKey#fromPassword}), or the recipient's
     *        {@link JwtPublicKey} (RSA-OAEP*, ECDH-ES*)
     * @return a builder; choose both algorithms before {@link Builder#build()}
     * @throws NullPointerException if {@code recipientKey} is null
     */
    public static Builder builder(JwtKey recipientKey) {
        return new Builder(Objects.requireNonNull(recipientKey, "recipientKey"));
    }

    /** {@return the key management algorithm this encrypter uses} */
    public JweKeyAlgorithm keyAlgorithm() {
        return keyAlgorithm;
    }

    /** {@return the content encryption algorithm this encrypter uses} */
    public JweContentAlgorithm contentAlgorithm() {
        return contentAlgorithm;
    }

    /**
     * Encrypts bytes.
     *
     * @param content the plaintext, read once
     * @return the compact JWE, {@code header.encryptedKey.iv.ciphertext.tag}
     * @throws NullPointerException if {@code content} is null
     * @throws InvalidJwtKeyException if the recipient's X25519 key is of small order (no shared
     *         secret can be agreed with it)
     * @throws IllegalStateException if the key has been closed
     */
    public String encrypt(byte[] content) {
        Objects.requireNonNull(content, "content");
        return run(header, content.clone());
    }

    /**
     * Signs claims with {@code signer}, then encrypts the signed JWT as a nested JWT
     * ({@code cty: JWT}, RFC 7519 section 5.2): the recipient learns who issued the claims, which
     * encryption alone cannot tell it. Read it back with
     * {@link JweDecrypter#decryptClaims(CharSequence, JwtVerifier, Class)}.
     *
     * @param claims the claims, as {@link JwtSigner#sign} takes them
     * @param signer the issuer's signer
     * @return the compact JWE
     * @throws NullPointerException if {@code claims} or {@code signer} is null
     * @throws IllegalArgumentException if the claims cannot be written (see {@link JwtSigner#sign})
     * @throws InvalidJwtKeyException if the recipient's X25519 key is of small order
     * @throws IllegalStateException if a key has been closed
     */
    public String encryptJwt(Object claims, JwtSigner signer) {
        Objects.requireNonNull(claims, "claims");
        Objects.requireNonNull(signer, "signer");
        byte[] jws = signer.sign(claims).getBytes(StandardCharsets.US_ASCII);
        return run(jwtHeader, jws);
    }

    private String run(Map<String, Object> h, byte[] plaintext) {
        byte[] secret = null;
        try {
            AsymmetricKey asym = null;
            if (key instanceof JwtSecretKey s) {
                secret = s.secretCopy();
            } else if (key instanceof JwtPublicKey p) {
                asym = p.impl();
            }
            return JweCompact.encrypt(keyAlgorithm, contentAlgorithm, h, apu, apv, deflate, pbes2Iterations, secret, asym,
                    plaintext);
        } finally {
            if (secret != null) {
                Arrays.fill(secret, (byte) 0);
            }
            Arrays.fill(plaintext, (byte) 0);
            java.lang.ref.Reference.reachabilityFence(key);
        }
    }

    /** Builds a {@link JweEncrypter}. Not thread-safe; the encrypter it builds is. */
    public static final class Builder {
        private final JwtKey key;
        private JweKeyAlgorithm keyAlgorithm;
        private JweContentAlgorithm contentAlgorithm;
        private String keyId;
        private String type;
        private String contentType;
        private byte[] apu = new byte[0];
        private byte[] apv = new byte[0];
        private boolean deflate;
        private int pbes2Iterations = io.lcjwt.internal.jwe.Pbes2.DEFAULT_ITERATIONS;
        private final Map<String, Object> extra = new LinkedHashMap<>();

        private Builder(JwtKey key) {
            this.key = key;
        }

        /**
         * The key management algorithm ({@code alg}); mandatory, unless the key came from a JWK
         * whose {@code alg} names one, which is then the default (and the only one it takes).
         *
         * @param algorithm an algorithm that fits the recipient's key
         * @return this builder
         * @throws NullPointerException if {@code algorithm} is null
         */
        public Builder keyAlgorithm(JweKeyAlgorithm algorithm) {
            this.keyAlgorithm = Objects.requireNonNull(algorithm, "algorithm");
            return this;
        }

        /**
         * The content encryption algorithm ({@code enc}); mandatory, unless the key came from an
         * {@code oct} JWK whose {@code alg} names one (a direct key, as RFC 7520 section 5.6
         * writes it), which is then the default (and the only one it takes).
         *
         * @param algorithm the algorithm
         * @return this builder
         * @throws NullPointerException if {@code algorithm} is null
         */
        public Builder contentAlgorithm(JweContentAlgorithm algorithm) {
            this.contentAlgorithm = Objects.requireNonNull(algorithm, "algorithm");
            return this;
        }

        /**
         * The {@code kid} header parameter; by default the key's own {@code kid}, if it has one.
         *
         * @param keyId the key id, non-empty
         * @return this builder
         * @throws NullPointerException if {@code keyId} is null
         * @throws IllegalArgumentException if {@code keyId} is empty
         */
        public Builder keyId(String keyId) {
            JwtSecretKey.checkKeyId(keyId);
            this.keyId = keyId;
            return this;
        }

        /**
         * The {@code typ} header parameter (absent by default).
         *
         * @param type the media type, such as {@code JWT}
         * @return this builder
         * @throws NullPointerException if {@code type} is null
         */
        public Builder type(String type) {
            this.type = Objects.requireNonNull(type, "type");
            return this;
        }

        /**
         * The {@code cty} header parameter for {@link JweEncrypter#encrypt} (absent by default;
         * {@link JweEncrypter#encryptJwt} always writes {@code JWT}).
         *
         * @param contentType the content's media type
         * @return this builder
         * @throws NullPointerException if {@code contentType} is null
         */
        public Builder contentType(String contentType) {
            this.contentType = Objects.requireNonNull(contentType, "contentType");
            return this;
        }

        /**
         * The ECDH-ES agreement PartyUInfo ({@code apu}, RFC 7518 section 4.6.1.2), for example
         * the sender's name; used only with the ECDH-ES algorithms.
         *
         * @param partyUInfo the bytes, copied
         * @return this builder
         * @throws NullPointerException if {@code partyUInfo} is null
         */
        public Builder agreementPartyUInfo(byte[] partyUInfo) {
            this.apu = Objects.requireNonNull(partyUInfo, "partyUInfo").clone();
            return this;
        }

        /**
         * The ECDH-ES agreement PartyVInfo ({@code apv}), for example the recipient's name; used
         * only with the ECDH-ES algorithms.
         *
         * @param partyVInfo the bytes, copied
         * @return this builder
         * @throws NullPointerException if {@code partyVInfo} is null
         */
        public Builder agreementPartyVInfo(byte[] partyVInfo) {
            this.apv = Objects.requireNonNull(partyVInfo, "partyVInfo").clone();
            return this;
        }

        /**
         * Compresses the content with DEFLATE before encrypting it ({@code zip: DEF}, RFC 7516
         * section 4.1.3). Off by default: compression makes the ciphertext's length depend on
         * the content, which leaks information when an attacker can mix its own text with a
         * secret (CRIME, BREACH); and a recipient must be willing to inflate.
         *
         * @return this builder
         */
        public Builder deflate() {
            this.deflate = true;
            return this;
        }

        /**
         * The PBES2 iteration count ({@code p2c}, RFC 7518 section 4.8.1.2) written into each JWE;
         * used only with the PBES2 algorithms. The default, 10,000, is what a
         * {@link JweDecrypter} accepts by default; more makes guessing the password from a JWE
         * dearer, and the recipient must raise its cap to match.
         *
         * @param iterations from 1,000 to 1,000,000
         * @return this builder
         * @throws IllegalArgumentException if {@code iterations} is outside 1,000 to 1,000,000
         */
        public Builder pbes2Iterations(int iterations) {
            this.pbes2Iterations = io.lcjwt.internal.jwe.Pbes2.checkIterations(iterations, "count");
            return this;
        }

        /**
         * Adds a header parameter of your own. Registered JWE parameters have their own setters
         * or are lcjwt's to write, and are refused here.
         *
         * @param name the parameter name
         * @param value a JSON value as {@link JwtSigner#sign} writes claims
         * @return this builder
         * @throws NullPointerException if {@code name} or {@code value} is null
         * @throws IllegalArgumentException if {@code name} is a registered JWE parameter
         */
        public Builder header(String name, Object value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (RESERVED.contains(name)) {
                throw new IllegalArgumentException("The \"" + name + "\" header parameter is lcjwt's to write"
                        + " (or has its own builder method)");
            }
            extra.put(name, value);
            return this;
        }

        /**
         * Builds the encrypter.
         *
         * @return the encrypter, immutable and thread-safe
         * @throws IllegalStateException if an algorithm is missing, or the key has been closed
         * @throws InvalidJwtKeyException if the key cannot serve the key algorithm (a private
         *         key, a secret of the wrong length, an RSA key for ECDH-ES, a JWK whose
         *         {@code use} is {@code sig}, whose {@code key_ops} lack the operation or whose
         *         {@code alg} is another...), or for {@code dir}, is not the content
         *         algorithm's key length
         * @throws IllegalArgumentException if a {@link #header} value cannot be written as JSON
         */
        public JweEncrypter build() {
            Keys.impl(key); // refuses a closed key
            JweKeyAlgorithm alg = keyAlgorithm != null ? keyAlgorithm : Keys.use(key).jweAlg();
            if (alg == null) {
                throw new IllegalStateException("Choose the key management algorithm with keyAlgorithm(...).");
            }
            JweContentAlgorithm enc = contentAlgorithm != null ? contentAlgorithm : Keys.use(key).jweEnc();
            if (enc == null) {
                throw new IllegalStateException("Choose the content encryption algorithm with contentAlgorithm(...).");
            }
            if (key instanceof JwtPrivateKey) {
                throw new InvalidJwtKeyException("Encrypt to the recipient's public key: use privateKey.publicKey().");
            }
            String problem = JweKeys.encryptProblem(key, alg);
            if (problem == null && alg == JweKeyAlgorithm.DIR) {
                problem = Keys.use(key).encProblem(enc);
            }
            if (problem == null && alg == JweKeyAlgorithm.DIR && ((JwtSecretKey) key).length() != enc.keyBytes()) {
                problem = "dir with " + enc.joseName() + " takes a " + enc.keyBytes()
                        + "-byte key, not " + ((JwtSecretKey) key).length() + " bytes";
            }
            if (problem != null) {
                throw new InvalidJwtKeyException("This key" + Keys.kid(key) + " cannot encrypt with " + alg.joseName()
                        + ": " + problem + ".");
            }
            this.keyAlgorithm = alg;
            this.contentAlgorithm = enc;
            Map<String, Object> h = new LinkedHashMap<>();
            String kid = keyId != null ? keyId : key.keyId();
            if (kid != null) {
                h.put("kid", kid);
            }
            if (type != null) {
                h.put("typ", type);
            }
            Map<String, Object> jwt = new LinkedHashMap<>(h);
            jwt.put("cty", "JWT");
            if (contentType != null) {
                h.put("cty", contentType);
            }
            h.putAll(extra);
            jwt.putAll(extra);
            ClaimsWriter.toJson(h); // a value that cannot be written fails here, not at encrypt
            return new JweEncrypter(this, java.util.Collections.unmodifiableMap(h),
                    java.util.Collections.unmodifiableMap(jwt));
        }
    }
}
