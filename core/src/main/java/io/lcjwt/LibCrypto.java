package io.lcjwt;

import io.lcjwt.bindings.Backend;

import java.nio.file.Path;

/**
 * Which libcrypto lcjwt is using. It loads, in order: the file named by system property
 * {@code lcjwt.libcrypto} or environment variable {@code LCJWT_LIBCRYPTO}; an installed aws-lc;
 * the system's OpenSSL 3.
 *
 * <pre>{@code
 * System.out.println(LibCrypto.describe());   // aws-lc (OpenSSL 1.1.1 (compatible; AWS-LC 5.5.0)) from /usr/lib/libcrypto.so
 * }</pre>
 */
public final class LibCrypto {
    private LibCrypto() {}

    /**
     * {@code aws-lc} or {@code OpenSSL 3}.
     *
     * @throws IllegalStateException if no usable libcrypto can be loaded (the message says what
     *         was searched and how to point lcjwt at a library), or the JVM lacks native access
     */
    public static String name() {
        return Backend.get().kind().displayName();
    }

    /** The library's own version text. */
    public static String version() {
        return Backend.get().version();
    }

    /** The shared library file that was loaded. */
    public static Path path() {
        return Backend.get().path();
    }

    /** Name, version and path on one line. */
    public static String describe() {
        return Backend.get().toString();
    }
}
