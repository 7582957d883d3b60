package io.lcjwt.testkit;

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
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.Arrays;
import java.util.Base64;

/**
 * DPoP proofs (RFC 9449) made by the JDK, independently of lcjwt, for every module's tests: a
 * client's key, its public JWK and RFC 7638 thumbprint, and proofs signed with any header and
 * claims a test wants, valid or not.
 */
public final class JcaDpop {
    public static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    private JcaDpop() {}

    /**
     * A client's key.
     *
     * @param alg its JWS algorithm
     * @param pair the JDK's key pair
     * @param jwk its public JWK, as a proof carries it
     * @param thumbprint the RFC 7638 SHA-256 thumbprint of that JWK
     */
    public record Key(String alg, KeyPair pair, String jwk, String thumbprint) {

        /** {@return the JWK with the EC private member {@code d} too, which a proof must never carry} */
        public String privateJwk() {
            ECPrivateKey d = (ECPrivateKey) pair.getPrivate();
            return jwk.substring(0, jwk.length() - 1) + ",\"d\":\"" + B64.encodeToString(fixed(d.getS(), 32)) + "\"}";
        }

        /** {@return the EC private scalar, base64url: what must appear in no message} */
        public String privateScalar() {
            return B64.encodeToString(fixed(((ECPrivateKey) pair.getPrivate()).getS(), 32));
        }
    }

    /** {@return a new P-256 key (ES256)} */
    public static Key ec() {
        KeyPair kp = generate("EC");
        ECPublicKey p = (ECPublicKey) kp.getPublic();
        String x = B64.encodeToString(fixed(p.getW().getAffineX(), 32));
        String y = B64.encodeToString(fixed(p.getW().getAffineY(), 32));
        return new Key("ES256", kp, "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"" + x + "\",\"y\":\"" + y + "\"}",
                thumbprint("{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"" + x + "\",\"y\":\"" + y + "\"}"));
    }

    /**
     * A new RSA-2048 key.
     *
     * @param alg {@code RS256} or {@code PS256}
     * @return the key
     */
    public static Key rsa(String alg) {
        KeyPair kp = generate("RSA");
        RSAPublicKey p = (RSAPublicKey) kp.getPublic();
        String n = B64.encodeToString(fixed(p.getModulus(), 0));
        String e = B64.encodeToString(fixed(p.getPublicExponent(), 0));
        return new Key(alg, kp, "{\"kty\":\"RSA\",\"n\":\"" + n + "\",\"e\":\"" + e + "\"}",
                thumbprint("{\"e\":\"" + e + "\",\"kty\":\"RSA\",\"n\":\"" + n + "\"}"));
    }

    /** {@return a new Ed25519 key (EdDSA)} */
    public static Key ed() {
        KeyPair kp = generate("Ed25519");
        byte[] spki = kp.getPublic().getEncoded();
        String x = B64.encodeToString(Arrays.copyOfRange(spki, spki.length - 32, spki.length));
        return new Key("EdDSA", kp, "{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":\"" + x + "\"}",
                thumbprint("{\"crv\":\"Ed25519\",\"kty\":\"OKP\",\"x\":\"" + x + "\"}"));
    }

    private static KeyPair generate(String type) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance(type);
            if (type.equals("EC")) {
                g.initialize(new ECGenParameterSpec("secp256r1"));
            } else if (type.equals("RSA")) {
                g.initialize(2048);
            }
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static String thumbprint(String canonicalJwk) {
        return B64.encodeToString(sha256(canonicalJwk));
    }

    /**
     * A big-endian magnitude without its sign byte, left-padded to {@code len} bytes.
     *
     * @param v the number
     * @param len the length wanted, or 0 for the shortest
     * @return the bytes
     */
    public static byte[] fixed(BigInteger v, int len) {
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

    /**
     * SHA-256 by the JDK.
     *
     * @param s ASCII text
     * @return the digest
     */
    public static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * RFC 9449's {@code ath}: base64url(SHA-256(token)).
     *
     * @param accessToken the access token
     * @return its hash
     */
    public static String ath(String accessToken) {
        return B64.encodeToString(sha256(accessToken));
    }

    /**
     * The usual proof header: {@code typ} dpop+jwt, the key's {@code alg}, its public JWK.
     *
     * @param k the key
     * @return the header's JSON
     */
    public static String header(Key k) {
        return "{\"typ\":\"dpop+jwt\",\"alg\":\"" + k.alg() + "\",\"jwk\":" + k.jwk() + "}";
    }

    /**
     * Proof claims.
     *
     * @param htm the method
     * @param htu the URI
     * @param iat seconds since 1970
     * @param jti the proof's id
     * @param extra more members, as JSON text without braces, or empty
     * @return the claims' JSON
     */
    public static String claims(String htm, String htu, long iat, String jti, String extra) {
        return "{\"jti\":\"" + jti + "\",\"htm\":\"" + htm + "\",\"htu\":\"" + htu + "\",\"iat\":" + iat
                + (extra.isEmpty() ? "" : "," + extra) + "}";
    }

    /**
     * A compact JWS of these header and claims texts, signed by {@code signer}'s private key
     * with its algorithm (ES256 as r || s).
     *
     * @param signer the key that signs, whatever the header says
     * @param headerJson the header
     * @param claimsJson the claims
     * @return the JWS
     */
    public static String sign(Key signer, String headerJson, String claimsJson) {
        return sign(signer, headerJson.getBytes(StandardCharsets.UTF_8), claimsJson.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * As {@link #sign(Key, String, String)}, over any bytes (a fuzzer's, which need not be UTF-8).
     *
     * @param signer the key that signs
     * @param header the header's bytes
     * @param claims the claims' bytes
     * @return the JWS
     */
    public static String sign(Key signer, byte[] header, byte[] claims) {
        String input = B64.encodeToString(header) + "." + B64.encodeToString(claims);
        return input + "." + B64.encodeToString(signature(signer.alg(), signer.pair().getPrivate(), input));
    }

    /**
     * base64url of UTF-8 text.
     *
     * @param json the text
     * @return its encoding
     */
    public static String b64(String json) {
        return B64.encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] signature(String alg, PrivateKey key, String input) {
        try {
            Signature s = Signature.getInstance(switch (alg) {
                case "ES256" -> "SHA256withECDSAinP1363Format";
                case "RS256" -> "SHA256withRSA";
                case "PS256" -> "RSASSA-PSS";
                case "EdDSA" -> "Ed25519";
                default -> throw new IllegalArgumentException(alg);
            });
            if (alg.equals("PS256")) {
                s.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
            }
            s.initSign(key);
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }
}
