package io.lcjwt;

/**
 * The JWE key management algorithms ({@code alg}, RFC 7518 section 4) lcjwt encrypts and
 * decrypts with, each bound to one kind of key:
 * <ul>
 *   <li>{@link #DIR}, the AES key wraps and the AES-GCM key wraps take a {@link JwtSecretKey} of the right length
 *       (see {@link JwtSecretKey#forEncryption(byte[])} for 16- and 24-byte keys);</li>
 *   <li>the RSA-OAEP family takes an RSA key of 2048 bits or more;</li>
 *   <li>the ECDH-ES family takes an EC key on P-256, P-384 or P-521;</li>
 *   <li>the PBES2 family takes a password, {@link JwtSecretKey#fromPassword(char[])}, and only
 *       that; a {@link JweDecrypter} accepts it only after
 *       {@link JweDecrypter.Builder#enablePbes2()}, since its iteration count is the sender's
 *       to choose and costs the recipient CPU time.</li>
 * </ul>
 * Not here, on purpose: {@code RSA1_5} (PKCS#1 v1.5 encryption invites Bleichenbacher's attack
 * and aws-lc has no implicit rejection for it; such JWEs are refused without any decryption
 * attempt), and, not yet, X448.
 *
 * <p>A {@link JweDecrypter} takes an explicit allow-list of these; a JWE whose {@code alg} is
 * not on it is refused before any cryptographic work.
 *
 * <p>An enum: immutable and thread-safe.
 */
public enum JweKeyAlgorithm {
    /** Direct use of a shared content encryption key; the encrypted key segment is empty. */
    DIR("dir"),
    /** AES-128 Key Wrap (RFC 3394) with a 16-byte key. */
    A128KW("A128KW"),
    /** AES-192 Key Wrap with a 24-byte key. */
    A192KW("A192KW"),
    /** AES-256 Key Wrap with a 32-byte key. */
    A256KW("A256KW"),
    /** AES-128-GCM key wrap (RFC 7518 section 4.7): its 12-byte IV and 16-byte tag in the header. */
    A128GCMKW("A128GCMKW"),
    /** AES-192-GCM key wrap with a 24-byte key. */
    A192GCMKW("A192GCMKW"),
    /** AES-256-GCM key wrap with a 32-byte key. */
    A256GCMKW("A256GCMKW"),
    /** RSAES-OAEP with SHA-1 and MGF1-SHA-1 (RFC 7518 section 4.3). */
    RSA_OAEP("RSA-OAEP"),
    /** RSAES-OAEP with SHA-256 and MGF1-SHA-256. */
    RSA_OAEP_256("RSA-OAEP-256"),
    /** RSAES-OAEP with SHA-384 and MGF1-SHA-384 (IANA JOSE registry). */
    RSA_OAEP_384("RSA-OAEP-384"),
    /** RSAES-OAEP with SHA-512 and MGF1-SHA-512 (IANA JOSE registry). */
    RSA_OAEP_512("RSA-OAEP-512"),
    /** ECDH-ES, its Concat KDF output used as the content encryption key (RFC 7518 section 4.6). */
    ECDH_ES("ECDH-ES"),
    /** ECDH-ES, its output wrapping the content encryption key with AES-128 Key Wrap. */
    ECDH_ES_A128KW("ECDH-ES+A128KW"),
    /** ECDH-ES with AES-192 Key Wrap. */
    ECDH_ES_A192KW("ECDH-ES+A192KW"),
    /** ECDH-ES with AES-256 Key Wrap. */
    ECDH_ES_A256KW("ECDH-ES+A256KW"),
    /**
     * PBES2 (RFC 7518 section 4.8): PBKDF2 with HMAC-SHA-256 derives an AES-128 Key Wrap key from
     * a password, the salt ({@code p2s}) and the iteration count ({@code p2c}) in the header.
     */
    PBES2_HS256_A128KW("PBES2-HS256+A128KW"),
    /** PBES2 with HMAC-SHA-384 and AES-192 Key Wrap. */
    PBES2_HS384_A192KW("PBES2-HS384+A192KW"),
    /** PBES2 with HMAC-SHA-512 and AES-256 Key Wrap. */
    PBES2_HS512_A256KW("PBES2-HS512+A256KW");

    private final String joseName;

    JweKeyAlgorithm(String joseName) {
        this.joseName = joseName;
    }

    /** {@return the name in a JWE header's {@code alg}, such as {@code RSA-OAEP-256}} */
    public String joseName() {
        return joseName;
    }

    /**
     * The algorithm with this {@code alg} name, compared exactly (names are case-sensitive).
     *
     * @param name an {@code alg} value such as {@code A256KW}
     * @return the algorithm, or null when lcjwt has none by that name
     */
    public static JweKeyAlgorithm fromJoseName(String name) {
        for (JweKeyAlgorithm a : values()) {
            if (a.joseName.equals(name)) {
                return a;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return joseName;
    }
}
