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
        // x^2 = (y^2 - 1) / (d y^2 + 1)
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger u = y2.subtract(BigInteger.ONE).mod(P);
        BigInteger v = D.multiply(y2).add(BigInteger.ONE).mod(P);
        BigInteger x2 = u.multiply(v.modInverse(P)).mod(P);
        BigInteger x = x2.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P);
        if (!x.multiply(x).mod(P).equals(x2)) {
            x = x.multiply(SQRT_M1).mod(P);
        }
        if (!x.multiply(x).mod(P).equals(x2)) {
            return "the Ed25519 public key is not a point on the curve";
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
        BigInteger zinv = pt[2].modInverse(P);
        if (pt[0].multiply(zinv).mod(P).signum() == 0 && pt[1].multiply(zinv).mod(P).equals(BigInteger.ONE)) {
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
