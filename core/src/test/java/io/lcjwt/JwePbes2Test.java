package io.lcjwt;

import com.fasterxml.jackson.jr.ob.JSON;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PBES2 (RFC 7518 section 4.8) against the JDK's PBKDF2 and AES key wrap as an oracle, both
 * ways, and RFC 7520 section 5.3's key derivation step by step. The refusals are in
 * {@link JweSecurityRowsTest} (row 28); the cookbook JWE itself in {@link JweRfcVectorsTest}.
 */
class JwePbes2Test {

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder D64 = Base64.getUrlDecoder();
    private static final SecureRandom RANDOM = new SecureRandom();
    // RFC 7520 section 5.3.1: the password has two EN DASHes, so its UTF-8 form is not ASCII.
    private static final String COOKBOOK_PASSWORD = "entrap_o\u2013peter_long\u2013credit_tun";

    static String prf(JweKeyAlgorithm alg) {
        return "PBKDF2WithHmacSHA" + alg.joseName().substring(8, 11);
    }

    static int kekBits(JweKeyAlgorithm alg) {
        return Integer.parseInt(alg.joseName().substring(13, 16));
    }

    /** The KEK as RFC 7518 section 4.8.1.1 defines it, by the JDK: salt = UTF8(alg) || 0x00 || p2s. */
    static byte[] jdkKek(JweKeyAlgorithm alg, String password, byte[] p2s, int p2c) throws Exception {
        byte[] name = alg.joseName().getBytes(StandardCharsets.UTF_8);
        byte[] salt = new byte[name.length + 1 + p2s.length];
        System.arraycopy(name, 0, salt, 0, name.length);
        System.arraycopy(p2s, 0, salt, name.length + 1, p2s.length);
        // SunJCE's PBKDF2 encodes the password's chars as UTF-8, as RFC 7518 asks.
        return SecretKeyFactory.getInstance(prf(alg))
                .generateSecret(new PBEKeySpec(password.toCharArray(), salt, p2c, kekBits(alg))).getEncoded();
    }

