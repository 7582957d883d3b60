package io.lcjwt.internal.jwe;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * The Concat KDF of RFC 7518 section 4.6.2 (NIST SP 800-56A one-step, SHA-256): on aws-lc its
 * {@code SSKDF_digest}; on OpenSSL 3, which has it only behind {@code EVP_KDF}, the definition
 * itself with libcrypto's streaming SHA-256, SHA-256(counter || Z || OtherInfo) for counter 1, 2, ...
 */
final class ConcatKdf {
    private ConcatKdf() {}

    /**
     * OtherInfo = AlgorithmID || PartyUInfo || PartyVInfo || SuppPubInfo, each of the first three
     * as a 32-bit big-endian length and the bytes, SuppPubInfo the key length in bits.
     */
    static byte[] otherInfo(String algorithmId, byte[] apu, byte[] apv, int keyBytes) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        lengthPrefixed(o, algorithmId.getBytes(StandardCharsets.US_ASCII));
        lengthPrefixed(o, apu);
        lengthPrefixed(o, apv);
        int32(o, keyBytes * 8);
        return o.toByteArray();
    }

    private static void lengthPrefixed(ByteArrayOutputStream o, byte[] b) {
        int32(o, b.length);
        o.writeBytes(b);
    }

    private static void int32(ByteArrayOutputStream o, int v) {
        o.write(v >>> 24);
        o.write(v >>> 16);
        o.write(v >>> 8);
        o.write(v);
    }

    static byte[] derive(byte[] z, byte[] otherInfo, int keyBytes) {
        Backend b = Backend.get();
        b.clearErrors();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment secret = Native.copy(arena, z);
            MemorySegment info = Native.copy(arena, otherInfo);
            MemorySegment out = arena.allocate(keyBytes);
            try {
                if (b.isAwsLc()) {
                    if (libcrypto_h.SSKDF_digest(out, keyBytes, b.sha256(), secret, z.length, info, otherInfo.length) != 1) {
                        throw new IllegalStateException("libcrypto's SSKDF_digest failed: " + b.drainErrors());
                    }
                } else {
                    streamed(arena, b, secret, z.length, info, otherInfo.length, out, keyBytes);
                }
                return Native.bytes(out, keyBytes);
            } finally {
                Native.wipe(secret);
                Native.wipe(out);
            }
        }
    }

    private static void streamed(Arena arena, Backend b, MemorySegment z, long zLen, MemorySegment info, long infoLen,
            MemorySegment out, int keyBytes) {
        MemorySegment ctx = libcrypto_h.EVP_MD_CTX_new();
        if (ctx.equals(MemorySegment.NULL)) {
            throw new OutOfMemoryError("libcrypto could not allocate an EVP_MD_CTX");
        }
        MemorySegment counter = arena.allocate(4);
        MemorySegment block = arena.allocate(32);
        try {
            for (int i = 1, done = 0; done < keyBytes; i++, done += 32) {
                counter.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.BIG_ENDIAN), 0, i);
                boolean ok = libcrypto_h.EVP_DigestInit_ex(ctx, b.sha256(), MemorySegment.NULL) == 1
                        && libcrypto_h.EVP_DigestUpdate(ctx, counter, 4) == 1
                        && libcrypto_h.EVP_DigestUpdate(ctx, z, zLen) == 1
                        && libcrypto_h.EVP_DigestUpdate(ctx, info, infoLen) == 1
                        && libcrypto_h.EVP_DigestFinal_ex(ctx, block, MemorySegment.NULL) == 1;
                if (!ok) {
                    throw new IllegalStateException("libcrypto's SHA-256 failed: " + b.drainErrors());
                }
                MemorySegment.copy(block, 0, out, done, Math.min(32, keyBytes - done));
            }
        } finally {
            Native.wipe(block);
            libcrypto_h.EVP_MD_CTX_free(ctx);
        }
    }
}
