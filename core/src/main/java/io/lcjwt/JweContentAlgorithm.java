package io.lcjwt;

/**
 * The JWE content encryption algorithms ({@code enc}, RFC 7518 section 5) lcjwt encrypts and
 * decrypts with, all through libcrypto: AES-GCM with a 96-bit IV and a 128-bit tag, and
 * AES-CBC with HMAC-SHA-2 as RFC 7518 section 5.2 composes them.
 *
 * <p>A {@link JweDecrypter} takes an explicit allow-list of these; a JWE whose {@code enc} is
 * not on it is refused before any cryptographic work.
 *
 * <p>An enum: immutable and thread-safe.
 */
public enum JweContentAlgorithm {
    /** AES-128-CBC with HMAC-SHA-256, its tag the first 16 bytes of the MAC; a 32-byte key. */
    A128CBC_HS256("A128CBC-HS256", 32),
    /** AES-192-CBC with HMAC-SHA-384, its tag the first 24 bytes of the MAC; a 48-byte key. */
    A192CBC_HS384("A192CBC-HS384", 48),
    /** AES-256-CBC with HMAC-SHA-512, its tag the first 32 bytes of the MAC; a 64-byte key. */
    A256CBC_HS512("A256CBC-HS512", 64),
    /** AES-128-GCM; a 16-byte key. */
    A128GCM("A128GCM", 16),
    /** AES-192-GCM; a 24-byte key. */
    A192GCM("A192GCM", 24),
    /** AES-256-GCM; a 32-byte key. */
    A256GCM("A256GCM", 32);

    private final String joseName;
    private final int keyBytes;

    JweContentAlgorithm(String joseName, int keyBytes) {
        this.joseName = joseName;
        this.keyBytes = keyBytes;
    }

    /** {@return the name in a JWE header's {@code enc}, such as {@code A256GCM}} */
    public String joseName() {
        return joseName;
    }

    /** {@return the content encryption key's length in bytes (for CBC-HMAC: MAC key and AES key together)} */
    public int keyBytes() {
        return keyBytes;
    }

    /**
     * The algorithm with this {@code enc} name, compared exactly (names are case-sensitive).
     *
     * @param name an {@code enc} value such as {@code A128GCM}
     * @return the algorithm, or null when lcjwt has none by that name
     */
    public static JweContentAlgorithm fromJoseName(String name) {
        for (JweContentAlgorithm a : values()) {
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
