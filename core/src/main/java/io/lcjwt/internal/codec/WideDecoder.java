package io.lcjwt.internal.codec;

import java.util.Arrays;
import java.util.Base64;

/**
 * Decodes long base64url segments (JWT payloads) with the JDK's vectorised decoder into reused
 * arrays, strictly, allocating nothing once its arrays have grown to the sizes seen.
 *
 * <p>The JDK decodes only whole arrays ({@link Base64.Decoder#decode(byte[], byte[])}) or
 * allocates its output ({@link Base64.Decoder#decode(java.nio.ByteBuffer)}). So the segment is
 * copied to the end of a reused source array, behind a run of {@code 'A'}s; four {@code 'A'}s
 * decode to three zero bytes, so the segment's bytes come out at a known offset of the reused
 * output. There is one source array per length mod 4, which keeps the run a multiple of four,
 * and a source array is only reused while the run is at most {@link #MAX_RUN} characters, so
 * the extra work stays a few nanoseconds. This is about four times faster here than lcjwt's
 * own scalar decoder ({@code Base64Bench} in the bench module has the figures).
 *
 * <p>The checks the JDK decoder leaves out, and RFC 7515 requires, are made first: a length of
 * 1 mod 4 and non-zero unused bits in the last character. Padding and characters outside the
 * URL alphabet make the JDK decoder throw, which is reported as a failure. Not thread-safe:
 * each decode's {@code Scratch} owns one.
 */
public final class WideDecoder {

    /** The longest run of 'A's put in front of a segment before its source array is replaced. */
    static final int MAX_RUN = 128;

    private static final Base64.Decoder JDK = Base64.getUrlDecoder();

    private final byte[][] sources = new byte[4][];
    /** How many leading bytes of each source array are known to be 'A'. */
    private final int[] runs = new int[4];
    private byte[] out = new byte[1024];
    private int offset;

    /**
     * Decodes {@code src[off, off + len)}; returns the decoded length, or -1 when it is not strict
     * base64url. The bytes are then at {@code buffer()[offset(), offset() + length)}.
     */
    public int decode(byte[] src, int off, int len) {
        if (len == 0) {
            offset = 0;
            return 0;
        }
        if (!strictEnd(src, off, len)) {
            return -1;
        }
        int rem = len & 3;
        byte[] in = sources[rem];
        if (in == null || in.length < len || in.length - len > MAX_RUN) {
            in = new byte[len + MAX_RUN / 2];
            sources[rem] = in;
            runs[rem] = 0;
        }
        int run = in.length - len;
        if (run > runs[rem]) {
            Arrays.fill(in, runs[rem], run, (byte) 'A');
        }
        runs[rem] = run;
        System.arraycopy(src, off, in, run, len);
        int total = Base64Url.decodedLength(in.length);
        if (out.length < total) {
            out = new byte[Math.max(total, out.length * 2)];
        }
        int n;
        try {
            n = JDK.decode(in, out);
        } catch (IllegalArgumentException e) {
            return -1;
        }
        offset = run / 4 * 3;
        return n - offset;
    }

    /** What the JDK's decoder does not check: the length mod 4, and no stray bits in the last character. */
    private static boolean strictEnd(byte[] src, int off, int len) {
        int rem = len & 3;
        int last = Base64Url.value(src[off + len - 1]);
        return rem != 1 && last >= 0 && (rem != 2 || (last & 0x0F) == 0) && (rem != 3 || (last & 0x03) == 0);
    }

    /** The shortest segment {@link #decodeStrict} sends through the JDK's decoder. */
    static final int WIDE = 64;

    /**
     * Decodes {@code src[off, off + len)} into a new array of exactly its length, with the same
     * strictness as {@link #decode}; {@return the bytes, or null when it is not strict base64url}
     * For one-off segments (a JWE's), where there is no reused state to keep.
     */
    public static byte[] decodeStrict(byte[] src, int off, int len) {
        int n = Base64Url.decodedLength(len);
        if (n < 0) {
            return null;
        }
        if (len < WIDE) {
            byte[] out = new byte[n];
            return Base64Url.decode(src, off, len, out, 0) == n ? out : null;
        }
        if (!strictEnd(src, off, len)) {
            return null;
        }
        java.nio.ByteBuffer d;
        try {
            d = JDK.decode(java.nio.ByteBuffer.wrap(src, off, len));
        } catch (IllegalArgumentException e) {
            return null;
        }
        byte[] a = d.array();
        return d.arrayOffset() == 0 && d.remaining() == n && a.length == n ? a : null;
    }

    public byte[] buffer() {
        return out;
    }

    public int offset() {
        return offset;
    }
}
