package io.lcjwt.internal.keys;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.internal.Untrusted;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Private keys in, always as PKCS#8 out: PKCS#8 itself, PKCS#1 RSAPrivateKey and SEC1
 * ECPrivateKey are normalised to one PrivateKeyInfo for libcrypto, after the same size and curve
 * rules as public keys, and after checking that the members belong together: OpenSSL 3 keeps
 * whatever it is given, so a key mixed from two key pairs would sign as one and report the other.
 * The RSA relations are checked here; that an EC public point is d·G is left to libcrypto
 * ({@link KeyFactory}), which can compute it.
 */
public final class Pkcs8 {
    private Pkcs8() {}

    /**
     * A normalised private key: the PKCS#8 DER for libcrypto and what is known of it;
     * {@code carriedPublic} is the public key a version 2 (RFC 5958) Ed25519, X25519 or ML-DSA key
     * carries, or null. For ML-DSA, {@code pkcs8} is always the seed form, and
     * {@code mlDsaExpanded} the expanded key that a "both" form carried beside the seed (null
     * for the seed form), for {@link KeyFactory} to compare with what the seed yields.
     */
    public record Parsed(byte[] pkcs8, KeyInfo.Kind kind, Curve curve, byte[] carriedPublic, MlDsa mlDsa,
            byte[] mlDsaExpanded) {
        Parsed(byte[] pkcs8, KeyInfo.Kind kind, Curve curve) {
            this(pkcs8, kind, curve, null, null, null);
        }

        Parsed(byte[] pkcs8, KeyInfo.Kind kind, Curve curve, byte[] carriedPublic) {
            this(pkcs8, kind, curve, carriedPublic, null, null);
        }

        /** The seed of an ML-DSA key, read from {@link #pkcs8} (a copy: the caller wipes it). */
        public byte[] mlDsaSeed() {
            return mlDsaSeedOf(pkcs8);
        }
    }

    public static Parsed parse(byte[] der) {
        Der.Reader outer = new Der.Reader(der);
        Der.Reader info = outer.read(Der.SEQUENCE);
        outer.end();
        BigInteger version = info.integer();
        if (version.signum() != 0 && !version.equals(BigInteger.ONE)) {
            throw new InvalidJwtKeyException("Unsupported PKCS#8 version " + Untrusted.text(version.toString()) + ".");
        }
        Der.Reader alg = info.read(Der.SEQUENCE);
        String oid = alg.oid();
        byte[] key = info.bytes(Der.OCTET_STRING);
        switch (oid) {
            case Spki.RSA -> {
                checkRsaPrivate(key);
                return new Parsed(der, KeyInfo.Kind.RSA, null);
            }
            case Spki.EC -> {
                Curve curve = Curve.byOid(alg.oid());
                if (curve == null) {
                    throw new InvalidJwtKeyException("The EC private key is on an unsupported curve; lcjwt supports"
                            + " P-256, P-384, P-521 and secp256k1.");
                }
                checkEcPrivate(key, curve);
                return new Parsed(der, KeyInfo.Kind.EC, curve);
            }
            case Spki.ED25519 -> {
                Der.Reader seedReader = new Der.Reader(key);
                byte[] seed = seedReader.bytes(Der.OCTET_STRING);
                seedReader.end();
                if (seed.length != 32) {
                    throw new InvalidJwtKeyException("An Ed25519 private key is a 32-byte seed.");
                }
                if (info.hasMore() && info.peekTag() == 0xA0) {
                    info.raw(); // attributes
                }
                if (!info.hasMore()) {
                    return new Parsed(der, KeyInfo.Kind.ED25519, null);
                }
                // RFC 5958 publicKey [1]: OpenSSL 3.0 cannot read it, and neither library need agree
                // with it, so libcrypto gets the seed alone and KeyFactory compares the public keys.
                byte[] pub = info.bytes(0x81);
                info.end();
                if (pub.length != 33 || pub[0] != 0) {
                    throw new InvalidJwtKeyException("The Ed25519 private key's publicKey must be 32 bytes.");
                }
                return new Parsed(ed25519(seed), KeyInfo.Kind.ED25519, null, Arrays.copyOfRange(pub, 1, 33));
            }
            case Spki.X25519 -> {
                Der.Reader r = new Der.Reader(key);
                byte[] scalar = r.bytes(Der.OCTET_STRING);
                r.end();
                if (scalar.length != 32) {
                    throw new InvalidJwtKeyException("An X25519 private key is 32 bytes.");
                }
                if (info.hasMore() && info.peekTag() == 0xA0) {
                    info.raw(); // attributes
                }
                if (!info.hasMore()) {
                    return new Parsed(der, KeyInfo.Kind.X25519, null);
                }
                byte[] pub = info.bytes(0x81);
                info.end();
                if (pub.length != 33 || pub[0] != 0) {
                    throw new InvalidJwtKeyException("The X25519 private key's publicKey must be 32 bytes.");
                }
                return new Parsed(x25519(scalar), KeyInfo.Kind.X25519, null, Arrays.copyOfRange(pub, 1, 33));
            }
            case "2.16.840.1.101.3.4.3.17", "2.16.840.1.101.3.4.3.18", "2.16.840.1.101.3.4.3.19" ->  {
                MlDsa level = MlDsa.byOid(oid);
                if (alg.hasMore()) {
                    throw new InvalidJwtKeyException("The " + level.joseName() + " private key's AlgorithmIdentifier"
                            + " has parameters; RFC 9881 says they must be absent.");
                }
                return mlDsa(level, key, info);
            }
            default -> throw new InvalidJwtKeyException("Private keys of algorithm " + Untrusted.text(oid) + " are not supported.");
        }
    }

