package io.lcjwt.internal.keys;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.internal.Untrusted;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * SubjectPublicKeyInfo (RFC 5280 section 4.1.2.7) in both directions, with lcjwt's import rules:
 * RSA of 2048..8192 bits with an odd exponent of 65537 to 33 bits; EC on P-256, P-384, P-521 or
 * secp256k1 with an uncompressed point of the curve's size; Ed25519 keys that are canonical and
 * not of small order; ML-DSA keys of their parameter set's exact size, with no parameters
 * (RFC 9881). (libcrypto then checks that EC points lie on their curve.)
 */
public final class Spki {
    private Spki() {}

    public static final String RSA = "1.2.840.113549.1.1.1";
    public static final String RSA_PSS = "1.2.840.113549.1.1.10";
    public static final String EC = "1.2.840.10045.2.1";
    public static final String ED25519 = "1.3.101.112";
    public static final String X25519 = "1.3.101.110";

    public static KeyInfo parse(byte[] der) {
        Der.Reader outer = new Der.Reader(der);
        Der.Reader spki = outer.read(Der.SEQUENCE);
        outer.end();
        Der.Reader alg = spki.read(Der.SEQUENCE);
        String oid = alg.oid();
        byte[] key = spki.bitString();
        spki.end();
        switch (oid) {
            case RSA -> {
                if (alg.hasMore()) {
                    alg.bytes(Der.NULL);
                }
                alg.end();
                Der.Reader r = new Der.Reader(key).read(Der.SEQUENCE);
                BigInteger n = r.integer();
                BigInteger e = r.integer();
                r.end();
                return rsa(n, e);
            }
            case EC -> {
                String curveOid = alg.oid();
                alg.end();
                Curve curve = Curve.byOid(curveOid);
                if (curve == null) {
                    throw new InvalidJwtKeyException("The EC key is on curve " + Untrusted.text(curveOid) + "; lcjwt supports"
                            + " P-256, P-384, P-521 and secp256k1.");
                }
                return ec(curve, key);
            }
            case ED25519 -> {
                alg.end();
                return ed25519(key);
            }
            case X25519 -> {
                alg.end();
                return x25519(key);
            }
            case "2.16.840.1.101.3.4.3.17", "2.16.840.1.101.3.4.3.18", "2.16.840.1.101.3.4.3.19" -> {
                MlDsa level = MlDsa.byOid(oid);
                if (alg.hasMore()) {
                    throw new InvalidJwtKeyException("The " + level.joseName() + " key's AlgorithmIdentifier has"
                            + " parameters; RFC 9881 says they must be absent.");
                }
                return mlDsa(level, key);
            }
            case RSA_PSS -> throw new InvalidJwtKeyException("RSASSA-PSS-restricted keys (OID " + RSA_PSS + ") are not"
                    + " supported; export the key as a plain rsaEncryption key, which serves PS* too.");
            default -> throw new InvalidJwtKeyException("Keys of algorithm " + Untrusted.text(oid) + " are not supported; lcjwt takes"
                    + " RSA, EC (P-256, P-384, P-521, secp256k1), Ed25519, X25519 and ML-DSA keys.");
        }
    }

    /**
     * An ML-DSA public key (FIPS 204 pkEncode) of its parameter set's exact size. Any string of
     * that size decodes (pkDecode has no invalid inputs), so the length is the whole check.
     */
    public static KeyInfo mlDsa(MlDsa level, byte[] key) {
        if (key.length != level.publicBytes) {
            throw new InvalidJwtKeyException("An " + level.joseName() + " public key is " + level.publicBytes
                    + " bytes (FIPS 204 table 2), not " + key.length + ".");
        }
        byte[] spki = Der.seq(Der.seq(Der.oid(level.oid)), Der.bitString(key));
        return new KeyInfo(KeyInfo.Kind.ML_DSA, null, 8 * key.length, null, null, key.clone(), null, spki, level);
    }

    static KeyInfo rsa(BigInteger n, BigInteger e) {
        int bits = n.bitLength();
        if (n.signum() <= 0 || bits < 2048) {
            throw new InvalidJwtKeyException("RSA keys must have at least 2048 bits (RFC 7518 section 3.3); this one has "
                    + bits + ".");
        }
        if (bits > 8192) {
            throw new InvalidJwtKeyException("RSA keys of more than 8192 bits are refused (this one has " + bits
                    + "): verifying with them is a denial-of-service risk.");
        }
        if (!n.testBit(0)) {
            throw new InvalidJwtKeyException("The RSA modulus is even, so it is not a product of two odd primes; the key"
                    + " is corrupt. Export it again from its source.");
        }
        // At most 33 bits: aws-lc refuses longer exponents when it parses a key, and OpenSSL 3
        // refuses over 64 bits at every verification once the modulus passes 3072 bits. One
        // bound for both backends, so a key that imports on one imports on the other and verifies.
        if (!e.testBit(0) || e.compareTo(BigInteger.valueOf(65537)) < 0 || e.bitLength() > 33) {
            throw new InvalidJwtKeyException("The RSA public exponent must be odd, at least 65537 and at most 33"
                    + " bits long (65537 is usual); this key's is " + (e.bitLength() <= 64 ? e.toString()
                    : e.bitLength() + " bits long") + ".");
        }
        byte[] spki = Der.seq(Der.seq(Der.oid(RSA), Der.nul()),
                Der.bitString(Der.seq(Der.integer(n), Der.integer(e))));
        return new KeyInfo(KeyInfo.Kind.RSA, null, bits, n, e, null, null, spki);
    }

