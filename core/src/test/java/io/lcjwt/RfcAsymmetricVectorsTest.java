package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * RFC 7515 A.2-A.4, RFC 7520 4.1-4.3, RFC 8037 A.3-A.4 and RFC 7638 3.1, from fixtures under
 * {@code src/test/resources/rfc/} transcribed from the RFCs: each JWS verifies with the key from
 * its JWK, a flipped signature bit does not, and the thumbprints match.
 */
class RfcAsymmetricVectorsTest {

    @SuppressWarnings("unchecked")
    static Map<String, Object> fixture(String name) throws IOException {
        try (InputStream in = RfcAsymmetricVectorsTest.class.getResourceAsStream("/rfc/" + name)) {
            return io.lcjwt.internal.keys.Jwk.readObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    static String json(Object o) {
        return new String(io.lcjwt.internal.claims.ClaimsWriter.toJson(o), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"rfc7515-a2.json", "rfc7515-a3.json", "rfc7515-a4.json", "rfc7520-4.1.json",
            "rfc7520-4.2.json", "rfc7520-4.3.json", "rfc8037-a.json"})
    void signatureVerifiesWithTheRfcKey(String name) throws IOException {
        Map<String, Object> f = fixture(name);
        Object jwkObj = f.containsKey("jwk") ? f.get("jwk") : f.get("publicJwk");
        JwtKey key = JwtKey.fromJwk(json(jwkObj));
        JwtPublicKey pub = key instanceof JwtPrivateKey pk ? pk.publicKey() : (JwtPublicKey) key;
        String jws = (String) f.get("jws");
        Algorithm alg = Algorithm.fromJwsName(Unverified.header(jws).algorithm().jwsName());
        JwtVerifier v = JwtVerifier.builder(pub).algorithms(alg).build();
        assertArrayEquals(((String) f.get("payload")).getBytes(StandardCharsets.UTF_8), v.verifyContent(jws));

        String sig = jws.substring(jws.lastIndexOf('.') + 1);
        byte[] raw = java.util.Base64.getUrlDecoder().decode(sig);
        raw[raw.length / 3] ^= 0x04;
        String forged = jws.substring(0, jws.lastIndexOf('.') + 1) + TestTokens.b64(raw);
        assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> v.verifyContent(forged)));
        if (key instanceof JwtPrivateKey pk) {
            // The private half signs something its public half verifies.
            String mine = JwtSigner.builder(pk).algorithm(alg).build().signContent("lcjwt".getBytes(StandardCharsets.UTF_8));
            assertEquals("lcjwt", new String(v.verifyContent(mine), StandardCharsets.UTF_8));
            pk.close();
        }
        pub.close();
    }

    @Test
    void rfc8037AppendixA3Thumbprint() throws IOException {
        Map<String, Object> f = fixture("rfc8037-a.json");
        try (JwtKey pub = JwtKey.fromJwk(json(f.get("publicJwk")));
             JwtKey priv = JwtKey.fromJwk(json(f.get("privateJwk")))) {
            assertEquals(f.get("thumbprintSha256"), pub.thumbprint());
            assertEquals(f.get("thumbprintSha256"), priv.thumbprint());
        }
    }

    @Test
    void rfc7638Section31Thumbprint() throws IOException {
        Map<String, Object> f = fixture("rfc7638-3.1.json");
        try (JwtKey key = JwtKey.fromJwk(json(f.get("jwk")))) {
            assertEquals(f.get("thumbprintSha256"), key.thumbprint());
            assertEquals(Algorithm.RS256.jwsName(), ((Map<?, ?>) f.get("jwk")).get("alg"));
            assertEquals(false, key.supports(Algorithm.PS256), "a JWK alg restricts the key to that algorithm");
        }
    }

    @Test
    void rfc7515AppendixA2ReSignsByteForByte() throws IOException {
        // RSASSA-PKCS1-v1_5 is deterministic: lcjwt's signature equals the RFC's.
        Map<String, Object> f = fixture("rfc7515-a2.json");
        try (JwtPrivateKey key = (JwtPrivateKey) JwtKey.fromJwk(json(f.get("jwk")))) {
            String jws = (String) f.get("jws");
            String input = jws.substring(0, jws.lastIndexOf('.'));
            // re-sign the same signing input through the signer's content path
            String header = new String(java.util.Base64.getUrlDecoder().decode(input.substring(0, input.indexOf('.'))),
                    StandardCharsets.UTF_8);
            assertEquals("{\"alg\":\"RS256\"}", header);
            String mine = JwtSigner.builder(key).algorithm(Algorithm.RS256).type(null).build()
                    .signContent(((String) f.get("payload")).getBytes(StandardCharsets.UTF_8));
            // lcjwt writes the header compactly, the RFC's has no whitespace either, so only the
            // payload encoding could differ: compare signatures over the same bytes.
            assertEquals(jws, mine);
        }
    }

    @Test
    void rfc8037AppendixA4ReSignsByteForByte() throws IOException {
        // Ed25519 is deterministic too: the RFC's key signs its payload into the RFC's JWS, on
        // aws-lc through ED25519_sign and on OpenSSL 3 through EVP_DigestSign.
        Map<String, Object> f = fixture("rfc8037-a.json");
        try (JwtPrivateKey key = (JwtPrivateKey) JwtKey.fromJwk(json(f.get("privateJwk")))) {
            JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.EdDSA).type(null).build();
            byte[] payload = ((String) f.get("payload")).getBytes(StandardCharsets.UTF_8);
            assertEquals(f.get("jws"), signer.signContent(payload));
            // the pooled working memory that holds the key's 64 bytes is reused: the same again
            assertEquals(f.get("jws"), signer.signContent(payload));
            assertEquals(f.get("jws"), signer.signDetached(payload).replace("..", "."
                    + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(payload) + "."));
        }
    }
}
