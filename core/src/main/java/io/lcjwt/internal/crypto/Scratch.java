package io.lcjwt.internal.crypto;

/**
 * Per-decode working buffers, pooled by each verifier so a decode allocates none of them. Heap
 * only: native memory is never allocated per decode or per thread.
 */
public final class Scratch {
    /** A String token's bytes, or a native token copied for parsing. */
    public byte[] token = new byte[1024];
    /** The decoded header, on a header-cache miss. */
    public byte[] header = new byte[256];
    /** The decoded signature (RSA-8192 at most). */
    public final byte[] sig = new byte[1024];
    /** The claims reader's working memory. */
    public final io.lcjwt.internal.codec.JsonCursor cursor = new io.lcjwt.internal.codec.JsonCursor();
    /** A computed MAC, wiped after each comparison. */
    public final byte[] mac = new byte[64];

    /** Grows {@link #token} to at least {@code n} bytes. */
    public byte[] token(int n) {
        if (token.length < n) {
            token = new byte[Math.max(n, token.length * 2)];
        }
        return token;
    }

    /** Grows {@link #header} to at least {@code n} bytes. */
    public byte[] header(int n) {
        if (header.length < n) {
            header = new byte[Math.max(n, header.length * 2)];
        }
        return header;
    }
}
