package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

import static io.lcjwt.bindings.NativeTestSupport.bytes;
import static io.lcjwt.bindings.NativeTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * AES-GCM test cases 4 and 16 of the GCM specification (McGrew and Viega, as submitted to NIST;
 * 96-bit IV, 20 bytes of AAD: JWE's A128GCM and A256GCM) through EVP_CIPHER in both libraries and
 * through aws-lc's EVP_AEAD, whose scatter/gather form keeps the tag apart as JWE does. A changed
 * tag, ciphertext or AAD must be refused.
 */
class AesGcmKnownAnswerTest {

    private static final String P = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
            + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39";
    private static final String A = "feedfacedeadbeeffeedfacedeadbeefabaddad2";
    private static final String IV = "cafebabefacedbaddecaf888";

    @ParameterizedTest(name = "GCM test case {0}")
    @CsvSource({
        "4, feffe9928665731c6d6a8f9467308308,"
                + " 42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
                + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091, 5bc94fbc3221a5db94fae95ae7121a47",
        "16, feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308,"
                + " 522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
                + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662, 76fc6ece0f4e1768cddf8853bb2d551b",
    })
    void sealsAndOpens(int testCase, String key, String ciphertext, String tag) {
        byte[] k = hex(key);
        byte[] c = hex(ciphertext);
        byte[] t = hex(tag);
        byte[] p = hex(P);
        byte[] a = hex(A);
        byte[] iv = hex(IV);
        Backend b = Backend.get(); // loads libcrypto before the first generated call
        MemorySegment cipher = k.length == 16 ? libcrypto_h.EVP_aes_128_gcm() : libcrypto_h.EVP_aes_256_gcm();

        byte[][] sealed = evpEncrypt(cipher, k, iv, a, p);
        assertArrayEquals(c, sealed[0], "EVP_CIPHER ciphertext");
        assertArrayEquals(t, sealed[1], "EVP_CIPHER tag");
        assertArrayEquals(p, evpDecrypt(cipher, k, iv, a, c, t), "EVP_CIPHER decrypts");
        assertEquals(null, evpDecrypt(cipher, k, iv, a, c, flip(t, 15)), "a changed tag");
        assertEquals(null, evpDecrypt(cipher, k, iv, a, flip(c, 0), t), "a changed ciphertext");
        assertEquals(null, evpDecrypt(cipher, k, iv, flip(a, 19), c, t), "a changed AAD");

        if (!b.isAwsLc()) {
            assertFalse(b.exports("EVP_AEAD_CTX_seal"), "EVP_AEAD is aws-lc's alone");
            return;
        }
        MemorySegment aead = k.length == 16 ? libcrypto_h.EVP_aead_aes_128_gcm() : libcrypto_h.EVP_aead_aes_256_gcm();
        assertEquals(k.length, libcrypto_h.EVP_AEAD_key_length(aead));
        assertEquals(12, libcrypto_h.EVP_AEAD_nonce_length(aead));
        assertEquals(16, libcrypto_h.EVP_AEAD_max_overhead(aead));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = libcrypto_h.EVP_AEAD_CTX_new(aead, bytes(arena, k), k.length,
                    libcrypto_h.EVP_AEAD_DEFAULT_TAG_LENGTH());
            assertNotEquals(MemorySegment.NULL, ctx);
            try {
                MemorySegment out = arena.allocate(p.length + 16);
                MemorySegment outLen = arena.allocate(ValueLayout.JAVA_LONG);
                assertEquals(1, libcrypto_h.EVP_AEAD_CTX_seal(ctx, out, outLen, out.byteSize(),
                        bytes(arena, iv), iv.length, bytes(arena, p), p.length, bytes(arena, a), a.length));
                byte[] ct = out.asSlice(0, outLen.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
                assertArrayEquals(concat(c, t), ct, "EVP_AEAD_CTX_seal appends the tag");

                MemorySegment opened = arena.allocate(ct.length);
                assertEquals(1, libcrypto_h.EVP_AEAD_CTX_open(ctx, opened, outLen, opened.byteSize(),
                        bytes(arena, iv), iv.length, bytes(arena, ct), ct.length, bytes(arena, a), a.length));
                assertArrayEquals(p, opened.asSlice(0, outLen.get(ValueLayout.JAVA_LONG, 0))
                        .toArray(ValueLayout.JAVA_BYTE));

                MemorySegment body = arena.allocate(p.length);
                MemorySegment tagOut = arena.allocate(16);
                assertEquals(1, libcrypto_h.EVP_AEAD_CTX_seal_scatter(ctx, body, tagOut, outLen, 16,
                        bytes(arena, iv), iv.length, bytes(arena, p), p.length, MemorySegment.NULL, 0,
                        bytes(arena, a), a.length));
                assertEquals(16, outLen.get(ValueLayout.JAVA_LONG, 0));
                assertArrayEquals(c, body.toArray(ValueLayout.JAVA_BYTE), "scattered ciphertext");
                assertArrayEquals(t, tagOut.toArray(ValueLayout.JAVA_BYTE), "scattered tag");

                MemorySegment plain = arena.allocate(p.length);
                assertEquals(1, libcrypto_h.EVP_AEAD_CTX_open_gather(ctx, plain, bytes(arena, iv), iv.length,
                        bytes(arena, c), c.length, bytes(arena, t), t.length, bytes(arena, a), a.length));
                assertArrayEquals(p, plain.toArray(ValueLayout.JAVA_BYTE), "gathered plaintext");
                byte[] badTag = flip(t, 0);
                assertEquals(0, libcrypto_h.EVP_AEAD_CTX_open_gather(ctx, plain, bytes(arena, iv), iv.length,
                        bytes(arena, c), c.length, bytes(arena, badTag), badTag.length, bytes(arena, a), a.length),
                        "a changed tag");
            } finally {
                libcrypto_h.EVP_AEAD_CTX_free(ctx);
                b.clearErrors();
            }
        }
    }

    /** {@return the ciphertext and the 16-byte tag} */
    private static byte[][] evpEncrypt(MemorySegment cipher, byte[] key, byte[] iv, byte[] aad, byte[] plain) {
        MemorySegment ctx = libcrypto_h.EVP_CIPHER_CTX_new();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocate(ValueLayout.JAVA_INT);
            assertEquals(1, libcrypto_h.EVP_EncryptInit_ex(ctx, cipher, MemorySegment.NULL,
                    MemorySegment.NULL, MemorySegment.NULL));
            assertEquals(1, libcrypto_h.EVP_CIPHER_CTX_ctrl(ctx, libcrypto_h.EVP_CTRL_GCM_SET_IVLEN(),
                    iv.length, MemorySegment.NULL));
            assertEquals(1, libcrypto_h.EVP_EncryptInit_ex(ctx, MemorySegment.NULL, MemorySegment.NULL,
                    bytes(arena, key), bytes(arena, iv)));
            assertEquals(1, libcrypto_h.EVP_EncryptUpdate(ctx, MemorySegment.NULL, n, bytes(arena, aad), aad.length));
            MemorySegment out = arena.allocate(plain.length + 16);
            assertEquals(1, libcrypto_h.EVP_EncryptUpdate(ctx, out, n, bytes(arena, plain), plain.length));
            int written = n.get(ValueLayout.JAVA_INT, 0);
            assertEquals(1, libcrypto_h.EVP_EncryptFinal_ex(ctx, out.asSlice(written), n));
            written += n.get(ValueLayout.JAVA_INT, 0);
            MemorySegment tag = arena.allocate(16);
            assertEquals(1, libcrypto_h.EVP_CIPHER_CTX_ctrl(ctx, libcrypto_h.EVP_CTRL_GCM_GET_TAG(), 16, tag));
            return new byte[][] {out.asSlice(0, written).toArray(ValueLayout.JAVA_BYTE),
                tag.toArray(ValueLayout.JAVA_BYTE)};
        } finally {
            libcrypto_h.EVP_CIPHER_CTX_free(ctx);
        }
    }

    /** {@return the plaintext, or null when EVP_DecryptFinal_ex refuses the tag} */
    private static byte[] evpDecrypt(MemorySegment cipher, byte[] key, byte[] iv, byte[] aad, byte[] ct, byte[] tag) {
        MemorySegment ctx = libcrypto_h.EVP_CIPHER_CTX_new();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocate(ValueLayout.JAVA_INT);
            assertEquals(1, libcrypto_h.EVP_DecryptInit_ex(ctx, cipher, MemorySegment.NULL,
                    MemorySegment.NULL, MemorySegment.NULL));
            assertEquals(1, libcrypto_h.EVP_CIPHER_CTX_ctrl(ctx, libcrypto_h.EVP_CTRL_GCM_SET_IVLEN(),
                    iv.length, MemorySegment.NULL));
            assertEquals(1, libcrypto_h.EVP_DecryptInit_ex(ctx, MemorySegment.NULL, MemorySegment.NULL,
                    bytes(arena, key), bytes(arena, iv)));
            assertEquals(1, libcrypto_h.EVP_DecryptUpdate(ctx, MemorySegment.NULL, n, bytes(arena, aad), aad.length));
            MemorySegment out = arena.allocate(ct.length + 16);
            assertEquals(1, libcrypto_h.EVP_DecryptUpdate(ctx, out, n, bytes(arena, ct), ct.length));
            int written = n.get(ValueLayout.JAVA_INT, 0);
            assertEquals(1, libcrypto_h.EVP_CIPHER_CTX_ctrl(ctx, libcrypto_h.EVP_CTRL_GCM_SET_TAG(), tag.length,
                    bytes(arena, tag)));
            if (libcrypto_h.EVP_DecryptFinal_ex(ctx, out.asSlice(written), n) != 1) {
                return null;
            }
            written += n.get(ValueLayout.JAVA_INT, 0);
            return out.asSlice(0, written).toArray(ValueLayout.JAVA_BYTE);
        } finally {
            libcrypto_h.EVP_CIPHER_CTX_free(ctx);
            Backend.get().clearErrors();
        }
    }

    private static byte[] flip(byte[] in, int index) {
        byte[] out = in.clone();
        out[index] ^= 0x01;
        return out;
    }

    private static byte[] concat(byte[] x, byte[] y) {
        byte[] out = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, out, x.length, y.length);
        return out;
    }
}
