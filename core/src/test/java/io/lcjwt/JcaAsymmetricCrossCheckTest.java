package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both directions against the JDK (an independent implementation, tests only), for every
 * algorithm and RSA size the JDK can do: the JDK generates the key and signs, lcjwt imports the
 * DER and verifies; lcjwt signs and the JDK verifies. (The JDK has no secp256k1, so ES256K is
 * checked by round trip in {@link AsymmetricRoundTripTest}.)
 */
class JcaAsymmetricCrossCheckTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of(Algorithm.RS256, 2048), Arguments.of(Algorithm.RS384, 3072), Arguments.of(Algorithm.RS512, 4096),
                Arguments.of(Algorithm.PS256, 2048), Arguments.of(Algorithm.PS384, 3072), Arguments.of(Algorithm.PS512, 4096),
                Arguments.of(Algorithm.ES256, 0), Arguments.of(Algorithm.ES384, 0), Arguments.of(Algorithm.ES512, 0),
                Arguments.of(Algorithm.EdDSA, 0));
    }

    static KeyPair jcaKeyPair(Algorithm alg, int bits) throws Exception {
        return switch (alg.family()) {
            case RSA, RSA_PSS -> {
                KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
                g.initialize(bits);
                yield g.generateKeyPair();
            }
            case ECDSA -> {
                KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
                g.initialize(new ECGenParameterSpec(switch (alg) {
                    case ES384 -> "secp384r1";
                    case ES512 -> "secp521r1";
                    default -> "secp256r1";
                }));
                yield g.generateKeyPair();
            }
            default -> KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        };
    }

    static Signature jcaSignature(Algorithm alg) throws Exception {
        String h = "SHA-" + alg.hashBytes() * 8;
        return switch (alg.family()) {
            case RSA -> Signature.getInstance("SHA" + alg.hashBytes() * 8 + "withRSA");
            case RSA_PSS -> {
                Signature s = Signature.getInstance("RSASSA-PSS");
                s.setParameter(new PSSParameterSpec(h, "MGF1", new MGF1ParameterSpec(h), alg.hashBytes(), 1));
                yield s;
            }
            case ECDSA -> Signature.getInstance("SHA" + alg.hashBytes() * 8 + "withECDSAinP1363Format");
            default -> Signature.getInstance("Ed25519");
        };
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void bothWays(Algorithm alg, int bits) throws Exception {
        KeyPair jdk = jcaKeyPair(alg, bits);
        try (JwtPrivateKey priv = JwtPrivateKey.fromDer(jdk.getPrivate().getEncoded());
             JwtPublicKey pub = JwtPublicKey.fromDer(jdk.getPublic().getEncoded())) {
            JwtVerifier v = JwtVerifier.builder(pub).algorithms(alg).clock(TestTokens.CLOCK).build();
            String header = TestTokens.b64("{\"alg\":\"" + alg.jwsName() + "\",\"typ\":\"JWT\"}");
            String payload = TestTokens.b64("{\"sub\":\"jdk\",\"exp\":1700003600}");
            String input = header + "." + payload;

            // JDK signs, lcjwt verifies.
            Signature s = jcaSignature(alg);
            s.initSign(jdk.getPrivate());
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            String token = input + "." + TestTokens.b64(s.sign());
            assertEquals("jdk", v.decode(token).get("sub"));

            // lcjwt signs, JDK verifies; and lcjwt's public key matches the JDK's.
            String mine = JwtSigner.builder(priv).algorithm(alg).build().sign(Map.of("sub", "lcjwt", "exp", 1700003600L));
            int dot = mine.lastIndexOf('.');
            Signature check = jcaSignature(alg);
            check.initVerify(KeyFactory.getInstance(jdk.getPublic().getAlgorithm())
                    .generatePublic(new X509EncodedKeySpec(priv.publicKey().toDer())));
            check.update(mine.substring(0, dot).getBytes(StandardCharsets.US_ASCII));
            assertTrue(check.verify(java.util.Base64.getUrlDecoder().decode(mine.substring(dot + 1))));
            assertEquals("lcjwt", v.decode(mine).get("sub"));

            // Tampering is refused.
            String tampered = input.replace(payload, TestTokens.b64("{\"sub\":\"root\",\"exp\":1700003600}"))
                    + token.substring(token.lastIndexOf('.'));
            assertThrows(BadSignatureException.class, () -> v.decode(tampered));
        }
    }
}
