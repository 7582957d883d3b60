package io.lcjwt;

import com.fasterxml.jackson.jr.ob.JSON;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Published JWE vectors: RFC 7516 Appendix A.1 (RSA-OAEP + A256GCM) and A.3 (A128KW +
 * A128CBC-HS256) decrypt; A.2 (RSA1_5) is refused without a decryption attempt; RFC 7518
 * Appendix C (ECDH-ES, its Concat KDF) and RFC 8037 Appendix A.6 (ECDH-ES with X25519) as JWEs
 * the JDK builds around the published keys and derived key; and the JWE cases of RFC 7520
 * (the ietf-jose cookbook, transcribed under {@code resources/jwe/cookbook}), 5.9 with {@code zip: DEF}.
 */
class JweRfcVectorsTest {

    private static final Base64.Decoder B64 = Base64.getUrlDecoder();
    private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();

    static final String A1_KEY = "{\"kty\":\"RSA\","
            + "\"n\":\"oahUIoWw0K0usKNuOR6H4wkf4oBUXHTxRvgb48E-BVvxkeDNjbC4he8rUWcJoZmds2h7M70imEVhRU5djINXtqllXI4DFqcI1DgjT9LewND8MW2Krf3Spsk_ZkoFnilakGygTwpZ3uesH-PFABNIUYpOiN15dsQRkgr0vEhxN92i2asbOenSZeyaxziK72UwxrrKoExv6kc5twXTq4h-QChLOln0_mtUZwfsRaMStPs6mS6XrgxnxbWhojf663tuEQueGC-FCMfra36C9knDFGzKsNa7LZK2djYgyD3JR_MB_4NUJW_TqOQtwHYbxevoJArm-L5StowjzGy-_bq6Gw\","
            + "\"e\":\"AQAB\","
            + "\"d\":\"kLdtIj6GbDks_ApCSTYQtelcNttlKiOyPzMrXHeI-yk1F7-kpDxY4-WY5NWV5KntaEeXS1j82E375xxhWMHXyvjYecPT9fpwR_M9gV8n9Hrh2anTpTD93Dt62ypW3yDsJzBnTnrYu1iwWRgBKrEYY46qAZIrA2xAwnm2X7uGR1hghkqDp0Vqj3kbSCz1XyfCs6_LehBwtxHIyh8Ripy40p24moOAbgxVw3rxT_vlt3UVe4WO3JkJOzlpUf-KTVI2Ptgm-dARxTEtE-id-4OJr0h-K-VFs3VSndVTIznSxfyrj8ILL6MG_Uv8YAu7VILSB3lOW085-4qE3DzgrTjgyQ\","
            + "\"p\":\"1r52Xk46c-LsfB5P442p7atdPUrxQSy4mti_tZI3Mgf2EuFVbUoDBvaRQ-SWxkbkmoEzL7JXroSBjSrK3YIQgYdMgyAEPTPjXv_hI2_1eTSPVZfzL0lffNn03IXqWF5MDFuoUYE0hzb2vhrlN_rKrbfDIwUbTrjjgieRbwC6Cl0\","
            + "\"q\":\"wLb35x7hmQWZsWJmB_vle87ihgZ19S8lBEROLIsZG4ayZVe9Hi9gDVCOBmUDdaDYVTSNx_8Fyw1YYa9XGrGnDew00J28cRUoeBB_jKI1oma0Orv1T9aXIWxKwd4gvxFImOWr3QRL9KEBRzk2RatUBnmDZJTIAfwTs0g68UZHvtc\","
            + "\"dp\":\"ZK-YwE7diUh0qR1tR7w8WHtolDx3MZ_OTowiFvgfeQ3SiresXjm9gZ5KLhMXvo-uz-KUJWDxS5pFQ_M0evdo1dKiRTjVw_x4NyqyXPM5nULPkcpU827rnpZzAJKpdhWAgqrXGKAECQH0Xt4taznjnd_zVpAmZZq60WPMBMfKcuE\","
            + "\"dq\":\"Dq0gfgJ1DdFGXiLvQEZnuKEN0UUmsJBxkjydc3j4ZYdBiMRAy86x0vHCjywcMlYYg4yoC4YZa9hNVcsjqA3FeiL19rk8g6Qn29Tt0cj8qqyFpz9vNDBUfCAiJVeESOjJDZPYHdHY8v1b-o-Z2X5tvLx-TCekf7oxyeKDUqKWjis\","
            + "\"qi\":\"VIMpMYbPf47dT1w_zDUXfPimsSegnMOA1zTaX7aGk_8urY6R8-ZW1FxU7AlWAyLWybqq6t16VFd7hQd0y6flUK4SlOydB61gwanOsXGOAOv82cHq0E3eL4HrtZkUuKvnPrMnsUUFlfUdybVzxyjz9JF_XyaY14ardLSjf4L_FNY\"}";
    static final String A1_JWE = "eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ"
            + ".OKOawDo13gRp2ojaHV7LFpZcgV7T6DVZKTyKOMTYUmKoTCVJRgckCL9kiMT03JGeipsEdY3mx_etLbbWSrFr05kLzcSr4qKAq7YN7e9jwQRb23nfa6c9d-StnImGyFDbSv04uVuxIp5Zms1gNxKKK2Da14B8S4rzVRltdYwam_lDp5XnZAYpQdb76FdIKLaVmqgfwX7XWRxv2322i-vDxRfqNzo_tETKzpVLzfiwQyeyPGLBIO56YJ7eObdv0je81860ppamavo35UgoRdbYaBcoh9QcfylQr66oc6vFWXRcZ_ZT2LawVCWTIy3brGPi6UklfCpIMfIjf7iGdXKHzg"
            + ".48V1_ALb6US04U3b"
            + ".5eym8TW_c8SuK0ltJ3rpYIzOeDQz7TALvtu6UG9oMo4vpzs9tX_EFShS8iB7j6jiSdiwkIr3ajwQzaBtQD_A"
            + ".XFBoMYUZodetZdvTiFvSkQ";
    static final String A2_JWE = "eyJhbGciOiJSU0ExXzUiLCJlbmMiOiJBMTI4Q0JDLUhTMjU2In0"
            + ".UGhIOguC7IuEvf_NPVaXsGMoLOmwvc1GyqlIKOK1nN94nHPoltGRhWhw7Zx0-kFm1NJn8LE9XShH59_i8J0PH5ZZyNfGy2xGdULU7sHNF6Gp2vPLgNZ__deLKxGHZ7PcHALUzoOegEI-8E66jX2E4zyJKx-YxzZIItRzC5hlRirb6Y5Cl_p-ko3YvkkysZIFNPccxRU7qve1WYPxqbb2Yw8kZqa2rMWI5ng8OtvzlV7elprCbuPhcCdZ6XDP0_F8rkXds2vE4X-ncOIM8hAYHHi29NX0mcKiRaD0-D-ljQTP-cFPgwCp6X-nZZd9OHBv-B3oWh2TbqmScqXMR4gp_A"
            + ".AxY8DCtDaGlsbGljb3RoZQ"
            + ".KDlTtXchhZTGufMYmOYGS4HffxPSUrfmqCHXaI9wOGY"
            + ".9hH0vgRfYgPnAHOd8stkvw";
    static final String A3_KEY = "GawgguFyGrWKav7AX4VKUg";
    static final String A3_JWE = "eyJhbGciOiJBMTI4S1ciLCJlbmMiOiJBMTI4Q0JDLUhTMjU2In0"
            + ".6KB707dM9YTIgHtLvtgWQ8mKwboJW3of9locizkDTHzBC2IlrT1oOQ"
            + ".AxY8DCtDaGlsbGljb3RoZQ"
            + ".KDlTtXchhZTGufMYmOYGS4HffxPSUrfmqCHXaI9wOGY"
            + ".U0m_YmjN04DJvceFICbCVQ";

