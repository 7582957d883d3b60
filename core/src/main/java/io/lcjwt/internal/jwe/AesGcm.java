package io.lcjwt.internal.jwe;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * AES-GCM for JWE (RFC 7518 section 5.3): a 96-bit IV and a 128-bit tag, nothing else. On aws-lc
 * through {@code EVP_AEAD} (scatter/gather, so the tag stays apart as in a JWE); on OpenSSL 3
 * through {@code EVP_CIPHER} and the GCM ctrls. The lengths are checked here on both, since
 * aws-lc's AEAD takes any nonce length and OpenSSL accepts tags of 1 to 16 bytes.
 */
final class AesGcm {
    private AesGcm() {}

    static final int IV_BYTES = 12;
    static final int TAG_BYTES = 16;

    /** {@return the ciphertext followed by the 16-byte tag} */
    static byte[] seal(byte[] key, byte[] iv, byte[] aad, byte[] plain) {
        check(key, iv);
        Backend b = Backend.get();
        b.clearErrors();
        try (Arena arena = Native.scratch(2L * plain.length + aad.length + 256)) {
            MemorySegment k = Native.copy(arena, key);
            try {
                MemorySegment out = arena.allocate(plain.length + TAG_BYTES);
                boolean ok = b.isAwsLc()
                        ? sealAead(arena, k, key.length, iv, aad, plain, out)
                        : sealEvp(arena, k, key.length, iv, aad, plain, out);
                if (!ok) {
                    throw new IllegalStateException("libcrypto could not encrypt with AES-GCM: " + b.drainErrors());
                }
                return Native.bytes(out, out.byteSize());
            } finally {
                Native.wipe(k);
            }
        }
    }

    /** {@return the plaintext, or null when the tag does not match} */
    static byte[] open(byte[] key, byte[] iv, byte[] aad, byte[] ct, byte[] tag) {
        check(key, iv);
        if (tag.length != TAG_BYTES) {
            return null; // refused before libcrypto: OpenSSL would check a shorter tag
        }
        Backend b = Backend.get();
        try (Arena arena = Native.scratch(2L * ct.length + aad.length + 256)) {
            MemorySegment k = Native.copy(arena, key);
            try {
                MemorySegment out = arena.allocate(Math.max(1, ct.length));
                boolean ok = b.isAwsLc()
                        ? openAead(arena, k, key.length, iv, aad, ct, tag, out)
                        : openEvp(arena, k, key.length, iv, aad, ct, tag, out);
                if (!ok) {
                    Native.wipe(out);
                    b.clearErrors(); // a refused tag leaves its reason queued; success leaves none
                    return null;
                }
                return Native.bytes(out, ct.length);
            } finally {
                Native.wipe(k);
            }
        }
    }

    private static void check(byte[] key, byte[] iv) {
        if (key.length != 16 && key.length != 24 && key.length != 32) {
            throw new IllegalArgumentException("AES-GCM takes a 16, 24 or 32-byte key, not " + key.length);
        }
        if (iv.length != IV_BYTES) {
            throw new IllegalArgumentException("AES-GCM in JWE takes a 12-byte IV, not " + iv.length);
        }
    }

    private static MemorySegment aead(int keyLen) {
        return switch (keyLen) {
            case 16 -> libcrypto_h.EVP_aead_aes_128_gcm();
            case 24 -> libcrypto_h.EVP_aead_aes_192_gcm();
            default -> libcrypto_h.EVP_aead_aes_256_gcm();
        };
    }

    private static MemorySegment cipher(int keyLen) {
        return switch (keyLen) {
            case 16 -> libcrypto_h.EVP_aes_128_gcm();
            case 24 -> libcrypto_h.EVP_aes_192_gcm();
            default -> libcrypto_h.EVP_aes_256_gcm();
        };
    }

    private static boolean sealAead(Arena arena, MemorySegment k, int keyLen, byte[] iv, byte[] aad, byte[] plain,
            MemorySegment out) {
        MemorySegment ctx = libcrypto_h.EVP_AEAD_CTX_new(aead(keyLen), k, keyLen, TAG_BYTES);
        if (ctx.equals(MemorySegment.NULL)) {
            return false;
        }
        try {
            MemorySegment tagLen = arena.allocate(ValueLayout.JAVA_LONG);
            return libcrypto_h.EVP_AEAD_CTX_seal_scatter(ctx, out, out.asSlice(plain.length), tagLen, TAG_BYTES,
                    Native.copy(arena, iv), iv.length, Native.copy(arena, plain), plain.length, MemorySegment.NULL, 0,
                    Native.copy(arena, aad), aad.length) == 1
                    && tagLen.get(ValueLayout.JAVA_LONG, 0) == TAG_BYTES;
        } finally {
            libcrypto_h.EVP_AEAD_CTX_free(ctx);
        }
    }

