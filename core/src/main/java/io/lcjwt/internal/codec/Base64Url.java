package io.lcjwt.internal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Strict base64url (RFC 4648 section 5, no padding, as RFC 7515 section 2 requires). Refused:
 * {@code =} padding, {@code +} and {@code /}, whitespace and any other byte outside the alphabet,
 * a length of 1 mod 4, and non-zero unused bits in the last character, so that every byte string
 * has exactly one accepted encoding.
 */
public final class Base64Url {

    private static final byte[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes(
                    java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] DECODE = new byte[256];
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    static {
        Arrays.fill(DECODE, (byte) -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            DECODE[ALPHABET[i]] = (byte) i;
        }
    }

    private Base64Url() {}

    /** Decoded size of {@code len} characters, or -1 when no strict encoding has that length. */
    public static int decodedLength(int len) {
        return (len & 3) == 1 ? -1 : (len >> 2) * 3 + Math.max(0, (len & 3) - 1);
    }

    /** Encoded size of {@code len} bytes. */
    public static int encodedLength(int len) {
        return (len / 3) * 4 + (len % 3 == 0 ? 0 : len % 3 + 1);
    }

    /**
     * Decodes {@code src[off, off + len)} into {@code dst} at {@code dstOff}. Returns the number of
     * bytes written, or -1 when the input is not strict base64url (then {@code dst} holds garbage).
     */
    public static int decode(byte[] src, int off, int len, byte[] dst, int dstOff) {
        int rem = len & 3;
        if (rem == 1) {
            return -1;
        }
        int end = off + len - rem;
        int di = dstOff;
        int bad = 0;
        byte[] t = DECODE;
        for (int si = off; si < end; si += 4) {
            // A -1 entry sets the sign bit of v whichever position it lands in.
            int v = t[src[si] & 0xFF] << 18 | t[src[si + 1] & 0xFF] << 12
                    | t[src[si + 2] & 0xFF] << 6 | t[src[si + 3] & 0xFF];
            bad |= v;
            dst[di] = (byte) (v >> 16);
            dst[di + 1] = (byte) (v >> 8);
            dst[di + 2] = (byte) v;
            di += 3;
        }
        if (rem == 2) {
            int b = t[src[end + 1] & 0xFF];
            int v = t[src[end] & 0xFF] << 6 | b;
            bad |= v | ((b & 0x0F) == 0 ? 0 : -1);
            dst[di++] = (byte) (v >> 4);
        } else if (rem == 3) {
            int c = t[src[end + 2] & 0xFF];
            int v = t[src[end] & 0xFF] << 12 | t[src[end + 1] & 0xFF] << 6 | c;
            bad |= v | ((c & 0x03) == 0 ? 0 : -1);
            dst[di] = (byte) (v >> 10);
            dst[di + 1] = (byte) (v >> 2);
            di += 2;
        }
        return bad < 0 ? -1 : di - dstOff;
    }

    private static final java.util.Base64.Decoder JDK_URL = java.util.Base64.getUrlDecoder();
    private static final byte[] EMPTY = new byte[0];

    /**
     * Decodes a long segment with the JDK's vectorised decoder (its intrinsic is several times
     * faster than a table loop) after checking what the JDK decoder tolerates and RFC 7515 does
     * not: padding and non-zero unused bits. Returns a new array of exactly the decoded length, or
     * null when the input is not strict base64url.
     */
    public static byte[] decodeFast(byte[] src, int off, int len) {
        if (len == 0) {
            return EMPTY;
        }
        int rem = len & 3;
        int last = DECODE[src[off + len - 1] & 0xFF];
        if (rem == 1 || last < 0 || (rem == 2 && (last & 0x0F) != 0) || (rem == 3 && (last & 0x03) != 0)) {
            return null;
        }
        try {
            java.nio.ByteBuffer out = JDK_URL.decode(java.nio.ByteBuffer.wrap(src, off, len));
            return out.array().length == out.remaining() ? out.array() : java.util.Arrays.copyOf(out.array(), out.remaining());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Encodes {@code src[off, off + len)} into {@code dst} at {@code dstOff}; returns the length written. */
    public static int encode(byte[] src, int off, int len, byte[] dst, int dstOff) {
        int end = off + len - len % 3;
        int di = dstOff;
        byte[] a = ALPHABET;
        for (int si = off; si < end; si += 3) {
            int v = (src[si] & 0xFF) << 16 | (src[si + 1] & 0xFF) << 8 | (src[si + 2] & 0xFF);
            dst[di] = a[v >>> 18];
            dst[di + 1] = a[(v >>> 12) & 63];
            dst[di + 2] = a[(v >>> 6) & 63];
            dst[di + 3] = a[v & 63];
            di += 4;
        }
        int rem = len % 3;
        if (rem == 1) {
            int v = src[end] & 0xFF;
            dst[di] = a[v >>> 2];
            dst[di + 1] = a[(v << 4) & 63];
            di += 2;
        } else if (rem == 2) {
            int v = (src[end] & 0xFF) << 8 | (src[end + 1] & 0xFF);
            dst[di] = a[v >>> 10];
            dst[di + 1] = a[(v >>> 4) & 63];
            dst[di + 2] = a[(v << 2) & 63];
            di += 3;
        }
        return di - dstOff;
    }

    /** Encodes to a new array. */
    public static byte[] encode(byte[] src) {
        byte[] out = new byte[encodedLength(src.length)];
        encode(src, 0, src.length, out, 0);
        return out;
    }

    /** Decodes a whole string strictly, or returns null. */
    public static byte[] decode(String s) {
        byte[] in = s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        int n = decodedLength(in.length);
        if (n < 0) {
            return null;
        }
        byte[] out = new byte[n];
        return decode(in, 0, in.length, out, 0) == n ? out : null;
    }

    /** Whether every byte of {@code b[off, off+len)} is below 0x80 (then no UTF-8 check is needed). */
    public static boolean isAscii(byte[] b, int off, int len) {
        long acc = 0;
        int i = off;
        int end = off + len;
        for (; i + 8 <= end; i += 8) {
            acc |= (long) LONGS.get(b, i);
        }
        for (; i < end; i++) {
            acc |= b[i];
        }
        return (acc & 0x8080808080808080L) == 0;
    }
}