    @Test
    void rfc7516AppendixA1RsaOaepA256Gcm() {
        try (JwtKey key = JwtKey.fromJwk(A1_KEY)) {
            JweDecrypter d = JweDecrypter.builder(key).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP)
                    .contentAlgorithms(JweContentAlgorithm.A256GCM).build();
            assertEquals("The true sign of intelligence is not knowledge but imagination.",
                    new String(d.decrypt(A1_JWE), StandardCharsets.UTF_8));
        }
    }

    @Test
    void rfc7516AppendixA2Rsa15IsRefusedWithoutDecrypting() {
        try (JwtKey key = JwtKey.fromJwk(A1_KEY)) { // any RSA key: RSA1_5 never reaches it
            JweDecrypter d = JweDecrypter.builder(key).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP, JweKeyAlgorithm.RSA_OAEP_256)
                    .contentAlgorithms(JweContentAlgorithm.values()).build();
            UnsupportedJwtException e = assertThrows(UnsupportedJwtException.class, () -> d.decrypt(A2_JWE));
            assertTrue(e.getMessage().contains("RSA1_5") && e.getMessage().contains("without attempting decryption"),
                    e.getMessage());
        }
    }

    @Test
    void rfc7516AppendixA3A128KwA128CbcHs256() {
        try (JwtSecretKey key = JwtSecretKey.forEncryption(B64.decode(A3_KEY))) {
            JweDecrypter d = JweDecrypter.builder(key).keyAlgorithms(JweKeyAlgorithm.A128KW)
                    .contentAlgorithms(JweContentAlgorithm.A128CBC_HS256).build();
            assertEquals("Live long and prosper.", new String(d.decrypt(A3_JWE), StandardCharsets.UTF_8));
        }
    }

    /** RFC 7518 Appendix C: Bob's key, Alice's ephemeral key, apu "Alice", apv "Bob"; CEK VqqN6vgjbSBcIijNcacQGg. */
    @Test
    void rfc7518AppendixCEcdhEsConcatKdf() throws Exception {
        String bob = "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"weNJy2HscCSM6AEDTDg04biOvhFhyyWvOHQfeF_PxMQ\","
                + "\"y\":\"e8lnCO-AlStT-NJVX-crhB7QRYhiix03illJOVAOyck\",\"d\":\"VEmDZpDXXK8p8N0Cndsxs924q6nS1RXFASRl6BfUqdw\"}";
        String header = "{\"alg\":\"ECDH-ES\",\"enc\":\"A128GCM\",\"apu\":\"QWxpY2U\",\"apv\":\"Qm9i\",\"epk\":"
                + "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"gI0GAILBdu7T53akrFmMyGcsF3n5dO7MmwNBHKW5SV0\","
                + "\"y\":\"SLW_xSffzlPWrHEVI30DHM_4egVwt3NQqeUD7nMFpps\"}}";
        String jwe = jdkGcmJwe(header, new byte[0], B64.decode("VqqN6vgjbSBcIijNcacQGg"), "Appendix C");
        try (JwtKey key = JwtKey.fromJwk(bob)) {
            JweDecrypter d = JweDecrypter.builder(key).keyAlgorithms(JweKeyAlgorithm.ECDH_ES)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            assertEquals("Appendix C", new String(d.decrypt(jwe), StandardCharsets.UTF_8));
        }
    }

    /**
     * RFC 8037 Appendix A.6: Bob's X25519 key (RFC 7748 section 6.1), the ephemeral public key
     * and header of A.6, Z = 4a5d9d5b...; the JDK derives the key-wrapping key with its SHA-256 and
     * wraps a CEK with its AESWrap, and lcjwt, holding only Bob's key, must recover the content.
     */
    @Test
    void rfc8037AppendixA6EcdhEsX25519() throws Exception {
        java.util.HexFormat hex = java.util.HexFormat.of();
        String bob = "{\"kty\":\"OKP\",\"crv\":\"X25519\",\"kid\":\"Bob\",\"x\":\"3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-IK08\","
                + "\"d\":\"" + ENC.encodeToString(hex.parseHex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"))
                + "\"}";
        String header = "{\"alg\":\"ECDH-ES+A128KW\",\"epk\":{\"kty\":\"OKP\",\"crv\":\"X25519\","
                + "\"x\":\"hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo\"},\"enc\":\"A128GCM\",\"kid\":\"Bob\"}";
        byte[] z = hex.parseHex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
        byte[] kek = jdkConcatKdf(z, "ECDH-ES+A128KW", 16);
        byte[] cek = new byte[16];
        new java.security.SecureRandom().nextBytes(cek);
        Cipher wrap = Cipher.getInstance("AESWrap");
        wrap.init(Cipher.WRAP_MODE, new SecretKeySpec(kek, "AES"));
        byte[] wrapped = wrap.wrap(new SecretKeySpec(cek, "AES"));
        String jwe = jdkGcmJwe(header, wrapped, cek, "RFC 8037 A.6");
        try (JwtKey key = JwtKey.fromJwk(bob)) {
            assertEquals("OKP", ((JwtPrivateKey) key).publicKey().keyType());
            JweDecrypter d = JweDecrypter.builder(key).keyAlgorithms(JweKeyAlgorithm.ECDH_ES_A128KW)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            assertEquals("RFC 8037 A.6", new String(d.decrypt(jwe), StandardCharsets.UTF_8));
        }
    }

    /** A compact JWE with AES-GCM made by the JDK (tests only) from a header and a known CEK. */
    static String jdkGcmJwe(String header, byte[] encryptedKey, byte[] cek, String plaintext) throws Exception {
        String h = ENC.encodeToString(header.getBytes(StandardCharsets.UTF_8));
        byte[] iv = new byte[12];
        new java.security.SecureRandom().nextBytes(iv);
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(cek, "AES"), new GCMParameterSpec(128, iv));
        c.updateAAD(h.getBytes(StandardCharsets.US_ASCII));
        byte[] out = c.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
        int n = out.length - 16;
        return h + "." + ENC.encodeToString(encryptedKey) + "." + ENC.encodeToString(iv) + "."
                + ENC.encodeToString(java.util.Arrays.copyOf(out, n)) + "."
                + ENC.encodeToString(java.util.Arrays.copyOfRange(out, n, out.length));
    }

    /** The Concat KDF with the JDK's SHA-256, as RFC 7518 section 4.6.2 defines it (one round: up to 32 bytes). */
    static byte[] jdkConcatKdf(byte[] z, String algorithmId, int keyBytes) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        sha.update(new byte[] {0, 0, 0, 1});
        sha.update(z);
        byte[] id = algorithmId.getBytes(StandardCharsets.US_ASCII);
        sha.update(java.nio.ByteBuffer.allocate(4).putInt(id.length).array());
        sha.update(id);
        sha.update(new byte[8]); // empty apu and apv
        sha.update(java.nio.ByteBuffer.allocate(4).putInt(keyBytes * 8).array());
        return java.util.Arrays.copyOf(sha.digest(), keyBytes);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"rfc7520_5_1", "rfc7520_5_2", "rfc7520_5_3", "rfc7520_5_4", "rfc7520_5_5",
        "rfc7520_5_6", "rfc7520_5_7", "rfc7520_5_8", "rfc7520_5_9"})
    void rfc7520Cookbook(String name) throws IOException {
        Map<String, Object> f;
        try (InputStream in = getClass().getResourceAsStream("/jwe/cookbook/" + name + ".json")) {
            f = JSON.std.mapFrom(in);
        }
        String alg = (String) f.get("alg");
        JweKeyAlgorithm keyAlg = JweKeyAlgorithm.fromJoseName(alg);
        @SuppressWarnings("unchecked")
        Map<String, Object> jwk = f.get("key") == null ? null : new LinkedHashMap<>((Map<String, Object>) f.get("key"));
        JwtKey key;
        if (f.get("password") != null) {
            key = JwtSecretKey.fromPassword(((String) f.get("password")).toCharArray()); // 5.3: PBES2
        } else {
            // The cookbook's keys as written, "use":"enc" and "alg" (5.6's dir key names its enc,
            // A128GCM) included; only 5.1's RSA1_5, which lcjwt refuses anyway, is not a key's alg
            // lcjwt imports.
            if ("RSA1_5".equals(jwk.get("alg"))) {
                jwk.remove("alg");
            }
            key = JwtKey.fromJwk(JSON.std.asString(jwk));
        }
        JweKeyAlgorithm allowed = keyAlg != null ? keyAlg : switch (((JwtKey) key) instanceof JwtSecretKey s
                ? s.length() : 0) {
            case 16 -> JweKeyAlgorithm.A128KW;
            case 32 -> JweKeyAlgorithm.A256KW;
            default -> JweKeyAlgorithm.RSA_OAEP;
        };
        try (key) {
            JweDecrypter.Builder b = JweDecrypter.builder(key).keyAlgorithms(allowed)
                    .contentAlgorithms(JweContentAlgorithm.fromJoseName((String) f.get("enc")));
            JweDecrypter d = f.get("password") != null ? b.enablePbes2().build() : b.build();
            String compact = (String) f.get("compact");
            if (f.get("expect").equals("decrypts")) {
                assertEquals(f.get("plaintext"), new String(d.decrypt(compact), StandardCharsets.UTF_8), name);
            } else {
                UnsupportedJwtException e = assertThrows(UnsupportedJwtException.class, () -> d.decrypt(compact));
                assertTrue(e.getMessage().contains(alg) || e.getMessage().contains("zip"), e.getMessage());
            }
        }
    }
}
