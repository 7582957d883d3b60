package io.lcjwt.internal.keys;

import io.lcjwt.InvalidJwtKeyException;

import java.math.BigInteger;

/**
 * Private keys in, always as PKCS#8 out: PKCS#8 itself, PKCS#1 RSAPrivateKey and SEC1
 * ECPrivateKey are normalised to one PrivateKeyInfo for libcrypto, after the same size and curve
 * rules as public keys.
 */
public final class Pkcs8 {
    private Pkcs8() {}

    /** A normalised private key: the PKCS#8 DER for libcrypto and what is known of it. */
    public record Parsed(byte[] pkcs8, KeyInfo.Kind kind, Curve curve) {}

    public static Parsed parse(byte[] der) {
        Der.Reader outer = new Der.Reader(der);
        Der.Reader info = outer.read(Der.SEQUENCE);
        outer.end();
        BigInteger version = info.integer();
        if (version.signum() != 0 && !version.equals(BigInteger.ONE)) {
            throw new InvalidJwtKeyException("Unsupported PKCS#8 version " + version + ".");
        }
        Der.Reader alg = info.read(Der.SEQUENCE);
        String oid = alg.oid();
        byte[] key = info.bytes(Der.OCTET_STRING);
        switch (oid) {
            case Spki.RSA -> {
                checkRsa(key);
                return new Parsed(der, KeyInfo.Kind.RSA, null);
            }
            case Spki.EC -> {
                Curve curve = Curve.byOid(alg.oid());
                if (curve == null) {
                    throw new InvalidJwtKeyException("The EC private key is on an unsupported curve; lcjwt supports"
                            + " P-256, P-384, P-521 and secp256k1.");
                }
                return new Parsed(der, KeyInfo.Kind.EC, curve);
            }
            case Spki.ED25519 -> {
                Der.Reader seed = new Der.Reader(key);
                if (seed.bytes(Der.OCTET_STRING).length != 32) {
                    throw new InvalidJwtKeyException("An Ed25519 private key is a 32-byte seed.");
                }
                return new Parsed(der, KeyInfo.Kind.ED25519, null);
            }
            default -> throw new InvalidJwtKeyException("Private keys of algorithm " + oid + " are not supported.");
        }
    }

    private static void checkRsa(byte[] pkcs1) {
        Der.Reader outer = new Der.Reader(pkcs1);
        Der.Reader r = outer.read(Der.SEQUENCE);
        r.integer();
        BigInteger n = r.integer();
        BigInteger e = r.integer();
        Spki.rsa(n, e);
    }

    /** PKCS#1 RSAPrivateKey ("RSA PRIVATE KEY"). */
    public static Parsed fromPkcs1(byte[] der) {
        checkRsa(der);
        return parse(Der.seq(Der.integer(BigInteger.ZERO), Der.seq(Der.oid(Spki.RSA), Der.nul()), Der.octets(der)));
    }

    /** SEC1 ECPrivateKey ("EC PRIVATE KEY"); the curve comes from its parameters or {@code curveOid}. */
    public static Parsed fromSec1(byte[] der, String curveOid) {
        Der.Reader outer = new Der.Reader(der);
        Der.Reader r = outer.read(Der.SEQUENCE);
        outer.end();
        r.integer();
        r.bytes(Der.OCTET_STRING);
        String oid = curveOid;
        if (r.hasMore() && r.peekTag() == 0xA0) {
            Der.Reader params = r.read(0xA0);
            oid = params.oid();
        }
        if (oid == null) {
            throw new InvalidJwtKeyException("The EC private key does not name its curve.");
        }
        Curve curve = Curve.byOid(oid);
        if (curve == null) {
            throw new InvalidJwtKeyException("The EC private key is on curve " + oid + "; lcjwt supports P-256, P-384,"
                    + " P-521 and secp256k1.");
        }
        return parse(Der.seq(Der.integer(BigInteger.ZERO), Der.seq(Der.oid(Spki.EC), Der.oid(curve.oid)),
                Der.octets(der)));
    }

    /** PKCS#8 for RSA private components (JWK import). */
    public static byte[] rsa(BigInteger n, BigInteger e, BigInteger d, BigInteger p, BigInteger q,
            BigInteger dp, BigInteger dq, BigInteger qi) {
        byte[] pkcs1 = Der.seq(Der.integer(BigInteger.ZERO), Der.integer(n), Der.integer(e), Der.integer(d),
                Der.integer(p), Der.integer(q), Der.integer(dp), Der.integer(dq), Der.integer(qi));
        return Der.seq(Der.integer(BigInteger.ZERO), Der.seq(Der.oid(Spki.RSA), Der.nul()), Der.octets(pkcs1));
    }

    /** PKCS#8 for an EC private scalar with its public point (JWK import). */
    public static byte[] ec(Curve curve, byte[] d, byte[] spkiPoint) {
        byte[] sec1 = Der.seq(Der.integer(BigInteger.ONE), Der.octets(d),
                Der.tlv(0xA1, Der.bitString(spkiPoint)));
        return Der.seq(Der.integer(BigInteger.ZERO), Der.seq(Der.oid(Spki.EC), Der.oid(curve.oid)), Der.octets(sec1));
    }

    /** PKCS#8 for an Ed25519 seed (RFC 8410). */
    public static byte[] ed25519(byte[] seed) {
        return Der.seq(Der.integer(BigInteger.ZERO), Der.seq(Der.oid(Spki.ED25519)), Der.octets(Der.octets(seed)));
    }
}
