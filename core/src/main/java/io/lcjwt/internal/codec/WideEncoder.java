package io.lcjwt.internal.codec;

import java.util.Base64;

/**
 * Encodes long byte ranges (a signer's JSON payload) as base64url with the JDK's vectorised
 * encoder, into the caller's array, allocating nothing once its arrays have grown to the sizes
 * seen. The counterpart of {@link WideDecoder}, with the same trick turned around.
 *
 * <p>The JDK encodes only whole arrays ({@link Base64.Encoder#encode(byte[], byte[])}). So the
 * range is copied to the end of a reused source array, behind a run of whatever bytes an
 * earlier range left there, whose length is a multiple of three: base64 encodes each group of
 * three bytes on its own, so the range's text comes out unchanged at a known offset of a
 * reused output array, and is copied from there. There is one source array per length mod 3,
 * which keeps the run a multiple of three, and one is reused only while the run is at most
 * {@link #MAX_RUN} bytes, so the extra work stays small. Ranges shorter than {@link #WIDE} bytes go through
 * the scalar {@link Base64Url#encode}, which is faster there. Not thread-safe: each signer's
 * pooled buffer owns one.
 */
public final class WideEncoder {

    /** The longest run of zero bytes put in front of a range before its source array is replaced. */
    static final int MAX_RUN = 96;
    /** The shortest range sent through the JDK's encoder. */
    static final int WIDE = 96;

    private static final Base64.Encoder JDK = Base64.getUrlEncoder().withoutPadding();

    private final byte[][] sources = new byte[3][];
    private byte[] text = new byte[1024];

    /** Encodes {@code src[off, off + len)} into {@code dst} at {@code dstOff}; returns the length written. */
    public int encode(byte[] src, int off, int len, byte[] dst, int dstOff) {
        if (len < WIDE) {
            return Base64Url.encode(src, off, len, dst, dstOff);
        }
        int rem = len % 3;
        byte[] in = sources[rem];
        if (in == null || in.length < len || in.length - len > MAX_RUN) {
            in = new byte[len + MAX_RUN / 2 / 3 * 3];
            sources[rem] = in;
        }
        int run = in.length - len;
        System.arraycopy(src, off, in, run, len);
        int total = Base64Url.encodedLength(in.length);
        if (text.length < total) {
            text = new byte[Math.max(total, text.length * 2)];
        }
        JDK.encode(in, text);
        int n = Base64Url.encodedLength(len);
        System.arraycopy(text, run / 3 * 4, dst, dstOff, n);
        return n;
    }
}
