package io.lcjwt.internal.crypto;

import io.lcjwt.internal.claims.ClaimsScratch;
import io.lcjwt.internal.codec.WideDecoder;

import java.lang.foreign.MemorySegment;

/**
 * Per-decode working buffers, pooled by each verifier so a decode allocates none of them. Heap
 * only: native memory is never allocated per decode or per thread. The segments are views of the
 * arrays beside them, made once, so passing them to libcrypto allocates nothing either.
 */
public final class Scratch {
    /** A String token's bytes (plus a terminator {@code setString} writes), or a native token copied for parsing. */
    private byte[] token = new byte[1024];
    private MemorySegment tokenSegment = MemorySegment.ofArray(token);
    /** The decoded header, on a header-cache miss. */
    public byte[] header = new byte[256];
    /** The decoded signature (RSA-8192 at most). */
    public final byte[] sig = new byte[1024];
    public final MemorySegment sigSegment = MemorySegment.ofArray(sig);
    /** The decoded payload. */
    public final WideDecoder payload = new WideDecoder();
    /** The claims reader's working memory. */
    public final ClaimsScratch claims = new ClaimsScratch();
    /** A computed MAC, wiped after each comparison. */
    public final byte[] mac = new byte[64];
    public final MemorySegment macSegment = MemorySegment.ofArray(mac);

    /** A JSON serialization's characters, copied in bulk before they are narrowed (grown on demand). */
    private char[] chars;

    /** A char buffer of at least {@code n} characters. */
    public char[] chars(int n) {
        if (chars == null || chars.length < n) {
            chars = new char[Math.max(n, 1024)];
        }
        return chars;
    }

    /** Grows the token buffer to at least {@code n} bytes. */
    public byte[] token(int n) {
        if (token.length < n) {
            token = new byte[Math.max(n, token.length * 2)];
            tokenSegment = MemorySegment.ofArray(token);
        }
        return token;
    }

    /** The token buffer as a segment: call {@link #token(int)} first. */
    public MemorySegment tokenSegment() {
        return tokenSegment;
    }

    /** Grows {@link #header} to at least {@code n} bytes. */
    public byte[] header(int n) {
        if (header.length < n) {
            header = new byte[Math.max(n, header.length * 2)];
        }
        return header;
    }
}
