package io.lcjwt.bindings;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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

    // The handles are linked from the symbol and a descriptor written here, never through the
    // generated libcrypto_h$X holders: a holder's static initializer links its own (not critical)
    // handle too, so touching its $address() or $descriptor() would link every function twice,
    // and each link of a new shape costs milliseconds in a fresh JVM (a start-up rule, docs/architecture.md).

    /**
     * {@code int f(void *, const void *, size_t)}: HMAC_Update, CRYPTO_memcmp and the digest
     * updates, and HMAC_Final too, whose third parameter ({@code unsigned int *}) lcjwt always
     * passes as NULL: a pointer and a {@code size_t} travel in the same integer register on
     * every 64-bit ABI the JDK's linker supports, so a zero {@code long} is that NULL. One
     * descriptor for three of an HMAC's four calls ({@code HMAC_Init_ex} has five parameters),
     * because each new descriptor costs milliseconds at its first link and its first call in a
     * fresh JVM (a start-up rule, docs/architecture.md).
     */
    private static final FunctionDescriptor INT_PTR_PTR_SIZE = FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG);

    /** The HMAC calls, linked when an HMAC key is made: a service with only RSA or EC keys never links them. */
    private static final class Hmac {
        static final MethodHandle INIT_EX = Backend.get().hmacInitExCritical();
        static final MethodHandle UPDATE = Backend.critical("HMAC_Update", INT_PTR_PTR_SIZE);
        static final MethodHandle FINAL = Backend.critical("HMAC_Final", INT_PTR_PTR_SIZE);
        static final MethodHandle MEMCMP = Backend.critical("CRYPTO_memcmp", INT_PTR_PTR_SIZE);

        private Hmac() {}
    }

    /** The streamed-signature updates, linked on first use: an HMAC-only service never links them. */
    private static final class Digest {
        static final MethodHandle VERIFY_UPDATE = Backend.critical("EVP_DigestVerifyUpdate", INT_PTR_PTR_SIZE);
        static final MethodHandle SIGN_UPDATE = Backend.critical("EVP_DigestSignUpdate", INT_PTR_PTR_SIZE);

        private Digest() {}
    }

    /**
     * {@code uint8_t *f(const uint8_t *data, size_t len, uint8_t *out)}: the one-shot digests.
     * Each has its own holder, linked at its first use: SD-JWT digests its disclosures with one
     * of them, usually SHA-256, and nothing else needs them on a hot path.
     */
    private static final FunctionDescriptor PTR_PTR_SIZE_PTR = FunctionDescriptor.of(ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS);

    private static final class Sha256 {
        static final MethodHandle H = Backend.critical("SHA256", PTR_PTR_SIZE_PTR);

        private Sha256() {}
    }

    private static final class Sha384 {
        static final MethodHandle H = Backend.critical("SHA384", PTR_PTR_SIZE_PTR);

        private Sha384() {}
    }

    private static final class Sha512 {
        static final MethodHandle H = Backend.critical("SHA512", PTR_PTR_SIZE_PTR);

        private Sha512() {}
    }

    /**
     * A digest in three calls, for OpenSSL 3, whose one-shot {@code SHA256()} (and 384, 512)
     * fetches the algorithm from its provider on every call: about 1.1 µs over a short input, where
     * {@code SHA256_Init}, {@code _Update} and {@code _Final} on a context of our own take 0.2.
     * aws-lc's one-shots do no such lookup and stay one call. {@code Init} and {@code Final} take
     * fewer parameters than {@link #INT_PTR_PTR_SIZE} has; they are linked with it anyway and
     * passed zeros for the rest, as {@code HMAC_Final} is (see there), so no new descriptor is
     * linked for them.
     *
     * @param ctxLongs the context's size in longs: 14 for a {@code SHA256_CTX} (112 bytes: eight
     *        state words, two counters, a 64-byte block, two ints), 27 for a {@code SHA512_CTX}
     *        (216 bytes on 64-bit platforms, the same with 64-bit words and a 128-byte block).
     *        Neither holds a pointer, so a heap array that the GC moves between calls is a valid
     *        context.
     */
    private record Steps(MethodHandle init, MethodHandle update, MethodHandle fin, int ctxLongs) {
        /** Whether {@link #sha} goes through these: on OpenSSL 3, not on aws-lc. */
        static final boolean USE = !Backend.get().isAwsLc();

        /** {@code name_Init}, {@code name_Update} and {@code name_Final}, linked now. */
        static Steps link(String name, int ctxLongs) {
            return new Steps(Backend.critical(name + "_Init", INT_PTR_PTR_SIZE),
                    Backend.critical(name + "_Update", INT_PTR_PTR_SIZE),
                    Backend.critical(name + "_Final", INT_PTR_PTR_SIZE), ctxLongs);
        }
    }

    /** Each digest's three calls, linked at its first use on OpenSSL 3, as the one-shots are. */
    private static final class Sha256Steps {
        static final Steps S = Steps.link("SHA256", 14);

        private Sha256Steps() {}
    }

    private static final class Sha384Steps {
        static final Steps S = Steps.link("SHA384", 27);

        private Sha384Steps() {}
    }

    private static final class Sha512Steps {
        static final Steps S = Steps.link("SHA512", 27);

        private Sha512Steps() {}
    }

    private Critical() {}

    /**
     * Links the handles now. Keys call this when they are made, so the first decode on a virtual
     * thread never waits for this class's initialization (a wait that pins its carrier).
     */
    public static void link() {
        Hmac.MEMCMP.type(); // touching a static final initializes the holder
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
            return (int) Hmac.INIT_EX.invokeExact(ctx, key, keyLen, md, MemorySegment.NULL);
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
            return (int) Hmac.UPDATE.invokeExact(ctx, data, len);
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
            return (int) Hmac.FINAL.invokeExact(ctx, out, 0L); // 0L: a NULL out-length pointer, see INT_PTR_PTR_SIZE
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
            return (int) Hmac.MEMCMP.invokeExact(a, b, len);
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

    /**
     * {@code SHA256}, {@code SHA384} or {@code SHA512} of {@code data[0, len)} into {@code out}, a
     * one-shot digest with no context to allocate. Both segments may be on the heap; keep
     * {@code len} to a token's size (64 KiB or so), as for the other calls here.
     *
     * @param bits 256, 384 or 512
     * @param data the bytes to digest
     * @param len how many of them
     * @param out where the digest is written, at least {@code bits / 8} bytes
     * @throws IllegalArgumentException if {@code bits} is not 256, 384 or 512
     */
    public static void sha(int bits, MemorySegment data, long len, MemorySegment out) {
        if (Steps.USE) {
            shaInSteps(bits, data, len, out);
            return;
        }
        MethodHandle h = switch (bits) {
            case 256 -> Sha256.H;
            case 384 -> Sha384.H;
            case 512 -> Sha512.H;
            default -> throw new IllegalArgumentException("bits must be 256, 384 or 512, not " + bits);
        };
        MemorySegment written;
        try {
            written = (MemorySegment) h.invokeExact(data, len, out);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
        if (written.address() == 0) {
            throw new IllegalStateException("libcrypto's SHA" + bits + " failed");
        }
    }

    /** {@link #sha} on OpenSSL 3: init, update and final on a context in a heap array. */
    private static void shaInSteps(int bits, MemorySegment data, long len, MemorySegment out) {
        Steps steps = switch (bits) {
            case 256 -> Sha256Steps.S;
            case 384 -> Sha384Steps.S;
            case 512 -> Sha512Steps.S;
            default -> throw new IllegalArgumentException("bits must be 256, 384 or 512, not " + bits);
        };
        MemorySegment ctx = MemorySegment.ofArray(new long[steps.ctxLongs()]);
        int ok;
        try {
            ok = (int) steps.init().invokeExact(ctx, MemorySegment.NULL, 0L);
            ok &= (int) steps.update().invokeExact(ctx, data, len);
            ok &= (int) steps.fin().invokeExact(out, ctx, 0L);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
        if (ok != 1) {
            throw new IllegalStateException("libcrypto's SHA" + bits + " failed");
        }
    }
}
