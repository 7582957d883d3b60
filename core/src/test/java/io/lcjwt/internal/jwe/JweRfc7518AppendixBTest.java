package io.lcjwt.internal.jwe;

import io.lcjwt.JweContentAlgorithm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * RFC 7518 Appendix B: the AES_CBC_HMAC_SHA2 test cases, through lcjwt's composition of
 * libcrypto's AES-CBC and HMAC. Then the refusals of RFC 7518 section 5.2.2.2 on the same
 * vectors: any changed byte, a truncated tag, the full untruncated MAC.
 */
class JweRfc7518AppendixBTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final byte[] P = HEX.parseHex("41206369706865722073797374656d206d757374206e6f742062652072657175"
            + "6972656420746f206265207365637265742c20616e64206974206d7573742062"
            + "652061626c6520746f2066616c6c20696e746f207468652068616e6473206f66"
            + "2074686520656e656d7920776974686f757420696e636f6e76656e69656e6365");
    private static final byte[] IV = HEX.parseHex("1af38c2dc2b96ffdd86694092341bc04");
    private static final byte[] A = HEX.parseHex("546865207365636f6e64207072696e6369706c65206f662041756775737465204b65"
            + "72636b686f666673");

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "B.1, A128CBC_HS256, 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f,"
                + " c80edfa32ddf39d5ef00c0b468834279a2e46a1b8049f792f76bfe54b903a9c9a94ac9b47ad2655c"
                + "5f10f9aef71427e2fc6f9b3f399a221489f16362c703233609d45ac69864e3321cf82935ac4096c8"
                + "6e133314c54019e8ca7980dfa4b9cf1b384c486f3a54c51078158ee5d79de59fbd34d848b3d69550"
                + "a67646344427ade54b8851ffb598f7f80074b9473c82e2db, 652c3fa36b0a7c5b3219fab3a30bc1c4",
        "B.2, A192CBC_HS384, 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f,"
                + " ea65da6b59e61edb419be62d19712ae5d303eeb50052d0dfd6697f77224c8edb000d279bdc14c107"
                + "2654bd30944230c657bed4ca0c9f4a8466f22b226d1746214bf8cfc2400add9f5126e479663fc90b"
                + "3bed787a2f0ffcbf3904be2a641d5c2105bfe591bae23b1d7449e532eef60a9ac8bb6c6b01d35d49"
                + "787bcd57ef484927f280adc91ac0c4e79c7b11efc60054e3, 8490ac0e58949bfe51875d733f93ac2075168039ccc733d7",
        "B.3, A256CBC_HS512, 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                + "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f,"
                + " 4affaaadb78c31c5da4b1b590d10ffbd3dd8d5d302423526912da037ecbcc7bd822c301dd67c373b"
                + "ccb584ad3e9279c2e6d12a1374b77f077553df829410446b36ebd97066296ae6427ea75c2e0846a1"
                + "1a09ccf5370dc80bfecbad28c73f09b3a3b75e662a2594410ae496b2e2e6609e31e6e02cc837f053"
                + "d21f37ff4f51950bbe2638d09dd7a4930930806d0703b1f6,"
                + " 4dd3b4c088a7f45c216839645b2012bf2e6269a8c56a816dbc1b267761955bc5",
    })
    void appendixB(String section, JweContentAlgorithm enc, String k, String e, String t) {
        byte[] key = HEX.parseHex(k);
        byte[] ct = HEX.parseHex(e);
        byte[] tag = HEX.parseHex(t);
        byte[] sealed = ContentCipher.seal(enc, key, IV, A, P);
        assertArrayEquals(ct, Arrays.copyOf(sealed, ct.length), section + " ciphertext");
        assertArrayEquals(tag, Arrays.copyOfRange(sealed, ct.length, sealed.length), section + " tag");
        assertArrayEquals(P, ContentCipher.open(enc, key, IV, A, ct, tag), section + " decrypts");

        for (int i = 0; i < ct.length; i += 7) {
            assertNull(ContentCipher.open(enc, key, IV, A, flip(ct, i), tag), "ciphertext byte " + i);
        }
        for (int i = 0; i < tag.length; i++) {
            assertNull(ContentCipher.open(enc, key, IV, A, ct, flip(tag, i)), "tag byte " + i);
        }
        assertNull(ContentCipher.open(enc, key, flip(IV, 0), A, ct, tag), "a changed IV");
        assertNull(ContentCipher.open(enc, key, IV, flip(A, 41), ct, tag), "a changed AAD");
        assertNull(ContentCipher.open(enc, key, IV, A, ct, Arrays.copyOf(tag, tag.length - 1)), "a truncated tag");
        assertNull(ContentCipher.open(enc, key, IV, A, ct, Arrays.copyOf(tag, 1)), "a one-byte tag");
        assertNull(ContentCipher.open(enc, key, IV, A, ct, new byte[0]), "no tag");
        assertNull(ContentCipher.open(enc, key, IV, A, ct, Arrays.copyOf(tag, 2 * tag.length)), "an over-long tag");
    }

    static byte[] flip(byte[] in, int i) {
        byte[] out = in.clone();
        out[i] ^= 0x01;
        return out;
    }
}
