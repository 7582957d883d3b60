package io.lcjwt;

/**
 * A key lcjwt signs or verifies with. Keys are immutable and thread-safe; their native state
 * (libcrypto contexts) is freed by {@link #close()}, or by a {@link java.lang.ref.Cleaner} once the
 * key is unreachable. Closing is idempotent; using a closed key throws {@link IllegalStateException}.
 */
public sealed interface JwtKey extends AutoCloseable permits SecretKey {

    /** The key id ({@code kid}), or null. */
    String keyId();

    /** Whether this key can sign or verify with {@code algorithm}. */
    boolean supports(Algorithm algorithm);

    /** Frees the native state now. */
    @Override
    void close();
}
