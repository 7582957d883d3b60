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
    private static final VarHandle BIG_LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    /** Each character's six bits shifted to its place in a 4-character group; invalid: sign bit. */
    private static final int[] D0 = new int[256];
    private static final int[] D1 = new int[256];
    private static final int[] D2 = new int[256];
    private static final int[] D3 = new int[256];

    static {
        Arrays.fill(DECODE, (byte) -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            DECODE[ALPHABET[i]] = (byte) i;
        }
        for (int c = 0; c < 256; c++) {
            int v = DECODE[c];
            D0[c] = v < 0 ? Integer.MIN_VALUE : v << 18;
            D1[c] = v < 0 ? Integer.MIN_VALUE : v << 12;
            D2[c] = v < 0 ? Integer.MIN_VALUE : v << 6;
            D3[c] = v < 0 ? Integer.MIN_VALUE : v;
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
     * Bytes of {@code dst} past the decoded ones may be overwritten too (up to 2, and never past
     * its end): give a scratch array or one of exactly the decoded length.
     *
     * <p>Eight characters at a time: one 8-byte load, eight lookups in tables that already hold
     * each character's bits in place, one 8-byte store. An invalid character's entry has the
     * sign bit set, so one OR per word collects every error.
     */
    public static int decode(byte[] src, int off, int len, byte[] dst, int dstOff) {
        int rem = len & 3;
        if (rem == 1) {
            return -1;
        }
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        java.util.Objects.checkFromIndexSize(dstOff, decodedLength(len), dst.length);
        int end = off + len - rem;
        int si = off;
        int di = dstOff;
        int bad = 0;
        int[] t0 = D0, t1 = D1, t2 = D2, t3 = D3;
        int wideEnd = end - 8;
        int dstWideEnd = dst.length - 8;
        while (si <= wideEnd && di <= dstWideEnd) {
            long w = (long) LONGS.get(src, si);
            int a = t0[(int) w & 0xFF] | t1[(int) (w >>> 8) & 0xFF]
                    | t2[(int) (w >>> 16) & 0xFF] | t3[(int) (w >>> 24) & 0xFF];
            int c = t0[(int) (w >>> 32) & 0xFF] | t1[(int) (w >>> 40) & 0xFF]
                    | t2[(int) (w >>> 48) & 0xFF] | t3[(int) (w >>> 56)];
            bad |= a | c;
            BIG_LONGS.set(dst, di, ((long) a << 40) | ((long) (c & 0xFFFFFF) << 16));
            si += 8;
            di += 6;
        }
        for (; si < end; si += 4) {
            int v = t0[src[si] & 0xFF] | t1[src[si + 1] & 0xFF] | t2[src[si + 2] & 0xFF] | t3[src[si + 3] & 0xFF];
            bad |= v;
            dst[di] = (byte) (v >> 16);
            dst[di + 1] = (byte) (v >> 8);
            dst[di + 2] = (byte) v;
            di += 3;
        }
        if (rem == 2) {
            int v = t0[src[end] & 0xFF] | t1[src[end + 1] & 0xFF];
            bad |= v | ((v & 0x00F000) == 0 ? 0 : -1); // the unused 4 bits must be zero
            dst[di++] = (byte) (v >> 16);
        } else if (rem == 3) {
            int v = t0[src[end] & 0xFF] | t1[src[end + 1] & 0xFF] | t2[src[end + 2] & 0xFF];
            bad |= v | ((v & 0x0000C0) == 0 ? 0 : -1); // the unused 2 bits must be zero
            dst[di] = (byte) (v >> 16);
            dst[di + 1] = (byte) (v >> 8);
            di += 2;
        }
        return bad < 0 ? -1 : di - dstOff;
    }

    /** The 6-bit value of a base64url character, or -1. */
    static int value(byte c) {
        return DECODE[c & 0xFF];
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
}
