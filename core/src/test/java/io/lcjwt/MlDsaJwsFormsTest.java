package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * ML-DSA in every JWS form lcjwt signs and verifies: compact claims and content, detached (with
 * and without RFC 7797's unencoded payload), flattened JSON, and the hybrid migration shape, one
 * payload signed by ES256 and ML-DSA-65 in a general JSON JWS, verified under the all-signatures
 * and the any-signature policies. The committed hybrid fixture ({@code mldsa/hybrid.json}) shows
 * what a verifier on a libcrypto without ML-DSA does with such a JWS.
 */
class MlDsaJwsFormsTest {

    private static final byte[] PAYLOAD = "{\"sub\":\"alice\",\"iss\":\"https://id.example\"}".getBytes(StandardCharsets.UTF_8);

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void everyFormSignsAndVerifies(Algorithm alg) {
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(alg));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(alg).withKeyId("pq"); JwtPublicKey pub = key.publicKey()) {
            JwtSigner signer = JwtSigner.builder(key).algorithm(alg).build();
            JwtVerifier v = TestTokens.builder(pub).algorithms(alg).audience(TestTokens.AUD).clock(TestTokens.CLOCK).build();

            String token = signer.sign(Map.of("sub", "alice", "aud", TestTokens.AUD, "exp", TestTokens.NOW + 60));
            assertEquals("alice", v.decode(token).get("sub"));
            assertEquals(alg, v.decodeJwt(token, Map.class).header().algorithm());
            byte[] out = new byte[8192];
            int n = signer.signTo(Map.of("sub", "bob", "aud", TestTokens.AUD, "exp", TestTokens.NOW + 60), out, 0);
            assertEquals("bob", v.decode(out, 0, n).get("sub"));
            assertArrayEquals(PAYLOAD, v.verifyContent(signer.signContent(PAYLOAD)));
            assertEquals(alg, v.verifyDetached(signer.signDetached(PAYLOAD), PAYLOAD).algorithm());
            assertArrayEquals(PAYLOAD, v.verifyJson(signer.signFlattened(PAYLOAD)).payload());
            assertEquals(1, v.verifyJson(signer.signFlattenedDetached(PAYLOAD), PAYLOAD).headers().size());

            JwtSigner raw = JwtSigner.builder(key).algorithm(alg).unencodedPayload().build();
            JwtVerifier rawV = JwtVerifier.builder(pub).algorithms(alg).allowUnencodedPayload().build();
            byte[] body = new byte[200_000]; // a large detached body, signed in place
            java.util.Arrays.fill(body, (byte) 'x');
            assertEquals(alg, rawV.verifyDetached(raw.signDetached(body), body).algorithm());
            body[199_999] = 'y';
            String forBody = raw.signDetached(PAYLOAD);
            assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> rawV.verifyDetached(forBody, body)));
        }
    }

    @Test
    void theHybridJwsVerifiesUnderBothPolicies() {
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(Algorithm.ML_DSA_65));
            return;
        }
        try (JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("ec-2026");
             JwtPrivateKey pq = JwtPrivateKey.generate(Algorithm.ML_DSA_65).withKeyId("pq-2026")) {
            String json = JwtSigner.signGeneral(PAYLOAD, JwtSigner.builder(ec).algorithm(Algorithm.ES256).build(),
                    JwtSigner.builder(pq).algorithm(Algorithm.ML_DSA_65).build());
            assertHybridPolicies(json, ec.publicKey().toJwk(), pq.publicKey().toJwk());

            // The ML-DSA signature altered: the all-signatures policy refuses; any-signature accepts on ES256 alone.
            String sig = (String) ((Map<?, ?>) ((List<?>) io.lcjwt.internal.keys.Jwk.readObject(json).get("signatures"))
                    .get(1)).get("signature");
            String forged = json.replace(sig, sig.substring(0, 20) + (sig.charAt(20) == 'A' ? 'B' : 'A') + sig.substring(21));
            JwtVerifier both = JwtVerifier.builder(List.of(ec.publicKey(), pq.publicKey()))
                    .algorithms(Algorithm.ES256, Algorithm.ML_DSA_65).build();
            assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> both.verifyJson(forged)));
            assertEquals(List.of(Algorithm.ES256), both.verifyJsonAnySignature(forged).headers().stream()
                    .map(JwtHeader::algorithm).toList());
        }
    }

    @Test
    void theCommittedHybridFixtureShowsBothGenerationsOfVerifier() throws IOException {
        Map<String, Object> f = fixture();
        String json = (String) f.get("jws");
        String ecJwk = MlDsaTesting.json(f.get("es256"));
        String pqJwk = MlDsaTesting.json(f.get("mldsa65"));
        try (JwtKey ec = JwtKey.fromJwk(ecJwk)) {
            // A verifier that knows ES256 only, on any libcrypto: it accepts the hybrid JWS under
            // the any-signature policy, and refuses it under all-signatures (ML-DSA-65 is not on its list).
            JwtVerifier legacy = JwtVerifier.builder(ec).algorithms(Algorithm.ES256).build();
            VerifiedJws any = legacy.verifyJsonAnySignature(json);
            assertArrayEquals(((String) f.get("payload")).getBytes(StandardCharsets.UTF_8), any.payload());
            assertEquals(List.of("ec-2026"), any.headers().stream().map(JwtHeader::keyId).toList());
            assertInstanceOf(AlgorithmNotAllowedException.class, assertThrows(JwtException.class, () -> legacy.verifyJson(json)));
            if (!MlDsaTesting.available()) {
                MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(pqJwk));
                MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class,
                        () -> JwtVerifier.builder(ec).algorithms(Algorithm.ES256, Algorithm.ML_DSA_65).build());
                return;
            }
            assertHybridPolicies(json, ecJwk, pqJwk);
        }
    }

    /**
     * A hybrid JWS stripped of its ML-DSA signature is a valid JWS of one signature: the
     * all-signatures policy requires every signature present to verify, not that any algorithm be
     * present. The migration recipe (docs/post-quantum.md) therefore checks which algorithms
     * verified; this is what that check catches.
     */
    @Test
    void aHybridJwsStrippedOfItsMlDsaSignatureIsCaughtByCheckingTheHeaders() throws IOException {
        Map<String, Object> f = fixture();
        Map<String, Object> jws = new LinkedHashMap<>(io.lcjwt.internal.keys.Jwk.readObject((String) f.get("jws")));
        List<?> signatures = (List<?>) jws.get("signatures");
        jws.put("signatures", List.of(signatures.get(0))); // the ES256 one alone
        String stripped = MlDsaTesting.json(jws);
        try (JwtKey ec = JwtKey.fromJwk(MlDsaTesting.json(f.get("es256")))) {
            JwtVerifier legacy = JwtVerifier.builder(ec).algorithms(Algorithm.ES256).build();
            assertEquals(1, legacy.verifyJson(stripped).headers().size());
            if (!MlDsaTesting.available()) {
                MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(MlDsaTesting.json(f.get("mldsa65"))));
                return;
            }
            try (JwtKey pq = JwtKey.fromJwk(MlDsaTesting.json(f.get("mldsa65")))) {
                JwtVerifier upgraded = JwtVerifier.builder(List.of(ec, pq)).algorithms(Algorithm.ES256, Algorithm.ML_DSA_65).build();
                VerifiedJws whole = upgraded.verifyJson((String) f.get("jws"));
                VerifiedJws strippedResult = upgraded.verifyJson(stripped); // every signature present verified
                java.util.function.Predicate<VerifiedJws> bothVerified = r -> r.headers().stream().map(JwtHeader::algorithm)
                        .collect(java.util.stream.Collectors.toSet()).containsAll(List.of(Algorithm.ES256, Algorithm.ML_DSA_65));
                assertEquals(true, bothVerified.test(whole));
                assertEquals(false, bothVerified.test(strippedResult), "the recipe's check refuses the stripped JWS");
            }
        }
    }

    /** The hybrid JWS verifies with both keys under both policies, and with either key alone under any-signature only. */
    private static void assertHybridPolicies(String json, String ecJwk, String pqJwk) {
        try (JwtKey ec = JwtKey.fromJwk(ecJwk); JwtKey pq = JwtKey.fromJwk(pqJwk)) {
            JwtVerifier both = JwtVerifier.builder(List.of(ec, pq)).algorithms(Algorithm.ES256, Algorithm.ML_DSA_65).build();
            assertEquals(List.of(Algorithm.ES256, Algorithm.ML_DSA_65),
                    both.verifyJson(json).headers().stream().map(JwtHeader::algorithm).toList());
            assertEquals(2, both.verifyJsonAnySignature(json).headers().size());
            JwtVerifier pqOnly = JwtVerifier.builder(pq).algorithms(Algorithm.ML_DSA_65).build();
            assertEquals(List.of(Algorithm.ML_DSA_65),
                    pqOnly.verifyJsonAnySignature(json).headers().stream().map(JwtHeader::algorithm).toList());
            assertInstanceOf(AlgorithmNotAllowedException.class, assertThrows(JwtException.class, () -> pqOnly.verifyJson(json)));
            // Knowing both algorithms but holding only the ML-DSA key: the ES256 signature's key is unknown.
            JwtVerifier pqKeyBothAlgs = JwtVerifier.builder(List.of(pq, JwtPrivateKey.generate(Algorithm.ES256).publicKey()))
                    .algorithms(Algorithm.ES256, Algorithm.ML_DSA_65).build();
            assertInstanceOf(UnknownKeyException.class, assertThrows(JwtException.class, () -> pqKeyBothAlgs.verifyJson(json)));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> fixture() throws IOException {
        try (InputStream in = MlDsaJwsFormsTest.class.getResourceAsStream("/mldsa/hybrid.json")) {
            return io.lcjwt.internal.keys.Jwk.readObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /**
     * Writes {@code src/test/resources/mldsa/hybrid.json} (run once, on aws-lc, from the module
     * directory): fresh ES256 and ML-DSA-65 keys, their public JWKs, and a general JWS of a fixed
     * payload signed by both.
     */
    public static void main(String[] args) throws IOException {
        String payload = "{\"sub\":\"alice\",\"iss\":\"https://id.example\",\"exp\":4102444800}";
        try (JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("ec-2026");
             JwtPrivateKey pq = JwtPrivateKey.generate(Algorithm.ML_DSA_65).withKeyId("pq-2026")) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("payload", payload);
            f.put("es256", io.lcjwt.internal.keys.Jwk.readObject(ec.publicKey().toJwk()));
            f.put("mldsa65", io.lcjwt.internal.keys.Jwk.readObject(pq.publicKey().toJwk()));
            f.put("jws", JwtSigner.signGeneral(payload.getBytes(StandardCharsets.UTF_8),
                    JwtSigner.builder(ec).algorithm(Algorithm.ES256).build(),
                    JwtSigner.builder(pq).algorithm(Algorithm.ML_DSA_65).build()));
            Files.writeString(Path.of("src/test/resources/mldsa/hybrid.json"), MlDsaTesting.json(f) + "\n");
        }
    }
}