    static KeyInfo ec(Curve curve, byte[] point) {
        int c = curve.coordBytes;
        if (point.length != 1 + 2 * c || point[0] != 4) {
            throw new InvalidJwtKeyException("The " + curve.jwkName + " public key must be an uncompressed point of "
                    + (1 + 2 * c) + " bytes.");
        }
        byte[] x = Arrays.copyOfRange(point, 1, 1 + c);
        byte[] y = Arrays.copyOfRange(point, 1 + c, 1 + 2 * c);
        return ecXY(curve, x, y);
    }

    static KeyInfo ecXY(Curve curve, byte[] x, byte[] y) {
        int c = curve.coordBytes;
        if (x.length != c || y.length != c) {
            throw new InvalidJwtKeyException("The " + curve.jwkName + " coordinates must be " + c + " bytes each.");
        }
        if (!curve.hasPoint(x, y)) {
            throw new InvalidJwtKeyException("Refused: the " + curve.jwkName + " public key's point is not on its curve"
                    + " (or a coordinate is not below the field prime). The key is corrupt or forged; fetch it again"
                    + " from its issuer.");
        }
        byte[] point = new byte[1 + 2 * c];
        point[0] = 4;
        System.arraycopy(x, 0, point, 1, c);
        System.arraycopy(y, 0, point, 1 + c, c);
        byte[] spki = Der.seq(Der.seq(Der.oid(EC), Der.oid(curve.oid)), Der.bitString(point));
        return new KeyInfo(KeyInfo.Kind.EC, curve, c == 66 ? 521 : c * 8, null, null, x, y, spki);
    }

    static KeyInfo ed25519(byte[] key) {
        String problem = Ed25519Points.problem(key);
        if (problem != null) {
            throw new InvalidJwtKeyException("Refused: " + problem + ".");
        }
        byte[] spki = Der.seq(Der.seq(Der.oid(ED25519)), Der.bitString(key));
        return new KeyInfo(KeyInfo.Kind.ED25519, null, 256, null, null, key.clone(), null, spki);
    }

    /**
     * An X25519 public key (RFC 8037, for ECDH-ES). Every 32-byte string is a valid u-coordinate
     * (RFC 7748 section 5); a small-order one shows as an all-zero shared secret, which the key
     * agreement refuses.
     */
    static KeyInfo x25519(byte[] key) {
        if (key.length != 32) {
            throw new InvalidJwtKeyException("An X25519 public key is 32 bytes, not " + key.length + ".");
        }
        byte[] spki = Der.seq(Der.seq(Der.oid(X25519)), Der.bitString(key));
        return new KeyInfo(KeyInfo.Kind.X25519, null, 256, null, null, key.clone(), null, spki);
    }

    /** PKCS#1 RSAPublicKey ("RSA PUBLIC KEY") as a SubjectPublicKeyInfo. */
    public static KeyInfo fromPkcs1(byte[] der) {
        Der.Reader outer = new Der.Reader(der);
        Der.Reader r = outer.read(Der.SEQUENCE);
        outer.end();
        BigInteger n = r.integer();
        BigInteger e = r.integer();
        r.end();
        return rsa(n, e);
    }

    /**
     * Which public-key encoding {@code der} has the shape of, whatever its algorithm or size: a
     * SubjectPublicKeyInfo, an X.509 certificate or a PKCS#1 RSAPublicKey, each as one whole DER
     * element; null when it is none of them. For refusing such bytes as HMAC secrets: the
     * structure must match to the last byte, which random secrets do not.
     */
    public static String publicKeyShape(byte[] der) {
        if (der.length < 8 || der[0] != Der.SEQUENCE) {
            return null;
        }
        try {
            Der.Reader outer = new Der.Reader(der);
            Der.Reader top = outer.read(Der.SEQUENCE);
            outer.end();
            switch (top.peekTag()) {
                case Der.SEQUENCE -> {
                    Der.Reader first = top.read(Der.SEQUENCE);
                    if (top.peekTag() == Der.BIT_STRING) {
                        first.oid(); // AlgorithmIdentifier { algorithm, parameters }
                        top.raw();
                        top.end();
                        return "a DER SubjectPublicKeyInfo";
                    }
                    top.read(Der.SEQUENCE); // signatureAlgorithm
                    top.bytes(Der.BIT_STRING); // signatureValue
                    top.end();
                    return "a DER X.509 certificate";
                }
                case Der.INTEGER -> {
                    top.integer();
                    top.integer();
                    top.end();
                    return "a DER PKCS#1 RSA public key";
                }
                default -> {
                    return null;
                }
            }
        } catch (InvalidJwtKeyException notThatShape) {
            return null;
        }
    }

    /** The SubjectPublicKeyInfo inside an X.509 certificate (RFC 5280 section 4.1). */
    public static KeyInfo fromCertificate(byte[] der) {
        Der.Reader outer = new Der.Reader(der);
        Der.Reader cert = outer.read(Der.SEQUENCE);
        outer.end();
        Der.Reader tbs = cert.read(Der.SEQUENCE);
        if (tbs.peekTag() == 0xA0) {
            tbs.raw(); // [0] version
        }
        tbs.raw(); // serialNumber
        tbs.raw(); // signature
        tbs.raw(); // issuer
        tbs.raw(); // validity
        tbs.raw(); // subject
        return parse(tbs.raw());
    }
}
