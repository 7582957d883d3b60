package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The short libcrypto calls of the HMAC hot path, linked with {@code Linker.Option.critical(true)}:
 * no thread-state transition, and heap segments ({@code MemorySegment.ofArray}) are passed in place,
 * so a token's bytes reach libcrypto without a copy. Only calls that finish in well under a
 * microsecond and never block belong here (HMAC over a token, {@code CRYPTO_memcmp}); RSA and EC
 * work does not. The digest updates of a streamed signature are here too, so that a detached
 * payload in a heap array reaches libcrypto in place; their callers feed at most 64 KiB per
 * call (tens of microseconds of hashing), which bounds how long a call holds off the GC.
 *
 * <p>The handles are {@code static final} so the JIT can inline through them.
 */
public final class Critical {

    private static final MethodHandle HMAC_INIT_EX = Backend.get().hmacInitExCritical();
    private static final MethodHandle HMAC_UPDATE = Backend.critical(
            libcrypto_h.HMAC_Update$address(), libcrypto_h.HMAC_Update$descriptor());
    private static final MethodHandle HMAC_FINAL = Backend.critical(
            libcrypto_h.HMAC_Final$address(), libcrypto_h.HMAC_Final$descriptor());
    private static final MethodHandle CRYPTO_MEMCMP = Backend.critical(
            libcrypto_h.CRYPTO_memcmp$address(), libcrypto_h.CRYPTO_memcmp$descriptor());

    /** The streamed-signature updates, linked on first use: an HMAC-only service never links them. */
    private static final class Digest {
        static final MethodHandle VERIFY_UPDATE = Backend.critical(
                libcrypto_h.EVP_DigestVerifyUpdate$address(), libcrypto_h.EVP_DigestVerifyUpdate$descriptor());
        static final MethodHandle SIGN_UPDATE = Backend.critical(
                libcrypto_h.EVP_DigestSignUpdate$address(), libcrypto_h.EVP_DigestSignUpdate$descriptor());

        private Digest() {}
    }

    private Critical() {}

    /**
     * Links the handles now. Keys call this when they are made, so the first decode on a virtual
     * thread never waits for this class's initialization (a wait that pins its carrier).
     */
    public static void link() {
        // the static initializer has run by the time this body executes
    }

    /**
     * Links the digest-update handles now; asymmetric keys call this when they are made, for the
     * same reason as {@link #link()}.
     */
    public static void linkDigests() {
        Digest.VERIFY_UPDATE.type(); // touching a static final initializes the holder
    }

    /**
     * {@code HMAC_Init_ex(ctx, key, len, md, NULL)}; a NULL key and md restart with the kept key.
     *
     * @param ctx an {@code HMAC_CTX*}
     * @param key the key bytes, or NULL
     * @param keyLen the key's length in bytes
     * @param md the digest, or NULL
     * @return 1 on success, 0 on failure
     */
    public static int hmacInit(MemorySegment ctx, MemorySegment key, long keyLen, MemorySegment md) {
        try {
            return (int) HMAC_INIT_EX.invokeExact(ctx, key, keyLen, md, MemorySegment.NULL);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code HMAC_Update(ctx, data, len)}.
     *
     * @param ctx an {@code HMAC_CTX*}
     * @param data the bytes to add; may be a heap segment
     * @param len how many of them
     * @return 1 on success, 0 on failure
     */
    public static int hmacUpdate(MemorySegment ctx, MemorySegment data, long len) {
        try {
            return (int) HMAC_UPDATE.invokeExact(ctx, data, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code HMAC_Final(ctx, out, NULL)}.
     *
     * @param ctx an {@code HMAC_CTX*}
     * @param out where the MAC is written; may be a heap segment of the MAC's size
     * @return 1 on success, 0 on failure
     */
    public static int hmacFinal(MemorySegment ctx, MemorySegment out) {
        try {
            return (int) HMAC_FINAL.invokeExact(ctx, out, MemorySegment.NULL);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code CRYPTO_memcmp(a, b, len)}, in time independent of the contents.
     *
     * @param a the first bytes
     * @param b the second bytes
     * @param len how many bytes to compare
     * @return 0 when equal, non-zero otherwise
     */
    public static int memcmp(MemorySegment a, MemorySegment b, long len) {
        try {
            return (int) CRYPTO_MEMCMP.invokeExact(a, b, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_DigestVerifyUpdate(ctx, data, len)}.
     *
     * @param ctx an {@code EVP_MD_CTX*} set up by {@code EVP_DigestVerifyInit}
     * @param data the bytes to add; may be a heap segment (keep it to 64 KiB per call)
     * @param len how many of them
     * @return 1 on success, 0 on failure
     */
    public static int digestVerifyUpdate(MemorySegment ctx, MemorySegment data, long len) {
        try {
            return (int) Digest.VERIFY_UPDATE.invokeExact(ctx, data, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_DigestSignUpdate(ctx, data, len)}.
     *
     * @param ctx an {@code EVP_MD_CTX*} set up by {@code EVP_DigestSignInit}
     * @param data the bytes to add; may be a heap segment (keep it to 64 KiB per call)
     * @param len how many of them
     * @return 1 on success, 0 on failure
     */
    public static int digestSignUpdate(MemorySegment ctx, MemorySegment data, long len) {
        try {
            return (int) Digest.SIGN_UPDATE.invokeExact(ctx, data, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }
}
