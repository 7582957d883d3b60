package io.lcjwt.internal.keys;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Ed25519 public-key checks that libcrypto does not make at import: the encoding must be
 * canonical (y below p, and no sign bit on x = 0), the point must not have small order (a point
 * P with 8P = identity lets one signature verify for many messages), and the point must decode.
 *
 * <p>The first two are comparisons of bytes: y against p, and the key against the eight
 * canonical encodings of the points of small order, which {@code Ed25519PointsTest} derives
 * independently. Whether y decodes is a quadratic-residue test in the field, made here
 * ({@link #decodes}) on both libcryptos, once per key: OpenSSL 3 has no call for it, and aws-lc's
 * {@code ED25519_check_public_key} (a full point decoding, with a field exponentiation) takes
 * about three times as long. The tests hold it to a BigInteger reference and, on aws-lc, to that
 * call.
 */
final class Ed25519Points {
    private Ed25519Points() {}

    /** The points of small order (orders 1, 2, 4 and 8), canonically encoded. */
    static final byte[][] SMALL_ORDER = decodeHex(
            "0100000000000000000000000000000000000000000000000000000000000000",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "0000000000000000000000000000000000000000000000000000000000000000",
            "0000000000000000000000000000000000000000000000000000000000000080",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85");

    private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));

    private static byte[][] decodeHex(String... hex) {
        byte[][] out = new byte[hex.length][];
        for (int i = 0; i < hex.length; i++) {
            out[i] = HexFormat.of().parseHex(hex[i]);
        }
        return out;
    }

    /** Returns null when the key is acceptable, else why not. */
    static String problem(byte[] key) {
        if (key.length != 32) {
            return "an Ed25519 public key is 32 bytes, not " + key.length;
        }
        if (!canonicalY(key) || xIsZeroWithSign(key)) {
            return "the Ed25519 public key is not canonically encoded";
        }
        for (byte[] small : SMALL_ORDER) {
            if (Arrays.equals(small, key)) {
                return "the Ed25519 public key is a point of small order, which no honest key is";
            }
        }
        return decodes(key) ? null : "the Ed25519 public key is not a point on the curve";
    }

    /** y, the key without its top bit, read little-endian, is below p = 2^255 - 19. */
    static boolean canonicalY(byte[] key) {
        if ((key[31] & 0x7F) != 0x7F) {
            return true;
        }
        for (int i = 30; i >= 1; i--) {
            if (key[i] != (byte) 0xFF) {
                return true;
            }
        }
        return (key[0] & 0xFF) < 0xED;
    }

    /** x = 0 only for y = 1 and y = p - 1, where the sign bit must be clear. */
    private static boolean xIsZeroWithSign(byte[] key) {
        if ((key[31] & 0x80) == 0) {
            return false;
        }
        byte[] y = key.clone();
        y[31] &= 0x7F;
        return Arrays.equals(y, SMALL_ORDER[0]) || Arrays.equals(y, SMALL_ORDER[1]);
    }

    /**
     * Whether a canonical y has an x on the curve: x^2 = u / v, with u = y^2 - 1 and
     * v = d y^2 + 1 (never zero), has a root exactly when u = 0 or u v is a square modulo p,
     * which its Legendre symbol decides ({@link #legendre}). u and v take {@link Fe}'s
     * arithmetic on five 51-bit limbs. Keys are public, so nothing here needs to run in constant
     * time.
     */
    static boolean decodes(byte[] key) {
        long[] y = Fe.fromBytes(key);
        long[] y2 = Fe.sq(y);
        long[] u = Fe.subOne(y2);
        long[] v = Fe.addOne(Fe.mul(Fe.D, y2));
        int symbol = legendre(Fe.canonical(Fe.mul(u, v)));
        return symbol >= 0; // 0: u = 0, y = 1 or y = -1, where x = 0
    }

    /**
     * The Legendre symbol of {@code w} modulo p, for a canonical {@code w} (five limbs, below p):
     * 1 when w is a non-zero square, -1 when it is not, 0 for zero. Computed as a Jacobi symbol
     * by the binary algorithm, on four 64-bit words: strip the factors of two from a (each flips
     * the sign when p' = 3 or 5 mod 8), keep a at least p' by swapping (quadratic reciprocity
     * flips the sign when both are 3 mod 4), subtract, repeat until a is zero. About 500 rounds
     * of word arithmetic, where Euler's criterion takes 254 field squarings.
     */
    static int legendre(long[] w) {
        long a0 = w[0] | (w[1] << 51);
        long a1 = (w[1] >>> 13) | (w[2] << 38);
        long a2 = (w[2] >>> 26) | (w[3] << 25);
        long a3 = (w[3] >>> 39) | (w[4] << 12);
        long n0 = -19L; // p = 2^255 - 19, little-endian words
        long n1 = -1L;
        long n2 = -1L;
        long n3 = Long.MAX_VALUE;
        int t = 1;
        while ((a0 | a1 | a2 | a3) != 0) {
            int twos = 0;
            while (a0 == 0) {
                a0 = a1;
                a1 = a2;
                a2 = a3;
                a3 = 0;
                twos += 64;
            }
            int s = Long.numberOfTrailingZeros(a0);
            if (s != 0) {
                a0 = (a0 >>> s) | (a1 << (64 - s));
                a1 = (a1 >>> s) | (a2 << (64 - s));
                a2 = (a2 >>> s) | (a3 << (64 - s));
                a3 >>>= s;
                twos += s;
            }
            if ((twos & 1) != 0 && ((n0 & 7) == 3 || (n0 & 7) == 5)) {
                t = -t;
            }
            boolean below = a3 != n3 ? Long.compareUnsigned(a3, n3) < 0
                    : a2 != n2 ? Long.compareUnsigned(a2, n2) < 0
                    : a1 != n1 ? Long.compareUnsigned(a1, n1) < 0
                    : Long.compareUnsigned(a0, n0) < 0;
            if (below) {
                long x = a0;
                a0 = n0;
                n0 = x;
                x = a1;
                a1 = n1;
                n1 = x;
                x = a2;
                a2 = n2;
                n2 = x;
                x = a3;
                a3 = n3;
                n3 = x;
                if ((a0 & n0 & 3) == 3) {
                    t = -t;
                }
            }
            // a -= n; both odd and a >= n, so the difference is even (or zero)
            long d0 = a0 - n0;
            long b = ((~a0 & n0) | (~(a0 ^ n0) & d0)) >>> 63;
            long d1 = a1 - n1 - b;
            b = ((~a1 & n1) | (~(a1 ^ n1) & d1)) >>> 63;
            long d2 = a2 - n2 - b;
            b = ((~a2 & n2) | (~(a2 ^ n2) & d2)) >>> 63;
            a3 = a3 - n3 - b;
            a0 = d0;
            a1 = d1;
            a2 = d2;
        }
        return (n0 == 1 && (n1 | n2 | n3) == 0) ? t : 0;
    }

    /**
     * Arithmetic modulo p = 2^255 - 19 on five limbs of 51 bits (value = sum of limb[i] * 2^(51 i)).
     * Products of limbs take two multiplications (low and high 64 bits); between operations limbs
     * stay below 2^52, so no sum in {@link #mul} overflows.
     */
    static final class Fe {
        private Fe() {}

        private static final long M = (1L << 51) - 1;
        /** d = -121665 / 121666, the curve's constant. */
        static final long[] D = fromBigInteger(BigInteger.valueOf(-121665)
                .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P));

        static long[] fromBytes(byte[] le) {
            long[] w = new long[4];
            for (int i = 0; i < 32; i++) {
                w[i >> 3] |= (le[i] & 0xFFL) << (8 * (i & 7));
            }
            return new long[] {
                w[0] & M,
                ((w[0] >>> 51) | (w[1] << 13)) & M,
                ((w[1] >>> 38) | (w[2] << 26)) & M,
                ((w[2] >>> 25) | (w[3] << 39)) & M,
                (w[3] >>> 12) & M, // the top bit (x's sign) is dropped
            };
        }

        static long[] fromBigInteger(BigInteger v) {
            long[] out = new long[5];
            for (int i = 0; i < 5; i++) {
                out[i] = v.shiftRight(51 * i).longValue() & M;
            }
            return out;
        }

        static long[] mul(long[] a, long[] b) {
            long[] r = new long[5];
            mulInto(r, a, b);
            return r;
        }

        /**
         * r = a b. Coefficient i sums the five products a_j b_k with j + k = i, and (times 19,
         * since 2^255 = 19) those with j + k = i + 5; each product is split into its low 51 bits
         * ({@code l}) and the rest ({@code h}, which belongs to coefficient i + 1). {@code r} may
         * be {@code a} or {@code b}.
         */
        static void mulInto(long[] r, long[] a, long[] b) {
            long a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4];
            long b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4];
            long s1 = 19 * b1, s2 = 19 * b2, s3 = 19 * b3, s4 = 19 * b4;
            long p;
            long l0 = 0, h0 = 0;
            p = a0 * b0;
            l0 += p & M;
            h0 += (Math.multiplyHigh(a0, b0) << 13) | (p >>> 51);
            p = a1 * s4;
            l0 += p & M;
            h0 += (Math.multiplyHigh(a1, s4) << 13) | (p >>> 51);
            p = a2 * s3;
            l0 += p & M;
            h0 += (Math.multiplyHigh(a2, s3) << 13) | (p >>> 51);
            p = a3 * s2;
            l0 += p & M;
            h0 += (Math.multiplyHigh(a3, s2) << 13) | (p >>> 51);
            p = a4 * s1;
            l0 += p & M;
            h0 += (Math.multiplyHigh(a4, s1) << 13) | (p >>> 51);
            long l1 = 0, h1 = 0;
            p = a0 * b1;
            l1 += p & M;
            h1 += (Math.multiplyHigh(a0, b1) << 13) | (p >>> 51);
            p = a1 * b0;
            l1 += p & M;
            h1 += (Math.multiplyHigh(a1, b0) << 13) | (p >>> 51);
            p = a2 * s4;
            l1 += p & M;
            h1 += (Math.multiplyHigh(a2, s4) << 13) | (p >>> 51);
            p = a3 * s3;
            l1 += p & M;
            h1 += (Math.multiplyHigh(a3, s3) << 13) | (p >>> 51);
            p = a4 * s2;
            l1 += p & M;
            h1 += (Math.multiplyHigh(a4, s2) << 13) | (p >>> 51);
            long l2 = 0, h2 = 0;
            p = a0 * b2;
            l2 += p & M;
            h2 += (Math.multiplyHigh(a0, b2) << 13) | (p >>> 51);
            p = a1 * b1;
            l2 += p & M;
            h2 += (Math.multiplyHigh(a1, b1) << 13) | (p >>> 51);
            p = a2 * b0;
            l2 += p & M;
            h2 += (Math.multiplyHigh(a2, b0) << 13) | (p >>> 51);
            p = a3 * s4;
            l2 += p & M;
            h2 += (Math.multiplyHigh(a3, s4) << 13) | (p >>> 51);
            p = a4 * s3;
            l2 += p & M;
            h2 += (Math.multiplyHigh(a4, s3) << 13) | (p >>> 51);
            long l3 = 0, h3 = 0;
            p = a0 * b3;
            l3 += p & M;
            h3 += (Math.multiplyHigh(a0, b3) << 13) | (p >>> 51);
            p = a1 * b2;
            l3 += p & M;
            h3 += (Math.multiplyHigh(a1, b2) << 13) | (p >>> 51);
            p = a2 * b1;
            l3 += p & M;
            h3 += (Math.multiplyHigh(a2, b1) << 13) | (p >>> 51);
            p = a3 * b0;
            l3 += p & M;
            h3 += (Math.multiplyHigh(a3, b0) << 13) | (p >>> 51);
            p = a4 * s4;
            l3 += p & M;
            h3 += (Math.multiplyHigh(a4, s4) << 13) | (p >>> 51);
            long l4 = 0, h4 = 0;
            p = a0 * b4;
            l4 += p & M;
            h4 += (Math.multiplyHigh(a0, b4) << 13) | (p >>> 51);
            p = a1 * b3;
            l4 += p & M;
            h4 += (Math.multiplyHigh(a1, b3) << 13) | (p >>> 51);
            p = a2 * b2;
            l4 += p & M;
            h4 += (Math.multiplyHigh(a2, b2) << 13) | (p >>> 51);
            p = a3 * b1;
            l4 += p & M;
            h4 += (Math.multiplyHigh(a3, b1) << 13) | (p >>> 51);
            p = a4 * b0;
            l4 += p & M;
            h4 += (Math.multiplyHigh(a4, b0) << 13) | (p >>> 51);
            // Coefficient i is l_i + 2^51 h_i; h4 wraps to limb 0 times 19.
            carry(r, l0 + 19 * (h4 & M), l1 + h0 + 19 * (h4 >>> 51), l2 + h1, l3 + h2, l4 + h3);
        }

        private static long[] carry(long c0, long c1, long c2, long c3, long c4) {
            long[] r = new long[5];
            carry(r, c0, c1, c2, c3, c4);
            return r;
        }

        private static void carry(long[] r, long c0, long c1, long c2, long c3, long c4) {
            c1 += c0 >>> 51;
            c0 &= M;
            c2 += c1 >>> 51;
            c1 &= M;
            c3 += c2 >>> 51;
            c2 &= M;
            c4 += c3 >>> 51;
            c3 &= M;
            c0 += 19 * (c4 >>> 51);
            c4 &= M;
            c1 += c0 >>> 51;
            c0 &= M;
            r[0] = c0;
            r[1] = c1;
            r[2] = c2;
            r[3] = c3;
            r[4] = c4;
        }

        /** r = a^2 with fifteen products instead of twenty-five; {@code r} may be {@code a}. */
        static void sqInto(long[] r, long[] a) {
            long a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4];
            long d0 = 2 * a0, d1 = 2 * a1;          // doubled: the cross terms come twice
            long n3 = 19 * a3, n4 = 19 * a4;        // times 19: they wrap past 2^255
            long t3 = 38 * a3, t4 = 38 * a4;        // both
            long p;
            long l0 = 0, h0 = 0;
            p = a0 * a0;
            l0 += p & M;
            h0 += (Math.multiplyHigh(a0, a0) << 13) | (p >>> 51);
            p = a1 * t4;
            l0 += p & M;
            h0 += (Math.multiplyHigh(a1, t4) << 13) | (p >>> 51);
            p = a2 * t3;
            l0 += p & M;
            h0 += (Math.multiplyHigh(a2, t3) << 13) | (p >>> 51);
            long l1 = 0, h1 = 0;
            p = d0 * a1;
            l1 += p & M;
            h1 += (Math.multiplyHigh(d0, a1) << 13) | (p >>> 51);
            p = a2 * t4;
            l1 += p & M;
            h1 += (Math.multiplyHigh(a2, t4) << 13) | (p >>> 51);
            p = a3 * n3;
            l1 += p & M;
            h1 += (Math.multiplyHigh(a3, n3) << 13) | (p >>> 51);
            long l2 = 0, h2 = 0;
            p = d0 * a2;
            l2 += p & M;
            h2 += (Math.multiplyHigh(d0, a2) << 13) | (p >>> 51);
            p = a1 * a1;
            l2 += p & M;
            h2 += (Math.multiplyHigh(a1, a1) << 13) | (p >>> 51);
            p = a3 * t4;
            l2 += p & M;
            h2 += (Math.multiplyHigh(a3, t4) << 13) | (p >>> 51);
            long l3 = 0, h3 = 0;
            p = d0 * a3;
            l3 += p & M;
            h3 += (Math.multiplyHigh(d0, a3) << 13) | (p >>> 51);
            p = d1 * a2;
            l3 += p & M;
            h3 += (Math.multiplyHigh(d1, a2) << 13) | (p >>> 51);
            p = a4 * n4;
            l3 += p & M;
            h3 += (Math.multiplyHigh(a4, n4) << 13) | (p >>> 51);
            long l4 = 0, h4 = 0;
            p = d0 * a4;
            l4 += p & M;
            h4 += (Math.multiplyHigh(d0, a4) << 13) | (p >>> 51);
            p = d1 * a3;
            l4 += p & M;
            h4 += (Math.multiplyHigh(d1, a3) << 13) | (p >>> 51);
            p = a2 * a2;
            l4 += p & M;
            h4 += (Math.multiplyHigh(a2, a2) << 13) | (p >>> 51);
            carry(r, l0 + 19 * (h4 & M), l1 + h0 + 19 * (h4 >>> 51), l2 + h1, l3 + h2, l4 + h3);
        }

        static long[] sq(long[] a) {
            long[] r = new long[5];
            sqInto(r, a);
            return r;
        }

        /** a - 1, adding 2p first so that no limb goes below zero. */
        static long[] subOne(long[] a) {
            return carry(a[0] + (2 * ((1L << 51) - 19)) - 1, a[1] + 2 * M, a[2] + 2 * M, a[3] + 2 * M, a[4] + 2 * M);
        }

        static long[] addOne(long[] a) {
            return carry(a[0] + 1, a[1], a[2], a[3], a[4]);
        }

        /** The unique representative below p, limb by limb. */
        static long[] canonical(long[] a) {
            long[] r = carry(a[0], a[1], a[2], a[3], a[4]);
            // r < 2^255 + small: r >= p exactly when r + 19 carries out of bit 255.
            long q = (r[0] + 19) >>> 51;
            q = (r[1] + q) >>> 51;
            q = (r[2] + q) >>> 51;
            q = (r[3] + q) >>> 51;
            q = (r[4] + q) >>> 51;
            long c0 = r[0] + 19 * q;
            long c1 = r[1] + (c0 >>> 51);
            c0 &= M;
            long c2 = r[2] + (c1 >>> 51);
            c1 &= M;
            long c3 = r[3] + (c2 >>> 51);
            c2 &= M;
            long c4 = r[4] + (c3 >>> 51);
            c3 &= M;
            c4 &= M;
            return new long[] {c0, c1, c2, c3, c4};
        }
    }
}
