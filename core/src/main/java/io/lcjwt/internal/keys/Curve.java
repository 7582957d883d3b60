package io.lcjwt.internal.keys;

import io.lcjwt.Algorithm;

import java.math.BigInteger;
import java.util.HexFormat;

/** The elliptic curves lcjwt signs with, each bound to exactly one JWS algorithm. */
public enum Curve {
    // The group orders, primes and curve coefficients are the published ones (FIPS 186-4 D.1.2,
    // SEC 2 2.4.1); CurveOrderTest holds them to the loaded libcrypto's and the JDK's. Every curve
    // here is y^2 = x^3 + ax + b with a = -3, but secp256k1's a = 0.
    P256("P-256", "1.2.840.10045.3.1.7", 415, 32, Algorithm.ES256,
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
            "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", true,
            "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"),
    SECP256K1("secp256k1", "1.3.132.0.10", 714, 32, Algorithm.ES256K,
            "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
            "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", false, "07"),
    P384("P-384", "1.3.132.0.34", 715, 48, Algorithm.ES384,
            "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
            "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff", true,
            "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef"),
    P521("P-521", "1.3.132.0.35", 716, 66, Algorithm.ES512,
            "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409",
            "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", true,
            "0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00");

    public final String jwkName;
    public final String oid;
    public final int nid;
    public final int coordBytes;
    public final Algorithm algorithm;
    private final byte[] order;
    private final BigInteger p;
    private final boolean aIsMinus3;
    private final BigInteger b;
    private final CurveField field;

    Curve(String jwkName, String oid, int nid, int coordBytes, Algorithm algorithm, String orderHex,
            String primeHex, boolean aIsMinus3, String bHex) {
        this.jwkName = jwkName;
        this.oid = oid;
        this.nid = nid;
        this.coordBytes = coordBytes;
        this.algorithm = algorithm;
        this.order = HexFormat.of().parseHex(orderHex);
        this.p = new BigInteger(primeHex, 16);
        this.aIsMinus3 = aIsMinus3;
        this.b = new BigInteger(bHex, 16);
        this.field = new CurveField(p, a(), b, coordBytes);
    }

    /** The field prime p. */
    public BigInteger prime() {
        return p;
    }

    /** The coefficient a of y^2 = x^3 + ax + b: -3, or 0 for secp256k1. */
    public BigInteger a() {
        return aIsMinus3 ? BigInteger.valueOf(-3) : BigInteger.ZERO;
    }

    /** The coefficient b of y^2 = x^3 + ax + b. */
    public BigInteger b() {
        return b;
    }

    /**
     * Whether the big-endian coordinates (x, y), {@link #coordBytes} each, are field elements
     * (below p) and satisfy the curve's equation: the check libcrypto makes when it parses an EC
     * public key, in {@link CurveField}'s Montgomery arithmetic. Every curve here has cofactor 1,
     * so a point on the curve is in the group, and an uncompressed point cannot encode the point
     * at infinity.
     */
    public boolean hasPoint(byte[] xBytes, byte[] yBytes) {
        return field.hasPoint(xBytes, yBytes);
    }

    public static Curve byOid(String oid) {
        for (Curve c : values()) {
            if (c.oid.equals(oid)) {
                return c;
            }
        }
        return null;
    }

    public static Curve byJwkName(String name) {
        for (Curve c : values()) {
            if (c.jwkName.equals(name)) {
                return c;
            }
        }
        return null;
    }

    public static Curve forAlgorithm(Algorithm alg) {
        for (Curve c : values()) {
            if (c.algorithm == alg) {
                return c;
            }
        }
        return null;
    }

    /**
     * The group order n, big-endian, {@link #coordBytes} long (the caller must not change it). A
     * constant rather than read from libcrypto, which took five native functions, each linked in
     * a fresh JVM for a process's first ECDSA key (a start-up rule, docs/architecture.md).
     */
    public byte[] order() {
        return order;
    }
}