    /**
     * An ML-DSA private key (RFC 9881), the CHOICE inside the PKCS#8 OCTET STRING: the
     * seed ({@code [0]}, 32 bytes), the expanded key alone, or both. The expanded key alone is
     * refused: nothing in it can be checked (unlike a seed, from which lcjwt derives the key
     * itself), and RFC 9964 keys are seeds. A "both" form is accepted when its expanded key is
     * the one its seed yields, which {@link KeyFactory} checks with libcrypto.
     */
    private static Parsed mlDsa(MlDsa level, byte[] choice, Der.Reader info) {
        Der.Reader r = new Der.Reader(choice);
        byte[] seed;
        byte[] expanded = null;
        switch (r.peekTag()) {
            case 0x80 -> seed = r.bytes(0x80);
            case Der.SEQUENCE -> {
                Der.Reader both = r.read(Der.SEQUENCE);
                seed = both.bytes(Der.OCTET_STRING);
                expanded = both.bytes(Der.OCTET_STRING);
                both.end();
                if (expanded.length != level.expandedBytes) {
                    Arrays.fill(seed, (byte) 0);
                    Arrays.fill(expanded, (byte) 0);
                    throw new InvalidJwtKeyException("The " + level.joseName() + " private key's expanded key is "
                            + expanded.length + " bytes; FIPS 204 table 2 makes it " + level.expandedBytes + ".");
                }
            }
            case Der.OCTET_STRING -> throw new InvalidJwtKeyException("The " + level.joseName() + " private key holds"
                    + " only its expanded form, which lcjwt cannot check for consistency (nothing in it can be"
                    + " recomputed, where a seed yields the whole key). Export the key with its 32-byte seed: the"
                    + " seed form or the \"both\" form of RFC 9881.");
            default -> throw new InvalidJwtKeyException("The " + level.joseName() + " private key is none of the"
                    + " forms of RFC 9881 (seed [0], expandedKey or both).");
        }
        r.end();
        try {
            if (seed.length != MlDsa.SEED_BYTES) {
                throw new InvalidJwtKeyException("The " + level.joseName() + " private key's seed is " + seed.length
                        + " bytes; ML-DSA seeds are 32 bytes (RFC 9881).");
            }
            if (info.hasMore() && info.peekTag() == 0xA0) {
                info.raw(); // attributes
            }
            byte[] pub = null;
            if (info.hasMore()) {
                byte[] bits = info.bytes(0x81); // RFC 5958 publicKey [1]
                info.end();
                if (bits.length != 1 + level.publicBytes || bits[0] != 0) {
                    throw new InvalidJwtKeyException("The " + level.joseName() + " private key's publicKey must be "
                            + level.publicBytes + " bytes.");
                }
                pub = Arrays.copyOfRange(bits, 1, bits.length);
            }
            return new Parsed(mlDsaSeedForm(level, seed), KeyInfo.Kind.ML_DSA, null, pub, level, expanded);
        } catch (RuntimeException e) {
            if (expanded != null) {
                Arrays.fill(expanded, (byte) 0);
            }
            throw e;
        } finally {
            Arrays.fill(seed, (byte) 0);
            Arrays.fill(choice, (byte) 0);
        }
    }

