package io.lcjwt;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every key management algorithm with every content encryption algorithm, encrypted and decrypted
 * by lcjwt on whichever libcrypto is loaded (the suite runs on aws-lc and on OpenSSL 3); a JWE
 * for one key does not decrypt with another; and the nested form: signed by a JwtSigner,
 * encrypted with cty JWT, decrypted and verified into a record.
 */
class JweRoundTripTest {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static JwtPrivateKey rsa;
    private static JwtPrivateKey rsaOther;
    private static final Map<String, JwtPrivateKey> EC = new java.util.LinkedHashMap<>();

    @BeforeAll
    static void keys() {
        rsa = JwtPrivateKey.generateRsa(2048);
        rsaOther = JwtPrivateKey.generateRsa(2048);
        EC.put("P-256", JwtPrivateKey.generate(Algorithm.ES256));
        EC.put("P-384", JwtPrivateKey.generate(Algorithm.ES384));
        EC.put("P-521", JwtPrivateKey.generate(Algorithm.ES512));
        EC.put("P-256 other", JwtPrivateKey.generate(Algorithm.ES256));
        EC.put("X25519", x25519());
        EC.put("X25519 other", x25519());
    }

    @AfterAll
    static void close() {
        rsa.close();
        rsaOther.close();
        EC.values().forEach(JwtPrivateKey::close);
    }

    record Case(JweKeyAlgorithm alg, JweContentAlgorithm enc, String keyName) {
        @Override
        public String toString() {
            return alg + " + " + enc + " (" + keyName + ")";
        }
    }

