package io.lcjwt;

import java.util.Objects;

/**
 * The JWS algorithms lcjwt signs and verifies (RFC 7518 section 3, RFC 8037, RFC 8812, and the
 * post-quantum ML-DSA of RFC 9964). There is no {@code none}: an unsecured token can never be
 * accepted.
 *
 * <p>A verifier takes an explicit allow-list of these; a token whose {@code alg} is not on it is
 * refused before any signature work.
 *
 * <p>ML-DSA needs a libcrypto that has it (aws-lc 1.40 or newer): on another, keys and builders
 * for it are refused with a message that says so, and {@link LibCrypto#supports(Algorithm)} tells
 * in advance.
 *
 * <pre>{@code
 * Algorithm pq = LibCrypto.supports(Algorithm.ML_DSA_65) ? Algorithm.ML_DSA_65 : Algorithm.ES256;
 * }</pre>
 *
 * <p>An enum: immutable and thread-safe.
 */
public enum Algorithm {
    /** HMAC with SHA-256. */
    HS256("HS256", Family.HMAC, 32),
    /** HMAC with SHA-384. */
    HS384("HS384", Family.HMAC, 48),
    /** HMAC with SHA-512. */
    HS512("HS512", Family.HMAC, 64),
    /** RSASSA-PKCS1-v1_5 with SHA-256. */
    RS256("RS256", Family.RSA, 32),
    /** RSASSA-PKCS1-v1_5 with SHA-384. */
    RS384("RS384", Family.RSA, 48),
    /** RSASSA-PKCS1-v1_5 with SHA-512. */
    RS512("RS512", Family.RSA, 64),
    /** RSASSA-PSS with SHA-256, MGF1-SHA-256, 32-byte salt. */
    PS256("PS256", Family.RSA_PSS, 32),
    /** RSASSA-PSS with SHA-384, MGF1-SHA-384, 48-byte salt. */
    PS384("PS384", Family.RSA_PSS, 48),
    /** RSASSA-PSS with SHA-512, MGF1-SHA-512, 64-byte salt. */
    PS512("PS512", Family.RSA_PSS, 64),
    /** ECDSA on P-256 with SHA-256. */
    ES256("ES256", Family.ECDSA, 32),
    /** ECDSA on secp256k1 with SHA-256 (RFC 8812). */
    ES256K("ES256K", Family.ECDSA, 32),
    /** ECDSA on P-384 with SHA-384. */
    ES384("ES384", Family.ECDSA, 48),
    /** ECDSA on P-521 with SHA-512. */
    ES512("ES512", Family.ECDSA, 64),
    /** EdDSA with Ed25519 (RFC 8037). */
    EdDSA("EdDSA", Family.EDDSA, 0),
    /** ML-DSA-44 (FIPS 204, RFC 9964): pure ML-DSA with the empty context, NIST security category 2. */
    ML_DSA_44("ML-DSA-44", Family.ML_DSA, 0),
    /** ML-DSA-65 (FIPS 204, RFC 9964): pure ML-DSA with the empty context, NIST security category 3. */
    ML_DSA_65("ML-DSA-65", Family.ML_DSA, 0),
    /** ML-DSA-87 (FIPS 204, RFC 9964): pure ML-DSA with the empty context, NIST security category 5. */
    ML_DSA_87("ML-DSA-87", Family.ML_DSA, 0);

    /** How an algorithm uses its key. */
    public enum Family {
        /** A shared secret. */
        HMAC,
        /** An RSA key with PKCS#1 v1.5 padding. */
        RSA,
        /** An RSA key with PSS padding. */
        RSA_PSS,
        /** An elliptic-curve key on the algorithm's one curve. */
        ECDSA,
        /** An Ed25519 key. */
        EDDSA,
        /** An ML-DSA key ({@code kty} {@code AKP}) of the algorithm's one parameter set. */
        ML_DSA
    }

    private final String jwsName;
    private final Family family;
    private final int hashBytes;

    Algorithm(String jwsName, Family family, int hashBytes) {
        this.jwsName = jwsName;
        this.family = family;
        this.hashBytes = hashBytes;
    }

    /** {@return the {@code alg} header value, such as {@code HS256}} */
    public String jwsName() {
        return jwsName;
    }

    /** {@return how the algorithm uses its key} */
    public Family family() {
        return family;
    }

    /**
     * The digest length in bytes (also the MAC length for HMAC and the minimum HMAC secret).
     *
     * @return the digest length, or 0 for EdDSA and ML-DSA, which hash internally
     */
    public int hashBytes() {
        return hashBytes;
    }

    /**
     * The algorithm named exactly {@code name} (case-sensitive, as RFC 7515 section 4.1.1
     * requires). No alias is accepted: {@code ES521}, a common misspelling of {@code ES512}, is
     * not an algorithm here, so a token whose header says {@code ES521} is refused (only a JWK's
     * {@code alg} member is read leniently, by the JWK importer).
     *
     * <pre>{@code
     * Algorithm alg = Algorithm.fromJwsName("RS256");   // RS256; "rs256" gives null
     * Algorithm pq = Algorithm.fromJwsName("ML-DSA-65"); // ML_DSA_65
     * }</pre>
     *
     * @param name an {@code alg} header value, such as {@code HS256}
     * @return the algorithm, or {@code null} when lcjwt has none of exactly that name
     *         ({@code none} included)
     * @throws NullPointerException if {@code name} is null
     */
    public static Algorithm fromJwsName(String name) {
        return switch (Objects.requireNonNull(name, "name")) {
            case "HS256" -> HS256;
            case "HS384" -> HS384;
            case "HS512" -> HS512;
            case "RS256" -> RS256;
            case "RS384" -> RS384;
            case "RS512" -> RS512;
            case "PS256" -> PS256;
            case "PS384" -> PS384;
            case "PS512" -> PS512;
            case "ES256" -> ES256;
            case "ES256K" -> ES256K;
            case "ES384" -> ES384;
            case "ES512" -> ES512;
            case "EdDSA" -> EdDSA;
            case "ML-DSA-44" -> ML_DSA_44;
            case "ML-DSA-65" -> ML_DSA_65;
            case "ML-DSA-87" -> ML_DSA_87;
            default -> null;
        };
    }
}
