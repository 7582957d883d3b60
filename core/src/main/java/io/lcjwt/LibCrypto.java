package io.lcjwt;

import io.lcjwt.bindings.Backend;
import io.lcjwt.internal.crypto.NativeCounters;

import java.nio.file.Path;

/**
 * Which libcrypto lcjwt is using. It loads, in order: the file named by system property
 * {@code lcjwt.libcrypto} or environment variable {@code LCJWT_LIBCRYPTO}; an installed aws-lc;
 * the system's OpenSSL 3.
 *
 * <pre>{@code
 * System.out.println(LibCrypto.describe());   // aws-lc (AWS-LC 5.5.0) from /usr/lib/libcrypto.so; ML-DSA available
 * }</pre>
 *
 * <p>The library is loaded once per JVM, on the first use of lcjwt that needs it (this class, or
 * making a key). When none can be loaded, or the JVM was started without
 * {@code --enable-native-access}, that first use and every later one throw
 * {@link IllegalStateException} whose message says what was searched or names the flag.
 * Static methods: safe to call from any thread.
 */
public final class LibCrypto {
    private LibCrypto() {}

    /**
     * Which family of libcrypto is live, loading it on first use.
     *
     * @return {@code aws-lc} or {@code OpenSSL 3}
     * @throws IllegalStateException if no usable libcrypto can be loaded (the message says what
     *         was searched and how to point lcjwt at a library), or the JVM lacks native access (the
     *         message names the {@code --enable-native-access} flag to add)
     */
    public static String name() {
        return Backend.get().kind().displayName();
    }

    /**
     * The library's own version text.
     *
     * @return what {@code OpenSSL_version} says, e.g. {@code OpenSSL 3.5.1 1 Jul 2025}
     * @throws IllegalStateException as {@link #name()}
     */
    public static String version() {
        return Backend.get().version();
    }

    /**
     * The shared library file that was loaded.
     *
     * @return its absolute path
     * @throws IllegalStateException as {@link #name()}
     */
    public static Path path() {
        return Backend.get().path();
    }

    /**
     * How many native objects lcjwt holds right now: parsed keys, HMAC contexts and digest
     * contexts (with their buffers). Pools keep a few contexts per key while it is open; closing
     * a key (or its being collected) frees its share. Counts that grow with traffic rather than
     * with the number of open keys mean a leak: export them to your metrics if you want to watch.
     *
     * <pre>{@code
     * LibCrypto.NativeObjects live = LibCrypto.liveNativeObjects();
     * metrics.gauge("lcjwt.native.objects", live.total());
     * }</pre>
     *
     * @return a snapshot of the counts (they may change as soon as it is taken)
     */
    public static NativeObjects liveNativeObjects() {
        return new NativeObjects(NativeCounters.keys(), NativeCounters.hmacContexts(), NativeCounters.digestContexts(),
                NativeCounters.workBytes());
    }

    /**
     * A snapshot of {@link #liveNativeObjects()}; immutable.
     *
     * @param keys           {@code EVP_PKEY}s (RSA, EC, Ed25519, X25519 and ML-DSA keys; an RSA,
     *                       EC, Ed25519 or X25519 public key has one from the first use that
     *                       needs it on)
     * @param hmacContexts   {@code HMAC_CTX}s, each holding one secret's absorbed pads
     * @param digestContexts {@code EVP_MD_CTX}s with their working buffers
     * @param workBytes      bytes of those working buffers (grows with the largest token seen,
     *                       never with the number of decodes)
     */
    public record NativeObjects(long keys, long hmacContexts, long digestContexts, long workBytes) {
        /** {@return the sum of the three object counts} */
        public long total() {
            return keys + hmacContexts + digestContexts;
        }
    }

    /**
     * Name, version, path and capabilities on one line, for logs: whether ML-DSA is available
     * (see {@link #supports(Algorithm)}).
     *
     * <pre>{@code
     * System.out.println(LibCrypto.describe());
     * // aws-lc (AWS-LC 5.5.0) from /usr/lib/libcrypto.so; ML-DSA available
     * // OpenSSL 3 (OpenSSL 3.0.19 27 Jan 2026) from /usr/lib/x86_64-linux-gnu/libcrypto.so.3; ML-DSA not
     * //   available (needs aws-lc 1.40 or newer)
     * }</pre>
     *
     * @return for example {@code aws-lc (...) from /usr/lib/libcrypto.so; ML-DSA available}
     * @throws IllegalStateException as {@link #name()}
     */
    public static String describe() {
        Backend b = Backend.get();
        Backend.Capability mlDsa = Backend.Capability.ML_DSA;
        return b + "; " + mlDsa.displayName() + (b.has(mlDsa) ? " available"
                : " not available (needs " + mlDsa.needs() + ")");
    }

    /**
     * Whether the loaded libcrypto can sign and verify with {@code algorithm}. Every algorithm
     * works with both aws-lc and OpenSSL 3 except ML-DSA ({@link Algorithm#ML_DSA_44},
     * {@link Algorithm#ML_DSA_65}, {@link Algorithm#ML_DSA_87}), which needs aws-lc 1.40 or newer.
     * Where this is false, ML-DSA keys are refused at import ({@link InvalidJwtKeyException}),
     * and verifiers and signers that name the algorithm when they are built
     * ({@link UnsupportedOperationException}), each with a message that says what is needed.
     *
     * <pre>{@code
     * if (!LibCrypto.supports(Algorithm.ML_DSA_65)) {
     *     log.warn("post-quantum tokens are refused: " + LibCrypto.describe());
     * }
     * }</pre>
     *
     * @param algorithm a JWS algorithm
     * @return true when tokens of that algorithm can be signed and verified here
     * @throws NullPointerException if {@code algorithm} is null
     * @throws IllegalStateException as {@link #name()}
     */
    public static boolean supports(Algorithm algorithm) {
        java.util.Objects.requireNonNull(algorithm, "algorithm");
        return algorithm.family() != Algorithm.Family.ML_DSA || Backend.get().has(Backend.Capability.ML_DSA);
    }

    /**
     * Refuses an algorithm the loaded libcrypto lacks, with the sentence verifiers and signers
     * refuse it with when they are built: what is needed, what is loaded, and how to point lcjwt
     * at another library. For checking a configuration at start-up, before any key is at hand.
     *
     * <pre>{@code
     * for (String name : config.algorithms()) {
     *     LibCrypto.requireSupported(Algorithm.fromJwsName(name));   // ML-DSA-65 on OpenSSL 3: refused
     * }
     * }</pre>
     *
     * @param algorithm a JWS algorithm
     * @throws NullPointerException if {@code algorithm} is null
     * @throws UnsupportedOperationException if {@link #supports(Algorithm)} is false for it
     * @throws IllegalStateException as {@link #name()}
     */
    public static void requireSupported(Algorithm algorithm) {
        // Only an ML-DSA algorithm touches the backend here, so other builders link nothing new.
        java.util.Objects.requireNonNull(algorithm, "algorithm");
        if (algorithm.family() == Algorithm.Family.ML_DSA) {
            Backend b = Backend.get();
            if (!b.has(Backend.Capability.ML_DSA)) {
                throw new UnsupportedOperationException(b.missing(Backend.Capability.ML_DSA));
            }
        }
    }
}
