package io.lcjwt.fuzz;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * Textbook ECDSA on a short Weierstrass curve in BigInteger arithmetic: the independent check for
 * ES256K, which the JDK no longer implements. Slow and not constant time; tests only.
 */
final class Ecdsa {

    static final Ecdsa SECP256K1 = new Ecdsa(
            "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", "0", "7",
            "79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798",
            "483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8",
            "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141");

    final BigInteger p, a, b, n;
    final BigInteger[] g;

    private Ecdsa(String p, String a, String b, String gx, String gy, String n) {
        this.p = new BigInteger(p, 16);
        this.a = new BigInteger(a, 16);
        this.b = new BigInteger(b, 16);
        this.g = new BigInteger[] {new BigInteger(gx, 16), new BigInteger(gy, 16)};
        this.n = new BigInteger(n, 16);
        if (!onCurve(g[0], g[1])) {
            throw new AssertionError("generator is not on the curve");
        }
    }

    boolean onCurve(BigInteger x, BigInteger y) {
        if (x.signum() < 0 || y.signum() < 0 || x.compareTo(p) >= 0 || y.compareTo(p) >= 0) {
            return false;
        }
        return y.multiply(y).subtract(x.pow(3).add(a.multiply(x)).add(b)).mod(p).signum() == 0;
    }

    /** Point addition in affine coordinates; null is the point at infinity. */
    BigInteger[] add(BigInteger[] s, BigInteger[] t) {
        if (s == null) {
            return t;
        }
        if (t == null) {
            return s;
        }
        BigInteger lambda;
        if (s[0].equals(t[0])) {
            if (s[1].add(t[1]).mod(p).signum() == 0) {
                return null;
            }
            lambda = s[0].pow(2).multiply(BigInteger.valueOf(3)).add(a)
                    .multiply(s[1].shiftLeft(1).modInverse(p)).mod(p);
        } else {
            lambda = t[1].subtract(s[1]).multiply(t[0].subtract(s[0]).modInverse(p)).mod(p);
        }
        BigInteger x = lambda.pow(2).subtract(s[0]).subtract(t[0]).mod(p);
        BigInteger y = lambda.multiply(s[0].subtract(x)).subtract(s[1]).mod(p);
        return new BigInteger[] {x, y};
    }

    BigInteger[] multiply(BigInteger k, BigInteger[] pt) {
        BigInteger[] r = null;
        for (int i = k.bitLength() - 1; i >= 0; i--) {
            r = add(r, r);
            if (k.testBit(i)) {
                r = add(r, pt);
            }
        }
        return r;
    }

    private static BigInteger digest(byte[] msg) {
        try {
            return new BigInteger(1, MessageDigest.getInstance("SHA-256").digest(msg));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** r||s, 32 bytes each (for a 256-bit curve). */
    byte[] sign(BigInteger d, byte[] msg, SecureRandom random) {
        BigInteger z = digest(msg);
        while (true) {
            BigInteger k = new BigInteger(n.bitLength(), random).mod(n);
            if (k.signum() == 0) {
                continue;
            }
            BigInteger r = multiply(k, g)[0].mod(n);
            BigInteger s = k.modInverse(n).multiply(z.add(r.multiply(d))).mod(n);
            if (r.signum() != 0 && s.signum() != 0) {
                byte[] out = new byte[64];
                put(r, out, 0);
                put(s, out, 32);
                return out;
            }
        }
    }

    boolean verify(BigInteger[] q, byte[] msg, byte[] sig) {
        if (sig.length != 64) {
            return false;
        }
        BigInteger r = new BigInteger(1, java.util.Arrays.copyOfRange(sig, 0, 32));
        BigInteger s = new BigInteger(1, java.util.Arrays.copyOfRange(sig, 32, 64));
        if (r.signum() == 0 || s.signum() == 0 || r.compareTo(n) >= 0 || s.compareTo(n) >= 0) {
            return false;
        }
        BigInteger w = s.modInverse(n);
        BigInteger[] pt = add(multiply(digest(msg).multiply(w).mod(n), g), multiply(r.multiply(w).mod(n), q));
        return pt != null && pt[0].mod(n).equals(r);
    }

    static void put(BigInteger v, byte[] out, int off) {
        byte[] b = v.toByteArray();
        int len = Math.min(b.length, 32);
        System.arraycopy(b, b.length - len, out, off + 32 - len, len);
    }
}
