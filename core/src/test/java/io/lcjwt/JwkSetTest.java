package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** JWK sets: publishing, strict and lenient parsing, and SECURITY.md row 21. */
class JwkSetTest {

    static String withMember(String jwk, String member) {
        return jwk.substring(0, jwk.length() - 1) + "," + member + "}";
    }

    static String set(String... jwks) {
        return "{\"keys\":[" + String.join(",", jwks) + "]}";
    }

    @Test
    void publishesPublicMembersAndVerifiesByKid() {
        try (JwtPrivateKey rsa = JwtPrivateKey.generate(Algorithm.RS256).withKeyId("rsa-1");
             JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("ec-1");
             JwtPrivateKey ed = JwtPrivateKey.generate(Algorithm.EdDSA).withKeyId("ed-1")) {
            String json = JwkSet.of(rsa, ec, ed).toJson();
            assertFalse(json.contains("\"d\""), json);
            Map<String, Object> doc = io.lcjwt.internal.keys.Jwk.readObject(json);
            List<?> keys = (List<?>) doc.get("keys");
            assertEquals(3, keys.size());
            Map<?, ?> ecJwk = (Map<?, ?>) keys.get(1);
            assertEquals("sig", ecJwk.get("use"));
            assertEquals("ES256", ecJwk.get("alg"), "an EC key serves exactly one algorithm");
            assertFalse(((Map<?, ?>) keys.get(0)).containsKey("alg"), "an RSA key serves RS* and PS*");

            JwkSet set = JwkSet.parse(json);
            assertEquals(3, set.keys().size());
            assertTrue(set.byKeyId("ec-1").isPresent());
            JwtVerifier v = JwtVerifier.builder(set).algorithms(Algorithm.RS256, Algorithm.ES256, Algorithm.EdDSA)
                    .clock(TestTokens.CLOCK).build();
            for (JwtPrivateKey k : List.of(rsa, ec, ed)) {
                Algorithm alg = k == rsa ? Algorithm.RS256 : k == ec ? Algorithm.ES256 : Algorithm.EdDSA;
                String t = JwtSigner.builder(k).algorithm(alg).build().sign(Map.of("sub", k.keyId(), "exp", TestTokens.NOW + 60));
                assertEquals(k.keyId(), v.decode(t).get("sub"));
            }
            // a token naming one kid but signed by another key is refused, never retried
            String lie = JwtSigner.builder(ec).algorithm(Algorithm.ES256).keyId("ed-1").build()
                    .sign(Map.of("exp", TestTokens.NOW + 60));
            assertInstanceOf(UnknownKeyException.class, assertThrows(JwtException.class, () -> v.decode(lie)));
        }
    }

    @Test
    void row21_unusableKeysAreSkippedOnlyInLenientMode() {
        try (JwtPrivateKey a = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("a");
             JwtPrivateKey b = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("b")) {
            String good = a.publicKey().toJwk();
            String other = b.publicKey().toJwk();
            for (String bad : List.of(withMember(other, "\"use\":\"enc\""), withMember(other, "\"key_ops\":[\"encrypt\"]"),
                    "{\"kty\":\"OKP\",\"crv\":\"X25519\",\"x\":\"" + TestTokens.b64(new byte[32]) + "\",\"kid\":\"x\"}",
                    "{\"kty\":\"RSA\",\"n\":\"" + TestTokens.b64(new byte[128]) + "\",\"e\":\"AQAB\",\"kid\":\"weak\"}")) {
                assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(set(good, bad)), bad);
                JwkSet lenient = JwkSet.parseLenient(set(good, bad));
                assertEquals(1, lenient.keys().size(), bad);
                assertEquals(1, lenient.skipped(), bad);
            }
            // fatal in both modes: private members, a symmetric key, duplicate kids, no usable key
            try (JwtPrivateKey c = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("c")) {
                String priv = c.toJwk();
                String oct = "{\"kty\":\"oct\",\"k\":\"" + TestTokens.b64(TestTokens.KEY) + "\",\"kid\":\"s\"}";
                for (String doc : List.of(set(good, priv), set(good, oct), set(good, good), set(withMember(other, "\"use\":\"enc\"")),
                        "{\"keys\":{}}", "[]", "{\"keys\":[1]}", "{\"keys\":[" + good + "]")) {
                    assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parseLenient(doc), doc);
                    assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(doc), doc);
                }
            }
            // a JWK alg other than the token's: that key does not serve the token
            String es384Tagged = withMember(good, "\"alg\":\"ES384\"");
            assertThrows(InvalidJwtKeyException.class, () -> JwtVerifier.builder(JwkSet.parse(set(es384Tagged)))
                    .algorithms(Algorithm.ES256).build());
        }
    }
}
