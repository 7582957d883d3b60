package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #19.9: keys to and from the JDK's types. The JDK is the oracle: its keys survive the
 * round trip JCA → lcjwt → JCA unchanged, a token it signs verifies with the bridged key, and a
 * token lcjwt signs with a bridged key verifies in the JDK.
 */
class JcaBridgeTest {

    record Kind(String name, Algorithm alg, String jcaSignature, String generator, String curve) {}

    static final List<Kind> KINDS = List.of(
            new Kind("RSA-2048", Algorithm.RS256, "SHA256withRSA", "RSA", null),
            new Kind("P-256", Algorithm.ES256, "SHA256withECDSAinP1363Format", "EC", "secp256r1"),
            new Kind("P-384", Algorithm.ES384, "SHA384withECDSAinP1363Format", "EC", "secp384r1"),
            new Kind("P-521", Algorithm.ES512, "SHA512withECDSAinP1363Format", "EC", "secp521r1"),
            new Kind("Ed25519", Algorithm.EdDSA, "Ed25519", "Ed25519", null));

    static final Map<String, Object> CLAIMS = Map.of("sub", "alice", "exp", TestTokens.NOW + 60);

    @Test
    void asymmetricKeysRoundTripAndInteroperateWithTheJdk() throws Exception {
        for (Kind k : KINDS) {
            KeyPairGenerator g = KeyPairGenerator.getInstance(k.generator());
            if (k.curve() != null) {
                g.initialize(new ECGenParameterSpec(k.curve()));
            } else if (k.generator().equals("RSA")) {
                g.initialize(2048);
            }
            KeyPair jdk = g.generateKeyPair();
            try (JwtPublicKey pub = JwtPublicKey.from(jdk.getPublic()); JwtPrivateKey priv = JwtPrivateKey.from(jdk.getPrivate());
                 JwtPublicKey derived = priv.publicKey()) {
                PublicKey back = pub.toJavaKey();
                assertEquals(jdk.getPublic(), back, k.name());
                assertEquals(jdk.getPublic(), derived.toJavaKey(), k.name());
                PrivateKey privBack = priv.toJavaKey();
                assertEquals(jdk.getPrivate().getAlgorithm(), privBack.getAlgorithm(), k.name());
                assertArrayEquals(jdk.getPrivate().getEncoded(), privBack.getEncoded(), k.name());
                assertEquals(pub.thumbprint(), priv.thumbprint(), k.name());

                // The JDK signs, lcjwt verifies with the bridged key.
                String input = TestTokens.b64("{\"alg\":\"" + k.alg().jwsName() + "\"}") + "."
                        + TestTokens.b64("{\"sub\":\"alice\",\"exp\":" + (TestTokens.NOW + 60) + "}");
                Signature s = Signature.getInstance(k.jcaSignature());
                s.initSign(jdk.getPrivate());
                s.update(input.getBytes(StandardCharsets.US_ASCII));
                String token = input + "." + TestTokens.b64(s.sign());
                JwtVerifier v = JwtVerifier.builder(pub).algorithms(k.alg()).clock(TestTokens.CLOCK).build();
                assertEquals("alice", v.decode(token).get("sub"), k.name());

                // lcjwt signs with the bridged private key, the JDK verifies with its own public key
                // and with the one lcjwt hands back.
                String ours = JwtSigner.builder(priv).algorithm(k.alg()).build().sign(CLAIMS);
                int dot = ours.lastIndexOf('.');
                for (PublicKey verifyWith : List.of(jdk.getPublic(), back)) {
                    Signature verify = Signature.getInstance(k.jcaSignature());
                    verify.initVerify(verifyWith);
                    verify.update(ours.substring(0, dot).getBytes(StandardCharsets.US_ASCII));
                    assertTrue(verify.verify(Base64.getUrlDecoder().decode(ours.substring(dot + 1))), k.name());
                }
            }
        }
    }

