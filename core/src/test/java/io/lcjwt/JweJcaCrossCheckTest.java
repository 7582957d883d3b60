package io.lcjwt;

import com.fasterxml.jackson.jr.ob.JSON;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.XECPublicKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Key management against the JDK (tests only, an independent implementation): JWEs lcjwt
 * encrypts are opened by the JDK's RSA-OAEP, AESWrap and ECDH/X25519 key agreement with the
 * Concat KDF computed from the JDK's SHA-256, and JWEs the JDK builds are opened by lcjwt.
 */
class JweJcaCrossCheckTest {

    private static final Base64.Decoder D = Base64.getUrlDecoder();
    private static final byte[] CONTENT = "cross-checked by the JDK".getBytes(StandardCharsets.UTF_8);

    @ParameterizedTest
    @EnumSource(value = JweKeyAlgorithm.class, names = "RSA_OAEP.*", mode = EnumSource.Mode.MATCH_ALL)
    void rsaOaepBothWays(JweKeyAlgorithm alg) throws Exception {
        try (JwtPrivateKey rsa = JwtPrivateKey.generateRsa(2048)) {
            String hash = switch (alg) {
                case RSA_OAEP -> "SHA-1";
                case RSA_OAEP_256 -> "SHA-256";
                case RSA_OAEP_384 -> "SHA-384";
                default -> "SHA-512";
            };
            OAEPParameterSpec oaep = new OAEPParameterSpec(hash, "MGF1", new MGF1ParameterSpec(hash),
                    PSource.PSpecified.DEFAULT);
            String jwe = JweEncrypter.builder(rsa.publicKey()).keyAlgorithm(alg).contentAlgorithm(JweContentAlgorithm.A256GCM)
                    .build().encrypt(CONTENT);
            String[] p = jwe.split("\\.", -1);
            Cipher c = Cipher.getInstance("RSA/ECB/OAEPPadding");
            c.init(Cipher.DECRYPT_MODE, rsa.toJavaKey(), oaep);
            byte[] cek = c.doFinal(D.decode(p[1]));
            assertArrayEquals(CONTENT, jdkGcmOpen(p, cek), "the JDK opens lcjwt's " + alg);

            byte[] ourCek = new byte[32];
            new java.security.SecureRandom().nextBytes(ourCek);
            c.init(Cipher.ENCRYPT_MODE, rsa.publicKey().toJavaKey(), oaep);
            String jdk = JweRfcVectorsTest.jdkGcmJwe("{\"alg\":\"" + alg.joseName() + "\",\"enc\":\"A256GCM\"}",
                    c.doFinal(ourCek), ourCek, "from the JDK");
            JweDecrypter d = JweDecrypter.builder(rsa).keyAlgorithms(alg).contentAlgorithms(JweContentAlgorithm.A256GCM).build();
            assertEquals("from the JDK", new String(d.decrypt(jdk), StandardCharsets.UTF_8));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {16, 24, 32})
    void aesKeyWrapBothWays(int kekBytes) throws Exception {
        byte[] kek = new byte[kekBytes];
        new java.security.SecureRandom().nextBytes(kek);
        JweKeyAlgorithm alg = JweKeyAlgorithm.fromJoseName("A" + kekBytes * 8 + "KW");
        try (JwtSecretKey key = JwtSecretKey.forEncryption(kek)) {
            String[] p = JweEncrypter.builder(key).keyAlgorithm(alg).contentAlgorithm(JweContentAlgorithm.A128GCM).build()
                    .encrypt(CONTENT).split("\\.", -1);
            Cipher unwrap = Cipher.getInstance("AESWrap");
            unwrap.init(Cipher.UNWRAP_MODE, new SecretKeySpec(kek, "AES"));
            byte[] cek = unwrap.unwrap(D.decode(p[1]), "AES", Cipher.SECRET_KEY).getEncoded();
            assertArrayEquals(CONTENT, jdkGcmOpen(p, cek));

            byte[] ourCek = new byte[16];
            new java.security.SecureRandom().nextBytes(ourCek);
            Cipher wrap = Cipher.getInstance("AESWrap");
            wrap.init(Cipher.WRAP_MODE, new SecretKeySpec(kek, "AES"));
            String jdk = JweRfcVectorsTest.jdkGcmJwe("{\"alg\":\"" + alg.joseName() + "\",\"enc\":\"A128GCM\"}",
                    wrap.wrap(new SecretKeySpec(ourCek, "AES")), ourCek, "wrapped by the JDK");
            JweDecrypter d = JweDecrypter.builder(key).keyAlgorithms(alg).contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            assertEquals("wrapped by the JDK", new String(d.decrypt(jdk), StandardCharsets.UTF_8));
        }
    }

    /** lcjwt's ECDH-ES JWEs, opened by the JDK's key agreement and a Concat KDF of the JDK's SHA-256. */
    @ParameterizedTest
    @ValueSource(strings = {"P-256", "P-384", "P-521", "X25519"})
    void ecdhEsOpenedByTheJdk(String crv) throws Exception {
        try (JwtPrivateKey key = switch (crv) {
            case "P-256" -> JwtPrivateKey.generate(Algorithm.ES256);
            case "P-384" -> JwtPrivateKey.generate(Algorithm.ES384);
            case "P-521" -> JwtPrivateKey.generate(Algorithm.ES512);
            default -> JweRoundTripTest.x25519();
        }) {
            String[] p = JweEncrypter.builder(key.publicKey()).keyAlgorithm(JweKeyAlgorithm.ECDH_ES)
                    .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt(CONTENT).split("\\.", -1);
            Map<String, Object> header = JSON.std.mapFrom(D.decode(p[0]));
            @SuppressWarnings("unchecked")
            Map<String, Object> epk = (Map<String, Object>) header.get("epk");
            PublicKey peer;
            KeyAgreement ka;
            if (crv.equals("X25519")) {
                byte[] u = D.decode((String) epk.get("x"));
                byte[] le = new byte[u.length];
                for (int i = 0; i < u.length; i++) {
                    le[i] = u[u.length - 1 - i];
                }
                peer = KeyFactory.getInstance("X25519").generatePublic(new XECPublicKeySpec(NamedParameterSpec.X25519,
                        new BigInteger(1, le)));
                ka = KeyAgreement.getInstance("X25519");
            } else {
                var params = ((java.security.interfaces.ECPublicKey) key.publicKey().toJavaKey()).getParams();
                peer = KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(new ECPoint(
                        new BigInteger(1, D.decode((String) epk.get("x"))), new BigInteger(1, D.decode((String) epk.get("y")))),
                        params));
                ka = KeyAgreement.getInstance("ECDH");
            }
            assertEquals(crv, epk.get("crv"));
            ka.init(key.toJavaKey());
            ka.doPhase(peer, true);
            byte[] cek = JweRfcVectorsTest.jdkConcatKdf(ka.generateSecret(), "A256GCM", 32);
            assertArrayEquals(CONTENT, jdkGcmOpen(p, cek));
        }
    }

    @Test
    void dirOpenedByTheJdk() throws Exception {
        byte[] k = new byte[32];
        new java.security.SecureRandom().nextBytes(k);
        try (JwtSecretKey key = JwtSecretKey.forEncryption(k)) {
            String[] p = JweEncrypter.builder(key).keyAlgorithm(JweKeyAlgorithm.DIR)
                    .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt(CONTENT).split("\\.", -1);
            assertEquals("", p[1]);
            assertArrayEquals(CONTENT, jdkGcmOpen(p, k));
        }
    }

    private static byte[] jdkGcmOpen(String[] p, byte[] cek) throws Exception {
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(cek, "AES"), new GCMParameterSpec(128, D.decode(p[2])));
        c.updateAAD(p[0].getBytes(StandardCharsets.US_ASCII));
        byte[] ct = D.decode(p[3]);
        byte[] tag = D.decode(p[4]);
        byte[] both = Arrays.copyOf(ct, ct.length + tag.length);
        System.arraycopy(tag, 0, both, ct.length, tag.length);
        return c.doFinal(both);
    }
}
