package io.lcjwt;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SECURITY.md rows 27 to 35 (JWE) for the compact serialization, one test per row, each a table
 * of attacks with the refusal lcjwt must give; plus the size cap, the allow-lists checked before
 * any crypto, and the compact/JSON and JWS/JWE confusions.
 */
class JweSecurityRowsTest {

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final byte[] K16 = bytes(16, 7);
    private static JwtSecretKey dir16;
    private static JwtPrivateKey p256;
    private static JwtPrivateKey x25519;

    @BeforeAll
    static void keys() {
        dir16 = JwtSecretKey.forEncryption(K16);
        p256 = JwtPrivateKey.generate(Algorithm.ES256);
        x25519 = JweRoundTripTest.x25519();
    }

    @AfterAll
    static void close() {
        dir16.close();
        p256.close();
        x25519.close();
    }

    record Row(String attack, String jwe, Class<? extends JwtException> refusal, String inMessage) {}

    static void check(JweDecrypter d, List<Row> rows) {
        for (Row r : rows) {
            JwtException e = assertThrows(JwtException.class, () -> d.decrypt(r.jwe()), r.attack());
            assertInstanceOf(r.refusal(), e, () -> r.attack() + ": " + e);
            assertTrue(e.getMessage().contains(r.inMessage()), () -> r.attack() + ": " + e.getMessage());
        }
    }

    static String withMember(String jwk, String member) {
        return jwk.substring(0, jwk.length() - 1) + "," + member + "}";
    }

