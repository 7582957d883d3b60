package io.lcjwt.internal.jwe;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.aes_key_st;
import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** AES Key Wrap (RFC 3394, with its default IV) for A128KW, A192KW, A256KW and ECDH-ES+A*KW. */
final class AesKeyWrap {
    private AesKeyWrap() {}

    static byte[] wrap(byte[] kek, byte[] cek) {
        checkKek(kek);
        Backend b = Backend.get();
        b.clearErrors();
        try (Arena arena = Native.scratch(aes_key_st.layout().byteSize() + 256)) {
            MemorySegment aesKey = arena.allocate(aes_key_st.layout());
            MemorySegment k = Native.copy(arena, kek);
            MemorySegment in = Native.copy(arena, cek);
            try {
                if (libcrypto_h.AES_set_encrypt_key(k, kek.length * 8, aesKey) != 0) {
                    throw new IllegalStateException("libcrypto could not set up the AES key: " + b.drainErrors());
                }
                MemorySegment out = arena.allocate(cek.length + 8);
                int n = b.aesWrapKey(aesKey, MemorySegment.NULL, out, in, cek.length);
                if (n != cek.length + 8) {
                    throw new IllegalStateException("libcrypto could not wrap the key: " + b.drainErrors());
                }
                return Native.bytes(out, n);
            } finally {
                Native.wipe(aesKey);
                Native.wipe(k);
                Native.wipe(in);
            }
        }
    }

    /** {@return the unwrapped key, or null when the wrapped key is malformed or its integrity check fails} */
    static byte[] unwrap(byte[] kek, byte[] wrapped) {
        checkKek(kek);
        if (wrapped.length < 24 || wrapped.length % 8 != 0) {
            return null;
        }
        Backend b = Backend.get();
        try (Arena arena = Native.scratch(aes_key_st.layout().byteSize() + 256)) {
            MemorySegment aesKey = arena.allocate(aes_key_st.layout());
            MemorySegment k = Native.copy(arena, kek);
            MemorySegment out = arena.allocate(wrapped.length - 8);
            try {
                if (libcrypto_h.AES_set_decrypt_key(k, kek.length * 8, aesKey) != 0) {
                    throw new IllegalStateException("libcrypto could not set up the AES key: " + b.drainErrors());
                }
                int n = b.aesUnwrapKey(aesKey, MemorySegment.NULL, out, Native.copy(arena, wrapped), wrapped.length);
                return n == wrapped.length - 8 ? Native.bytes(out, n) : null;
            } finally {
                Native.wipe(aesKey);
                Native.wipe(k);
                Native.wipe(out);
                b.clearErrors();
            }
        }
    }

    private static void checkKek(byte[] kek) {
        if (kek.length != 16 && kek.length != 24 && kek.length != 32) {
            throw new IllegalArgumentException("AES key wrap takes a 16, 24 or 32-byte key, not " + kek.length);
        }
    }
}
