package io.lcjwt.internal.crypto;

import io.lcjwt.internal.claims.ClaimsScratch;
import io.lcjwt.internal.codec.WideDecoder;

import java.lang.foreign.MemorySegment;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;

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
    /** The decoded signature (ML-DSA-87's 4,627 bytes at most; RSA-8192's are 1,024). */
    public final byte[] sig = new byte[io.lcjwt.internal.keys.MlDsa.MAX_SIGNATURE_BYTES];
    public final MemorySegment sigSegment = MemorySegment.ofArray(sig);
    /** The decoded payload. */
    public final WideDecoder payload = new WideDecoder();
    /** The claims reader's working memory. */
    public final ClaimsScratch claims = new ClaimsScratch();
    /** A computed MAC, wiped after each comparison. */
    public final byte[] mac = new byte[64];
    public final MemorySegment macSegment = MemorySegment.ofArray(mac);

    /** Narrows a JSON serialization's characters in bulk (an intrinsic over arrays), stopping at the first non-ASCII one. */
    private CharsetEncoder ascii;
    /** A JSON serialization's signing input, joined from its members (grown on demand). */
    private byte[] input;
    private MemorySegment inputSegment;
    /** A JSON serialization's characters, copied in bulk before they are narrowed (grown on demand). */
    private java.nio.CharBuffer chars;
    /** The token array as a buffer, for the encoder: wrapped again only when the array grows. */
    private java.nio.ByteBuffer tokenBuffer;

    /** A heap char buffer over {@code [0, n)} of an array of at least {@code n}: made once per array, not per token. */
    public java.nio.CharBuffer charBuffer(int n) {
        if (chars == null || chars.capacity() < n) {
            chars = java.nio.CharBuffer.wrap(new char[Math.max(n, 1024)]);
        }
        return chars.clear().limit(n);
    }

    /** The token array as a buffer over {@code [0, n)}; call {@link #token(int)} first. */
    public java.nio.ByteBuffer tokenBuffer(int n) {
        if (tokenBuffer == null || !tokenBuffer.hasArray() || tokenBuffer.array() != token) {
            tokenBuffer = java.nio.ByteBuffer.wrap(token);
        }
        return tokenBuffer.clear().limit(n);
    }

    /**
     * A buffer of at least {@code n} bytes for a signing input that is not contiguous in the
     * token; {@link #inputSegment()} is its view.
     */
    public byte[] input(int n) {
        if (input == null || input.length < n) {
            input = new byte[Math.max(n, 1024)];
            inputSegment = MemorySegment.ofArray(input);
        }
        return input;
    }

    /** The input buffer as a segment: call {@link #input(int)} first. */
    public MemorySegment inputSegment() {
        return inputSegment;
    }

    /** This scratch's US-ASCII encoder, reset. */
    public CharsetEncoder ascii() {
        if (ascii == null) {
            ascii = StandardCharsets.US_ASCII.newEncoder();
        }
        return ascii.reset();
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
