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
 * System.out.println(LibCrypto.describe());   // aws-lc (OpenSSL 1.1.1 (compatible; AWS-LC 5.5.0)) from /usr/lib/libcrypto.so
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
     * @param keys           {@code EVP_PKEY}s (RSA, EC and Ed25519 keys)
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
     * Name, version and path on one line, for logs.
     *
     * @return for example {@code aws-lc (...) from /usr/lib/libcrypto.so}
     * @throws IllegalStateException as {@link #name()}
     */
    public static String describe() {
        return Backend.get().toString();
    }
}
