package io.lcjwt;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Base64;

/**
 * DPoP proofs made by the JDK (JCA), independently of lcjwt: keys, their public JWKs and RFC 7638
 * thumbprints, and signed proofs with any header and claims a test wants.
 */
final class DpopProofs {
    static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    private DpopProofs() {}

    /** A client key: its JWS alg, the JCA pair, its public JWK, and that JWK's members for RFC 7638. */
    record Key(String alg, KeyPair pair, String jwk, String canonical) {
        String thumbprint() {
            return B64.encodeToString(sha256(canonical));
        }

        /** The JWK with its private member {@code d} too, which a proof must never carry. */
        String privateJwk() {
            ECPrivateKey d = (ECPrivateKey) pair.getPrivate();
            return jwk.substring(0, jwk.length() - 1) + ",\"d\":\"" + B64.encodeToString(fixed(d.getS(), 32)) + "\"}";
        }
    }

    static Key ec() {
        KeyPair kp = generate("EC", new ECGenParameterSpec("secp256r1"));
        ECPublicKey p = (ECPublicKey) kp.getPublic();
        String x = B64.encodeToString(fixed(p.getW().getAffineX(), 32));
        String y = B64.encodeToString(fixed(p.getW().getAffineY(), 32));
        String canonical = "{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"" + x + "\",\"y\":\"" + y + "\"}";
        return new Key("ES256", kp, "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"" + x + "\",\"y\":\"" + y + "\"}", canonical);
    }

    static Key rsa(String alg) {
        KeyPair kp = generate("RSA", null);
        RSAPublicKey p = (RSAPublicKey) kp.getPublic();
        String n = B64.encodeToString(fixed(p.getModulus(), 0));
        String e = B64.encodeToString(fixed(p.getPublicExponent(), 0));
        String canonical = "{\"e\":\"" + e + "\",\"kty\":\"RSA\",\"n\":\"" + n + "\"}";
        return new Key(alg, kp, "{\"kty\":\"RSA\",\"n\":\"" + n + "\",\"e\":\"" + e + "\"}", canonical);
    }

    static Key ed() {
        KeyPair kp = generate("Ed25519", null);
        byte[] spki = kp.getPublic().getEncoded();
        String x = B64.encodeToString(Arrays.copyOfRange(spki, spki.length - 32, spki.length));
        String canonical = "{\"crv\":\"Ed25519\",\"kty\":\"OKP\",\"x\":\"" + x + "\"}";
        return new Key("EdDSA", kp, "{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":\"" + x + "\"}", canonical);
    }

    private static KeyPair generate(String type, ECGenParameterSpec spec) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance(type);
            if (spec != null) {
                g.initialize(spec);
            } else if (type.equals("RSA")) {
                g.initialize(2048);
            }
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static byte[] fixed(BigInteger v, int len) {
        byte[] b = v.toByteArray();
        if (b.length > 1 && b[0] == 0) {
            b = Arrays.copyOfRange(b, 1, b.length);
        }
        if (len > b.length) {
            byte[] p = new byte[len];
            System.arraycopy(b, 0, p, len - b.length, b.length);
            return p;
        }
        return b;
    }

    static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    /** RFC 9449's {@code ath}: base64url(SHA-256(token)), by the JDK. */
    static String ath(String accessToken) {
        return B64.encodeToString(sha256(accessToken));
    }

    /** The usual header: typ dpop+jwt, the key's alg, its public JWK. */
    static String header(Key k) {
        return "{\"typ\":\"dpop+jwt\",\"alg\":\"" + k.alg() + "\",\"jwk\":" + k.jwk() + "}";
    }

    /** Claims with htm, htu, iat and jti, then {@code extra} members (JSON text without braces, or empty). */
    static String claims(String htm, String htu, long iat, String jti, String extra) {
        return "{\"jti\":\"" + jti + "\",\"htm\":\"" + htm + "\",\"htu\":\"" + htu + "\",\"iat\":" + iat
                + (extra.isEmpty() ? "" : "," + extra) + "}";
    }

    static String sign(Key k, String headerJson, String claimsJson) {
        String input = b64(headerJson) + "." + b64(claimsJson);
        return input + "." + B64.encodeToString(signature(k.alg(), k.pair().getPrivate(), input));
    }

    static String b64(String json) {
        return B64.encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] signature(String alg, PrivateKey key, String input) {
        try {
            Signature s = Signature.getInstance(switch (alg) {
                case "ES256" -> "SHA256withECDSAinP1363Format";
                case "RS256" -> "SHA256withRSA";
                case "PS256" -> "RSASSA-PSS";
                case "EdDSA" -> "Ed25519";
                default -> throw new IllegalArgumentException(alg);
            });
            if (alg.equals("PS256")) {
                s.setParameter(new java.security.spec.PSSParameterSpec("SHA-256", "MGF1",
                        java.security.spec.MGF1ParameterSpec.SHA256, 32, 1));
            }
            s.initSign(key);
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }
}
