package io.lcjwt.internal.keys;

import io.lcjwt.Algorithm;

import java.math.BigInteger;

/**
 * What lcjwt knows about an asymmetric key's public half, read from its DER in Java before
 * libcrypto sees it: the kind, the curve or ML-DSA parameter set, the size, the public
 * parameters (for JWK export and thumbprints; an Ed25519, X25519 or ML-DSA key's raw public key
 * in {@code x}) and the canonical SubjectPublicKeyInfo.
 */
public record KeyInfo(Kind kind, Curve curve, int bits, BigInteger n, BigInteger e, byte[] x, byte[] y,
        byte[] spki, MlDsa mlDsa) {

    /** X25519 serves no JWS algorithm: it is a JWE key agreement key (ECDH-ES, RFC 8037). */
    public enum Kind { RSA, EC, ED25519, X25519, ML_DSA }

    /** A key of any kind but ML-DSA. */
    public KeyInfo(Kind kind, Curve curve, int bits, BigInteger n, BigInteger e, byte[] x, byte[] y, byte[] spki) {
        this(kind, curve, bits, n, e, x, y, spki, null);
    }

    /** Whether this key may serve {@code alg}. */
    public boolean serves(Algorithm alg) {
        return switch (kind) {
            case RSA -> alg.family() == Algorithm.Family.RSA || alg.family() == Algorithm.Family.RSA_PSS;
            case EC -> curve.algorithm == alg;
            case ED25519 -> alg == Algorithm.EdDSA;
            case X25519 -> false;
            case ML_DSA -> mlDsa.algorithm == alg;
        };
    }

    public String describe() {
        return switch (kind) {
            case RSA -> "an RSA-" + bits + " key";
            case EC -> "an EC " + curve.jwkName + " key";
            case ED25519 -> "an Ed25519 key";
            case X25519 -> "an X25519 key";
            case ML_DSA -> "an " + mlDsa.joseName() + " key";
        };
    }
}
