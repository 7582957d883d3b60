package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** Small helpers over the raw bindings, shared by the known-answer tests. */
final class NativeTestSupport {
    private NativeTestSupport() {}

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replaceAll("\\s", ""));
    }

    static MemorySegment bytes(Arena arena, byte[] b) {
        MemorySegment seg = arena.allocate(Math.max(1, b.length));
        MemorySegment.copy(b, 0, seg, ValueLayout.JAVA_BYTE, 0, b.length);
        return seg;
    }

    /** Generates a key with {@code EVP_PKEY_keygen}; {@code setup} configures the context. */
    static MemorySegment keygen(int type, java.util.function.ToIntFunction<MemorySegment> setup) {
        // The generated calls find libcrypto only once Backend has loaded it: a test class that
        // starts with keygen must not depend on another class having run first.
        Backend.get();
        MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new_id(type, MemorySegment.NULL);
        assertNotEquals(MemorySegment.NULL, ctx, "EVP_PKEY_CTX_new_id(" + type + ")");
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(1, libcrypto_h.EVP_PKEY_keygen_init(ctx), "keygen_init");
            assertEquals(1, setup.applyAsInt(ctx), "keygen parameters");
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            assertEquals(1, libcrypto_h.EVP_PKEY_keygen(ctx, out), "EVP_PKEY_keygen");
            return out.get(ValueLayout.ADDRESS, 0);
        } finally {
            libcrypto_h.EVP_PKEY_CTX_free(ctx);
        }
    }

    /** {@code EVP_DigestSign} with {@code md} (NULL for Ed25519). */
    static byte[] sign(MemorySegment pkey, MemorySegment md, byte[] data) {
        MemorySegment mctx = libcrypto_h.EVP_MD_CTX_new();
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(1, libcrypto_h.EVP_DigestSignInit(mctx, MemorySegment.NULL, md,
                    MemorySegment.NULL, pkey));
            MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
            MemorySegment in = bytes(arena, data);
            assertEquals(1, libcrypto_h.EVP_DigestSign(mctx, MemorySegment.NULL, len, in, data.length));
            MemorySegment sig = arena.allocate(len.get(ValueLayout.JAVA_LONG, 0));
            assertEquals(1, libcrypto_h.EVP_DigestSign(mctx, sig, len, in, data.length));
            return sig.asSlice(0, len.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
        } finally {
            libcrypto_h.EVP_MD_CTX_free(mctx);
        }
    }

    /** {@code EVP_DigestVerify}: true only when libcrypto says 1. Clears the error queue after. */
    static boolean verify(MemorySegment pkey, MemorySegment md, byte[] sig, byte[] data) {
        MemorySegment mctx = libcrypto_h.EVP_MD_CTX_new();
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(1, libcrypto_h.EVP_DigestVerifyInit(mctx, MemorySegment.NULL, md,
                    MemorySegment.NULL, pkey));
            int r = libcrypto_h.EVP_DigestVerify(mctx, bytes(arena, sig), sig.length,
                    bytes(arena, data), data.length);
            return r == 1;
        } finally {
            libcrypto_h.EVP_MD_CTX_free(mctx);
            Backend.get().clearErrors();
        }
    }

    /** DER SubjectPublicKeyInfo of {@code pkey} ({@code i2d_PUBKEY}). */
    static byte[] spki(MemorySegment pkey) {
        int len = libcrypto_h.i2d_PUBKEY(pkey, MemorySegment.NULL);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(len);
            MemorySegment pp = arena.allocate(ValueLayout.ADDRESS);
            pp.set(ValueLayout.ADDRESS, 0, buf);
            assertEquals(len, libcrypto_h.i2d_PUBKEY(pkey, pp));
            return buf.toArray(ValueLayout.JAVA_BYTE);
        }
    }

    /** Parses a DER SubjectPublicKeyInfo ({@code d2i_PUBKEY}). */
    static MemorySegment parseSpki(byte[] der) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pp = arena.allocate(ValueLayout.ADDRESS);
            pp.set(ValueLayout.ADDRESS, 0, bytes(arena, der));
            return libcrypto_h.d2i_PUBKEY(MemorySegment.NULL, pp, der.length);
        }
    }
}