    @Test
    void rfc7520Section53KeyDerivationMatchesTheJdkAndTheCookbook() throws Exception {
        // 5.3.3: p2s and p2c, and 5.3.2's CEK, which the derived key must unwrap from 5.3.4's encrypted key.
        byte[] p2s = D64.decode("8Q1SzinasR3xchYz6ZZcHA");
        byte[] kek = jdkKek(JweKeyAlgorithm.PBES2_HS512_A256KW, COOKBOOK_PASSWORD, p2s, 8192);
        Cipher unwrap = Cipher.getInstance("AESWrap");
        unwrap.init(Cipher.UNWRAP_MODE, new SecretKeySpec(kek, "AES"));
        Key cek = unwrap.unwrap(D64.decode("d3qNhUWfqheyPp4H8sjOWsDYajoej4c5Je6rlUtFPWdgtURtmeDV1g"), "AES",
                Cipher.SECRET_KEY);
        assertArrayEquals(D64.decode("uwsjJXaBK407Qaf0_zpcpmr1Cs0CC50hIUEyGNEt3m0"), cek.getEncoded());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = JweKeyAlgorithm.class, names = "PBES2_.*", mode = EnumSource.Mode.MATCH_ALL)
    void lcjwtEncryptsWhatTheJdkDecrypts(JweKeyAlgorithm alg) throws Exception {
        String password = "pässwörd \u2013 " + RANDOM.nextInt();
        byte[] content = "a message for whoever knows the password".getBytes(StandardCharsets.UTF_8);
        String jwe;
        try (JwtSecretKey pwd = JwtSecretKey.fromPassword(password.toCharArray())) {
            jwe = JweEncrypter.builder(pwd).keyAlgorithm(alg).contentAlgorithm(JweContentAlgorithm.A256GCM)
                    .pbes2Iterations(1200).build().encrypt(content);
        }
        String[] p = jwe.split("\\.", -1);
        Map<String, Object> header = JSON.std.mapFrom(D64.decode(p[0]));
        assertEquals(alg.joseName(), header.get("alg"));
        assertEquals(1200, ((Number) header.get("p2c")).intValue());
        byte[] p2s = D64.decode((String) header.get("p2s"));
        assertEquals(16, p2s.length, "a 16-byte random salt");

        Cipher unwrap = Cipher.getInstance("AESWrap");
        unwrap.init(Cipher.UNWRAP_MODE, new SecretKeySpec(jdkKek(alg, password, p2s, 1200), "AES"));
        Key cek = unwrap.unwrap(D64.decode(p[1]), "AES", Cipher.SECRET_KEY);
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        gcm.init(Cipher.DECRYPT_MODE, cek, new GCMParameterSpec(128, D64.decode(p[2])));
        gcm.updateAAD(p[0].getBytes(StandardCharsets.US_ASCII));
        byte[] ct = D64.decode(p[3]);
        byte[] tag = D64.decode(p[4]);
        byte[] sealed = Arrays.copyOf(ct, ct.length + tag.length);
        System.arraycopy(tag, 0, sealed, ct.length, tag.length);
        assertArrayEquals(content, gcm.doFinal(sealed));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = JweKeyAlgorithm.class, names = "PBES2_.*", mode = EnumSource.Mode.MATCH_ALL)
    void theJdkEncryptsWhatLcjwtDecrypts(JweKeyAlgorithm alg) throws Exception {
        String password = "correct horse \u2013 battery staple";
        byte[] p2s = new byte[8]; // the shortest salt lcjwt takes
        RANDOM.nextBytes(p2s);
        int p2c = 1000; // the fewest iterations lcjwt takes
        String h = B64.encodeToString(("{\"alg\":\"" + alg.joseName() + "\",\"enc\":\"A128GCM\",\"p2s\":\""
                + B64.encodeToString(p2s) + "\",\"p2c\":" + p2c + "}").getBytes(StandardCharsets.UTF_8));
        byte[] cekBytes = new byte[16];
        RANDOM.nextBytes(cekBytes);
        SecretKeySpec cek = new SecretKeySpec(cekBytes, "AES");
        Cipher wrap = Cipher.getInstance("AESWrap");
        wrap.init(Cipher.WRAP_MODE, new SecretKeySpec(jdkKek(alg, password, p2s, p2c), "AES"));
        byte[] ek = wrap.wrap(cek);
        byte[] iv = new byte[12];
        RANDOM.nextBytes(iv);
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        gcm.init(Cipher.ENCRYPT_MODE, cek, new GCMParameterSpec(128, iv));
        gcm.updateAAD(h.getBytes(StandardCharsets.US_ASCII));
        byte[] sealed = gcm.doFinal("from the JDK".getBytes(StandardCharsets.UTF_8));
        String jwe = h + "." + B64.encodeToString(ek) + "." + B64.encodeToString(iv) + "."
                + B64.encodeToString(Arrays.copyOf(sealed, sealed.length - 16)) + "."
                + B64.encodeToString(Arrays.copyOfRange(sealed, sealed.length - 16, sealed.length));
        try (JwtSecretKey pwd = JwtSecretKey.fromPassword(password.toCharArray());
             JwtSecretKey wrong = JwtSecretKey.fromPassword("correct horse - battery staple".toCharArray())) {
            JweDecrypter d = JweDecrypter.builder(pwd).enablePbes2().keyAlgorithms(alg)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            assertEquals("from the JDK", new String(d.decrypt(jwe), StandardCharsets.UTF_8));
            // Another password unwraps nothing: the same error as a bad tag (row 33).
            JweDecrypter w = JweDecrypter.builder(wrong).enablePbes2().keyAlgorithms(alg)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            JweDecryptionException e = assertThrows(JweDecryptionException.class, () -> w.decrypt(jwe));
            assertTrue(e.getMessage().startsWith("The JWE could not be decrypted"), e.getMessage());
        }
    }

