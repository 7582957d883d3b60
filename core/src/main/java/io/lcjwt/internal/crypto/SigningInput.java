package io.lcjwt.internal.crypto;

import io.lcjwt.internal.codec.Base64Url;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A JWS signing input held in two places: {@code ASCII(BASE64URL(protected)) || '.'} (the head,
 * short) and the payload part (the body, possibly large and the caller's own memory). The body
 * is either used as it is (an encoded payload already in base64url text, or an RFC 7797
 * unencoded payload) or base64url-encoded on the way, a chunk at a time. Nothing here
 * concatenates the two: {@link #feed} hands libcrypto each piece in place, so a detached
 * payload of any size is never copied whole.
 */
public final class SigningInput {

    /** Bytes per update: a critical downcall over a heap segment holds off GC for this long only. */
    static final int CHUNK = 64 * 1024;
    /** Payload bytes encoded per step when the body is encoded on the way (a multiple of 3). */
    private static final int ENCODE_STEP = 3 * 1024;

    /** Receives the signing input piece by piece. */
    public interface Sink {
        /** Adds {@code seg[0, len)}; {@code seg} may be a heap segment. Returns false when libcrypto failed. */
        boolean update(MemorySegment seg, long len);
    }

    private final MemorySegment head;
    private final long headLen;
    private final MemorySegment body;
    private final boolean encode;

    /**
     * @param head the encoded protected header and its '.', {@code head[0, headLen)}
     * @param body the payload part, exactly its bytes (heap or native)
     * @param encode whether {@code body} is raw payload to be base64url-encoded on the way
     */
    public SigningInput(MemorySegment head, long headLen, MemorySegment body, boolean encode) {
        this.head = head;
        this.headLen = headLen;
        this.body = body;
        this.encode = encode;
    }

    /** The length of the whole signing input. */
    public long length() {
        long n = body.byteSize();
        return headLen + (encode ? encodedLength(n) : n);
    }

    private static long encodedLength(long n) {
        return (n / 3) * 4 + (n % 3 == 0 ? 0 : n % 3 + 1);
    }

    /** Hands every byte of the signing input to {@code sink}, in order; false if the sink failed. */
    public boolean feed(Sink sink) {
        if (!sink.update(head, headLen)) {
            return false;
        }
        long n = body.byteSize();
        if (!encode) {
            for (long off = 0; off < n; off += CHUNK) {
                long len = Math.min(CHUNK, n - off);
                if (!sink.update(off == 0 && len == n ? body : body.asSlice(off, len), len)) {
                    return false;
                }
            }
            return true;
        }
        byte[] raw = new byte[ENCODE_STEP];
        byte[] text = new byte[ENCODE_STEP / 3 * 4];
        MemorySegment textSeg = MemorySegment.ofArray(text);
        for (long off = 0; off < n; off += ENCODE_STEP) {
            int len = (int) Math.min(ENCODE_STEP, n - off);
            MemorySegment.copy(body, ValueLayout.JAVA_BYTE, off, raw, 0, len);
            int t = Base64Url.encode(raw, 0, len, text, 0);
            if (!sink.update(textSeg, t)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The whole signing input, contiguous, in native memory of {@code arena}: for the one-shot
     * operations (Ed25519 has no streaming form) and for any libcrypto call that cannot stream.
     */
    public MemorySegment contiguous(Arena arena) {
        long total = length();
        MemorySegment out = arena.allocate(Math.max(1, total));
        long[] at = {0};
        feed((seg, len) -> {
            MemorySegment.copy(seg, 0, out, at[0], len);
            at[0] += len;
            return true;
        });
        return out;
    }
}
