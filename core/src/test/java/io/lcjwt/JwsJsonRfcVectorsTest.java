package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static io.lcjwt.RfcAsymmetricVectorsTest.fixture;
import static io.lcjwt.RfcAsymmetricVectorsTest.json;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JWS forms beyond compact against published vectors, transcribed under
 * {@code src/test/resources/rfc/}: RFC 7515 A.6 (general, two signatures) and A.7 (flattened),
 * RFC 7797 section 4 ({@code $.02}, unencoded) in its compact, detached and JSON forms, and the
 * JOSE cookbook's JWS cases RFC 7520 4.5-4.8 (detached content, unprotected header fields,
 * content-only protection, multiple signatures) in their compact, flattened and general
 * outputs. Every signature is also checked by the JDK (the oracle), so a fixture typo cannot
 * make lcjwt look right, and lcjwt's signer reproduces the deterministic (HMAC) outputs.
 */
class JwsJsonRfcVectorsTest {

    private static final Base64.Decoder B64 = Base64.getUrlDecoder();

    // ---- the JDK as the oracle ------------------------------------------------------------------

    static void jcaVerifies(JwtKey key, String alg, String signingInput, String sigB64) throws GeneralSecurityException {
        byte[] input = signingInput.getBytes(StandardCharsets.UTF_8);
        byte[] sig = B64.decode(sigB64);
        boolean ok;
        if (alg.startsWith("HS")) {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance(TestTokens.jca(alg));
            mac.init(((JwtSecretKey) key).toJavaKey());
            ok = java.security.MessageDigest.isEqual(mac.doFinal(input), sig);
        } else {
            JwtPublicKey pub = key instanceof JwtPrivateKey pk ? pk.publicKey() : (JwtPublicKey) key;
            Signature s = Signature.getInstance(switch (alg) {
                case "RS256" -> "SHA256withRSA";
                case "ES256" -> "SHA256withECDSAinP1363Format";
                case "ES512" -> "SHA512withECDSAinP1363Format";
                default -> throw new AssertionError(alg);
            });
            s.initVerify(pub.toJavaKey());
            s.update(input);
            ok = s.verify(sig);
        }
        assertTrue(ok, "the JDK verifies the fixture's " + alg + " signature");
    }

    static JwtPublicKey publicKey(String fixture, String kid) throws IOException {
        JwtKey k = JwtKey.fromJwk(json(fixture(fixture).get("jwk")));
        JwtPublicKey pub = k instanceof JwtPrivateKey pk ? pk.publicKey() : (JwtPublicKey) k;
        return pub.withKeyId(kid);
    }

    // ---- RFC 7515 A.6 and A.7 -------------------------------------------------------------------

    @Test
    void rfc7515AppendixA6GeneralTwoSignatures() throws Exception {
        Map<String, Object> f = fixture("rfc7515-a6.json");
        JwtPublicKey rsa = publicKey("rfc7515-a2.json", "2010-12-29");
        JwtPublicKey ec = publicKey("rfc7515-a3.json", "e9bc097a-ce51-4036-9562-d2ade882db0d");
        @SuppressWarnings("unchecked")
        Map<String, Object> jws = (Map<String, Object>) f.get("jws");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> sigs = (List<Map<String, Object>>) jws.get("signatures");
        jcaVerifies(rsa, "RS256", sigs.get(0).get("protected") + "." + jws.get("payload"), (String) sigs.get(0).get("signature"));
        jcaVerifies(ec, "ES256", sigs.get(1).get("protected") + "." + jws.get("payload"), (String) sigs.get(1).get("signature"));

        JwtVerifier both = JwtVerifier.builder(List.of(rsa, ec)).algorithms(Algorithm.RS256, Algorithm.ES256).build();
        VerifiedJws v = both.verifyJson(json(jws));
        assertArrayEquals(((String) f.get("payload")).getBytes(StandardCharsets.UTF_8), v.payload());
        assertEquals(List.of(Algorithm.RS256, Algorithm.ES256), v.headers().stream().map(JwtHeader::algorithm).toList());
        assertEquals("2010-12-29", v.unprotectedHeaders().get(0).get("kid"));
        assertEquals("e9bc097a-ce51-4036-9562-d2ade882db0d", v.unprotectedHeaders().get(1).get("kid"));
        assertNull(v.headers().get(0).keyId(), "the kid was unprotected, so the protected header has none");

        // A verifier that knows the EC key and another RSA key: every signature must verify with
        // a known key, so this one refuses...
        JwtPublicKey otherRsa = JwtPrivateKey.generateRsa(2048).publicKey().withKeyId("other");
        JwtVerifier ecOnly = JwtVerifier.builder(List.of(otherRsa, ec)).algorithms(Algorithm.RS256, Algorithm.ES256).build();
        assertInstanceOf(UnknownKeyException.class, assertThrows(JwtException.class, () -> ecOnly.verifyJson(json(jws))));
        // ...and one good signature is enough for the policy that says so.
        VerifiedJws any = ecOnly.verifyJsonAnySignature(json(jws));
        assertEquals(List.of(Algorithm.ES256), any.headers().stream().map(JwtHeader::algorithm).toList());
        // An algorithm off the allow-list is refused under "all" before any crypto, skipped under "any".
        JwtVerifier esAllowed = JwtVerifier.builder(List.of(rsa, ec)).algorithms(Algorithm.ES256).build();
        assertInstanceOf(AlgorithmNotAllowedException.class, assertThrows(JwtException.class, () -> esAllowed.verifyJson(json(jws))));
        assertEquals(1, esAllowed.verifyJsonAnySignature(json(jws)).headers().size());
        rsa.close();
        ec.close();
        otherRsa.close();
    }

