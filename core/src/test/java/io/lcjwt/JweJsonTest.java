package io.lcjwt;

import com.fasterxml.jackson.jr.ob.JSON;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JWE JSON serialization (RFC 7516 section 7.2): RFC 7516 Appendix A.4 and A.5, the RFC 7520
 * cookbook's JSON and flattened outputs (sections 5.1 to 5.13), and round trips through
 * {@link JweJsonEncrypter}. The refusals are in {@link JweSecurityRowsTest}.
 */
class JweJsonTest {

    private static final Base64.Decoder D64 = Base64.getUrlDecoder();
    private static final byte[] LIVE_LONG = "Live long and prosper.".getBytes(StandardCharsets.UTF_8);

    /** RFC 7516 Appendix A.4.7, as printed (whitespace aside). */
    static final String RFC7516_A4 = "{\"protected\":\"eyJlbmMiOiJBMTI4Q0JDLUhTMjU2In0\","
            + "\"unprotected\":{\"jku\":\"https://server.example.com/keys.jwks\"},"
            + "\"recipients\":["
            + "{\"header\":{\"alg\":\"RSA1_5\",\"kid\":\"2011-04-29\"},"
            + "\"encrypted_key\":\"UGhIOguC7IuEvf_NPVaXsGMoLOmwvc1GyqlIKOK1nN94nHPoltGRhWhw7Zx0-"
            + "kFm1NJn8LE9XShH59_i8J0PH5ZZyNfGy2xGdULU7sHNF6Gp2vPLgNZ__deLKx"
            + "GHZ7PcHALUzoOegEI-8E66jX2E4zyJKx-YxzZIItRzC5hlRirb6Y5Cl_p-ko3"
            + "YvkkysZIFNPccxRU7qve1WYPxqbb2Yw8kZqa2rMWI5ng8OtvzlV7elprCbuPh"
            + "cCdZ6XDP0_F8rkXds2vE4X-ncOIM8hAYHHi29NX0mcKiRaD0-D-ljQTP-cFPg"
            + "wCp6X-nZZd9OHBv-B3oWh2TbqmScqXMR4gp_A\"},"
            + "{\"header\":{\"alg\":\"A128KW\",\"kid\":\"7\"},"
            + "\"encrypted_key\":\"6KB707dM9YTIgHtLvtgWQ8mKwboJW3of9locizkDTHzBC2IlrT1oOQ\"}],"
            + "\"iv\":\"AxY8DCtDaGlsbGljb3RoZQ\","
            + "\"ciphertext\":\"KDlTtXchhZTGufMYmOYGS4HffxPSUrfmqCHXaI9wOGY\","
            + "\"tag\":\"Mz-VPPyU4RlcuYv1IwIvzw\"}";

    /** RFC 7516 Appendix A.5. */
    static final String RFC7516_A5 = "{\n \"protected\":\"eyJlbmMiOiJBMTI4Q0JDLUhTMjU2In0\",\n"
            + " \"unprotected\":{\"jku\":\"https://server.example.com/keys.jwks\"},\n"
            + " \"header\":{\"alg\":\"A128KW\",\"kid\":\"7\"},\n"
            + " \"encrypted_key\":\"6KB707dM9YTIgHtLvtgWQ8mKwboJW3of9locizkDTHzBC2IlrT1oOQ\",\n"
            + " \"iv\":\"AxY8DCtDaGlsbGljb3RoZQ\",\n"
            + " \"ciphertext\":\"KDlTtXchhZTGufMYmOYGS4HffxPSUrfmqCHXaI9wOGY\",\n"
            + " \"tag\":\"Mz-VPPyU4RlcuYv1IwIvzw\"\n}";

    /** RFC 7516 Appendix A.3's AES key wrap key, which A.4's second recipient and A.5 use. */
    static final byte[] A3_KEY = D64.decode("GawgguFyGrWKav7AX4VKUg");

    private static JwtPrivateKey rsa;
    private static JwtPrivateKey p256;

    @BeforeAll
    static void keys() {
        rsa = JwtPrivateKey.generateRsa(2048);
        p256 = JwtPrivateKey.generate(Algorithm.ES256);
    }

    @AfterAll
    static void close() {
        rsa.close();
        p256.close();
    }

    static JweDecrypter a128kw(JwtSecretKey key) {
        return JweDecrypter.builder(key).keyAlgorithms(JweKeyAlgorithm.A128KW)
                .contentAlgorithms(JweContentAlgorithm.A128CBC_HS256).build();
    }