    static Stream<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (JweKeyAlgorithm alg : JweKeyAlgorithm.values()) {
            for (JweContentAlgorithm enc : JweContentAlgorithm.values()) {
                switch (alg) {
                    case ECDH_ES, ECDH_ES_A128KW, ECDH_ES_A192KW, ECDH_ES_A256KW -> {
                        for (String crv : List.of("P-256", "P-384", "P-521", "X25519")) {
                            out.add(new Case(alg, enc, crv));
                        }
                    }
                    case RSA_OAEP, RSA_OAEP_256, RSA_OAEP_384, RSA_OAEP_512 -> out.add(new Case(alg, enc, "RSA-2048"));
                    case PBES2_HS256_A128KW, PBES2_HS384_A192KW, PBES2_HS512_A256KW -> out.add(new Case(alg, enc, "password"));
                    default -> out.add(new Case(alg, enc, "secret"));
                }
            }
        }
        return out.stream();
    }

    /** An X25519 key from the JDK's generator, imported through its PKCS#8 encoding. */
    static JwtPrivateKey x25519() {
        try {
            return JwtPrivateKey.from(java.security.KeyPairGenerator.getInstance("X25519").generateKeyPair().getPrivate());
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    private static int secretLength(Case c) {
        return switch (c.alg()) {
            case DIR -> c.enc().keyBytes();
            case A128KW, A128GCMKW -> 16;
            case A192KW, A192GCMKW -> 24;
            default -> 32;
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void roundTrip(Case c) {
        JwtKey decryptKey;
        JwtKey encryptKey;
        JwtKey wrongKey;
        if (c.keyName().equals("password")) {
            decryptKey = JwtSecretKey.fromPassword(("pässwörd " + RANDOM.nextLong()).toCharArray());
            encryptKey = decryptKey;
            wrongKey = JwtSecretKey.fromPassword("another password".toCharArray());
        } else if (c.keyName().equals("secret")) {
            byte[] secret = random(secretLength(c));
            decryptKey = JwtSecretKey.forEncryption(secret);
            encryptKey = decryptKey;
            wrongKey = JwtSecretKey.forEncryption(random(secret.length));
        } else if (c.keyName().startsWith("RSA")) {
            decryptKey = rsa;
            encryptKey = rsa.publicKey();
            wrongKey = rsaOther;
        } else {
            decryptKey = EC.get(c.keyName());
            encryptKey = EC.get(c.keyName()).publicKey();
            wrongKey = EC.get(c.keyName() + " other");
        }
        JweEncrypter encrypter = JweEncrypter.builder(encryptKey).keyAlgorithm(c.alg()).contentAlgorithm(c.enc())
                .keyId("k1").agreementPartyUInfo("Alice".getBytes(StandardCharsets.UTF_8)).pbes2Iterations(1000).build();
        JweDecrypter decrypter = decrypter(decryptKey, c);
        for (int len : new int[] {0, 1, 16, 100, 5000}) {
            byte[] content = random(len);
            String jwe = encrypter.encrypt(content);
            assertEquals(4, jwe.chars().filter(ch -> ch == '.').count());
            assertArrayEquals(content, decrypter.decrypt(jwe), c + ", " + len + " bytes");
            assertNotEquals(jwe, encrypter.encrypt(content), "a fresh IV (and key) per JWE");
        }
        String header = new String(Base64.getUrlDecoder().decode(encrypter.encrypt(new byte[1]).split("\\.")[0]),
                StandardCharsets.UTF_8);
        assertEquals(true, header.startsWith("{\"alg\":\"" + c.alg().joseName() + "\",\"enc\":\""
                + c.enc().joseName() + "\",\"kid\":\"k1\""), header);
        if (wrongKey != null) {
            JweDecrypter other = decrypter(wrongKey, c);
            JweDecryptionException e = assertThrows(JweDecryptionException.class,
                    () -> other.decrypt(encrypter.encrypt("secret".getBytes(StandardCharsets.UTF_8))));
            assertEquals(true, e.getMessage().startsWith("The JWE could not be decrypted"), e.getMessage());
        }
    }

    private static JweDecrypter decrypter(JwtKey key, Case c) {
        JweDecrypter.Builder b = JweDecrypter.builder(key).keyAlgorithms(c.alg()).contentAlgorithms(c.enc());
        return c.keyName().equals("password") ? b.enablePbes2().build() : b.build();
    }

    @Test
    void deflatedContentRoundTrips() {
        try (JwtSecretKey k = JwtSecretKey.forEncryption(random(32))) {
            JweEncrypter e = JweEncrypter.builder(k).keyAlgorithm(JweKeyAlgorithm.A256KW)
                    .contentAlgorithm(JweContentAlgorithm.A256CBC_HS512).deflate().build();
            JweDecrypter d = JweDecrypter.builder(k).keyAlgorithms(JweKeyAlgorithm.A256KW)
                    .contentAlgorithms(JweContentAlgorithm.A256CBC_HS512).build();
            for (byte[] content : List.of(new byte[0], "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".repeat(100).getBytes(StandardCharsets.UTF_8),
                    random(5000))) {
                String jwe = e.encrypt(content);
                assertEquals(true, new String(Base64.getUrlDecoder().decode(jwe.split("\\.")[0]), StandardCharsets.UTF_8)
                        .contains("\"zip\":\"DEF\""));
                assertArrayEquals(content, d.decrypt(jwe));
            }
        }
    }

    record Claims(String sub, String scope, long exp) {}

    @Test
    void signThenEncryptNestedJwt() {
        try (JwtPrivateKey issuer = JwtPrivateKey.generate(Algorithm.ES256)) {
            JwtSigner signer = JwtSigner.builder(issuer).algorithm(Algorithm.ES256).build();
            JwtVerifier verifier = JwtVerifier.builder(issuer.publicKey()).algorithms(Algorithm.ES256).build();
            JweEncrypter encrypter = JweEncrypter.builder(rsa.publicKey()).keyAlgorithm(JweKeyAlgorithm.RSA_OAEP_256)
                    .contentAlgorithm(JweContentAlgorithm.A256GCM).build();
            JweDecrypter decrypter = JweDecrypter.builder(rsa).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP_256)
                    .contentAlgorithms(JweContentAlgorithm.A256GCM).build();

            long exp = java.time.Instant.now().getEpochSecond() + 300;
            String jwe = encrypter.encryptJwt(Map.of("sub", "alice", "scope", "read", "exp", exp), signer);
            assertEquals(new Claims("alice", "read", exp), decrypter.decryptClaims(jwe, verifier, Claims.class));
            assertEquals("alice", decrypter.decryptClaims(jwe, verifier).get("sub"));

            // Signed by someone else: decrypts, but the inner JWT is refused.
            try (JwtPrivateKey mallory = JwtPrivateKey.generate(Algorithm.ES256)) {
                String forged = encrypter.encryptJwt(Map.of("sub", "alice", "exp", exp),
                        JwtSigner.builder(mallory).algorithm(Algorithm.ES256).build());
                assertThrows(BadSignatureException.class, () -> decrypter.decryptClaims(forged, verifier, Claims.class));
            }
            // Not marked as a nested JWT: decryptClaims refuses it.
            String plain = encrypter.encrypt(signer.sign(Map.of("sub", "alice", "exp", exp)).getBytes(StandardCharsets.US_ASCII));
            InvalidHeaderException e = assertThrows(InvalidHeaderException.class,
                    () -> decrypter.decryptClaims(plain, verifier, Claims.class));
            assertEquals("cty", e.parameter());
        }
    }

    /** X25519 (RFC 7748, RFC 8037): generated by libcrypto, and the same key through every form, the JDK as the oracle. */
    @Test
    void x25519KeysGenerateAndTravelThroughJwkPemAndDer() throws Exception {
        try (JwtPrivateKey k = JwtPrivateKey.generateX25519().withKeyId("x1");
             JwtPublicKey pub = k.publicKey()) {
            assertEquals("OKP", pub.keyType());
            assertEquals(256, pub.bits());
            // the JDK reads lcjwt's PKCS#8 and derives the same public key
            java.security.KeyFactory xdh = java.security.KeyFactory.getInstance("XDH");
            java.security.PrivateKey jdkPriv = xdh.generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(k.toDer()));
            assertEquals("X25519", ((java.security.spec.NamedParameterSpec) ((java.security.interfaces.XECPrivateKey) jdkPriv)
                    .getParams()).getName());
            byte[] jdkSpki = JwtPrivateKey.from(jdkPriv).publicKey().toDer();
            assertArrayEquals(jdkSpki, pub.toDer());
            assertArrayEquals(pub.toDer(), pub.toJavaKey().getEncoded());
            String jwk = pub.toJwk();
            assertTrue(jwk.contains("\"kty\":\"OKP\"") && jwk.contains("\"crv\":\"X25519\"") && jwk.contains("\"kid\":\"x1\""), jwk);
            String pem = "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(k.toDer())
                    + "\n-----END PRIVATE KEY-----\n";
            List<JwtPrivateKey> privs = List.of((JwtPrivateKey) JwtKey.fromJwk(k.toJwk()), JwtPrivateKey.fromDer(k.toDer()),
                    JwtPrivateKey.fromPem(pem), JwtPrivateKey.from(jdkPriv));
            List<JwtPublicKey> pubs = List.of((JwtPublicKey) JwtKey.fromJwk(jwk), JwtPublicKey.fromDer(pub.toDer()),
                    JwtPublicKey.fromPem(pub.toPem()), JwtPublicKey.from(pub.toJavaKey()));
            for (JwtPrivateKey p : privs) {
                assertEquals(k.thumbprint(), p.thumbprint());
                assertArrayEquals(k.toDer(), p.toDer());
            }
            for (JwtPublicKey p : pubs) {
                assertEquals(k.thumbprint(), p.thumbprint());
                // every form of the public key encrypts to every form of the private key
                String jwe = JweEncrypter.builder(p).keyAlgorithm(JweKeyAlgorithm.ECDH_ES_A128KW)
                        .contentAlgorithm(JweContentAlgorithm.A128GCM).build().encrypt(new byte[] {42});
                for (JwtPrivateKey d : privs) {
                    assertArrayEquals(new byte[] {42}, JweDecrypter.builder(d).keyAlgorithms(JweKeyAlgorithm.ECDH_ES_A128KW)
                            .contentAlgorithms(JweContentAlgorithm.A128GCM).build().decrypt(jwe));
                }
                assertFalse(p.supports(Algorithm.EdDSA), "an X25519 key never verifies");
            }
            try (JwtPrivateKey other = JwtPrivateKey.generateX25519()) {
                assertNotEquals(k.thumbprint(), other.thumbprint(), "fresh keys");
            }
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class,
                    () -> JwtSigner.builder(k).algorithm(Algorithm.EdDSA).build());
            assertTrue(e.getMessage().contains("X25519"), e.getMessage());
            privs.forEach(JwtKey::close);
            pubs.forEach(JwtKey::close);
        }
    }
}
