package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Writing a key's JWK and its RFC 7638 thumbprint. A key's public members are base64url-encoded
 * once and written straight out; these tests hold that path to the JDK (the members and the
 * SHA-256 computed here from the JDK's view of the key) and to the escaping a kid may need.
 */
class JwkWriteTest {

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    enum Kind { RSA, EC, OKP }

    private static JwtPrivateKey generate(Kind kind) {
        return switch (kind) {
            case RSA -> JwtPrivateKey.generate(Algorithm.RS256);
            case EC -> JwtPrivateKey.generate(Algorithm.ES256);
            case OKP -> JwtPrivateKey.generate(Algorithm.EdDSA);
        };
    }

    /** RFC 7638's input, built here from the JDK's key. */
    private static String canonicalFromJdk(java.security.PublicKey k) {
        return switch (k) {
            case RSAPublicKey r -> "{\"e\":\"" + b64(r.getPublicExponent()) + "\",\"kty\":\"RSA\",\"n\":\""
                    + b64(r.getModulus()) + "\"}";
            case ECPublicKey e -> "{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"" + B64.encodeToString(fixed(e.getW().getAffineX()))
                    + "\",\"y\":\"" + B64.encodeToString(fixed(e.getW().getAffineY())) + "\"}";
            default -> {
                byte[] x509 = k.getEncoded(); // Ed25519: the raw key is the last 32 bytes
                yield "{\"crv\":\"Ed25519\",\"kty\":\"OKP\",\"x\":\""
                        + B64.encodeToString(Arrays.copyOfRange(x509, x509.length - 32, x509.length)) + "\"}";
            }
        };
    }

    private static String b64(BigInteger v) {
        byte[] b = v.toByteArray();
        return B64.encodeToString(b[0] == 0 && b.length > 1 ? Arrays.copyOfRange(b, 1, b.length) : b);
    }

    private static byte[] fixed(BigInteger v) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[32];
        int len = Math.min(32, b.length);
        System.arraycopy(b, b.length - len, out, 32 - len, len);
        return out;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void thumbprintsMatchTheJdksKeyHashedByTheJdk(Kind kind) throws Exception {
        try (JwtPrivateKey priv = generate(kind); JwtPublicKey pub = priv.publicKey()) {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonicalFromJdk(pub.toJavaKey()).getBytes(StandardCharsets.US_ASCII));
            String expected = B64.encodeToString(digest);
            assertEquals(expected, pub.thumbprint());
            assertEquals(expected, pub.thumbprint(), "the second thumbprint (members already encoded) differs");
            assertEquals(expected, priv.thumbprint());
            try (JwtKey back = JwtKey.fromJwk(pub.toJwk())) {
                assertEquals(expected, back.thumbprint(), "the written JWK reads back to another key");
            }
        }
    }

    @Test
    void aSecretsThumbprintIsRfc7638sOverItsOctMembers() throws Exception {
        byte[] secret = new byte[32];
        Arrays.fill(secret, (byte) 7);
        try (JwtSecretKey k = JwtSecretKey.of(secret)) {
            String canonical = "{\"k\":\"" + B64.encodeToString(secret) + "\",\"kty\":\"oct\"}";
            assertEquals(B64.encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(canonical.getBytes(StandardCharsets.US_ASCII))), k.thumbprint());
        }
    }

    @Test
    void aKidThatNeedsEscapingIsEscapedAndReadsBack() {
        String kid = "q\"uote\\back\u00e9\u2603\n";
        try (JwtPrivateKey priv = JwtPrivateKey.generate(Algorithm.ES256).withKeyId(kid);
                JwtPublicKey pub = priv.publicKey()) {
            String jwk = pub.toJwk();
            assertTrue(jwk.contains("\\\"uote\\\\back"), jwk);
            assertTrue(jwk.contains("\\n"), jwk);
            assertFalse(jwk.contains("\n"), "a raw newline was written inside a JSON string: " + jwk);
            Map<String, Object> m = io.lcjwt.internal.keys.Jwk.readObject(jwk);
            assertEquals(kid, m.get("kid"));
            assertEquals(List.of("kty", "crv", "x", "y", "kid"), List.copyOf(m.keySet()));
            try (JwtKey back = JwtKey.fromJwk(jwk)) {
                assertEquals(kid, back.keyId());
                assertEquals(pub.thumbprint(), back.thumbprint());
            }
        }
    }

    @Test
    void keyOpsAndAlgAreWrittenAfterTheKeysMembersOnce() {
        String jwk;
        try (JwtPrivateKey priv = JwtPrivateKey.generate(Algorithm.ES256)) {
            Map<String, Object> m = io.lcjwt.internal.keys.Jwk.readObject(priv.publicKey().toJwk());
            m.put("kid", "ops");
            m.put("key_ops", List.of("verify"));
            m.put("alg", "ES256");
            jwk = io.lcjwt.internal.keys.Jwk.toJson(m);
        }
        try (JwtPublicKey k = (JwtPublicKey) JwtKey.fromJwk(jwk)) {
            Map<String, Object> out = io.lcjwt.internal.keys.Jwk.readObject(k.toJwk());
            assertEquals(List.of("verify"), out.get("key_ops"));
            assertEquals("ES256", out.get("alg"));
            assertEquals("ops", out.get("kid"));
            assertEquals(List.of("kty", "crv", "x", "y", "kid", "key_ops", "alg"), List.copyOf(out.keySet()));
        }
    }
}