    static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) seed);
        return b;
    }

    static String b64(String s) {
        return B64.encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    static String b64(byte[] b) {
        return B64.encodeToString(b);
    }

    /** A JWE with this header and made-up segments: enough for refusals that come before the tag. */
    static String jwe(String header, byte[] ek, int ivLen, int tagLen) {
        return b64(header) + "." + b64(ek) + "." + b64(bytes(ivLen, 1)) + "." + b64(bytes(32, 2)) + "."
                + b64(bytes(tagLen, 3));
    }

    static JweDecrypter ecdh(JwtPrivateKey key) {
        return JweDecrypter.builder(key).keyAlgorithms(JweKeyAlgorithm.ECDH_ES, JweKeyAlgorithm.ECDH_ES_A128KW)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
    }

    static String ecdhJwe(String epk) {
        return jwe("{\"alg\":\"ECDH-ES\",\"enc\":\"A128GCM\",\"epk\":" + epk + "}", new byte[0], 12, 16);
    }

    // Row 27: CVE-2016-9121, CVE-2017-16007, CVE-2017-12974 (invalid-curve attacks on ECDH-ES).
    @Test
    void row27_ecdhEsEpkOffCurveOtherCurveWithPrivatePartOrSmallOrder() throws Exception {
        String own = p256.publicKey().toJwk();
        Map<String, Object> members = com.fasterxml.jackson.jr.ob.JSON.std.mapFrom(own);
        String x = (String) members.get("x");
        String y = (String) members.get("y");
        byte[] yBytes = Base64.getUrlDecoder().decode(y);
        yBytes[31] ^= 1;
        String offCurve = "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"" + x + "\",\"y\":\"" + b64(yBytes) + "\"}";
        String p384;
        try (JwtPrivateKey other = JwtPrivateKey.generate(Algorithm.ES384)) {
            p384 = other.publicKey().toJwk();
        }
        String withD = p256.toJwk();
        check(ecdh(p256), List.of(
                new Row("epk point not on P-256", ecdhJwe(offCurve), MalformedJwtException.class, "not a valid P-256 public key"),
                new Row("epk on P-384, key on P-256", ecdhJwe(p384), MalformedJwtException.class, "on the recipient's curve"),
                new Row("epk X25519, key on P-256", ecdhJwe("{\"kty\":\"OKP\",\"crv\":\"X25519\",\"x\":\"" + b64(bytes(32, 9))
                        + "\"}"), MalformedJwtException.class, "on the recipient's curve"),
                new Row("epk carrying d", ecdhJwe(withD), MalformedJwtException.class, "carries a private key"),
                new Row("epk not an object", ecdhJwe("\"" + x + "\""), MalformedJwtException.class, "must be a JSON object"),
                new Row("no epk", jwe("{\"alg\":\"ECDH-ES\",\"enc\":\"A128GCM\"}", new byte[0], 12, 16),
                        MalformedJwtException.class, "has no \"epk\""),
                new Row("epk of the wrong size", ecdhJwe("{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"" + x + "\",\"y\":\""
                        + b64(bytes(31, 1)) + "\"}"), MalformedJwtException.class, "not a valid P-256 public key")));
        // RFC 7748 section 6.1: small-order u-coordinates give an all-zero shared secret.
        byte[] one = new byte[32];
        one[0] = 1;
        byte[] order8 = java.util.HexFormat.of().parseHex("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800");
        JweDecrypter d = ecdh(x25519);
        for (byte[] u : List.of(new byte[32], one, order8)) {
            check(d, List.of(new Row("X25519 small-order epk " + b64(u), ecdhJwe("{\"kty\":\"OKP\",\"crv\":\"X25519\",\"x\":\""
                    + b64(u) + "\"}"), MalformedJwtException.class, "all zeros")));
        }
        // The sender's side: a small-order recipient key agrees on nothing, and nothing is sent.
        try (JwtKey weak = JwtKey.fromJwk("{\"kty\":\"OKP\",\"crv\":\"X25519\",\"x\":\"" + b64(new byte[32]) + "\"}")) {
            JweEncrypter e = JweEncrypter.builder(weak).keyAlgorithm(JweKeyAlgorithm.ECDH_ES)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).build();
            assertThrows(InvalidJwtKeyException.class, () -> e.encrypt(new byte[1]));
        }
        check(d, List.of(new Row("X448 epk", ecdhJwe("{\"kty\":\"OKP\",\"crv\":\"X448\",\"x\":\"" + b64(bytes(56, 5))
                + "\"}"), MalformedJwtException.class, "on the recipient's curve")));
    }

    // Row 28: CVE-2022-36083, CVE-2023-52428, CVE-2023-49290, CVE-2023-51775: PBES2's sender-chosen
    // iteration count as a denial of service. Off unless enabled; p2c and p2s bounded before deriving.
    // Every p2c here that is over the cap would take minutes to hours if it were derived.
    @Test
    void row28_pbes2OffByDefaultAndP2cP2sBoundedBeforeDeriving() {
        String p2s = b64(bytes(16, 1));
        try (JwtSecretKey pwd = JwtSecretKey.fromPassword("correct horse battery staple".toCharArray());
             JwtSecretKey kek = JwtSecretKey.forEncryption(bytes(32, 1))) {
            // Not enabled: a decrypter with any other key and algorithm refuses, saying how to enable it.
            JweDecrypter off = JweDecrypter.builder(kek).keyAlgorithms(JweKeyAlgorithm.A256KW)
                    .contentAlgorithms(JweContentAlgorithm.values()).build();
            for (String alg : List.of("PBES2-HS256+A128KW", "PBES2-HS384+A192KW", "PBES2-HS512+A256KW")) {
                check(off, List.of(new Row(alg + " not enabled, p2c 2^31-1", jwe("{\"alg\":\"" + alg
                        + "\",\"enc\":\"A128GCM\",\"p2c\":2147483647,\"p2s\":\"" + p2s + "\"}", bytes(24, 1), 12, 16),
                        AlgorithmNotAllowedException.class, "JweDecrypter.Builder.enablePbes2()")));
            }
            // Listing it in keyAlgorithms alone is not enough: build() refuses, naming enablePbes2.
            IllegalStateException notEnabled = assertThrows(IllegalStateException.class, () -> JweDecrypter.builder(pwd)
                    .keyAlgorithms(JweKeyAlgorithm.PBES2_HS256_A128KW).contentAlgorithms(JweContentAlgorithm.A128GCM).build());
            assertTrue(notEnabled.getMessage().contains("enablePbes2()"), notEnabled.getMessage());
            // The cap is bounded itself.
            assertThrows(IllegalArgumentException.class, () -> JweDecrypter.builder(pwd).enablePbes2(1_000_001));
            assertThrows(IllegalArgumentException.class, () -> JweDecrypter.builder(pwd).enablePbes2(999));
            // an encrypter cannot write what a decrypter must refuse, either way
            IllegalArgumentException low = assertThrows(IllegalArgumentException.class,
                    () -> JweEncrypter.builder(pwd).pbes2Iterations(999));
            assertEquals("The PBES2 iteration count must be from 1,000 to 1,000,000, not 999", low.getMessage());
            assertThrows(IllegalArgumentException.class, () -> JweEncrypter.builder(pwd).pbes2Iterations(1_000_001));

            JweDecrypter on = JweDecrypter.builder(pwd).enablePbes2()
                    .keyAlgorithms(JweKeyAlgorithm.PBES2_HS256_A128KW, JweKeyAlgorithm.PBES2_HS512_A256KW)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            String h = "{\"alg\":\"PBES2-HS256+A128KW\",\"enc\":\"A128GCM\"";
            check(on, List.of(
                    new Row("p2c 10,001, one over the default cap", jwe(h + ",\"p2c\":10001,\"p2s\":\"" + p2s + "\"}",
                            bytes(24, 1), 12, 16), UnsupportedJwtException.class, "above this decrypter's cap of 10000"),
                    new Row("p2c 2^31-1", jwe(h + ",\"p2c\":2147483647,\"p2s\":\"" + p2s + "\"}", bytes(24, 1), 12, 16),
                            UnsupportedJwtException.class, "above this decrypter's cap of 10000"),
                    new Row("p2c 2^64", jwe(h + ",\"p2c\":18446744073709551616,\"p2s\":\"" + p2s + "\"}", bytes(24, 1),
                            12, 16), UnsupportedJwtException.class, "above this decrypter's cap of 10000"),
                    new Row("p2c 999, under the floor", jwe(h + ",\"p2c\":999,\"p2s\":\"" + p2s + "\"}", bytes(24, 1), 12,
                            16), MalformedJwtException.class, "at least 1000"),
                    new Row("p2c 0", jwe(h + ",\"p2c\":0,\"p2s\":\"" + p2s + "\"}", bytes(24, 1), 12, 16),
                            MalformedJwtException.class, "at least 1000"),
                    new Row("p2c -1", jwe(h + ",\"p2c\":-1,\"p2s\":\"" + p2s + "\"}", bytes(24, 1), 12, 16),
                            MalformedJwtException.class, "at least 1000"),
                    new Row("p2c 1e4, not an integer", jwe(h + ",\"p2c\":1e4,\"p2s\":\"" + p2s + "\"}", bytes(24, 1), 12,
                            16), MalformedJwtException.class, "must be an integer"),
                    new Row("p2c as a string", jwe(h + ",\"p2c\":\"4096\",\"p2s\":\"" + p2s + "\"}", bytes(24, 1), 12,
                            16), MalformedJwtException.class, "must be an integer"),
                    new Row("no p2c", jwe(h + ",\"p2s\":\"" + p2s + "\"}", bytes(24, 1), 12, 16),
                            MalformedJwtException.class, "no \"p2c\""),
                    new Row("p2s of 7 bytes", jwe(h + ",\"p2c\":1000,\"p2s\":\"" + b64(bytes(7, 1)) + "\"}", bytes(24, 1),
                            12, 16), MalformedJwtException.class, "is 7 bytes"),
                    new Row("p2s empty", jwe(h + ",\"p2c\":1000,\"p2s\":\"\"}", bytes(24, 1), 12, 16),
                            MalformedJwtException.class, "is 0 bytes"),
                    new Row("p2s padded", jwe(h + ",\"p2c\":1000,\"p2s\":\"" + p2s + "==\"}", bytes(24, 1), 12, 16),
                            MalformedJwtException.class, "strict base64url"),
                    new Row("no p2s", jwe(h + ",\"p2c\":1000}", bytes(24, 1), 12, 16), MalformedJwtException.class,
                            "no \"p2s\""),
                    new Row("p2s short and p2c huge: the cap is checked too", jwe(h + ",\"p2c\":2147483647,\"p2s\":\"AA\"}",
                            bytes(24, 1), 12, 16), MalformedJwtException.class, "is 1 bytes"),
                    new Row("PBES2-HS384+A192KW, enabled but not listed", jwe("{\"alg\":\"PBES2-HS384+A192KW\","
                            + "\"enc\":\"A128GCM\",\"p2c\":1000,\"p2s\":\"" + p2s + "\"}", bytes(24, 1), 12, 16),
                            AlgorithmNotAllowedException.class, "does not allow")));

            // The cap is the builder's: a JWE at 20,000 iterations passes a cap of 20,000, not the default.
            String at20k = JweEncrypter.builder(pwd).keyAlgorithm(JweKeyAlgorithm.PBES2_HS256_A128KW)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).pbes2Iterations(20_000).build().encrypt(new byte[] {42});
            check(on, List.of(new Row("p2c 20,000, default cap", at20k, UnsupportedJwtException.class, "cap of 10000")));
            JweDecrypter raised = JweDecrypter.builder(pwd).enablePbes2(20_000)
                    .keyAlgorithms(JweKeyAlgorithm.PBES2_HS256_A128KW).contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            assertEquals(42, raised.decrypt(at20k)[0]);
            // The JSON form: the same bounds per recipient, and one PBES2 derivation per JWE at most.
            String r = "{\"header\":{\"alg\":\"PBES2-HS256+A128KW\",\"p2c\":10000,\"p2s\":\"" + p2s + "\"},"
                    + "\"encrypted_key\":\"" + b64(bytes(24, 1)) + "\"}";
            String p = "{\"enc\":\"A128GCM\"}";
            checkJson(on, List.of(
                    new Row("JSON: two PBES2 recipients", json(p, null, "\"recipients\":[" + r + "," + r + "]"),
                            UnsupportedJwtException.class, "more than one PBES2 recipient"),
                    new Row("JSON: p2c over the cap in a per-recipient header", json(p, null, "\"recipients\":["
                            + r.replace("10000", "10001") + "]"), UnsupportedJwtException.class, "cap of 10000"),
                    new Row("JSON: p2s of 7 bytes in the shared header", json(p, "{\"p2s\":\"" + b64(bytes(7, 1)) + "\"}",
                            "\"header\":{\"alg\":\"PBES2-HS256+A128KW\",\"p2c\":1000}"), MalformedJwtException.class,
                            "is 7 bytes")));
            checkJson(off, List.of(new Row("JSON: PBES2 not enabled", json(p, null, "\"recipients\":[" + r + "]"),
                    AlgorithmNotAllowedException.class, "JweDecrypter.Builder.enablePbes2()")));
            // A password serves PBES2 only, and PBES2 takes only a password.
            assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(kek).enablePbes2()
                    .keyAlgorithms(JweKeyAlgorithm.PBES2_HS512_A256KW).contentAlgorithms(JweContentAlgorithm.A128GCM).build());
            assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(pwd).keyAlgorithms(JweKeyAlgorithm.A256KW)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build());
            assertThrows(InvalidJwtKeyException.class, () -> JweEncrypter.builder(pwd).keyAlgorithm(JweKeyAlgorithm.DIR)
                    .contentAlgorithm(JweContentAlgorithm.A256GCM).build());
            assertThrows(InvalidJwtKeyException.class, () -> JwtVerifier.builder(pwd).algorithms(Algorithm.HS256).build());
            assertThrows(InvalidJwtKeyException.class, () -> JwtSigner.builder(pwd).algorithm(Algorithm.HS256).build());
        }
    }

    // Row 29: CVE-2024-28176, CVE-2024-28180, CVE-2024-29371 (decompression bombs).
    @Test
    void row29_zipOtherThanDefAndInflationBombs() throws Exception {
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        for (String zip : List.of("\"def\"", "\"GZIP\"", "\"\"", "null", "1", "[\"DEF\"]")) {
            check(d, List.of(new Row("zip " + zip, jwe("{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"zip\":" + zip + "}", new byte[0],
                    12, 16), UnsupportedJwtException.class, "inflates only \"DEF\"")));
        }
        JweEncrypter deflating = JweEncrypter.builder(dir16).keyAlgorithm(JweKeyAlgorithm.DIR)
                .contentAlgorithm(JweContentAlgorithm.A128GCM).deflate().build();
        String bomb = deflating.encrypt(new byte[10_000_000]); // ten million zeros, about 10 KB compressed
        assertTrue(bomb.length() < 64 * 1024, "the bomb fits under maxTokenBytes");
        String atCap = deflating.encrypt(new byte[250_000]);
        String pastCap = deflating.encrypt(new byte[250_001]);
        assertEquals(250_000, d.decrypt(atCap).length);
        check(d, List.of(
                new Row("ten million zeros", bomb, MalformedJwtException.class, "refused while inflating"),
                new Row("one byte past the cap", pastCap, MalformedJwtException.class, "cap of 250000 bytes"),
                new Row("zip DEF over content that is not DEFLATE", JweRfcVectorsTest.jdkGcmJwe(
                        "{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"zip\":\"DEF\"}", new byte[0], K16, "not deflate"),
                        MalformedJwtException.class, "DEFLATE")));
        JweDecrypter refusing = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).maxInflatedBytes(0).build();
        check(refusing, List.of(new Row("zip DEF, inflation off", atCap, UnsupportedJwtException.class, "does not inflate")));
        // Only authenticated content is inflated: a bomb with a bad tag is a decryption failure.
        String[] p = bomb.split("\\.", -1);
        assertThrows(JweDecryptionException.class, () -> d.decrypt(p[0] + "." + p[1] + "." + p[2] + "." + p[3] + "." + flip(p[4])));
    }

    // Row 30: CVE-2016-9123, CVE-2017-12972/12973: the CBC-HMAC tag is checked in full first.
    @Test
    void row30_cbcHmacTagLengthAndPaddingOracle() throws Exception {
        byte[] key = bytes(32, 4);
        JweDecrypter d = JweDecrypter.builder(JwtSecretKey.forEncryption(key)).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128CBC_HS256).build();
        String header = "{\"alg\":\"dir\",\"enc\":\"A128CBC-HS256\"}";
        check(d, List.of(
                new Row("tag truncated to 8 bytes", jwe(header, new byte[0], 16, 8), MalformedJwtException.class, "exactly 16"),
                new Row("tag truncated to 1 byte", jwe(header, new byte[0], 16, 1), MalformedJwtException.class, "exactly 16"),
                new Row("the full 32-byte MAC as tag", jwe(header, new byte[0], 16, 32), MalformedJwtException.class, "exactly 16"),
                new Row("no tag", jwe(header, new byte[0], 16, 0), MalformedJwtException.class, "exactly 16"),
                new Row("a 12-byte IV", jwe(header, new byte[0], 12, 16), MalformedJwtException.class, "takes 16")));
        // Bad padding under a valid tag (someone who knows the MAC key half) must end exactly like a bad tag.
        String h = b64(header);
        byte[] iv = bytes(16, 5);
        Cipher raw = Cipher.getInstance("AES/CBC/NoPadding");
        raw.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, 16, 16, "AES"), new IvParameterSpec(iv));
        byte[] block = bytes(16, 0x20); // last byte 0x20: not PKCS#7 padding
        byte[] ct = raw.doFinal(block);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, 0, 16, "HmacSHA256"));
        mac.update(h.getBytes(StandardCharsets.US_ASCII));
        mac.update(iv);
        mac.update(ct);
        mac.update(ByteBuffer.allocate(8).putLong(h.length() * 8L).array());
        byte[] tag = Arrays.copyOf(mac.doFinal(), 16);
        String badPadding = h + ".." + b64(iv) + "." + b64(ct) + "." + b64(tag);
        byte[] badTag = tag.clone();
        badTag[0] ^= 1;
        String badTagJwe = h + ".." + b64(iv) + "." + b64(ct) + "." + b64(badTag);
        JweDecryptionException padding = assertThrows(JweDecryptionException.class, () -> d.decrypt(badPadding));
        JweDecryptionException tagged = assertThrows(JweDecryptionException.class, () -> d.decrypt(badTagJwe));
        assertEquals(tagged.getMessage(), padding.getMessage());
    }

    // Row 31: GCM tags of other lengths and IVs other than 96 bits, refused before any crypto.
    @Test
    void row31_gcmTagNot16BytesIvNot12Bytes() {
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        String header = "{\"alg\":\"dir\",\"enc\":\"A128GCM\"}";
        check(d, List.of(
                new Row("4-byte tag", jwe(header, new byte[0], 12, 4), MalformedJwtException.class, "exactly 16"),
                new Row("12-byte tag", jwe(header, new byte[0], 12, 12), MalformedJwtException.class, "exactly 16"),
                new Row("15-byte tag", jwe(header, new byte[0], 12, 15), MalformedJwtException.class, "exactly 16"),
                new Row("17-byte tag", jwe(header, new byte[0], 12, 17), MalformedJwtException.class, "exactly 16"),
                new Row("8-byte IV", jwe(header, new byte[0], 8, 16), MalformedJwtException.class, "takes 12"),
                new Row("16-byte IV", jwe(header, new byte[0], 16, 16), MalformedJwtException.class, "takes 12"),
                new Row("empty IV", jwe(header, new byte[0], 0, 16), MalformedJwtException.class, "takes 12")));
        // The same for the AES-GCM key wrap's own IV and tag, carried in the header.
        JweDecrypter kw = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.A128GCMKW)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        String iv12 = b64(bytes(12, 1));
        String tag16 = b64(bytes(16, 1));
        List<Row> rows = new java.util.ArrayList<>();
        for (String[] c : new String[][] {{b64(bytes(8, 1)), tag16, "exactly 12"}, {b64(bytes(16, 1)), tag16, "exactly 12"},
            {iv12, b64(bytes(12, 1)), "exactly 16"}, {iv12, b64(bytes(17, 1)), "exactly 16"}, {iv12, null, "no \"tag\""},
            {null, tag16, "no \"iv\""}, {iv12, tag16 + "=", "not strict base64url"}}) {
            String h = "{\"alg\":\"A128GCMKW\",\"enc\":\"A128GCM\"" + (c[0] == null ? "" : ",\"iv\":\"" + c[0] + "\"")
                    + (c[1] == null ? "" : ",\"tag\":\"" + c[1] + "\"") + "}";
            rows.add(new Row("A128GCMKW iv " + c[0] + " tag " + c[1], jwe(h, bytes(16, 1), 12, 16), MalformedJwtException.class,
                    c[2]));
        }
        check(kw, rows);
    }

    // Row 32: RSA1_5 refused as unsupported, even with garbage after the header (so nothing was decrypted).
    @Test
    void row32_rsa15IsRefusedWithoutAnyDecryptionAttempt() {
        try (JwtPrivateKey rsa = JwtPrivateKey.generateRsa(2048)) {
            JweDecrypter d = JweDecrypter.builder(rsa).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP, JweKeyAlgorithm.RSA_OAEP_256)
                    .contentAlgorithms(JweContentAlgorithm.values()).build();
            check(d, List.of(new Row("RSA1_5", b64("{\"alg\":\"RSA1_5\",\"enc\":\"A128CBC-HS256\"}") + ".!!.!!.!!.!!",
                    UnsupportedJwtException.class, "without attempting decryption")));
        }
    }

    // Row 33: keys of the wrong length, failed unwraps: one error, as for a bad tag.
    @Test
    void row33_wrongLengthKeysAndFailedUnwrapsEndLikeABadTag() throws Exception {
        byte[] kek = bytes(16, 6);
        try (JwtSecretKey k = JwtSecretKey.forEncryption(kek)) {
            JweDecrypter d = JweDecrypter.builder(k).keyAlgorithms(JweKeyAlgorithm.A128KW)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM, JweContentAlgorithm.A256GCM).build();
            String good = JweEncrypter.builder(k).keyAlgorithm(JweKeyAlgorithm.A128KW)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).build().encrypt("x".getBytes(StandardCharsets.UTF_8));
            String[] p = good.split("\\.", -1);
            String badTag = p[0] + "." + p[1] + "." + p[2] + "." + p[3] + "." + flip(p[4]);
            String expected = assertThrows(JweDecryptionException.class, () -> d.decrypt(badTag)).getMessage();

            // A CEK of 32 bytes, properly wrapped, under a header whose enc takes 16.
            Cipher wrap = Cipher.getInstance("AESWrap");
            wrap.init(Cipher.WRAP_MODE, new SecretKeySpec(kek, "AES"));
            String longCek = p[0] + "." + b64(wrap.wrap(new SecretKeySpec(bytes(32, 1), "AES"))) + "." + p[2] + "." + p[3]
                    + "." + p[4];
            String corruptWrap = p[0] + "." + flip(p[1]) + "." + p[2] + "." + p[3] + "." + p[4];
            String shortWrap = p[0] + "." + b64(bytes(16, 1)) + "." + p[2] + "." + p[3] + "." + p[4];
            for (String attack : List.of(longCek, corruptWrap, shortWrap)) {
                assertEquals(expected, assertThrows(JweDecryptionException.class, () -> d.decrypt(attack)).getMessage());
            }
            // AES-GCM key wrap: a wrapped key whose tag fails ends the same way.
            JweDecrypter g = JweDecrypter.builder(k).keyAlgorithms(JweKeyAlgorithm.A128GCMKW)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            String[] q = JweEncrypter.builder(k).keyAlgorithm(JweKeyAlgorithm.A128GCMKW)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).build().encrypt(new byte[1]).split("\\.", -1);
            assertEquals(1, g.decrypt(String.join(".", q)).length);
            assertEquals(expected, assertThrows(JweDecryptionException.class,
                    () -> g.decrypt(q[0] + "." + flip(q[1]) + "." + q[2] + "." + q[3] + "." + q[4])).getMessage());
        }
        try (JwtPrivateKey rsa = JwtPrivateKey.generateRsa(2048)) {
            JweEncrypter e = JweEncrypter.builder(rsa.publicKey()).keyAlgorithm(JweKeyAlgorithm.RSA_OAEP_256)
                    .contentAlgorithm(JweContentAlgorithm.A256GCM).build();
            JweDecrypter d = JweDecrypter.builder(rsa).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP_256)
                    .contentAlgorithms(JweContentAlgorithm.A256GCM).build();
            String[] p = e.encrypt(new byte[1]).split("\\.", -1);
            String badTag = assertThrows(JweDecryptionException.class,
                    () -> d.decrypt(p[0] + "." + p[1] + "." + p[2] + "." + p[3] + "." + flip(p[4]))).getMessage();
            String badOaep = assertThrows(JweDecryptionException.class,
                    () -> d.decrypt(p[0] + "." + flip(p[1]) + "." + p[2] + "." + p[3] + "." + p[4])).getMessage();
            String shortOaep = assertThrows(JweDecryptionException.class,
                    () -> d.decrypt(p[0] + "." + b64(bytes(255, 1)) + "." + p[2] + "." + p[3] + "." + p[4])).getMessage();
            assertEquals(badTag, badOaep);
            assertEquals(badTag, shortOaep);
        }
        // dir: the key's length must be the enc's, and the encrypted key segment must be empty.
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM, JweContentAlgorithm.A256GCM).build();
        check(d, List.of(
                new Row("dir key of 16 bytes, enc A256GCM", jwe("{\"alg\":\"dir\",\"enc\":\"A256GCM\"}", new byte[0], 12, 16),
                        JweDecryptionException.class, "32-byte key"),
                new Row("dir with an encrypted key", jwe("{\"alg\":\"dir\",\"enc\":\"A128GCM\"}", bytes(24, 1), 12, 16),
                        MalformedJwtException.class, "empty encrypted key")));
        assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.A256KW)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build());
        assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(p256).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build());
        assertThrows(InvalidJwtKeyException.class, () -> JweEncrypter.builder(dir16).keyAlgorithm(JweKeyAlgorithm.DIR)
                .contentAlgorithm(JweContentAlgorithm.A256GCM).build());
    }

    // Row 34 (compact part): duplicate header names, crit, apu/apv not base64url.
    @Test
    void row34_duplicateNamesUnknownCritBadPartyInfo() {
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        check(d, List.of(
                new Row("duplicate alg", jwe("{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"alg\":\"dir\"}", new byte[0], 12, 16),
                        MalformedJwtException.class, "uplicate"),
                new Row("duplicate enc", jwe("{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"enc\":\"A256GCM\"}", new byte[0], 12, 16),
                        MalformedJwtException.class, "uplicate"),
                new Row("unknown crit", jwe("{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"crit\":[\"exp\"],\"exp\":1}", new byte[0], 12, 16),
                        UnsupportedJwtException.class, "critical"),
                new Row("empty crit", jwe("{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"crit\":[]}", new byte[0], 12, 16),
                        MalformedJwtException.class, "non-empty array"),
                new Row("kid not a string", jwe("{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"kid\":1}", new byte[0], 12, 16),
                        MalformedJwtException.class, "must be a string")));
        String epk = p256.publicKey().toJwk();
        check(ecdh(p256), List.of(
                new Row("apu with padding", jwe("{\"alg\":\"ECDH-ES\",\"enc\":\"A128GCM\",\"apu\":\"QQ==\",\"epk\":" + epk + "}",
                        new byte[0], 12, 16), MalformedJwtException.class, "\"apu\" is not strict base64url"),
                new Row("apv with '+'", jwe("{\"alg\":\"ECDH-ES\",\"enc\":\"A128GCM\",\"apv\":\"a+b\",\"epk\":" + epk + "}",
                        new byte[0], 12, 16), MalformedJwtException.class, "\"apv\" is not strict base64url")));
    }

    // Row 35: decryption is not authentication. A JWE anyone made with the public key decrypts,
    // but a nested JWT must carry the issuer's signature (see also JweRoundTripTest).
    @Test
    void row35_decryptionIsNotAuthentication() {
        long exp = java.time.Instant.now().getEpochSecond() + 60;
        try (JwtPrivateKey issuer = JwtPrivateKey.generate(Algorithm.ES256);
             JwtPrivateKey mallory = JwtPrivateKey.generate(Algorithm.ES256)) {
            JweEncrypter anyone = JweEncrypter.builder(p256.publicKey()).keyAlgorithm(JweKeyAlgorithm.ECDH_ES)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).build();
            JweDecrypter d = ecdh(p256);
            JwtVerifier verifier = JwtVerifier.builder(issuer.publicKey()).algorithms(Algorithm.ES256).build();
            String forged = anyone.encryptJwt(Map.of("sub", "admin", "exp", exp),
                    JwtSigner.builder(mallory).algorithm(Algorithm.ES256).build());
            assertTrue(d.decrypt(forged).length > 0, "decrypt alone accepts it: it only proves who it was for");
            assertThrows(BadSignatureException.class, () -> d.decryptClaims(forged, verifier));
            String genuine = anyone.encryptJwt(Map.of("sub", "alice", "exp", exp),
                    JwtSigner.builder(issuer).algorithm(Algorithm.ES256).build());
            assertEquals("alice", d.decryptClaims(genuine, verifier).get("sub"));
        }
    }

    // The allow-lists come before any crypto: a JWE with garbage after its header is refused for its alg/enc.
    @Test
    void allowListsAreCheckedBeforeAnyCrypto() {
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        String garbage = ".!!.!!.!!.!!";
        check(d, List.of(
                new Row("alg A128KW not allowed", b64("{\"alg\":\"A128KW\",\"enc\":\"A128GCM\"}") + garbage,
                        AlgorithmNotAllowedException.class, "does not allow"),
                new Row("enc A256GCM not allowed", b64("{\"alg\":\"dir\",\"enc\":\"A256GCM\"}") + garbage,
                        AlgorithmNotAllowedException.class, "does not allow"),
                new Row("alg none", b64("{\"alg\":\"none\",\"enc\":\"A128GCM\"}") + garbage,
                        AlgorithmNotAllowedException.class, "not a key management algorithm"),
                new Row("alg Dir (case)", b64("{\"alg\":\"Dir\",\"enc\":\"A128GCM\"}") + garbage,
                        AlgorithmNotAllowedException.class, "case-sensitive"),
                new Row("enc a128gcm (case)", b64("{\"alg\":\"dir\",\"enc\":\"a128gcm\"}") + garbage,
                        AlgorithmNotAllowedException.class, "case-sensitive"),
                new Row("A128GCMKW not allowed", b64("{\"alg\":\"A128GCMKW\",\"enc\":\"A128GCM\"}") + garbage,
                        AlgorithmNotAllowedException.class, "does not allow"),
                new Row("no enc", b64("{\"alg\":\"dir\"}") + garbage, MalformedJwtException.class, "no \"enc\"")));
        assertThrows(IllegalStateException.class, () -> JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR).build());
        assertThrows(IllegalStateException.class, () -> JweDecrypter.builder(dir16)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build());
    }

    // Row 16's cap for JWE, and the compact form: JSON, JWS, wrong segment counts, bad base64url.
    @Test
    void oversizedAndMalformedJwes() {
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).maxTokenBytes(1024).build();
        String ok = JweEncrypter.builder(dir16).keyAlgorithm(JweKeyAlgorithm.DIR).contentAlgorithm(JweContentAlgorithm.A128GCM)
                .build().encrypt(new byte[500]);
        String big = JweEncrypter.builder(dir16).keyAlgorithm(JweKeyAlgorithm.DIR).contentAlgorithm(JweContentAlgorithm.A128GCM)
                .build().encrypt(new byte[1000]);
        assertEquals(500, d.decrypt(ok).length);
        assertEquals(500, d.decrypt(new StringBuilder(ok)).length, "a CharSequence that is not a String");
        JwtException nonAscii = assertThrows(JwtException.class, () -> d.decrypt(new StringBuilder(ok).append('\u00e9')));
        assertTrue(nonAscii.getMessage().contains("non-ASCII"), nonAscii.getMessage());
        check(d, List.of(
                new Row("over maxTokenBytes", big, MalformedJwtException.class, "maxTokenBytes"),
                new Row("JSON serialization", "{\"protected\":\"e30\",\"ciphertext\":\"\"}", MalformedJwtException.class,
                        "use JweDecrypter.decryptJson"),
                new Row("JSON serialization with four dots", " {\"aad\":\"....\"}", MalformedJwtException.class,
                        "use JweDecrypter.decryptJson"),
                new Row("a JWS", "eyJhbGciOiJIUzI1NiJ9.e30.sig", MalformedJwtException.class, "JwtVerifier"),
                new Row("six segments", ok + ".x", MalformedJwtException.class, "exactly four dots"),
                new Row("dots only", "....", MalformedJwtException.class, "header segment is empty"),
                new Row("padded IV", ok.replaceFirst("\\.\\.([^.]+)\\.", "..$1=."), MalformedJwtException.class, "strict base64url"),
                new Row("non-ASCII", ok + "\u00e9", MalformedJwtException.class, "non-ASCII"),
                // Beyond Latin-1 (a String the JDK stores as UTF-16), where a one-byte copy would
                // turn the character into '?' and the refusal would name base64url instead.
                new Row("non-ASCII beyond Latin-1", ok.substring(0, 20) + "\u0100" + ok.substring(21),
                        MalformedJwtException.class, "non-ASCII"),
                new Row("non-ASCII in the dots' place", ok.replaceFirst("\\.", "\u2024"), MalformedJwtException.class,
                        "non-ASCII"),
                new Row("null", null, MalformedJwtException.class, "null")));
    }

    // ---- the JSON serialization (RFC 7516 section 7.2) ----------------------------------------

    static void checkJson(JweDecrypter d, List<Row> rows) {
        for (Row r : rows) {
            JwtException e = assertThrows(JwtException.class, () -> d.decryptJson(r.jwe()), r.attack());
            assertInstanceOf(r.refusal(), e, () -> r.attack() + ": " + e);
            assertTrue(e.getMessage().contains(r.inMessage()), () -> r.attack() + ": " + e.getMessage());
        }
    }

    /** A JSON JWE with these members (JSON text, or null for none) and made-up IV, ciphertext and tag. */
    static String json(String protectedHeader, String unprotected, String recipientsOrFlat) {
        return "{" + (protectedHeader == null ? "" : "\"protected\":\"" + b64(protectedHeader) + "\",")
                + (unprotected == null ? "" : "\"unprotected\":" + unprotected + ",")
                + (recipientsOrFlat == null ? "" : recipientsOrFlat + ",")
                + "\"iv\":\"" + b64(bytes(12, 1)) + "\",\"ciphertext\":\"" + b64(bytes(32, 2)) + "\",\"tag\":\""
                + b64(bytes(16, 3)) + "\"}";
    }

    // Row 26 for JWE: each API refuses the other serialization, naming the right method.
    @Test
    void row26_compactAndJsonApisRefuseEachOther() {
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        JweEncrypter compact = JweEncrypter.builder(dir16).keyAlgorithm(JweKeyAlgorithm.DIR)
                .contentAlgorithm(JweContentAlgorithm.A128GCM).build();
        String jwe = compact.encrypt(new byte[] {1});
        String flat = JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).recipient(compact).flattened().build()
                .encrypt(new byte[] {1});
        assertEquals(1, d.decrypt(jwe)[0]);
        assertEquals(1, d.decryptJson(flat)[0]);
        check(d, List.of(new Row("JSON to decrypt", flat, MalformedJwtException.class, "use JweDecrypter.decryptJson"),
                new Row("JSON with leading whitespace to decrypt", "\n\t " + flat, MalformedJwtException.class, "decryptJson")));
        checkJson(d, List.of(new Row("compact to decryptJson", jwe, MalformedJwtException.class, "JweDecrypter.decrypt"),
                new Row("a JWS to decryptJson", "eyJhbGciOiJIUzI1NiJ9.e30.sig", MalformedJwtException.class,
                        "JweDecrypter.decrypt"),
                new Row("empty", "", MalformedJwtException.class, "JweDecrypter.decrypt"),
                new Row("null", null, MalformedJwtException.class, "null"),
                new Row("a JSON array", "[" + flat + "]", MalformedJwtException.class, "JweDecrypter.decrypt")));
    }

    // Row 29 for JSON: zip only in the protected header, where the tag covers it.
    @Test
    void row29_zipOutsideTheProtectedHeader() {
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        String p = "{\"enc\":\"A128GCM\"}";
        checkJson(d, List.of(
                new Row("zip in unprotected", json(p, "{\"zip\":\"DEF\"}", "\"header\":{\"alg\":\"dir\"}"),
                        MalformedJwtException.class, "\"zip\" is in its shared unprotected (\"unprotected\") header"),
                new Row("zip in the per-recipient header", json(p, null, "\"header\":{\"alg\":\"dir\",\"zip\":\"DEF\"}"),
                        MalformedJwtException.class, "\"zip\" is in its per-recipient (\"header\") header"),
                new Row("zip in a general recipient's header", json(p, null,
                        "\"recipients\":[{\"header\":{\"alg\":\"dir\",\"zip\":\"DEF\"}}]"), MalformedJwtException.class,
                        "must be in the protected header"),
                new Row("zip GZIP in the protected header", json("{\"enc\":\"A128GCM\",\"zip\":\"GZIP\"}", null,
                        "\"header\":{\"alg\":\"dir\"}"), UnsupportedJwtException.class, "inflates only \"DEF\"")));
        // Compressed content in the JSON form is inflated under the same cap, after the tag.
        JweJsonEncrypter deflating = JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).recipient(JweEncrypter.builder(dir16)
                .keyAlgorithm(JweKeyAlgorithm.DIR).contentAlgorithm(JweContentAlgorithm.A128GCM).build()).deflate().build();
        assertEquals(250_000, d.decryptJson(deflating.encrypt(new byte[250_000])).length);
        checkJson(d, List.of(new Row("one byte past the cap", deflating.encrypt(new byte[250_001]), MalformedJwtException.class,
                "cap of 250000 bytes")));
    }

    // Row 34 for JSON: names disjoint across the three headers, crit only protected, at most 16
    // recipients; and the shape of the serialization itself.
    @Test
    void row34_jsonDuplicateNamesCritRecipientCapAndShape() {
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR, JweKeyAlgorithm.A128KW)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        String p = "{\"enc\":\"A128GCM\"}";
        String dir = "{\"header\":{\"alg\":\"dir\"}}";
        String seventeen = "\"recipients\":[" + String.join(",", java.util.Collections.nCopies(17, dir)) + "]";
        String sixteen = "\"recipients\":[" + String.join(",", java.util.Collections.nCopies(16, dir)) + "]";
        checkJson(d, List.of(
                new Row("enc in protected and unprotected", json(p, "{\"enc\":\"A128GCM\"}", "\"header\":{\"alg\":\"dir\"}"),
                        MalformedJwtException.class, "\"enc\" is in both its protected and its shared unprotected"),
                new Row("alg in protected and per-recipient", json("{\"enc\":\"A128GCM\",\"alg\":\"dir\"}", null,
                        "\"header\":{\"alg\":\"dir\"}"), MalformedJwtException.class, "both its protected and its per-recipient"),
                new Row("kid in unprotected and per-recipient", json(p, "{\"kid\":\"a\"}",
                        "\"recipients\":[{\"header\":{\"alg\":\"dir\",\"kid\":\"a\"}}]"), MalformedJwtException.class,
                        "both its shared unprotected (\"unprotected\") and its per-recipient"),
                new Row("a custom name twice, in the second recipient", json(p, "{\"x\":1}",
                        "\"recipients\":[" + dir + ",{\"header\":{\"alg\":\"dir\",\"x\":2}}]"), MalformedJwtException.class,
                        "names must be disjoint"),
                new Row("duplicate inside one header", json(p, null, "\"header\":{\"alg\":\"dir\",\"alg\":\"dir\"}"),
                        MalformedJwtException.class, "uplicate"),
                new Row("duplicate top-level member", json(p, null, "\"header\":{\"alg\":\"dir\"},\"iv\":\"AAAA\""),
                        MalformedJwtException.class, "uplicate"),
                new Row("crit in unprotected", json(p, "{\"crit\":[\"x\"],\"x\":1}", "\"header\":{\"alg\":\"dir\"}"),
                        MalformedJwtException.class, "\"crit\" is in its shared unprotected"),
                new Row("crit in per-recipient", json(p, null, "\"header\":{\"alg\":\"dir\",\"crit\":[\"x\"],\"x\":1}"),
                        MalformedJwtException.class, "\"crit\" is in its per-recipient"),
                new Row("crit in protected", json("{\"enc\":\"A128GCM\",\"crit\":[\"x\"],\"x\":1}", null,
                        "\"header\":{\"alg\":\"dir\"}"), UnsupportedJwtException.class, "critical"),
                new Row("17 recipients", json(p, null, seventeen), MalformedJwtException.class, "at most 16"),
                new Row("no recipients", json(p, null, "\"recipients\":[]"), MalformedJwtException.class, "empty"),
                new Row("recipients not an array", json(p, null, "\"recipients\":{}"), MalformedJwtException.class,
                        "must be an array"),
                new Row("a recipient not an object", json(p, null, "\"recipients\":[1]"), MalformedJwtException.class,
                        "must be a JSON object"),
                new Row("general and flattened mixed", json(p, null, "\"recipients\":[" + dir + "],\"header\":{}"),
                        MalformedJwtException.class, "mixes the general"),
                new Row("recipients with different enc", json(null, null, "\"recipients\":[{\"header\":{\"alg\":\"dir\","
                        + "\"enc\":\"A128GCM\"}},{\"header\":{\"alg\":\"A128KW\",\"enc\":\"A256GCM\"}}]"),
                        MalformedJwtException.class, "different \"enc\""),
                new Row("header not an object", json(p, "[]", "\"header\":{\"alg\":\"dir\"}"), MalformedJwtException.class,
                        "must be a JSON object"),
                new Row("protected not base64url", json(p, null, "\"header\":{\"alg\":\"dir\"}").replace("\"protected\":\"",
                        "\"protected\":\"+"), MalformedJwtException.class, "protected header is not strict base64url"),
                new Row("protected not an object", "{\"protected\":\"" + b64("[]") + "\",\"iv\":\"\",\"ciphertext\":\"\","
                        + "\"tag\":\"\"}", MalformedJwtException.class, "JWE protected header"),
                new Row("aad padded", json(p, null, "\"header\":{\"alg\":\"dir\"},\"aad\":\"QQ==\""),
                        MalformedJwtException.class, "(\"aad\") is not strict base64url"),
                new Row("aad not a string", json(p, null, "\"header\":{\"alg\":\"dir\"},\"aad\":1"),
                        MalformedJwtException.class, "\"aad\" must be a string"),
                new Row("no ciphertext", "{\"protected\":\"" + b64(p) + "\",\"header\":{\"alg\":\"dir\"},\"iv\":\"\","
                        + "\"tag\":\"\"}", MalformedJwtException.class, "no \"ciphertext\""),
                new Row("no alg anywhere", json(p, null, null), MalformedJwtException.class, "no \"alg\""),
                new Row("dir with an encrypted key", json(p, null, "\"header\":{\"alg\":\"dir\"},\"encrypted_key\":\"AAAA\""),
                        MalformedJwtException.class, "empty encrypted key"),
                new Row("a 15-byte tag", json(p, null, "\"header\":{\"alg\":\"dir\"}").replace(b64(bytes(16, 3)),
                        b64(bytes(15, 3))), MalformedJwtException.class, "exactly 16"),
                new Row("kid not a string, all members per-recipient", json(null, null, "\"header\":{\"alg\":\"dir\",\"enc\":\"A128GCM\","
                        + "\"kid\":1}"), MalformedJwtException.class, "must be a string")));
        // Sixteen is the cap, not a refusal: those dir recipients are tried, and fail as one.
        assertThrows(JweDecryptionException.class, () -> d.decryptJson(json(p, null, sixteen)));
        // Hostile names are quoted short and escaped.
        String evil = "x\\r\\nlevel=ERROR" + "A".repeat(500);
        JwtException e = assertThrows(MalformedJwtException.class, () -> d.decryptJson(json(p, "{\"" + evil + "\":1}",
                "\"header\":{\"alg\":\"dir\",\"" + evil + "\":1}")));
        assertTrue(e.getMessage().length() < 300 && !e.getMessage().contains("\n") && !e.getMessage().contains("A".repeat(33)),
                e.getMessage());
    }

    // Rows 32 and 33 for JSON: which recipients are tried, and a failed unwrap for any of them
    // ends like a bad tag, with the one message.
    @Test
    void row33_jsonRecipientsFailTheSameWayWhicheverStepFails() throws Exception {
        byte[] k1 = bytes(16, 1);
        byte[] k2 = bytes(16, 2);
        try (JwtSecretKey key1 = JwtSecretKey.forEncryption(k1); JwtSecretKey key2 = JwtSecretKey.forEncryption(k2)) {
            JweEncrypter to1 = JweEncrypter.builder(key1).keyAlgorithm(JweKeyAlgorithm.A128KW)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).build();
            JweEncrypter to2 = JweEncrypter.builder(key2).keyAlgorithm(JweKeyAlgorithm.A128KW)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).build();
            String json = JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).recipient(to2).recipient(to1).build()
                    .encrypt("x".getBytes(StandardCharsets.UTF_8));
            JweDecrypter d = JweDecrypter.builder(key1).keyAlgorithms(JweKeyAlgorithm.A128KW)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            assertEquals("x", new String(d.decryptJson(json), StandardCharsets.UTF_8), "the second recipient is key1's");

            Map<String, Object> m = com.fasterxml.jackson.jr.ob.JSON.std.mapFrom(json);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> rs = (List<Map<String, Object>>) m.get("recipients");
            String ek1 = (String) rs.get(1).get("encrypted_key");
            Cipher wrap = Cipher.getInstance("AESWrap");
            wrap.init(Cipher.WRAP_MODE, new SecretKeySpec(k1, "AES"));
            String longCek = b64(wrap.wrap(new SecretKeySpec(bytes(32, 1), "AES")));
            String badTag = json.replace((String) m.get("tag"), flip((String) m.get("tag")));
            String expected = assertThrows(JweDecryptionException.class, () -> d.decryptJson(badTag)).getMessage();
            assertEquals(compactBadTag().getMessage(), expected, "the same sentence as the compact form");
            for (String attack : List.of(json.replace(ek1, flip(ek1)), json.replace(ek1, longCek),
                    json.replace(ek1, b64(bytes(16, 1))), json.replace("\"encrypted_key\":\"" + ek1 + "\"", "\"x\":1"))) {
                assertEquals(expected, assertThrows(JweDecryptionException.class, () -> d.decryptJson(attack)).getMessage());
            }
            // A recipient whose alg is off the allow-list (RSA1_5 here) is skipped, not tried.
            String withRsa15 = json.replaceFirst("\"alg\":\"A128KW\"", "\"alg\":\"RSA1_5\"");
            assertEquals("x", new String(d.decryptJson(withRsa15), StandardCharsets.UTF_8));
        }
    }

    /** The compact form's bad-tag refusal, for comparison. */
    private static JweDecryptionException compactBadTag() {
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        String[] p = JweEncrypter.builder(dir16).keyAlgorithm(JweKeyAlgorithm.DIR).contentAlgorithm(JweContentAlgorithm.A128GCM)
                .build().encrypt(new byte[1]).split("\\.", -1);
        return assertThrows(JweDecryptionException.class, () -> d.decrypt(p[0] + "." + p[1] + "." + p[2] + "." + p[3] + "."
                + flip(p[4])));
    }

    // A JWE given to a JWS verifier keeps being refused, with a message that points at JweDecrypter.
    @Test
    void jweGivenToJwtVerifierIsRefused() {
        try (JwtSecretKey hmac = JwtSecretKey.generate(Algorithm.HS256)) {
            JwtVerifier v = JwtVerifier.builder(hmac).algorithms(Algorithm.HS256).build();
            String jwe = JweEncrypter.builder(dir16).keyAlgorithm(JweKeyAlgorithm.DIR)
                    .contentAlgorithm(JweContentAlgorithm.A128GCM).build().encrypt(new byte[10]);
            for (String alg : List.of("dir", "RSA-OAEP-256", "ECDH-ES")) {
                String token = b64("{\"alg\":\"" + alg + "\",\"enc\":\"A128GCM\"}") + jwe.substring(jwe.indexOf('.'));
                AlgorithmNotAllowedException e = assertThrows(AlgorithmNotAllowedException.class, () -> v.decode(token));
                assertTrue(e.getMessage().contains("is a JWE") && e.getMessage().contains("JweDecrypter"), e.getMessage());
            }
        }
    }

    // Untrusted text in JWE refusals: at most 32 characters quoted, line breaks and controls escaped.
    @Test
    void hostileHeaderTextIsShortAndEscapedInMessages() {
        String evil = "x\\r\\nlevel=ERROR msg=forged\\u2028" + "A".repeat(5000);
        JweDecrypter d = JweDecrypter.builder(dir16).keyAlgorithms(JweKeyAlgorithm.DIR)
                .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
        JweDecrypter e = ecdh(p256);
        for (String[] c : new String[][] {
            {"alg", "{\"alg\":\"" + evil + "\",\"enc\":\"A128GCM\"}"},
            {"PBES2 alg", "{\"alg\":\"PBES2-" + evil + "\",\"enc\":\"A128GCM\"}"},
            {"enc", "{\"alg\":\"dir\",\"enc\":\"" + evil + "\"}"},
            {"zip", "{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"zip\":\"" + evil + "\"}"},
            {"epk kty", "{\"alg\":\"ECDH-ES\",\"enc\":\"A128GCM\",\"epk\":{\"kty\":\"" + evil + "\",\"crv\":\"P-256\"}}"},
            {"epk crv", "{\"alg\":\"ECDH-ES\",\"enc\":\"A128GCM\",\"epk\":{\"kty\":\"EC\",\"crv\":\"" + evil + "\"}}"}}) {
            String token = jwe(c[1], new byte[0], 12, 16);
            JwtException ex = assertThrows(JwtException.class, () -> (c[0].startsWith("epk") ? e : d).decrypt(token), c[0]);
            String m = ex.getMessage();
            assertTrue(m.length() < 400, c[0] + ": " + m.length() + " characters");
            assertTrue(!m.contains("\n") && !m.contains("\r") && !m.contains("\u2028"), c[0] + ": " + m);
            assertTrue(m.contains("x\\r\\nlevel=ERROR") && !m.contains("A".repeat(33)), c[0] + ": " + m);
        }
    }

    /** A JWK's use, key_ops and alg (added to the key's JWK) and what a decrypter allowing {@code algs} says. */
    record BindRow(String rule, String members, List<JweKeyAlgorithm> algs, String buildRefusal) {}

    @Test
    void row33_jwkUseKeyOpsAndAlgBindWhatAKeyDecrypts() {
        try (JwtPrivateKey rsa = JwtPrivateKey.generateRsa(2048)) {
            String priv = rsa.toJwk();
            List<JweKeyAlgorithm> oaep256 = List.of(JweKeyAlgorithm.RSA_OAEP_256);
            List<JweKeyAlgorithm> oaepBoth = List.of(JweKeyAlgorithm.RSA_OAEP, JweKeyAlgorithm.RSA_OAEP_256);
            for (BindRow r : List.of(
                    new BindRow("no use, key_ops or alg", null, oaepBoth, null),
                    new BindRow("use enc", "\"use\":\"enc\"", oaepBoth, null),
                    new BindRow("key_ops unwrapKey", "\"key_ops\":[\"unwrapKey\"]", oaepBoth, null),
                    new BindRow("alg RSA-OAEP-256", "\"alg\":\"RSA-OAEP-256\"", oaep256, null),
                    new BindRow("use sig", "\"use\":\"sig\"", oaep256, "its JWK use is \"sig\", so it never decrypts a JWE"),
                    new BindRow("a JWS alg", "\"alg\":\"RS256\"", oaep256, "RS256, a JWS algorithm, so it never decrypts"),
                    new BindRow("key_ops decrypt (dir's, not a key wrap's)", "\"key_ops\":[\"decrypt\"]", oaep256,
                            "include none of [\"unwrapKey\"]"),
                    new BindRow("key_ops sign", "\"key_ops\":[\"sign\"]", oaep256, "include none of [\"unwrapKey\"]"),
                    new BindRow("JWK alg contradicting the allowed alg", "\"alg\":\"RSA-OAEP-256\"",
                            List.of(JweKeyAlgorithm.RSA_OAEP), "its JWK alg is RSA-OAEP-256, not RSA-OAEP"),
                    new BindRow("JWK alg contradicting one of the allowed algs", "\"alg\":\"RSA-OAEP-256\"", oaepBoth,
                            "its JWK alg is RSA-OAEP-256, not RSA-OAEP"))) {
                try (JwtKey key = JwtKey.fromJwk(r.members() == null ? priv : withMember(priv, r.members()))) {
                    JweDecrypter.Builder b = JweDecrypter.builder(key).keyAlgorithms(r.algs().toArray(JweKeyAlgorithm[]::new))
                            .contentAlgorithms(JweContentAlgorithm.A256GCM);
                    if (r.buildRefusal() == null) {
                        JweDecrypter d = b.build();
                        String jwe = JweEncrypter.builder(rsa.publicKey()).keyAlgorithm(JweKeyAlgorithm.RSA_OAEP_256)
                                .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt(new byte[] {1, 2});
                        assertEquals(2, d.decrypt(jwe).length, r.rule());
                    } else {
                        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, b::build, r.rule());
                        assertTrue(e.getMessage().contains(r.buildRefusal()), r.rule() + ": " + e.getMessage());
                    }
                }
            }
            // With the JWK alg bound, a JWE whose header names another alg never reaches the key.
            try (JwtKey bound = JwtKey.fromJwk(withMember(priv, "\"alg\":\"RSA-OAEP-256\""))) {
                JweDecrypter d = JweDecrypter.builder(bound).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP_256)
                        .contentAlgorithms(JweContentAlgorithm.A256GCM).build();
                String other = JweEncrypter.builder(rsa.publicKey()).keyAlgorithm(JweKeyAlgorithm.RSA_OAEP)
                        .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt(new byte[1]);
                assertThrows(AlgorithmNotAllowedException.class, () -> d.decrypt(other));
            }
            // The encrypting side: the public JWK's alg is the default and binds; use sig never encrypts.
            String pub = rsa.publicKey().toJwk();
            try (JwtKey bound = JwtKey.fromJwk(withMember(pub, "\"alg\":\"RSA-OAEP-256\",\"use\":\"enc\""));
                 JwtKey sigOnly = JwtKey.fromJwk(withMember(pub, "\"use\":\"sig\""));
                 JwtKey wrapOps = JwtKey.fromJwk(withMember(pub, "\"key_ops\":[\"wrapKey\"]"));
                 JwtKey encryptOps = JwtKey.fromJwk(withMember(pub, "\"key_ops\":[\"encrypt\"]"))) {
                assertEquals(JweKeyAlgorithm.RSA_OAEP_256, JweEncrypter.builder(bound)
                        .contentAlgorithm(JweContentAlgorithm.A256GCM).build().keyAlgorithm());
                assertEquals(JweKeyAlgorithm.RSA_OAEP, JweEncrypter.builder(wrapOps).keyAlgorithm(JweKeyAlgorithm.RSA_OAEP)
                        .contentAlgorithm(JweContentAlgorithm.A256GCM).build().keyAlgorithm());
                for (Object[] refused : List.of(
                        new Object[] {bound, JweKeyAlgorithm.RSA_OAEP, "its JWK alg is RSA-OAEP-256, not RSA-OAEP"},
                        new Object[] {sigOnly, JweKeyAlgorithm.RSA_OAEP_256, "its JWK use is \"sig\", so it never encrypts"},
                        new Object[] {encryptOps, JweKeyAlgorithm.RSA_OAEP_256, "include none of [\"wrapKey\"]"})) {
                    InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JweEncrypter.builder((JwtKey) refused[0])
                            .keyAlgorithm((JweKeyAlgorithm) refused[1]).contentAlgorithm(JweContentAlgorithm.A256GCM).build());
                    assertTrue(e.getMessage().contains((String) refused[2]), e.getMessage());
                }
                assertThrows(IllegalStateException.class, () -> JweEncrypter.builder(sigOnly)
                        .contentAlgorithm(JweContentAlgorithm.A256GCM).build(), "no alg to default to");
            }
        }
        // dir takes "decrypt"/"encrypt", the AES key wraps "unwrapKey"/"wrapKey", ECDH-ES "deriveKey"/"deriveBits".
        String dirJwk = "{\"kty\":\"oct\",\"key_ops\":[\"encrypt\",\"decrypt\"],\"k\":\"" + b64(K16) + "\"}";
        try (JwtKey dir = JwtKey.fromJwk(dirJwk)) {
            JweDecrypter d = JweDecrypter.builder(dir).keyAlgorithms(JweKeyAlgorithm.DIR)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build();
            String jwe = JweEncrypter.builder(dir).keyAlgorithm(JweKeyAlgorithm.DIR).contentAlgorithm(JweContentAlgorithm.A128GCM)
                    .build().encrypt(new byte[3]);
            assertEquals(3, d.decrypt(jwe).length);
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(dir)
                    .keyAlgorithms(JweKeyAlgorithm.A128KW).contentAlgorithms(JweContentAlgorithm.A128GCM).build());
            assertTrue(e.getMessage().contains("include none of [\"unwrapKey\"]"), e.getMessage());
        }
        // One key: with a kid it refuses a JWE naming another (as a JwtVerifier does); without one, it takes any kid.
        try (JwtSecretKey named = JwtSecretKey.forEncryption(K16).withKeyId("a")) {
            String toB = JweEncrypter.builder(named).keyAlgorithm(JweKeyAlgorithm.A128KW).contentAlgorithm(JweContentAlgorithm.A128GCM)
                    .keyId("b").build().encrypt(new byte[1]);
            JweDecrypter.Builder kw = JweDecrypter.builder(named).keyAlgorithms(JweKeyAlgorithm.A128KW)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM);
            UnknownKeyException e = assertThrows(UnknownKeyException.class, () -> kw.build().decrypt(toB));
            assertTrue(e.getMessage().contains("No key of this decrypter has the JWE's kid \"b\""), e.getMessage());
            try (JwtSecretKey anonymous = JwtSecretKey.forEncryption(K16)) {
                assertEquals(1, JweDecrypter.builder(anonymous).keyAlgorithms(JweKeyAlgorithm.A128KW)
                        .contentAlgorithms(JweContentAlgorithm.A128GCM).build().decrypt(toB).length);
            }
        }
        // A direct key whose alg names its enc (RFC 7520 section 5.6): dir with that enc only.
        try (JwtKey dir = JwtKey.fromJwk("{\"kty\":\"oct\",\"use\":\"enc\",\"alg\":\"A128GCM\",\"k\":\"" + b64(K16) + "\"}")) {
            JweEncrypter e = JweEncrypter.builder(dir).build();
            assertEquals(JweKeyAlgorithm.DIR, e.keyAlgorithm());
            assertEquals(JweContentAlgorithm.A128GCM, e.contentAlgorithm());
            assertEquals(1, JweDecrypter.builder(dir).keyAlgorithms(JweKeyAlgorithm.DIR).contentAlgorithms(JweContentAlgorithm.A128GCM)
                    .build().decrypt(e.encrypt(new byte[1])).length);
            InvalidJwtKeyException refused = assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(dir)
                    .keyAlgorithms(JweKeyAlgorithm.DIR).contentAlgorithms(JweContentAlgorithm.A128GCM, JweContentAlgorithm.A128CBC_HS256)
                    .build());
            assertTrue(refused.getMessage().contains("a direct key for A128GCM only, not A128CBC-HS256"), refused.getMessage());
            assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(dir).keyAlgorithms(JweKeyAlgorithm.A128KW)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build());
        }
        InvalidJwtKeyException wrongLength = assertThrows(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(
                "{\"kty\":\"oct\",\"alg\":\"A256GCM\",\"k\":\"" + b64(K16) + "\"}"));
        assertTrue(wrongLength.getMessage().contains("takes a JwtSecretKey of 32 bytes, not 16 bytes"), wrongLength.getMessage());
        String x = x25519.toJwk();
        for (String ops : List.of("[\"deriveKey\"]", "[\"deriveBits\"]")) {
            try (JwtKey k = JwtKey.fromJwk(withMember(x, "\"key_ops\":" + ops))) {
                assertEquals(JweKeyAlgorithm.ECDH_ES, JweDecrypter.builder(k).keyAlgorithms(JweKeyAlgorithm.ECDH_ES)
                        .contentAlgorithms(JweContentAlgorithm.A128GCM).build().keyAlgorithms().iterator().next());
            }
        }
        try (JwtKey k = JwtKey.fromJwk(withMember(x, "\"key_ops\":[\"unwrapKey\"]"))) {
            assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(k).keyAlgorithms(JweKeyAlgorithm.ECDH_ES)
                    .contentAlgorithms(JweContentAlgorithm.A128GCM).build());
        }
        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(withMember(x, "\"use\":\"sig\"")));
        assertTrue(e.getMessage().contains("X25519 key agrees JWE keys"), e.getMessage());
    }

    @Test
    void row33_aJwkSetDecrypterPicksByKidAndNeverTriesKeysInTurn() {
        try (JwtPrivateKey r1 = JwtPrivateKey.generateRsa(2048).withKeyId("r1");
             JwtPrivateKey r2 = JwtPrivateKey.generateRsa(2048).withKeyId("r2");
             JwtPrivateKey s1 = JwtPrivateKey.generate(Algorithm.RS256).withKeyId("r1");
             JwtPrivateKey x1 = JweRoundTripTest.x25519().withKeyId("x1")) {
            byte[] kw = bytes(32, 9);
            String doc = "{\"keys\":[" + String.join(",",
                    withMember(r1.toJwk(), "\"alg\":\"RSA-OAEP-256\""),
                    withMember(s1.toJwk(), "\"use\":\"sig\""), // the same kid as r1, for signing: never decrypts
                    withMember(r2.toJwk(), "\"use\":\"enc\""),
                    withMember(x1.toJwk(), "\"use\":\"enc\""),
                    "{\"kty\":\"oct\",\"kid\":\"w1\",\"alg\":\"A256KW\",\"k\":\"" + b64(kw) + "\"}") + "]}";
            assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(doc), "secrets only from parseTrusted");
            JwkSet own = JwkSet.parseTrusted(doc);
            try {
                JweDecrypter d = JweDecrypter.builder(own)
                        .keyAlgorithms(JweKeyAlgorithm.RSA_OAEP, JweKeyAlgorithm.RSA_OAEP_256, JweKeyAlgorithm.ECDH_ES,
                                JweKeyAlgorithm.A256KW)
                        .contentAlgorithms(JweContentAlgorithm.A256GCM).build();
                byte[] content = "to whom it may concern".getBytes(StandardCharsets.UTF_8);
                // each key, by kid; the encrypters default to the JWK's alg where it has one
                String toR1 = encrypter(JwtKey.fromJwk(withMember(r1.publicKey().toJwk(), "\"alg\":\"RSA-OAEP-256\"")), null).encrypt(content);
                String toR2 = encrypter(r2.publicKey(), JweKeyAlgorithm.RSA_OAEP).encrypt(content);
                String toX1 = encrypter(x1.publicKey(), JweKeyAlgorithm.ECDH_ES).encrypt(content);
                String toW1 = encrypter(own.keys().get(4), null).encrypt(content);
                for (String jwe : List.of(toR1, toR2, toX1, toW1)) {
                    assertArrayEquals(content, d.decrypt(jwe));
                }
                String[] p = toR1.split("\\.", -1);
                String badTag = assertThrows(JweDecryptionException.class,
                        () -> d.decrypt(p[0] + "." + p[1] + "." + p[2] + "." + p[3] + "." + flip(p[4]))).getMessage();
                // a JWE for r2's key that names r1: r1 alone is tried, fails to unwrap, and ends like a bad tag
                String misnamed = encrypter(JwtPublicKey.fromDer(r2.publicKey().toDer()), JweKeyAlgorithm.RSA_OAEP_256, "r1")
                        .encrypt(content);
                assertEquals(badTag, assertThrows(JweDecryptionException.class, () -> d.decrypt(misnamed)).getMessage());
                try (JwtSecretKey otherKek = JwtSecretKey.forEncryption(bytes(32, 10))) {
                    String wrongKek = encrypter(otherKek, JweKeyAlgorithm.A256KW, "w1").encrypt(content);
                    assertEquals(badTag, assertThrows(JweDecryptionException.class, () -> d.decrypt(wrongKek)).getMessage());
                }
                record Pick(String rule, String jwe, String inMessage) {}
                for (Pick r : List.of(
                        new Pick("JWK alg contradicting the header: r1 is RSA-OAEP-256",
                                encrypter(JwtPublicKey.fromDer(r1.publicKey().toDer()), JweKeyAlgorithm.RSA_OAEP, "r1").encrypt(content),
                                "Key \"r1\" does not decrypt RSA-OAEP"),
                        new Pick("a kid no key has", encrypter(r2.publicKey(), JweKeyAlgorithm.RSA_OAEP, "r9").encrypt(content),
                                "No key of this decrypter has the JWE's kid \"r9\""),
                        new Pick("no kid, and both r1 and r2 decrypt RSA-OAEP-256",
                                encrypter(JwtPublicKey.fromDer(r2.publicKey().toDer()), JweKeyAlgorithm.RSA_OAEP_256).encrypt(content),
                                "lcjwt does not try keys in turn"))) {
                    UnknownKeyException e = assertThrows(UnknownKeyException.class, () -> d.decrypt(r.jwe()), r.rule());
                    assertTrue(e.getMessage().contains(r.inMessage()), r.rule() + ": " + e.getMessage());
                }
                // without a kid, the one key that decrypts the JWE's alg is used
                assertArrayEquals(content, d.decrypt(encrypter(JwtPublicKey.fromDer(r2.publicKey().toDer()),
                        JweKeyAlgorithm.RSA_OAEP).encrypt(content)));
                try (JwtSecretKey sameKek = JwtSecretKey.forEncryption(kw)) {
                    assertArrayEquals(content, d.decrypt(encrypter(sameKek, JweKeyAlgorithm.A256KW).encrypt(content)));
                }
                // a set holding no key that can decrypt an allowed alg gives no decrypter
                InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(own)
                        .keyAlgorithms(JweKeyAlgorithm.ECDH_ES_A128KW, JweKeyAlgorithm.A128KW)
                        .contentAlgorithms(JweContentAlgorithm.A256GCM).build());
                assertTrue(e.getMessage().contains("No key of the JWK set can decrypt A128KW"), e.getMessage());
                try (JwtPublicKey p1 = r1.publicKey(); JwtPublicKey p2 = r2.publicKey()) {
                    assertThrows(InvalidJwtKeyException.class, () -> JweDecrypter.builder(JwkSet.of(p1, p2))
                            .keyAlgorithms(JweKeyAlgorithm.RSA_OAEP).contentAlgorithms(JweContentAlgorithm.A256GCM).build(),
                            "public keys never decrypt");
                }
            } finally {
                own.keys().forEach(JwtKey::close);
            }
        }
    }

    private static JweEncrypter encrypter(JwtKey key, JweKeyAlgorithm alg) {
        return encrypter(key, alg, null);
    }

    private static JweEncrypter encrypter(JwtKey key, JweKeyAlgorithm alg, String kid) {
        JweEncrypter.Builder b = JweEncrypter.builder(key).contentAlgorithm(JweContentAlgorithm.A256GCM);
        if (alg != null) {
            b.keyAlgorithm(alg);
        }
        if (kid != null) {
            b.keyId(kid);
        }
        return b.build();
    }

    private static String flip(String segment) {
        char c = segment.charAt(0);
        return (c == 'A' ? 'B' : 'A') + segment.substring(1);
    }
}
