package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JDK's own ML-DSA (JEP 497, JDK 24+) as an independent oracle, tests only, at all three
 * levels and in both directions: tokens the JDK signs verify in lcjwt, tokens lcjwt signs verify
 * in the JDK, and keys cross between the two through their encodings. On a libcrypto without
 * ML-DSA, the same keys are refused at import, naming what is needed.
 */
class MlDsaJdkCrossCheckTest {

    private static final String HEADER_TEMPLATE = "{\"alg\":\"%s\",\"typ\":\"JWT\"}";

    private static KeyPair jdkKeyPair(Algorithm alg) throws Exception {
        return KeyPairGenerator.getInstance(alg.jwsName()).generateKeyPair();
    }

    private static String jdkSigned(Algorithm alg, PrivateKey key) throws Exception {
        String input = TestTokens.b64(HEADER_TEMPLATE.formatted(alg.jwsName())) + "." + TestTokens.b64(TestTokens.CLAIMS);
        Signature s = Signature.getInstance("ML-DSA");
        s.initSign(key);
        s.update(input.getBytes(StandardCharsets.US_ASCII));
        return input + "." + TestTokens.b64(s.sign());
    }

    private static boolean jdkVerifies(String token, PublicKey key) throws Exception {
        int dot = token.lastIndexOf('.');
        Signature s = Signature.getInstance("ML-DSA");
        s.initVerify(key);
        s.update(token.substring(0, dot).getBytes(StandardCharsets.US_ASCII));
        return s.verify(Base64.getUrlDecoder().decode(token.substring(dot + 1)));
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void tokensTheJdkSignsVerifyInLcjwt(Algorithm alg) throws Exception {
        KeyPair jdk = jdkKeyPair(alg);
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtPublicKey.from(jdk.getPublic()));
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtPublicKey.fromDer(jdk.getPublic().getEncoded()));
            return;
        }
        String token = jdkSigned(alg, jdk.getPrivate());
        try (JwtPublicKey key = JwtPublicKey.from(jdk.getPublic())) {
            JwtVerifier v = TestTokens.builder(key).algorithms(alg).audience(TestTokens.AUD).clock(TestTokens.CLOCK).build();
            assertEquals("alice", v.decode(token).get("sub"));
            // The JDK's encoding is the one lcjwt writes back.
            assertArrayEquals(jdk.getPublic().getEncoded(), key.toDer());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void tokensLcjwtSignsVerifyInTheJdk(Algorithm alg) throws Exception {
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(alg));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(alg); JwtPublicKey pub = key.publicKey()) {
            JwtSigner signer = JwtSigner.builder(key).algorithm(alg).build();
            String token = signer.sign(Map.of("sub", "alice", "aud", TestTokens.AUD, "exp", 4_102_444_800L));
            PublicKey jdkPub = KeyFactory.getInstance("ML-DSA").generatePublic(new X509EncodedKeySpec(pub.toDer()));
            assertTrue(jdkVerifies(token, jdkPub), "the JDK verifies lcjwt's " + alg.jwsName() + " token");
            assertTrue(jdkVerifies(token, pub.toJavaKey()), "and with the key lcjwt bridges to it");
            byte[] sig = Base64.getUrlDecoder().decode(token.substring(token.lastIndexOf('.') + 1));
            assertEquals(MlDsaTesting.signatureBytes(alg), sig.length);
            String altered = token.substring(0, token.indexOf('.') + 1) + "x" + token.substring(token.indexOf('.') + 2);
            assertFalse(jdkVerifies(altered, jdkPub), "the oracle refuses a changed token too");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void privateKeysCrossToTheJdk(Algorithm alg) throws Exception {
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(alg));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(alg); JwtPublicKey pub = key.publicKey()) {
            // toJavaKey hands the JDK the seed form, or the expanded form a JDK 24 or 25 reads instead.
            PrivateKey jdkPriv = key.toJavaKey();
            assertEquals("ML-DSA", jdkPriv.getAlgorithm().substring(0, 6));
            String token = jdkSigned(alg, jdkPriv);
            JwtVerifier v = TestTokens.builder(pub).algorithms(alg).audience(TestTokens.AUD).clock(TestTokens.CLOCK).build();
            assertEquals("alice", v.decode(token).get("sub"), "the JDK signs with lcjwt's key");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void jdkPrivateKeysImportByTheirEncoding(Algorithm alg) throws Exception {
        KeyPair jdk = jdkKeyPair(alg);
        byte[] pkcs8 = jdk.getPrivate().getEncoded();
        // RFC 9881's CHOICE inside the PKCS#8 OCTET STRING: [0] seed, OCTET STRING expandedKey, or both.
        int choiceTag = innerChoiceTag(pkcs8);
        if (choiceTag == 0x04) {
            // JDK 24 and 25 write the expanded form only, which nothing can check: refused on every libcrypto.
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwtPrivateKey.from(jdk.getPrivate()));
            assertTrue(e.getMessage().contains("only its expanded form, which lcjwt cannot check for consistency"),
                    e.getMessage());
            return;
        }
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtPrivateKey.from(jdk.getPrivate()));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.from(jdk.getPrivate()); JwtPublicKey pub = key.publicKey()) {
            assertArrayEquals(jdk.getPublic().getEncoded(), pub.toDer());
            String token = JwtSigner.builder(key).algorithm(alg).build().signContent(new byte[] {1, 2, 3});
            assertTrue(jdkVerifies(token, jdk.getPublic()));
        }
    }

    /** The tag of the ML-DSA private key CHOICE inside a PKCS#8 (v1, no attributes) the JDK wrote. */
    private static int innerChoiceTag(byte[] pkcs8) {
        int i = 1 + lengthBytes(pkcs8, 1); // SEQUENCE
        i += 3; // INTEGER version
        i += 2 + (pkcs8[i + 1] & 0xFF); // AlgorithmIdentifier SEQUENCE (short)
        i += 1 + lengthBytes(pkcs8, i + 1); // OCTET STRING privateKey
        return pkcs8[i] & 0xFF;
    }

    private static int lengthBytes(byte[] b, int at) {
        int first = b[at] & 0xFF;
        return first < 0x80 ? 1 : 1 + (first & 0x7F);
    }
}
