package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * RFC 9964's JOSE examples (the all-zero seed at each level), from fixtures under
 * {@code src/test/resources/rfc9964/} transcribed from the examples the RFC's authors publish:
 * the JWK's seed yields its public key, the JWK's RFC 7638 thumbprint is its {@code kid}, the
 * example JWS verifies with the public JWK, and lcjwt's own signature with the seed verifies too.
 * On a libcrypto without ML-DSA, every import of the example keys is refused, naming what is needed.
 */
class Rfc9964ExamplesTest {

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void theExampleIsSelfConsistent(Algorithm alg) {
        // The fixture's raw members agree with its JWK and JWS: they were transcribed whole.
        Map<String, Object> f = MlDsaTesting.example(alg);
        Map<String, Object> jwk = MlDsaTesting.exampleJwk(alg);
        String jws = (String) f.get("jws");
        assertEquals("AKP", jwk.get("kty"));
        assertEquals(alg.jwsName(), jwk.get("alg"));
        assertArrayEquals(new byte[32], HexFormat.of().parseHex((String) f.get("priv")));
        assertArrayEquals(new byte[32], Base64.getUrlDecoder().decode((String) jwk.get("priv")));
        byte[] pub = Base64.getUrlDecoder().decode((String) jwk.get("pub"));
        assertEquals(MlDsaTesting.publicBytes(alg), pub.length);
        assertArrayEquals(HexFormat.of().parseHex((String) f.get("raw_public_key")), pub);
        assertEquals(new String(HexFormat.of().parseHex((String) f.get("raw_to_be_signed")), StandardCharsets.US_ASCII),
                jws.substring(0, jws.lastIndexOf('.')));
        byte[] sig = Base64.getUrlDecoder().decode(jws.substring(jws.lastIndexOf('.') + 1));
        assertEquals(MlDsaTesting.signatureBytes(alg), sig.length);
        assertArrayEquals(HexFormat.of().parseHex((String) f.get("raw_signature")), sig);
        assertEquals(alg, Unverified.header(jws).algorithm());
        assertEquals(jwk.get("kid"), Unverified.header(jws).keyId());
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void theExampleTokenVerifiesWithItsJwk(Algorithm alg) {
        String jwk = MlDsaTesting.examplePublicJwk(alg);
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(jwk));
            return;
        }
        String jws = (String) MlDsaTesting.example(alg).get("jws");
        try (JwtKey key = JwtKey.fromJwk(jwk)) {
            JwtPublicKey pub = assertInstanceOf(JwtPublicKey.class, key);
            assertEquals("AKP", pub.keyType());
            JwtVerifier v = JwtVerifier.builder(pub).algorithms(alg).build();
            assertEquals("It’s a dangerous business, Frodo, going out your door.",
                    new String(v.verifyContent(jws), StandardCharsets.UTF_8));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void theThumbprintIsTheExamplesKid(Algorithm alg) {
        String kid = (String) MlDsaTesting.exampleJwk(alg).get("kid");
        String publicJwk = MlDsaTesting.examplePublicJwk(alg);
        String privateJwk = MlDsaTesting.json(MlDsaTesting.exampleJwk(alg));
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(publicJwk));
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(privateJwk));
            return;
        }
        try (JwtKey pub = JwtKey.fromJwk(publicJwk); JwtKey priv = JwtKey.fromJwk(privateJwk)) {
            assertEquals(kid, pub.thumbprint());
            assertEquals(kid, priv.thumbprint());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void theSeedYieldsTheExamplesPublicKey(Algorithm alg) {
        Map<String, Object> jwk = MlDsaTesting.exampleJwk(alg);
        String privateJwk = MlDsaTesting.json(jwk);
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(privateJwk));
            return;
        }
        try (JwtPrivateKey priv = assertInstanceOf(JwtPrivateKey.class, JwtKey.fromJwk(privateJwk));
             JwtPublicKey derived = priv.publicKey()) {
            Map<String, Object> out = io.lcjwt.internal.keys.Jwk.readObject(derived.toJwk());
            assertEquals(jwk.get("pub"), out.get("pub"), "the public key lcjwt derives from the all-zero seed");
            assertEquals(jwk.get("kid"), out.get("kid"));
            // The seed signs what the example's public key verifies.
            String mine = JwtSigner.builder(priv).algorithm(alg).build()
                    .signContent("lcjwt".getBytes(StandardCharsets.UTF_8));
            try (JwtKey published = JwtKey.fromJwk(MlDsaTesting.examplePublicJwk(alg))) {
                assertEquals("lcjwt", new String(JwtVerifier.builder(published).algorithms(alg).build().verifyContent(mine),
                        StandardCharsets.UTF_8));
            }
            // And its private JWK is the example's, member for member.
            assertEquals(jwk, io.lcjwt.internal.keys.Jwk.readObject(priv.toJwk()));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void theExampleTokenWithOneByteChangedIsRefused(Algorithm alg) {
        String jwk = MlDsaTesting.examplePublicJwk(alg);
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(jwk));
            return;
        }
        String jws = (String) MlDsaTesting.example(alg).get("jws");
        int dot = jws.lastIndexOf('.');
        byte[] sig = Base64.getUrlDecoder().decode(jws.substring(dot + 1));
        sig[sig.length - 1] ^= 0x01;
        String forged = jws.substring(0, dot + 1) + TestTokens.b64(sig);
        try (JwtKey key = JwtKey.fromJwk(jwk)) {
            JwtVerifier v = JwtVerifier.builder(key).algorithms(alg).build();
            assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> v.verifyContent(forged)));
        }
    }
}
