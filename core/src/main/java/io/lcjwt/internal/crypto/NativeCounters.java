package io.lcjwt.internal.crypto;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Live native objects lcjwt holds, counted where they are made and freed, so leak tests and
 * metrics can see native memory that the JVM's own tools cannot.
 */
public final class NativeCounters {
    /** {@code EVP_PKEY}s owned by open keys (or by closed keys an operation still uses). */
    static final AtomicLong KEYS = new AtomicLong();
    /** {@code HMAC_CTX}s, each holding one secret's absorbed pads. */
    static final AtomicLong HMAC_CONTEXTS = new AtomicLong();
    /** Pooled {@code EVP_MD_CTX}s with their native buffers, for asymmetric operations. */
    static final AtomicLong DIGEST_CONTEXTS = new AtomicLong();

    /** Bytes of native working memory held by those digest contexts' pooled buffers. */
    static final AtomicLong WORK_BYTES = new AtomicLong();

    private NativeCounters() {}

    public static long workBytes() {
        return WORK_BYTES.get();
    }

    public static long keys() {
        return KEYS.get();
    }

    public static long hmacContexts() {
        return HMAC_CONTEXTS.get();
    }

    public static long digestContexts() {
        return DIGEST_CONTEXTS.get();
    }
}
