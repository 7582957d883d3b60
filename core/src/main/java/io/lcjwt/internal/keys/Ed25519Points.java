package io.lcjwt.internal.keys;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Evp;

import java.lang.foreign.MemorySegment;
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
 * independently. Decoding takes a square root in the field: aws-lc does it in
 * {@code ED25519_check_public_key}; on OpenSSL 3, which has no such function, it is done here
 * with BigInteger, once per key.
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
        boolean decodes = NativeCheck.PRESENT ? Evp.ed25519CheckPublicKey(MemorySegment.ofArray(key)) == 1
                : decodes(key);
        return decodes ? null : "the Ed25519 public key is not a point on the curve";
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
     * Whether a canonical y has an x on the curve: x^2 = u / v with u = y^2 - 1 and v = d y^2 + 1
     * must have a root. RFC 8032 section 5.1.3 finds the candidate with one exponentiation and
     * no inversion: x = u v^3 (u v^7)^((p-5)/8); it is a root when v x^2 = u or v x^2 = -u.
     */
    static boolean decodes(byte[] key) {
        byte[] be = new byte[32];
        for (int i = 0; i < 32; i++) {
            be[i] = key[31 - i];
        }
        be[0] &= 0x7F;
        BigInteger y = new BigInteger(1, be);
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger u = y2.subtract(BigInteger.ONE).mod(P);
        BigInteger v = Holder.D.multiply(y2).add(BigInteger.ONE).mod(P);
        BigInteger v3 = v.multiply(v).mod(P).multiply(v).mod(P);
        BigInteger uv7 = u.multiply(v3).mod(P).multiply(v3).mod(P).multiply(v).mod(P);
        BigInteger x = u.multiply(v3).mod(P).multiply(uv7.modPow(Holder.ROOT_EXPONENT, P)).mod(P);
        BigInteger vx2 = v.multiply(x).mod(P).multiply(x).mod(P);
        return vx2.equals(u) || vx2.add(u).mod(P).signum() == 0;
    }

    /** Whether the loaded libcrypto decodes Ed25519 points for us: looked up once. */
    private static final class NativeCheck {
        static final boolean PRESENT = Backend.get().exports("ED25519_check_public_key");
    }

    /** Constants only the BigInteger path needs. */
    private static final class Holder {
        static final BigInteger D = BigInteger.valueOf(-121665)
                .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
        /** (p - 5) / 8. */
        static final BigInteger ROOT_EXPONENT = P.subtract(BigInteger.valueOf(5)).shiftRight(3);
    }
}