    /** PKCS#8 for an ML-DSA seed (RFC 9881, the seed form). */
    public static byte[] mlDsaSeedForm(MlDsa level, byte[] seed) {
        return Der.seq(Der.integer(BigInteger.ZERO), Der.seq(Der.oid(level.oid)), Der.octets(Der.tlv(0x80, seed)));
    }

    /** The seed of a seed-form ML-DSA PKCS#8 that lcjwt made ({@link #mlDsaSeedForm}). */
    static byte[] mlDsaSeedOf(byte[] seedForm) {
        Der.Reader outer = new Der.Reader(seedForm).read(Der.SEQUENCE);
        outer.integer();
        outer.read(Der.SEQUENCE);
        byte[] choice = outer.bytes(Der.OCTET_STRING);
        try {
            return new Der.Reader(choice).bytes(0x80);
        } finally {
            Arrays.fill(choice, (byte) 0);
        }
    }

    /** PKCS#8 for an ML-DSA expanded key (RFC 9881, the expandedKey form), for a JDK that reads only it. */
    public static byte[] mlDsaExpandedForm(MlDsa level, byte[] expanded) {
        return Der.seq(Der.integer(BigInteger.ZERO), Der.seq(Der.oid(level.oid)), Der.octets(Der.octets(expanded)));
    }

    /**
     * The public half by lcjwt's rules, then the relations between the members (RFC 8017 section
     * 3.2), which aws-lc's parser checks and OpenSSL 3's does not: n = p·q, 0 < d < n,
     * e·d ≡ 1 modulo p-1 and q-1, dp and dq are d reduced modulo p-1 and q-1, and qi·q ≡ 1 mod p.
     * Primality is not tested (RSA_check_key would, at seconds per 8192-bit key on OpenSSL); a
     * key that passes these signs exactly as its public half verifies.
     */
    private static void checkRsaPrivate(byte[] pkcs1) {
        Der.Reader outer = new Der.Reader(pkcs1);
        Der.Reader r = outer.read(Der.SEQUENCE);
        outer.end();
        BigInteger version = r.integer();
        if (version.signum() != 0) {
            throw new InvalidJwtKeyException("Multi-prime RSA keys (RSAPrivateKey version " + (version.bitLength() <= 8
                    ? version : "?") + ") are not supported; lcjwt takes two-prime keys.");
        }
        BigInteger n = r.integer();
        BigInteger e = r.integer();
        Spki.rsa(n, e);
        BigInteger d = r.integer();
        BigInteger p = r.integer();
        BigInteger q = r.integer();
        BigInteger dp = r.integer();
        BigInteger dq = r.integer();
        BigInteger qi = r.integer();
        r.end();
        String problem = rsaProblem(n, e, d, p, q, dp, dq, qi);
        if (problem != null) {
            throw new InvalidJwtKeyException("The RSA private key is inconsistent: " + problem + ". Its members come"
                    + " from different keys or were altered; export the key again from its source.");
        }
    }

