package io.lcjwt.internal.keys;

import io.lcjwt.Algorithm;

import java.util.HexFormat;

/** The elliptic curves lcjwt signs with, each bound to exactly one JWS algorithm. */
public enum Curve {
    // The group orders are the published ones (FIPS 186-4 D.1.2, SEC 2 2.4.1); CurveOrderTest
    // holds them to the loaded libcrypto's and the JDK's.
    P256("P-256", "1.2.840.10045.3.1.7", 415, 32, Algorithm.ES256,
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
    SECP256K1("secp256k1", "1.3.132.0.10", 714, 32, Algorithm.ES256K,
            "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
    P384("P-384", "1.3.132.0.34", 715, 48, Algorithm.ES384,
            "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973"),
    P521("P-521", "1.3.132.0.35", 716, 66, Algorithm.ES512,
            "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409");

    public final String jwkName;
    public final String oid;
    public final int nid;
    public final int coordBytes;
    public final Algorithm algorithm;
    private final byte[] order;

    Curve(String jwkName, String oid, int nid, int coordBytes, Algorithm algorithm, String orderHex) {
        this.jwkName = jwkName;
        this.oid = oid;
        this.nid = nid;
        this.coordBytes = coordBytes;
        this.algorithm = algorithm;
        this.order = HexFormat.of().parseHex(orderHex);
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
