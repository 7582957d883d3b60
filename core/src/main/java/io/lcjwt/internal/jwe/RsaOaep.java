package io.lcjwt.internal.jwe;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
import io.lcjwt.internal.crypto.EvpKey;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * RSAES-OAEP (RFC 7518 section 4.3, RFC 8017) through {@code EVP_PKEY_encrypt}/{@code _decrypt}:
 * the OAEP hash and the MGF1 hash are the same, SHA-1 for RSA-OAEP and SHA-256/384/512 for the
 * others, and the label is empty.
 */
final class RsaOaep {
    private RsaOaep() {}

    /** @param hashBits 1 for SHA-1, else 256, 384 or 512 */
    static byte[] encrypt(EvpKey key, int hashBits, byte[] cek) {
        return crypt(key, hashBits, true, cek);
    }

    /** {@return the decrypted key, or null when libcrypto refuses the ciphertext} */
    static byte[] decrypt(EvpKey key, int hashBits, byte[] encryptedKey) {
        return crypt(key, hashBits, false, encryptedKey);
    }

    private static byte[] crypt(EvpKey key, int hashBits, boolean encrypt, byte[] in) {
        Backend b = Backend.get();
        MemorySegment md = switch (hashBits) {
            case 1 -> libcrypto_h.EVP_sha1();
            case 256 -> b.sha256();
            case 384 -> b.sha384();
            default -> b.sha512();
        };
        MemorySegment pkey = key.acquire();
        b.clearErrors();
        MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new(pkey, MemorySegment.NULL);
        try (Arena arena = Arena.ofConfined()) {
            if (ctx.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("libcrypto could not make an EVP_PKEY_CTX: " + b.drainErrors());
            }
            int size = b.pkeySize(pkey);
            boolean ready = (encrypt ? libcrypto_h.EVP_PKEY_encrypt_init(ctx) : libcrypto_h.EVP_PKEY_decrypt_init(ctx)) == 1
                    && libcrypto_h.EVP_PKEY_CTX_set_rsa_padding(ctx, libcrypto_h.RSA_PKCS1_OAEP_PADDING()) == 1
                    && libcrypto_h.EVP_PKEY_CTX_set_rsa_oaep_md(ctx, md) == 1
                    && libcrypto_h.EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md) == 1;
            if (!ready) {
                throw new IllegalStateException("libcrypto could not set up RSA-OAEP: " + b.drainErrors());
            }
            MemorySegment out = arena.allocate(size);
            MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
            len.set(ValueLayout.JAVA_LONG, 0, size);
            try {
                int r = encrypt
                        ? libcrypto_h.EVP_PKEY_encrypt(ctx, out, len, Native.copy(arena, in), in.length)
                        : libcrypto_h.EVP_PKEY_decrypt(ctx, out, len, Native.copy(arena, in), in.length);
                if (r != 1) {
                    if (encrypt) {
                        throw new IllegalStateException("libcrypto could not encrypt with RSA-OAEP: " + b.drainErrors());
                    }
                    return null;
                }
                return Native.bytes(out, len.get(ValueLayout.JAVA_LONG, 0));
            } finally {
                Native.wipe(out);
            }
        } finally {
            if (!ctx.equals(MemorySegment.NULL)) {
                libcrypto_h.EVP_PKEY_CTX_free(ctx);
            }
            b.clearErrors();
            key.release();
        }
    }
}