    private static String rsaProblem(BigInteger n, BigInteger e, BigInteger d, BigInteger p, BigInteger q,
            BigInteger dp, BigInteger dq, BigInteger qi) {
        if (p.compareTo(BigInteger.ONE) <= 0 || q.compareTo(BigInteger.ONE) <= 0 || !p.multiply(q).equals(n)) {
            return "n is not p·q";
        }
        if (d.signum() <= 0 || d.compareTo(n) >= 0) {
            return "d is not between 1 and n-1";
        }
        BigInteger p1 = p.subtract(BigInteger.ONE);
        BigInteger q1 = q.subtract(BigInteger.ONE);
        if (!e.multiply(d).mod(p1).equals(BigInteger.ONE) || !e.multiply(d).mod(q1).equals(BigInteger.ONE)) {
            return "d is not the inverse of e";
        }
        if (!d.mod(p1).equals(dp) || !d.mod(q1).equals(dq)) {
            return "dp or dq is not d modulo p-1 or q-1";
        }
        if (qi.signum() <= 0 || qi.compareTo(p) >= 0 || !qi.multiply(q).mod(p).equals(BigInteger.ONE)) {
            return "qi is not the inverse of q modulo p";
        }
        return null;
    }

    /**
     * 0 &lt; d &lt; n (SEC 1 section 3.2.1), and inner curve parameters that agree with the outer
     * ones. OpenSSL 3 takes d = 0 beside a given public point, and d = n or above without reducing
     * the public half; aws-lc refuses both.
     */
    private static void checkEcPrivate(byte[] sec1, Curve curve) {
        Der.Reader outer = new Der.Reader(sec1);
        Der.Reader r = outer.read(Der.SEQUENCE);
        outer.end();
        if (!r.integer().equals(BigInteger.ONE)) {
            throw new InvalidJwtKeyException("The EC private key (SEC 1 ECPrivateKey) must have version 1.");
        }
        byte[] d = r.bytes(Der.OCTET_STRING);
        int start = 0;
        while (start < d.length && d[start] == 0) {
            start++;
        }
        byte[] order = curve.order();
        int len = d.length - start;
        boolean below = len < order.length
                || (len == order.length && Arrays.compareUnsigned(d, start, d.length, order, 0, order.length) < 0);
        if (len == 0 || !below) {
            throw new InvalidJwtKeyException("The " + curve.jwkName + " private scalar d must be between 1 and n-1,"
                    + " n being the curve's order (SEC 1 section 3.2.1); this one is " + (len == 0 ? "zero" : "n or more")
                    + ".");
        }
        if (r.hasMore() && r.peekTag() == 0xA0) {
            String inner = r.read(0xA0).oid();
            if (!inner.equals(curve.oid)) {
                throw new InvalidJwtKeyException("The EC private key names two curves: " + curve.jwkName + " outside and"
                        + " another inside its ECPrivateKey.");
            }
        }
    }

    /** PKCS#1 RSAPrivateKey ("RSA PRIVATE KEY"). */
    public static Parsed fromPkcs1(byte[] der) {
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
            throw new InvalidJwtKeyException("The EC private key is on curve " + Untrusted.text(oid) + "; lcjwt supports P-256, P-384,"
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

    /** PKCS#8 for an X25519 private key (RFC 8410). */
    public static byte[] x25519(byte[] scalar) {
        return Der.seq(Der.integer(BigInteger.ZERO), Der.seq(Der.oid(Spki.X25519)), Der.octets(Der.octets(scalar)));
    }

    /** PKCS#8 for an Ed25519 seed (RFC 8410). */
    public static byte[] ed25519(byte[] seed) {
        return Der.seq(Der.integer(BigInteger.ZERO), Der.seq(Der.oid(Spki.ED25519)), Der.octets(Der.octets(seed)));
    }
}
