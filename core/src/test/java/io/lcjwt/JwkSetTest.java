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
            for (String bad : List.of(withMember(other, "\"use\":\"foo\""), withMember(other, "\"key_ops\":[\"Verify\"]"),
                    withMember(other, "\"alg\":\"RSA-OAEP\""),
                    "{\"kty\":\"RSA\",\"n\":\"" + TestTokens.b64(new byte[128]) + "\",\"e\":\"AQAB\",\"kid\":\"weak\"}")) {
                assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(set(good, bad)), bad);
                JwkSet lenient = JwkSet.parseLenient(set(good, bad));
                assertEquals(1, lenient.keys().size(), bad);
                assertEquals(1, lenient.skipped(), bad);
            }
            // fatal in both modes: private members, a symmetric key, no usable key; a key listed
            // twice is fatal to the strict parse only (the lenient one keeps it once)
            try (JwtPrivateKey c = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("c")) {
                String priv = c.toJwk();
                String oct = "{\"kty\":\"oct\",\"k\":\"" + TestTokens.b64(TestTokens.KEY) + "\",\"kid\":\"s\"}";
                String weak = "{\"kty\":\"RSA\",\"n\":\"" + TestTokens.b64(new byte[128]) + "\",\"e\":\"AQAB\"}";
                assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(set(good, good)));
                JwkSet once = JwkSet.parseLenient(set(good, good));
                assertEquals(1, once.keys().size());
                assertEquals(List.of(new JwkSet.SkippedKey(1, "a", "it repeats an earlier key")), once.skippedKeys());
                for (String doc : List.of(set(good, priv), set(good, oct), set(weak),
                        "{\"keys\":{}}", "[]", "{\"keys\":[1]}", "{\"keys\":[" + good + "]")) {
                    assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parseLenient(doc), doc);
                    assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(doc), doc);
                }
                assertTrue(assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(set(good, oct))).getMessage()
                        .contains("publishes a symmetric key"));
            }
            // a JWK alg other than the token's: that key does not serve the token
            String es384Tagged = withMember(good, "\"alg\":\"ES384\"");
            assertThrows(InvalidJwtKeyException.class, () -> JwtVerifier.builder(JwkSet.parse(set(es384Tagged)))
                    .algorithms(Algorithm.ES256).build());
        }
    }

    /** One rule of RFC 7517 sections 4.2 to 4.4 for a single JWK: what it adds, and what a verifier built on it says. */
    record UseRow(String rule, String members, String verifierRefusal) {}

    @Test
    void row21_useKeyOpsAndAlgDecideWhetherASingleJwkVerifies() {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k")) {
            String jws = JwtSigner.builder(k).algorithm(Algorithm.ES256).build().sign(Map.of("exp", TestTokens.NOW + 60));
            String pub = k.publicKey().toJwk();
            for (UseRow r : List.of(
                    new UseRow("no use, key_ops or alg", null, null),
                    new UseRow("use sig", "\"use\":\"sig\"", null),
                    new UseRow("key_ops verify", "\"key_ops\":[\"verify\"]", null),
                    new UseRow("use sig, key_ops verify, alg ES256", "\"use\":\"sig\",\"key_ops\":[\"verify\"],\"alg\":\"ES256\"", null),
                    new UseRow("use enc", "\"use\":\"enc\"", "its JWK use is \"enc\", so it never verifies a JWS"),
                    new UseRow("key_ops without verify", "\"key_ops\":[\"deriveKey\"]", "do not include \"verify\""),
                    new UseRow("key_ops sign only", "\"key_ops\":[\"sign\"]", "do not include \"verify\""),
                    new UseRow("a JWE alg", "\"alg\":\"ECDH-ES\"", "ECDH-ES, a JWE algorithm, so it never verifies"))) {
                try (JwtKey key = JwtKey.fromJwk(r.members() == null ? pub : withMember(pub, r.members()))) {
                    JwtVerifier.Builder vb = JwtVerifier.builder(key).algorithms(Algorithm.ES256).clock(TestTokens.CLOCK);
                    if (r.verifierRefusal() == null) {
                        assertEquals(TestTokens.NOW + 60, ((Number) vb.build().decode(jws).get("exp")).longValue(), r.rule());
                        assertTrue(key.supports(Algorithm.ES256), r.rule());
                    } else {
                        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, vb::build, r.rule());
                        assertTrue(e.getMessage().contains(r.verifierRefusal()), r.rule() + ": " + e.getMessage());
                        assertFalse(key.supports(Algorithm.ES256), r.rule());
                    }
                }
            }
        }
    }

    /** A JWK refused at import: the members added to a public P-256 JWK and the message. */
    record ImportRow(String rule, String members, String inMessage) {}

    @Test
    void row21_malformedOrContradictoryUseKeyOpsAndAlgAreRefusedAtImport() {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256)) {
            String pub = k.publicKey().toJwk();
            for (ImportRow r : List.of(
                    new ImportRow("unknown use", "\"use\":\"sign\"", "use \"sign\" is not one lcjwt knows"),
                    new ImportRow("use not a string", "\"use\":1", "\"use\" member must be a string"),
                    new ImportRow("key_ops not an array", "\"key_ops\":\"verify\"", "key_ops must be an array"),
                    new ImportRow("unknown key_ops value", "\"key_ops\":[\"Verify\"]", "not an operation of RFC 7517"),
                    new ImportRow("duplicate key_ops value", "\"key_ops\":[\"verify\",\"verify\"]", "\"verify\" twice"),
                    new ImportRow("empty key_ops", "\"key_ops\":[]", "key_ops is empty"),
                    new ImportRow("use sig, key_ops encrypt", "\"use\":\"sig\",\"key_ops\":[\"verify\",\"encrypt\"]",
                            "contradict each other (RFC 7517 section 4.3)"),
                    new ImportRow("use enc, key_ops verify", "\"use\":\"enc\",\"key_ops\":[\"verify\"]",
                            "contradict each other (RFC 7517 section 4.3)"),
                    new ImportRow("JWS alg, use enc", "\"use\":\"enc\",\"alg\":\"ES256\"", "is a JWS algorithm, but its use is \"enc\""),
                    new ImportRow("JWE alg, use sig", "\"use\":\"sig\",\"alg\":\"ECDH-ES\"", "is a JWE algorithm, but its use is \"sig\""),
                    new ImportRow("JWS alg, key_ops for JWE", "\"alg\":\"ES256\",\"key_ops\":[\"deriveKey\"]", "contradict each other"),
                    new ImportRow("alg of another curve", "\"alg\":\"ES384\"", "ES384, which an EC P-256 key cannot serve"),
                    new ImportRow("JWE alg of another key kind", "\"alg\":\"RSA-OAEP-256\"", "RSA-OAEP-256 takes an RSA key"),
                    new ImportRow("alg lcjwt refuses", "\"alg\":\"RSA1_5\"", "is not a JWS, JWE key management or content encryption algorithm"))) {
                InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class,
                        () -> JwtKey.fromJwk(withMember(pub, r.members())), r.rule());
                assertTrue(e.getMessage().contains(r.inMessage()), r.rule() + ": " + e.getMessage());
                assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(set(withMember(pub, r.members()))), r.rule());
            }
        }
    }

    @Test
    void row21_keyOpsDecideWhetherAPrivateJwkSignsAndItsPublicHalfVerifies() {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.EdDSA)) {
            String priv = k.toJwk();
            try (JwtKey verifyOnly = JwtKey.fromJwk(withMember(priv, "\"key_ops\":[\"verify\"]"));
                 JwtKey encOnly = JwtKey.fromJwk(withMember(priv, "\"use\":\"enc\""))) {
                for (JwtKey key : List.of(verifyOnly, encOnly)) {
                    InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class,
                            () -> JwtSigner.builder(key).algorithm(Algorithm.EdDSA).build());
                    assertTrue(e.getMessage().contains("cannot sign with EdDSA: its JWK"), e.getMessage());
                }
            }
            try (JwtPrivateKey signOnly = (JwtPrivateKey) JwtKey.fromJwk(withMember(priv, "\"key_ops\":[\"sign\"]"));
                 JwtPublicKey pub = signOnly.publicKey()) {
                String jws = JwtSigner.builder(signOnly).algorithm(Algorithm.EdDSA).build().sign(Map.of("sub", "x"));
                assertEquals("x", JwtVerifier.builder(pub).algorithms(Algorithm.EdDSA).allowMissingExpiration().build()
                        .decode(jws).get("sub"), "the public half of a signing key verifies");
                assertTrue(pub.toJwk().contains("\"key_ops\":[\"verify\"]"), pub.toJwk());
                assertTrue(signOnly.toJwk().contains("\"key_ops\":[\"sign\"]"), "toJwk keeps key_ops");
                assertThrows(InvalidJwtKeyException.class, () -> JwtVerifier.builder(signOnly).algorithms(Algorithm.EdDSA).build(),
                        "a key whose key_ops lack verify does not verify, even as a private key");
            }
        }
    }

    @Test
    void row21_aJwksEncKeyWithTheSigningKeysKidIsSkippedWhenVerifying() throws Exception {
        try (JwtPrivateKey sig = JwtPrivateKey.generate(Algorithm.RS256).withKeyId("k1");
             JwtPrivateKey enc = JwtPrivateKey.generateRsa(2048).withKeyId("k1")) {
            String sigJwk = withMember(sig.publicKey().toJwk(), "\"use\":\"sig\"");
            String encJwk = withMember(enc.publicKey().toJwk(), "\"use\":\"enc\",\"alg\":\"RSA-OAEP-256\"");
            String jws = JwtSigner.builder(sig).algorithm(Algorithm.RS256).keyId("k1").build().sign(Map.of("exp", TestTokens.NOW + 60));
            String forged = JwtSigner.builder(enc).algorithm(Algorithm.RS256).keyId("k1").build().sign(Map.of("exp", TestTokens.NOW + 60));
            for (String doc : List.of(set(sigJwk, encJwk), set(encJwk, sigJwk))) {
                for (JwkSet s : List.of(JwkSet.parse(doc), JwkSet.parseLenient(doc))) {
                    assertEquals(2, s.keys().size(), doc);
                    JwtVerifier v = JwtVerifier.builder(s).algorithms(Algorithm.RS256).clock(TestTokens.CLOCK).build();
                    assertEquals(TestTokens.NOW + 60, ((Number) v.decode(jws).get("exp")).longValue(), doc);
                    assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> v.decode(forged)),
                            "a token signed by the enc key is checked against the sig key only");
                }
            }
            // two keys that could both verify must not share a kid; nor a sig key and a key of no stated use
            // nor two enc keys, however many other keys come between (each is compared with all before it)
            String secondEnc = withMember(sig.publicKey().toJwk(), "\"use\":\"enc\"");
            for (String doc : List.of(set(sigJwk, withMember(enc.publicKey().toJwk(), "\"use\":\"sig\"")),
                    set(sigJwk, enc.publicKey().toJwk()), set(sigJwk, encJwk, secondEnc), set(encJwk, sigJwk, secondEnc))) {
                InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(doc), doc);
                assertTrue(e.getMessage().contains("two keys with kid \"k1\""), e.getMessage());
            }
            // the same rule for keys given to JwkSet.of, and for a verifier over a collection
            try (JwtKey encKey = JwtKey.fromJwk(encJwk); JwtKey sigKey = JwtKey.fromJwk(sigJwk)) {
                JwkSet.of(sigKey, encKey);
                assertThrows(InvalidJwtKeyException.class, () -> JwkSet.of(sigKey, sig.publicKey()));
                try (JwtKey encKey2 = JwtKey.fromJwk(secondEnc)) {
                    assertThrows(InvalidJwtKeyException.class, () -> JwkSet.of(sigKey, encKey, encKey2));
                }
                JwtVerifier v = JwtVerifier.builder(List.of(encKey, sigKey)).algorithms(Algorithm.RS256).clock(TestTokens.CLOCK).build();
                assertEquals(TestTokens.NOW + 60, ((Number) v.decode(jws).get("exp")).longValue());
                // a set of enc keys only gives no verifier
                InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class,
                        () -> JwtVerifier.builder(JwkSet.parse(set(encJwk))).algorithms(Algorithm.RS256).build());
                assertTrue(e.getMessage().contains("its JWK use is \"enc\""), e.getMessage());
            }
            String published = JwkSet.parse(set(sigJwk, encJwk)).toJson();
            assertTrue(published.contains("\"use\":\"enc\"") && published.contains("\"alg\":\"RSA-OAEP-256\""), published);
        }
    }

    @Test
    void row21_secretKeysOnlyFromASetDeclaredTrusted() {
        byte[] s1 = TestTokens.bytes(32, 1);
        byte[] s2 = TestTokens.bytes(64, 2);
        String doc = set("{\"kty\":\"oct\",\"kid\":\"s1\",\"alg\":\"HS256\",\"k\":\"" + TestTokens.b64(s1) + "\"}",
                "{\"kty\":\"oct\",\"kid\":\"s2\",\"use\":\"sig\",\"k\":\"" + TestTokens.b64(s2) + "\"}",
                "{\"kty\":\"oct\",\"kid\":\"w\",\"alg\":\"A128KW\",\"k\":\"" + TestTokens.b64(TestTokens.bytes(16, 3)) + "\"}");
        for (java.util.function.Function<String, JwkSet> published : List.<java.util.function.Function<String, JwkSet>>of(
                JwkSet::parse, JwkSet::parseLenient)) {
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> published.apply(doc));
            assertTrue(e.getMessage().contains("publishes a symmetric key; refusing the whole document"), e.getMessage());
        }
        JwkSet own = JwkSet.parseTrusted(doc);
        try {
            assertEquals(3, own.keys().size());
            JwtVerifier v = JwtVerifier.builder(own).algorithms(Algorithm.HS256, Algorithm.HS512).allowMissingExpiration().build();
            try (JwtSecretKey k1 = JwtSecretKey.of(s1).withKeyId("s1"); JwtSecretKey k2 = JwtSecretKey.of(s2).withKeyId("s2")) {
                for (JwtSecretKey k : List.of(k1, k2)) {
                    for (Algorithm a : k == k1 ? List.of(Algorithm.HS256) : List.of(Algorithm.HS256, Algorithm.HS512)) {
                        String t = JwtSigner.builder(k).algorithm(a).keyId(k.keyId()).build().sign(Map.of("sub", k.keyId()));
                        assertEquals(k.keyId(), v.decode(t).get("sub"), a + " by " + k.keyId());
                    }
                }
                // s1's JWK alg is HS256: an HS512 token naming s1 is refused (s1 is 32 bytes anyway; s2 is not bound)
                String hs512 = JwtSigner.builder(k2.withKeyId("s1")).algorithm(Algorithm.HS512).build().sign(Map.of("sub", "x"));
                assertInstanceOf(UnknownKeyException.class, assertThrows(JwtException.class, () -> v.decode(hs512)));
            }
            // the A128KW key is 16 bytes and for JWE only: no HMAC verifier may take it
            JwtKey wrap = own.byKeyId("w").orElseThrow();
            assertFalse(wrap.supports(Algorithm.HS256));
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class,
                    () -> JwtVerifier.builder(wrap).algorithms(Algorithm.HS256).build());
            assertTrue(e.getMessage().contains("needs a secret of at least 32 bytes"), e.getMessage());
            // an oct JWK's alg binds it for HMAC too
            try (JwtKey hs256Only = JwtKey.fromJwk("{\"kty\":\"oct\",\"alg\":\"HS256\",\"k\":\"" + TestTokens.b64(s2) + "\"}")) {
                assertTrue(hs256Only.supports(Algorithm.HS256));
                assertFalse(hs256Only.supports(Algorithm.HS512));
                InvalidJwtKeyException bound = assertThrows(InvalidJwtKeyException.class,
                        () -> JwtSigner.builder(hs256Only).algorithm(Algorithm.HS512).build());
                assertTrue(bound.getMessage().contains("its JWK alg is HS256, not HS512"), bound.getMessage());
            }
        } finally {
            own.keys().forEach(JwtKey::close);
        }
    }
}
