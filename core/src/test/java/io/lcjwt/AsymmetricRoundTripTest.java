package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every asymmetric algorithm: generate, sign, verify; and the key through PEM, DER and JWK. */
class AsymmetricRoundTripTest {

    @ParameterizedTest
    // ML-DSA, which only some libcryptos have, goes through every key form in MlDsaKeysTest.
    @EnumSource(value = Algorithm.class, names = {"HS256", "HS384", "HS512", "ML_DSA_44", "ML_DSA_65", "ML_DSA_87"},
            mode = EnumSource.Mode.EXCLUDE)
    void signVerifyAndEveryKeyFormat(Algorithm alg) {
        try (JwtPrivateKey priv = JwtPrivateKey.generate(alg).withKeyId("k-" + alg.jwsName());
             JwtPublicKey pub = priv.publicKey()) {
            assertEquals("k-" + alg.jwsName(), pub.keyId());
            String token = JwtSigner.builder(priv).algorithm(alg).build().sign(Map.of("sub", "a", "exp", TestTokens.NOW + 60));
            assertEquals("k-" + alg.jwsName(), Unverified.header(token).keyId());
            for (JwtKey k : new JwtKey[] {pub, JwtPublicKey.fromPem(pub.toPem()), JwtPublicKey.fromDer(pub.toDer()),
                    JwtKey.fromJwk(pub.toJwk()), JwtPrivateKey.fromDer(priv.toDer()).publicKey(),
                    ((JwtPrivateKey) JwtKey.fromJwk(priv.toJwk())).publicKey()}) {
                JwtVerifier v = JwtVerifier.builder(k).algorithms(alg).clock(TestTokens.CLOCK).build();
                assertEquals("a", v.decode(token).get("sub"));
                assertEquals(pub.thumbprint(), k.thumbprint());
            }
            String pemPriv = "-----BEGIN PRIVATE KEY-----\n"
                    + java.util.Base64.getMimeEncoder().encodeToString(priv.toDer()) + "\n-----END PRIVATE KEY-----\n";
            try (JwtPrivateKey again = JwtPrivateKey.fromPem(pemPriv)) {
                String t2 = JwtSigner.builder(again).algorithm(alg).build().signContent("x".getBytes(StandardCharsets.UTF_8));
                assertEquals("x", new String(JwtVerifier.builder(pub).algorithms(alg).build().verifyContent(t2), StandardCharsets.UTF_8));
            }
            // the public JWK carries no private member; the private one does
            assertFalse(pub.toJwk().contains("\"d\""));
            assertTrue(priv.toJwk().contains("\"d\""));
            assertFalse(priv.toString().contains(priv.toJwk()));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ES256", "ES256K", "ES384", "ES512"})
    void ecJwkCoordinatesAreFullWidth(Algorithm alg) {
        try (JwtPrivateKey priv = JwtPrivateKey.generate(alg)) {
            Map<String, Object> jwk = io.lcjwt.internal.keys.Jwk.readObject(priv.publicKey().toJwk());
            int c = alg == Algorithm.ES384 ? 48 : alg == Algorithm.ES512 ? 66 : 32;
            assertEquals(c, java.util.Base64.getUrlDecoder().decode((String) jwk.get("x")).length);
            assertEquals(c, java.util.Base64.getUrlDecoder().decode((String) jwk.get("y")).length);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"RS256", "ES256", "EdDSA"})
    void closedKeysFailCleanly(Algorithm alg) {
        JwtPrivateKey priv = JwtPrivateKey.generate(alg);
        JwtPublicKey pub = priv.publicKey();
        JwtVerifier v = JwtVerifier.builder(pub).algorithms(alg).build();
        JwtSigner s = JwtSigner.builder(priv).algorithm(alg).build();
        String t = s.signContent(new byte[] {1});
        pub.close();
        pub.close();
        priv.close();
        assertThrows(IllegalStateException.class, () -> v.verifyContent(t));
        assertThrows(IllegalStateException.class, () -> s.signContent(new byte[] {1}));
    }
}
