package io.lcjwt.internal.jws;

import io.lcjwt.internal.claims.JsonOut;
import io.lcjwt.internal.codec.WideEncoder;
import io.lcjwt.internal.crypto.SlotPool;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A signer's working memory, pooled so that signing allocates only the token it returns: the
 * claims' JSON, the token being assembled (whose first part is the signing input, MACed or
 * signed in place), and the MAC. Heap only, like the verifier's scratch.
 */
public final class SignBuffers {

    /** One signing's buffers. Not thread-safe: taken from the pool by one thread at a time. */
    public static final class Buffer {
        public final JsonOut json = new JsonOut();
        /** Encodes the payload into the token buffer. */
        public final WideEncoder base64 = new WideEncoder();
        private byte[] out = new byte[1024];
        private MemorySegment outSegment = MemorySegment.ofArray(out);
        public final byte[] mac = new byte[64];
        public final MemorySegment macSegment = MemorySegment.ofArray(mac);

        /** The token buffer, grown (contents kept) to at least {@code n} bytes. */
        public byte[] out(int n) {
            if (out.length < n) {
                out = Arrays.copyOf(out, Math.max(n, out.length * 2));
                outSegment = MemorySegment.ofArray(out);
            }
            return out;
        }

        /** The token buffer's first {@code n} bytes (ASCII) as the one String a signing returns. */
        public String token(int n) {
            return new String(out, 0, n, StandardCharsets.ISO_8859_1);
        }

        /** The token buffer as a segment: call {@link #out(int)} first. */
        public MemorySegment outSegment() {
            return outSegment;
        }
    }

    private final SlotPool<Buffer> pool = new SlotPool<>();

    public Buffer take() {
        Buffer b = pool.poll();
        return b != null ? b : new Buffer();
    }

    public void give(Buffer b) {
        pool.offer(b);
    }
}
