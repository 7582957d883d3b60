package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.aes_key_st;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.lcjwt.bindings.NativeTestSupport.bytes;
import static io.lcjwt.bindings.NativeTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * RFC 3394 §4 AES key wrap vectors (JWE's A128KW, A192KW, A256KW) through AES_wrap_key and
 * AES_unwrap_key; a wrapped key with one bit changed must fail its integrity check, reported as
 * -1 by Backend on both libraries (OpenSSL itself returns 0, aws-lc -1).
 */
class Rfc3394AesKeyWrapTest {

    @ParameterizedTest(name = "RFC 3394 {0}")
    @CsvSource({
        "4.1 128-bit KEK 128-bit key, 000102030405060708090A0B0C0D0E0F, 00112233445566778899AABBCCDDEEFF,"
                + " 1FA68B0A8112B447AEF34BD8FB5A7B829D3E862371D2CFE5",
        "4.2 192-bit KEK 128-bit key, 000102030405060708090A0B0C0D0E0F1011121314151617,"
                + " 00112233445566778899AABBCCDDEEFF, 96778B25AE6CA435F92B5B97C050AED2468AB8A17AD84E5D",
        "4.3 256-bit KEK 128-bit key, 000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F,"
                + " 00112233445566778899AABBCCDDEEFF, 64E8C3F9CE0F5BA263E9777905818A2A93C8191E7D6E8AE7",
        "4.6 256-bit KEK 256-bit key, 000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F,"
                + " 00112233445566778899AABBCCDDEEFF000102030405060708090A0B0C0D0E0F,"
                + " 28C9F404C4B810F4CBCCB35CFB87F8263F5786E2D80ED326CBC7F0E71A99F43BFB988B9B7A02DD21",
    })
    void wrapsUnwrapsAndRefusesATamperedKey(String section, String kek, String keyData, String wrapped) {
        byte[] k = hex(kek);
        byte[] plain = hex(keyData);
        byte[] expected = hex(wrapped);
        Backend b = Backend.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment enc = arena.allocate(aes_key_st.layout());
            assertEquals(0, libcrypto_h.AES_set_encrypt_key(bytes(arena, k), k.length * 8, enc));
            MemorySegment out = arena.allocate(expected.length);
            assertEquals(expected.length, b.aesWrapKey(enc, MemorySegment.NULL, out,
                    bytes(arena, plain), plain.length));
            assertArrayEquals(expected, out.toArray(ValueLayout.JAVA_BYTE), "wrapped");

            MemorySegment dec = arena.allocate(aes_key_st.layout());
            assertEquals(0, libcrypto_h.AES_set_decrypt_key(bytes(arena, k), k.length * 8, dec));
            MemorySegment back = arena.allocate(plain.length);
            assertEquals(plain.length, b.aesUnwrapKey(dec, MemorySegment.NULL, back,
                    bytes(arena, expected), expected.length));
            assertArrayEquals(plain, back.toArray(ValueLayout.JAVA_BYTE), "unwrapped");

            for (int i : new int[] {0, 7, 8, expected.length - 1}) {
                byte[] tampered = expected.clone();
                tampered[i] ^= 0x01;
                assertEquals(-1, b.aesUnwrapKey(dec, MemorySegment.NULL, back,
                        bytes(arena, tampered), tampered.length), "byte " + i + " changed");
            }
            b.clearErrors();
        }
    }
}
