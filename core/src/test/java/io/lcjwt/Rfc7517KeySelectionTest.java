package io.lcjwt;

import io.lcjwt.internal.jwks.JwksAccess;
import io.lcjwt.internal.jwks.Transport;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RFC 7517 section 4.5 and security row 21 in every place a key is chosen: a verifier over a
 * JWK set, one over a JWKS URL (the same documents, fetched), and a JWE decrypter over a set.
 * One kid may name keys of different {@code kty} or use; the header's {@code alg} then picks;
 * two left, or a token without kid that several keys could serve, is refused; a lenient parse
 * keeps every key but the broken ones; a set mixing secret and public keys verifies nothing.
 */
class Rfc7517KeySelectionTest {

    static String set(String... jwks) {
        return "{\"keys\":[" + String.join(",", jwks) + "]}";
    }

    static String with(String jwk, String member) {
        return jwk.substring(0, jwk.length() - 1) + "," + member + "}";
    }

    static String sign(JwtPrivateKey k, Algorithm alg, String kid) {
        JwtSigner.Builder b = JwtSigner.builder(k).algorithm(alg);
        b = kid == null ? b.keyId(null) : b.keyId(kid);
        return b.build().sign(Map.of("sub", alg.jwsName(), "exp", TestTokens.NOW + 600));
    }

    /** The two ways a verifier gets a document's keys: parsed here, or fetched by a JWKS client. */
    enum Source {
        SET {
            @Override
            JwtVerifier verifier(String doc, Algorithm... algs) {
                return JwtVerifier.builder(JwkSet.parseLenient(doc)).algorithms(algs).clock(TestTokens.CLOCK).build();
            }
        },
        JWKS_URL {
            @Override
            JwtVerifier verifier(String doc, Algorithm... algs) {
                URI uri = URI.create("https://id.example/jwks");
                Transport served = new Transport() {
                    @Override
                    public CompletableFuture<Response> get(URI u) {
                        return CompletableFuture.completedFuture(Response.ok(u, doc));
                    }
                };
                JwksClient c = JwksAccess.<JwksClient, JwksClient.Builder>get().build(JwksClient.builder(uri).clock(TestTokens.CLOCK), served, () -> 0.5);
                return JwtVerifier.builder(c).algorithms(algs).clock(TestTokens.CLOCK).build();
            }
        };

        abstract JwtVerifier verifier(String doc, Algorithm... algs);
    }

    // ---- RFC 7520 section 4.8: the JOSE cookbook's key set --------------------------------------

    @Test
    @SuppressWarnings("unchecked")
    void rfc7520Section48KeySetImportsAndItsRs256SignatureVerifiesWithTheRsaKeyOfTheSharedKid() throws Exception {
        Map<String, Object> f = RfcAsymmetricVectorsTest.fixture("rfc7520-4.8.json");
        List<Map<String, Object>> jwks = JwsJsonRfcVectorsTest.at(f, "input", "key");
        List<Map<String, Object>> signing = JwsJsonRfcVectorsTest.at(f, "signing");
        byte[] payload = ((String) JwsJsonRfcVectorsTest.at(f, "input", "payload")).getBytes(StandardCharsets.UTF_8);
        List<String> members = new ArrayList<>();
        for (Map<String, Object> k : jwks) {
            members.add(RfcAsymmetricVectorsTest.json(k));
        }
        // The whole set, an RSA and an EC private key under one kid beside an HMAC secret: it
        // imports, as RFC 7517 section 4.5 allows.
        JwkSet own = JwkSet.parseTrusted(set(members.toArray(String[]::new)));
        String kid = "bilbo.baggins@hobbiton.example";
        assertEquals(List.of(kid, kid, "018c0ae5-4d9b-471b-bfd6-eef314bc7037"), own.keys().stream().map(JwtKey::keyId).toList());
        // Verifying with all of it would mix a secret with public keys: refused.
        InvalidJwtKeyException mixed = assertThrows(InvalidJwtKeyException.class,
                () -> JwtVerifier.builder(own).algorithms(Algorithm.RS256));
        assertTrue(mixed.getMessage().contains("mixes secret keys"), mixed.getMessage());

        // What the issuer publishes: the two public keys under the shared kid.
        JwtPublicKey rsaPub = ((JwtPrivateKey) own.keys().get(0)).publicKey();
        JwtPublicKey ecPub = ((JwtPrivateKey) own.keys().get(1)).publicKey();
        String published = JwkSet.of(rsaPub, ecPub).toJson();
        assertEquals(2, JwkSet.parse(published).keys().size(), "the strict parse takes the shared kid too");

        Map<String, Object> rs256 = signing.get(0);
        String compact = rs256.get("protected_b64u") + "." + TestTokens.b64(payload) + "." + rs256.get("sig");
        String flattened = RfcAsymmetricVectorsTest.json((Map<String, Object>) rs256.get("json"))
                .replaceFirst("\\{", "{\"payload\":\"" + TestTokens.b64(payload) + "\",");
        for (Source source : Source.values()) {
            JwtVerifier v = source.verifier(published, Algorithm.RS256, Algorithm.ES512);
            // the kid in the unprotected header names both keys; RS256 picks the RSA one
            VerifiedJws r = v.verifyJson(flattened);
            assertArrayEquals(payload, r.payload(), source.name());
            assertEquals(kid, r.unprotectedHeaders().get(0).get("kid"), source.name());
            // the compact form has no kid: the one key that serves RS256
            assertArrayEquals(payload, v.verifyContent(compact), source.name());
        }
        own.keys().forEach(JwtKey::close);
        rsaPub.close();
        ecPub.close();
    }

