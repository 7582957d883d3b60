package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import org.junit.jupiter.api.Timeout;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECFieldFp;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Key import from untrusted bytes: PEM and DER public and private keys, single JWKs, JWK sets
 * (strict and lenient) and HMAC secrets. Byte 0 picks the form, the rest is the input.
 *
 * <p>Oracle: only {@code InvalidJwtKeyException} escapes; every accepted public key (or the public
 * half of an accepted private key) is one the JDK reads from lcjwt's DER, with the import rules
 * checked independently: RSA 2048..8192 bits with an odd exponent of at least 65537, an EC point
 * on its curve (BigInteger arithmetic), an Ed25519 y below 2^255 - 19; and the key survives a DER
 * round trip with the same RFC 7638 thumbprint.
 */
class KeyImportFuzzTest {

    private static final BigInteger ED25519_P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));

    @FuzzTest
    @Timeout(10)
    void importKey(byte[] input) {
        if (input.length < 1) {
            return;
        }
        byte[] data = Arrays.copyOfRange(input, 1, input.length);
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            switch (Math.floorMod(input[0], 8)) {
                case 0 -> checkPublic(JwtPublicKey.fromPem(text));
                case 1 -> checkPublic(JwtPublicKey.fromDer(data));
                case 2 -> checkPrivate(JwtPrivateKey.fromPem(text));
                case 3 -> checkPrivate(JwtPrivateKey.fromDer(data));
                case 4 -> checkAny(JwtKey.fromJwk(text));
                case 5 -> JwkSet.parse(text).keys().forEach(KeyImportFuzzTest::checkAny);
                case 6 -> JwkSet.parseLenient(text).keys().forEach(KeyImportFuzzTest::checkAny);
                default -> {
                    try (JwtSecretKey k = JwtSecretKey.of(data)) {
                        assertTrue(data.length >= 32, "a secret under 32 bytes was accepted");
                        assertTrue(k.length() == data.length);
                    }
                }
            }
        } catch (InvalidJwtKeyException refused) {
            if (refused.getMessage() == null || refused.getMessage().isBlank()) {
                throw new AssertionError("a refusal without a message", refused);
            }
        }
    }

    private static void checkAny(JwtKey k) {
        switch (k) {
            case JwtPublicKey p -> checkPublic(p);
            case JwtPrivateKey p -> checkPrivate(p);
            // Under 32 bytes only for JWE (an oct JWK whose use, key_ops or alg keep it out of JWS),
            // and then of an AES key's length; never an HMAC key.
            case JwtSecretKey s -> assertTrue(s.length() >= 32 || (s.length() == 16 || s.length() == 24)
                    && !s.supports(io.lcjwt.Algorithm.HS256), "a short oct JWK was accepted");
        }
    }

    private static void checkPrivate(JwtPrivateKey k) {
        checkPublic(k.publicKey());
    }

    private static void checkPublic(JwtPublicKey k) {
        byte[] der = k.toDer();
        try (JwtPublicKey again = JwtPublicKey.fromDer(der)) {
            assertEquals(k.thumbprint(), again.thumbprint(), "DER round trip changed the key");
        }
        Map<?, ?> jwk = (Map<?, ?>) Oracle.jsonOrNull(k.toJwk().getBytes(StandardCharsets.UTF_8));
        try {
            switch (k.keyType()) {
                case "RSA" -> {
                    RSAPublicKey rsa = (RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der));
                    int bits = rsa.getModulus().bitLength();
                    assertTrue(bits >= 2048 && bits <= 8192, "RSA key of " + bits + " bits accepted");
                    BigInteger e = rsa.getPublicExponent();
                    assertTrue(e.testBit(0) && e.compareTo(BigInteger.valueOf(65537)) >= 0 && e.bitLength() <= 33,
                            "RSA exponent " + e + " accepted");
                }
                case "EC" -> {
                    String crv = (String) jwk.get("crv");
                    BigInteger x = unsigned((String) jwk.get("x"));
                    BigInteger y = unsigned((String) jwk.get("y"));
                    if (crv.equals("secp256k1")) {
                        assertTrue(Ecdsa.SECP256K1.onCurve(x, y), "secp256k1 point off the curve accepted");
                    } else {
                        KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(der));
                        AlgorithmParameters ap = AlgorithmParameters.getInstance("EC");
                        ap.init(new ECGenParameterSpec(switch (crv) {
                            case "P-256" -> "secp256r1";
                            case "P-384" -> "secp384r1";
                            default -> "secp521r1";
                        }));
                        ECParameterSpec spec = ap.getParameterSpec(ECParameterSpec.class);
                        BigInteger p = ((ECFieldFp) spec.getCurve().getField()).getP();
                        BigInteger rhs = x.pow(3).add(spec.getCurve().getA().multiply(x)).add(spec.getCurve().getB());
                        assertTrue(x.compareTo(p) < 0 && y.compareTo(p) < 0
                                && y.multiply(y).subtract(rhs).mod(p).signum() == 0, crv + " point off the curve accepted");
                    }
                }
                case "AKP" -> {
                    // ML-DSA (RFC 9964): the JDK reads the SubjectPublicKeyInfo, the raw key is its
                    // parameter set's size, and the key serves that set's algorithm alone.
                    KeyFactory.getInstance("ML-DSA").generatePublic(new X509EncodedKeySpec(der));
                    io.lcjwt.Algorithm alg = io.lcjwt.Algorithm.fromJwsName((String) jwk.get("alg"));
                    int n = switch (alg) {
                        case ML_DSA_44 -> 1312;
                        case ML_DSA_65 -> 1952;
                        case ML_DSA_87 -> 2592;
                        default -> throw new AssertionError("an AKP key with alg " + alg);
                    };
                    assertEquals(n, Base64.getUrlDecoder().decode((String) jwk.get("pub")).length);
                    for (io.lcjwt.Algorithm a : io.lcjwt.Algorithm.values()) {
                        assertEquals(a == alg, k.supports(a), "an " + alg + " key and " + a);
                    }
                }
                default -> {
                    if ("X25519".equals(jwk.get("crv"))) {
                        // A JWE key agreement key (RFC 8037): any 32 bytes are a u-coordinate.
                        KeyFactory.getInstance("X25519").generatePublic(new X509EncodedKeySpec(der));
                        assertEquals(32, Base64.getUrlDecoder().decode((String) jwk.get("x")).length);
                        assertFalse(java.util.Arrays.stream(io.lcjwt.Algorithm.values()).anyMatch(k::supports),
                                "an X25519 key serves a JWS algorithm");
                        return;
                    }
                    KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
                    byte[] raw = Base64.getUrlDecoder().decode((String) jwk.get("x"));
                    assertEquals(32, raw.length);
                    byte[] be = new byte[32];
                    for (int i = 0; i < 32; i++) {
                        be[i] = raw[31 - i];
                    }
                    be[0] &= 0x7F;
                    assertTrue(new BigInteger(1, be).compareTo(ED25519_P) < 0, "non-canonical Ed25519 key accepted");
                }
            }
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError("lcjwt accepted a key the JDK cannot read: " + k, e);
        }
    }

    private static BigInteger unsigned(String b64) {
        return new BigInteger(1, Base64.getUrlDecoder().decode(b64));
    }
}