    @Test
    void secretKeysRoundTripAndInteroperateWithTheJdk() throws Exception {
        byte[] raw = TestTokens.bytes(64, 11);
        SecretKey jdk = new SecretKeySpec(raw, "HmacSHA256");
        try (JwtSecretKey key = JwtSecretKey.from(jdk)) {
            SecretKey back = key.toJavaKey();
            assertArrayEquals(raw, back.getEncoded());
            assertEquals("RAW", back.getFormat());
            assertEquals("HmacSHA512", back.getAlgorithm(), "named for the strongest HMAC a 64-byte secret serves");
            String token = TestTokens.hs("HS256", "{\"alg\":\"HS256\"}", "{\"sub\":\"alice\",\"aud\":\"my-api\",\"exp\":"
                    + (TestTokens.NOW + 60) + "}", raw);
            JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256).audience("my-api").clock(TestTokens.CLOCK).build();
            assertEquals("alice", v.decode(token).get("sub"));
            // A JDK Mac accepts the exported key, and agrees with lcjwt.
            String ours = JwtSigner.builder(key).algorithm(Algorithm.HS512).build().sign(CLAIMS);
            int dot = ours.lastIndexOf('.');
            Mac mac = Mac.getInstance("HmacSHA512");
            mac.init(back);
            assertArrayEquals(mac.doFinal(ours.substring(0, dot).getBytes(StandardCharsets.US_ASCII)),
                    Base64.getUrlDecoder().decode(ours.substring(dot + 1)));
        }
        // Bridged secrets are checked as JwtSecretKey.of checks them.
        assertThrows(InvalidJwtKeyException.class, () -> JwtSecretKey.from(new SecretKeySpec(new byte[16], "HmacSHA256")));
    }

    @Test
    void generatedSecretsAreHashLongRandomAndUsable() throws Exception {
        Set<String> seen = new HashSet<>();
        for (Algorithm alg : List.of(Algorithm.HS256, Algorithm.HS384, Algorithm.HS512)) {
            for (int i = 0; i < 3; i++) {
                try (JwtSecretKey key = JwtSecretKey.generate(alg)) {
                    assertEquals(alg.hashBytes(), key.length(), alg.jwsName());
                    assertTrue(key.supports(alg));
                    byte[] secret = key.toJavaKey().getEncoded();
                    assertTrue(seen.add(Base64.getEncoder().encodeToString(secret)), "a secret repeated");
                    assertNotEquals(0, Arrays.hashCode(secret));
                    String token = JwtSigner.builder(key).algorithm(alg).build().sign(CLAIMS);
                    Mac mac = Mac.getInstance("Hmac" + "SHA" + alg.jwsName().substring(2));
                    mac.init(new SecretKeySpec(secret, "HMAC"));
                    int dot = token.lastIndexOf('.');
                    assertArrayEquals(mac.doFinal(token.substring(0, dot).getBytes(StandardCharsets.US_ASCII)),
                            Base64.getUrlDecoder().decode(token.substring(dot + 1)));
                }
            }
        }
        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwtSecretKey.generate(Algorithm.RS256));
        assertTrue(e.getMessage().contains("JwtPrivateKey.generate"), e.getMessage());
        e = assertThrows(InvalidJwtKeyException.class, () -> JwtPrivateKey.generate(Algorithm.HS256));
        assertTrue(e.getMessage().contains("JwtSecretKey.generate"), e.getMessage());
        NullPointerException npe = assertThrows(NullPointerException.class, () -> JwtSecretKey.generate(null));
        assertTrue(npe.getMessage().contains("algorithm"), npe.getMessage());
    }

    @Test
    void secp256k1KeysSayTheJdkHasNoSuchCurve() {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256K); JwtPublicKey pub = k.publicKey()) {
            for (Executable e : List.<Executable>of(k::toJavaKey, pub::toJavaKey)) {
                UnsupportedOperationException u = assertThrows(UnsupportedOperationException.class, e);
                assertTrue(u.getMessage().contains("secp256k1") && u.getMessage().contains("toDer"), u.getMessage());
            }
        }
    }

    /** A key a hardware token or a non-exportable store hands out, or one in a format lcjwt does not read. */
    record Opaque(String algorithm, String format, byte[] encoded) implements PublicKey, PrivateKey, SecretKey {
        @Override
        public String getAlgorithm() {
            return algorithm;
        }

        @Override
        public String getFormat() {
            return format;
        }

        @Override
        public byte[] getEncoded() {
            return encoded;
        }
    }

    @Test
    void keysWithoutAUsableEncodingAreRefusedWithAReason() {
        Opaque hardware = new Opaque("RSA", null, null);
        Opaque pkcs11 = new Opaque("EC", "PKCS#11", new byte[] {1, 2, 3});
        record Case(String name, Executable action, String word) {}
        List<Case> cases = List.of(
                new Case("public, no encoding", () -> JwtPublicKey.from((PublicKey) hardware), "no encoding"),
                new Case("private, no encoding", () -> JwtPrivateKey.from((PrivateKey) hardware), "no encoding"),
                new Case("secret, no encoding", () -> JwtSecretKey.from((SecretKey) hardware), "no encoding"),
                new Case("public, other format", () -> JwtPublicKey.from((PublicKey) pkcs11), "X.509"),
                new Case("private, other format", () -> JwtPrivateKey.from((PrivateKey) pkcs11), "PKCS#8"),
                new Case("secret, other format", () -> JwtSecretKey.from((SecretKey) pkcs11), "RAW"),
                new Case("private key as public", () -> JwtPublicKey.from((PublicKey) new Opaque("EC", "X.509",
                        JwtPrivateKey.generate(Algorithm.ES256).toDer())), "DER"));
        List<String> problems = new ArrayList<>();
        for (Case c : cases) {
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, c.action(), c.name());
            if (!e.getMessage().contains(c.word())) {
                problems.add(c.name() + ": " + e.getMessage());
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void nullKeyMaterialIsRefusedWithTheParameterNamed() {
        record Case(Executable action, String parameter) {}
        for (Case c : List.of(new Case(() -> JwtPublicKey.fromPem(null), "pem"), new Case(() -> JwtPublicKey.fromDer(null), "spki"),
                new Case(() -> JwtPrivateKey.fromPem(null), "pem"), new Case(() -> JwtPrivateKey.fromDer(null), "pkcs8"),
                new Case(() -> JwtSecretKey.of(null), "secret"), new Case(() -> JwtSecretKey.ofInsecureShortSecret(null), "secret"),
                new Case(() -> JwtKey.fromJwk(null), "json"), new Case(() -> JwtPublicKey.from(null), "key"),
                new Case(() -> JwtPrivateKey.from(null), "key"), new Case(() -> JwtSecretKey.from(null), "key"))) {
            // A null is a programming error (the error model): NullPointerException naming the parameter.
            NullPointerException e = assertThrows(NullPointerException.class, c.action(), c.parameter());
            assertTrue(e.getMessage().startsWith(c.parameter()), e.getMessage());
        }
        NullPointerException npe = assertThrows(NullPointerException.class, () -> JwtPrivateKey.generate(null));
        assertTrue(npe.getMessage().contains("algorithm"), npe.getMessage());
    }
}