    // ---- one kid, several keys -------------------------------------------------------------------

    @Test
    void oneKidOnKeysOfDifferentKtyOrAlgIsChosenByTheTokensAlg() throws Exception {
        try (JwtPrivateKey rsa = JwtPrivateKey.generate(Algorithm.RS256);
             JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256);
             JwtPrivateKey rsa2 = JwtPrivateKey.generateRsa(2048)) {
            String doc = set(with(rsa.publicKey().toJwk(), "\"kid\":\"k\",\"alg\":\"RS256\""),
                    with(ec.publicKey().toJwk(), "\"kid\":\"k\""),
                    with(rsa2.publicKey().toJwk(), "\"kid\":\"k\",\"alg\":\"PS256\""));
            for (Source source : Source.values()) {
                JwtVerifier v = source.verifier(doc, Algorithm.RS256, Algorithm.ES256, Algorithm.PS256);
                assertEquals("RS256", v.decode(sign(rsa, Algorithm.RS256, "k")).get("sub"), source.name());
                assertEquals("ES256", v.decode(sign(ec, Algorithm.ES256, "k")).get("sub"), source.name());
                assertEquals("PS256", v.decode(sign(rsa2, Algorithm.PS256, "k")).get("sub"), source.name());
                // the first RSA key signs PS256: its JWK says RS256 only, so the PS256 key checks it, and refuses
                assertInstanceOf(BadSignatureException.class,
                        assertThrows(JwtException.class, () -> v.decode(sign(rsa, Algorithm.PS256, "k"))), source.name());
            }
        }
    }

    /**
     * Two keys that kid and alg cannot tell apart: the strict parse refuses the document; the
     * lenient one keeps both and refuses only the tokens that land on them, naming the kid.
     */
    @Test
    void twoKeysThatKidAndAlgCannotTellApartAreRefusedPerTokenNamingTheKid() {
        try (JwtPrivateKey a = JwtPrivateKey.generate(Algorithm.ES256);
             JwtPrivateKey b = JwtPrivateKey.generate(Algorithm.ES256);
             JwtPrivateKey other = JwtPrivateKey.generate(Algorithm.ES256)) {
            String doc = set(with(a.publicKey().toJwk(), "\"kid\":\"twin\""), with(b.publicKey().toJwk(), "\"kid\":\"twin\""),
                    with(other.publicKey().toJwk(), "\"kid\":\"other\""));
            InvalidJwtKeyException strict = assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(doc));
            assertTrue(strict.getMessage().contains("two keys with kid \"twin\""), strict.getMessage());
            for (Source source : Source.values()) {
                JwtVerifier v = source.verifier(doc, Algorithm.ES256);
                UnknownKeyException e = assertThrows(UnknownKeyException.class, () -> v.decode(sign(a, Algorithm.ES256, "twin")));
                assertEquals("More than one key with kid \"twin\" can verify ES256; lcjwt does not try keys in turn, so"
                        + " the token is refused (give the keys distinct kids, or a JWK alg each).", e.getMessage());
                assertEquals("ES256", v.decode(sign(other, Algorithm.ES256, "other")).get("sub"), "other kids still verify");
            }
        }
    }

    // ---- a token without kid ---------------------------------------------------------------------

    /**
     * Without kid, a token verifies when exactly one key can serve its alg, and is refused with
     * one fixed message when several can: the same rule for a set, a JWKS URL and JWE.
     */
    @Test
    void aTokenWithoutKidNeedsExactlyOneKeyForItsAlg() {
        try (JwtPrivateKey rsa = JwtPrivateKey.generate(Algorithm.RS256).withKeyId("r1");
             JwtPrivateKey rsa2 = JwtPrivateKey.generate(Algorithm.RS256).withKeyId("r2");
             JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("e1")) {
            String doc = set(rsa.publicKey().toJwk(), rsa2.publicKey().toJwk(), ec.publicKey().toJwk());
            for (Source source : Source.values()) {
                JwtVerifier v = source.verifier(doc, Algorithm.RS256, Algorithm.ES256);
                assertEquals("ES256", v.decode(sign(ec, Algorithm.ES256, null)).get("sub"), source.name());
                UnknownKeyException e = assertThrows(UnknownKeyException.class,
                        () -> v.decode(sign(rsa, Algorithm.RS256, null)), source.name());
                assertEquals("The token has no kid, and more than one configured key serves RS256; lcjwt does not try"
                        + " keys in turn.", e.getMessage());
            }
            // JWE: two RSA-OAEP keys and one ECDH-ES key, by the same rule
            JwkSet own = JwkSet.of(rsa, rsa2, ec);
            JweDecrypter d = JweDecrypter.builder(own)
                    .keyAlgorithms(JweKeyAlgorithm.RSA_OAEP_256, JweKeyAlgorithm.ECDH_ES)
                    .contentAlgorithms(JweContentAlgorithm.A256GCM).build();
            byte[] secret = "to one key".getBytes(StandardCharsets.UTF_8);
            try (JwtPublicKey ecPub = JwtPublicKey.from(ec.publicKey().toJavaKey());
                 JwtPublicKey rsaPub = JwtPublicKey.from(rsa.publicKey().toJavaKey());
                 JwtPublicKey named = rsa2.publicKey()) {
                String toEc = JweEncrypter.builder(ecPub).keyAlgorithm(JweKeyAlgorithm.ECDH_ES)
                        .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt(secret);
                assertArrayEquals(secret, d.decrypt(toEc), "one ECDH-ES key: no kid needed");
                String toRsa = JweEncrypter.builder(rsaPub).keyAlgorithm(JweKeyAlgorithm.RSA_OAEP_256)
                        .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt(secret);
                UnknownKeyException e = assertThrows(UnknownKeyException.class, () -> d.decrypt(toRsa));
                assertEquals("The JWE has no kid, and more than one key of this decrypter decrypts RSA-OAEP-256; lcjwt"
                        + " does not try keys in turn.", e.getMessage());
                String byKid = JweEncrypter.builder(named).keyAlgorithm(JweKeyAlgorithm.RSA_OAEP_256)
                        .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt(secret);
                assertArrayEquals(secret, d.decrypt(byKid), "with its kid, the one key");
            }
        }
    }

    // ---- lenient parsing -------------------------------------------------------------------------

    record Broken(String name, String jwk, String reason) {}

    /**
     * One broken or unknown key never fails a fetched set: it is skipped with its reason (for
     * the caller and the client's metrics), and every other key serves.
     */
    @Test
    void aLenientParseSkipsEachBrokenKeyWithItsReasonAndKeepsTheRest() {
        try (JwtPrivateKey good = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("good")) {
            String pub = good.publicKey().toJwk();
            StringBuilder many = new StringBuilder("{\"kty\":\"EC\",\"kid\":\"wide\"");
            for (int i = 0; i < 70; i++) {
                many.append(",\"x-").append(i).append("\":1");
            }
            many.append('}');
            List<Broken> rows = List.of(
                    new Broken("an unknown kty", "{\"kty\":\"XYZ\",\"kid\":\"x\"}", "kty \"XYZ\" is not supported"),
                    new Broken("an unknown curve", with(pub.replace("\"kid\":\"good\"", "\"kid\":\"c\"").replace("P-256", "P-999"), "\"use\":\"sig\""),
                            "curve \"P-999\" is not supported"),
                    new Broken("an unknown alg", pub.replace("\"kid\":\"good\"", "\"kid\":\"a\",\"alg\":\"ES999\""),
                            "alg \"ES999\" is not a JWS"),
                    new Broken("not an object", "\"a string\"", "it is not a JSON object"),
                    new Broken("a number", "42", "it is not a JSON object"),
                    new Broken("too many members", many.toString(), "it has 72 members; lcjwt reads at most 64 per key"),
                    new Broken("a weak RSA key", "{\"kty\":\"RSA\",\"kid\":\"weak\",\"n\":\"" + TestTokens.b64(new byte[128])
                            + "\",\"e\":\"AQAB\"}", "RSA"));
            List<String> all = new ArrayList<>();
            all.add(pub);
            rows.forEach(r -> all.add(r.jwk()));
            String doc = set(all.toArray(String[]::new));
            JwkSet s = JwkSet.parseLenient(doc);
            assertEquals(List.of("good"), s.keys().stream().map(JwtKey::keyId).toList());
            assertEquals(rows.size(), s.skipped());
            for (int i = 0; i < rows.size(); i++) {
                JwkSet.SkippedKey k = s.skippedKeys().get(i);
                assertEquals(i + 1, k.index(), rows.get(i).name());
                assertTrue(k.reason().contains(rows.get(i).reason()), rows.get(i).name() + ": " + k.reason());
            }
            assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(doc), "the strict parse refuses it whole");
            for (Source source : Source.values()) {
                assertEquals("ES256", source.verifier(doc, Algorithm.ES256).decode(sign(good, Algorithm.ES256, "good")).get("sub"));
            }
        }
    }

    // ---- secret and public keys in one set -------------------------------------------------------

    /**
     * Wycheproof's jws_mixedSymmetryKeyset (test 1): an HMAC key and an EC key in one set, and a
     * token whose MAC is valid for the HMAC key. A verifier over the set is refused; a set of
     * secret keys only, and the HMAC key on its own, still verify.
     */
    @Test
    void row21_aSetMixingSecretAndPublicKeysVerifiesNothing() {
        String hmac = "{\"alg\":\"HS256\",\"k\":\"-ebuDNsVZ2iJtoZ-akfXTSCt4UO2cruLCsbWlBinggE\",\"kid\":\"kid-aes-sign\","
                + "\"kty\":\"oct\",\"use\":\"sig\"}";
        String ec = "{\"alg\":\"ES256\",\"crv\":\"P-256\",\"kid\":\"kid-ec-sign\",\"kty\":\"EC\",\"use\":\"sig\","
                + "\"x\":\"04N0xi21hshyvBp7I167sbE_bXqyqkAPfefdklMO7wY\",\"y\":\"UI8exy-C06a7DUnjIdENkxeFtHM4-l_41LqEw9nVgmw\"}";
        String jws = "eyJhbGciOiJIUzI1NiIsImtpZCI6ImtpZC1hZXMtc2lnbiJ9.Zm9v.TD37p4c_0jmreSrBSDmE0F3mYSPtkZ3WrSyI5wb_KTg";
        JwkSet mixed = JwkSet.parseTrusted(set(hmac, ec));
        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class,
                () -> JwtVerifier.builder(mixed).algorithms(Algorithm.HS256, Algorithm.ES256).build());
        assertEquals("The JWK set mixes secret keys (such as \"kid-aes-sign\") with asymmetric keys (such as"
                + " \"kid-ec-sign\"); a verifier over a set takes one kind or the other, so that no token can pick the"
                + " kind of key that checks it.", e.getMessage());
        JwkSet secretsOnly = JwkSet.parseTrusted(set(hmac));
        assertArrayEquals("foo".getBytes(StandardCharsets.US_ASCII),
                JwtVerifier.builder(secretsOnly).algorithms(Algorithm.HS256).build().verifyContent(jws),
                "the vector's MAC is valid: the refusal is the set's mix, not the token");
        // A key for JWE only beside the signing keys mixes nothing into verification.
        String wrap = "{\"kty\":\"oct\",\"kid\":\"w\",\"alg\":\"A128KW\",\"k\":\"" + TestTokens.b64(TestTokens.bytes(16, 3)) + "\"}";
        JwtVerifier.builder(JwkSet.parseTrusted(set(ec, wrap))).algorithms(Algorithm.ES256).build();
        mixed.keys().forEach(JwtKey::close);
        secretsOnly.keys().forEach(JwtKey::close);
    }
}
