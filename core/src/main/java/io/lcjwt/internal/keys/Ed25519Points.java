package io.lcjwt.internal.keys;

import java.math.BigInteger;

/**
 * Ed25519 public-key checks that libcrypto does not make at import: the encoding must be
 * canonical (y below p) and the point must decode and must not have small order (a point P with
 * 8P = identity lets signatures verify for many messages). Done once per key, with BigInteger.
 */
final class Ed25519Points {
    private Ed25519Points() {}

    private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger D = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
    private static final BigInteger SQRT_M1 = BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P);
    /** (p - 5) / 8. */
    private static final BigInteger ROOT_EXPONENT = P.subtract(BigInteger.valueOf(5)).shiftRight(3);

    /** Returns null when the key is acceptable, else why not. */
    static String problem(byte[] key) {
        if (key.length != 32) {
            return "an Ed25519 public key is 32 bytes, not " + key.length;
        }
        byte[] be = new byte[32];
        for (int i = 0; i < 32; i++) {
            be[i] = key[31 - i];
        }
        boolean sign = (be[0] & 0x80) != 0;
        be[0] &= 0x7F;
        BigInteger y = new BigInteger(1, be);
        if (y.compareTo(P) >= 0) {
            return "the Ed25519 public key is not canonically encoded";
        }
        // x^2 = u / v with u = y^2 - 1 and v = d y^2 + 1. RFC 8032 section 5.1.3 finds the
        // candidate root with one exponentiation and no inversion: x = u v^3 (u v^7)^((p-5)/8).
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger u = y2.subtract(BigInteger.ONE).mod(P);
        BigInteger v = D.multiply(y2).add(BigInteger.ONE).mod(P);
        BigInteger v3 = v.multiply(v).mod(P).multiply(v).mod(P);
        BigInteger uv7 = u.multiply(v3).mod(P).multiply(v3).mod(P).multiply(v).mod(P);
        BigInteger x = u.multiply(v3).mod(P).multiply(uv7.modPow(ROOT_EXPONENT, P)).mod(P);
        BigInteger vx2 = v.multiply(x).mod(P).multiply(x).mod(P);
        if (!vx2.equals(u)) {
            if (vx2.add(u).mod(P).signum() != 0) {
                return "the Ed25519 public key is not a point on the curve";
            }
            x = x.multiply(SQRT_M1).mod(P); // v x^2 = -u: the root is x times sqrt(-1)
        }
        if (x.signum() == 0 && sign) {
            return "the Ed25519 public key is not canonically encoded";
        }
        if (x.testBit(0) != sign) {
            x = P.subtract(x);
        }
        // Double three times in extended coordinates; small order iff the result is the identity.
        BigInteger[] pt = {x, y, BigInteger.ONE, x.multiply(y).mod(P)};
        for (int i = 0; i < 3; i++) {
            pt = dbl(pt);
        }
        // The identity (0, 1) is X = 0, Y = Z in these coordinates: no inversion needed to see it.
        if (pt[0].signum() == 0 && pt[1].equals(pt[2])) {
            return "the Ed25519 public key is a point of small order, which no honest key is";
        }
        return null;
    }

    /** Point doubling on -x^2 + y^2 = 1 + d x^2 y^2 (a = -1), extended coordinates. */
    private static BigInteger[] dbl(BigInteger[] p) {
        BigInteger a = p[0].multiply(p[0]).mod(P);
        BigInteger b = p[1].multiply(p[1]).mod(P);
        BigInteger c = p[2].multiply(p[2]).shiftLeft(1).mod(P);
        BigInteger h = a.add(b).mod(P);
        BigInteger xy = p[0].add(p[1]);
        BigInteger e = h.subtract(xy.multiply(xy)).mod(P);
        BigInteger g = a.subtract(b).mod(P);
        BigInteger f = c.add(g).mod(P);
        return new BigInteger[] {e.multiply(f).mod(P), g.multiply(h).mod(P), f.multiply(g).mod(P), e.multiply(h).mod(P)};
    }
}
