package io.lcjwt.internal.keys;

import io.lcjwt.Algorithm;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** The elliptic curves lcjwt signs with, each bound to exactly one JWS algorithm. */
public enum Curve {
    P256("P-256", "1.2.840.10045.3.1.7", 415, 32, Algorithm.ES256),
    SECP256K1("secp256k1", "1.3.132.0.10", 714, 32, Algorithm.ES256K),
    P384("P-384", "1.3.132.0.34", 715, 48, Algorithm.ES384),
    P521("P-521", "1.3.132.0.35", 716, 66, Algorithm.ES512);

    public final String jwkName;
    public final String oid;
    public final int nid;
    public final int coordBytes;
    public final Algorithm algorithm;
    private volatile byte[] order;

    Curve(String jwkName, String oid, int nid, int coordBytes, Algorithm algorithm) {
        this.jwkName = jwkName;
        this.oid = oid;
        this.nid = nid;
        this.coordBytes = coordBytes;
        this.algorithm = algorithm;
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

    /** The group order n, big-endian, {@link #coordBytes} long; read from libcrypto once. */
    public byte[] order() {
        byte[] o = order;
        if (o == null) {
            // Key import calls this before anything else may have loaded libcrypto; a binding
            // used before the load fails to link for the rest of the JVM's life.
            Backend.get();
            MemorySegment key = libcrypto_h.EC_KEY_new_by_curve_name(nid);
            if (key.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("libcrypto does not know curve " + jwkName);
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment bn = libcrypto_h.EC_GROUP_get0_order(libcrypto_h.EC_KEY_get0_group(key));
                MemorySegment out = arena.allocate(coordBytes);
                if (libcrypto_h.BN_bn2binpad(bn, out, coordBytes) != coordBytes) {
                    throw new IllegalStateException("could not read the order of " + jwkName);
                }
                o = out.toArray(ValueLayout.JAVA_BYTE);
            } finally {
                libcrypto_h.EC_KEY_free(key);
            }
            order = o;
        }
        return o;
    }
}