    @Test
    void passwordKeysServePbes2Only() {
        assertThrows(InvalidJwtKeyException.class, () -> JwtSecretKey.fromPassword(new char[0]));
        assertThrows(InvalidJwtKeyException.class, () -> JwtSecretKey.fromPassword(new char[] {'a', '\ud800'}));
        assertThrows(NullPointerException.class, () -> JwtSecretKey.fromPassword(null));
        try (JwtSecretKey pwd = JwtSecretKey.fromPassword("x".repeat(64).toCharArray());
             JwtSecretKey k1 = pwd.withKeyId("k1")) {
            for (Algorithm a : new Algorithm[] {Algorithm.HS256, Algorithm.HS384, Algorithm.HS512}) {
                assertEquals(false, pwd.supports(a), a + ": a 64-byte password is still no HMAC key");
                assertEquals(false, k1.supports(a), a + ", after withKeyId");
            }
            assertThrows(InvalidJwtKeyException.class, () -> JwtVerifier.builder(k1).algorithms(Algorithm.HS256).build());
            assertTrue(pwd.toString().contains("password"), pwd.toString());
            assertTrue(!pwd.toString().contains("xxxx"), pwd.toString());
            String jwe = JweEncrypter.builder(k1).keyAlgorithm(JweKeyAlgorithm.PBES2_HS384_A192KW)
                    .contentAlgorithm(JweContentAlgorithm.A192CBC_HS384).build().encrypt(new byte[] {1, 2});
            assertTrue(new String(D64.decode(jwe.split("\\.")[0]), StandardCharsets.UTF_8).contains("\"p2c\":10000"),
                    "the default count is the default cap");
            assertArrayEquals(new byte[] {1, 2}, JweDecrypter.builder(pwd).enablePbes2()
                    .keyAlgorithms(JweKeyAlgorithm.PBES2_HS384_A192KW).contentAlgorithms(JweContentAlgorithm.A192CBC_HS384)
                    .build().decrypt(jwe));
        }
        assertThrows(IllegalArgumentException.class, () -> JweEncrypter.builder(JwtSecretKey.fromPassword(new char[] {'p'}))
                .pbes2Iterations(999));
        assertThrows(IllegalArgumentException.class, () -> JweEncrypter.builder(JwtSecretKey.fromPassword(new char[] {'p'}))
                .pbes2Iterations(1_000_001));
    }

    // PBES2 and a JWK's use: a password comes from no JWK, so an oct JWK whose alg is PBES2 (its
    // "k" would be a key, not a password) is a mistake said at import; a password key is for JWE
    // only (wrapKey/unwrapKey), so it may share a kid with a JWS-only key in one set.
    @Test
    void pbes2AndJwkUse() throws Exception {
        String k = Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[16]);
        for (JweKeyAlgorithm alg : new JweKeyAlgorithm[] {JweKeyAlgorithm.PBES2_HS256_A128KW,
            JweKeyAlgorithm.PBES2_HS384_A192KW, JweKeyAlgorithm.PBES2_HS512_A256KW}) {
            String jwk = JSON.std.asString(Map.of("kty", "oct", "alg", alg.joseName(), "k", k));
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(jwk));
            assertTrue(e.getMessage().contains(alg.joseName()) && e.getMessage().contains("takes a password"),
                    e.getMessage());
        }
        String signing = JSON.std.asString(Map.of("kty", "oct", "kid", "shared", "use", "sig",
                "k", Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[32])));
        try (JwtSecretKey pwd = JwtSecretKey.fromPassword("correct horse battery staple".toCharArray());
             JwtSecretKey shared = pwd.withKeyId("shared"); JwtKey hs = JwtKey.fromJwk(signing)) {
            JwkSet set = JwkSet.of(shared, hs);
            assertEquals(2, set.keys().size());
            String jwe = JweEncrypter.builder(shared).keyAlgorithm(JweKeyAlgorithm.PBES2_HS256_A128KW)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).pbes2Iterations(1000).build().encrypt(new byte[] {7});
            JweDecrypter d = JweDecrypter.builder(set).enablePbes2().keyAlgorithms(JweKeyAlgorithm.PBES2_HS256_A128KW)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            assertArrayEquals(new byte[] {7}, d.decrypt(jwe), "kid \"shared\" names the password for JWE");
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(set)
                    .keyAlgorithms(JweKeyAlgorithm.A128KW).contentAlgorithms(JweContentAlgorithm.A128GCM).build());
            assertTrue(e.getMessage().contains("No key of the JWK set can decrypt A128KW"), e.getMessage());
        }
    }
}