    @Test
    void rfc7515AppendixA7Flattened() throws Exception {
        Map<String, Object> f = fixture("rfc7515-a7.json");
        JwtPublicKey ec = publicKey("rfc7515-a3.json", "e9bc097a-ce51-4036-9562-d2ade882db0d");
        @SuppressWarnings("unchecked")
        Map<String, Object> jws = (Map<String, Object>) f.get("jws");
        jcaVerifies(ec, "ES256", jws.get("protected") + "." + jws.get("payload"), (String) jws.get("signature"));
        JwtVerifier v = JwtVerifier.builder(ec).algorithms(Algorithm.ES256).build();
        VerifiedJws r = v.verifyJson(json(jws));
        assertArrayEquals(((String) f.get("payload")).getBytes(StandardCharsets.UTF_8), r.payload());
        assertEquals(Map.of("kid", "e9bc097a-ce51-4036-9562-d2ade882db0d"), r.unprotectedHeaders().get(0));

        String sig = (String) jws.get("signature");
        byte[] raw = B64.decode(sig);
        raw[5] ^= 1;
        String forged = json(jws).replace(sig, TestTokens.b64(raw));
        assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> v.verifyJson(forged)));
        ec.close();
    }

    // ---- RFC 7797 section 4 ---------------------------------------------------------------------

    @Test
    void rfc7797Section4InEveryForm() throws Exception {
        Map<String, Object> f = fixture("rfc7797-4.json");
        @SuppressWarnings("unchecked")
        Map<String, Object> u = (Map<String, Object>) f.get("unencoded");
        @SuppressWarnings("unchecked")
        Map<String, Object> e = (Map<String, Object>) f.get("encoded");
        byte[] payload = ((String) f.get("payload")).getBytes(StandardCharsets.US_ASCII);
        try (JwtSecretKey key = (JwtSecretKey) JwtKey.fromJwk(json(f.get("jwk")))) {
            jcaVerifies(key, "HS256", u.get("protected") + "." + f.get("payload"), (String) u.get("signature"));
            assertEquals(TestTokens.b64((String) u.get("protectedHeader")), u.get("protected"));

            JwtVerifier plain = JwtVerifier.builder(key).algorithms(Algorithm.HS256).build();
            JwtVerifier unencoded = JwtVerifier.builder(key).algorithms(Algorithm.HS256).allowUnencodedPayload().build();
            // 4.1: the encoded form is an ordinary compact JWS.
            assertArrayEquals(payload, plain.verifyContent((String) e.get("compact")));

            // 4.2, compact: "$.02" holds a '.', so only the detached compact form can carry it.
            String detached = (String) u.get("compactDetached");
            assertEquals(Algorithm.HS256, unencoded.verifyDetached(detached, payload).algorithm());
            assertEquals(Algorithm.HS256, unencoded.verifyDetached(detached, ByteBuffer.wrap(payload)).algorithm());
            ByteBuffer direct = ByteBuffer.allocateDirect(payload.length).put(payload).flip();
            assertEquals(Algorithm.HS256, unencoded.verifyDetached(detached, direct).algorithm());
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment seg = arena.allocate(payload.length).copyFrom(MemorySegment.ofArray(payload));
                assertEquals(Algorithm.HS256, unencoded.verifyDetached(detached, seg).algorithm());
            }
            String attached = detached.replace("..", ".$.02.");
            MalformedJwtException dot = assertThrows(MalformedJwtException.class, () -> unencoded.verifyContent(attached));
            assertTrue(dot.getMessage().contains("'.'"), dot.getMessage());
            // without the opt-in, refused as unsupported
            assertInstanceOf(UnsupportedJwtException.class,
                    assertThrows(JwtException.class, () -> plain.verifyDetached(detached, payload)));

            // 4.2, JSON: flattened with the payload as a JSON string, and detached.
            VerifiedJws flat = unencoded.verifyJson(json(u.get("flattened")));
            assertArrayEquals(payload, flat.payload());
            VerifiedJws flatDetached = unencoded.verifyJson(json(u.get("flattenedDetached")), payload);
            assertNull(flatDetached.payload());
            assertEquals(false, flatDetached.headers().get(0).get("b64"));
            String general = "{\"payload\":\"$.02\",\"signatures\":[" + json(u.get("flattenedDetached")) + "]}";
            assertArrayEquals(payload, unencoded.verifyJson(general).payload());

            // lcjwt's signer writes exactly these (HMAC is deterministic).
            JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).unencodedPayload().build();
            assertEquals(detached, signer.signDetached(payload));
            assertEquals(u.get("flattened"), readJson(signer.signFlattened(payload)));
            assertEquals(u.get("flattenedDetached"), readJson(signer.signFlattenedDetached(payload)));
            JwtSigner encoded = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
            assertEquals(e.get("compact"), encoded.signContent(payload));
        }
    }

    static Map<String, Object> readJson(String s) {
        return io.lcjwt.internal.keys.Jwk.readObject(s);
    }

    // ---- RFC 7520 4.5-4.8 (the JOSE cookbook) ---------------------------------------------------

    @SuppressWarnings("unchecked")
    static <T> T at(Map<String, Object> m, String... path) {
        Object o = m;
        for (String p : path) {
            o = ((Map<String, Object>) o).get(p);
        }
        return (T) o;
    }

    @ParameterizedTest
    @ValueSource(strings = {"rfc7520-4.5.json", "rfc7520-4.6.json", "rfc7520-4.7.json"})
    void rfc7520HmacCases(String name) throws Exception {
        Map<String, Object> f = fixture(name);
        byte[] payload = ((String) at(f, "input", "payload")).getBytes(StandardCharsets.UTF_8);
        String sigInput = at(f, "signing", "sig-input");
        String sig = at(f, "signing", "sig");
        try (JwtSecretKey key = (JwtSecretKey) JwtKey.fromJwk(json(at(f, "input", "key")))) {
            jcaVerifies(key, "HS256", sigInput, sig);
            JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256).build();
            Map<String, Object> general = at(f, "output", "json");
            Map<String, Object> flat = at(f, "output", "json_flat");
            switch (name) {
                case "rfc7520-4.5.json" -> {
                    // 4.5: detached content, in all three outputs.
                    String compact = at(f, "output", "compact");
                    assertEquals("018c0ae5-4d9b-471b-bfd6-eef314bc7037", v.verifyDetached(compact, payload).keyId());
                    assertNull(v.verifyJson(json(general), payload).payload());
                    assertNull(v.verifyJson(json(flat), payload).payload());
                    MalformedJwtException attachedWanted = assertThrows(MalformedJwtException.class,
                            () -> v.verifyJson(json(flat)));
                    assertTrue(attachedWanted.getMessage().contains("detached"), attachedWanted.getMessage());
                    JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
                    assertEquals(compact, signer.signDetached(payload));
                    assertEquals(flat, readJson(signer.signFlattenedDetached(payload)));
                    assertEquals(general, readJson(JwtSigner.signGeneralDetached(payload, signer)));
                }
                case "rfc7520-4.6.json" -> {
                    // 4.6: kid unprotected, chosen by it, reported apart.
                    for (Map<String, Object> jws : List.of(general, flat)) {
                        VerifiedJws r = v.verifyJson(json(jws));
                        assertArrayEquals(payload, r.payload());
                        assertEquals("018c0ae5-4d9b-471b-bfd6-eef314bc7037", r.unprotectedHeaders().get(0).get("kid"));
                    }
                    JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).keyId(null)
                            .unprotectedHeader("kid", "018c0ae5-4d9b-471b-bfd6-eef314bc7037").build();
                    assertEquals(flat, readJson(signer.signFlattened(payload)));
                    assertEquals(general, readJson(JwtSigner.signGeneral(payload, signer)));
                }
                default -> {
                    // 4.7: alg only unprotected. Valid JOSE, but lcjwt takes alg only from signed bytes.
                    for (Map<String, Object> jws : List.of(general, flat)) {
                        assertInstanceOf(UnsupportedJwtException.class, assertThrows(JwtException.class, () -> v.verifyJson(json(jws))));
                        assertInstanceOf(UnsupportedJwtException.class,
                                assertThrows(JwtException.class, () -> v.verifyJsonAnySignature(json(jws))));
                    }
                }
            }
        }
    }

    @Test
    void rfc7520Section48MultipleSignatures() throws Exception {
        Map<String, Object> f = fixture("rfc7520-4.8.json");
        byte[] payload = ((String) at(f, "input", "payload")).getBytes(StandardCharsets.UTF_8);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> keys = at(f, "input", "key");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> signing = at(f, "signing");
        List<String> algs = at(f, "input", "alg");
        JwtKey rsa = JwtKey.fromJwk(json(keys.get(0)));
        JwtKey ec = JwtKey.fromJwk(json(keys.get(1)));
        JwtKey hs = JwtKey.fromJwk(json(keys.get(2)));
        List<JwtKey> all = List.of(rsa, ec, hs);
        for (int i = 0; i < 3; i++) {
            jcaVerifies(all.get(i), algs.get(i), (String) signing.get(i).get("sig-input"), (String) signing.get(i).get("sig"));
        }
        JwtPublicKey rsaPub = ((JwtPrivateKey) rsa).publicKey();
        JwtVerifier v = JwtVerifier.builder(List.of(rsaPub, hs)).algorithms(Algorithm.RS256, Algorithm.HS256).build();
        String jws = json(at(f, "output", "json"));
        // The ES512 signature has alg unprotected: "all must verify" cannot hold...
        assertInstanceOf(UnsupportedJwtException.class, assertThrows(JwtException.class, () -> v.verifyJson(jws)));
        // ...while the other two verify.
        VerifiedJws r = v.verifyJsonAnySignature(jws);
        assertArrayEquals(payload, r.payload());
        assertEquals(List.of(Algorithm.RS256, Algorithm.HS256), r.headers().stream().map(JwtHeader::algorithm).toList());
        assertEquals("bilbo.baggins@hobbiton.example", r.unprotectedHeaders().get(0).get("kid"));
        assertEquals(Map.of(), r.unprotectedHeaders().get(1));

        // lcjwt signs the same payload with RS256 and HS256 (its own order), and each verifies.
        JwtSigner rs = JwtSigner.builder(rsa).algorithm(Algorithm.RS256).keyId(null)
                .unprotectedHeader("kid", "bilbo.baggins@hobbiton.example").build();
        JwtSigner hmac = JwtSigner.builder(hs).algorithm(Algorithm.HS256).build();
        String mine = JwtSigner.signGeneral(payload, rs, hmac);
        assertEquals(2, v.verifyJson(mine).headers().size());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> mySigs = (List<Map<String, Object>>) readJson(mine).get("signatures");
        assertEquals(signing.get(0).get("sig"), mySigs.get(0).get("signature"), "RSA PKCS#1 v1.5 is deterministic");
        assertEquals(signing.get(2).get("sig"), mySigs.get(1).get("signature"));
        rsaPub.close();
        for (JwtKey k : all) {
            k.close();
        }
    }
}
