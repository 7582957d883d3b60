package io.lcjwt.internal.jwe;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * AES-CBC with HMAC-SHA-2 as RFC 7518 section 5.2 composes them: the key is MAC_KEY || ENC_KEY,
 * the MAC is taken over AAD || IV || ciphertext || AL (the AAD's length in bits, 64-bit
 * big-endian), and the tag is the MAC's first half. On decryption the whole tag is compared in
 * constant time ({@code CRYPTO_memcmp}) before a single block is decrypted, so padding is only
 * ever looked at in authenticated ciphertext: no padding oracle, and a bad tag and bad padding
 * end in the same refusal.
 */
final class AesCbcHmac {
    private AesCbcHmac() {}

    static final int IV_BYTES = 16;

    /** {@return the ciphertext followed by the tag (half the key's length)} */
    static byte[] seal(byte[] key, byte[] iv, byte[] aad, byte[] plain) {
        int half = check(key, iv);
        Backend b = Backend.get();
        b.clearErrors();
        try (Arena arena = Native.scratch(2L * plain.length + aad.length + 512)) {
            MemorySegment k = Native.copy(arena, key);
            try {
                MemorySegment ct = arena.allocate(plain.length + IV_BYTES);
                int ctLen = cbc(arena, true, k.asSlice(half, half), half, Native.copy(arena, iv), Native.copy(arena, plain),
                        plain.length, ct);
                if (ctLen < 0) {
                    throw new IllegalStateException("libcrypto could not encrypt with AES-CBC: " + b.drainErrors());
                }
                byte[] mac = mac(arena, b, k, half, aad, iv, ct, ctLen);
                byte[] out = new byte[ctLen + half];
                MemorySegment.copy(ct, ValueLayout.JAVA_BYTE, 0, out, 0, ctLen);
                System.arraycopy(mac, 0, out, ctLen, half);
                return out;
            } finally {
                Native.wipe(k);
            }
        }
    }

    /** {@return the plaintext, or null when the tag does not match or (after it matched) the padding is bad} */
    static byte[] open(byte[] key, byte[] iv, byte[] aad, byte[] ct, byte[] tag) {
        int half = check(key, iv);
        if (tag.length != half || ct.length == 0 || ct.length % 16 != 0) {
            return null; // a truncated or over-long tag is never compared in part
        }
        Backend b = Backend.get();
        try (Arena arena = Native.scratch(2L * ct.length + aad.length + 512)) {
            MemorySegment k = Native.copy(arena, key);
            try {
                MemorySegment c = Native.copy(arena, ct);
                byte[] mac = mac(arena, b, k, half, aad, iv, c, ct.length);
                MemorySegment expected = Native.copy(arena, mac, 0, half);
                if (libcrypto_h.CRYPTO_memcmp(expected, Native.copy(arena, tag), half) != 0) {
                    return null;
                }
                MemorySegment out = arena.allocate(ct.length + IV_BYTES);
                int n = cbc(arena, false, k.asSlice(half, half), half, Native.copy(arena, iv), c, ct.length, out);
                if (n < 0) {
                    Native.wipe(out);
                    return null;
                }
                return Native.bytes(out, n);
            } finally {
                Native.wipe(k);
                b.clearErrors();
            }
        }
    }

    /** @return the MAC key's (and the tag's) length */
    private static int check(byte[] key, byte[] iv) {
        if (key.length != 32 && key.length != 48 && key.length != 64) {
            throw new IllegalArgumentException("AES-CBC-HMAC takes a 32, 48 or 64-byte key, not " + key.length);
        }
        if (iv.length != IV_BYTES) {
            throw new IllegalArgumentException("AES-CBC takes a 16-byte IV, not " + iv.length);
        }
        return key.length / 2;
    }

    private static byte[] mac(Arena arena, Backend b, MemorySegment k, int half, byte[] aad, byte[] iv,
            MemorySegment ct, int ctLen) {
        long total = (long) aad.length + IV_BYTES + ctLen + 8;
        MemorySegment in = arena.allocate(total);
        MemorySegment.copy(aad, 0, in, ValueLayout.JAVA_BYTE, 0, aad.length);
        MemorySegment.copy(iv, 0, in, ValueLayout.JAVA_BYTE, aad.length, IV_BYTES);
        MemorySegment.copy(ct, 0, in, aad.length + IV_BYTES, ctLen);
        in.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.BIG_ENDIAN),
                total - 8, (long) aad.length * 8);
        MemorySegment md = switch (half) {
            case 16 -> b.sha256();
            case 24 -> b.sha384();
            default -> b.sha512();
        };
        MemorySegment out = arena.allocate(64);
        MemorySegment outLen = arena.allocate(ValueLayout.JAVA_INT);
        if (b.hmac(md, k, half, in, total, out, outLen) != 2 * half) {
            throw new IllegalStateException("libcrypto could not compute the HMAC: " + b.drainErrors());
        }
        return Native.bytes(out, 2 * half);
    }

    /** AES-CBC with PKCS#7 padding; {@return the output length, or -1 when libcrypto refuses (bad padding)} */
    private static int cbc(Arena arena, boolean encrypt, MemorySegment key, int keyLen, MemorySegment iv,
            MemorySegment in, int inLen, MemorySegment out) {
        MemorySegment cipher = switch (keyLen) {
            case 16 -> libcrypto_h.EVP_aes_128_cbc();
            case 24 -> libcrypto_h.EVP_aes_192_cbc();
            default -> libcrypto_h.EVP_aes_256_cbc();
        };
        MemorySegment ctx = libcrypto_h.EVP_CIPHER_CTX_new();
        if (ctx.equals(MemorySegment.NULL)) {
            return -1;
        }
        try {
            MemorySegment n = arena.allocate(ValueLayout.JAVA_INT);
            int written = 0;
            if (encrypt) {
                if (libcrypto_h.EVP_EncryptInit_ex(ctx, cipher, MemorySegment.NULL, key, iv) != 1
                        || (inLen > 0 && libcrypto_h.EVP_EncryptUpdate(ctx, out, n, in, inLen) != 1)) {
                    return -1;
                }
                written = inLen > 0 ? n.get(ValueLayout.JAVA_INT, 0) : 0;
                if (libcrypto_h.EVP_EncryptFinal_ex(ctx, out.asSlice(written), n) != 1) {
                    return -1;
                }
            } else {
                if (libcrypto_h.EVP_DecryptInit_ex(ctx, cipher, MemorySegment.NULL, key, iv) != 1
                        || libcrypto_h.EVP_DecryptUpdate(ctx, out, n, in, inLen) != 1) {
                    return -1;
                }
                written = n.get(ValueLayout.JAVA_INT, 0);
                if (libcrypto_h.EVP_DecryptFinal_ex(ctx, out.asSlice(written), n) != 1) {
                    return -1;
                }
            }
            return written + n.get(ValueLayout.JAVA_INT, 0);
        } finally {
            libcrypto_h.EVP_CIPHER_CTX_free(ctx);
        }
    }
}
