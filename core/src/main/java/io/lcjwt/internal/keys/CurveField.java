package io.lcjwt.internal.keys;

import java.math.BigInteger;

/**
 * The on-curve check y^2 = x^3 + ax + b modulo a curve's prime p, in Montgomery arithmetic on
 * 64-bit limbs (least significant first), so that importing an EC key does not divide big
 * integers. With MM(u, v) = u v R^-1 mod p and R = 2^(64 k), the check is
 * MM(MM(y, y), 1) = MM(MM(x, x) + a R^-1, x) + b R^-2 (the product by 1 is a bare reduction,
 * {@link #redc}): each side is the equation's side times R^-2, with the constants a R^-1 and
 * b R^-2 computed once. Public keys only: nothing here needs to run in constant time.
 */
final class CurveField {

    private final int k;
    private final long[] p;
    /** -p^-1 mod 2^64. */
    private final long n0;
    private final long[] aRInv;
    private final long[] bR2Inv;
    private final byte[] pBytes;
    private final int coordBytes;

    CurveField(BigInteger prime, BigInteger a, BigInteger b, int coordBytes) {
        this.coordBytes = coordBytes;
        this.k = (prime.bitLength() + 63) / 64;
        this.p = limbs(prime, k);
        this.n0 = prime.mod(BigInteger.TWO.pow(64)).modInverse(BigInteger.TWO.pow(64)).negate().longValue();
        BigInteger rInv = BigInteger.TWO.pow(64 * k).modInverse(prime);
        this.aRInv = limbs(a.multiply(rInv).mod(prime), k);
        this.bR2Inv = limbs(b.multiply(rInv).multiply(rInv).mod(prime), k);
        this.pBytes = Jwk.fixed(prime, coordBytes);
    }

    /** Whether big-endian x and y of the curve's coordinate size are below p and on the curve. */
    boolean hasPoint(byte[] x, byte[] y) {
        if (x.length != coordBytes || y.length != coordBytes
                || java.util.Arrays.compareUnsigned(x, pBytes) >= 0 || java.util.Arrays.compareUnsigned(y, pBytes) >= 0) {
            return false;
        }
        long[] xl = limbs(x);
        long[] yl = limbs(y);
        long[] left = redc(mul(yl, yl));
        long[] right = add(mul(add(mul(xl, xl), aRInv), xl), bR2Inv);
        return java.util.Arrays.equals(left, right);
    }

    /** u v R^-1 mod p, fully reduced, for u and v below p. */
    long[] mul(long[] u, long[] v) {
        long[] t = new long[k + 2];
        for (int i = 0; i < k; i++) {
            long vi = v[i];
            long carry = 0;
            for (int j = 0; j < k; j++) { // t += u * v[i]
                long lo = u[j] * vi;
                long hi = Math.unsignedMultiplyHigh(u[j], vi);
                lo += t[j];
                hi += Long.compareUnsigned(lo, t[j]) < 0 ? 1 : 0;
                lo += carry;
                hi += Long.compareUnsigned(lo, carry) < 0 ? 1 : 0;
                t[j] = lo;
                carry = hi;
            }
            long s = t[k] + carry;
            t[k + 1] = Long.compareUnsigned(s, carry) < 0 ? 1 : 0;
            t[k] = s;
            shiftReduce(t);
        }
        return reduce(t); // below 2p
    }

    /** u R^-1 mod p, fully reduced, for u below p: {@link #mul}{@code (u, 1)} without its products by 1. */
    long[] redc(long[] u) {
        long[] t = java.util.Arrays.copyOf(u, k + 2);
        for (int i = 0; i < k; i++) {
            shiftReduce(t);
        }
        return reduce(t); // below 2p
    }

    /**
     * One Montgomery step on t[0, k + 1]: t = (t + m p) / 2^64, with m = t[0] (-p^-1) mod 2^64
     * making the division exact; t[k + 1] is cleared.
     */
    private void shiftReduce(long[] t) {
        long m = t[0] * n0;
        long lo = m * p[0];
        long carry = Math.unsignedMultiplyHigh(m, p[0]) + (Long.compareUnsigned(lo + t[0], lo) < 0 ? 1 : 0);
        for (int j = 1; j < k; j++) {
            lo = m * p[j];
            long hi = Math.unsignedMultiplyHigh(m, p[j]);
            lo += t[j];
            hi += Long.compareUnsigned(lo, t[j]) < 0 ? 1 : 0;
            lo += carry;
            hi += Long.compareUnsigned(lo, carry) < 0 ? 1 : 0;
            t[j - 1] = lo;
            carry = hi;
        }
        long s = t[k] + carry;
        t[k - 1] = s;
        t[k] = t[k + 1] + (Long.compareUnsigned(s, carry) < 0 ? 1 : 0);
        t[k + 1] = 0;
    }

    /** u + v mod p, for u and v below p. */
    long[] add(long[] u, long[] v) {
        long[] t = new long[k + 2];
        long carry = 0;
        for (int j = 0; j < k; j++) {
            long s = u[j] + v[j];
            long c = Long.compareUnsigned(s, u[j]) < 0 ? 1 : 0;
            long s2 = s + carry;
            c += Long.compareUnsigned(s2, s) < 0 ? 1 : 0;
            t[j] = s2;
            carry = c;
        }
        t[k] = carry;
        return reduce(t);
    }

    /** t[0, k] (below 2p) minus p when it is not below p, as k limbs. */
    private long[] reduce(long[] t) {
        long[] d = new long[k];
        long borrow = 0;
        for (int j = 0; j < k; j++) {
            long a = t[j];
            long s = a - p[j];
            long b1 = Long.compareUnsigned(a, p[j]) < 0 ? 1 : 0;
            long s2 = s - borrow;
            long b2 = Long.compareUnsigned(s, borrow) < 0 ? 1 : 0;
            d[j] = s2;
            borrow = b1 | b2;
        }
        // t >= p exactly when the top limb covers the borrow
        if (Long.compareUnsigned(t[k], borrow) >= 0) {
            return d;
        }
        return java.util.Arrays.copyOf(t, k);
    }

    private static final java.lang.invoke.VarHandle BIG_ENDIAN_LONG =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.BIG_ENDIAN);

    /** Big-endian bytes as limbs: whole 64-bit words from the end, then the few bytes left at the front (P-521's two). */
    private long[] limbs(byte[] be) {
        long[] out = new long[k];
        int words = be.length / 8;
        for (int i = 0; i < words; i++) {
            out[i] = (long) BIG_ENDIAN_LONG.get(be, be.length - 8 * (i + 1));
        }
        long top = 0;
        for (int i = 0; i < be.length - 8 * words; i++) {
            top = (top << 8) | (be[i] & 0xFFL);
        }
        if (words < k) {
            out[words] = top;
        }
        return out;
    }

    static long[] limbs(BigInteger v, int k) {
        long[] out = new long[k];
        for (int i = 0; i < k; i++) {
            out[i] = v.shiftRight(64 * i).longValue();
        }
        return out;
    }
}