    // RFC 7516 A.4: lcjwt's policy is to skip the RSA1_5 recipient without any decryption attempt
    // (row 32) and decrypt with the A128KW one; a decrypter for neither names the RSA1_5 refusal.
    @Test
    void rfc7516AppendixA4GeneralSkipsRsa15AndDecryptsWithA128kw() {
        try (JwtSecretKey k = JwtSecretKey.forEncryption(A3_KEY); JwtSecretKey k7 = k.withKeyId("7");
             JwtSecretKey other = k.withKeyId("8")) {
            assertArrayEquals(LIVE_LONG, a128kw(k).decryptJson(RFC7516_A4));
            assertArrayEquals(LIVE_LONG, a128kw(k7).decryptJson(RFC7516_A4), "kid 7 is the second recipient's");
            UnknownKeyException wrongKid = assertThrows(UnknownKeyException.class, () -> a128kw(other).decryptJson(RFC7516_A4));
            assertTrue(wrongKid.getMessage().contains("\"7\""), wrongKid.getMessage());
        }
        JweDecrypter oaep = JweDecrypter.builder(rsa).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP)
                .contentAlgorithms(JweContentAlgorithm.A128CBC_HS256).build();
        UnsupportedJwtException e = assertThrows(UnsupportedJwtException.class, () -> oaep.decryptJson(RFC7516_A4));
        assertTrue(e.getMessage().contains("None of the JWE's 2 recipients") && e.getMessage().contains("RSA1_5"),
                e.getMessage());
    }

    @Test
    void rfc7516AppendixA5Flattened() {
        try (JwtSecretKey k = JwtSecretKey.forEncryption(A3_KEY)) {
            assertArrayEquals(LIVE_LONG, a128kw(k).decryptJson(RFC7516_A5));
            // The compact form of the same JWE (A.3) stays with decrypt.
            String compact = "eyJhbGciOiJBMTI4S1ciLCJlbmMiOiJBMTI4Q0JDLUhTMjU2In0."
                    + "6KB707dM9YTIgHtLvtgWQ8mKwboJW3of9locizkDTHzBC2IlrT1oOQ.AxY8DCtDaGlsbGljb3RoZQ."
                    + "KDlTtXchhZTGufMYmOYGS4HffxPSUrfmqCHXaI9wOGY.U0m_YmjN04DJvceFICbCVQ";
            assertArrayEquals(LIVE_LONG, a128kw(k).decrypt(compact));
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> fixture(String name) throws IOException {
        try (InputStream in = JweJsonTest.class.getResourceAsStream("/jwe/cookbook/" + name + ".json")) {
            return JSON.std.mapFrom(in);
        }
    }

    @SuppressWarnings("unchecked")
    static JwtKey key(Map<String, Object> f, Object jwkObject) throws IOException {
        if (f.get("password") != null) {
            return JwtSecretKey.fromPassword(((String) f.get("password")).toCharArray());
        }
        Map<String, Object> jwk = new LinkedHashMap<>((Map<String, Object>) jwkObject);
        // The cookbook's keys as written, "use":"enc" and "alg" included (as JweRfcVectorsTest
        // reads them); only RSA1_5, which lcjwt refuses anyway, is not a key's alg lcjwt imports.
        if ("RSA1_5".equals(jwk.get("alg"))) {
            jwk.remove("alg");
        }
        return JwtKey.fromJwk(JSON.std.asString(jwk));
    }

    static JweDecrypter decrypter(JwtKey key, JweKeyAlgorithm alg, Map<String, Object> f) {
        JweDecrypter.Builder b = JweDecrypter.builder(key).keyAlgorithms(alg)
                .contentAlgorithms(JweContentAlgorithm.fromJoseName((String) f.get("enc")));
        return f.get("password") != null ? b.enablePbes2().build() : b.build();
    }

    // RFC 7520 sections 5.1 to 5.12, the general ("json") and flattened ("json_flat") outputs.
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"rfc7520_5_1", "rfc7520_5_2", "rfc7520_5_3", "rfc7520_5_4", "rfc7520_5_5",
        "rfc7520_5_6", "rfc7520_5_7", "rfc7520_5_8", "rfc7520_5_9", "rfc7520_5_10", "rfc7520_5_11", "rfc7520_5_12"})
    void rfc7520CookbookJsonForms(String name) throws IOException {
        Map<String, Object> f = fixture(name);
        String alg = (String) f.get("alg");
        JweKeyAlgorithm keyAlg = JweKeyAlgorithm.fromJoseName(alg);
        try (JwtKey key = key(f, f.get("key"))) {
            JweDecrypter d = decrypter(key, keyAlg != null ? keyAlg : JweKeyAlgorithm.RSA_OAEP, f);
            for (String form : List.of("json", "json_flat")) {
                String json = (String) f.get(form);
                if (f.get("expect").equals("decrypts")) {
                    assertEquals(f.get("plaintext"), new String(d.decryptJson(json), StandardCharsets.UTF_8), name + " " + form);
                    assertThrows(MalformedJwtException.class, () -> d.decrypt(json), "the compact API refuses it");
                } else {
                    // 5.1 is RSA1_5: refused without a decryption attempt, as in the compact form.
                    UnsupportedJwtException e = assertThrows(UnsupportedJwtException.class, () -> d.decryptJson(json));
                    assertTrue(e.getMessage().contains(alg), e.getMessage());
                }
            }
            if (f.containsKey("aad")) {
                // 5.10: the aad member is authenticated; change one character and nothing decrypts.
                Map<String, Object> m = JSON.std.mapFrom(f.get("json"));
                String aad = (String) m.get("aad");
                m.put("aad", (aad.charAt(0) == 'W' ? "X" : "W") + aad.substring(1));
                assertThrows(JweDecryptionException.class, () -> d.decryptJson(JSON.std.asString(m)));
                m.remove("aad");
                assertThrows(JweDecryptionException.class, () -> d.decryptJson(JSON.std.asString(m)));
            }
        }
    }

    // RFC 7520 section 5.13: RSA1_5, ECDH-ES+A256KW and A256GCMKW recipients; each key decrypts
    // its own, and the RSA1_5 one is refused as in A.4.
    @Test
    @SuppressWarnings("unchecked")
    void rfc7520Cookbook513MultipleRecipients() throws IOException {
        Map<String, Object> f = fixture("rfc7520_5_13");
        String json = (String) f.get("json");
        for (Map<String, Object> r : (List<Map<String, Object>>) f.get("recipients")) {
            String alg = (String) r.get("alg");
            try (JwtKey key = key(f, r.get("key"))) {
                if (alg.equals("RSA1_5")) {
                    JweDecrypter d = decrypter(key, JweKeyAlgorithm.RSA_OAEP, f);
                    UnsupportedJwtException e = assertThrows(UnsupportedJwtException.class, () -> d.decryptJson(json));
                    assertTrue(e.getMessage().contains("RSA1_5"), e.getMessage());
                } else {
                    JweDecrypter d = decrypter(key, JweKeyAlgorithm.fromJoseName(alg), f);
                    assertEquals(f.get("plaintext"), new String(d.decryptJson(json), StandardCharsets.UTF_8), alg);
                }
            }
        }
    }

    // RFC 7520 section 5.13 with the keys in one JWK set: each recipient's key is chosen by that
    // recipient's kid, as a compact JWE's is. A recipient whose kid the set does not hold is
    // skipped for the next one, never decrypted with another key of the set.
    @Test
    @SuppressWarnings("unchecked")
    void rfc7520Cookbook513WithAJwkSetChoosesEachRecipientsKeyByKid() throws IOException {
        Map<String, Object> f = fixture("rfc7520_5_13");
        String json = (String) f.get("json");
        List<Map<String, Object>> rs = (List<Map<String, Object>>) f.get("recipients");
        JweContentAlgorithm enc = JweContentAlgorithm.fromJoseName((String) f.get("enc"));
        try (JwtKey rsaKey = key(f, rs.get(0).get("key")); JwtKey ecKey = key(f, rs.get(1).get("key"));
             JwtKey octKey = key(f, rs.get(2).get("key"))) {
            JweKeyAlgorithm[] algs = {JweKeyAlgorithm.RSA_OAEP, JweKeyAlgorithm.ECDH_ES_A256KW, JweKeyAlgorithm.A256GCMKW};
            JweDecrypter all = JweDecrypter.builder(JwkSet.of(rsaKey, ecKey, octKey)).keyAlgorithms(algs)
                    .contentAlgorithms(enc).build();
            assertEquals(f.get("plaintext"), new String(all.decryptJson(json), StandardCharsets.UTF_8));

            // The EC key under another kid: the ECDH-ES+A256KW recipient (kid peregrin.took...) has
            // no key here and is skipped; the A256GCMKW one decrypts with the oct key, by its kid.
            try (JwtKey renamed = JwtKey.fromJwk(JSON.std.asString(withKid((Map<String, Object>) rs.get(1).get("key"),
                    "someone-else")))) {
                JweDecrypter d = JweDecrypter.builder(JwkSet.of(rsaKey, renamed, octKey)).keyAlgorithms(algs)
                        .contentAlgorithms(enc).build();
                assertEquals(f.get("plaintext"), new String(d.decryptJson(json), StandardCharsets.UTF_8));
                // Without the oct key no recipient has a key: the kid refusal, not another key's failure.
                JweDecrypter none = JweDecrypter.builder(JwkSet.of(rsaKey, renamed))
                        .keyAlgorithms(JweKeyAlgorithm.RSA_OAEP, JweKeyAlgorithm.ECDH_ES_A256KW).contentAlgorithms(enc)
                        .build();
                UnknownKeyException e = assertThrows(UnknownKeyException.class, () -> none.decryptJson(json));
                assertTrue(e.getMessage().contains("None of the JWE's 3 recipients")
                        && e.getMessage().contains("peregrin.took"), e.getMessage());
            }
        }
    }

    private static Map<String, Object> withKid(Map<String, Object> jwk, String kid) {
        Map<String, Object> m = new LinkedHashMap<>(jwk);
        m.put("kid", kid);
        return m;
    }

    // A JSON recipient without kid gets the one key of the set that serves its alg; with two such
    // keys it is skipped, since lcjwt never tries keys in turn (for JSON as for compact JWEs).
    @Test
    void aJwkSetNeverTriesKeysInTurnForAJsonRecipientWithoutKid() {
        byte[] content = "no kid".getBytes(StandardCharsets.UTF_8);
        JweContentAlgorithm enc = JweContentAlgorithm.A128GCM;
        try (JwtSecretKey k1 = JwtSecretKey.forEncryption(new byte[16]); JwtSecretKey a = k1.withKeyId("a");
             JwtSecretKey k2 = JwtSecretKey.forEncryption(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
             JwtSecretKey b = k2.withKeyId("b")) {
            String json = JweJsonEncrypter.builder(enc)
                    .recipient(JweEncrypter.builder(k1).keyAlgorithm(JweKeyAlgorithm.A128KW).contentAlgorithm(enc).build())
                    .build().encrypt(content);
            JweDecrypter one = JweDecrypter.builder(JwkSet.of(a, rsa)).keyAlgorithms(JweKeyAlgorithm.A128KW,
                    JweKeyAlgorithm.RSA_OAEP_256).contentAlgorithms(enc).build();
            assertArrayEquals(content, one.decryptJson(json), "the one A128KW key of the set");
            JweDecrypter two = JweDecrypter.builder(JwkSet.of(b, a)).keyAlgorithms(JweKeyAlgorithm.A128KW)
                    .contentAlgorithms(enc).build();
            UnknownKeyException e = assertThrows(UnknownKeyException.class, () -> two.decryptJson(json));
            assertTrue(e.getMessage().contains("does not try keys in turn"), e.getMessage());
        }
    }

    // Passwords in a JWK set (JwkSet.of): each PBES2 recipient's password is chosen by its kid;
    // a recipient whose kid the set lacks costs no derivation, and two PBES2 recipients the set
    // has passwords for are refused before deriving, as with one password.
    @Test
    void aJwkSetOfPasswordsChoosesByKidAndDerivesAtMostOnce() {
        byte[] content = "by password".getBytes(StandardCharsets.UTF_8);
        JweContentAlgorithm enc = JweContentAlgorithm.A128GCM;
        JweKeyAlgorithm pbes2 = JweKeyAlgorithm.PBES2_HS256_A128KW;
        try (JwtSecretKey p1 = JwtSecretKey.fromPassword("first password".toCharArray());
             JwtSecretKey p2 = JwtSecretKey.fromPassword("second password".toCharArray());
             JwtSecretKey kek = JwtSecretKey.forEncryption(new byte[16])) {
            JweEncrypter toP1 = JweEncrypter.builder(p1).keyAlgorithm(pbes2).contentAlgorithm(enc).keyId("p1")
                    .pbes2Iterations(1000).build();
            JweEncrypter toP2 = JweEncrypter.builder(p2).keyAlgorithm(pbes2).contentAlgorithm(enc).keyId("p2")
                    .pbes2Iterations(1000).build();
            JweDecrypter onlyP1 = JweDecrypter.builder(JwkSet.of(p1.withKeyId("p1"), kek.withKeyId("k")))
                    .enablePbes2().keyAlgorithms(pbes2, JweKeyAlgorithm.A128KW).contentAlgorithms(enc).build();
            assertArrayEquals(content, onlyP1.decrypt(toP1.encrypt(content)), "compact, by kid");
            String json = JweJsonEncrypter.builder(enc).recipient(toP2).recipient(toP1).build().encrypt(content);
            assertArrayEquals(content, onlyP1.decryptJson(json), "p2's recipient skipped, p1's decrypts");

            JweDecrypter both = JweDecrypter.builder(JwkSet.of(p1.withKeyId("p1"), p2.withKeyId("p2")))
                    .enablePbes2().keyAlgorithms(pbes2).contentAlgorithms(enc).build();
            UnsupportedJwtException e = assertThrows(UnsupportedJwtException.class, () -> both.decryptJson(json));
            assertTrue(e.getMessage().contains("more than one PBES2 recipient"), e.getMessage());
        }
    }

    @Test
    void generalRoundTripToSeveralRecipients() throws IOException {
        byte[] content = "to Alice, Bob, Carol and Dave".getBytes(StandardCharsets.UTF_8);
        try (JwtSecretKey bob = JwtSecretKey.forEncryption(new byte[16]);
             JwtSecretKey dave = JwtSecretKey.fromPassword("dave's password".toCharArray())) {
            JweContentAlgorithm enc = JweContentAlgorithm.A256GCM;
            JweJsonEncrypter e = JweJsonEncrypter.builder(enc)
                    .recipient(JweEncrypter.builder(rsa.publicKey()).keyAlgorithm(JweKeyAlgorithm.RSA_OAEP_256)
                            .contentAlgorithm(enc).keyId("alice").build(), Map.of("x-note", "for alice"))
                    .recipient(JweEncrypter.builder(bob).keyAlgorithm(JweKeyAlgorithm.A128KW).contentAlgorithm(enc)
                            .keyId("bob").build())
                    .recipient(JweEncrypter.builder(p256.publicKey()).keyAlgorithm(JweKeyAlgorithm.ECDH_ES_A128KW)
                            .contentAlgorithm(enc).keyId("carol").agreementPartyUInfo(new byte[] {1, 2}).build())
                    .recipient(JweEncrypter.builder(dave).keyAlgorithm(JweKeyAlgorithm.PBES2_HS256_A128KW)
                            .contentAlgorithm(enc).pbes2Iterations(1000).build())
                    .protectedHeader("typ", "example+jwe")
                    .sharedHeader("x-keys", "https://example.com/keys")
                    .build();
            String json = e.encrypt(content);
            Map<String, Object> m = JSON.std.mapFrom(json);
            assertEquals(4, ((List<?>) m.get("recipients")).size());
            assertEquals(Map.of("x-keys", "https://example.com/keys"), m.get("unprotected"));
            assertEquals("{\"enc\":\"A256GCM\",\"typ\":\"example+jwe\"}",
                    new String(D64.decode((String) m.get("protected")), StandardCharsets.UTF_8));
            assertFalse(m.containsKey("aad"));

            List<JweDecrypter> all = List.of(
                    JweDecrypter.builder(rsa).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP_256).contentAlgorithms(enc).build(),
                    JweDecrypter.builder(bob.withKeyId("bob")).keyAlgorithms(JweKeyAlgorithm.A128KW).contentAlgorithms(enc).build(),
                    JweDecrypter.builder(p256).keyAlgorithms(JweKeyAlgorithm.ECDH_ES_A128KW).contentAlgorithms(enc).build(),
                    JweDecrypter.builder(dave).enablePbes2().keyAlgorithms(JweKeyAlgorithm.PBES2_HS256_A128KW)
                            .contentAlgorithms(enc).build());
            for (JweDecrypter d : all) {
                assertArrayEquals(content, d.decryptJson(json), d.keyAlgorithms().toString());
            }
            // With aad, which each recipient's tag check covers.
            byte[] aad = "{\"purpose\":\"test\"}".getBytes(StandardCharsets.UTF_8);
            String withAad = e.encrypt(content, aad);
            assertArrayEquals(aad, D64.decode((String) JSON.std.mapFrom(withAad).get("aad")));
            for (JweDecrypter d : all) {
                assertArrayEquals(content, d.decryptJson(withAad));
            }
            // A key that is none of the recipients' does not decrypt, with the one error.
            try (JwtSecretKey mallory = JwtSecretKey.forEncryption(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                15, 16})) {
                JweDecryptionException x = assertThrows(JweDecryptionException.class, () -> JweDecrypter.builder(mallory)
                        .keyAlgorithms(JweKeyAlgorithm.A128KW).contentAlgorithms(enc).build().decryptJson(json));
                assertTrue(x.getMessage().startsWith("The JWE could not be decrypted"), x.getMessage());
            }
        }
    }

    @Test
    void flattenedRoundTripsWithDirectKeysDeflateAndAad() throws IOException {
        byte[] content = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz".getBytes(StandardCharsets.UTF_8);
        try (JwtSecretKey dir = JwtSecretKey.forEncryption(new byte[32])) {
            for (JweKeyAlgorithm alg : List.of(JweKeyAlgorithm.DIR, JweKeyAlgorithm.ECDH_ES)) {
                JwtKey enc = alg == JweKeyAlgorithm.DIR ? dir : p256.publicKey();
                JwtKey dec = alg == JweKeyAlgorithm.DIR ? dir : p256;
                JweJsonEncrypter e = JweJsonEncrypter.builder(JweContentAlgorithm.A128CBC_HS256)
                        .recipient(JweEncrypter.builder(enc).keyAlgorithm(alg).contentAlgorithm(JweContentAlgorithm.A128CBC_HS256)
                                .build(), Map.of("x-recipient", 1))
                        .deflate().flattened().build();
                String json = e.encrypt(content, new byte[] {9});
                Map<String, Object> m = JSON.std.mapFrom(json);
                assertFalse(m.containsKey("recipients"));
                assertFalse(m.containsKey("encrypted_key"), "dir and ECDH-ES have no encrypted key");
                assertEquals(alg.joseName(), ((Map<?, ?>) m.get("header")).get("alg"));
                assertEquals(1, ((Number) ((Map<?, ?>) m.get("header")).get("x-recipient")).intValue());
                JweDecrypter d = JweDecrypter.builder(dec).keyAlgorithms(alg)
                        .contentAlgorithms(JweContentAlgorithm.A128CBC_HS256).build();
                assertArrayEquals(content, d.decryptJson(json));
                assertThrows(MalformedJwtException.class, () -> d.decrypt(json));
            }
        }
    }

    @Test
    void encrypterBuilderRefusals() {
        try (JwtSecretKey k = JwtSecretKey.forEncryption(new byte[16]); JwtSecretKey dir = JwtSecretKey.forEncryption(new byte[32])) {
            JweEncrypter kw = JweEncrypter.builder(k).keyAlgorithm(JweKeyAlgorithm.A128KW)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).build();
            JweEncrypter direct = JweEncrypter.builder(dir).keyAlgorithm(JweKeyAlgorithm.DIR)
                    .contentAlgorithm(JweContentAlgorithm.A256GCM).build();
            List<Runnable> refused = new ArrayList<>();
            refused.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).build());
            refused.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).recipient(kw).recipient(kw).flattened().build());
            refused.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A256GCM).recipient(direct)
                    .recipient(JweEncrypter.builder(dir).keyAlgorithm(JweKeyAlgorithm.A256KW)
                            .contentAlgorithm(JweContentAlgorithm.A256GCM).build()).build());
            for (Runnable r : refused) {
                assertThrows(IllegalStateException.class, r::run);
            }
            List<Runnable> bad = new ArrayList<>();
            bad.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A256GCM).recipient(kw));
            bad.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).recipient(JweEncrypter.builder(k)
                    .keyAlgorithm(JweKeyAlgorithm.A128KW).contentAlgorithm(JweContentAlgorithm.A128GCM).type("JWT").build()));
            bad.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).protectedHeader("alg", "A128KW"));
            bad.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).sharedHeader("zip", "DEF"));
            bad.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).recipient(kw, Map.of("p2c", 1)));
            bad.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).protectedHeader("x", 1).sharedHeader("x", 2)
                    .recipient(kw).build());
            bad.add(() -> JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).sharedHeader("x", 1).recipient(kw, Map.of("x", 2))
                    .build());
            bad.add(() -> {
                JweJsonEncrypter.Builder b = JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM);
                for (int i = 0; i < 17; i++) {
                    b.recipient(kw);
                }
            });
            for (Runnable r : bad) {
                assertThrows(IllegalArgumentException.class, r::run);
            }
        }
    }
}