    private static boolean openAead(Arena arena, MemorySegment k, int keyLen, byte[] iv, byte[] aad, byte[] ct,
            byte[] tag, MemorySegment out) {
        MemorySegment ctx = libcrypto_h.EVP_AEAD_CTX_new(aead(keyLen), k, keyLen, TAG_BYTES);
        if (ctx.equals(MemorySegment.NULL)) {
            return false;
        }
        try {
            return libcrypto_h.EVP_AEAD_CTX_open_gather(ctx, out, Native.copy(arena, iv), iv.length,
                    Native.copy(arena, ct), ct.length, Native.copy(arena, tag), tag.length,
                    Native.copy(arena, aad), aad.length) == 1;
        } finally {
            libcrypto_h.EVP_AEAD_CTX_free(ctx);
        }
    }

    private static boolean sealEvp(Arena arena, MemorySegment k, int keyLen, byte[] iv, byte[] aad, byte[] plain,
            MemorySegment out) {
        MemorySegment ctx = libcrypto_h.EVP_CIPHER_CTX_new();
        if (ctx.equals(MemorySegment.NULL)) {
            return false;
        }
        try {
            MemorySegment n = arena.allocate(ValueLayout.JAVA_INT);
            if (!init(ctx, true, keyLen, k, Native.copy(arena, iv))) {
                return false;
            }
            if (aad.length > 0 && libcrypto_h.EVP_EncryptUpdate(ctx, MemorySegment.NULL, n,
                    Native.copy(arena, aad), aad.length) != 1) {
                return false;
            }
            int written = 0;
            if (plain.length > 0) {
                if (libcrypto_h.EVP_EncryptUpdate(ctx, out, n, Native.copy(arena, plain), plain.length) != 1) {
                    return false;
                }
                written = n.get(ValueLayout.JAVA_INT, 0);
            }
            if (libcrypto_h.EVP_EncryptFinal_ex(ctx, out.asSlice(written), n) != 1) {
                return false;
            }
            written += n.get(ValueLayout.JAVA_INT, 0);
            return written == plain.length && libcrypto_h.EVP_CIPHER_CTX_ctrl(ctx,
                    libcrypto_h.EVP_CTRL_GCM_GET_TAG(), TAG_BYTES, out.asSlice(plain.length)) == 1;
        } finally {
            libcrypto_h.EVP_CIPHER_CTX_free(ctx);
        }
    }

    private static boolean openEvp(Arena arena, MemorySegment k, int keyLen, byte[] iv, byte[] aad, byte[] ct,
            byte[] tag, MemorySegment out) {
        MemorySegment ctx = libcrypto_h.EVP_CIPHER_CTX_new();
        if (ctx.equals(MemorySegment.NULL)) {
            return false;
        }
        try {
            MemorySegment n = arena.allocate(ValueLayout.JAVA_INT);
            if (!init(ctx, false, keyLen, k, Native.copy(arena, iv))) {
                return false;
            }
            if (aad.length > 0 && libcrypto_h.EVP_DecryptUpdate(ctx, MemorySegment.NULL, n,
                    Native.copy(arena, aad), aad.length) != 1) {
                return false;
            }
            int written = 0;
            if (ct.length > 0) {
                if (libcrypto_h.EVP_DecryptUpdate(ctx, out, n, Native.copy(arena, ct), ct.length) != 1) {
                    return false;
                }
                written = n.get(ValueLayout.JAVA_INT, 0);
            }
            if (libcrypto_h.EVP_CIPHER_CTX_ctrl(ctx, libcrypto_h.EVP_CTRL_GCM_SET_TAG(), TAG_BYTES,
                    Native.copy(arena, tag)) != 1) {
                return false;
            }
            MemorySegment rest = arena.allocate(16);
            if (libcrypto_h.EVP_DecryptFinal_ex(ctx, rest, n) != 1) {
                return false;
            }
            return written + n.get(ValueLayout.JAVA_INT, 0) == ct.length;
        } finally {
            libcrypto_h.EVP_CIPHER_CTX_free(ctx);
        }
    }

    /**
     * Sets the cipher, key and IV in one call. No {@code EVP_CTRL_GCM_SET_IVLEN}: 12 bytes is GCM's
     * default IV length in OpenSSL, and {@link #check} has refused every other length already (the
     * ctrl and a second init cost 0.2 to 0.4 µs an open, in a C loop here).
     */
    private static boolean init(MemorySegment ctx, boolean encrypt, int keyLen, MemorySegment k, MemorySegment iv) {
        MemorySegment c = cipher(keyLen);
        return encrypt
                ? libcrypto_h.EVP_EncryptInit_ex(ctx, c, MemorySegment.NULL, k, iv) == 1
                : libcrypto_h.EVP_DecryptInit_ex(ctx, c, MemorySegment.NULL, k, iv) == 1;
    }
}
