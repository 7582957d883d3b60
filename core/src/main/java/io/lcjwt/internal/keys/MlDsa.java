package io.lcjwt.internal.keys;

import io.lcjwt.Algorithm;

/**
 * The ML-DSA parameter sets (FIPS 204), each bound to exactly one JWS algorithm (RFC 9964) and
 * one object identifier (RFC 9881): the sizes of table 2, checked before libcrypto sees a key or
 * a signature.
 */
public enum MlDsa {
    ML_DSA_44(Algorithm.ML_DSA_44, 44, "2.16.840.1.101.3.4.3.17", 1312, 2560, 2420),
    ML_DSA_65(Algorithm.ML_DSA_65, 65, "2.16.840.1.101.3.4.3.18", 1952, 4032, 3309),
    ML_DSA_87(Algorithm.ML_DSA_87, 87, "2.16.840.1.101.3.4.3.19", 2592, 4896, 4627);

    /** The seed ML-DSA.KeyGen_internal expands, the only private form JOSE carries (RFC 9964). */
    public static final int SEED_BYTES = 32;

    /** The longest signature of the three, which the decode path's scratch holds. */
    public static final int MAX_SIGNATURE_BYTES = 4627;

    public final Algorithm algorithm;
    public final int parameterSet;
    public final String oid;
    public final int publicBytes;
    public final int expandedBytes;
    public final int signatureBytes;

    MlDsa(Algorithm algorithm, int parameterSet, String oid, int publicBytes, int expandedBytes, int signatureBytes) {
        this.algorithm = algorithm;
        this.parameterSet = parameterSet;
        this.oid = oid;
        this.publicBytes = publicBytes;
        this.expandedBytes = expandedBytes;
        this.signatureBytes = signatureBytes;
    }

    /** {@return the JOSE name, such as {@code ML-DSA-65}} */
    public String joseName() {
        return algorithm.jwsName();
    }

    /** The parameter set with this object identifier, or null. */
    public static MlDsa byOid(String oid) {
        for (MlDsa m : values()) {
            if (m.oid.equals(oid)) {
                return m;
            }
        }
        return null;
    }

    /** The parameter set of this JWS algorithm, or null for an algorithm of another family. */
    public static MlDsa forAlgorithm(Algorithm alg) {
        for (MlDsa m : values()) {
            if (m.algorithm == alg) {
                return m;
            }
        }
        return null;
    }
}
