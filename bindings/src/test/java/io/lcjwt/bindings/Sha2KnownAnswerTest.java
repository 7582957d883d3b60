package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static io.lcjwt.bindings.NativeTestSupport.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * FIPS 180-2 / 180-4 example digests through SHA256/384/512 and EVP_Digest with the cached EVP_MDs,
 * and the same digests streamed through EVP_DigestInit_ex/Update/Final_ex in uneven pieces (the
 * way a detached RFC 7797 payload is digested where it lies, without joining it into one buffer).
 */
class Sha2KnownAnswerTest {

    @ParameterizedTest(name = "SHA-{0}(\"{1}\")")
    @CsvSource({
        "256, abc, ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "256, '', e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "384, abc, cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
        "512, abc, ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    })
    void digests(int bits, String message, String expected) {
        byte[] data = message.getBytes(StandardCharsets.US_ASCII);
        Backend b = Backend.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = bytes(arena, data);
            MemorySegment out = arena.allocate(64);
            switch (bits) {
                case 256 -> libcrypto_h.SHA256(in, data.length, out);
                case 384 -> libcrypto_h.SHA384(in, data.length, out);
                default -> libcrypto_h.SHA512(in, data.length, out);
            }
            assertEquals(expected, HexFormat.of().formatHex(out.asSlice(0, bits / 8).toArray(ValueLayout.JAVA_BYTE)));

            MemorySegment md = bits == 256 ? b.sha256() : bits == 384 ? b.sha384() : b.sha512();
            MemorySegment evpOut = arena.allocate(64);
            MemorySegment len = arena.allocate(ValueLayout.JAVA_INT);
            assertEquals(1, libcrypto_h.EVP_Digest(in, data.length, evpOut, len, md, MemorySegment.NULL));
            assertEquals(bits / 8, len.get(ValueLayout.JAVA_INT, 0));
            assertEquals(expected, HexFormat.of().formatHex(evpOut.asSlice(0, bits / 8).toArray(ValueLayout.JAVA_BYTE)));
        }
    }

    private static final String ABC_448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    private static final String ABC_896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
            + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

    @ParameterizedTest(name = "SHA-{0} streamed, \"{1}\"")
    @CsvSource({
        "256, abc, ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "256, '', e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "256, " + ABC_448 + ", 248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        "384, " + ABC_896 + ", 09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
        "512, " + ABC_896 + ", 8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
    })
    void streamedInPiecesEqualsOneShot(int bits, String message, String expected) {
        byte[] data = message.getBytes(StandardCharsets.US_ASCII);
        Backend b = Backend.get();
        MemorySegment md = bits == 256 ? b.sha256() : bits == 384 ? b.sha384() : b.sha512();
        assertEquals(bits / 8, b.mdSize(md), "EVP_MD_size");
        MemorySegment ctx = libcrypto_h.EVP_MD_CTX_new();
        MemorySegment copy = libcrypto_h.EVP_MD_CTX_new();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = bytes(arena, data);
            assertEquals(1, libcrypto_h.EVP_DigestInit_ex(ctx, md, MemorySegment.NULL));
            // Cuts that straddle the 64/128-byte block edges, an empty piece and a 1-byte piece.
            int[] cuts = {0, 1, 1, 8, 63, 65, 127, 129};
            int from = 0;
            for (int cut : cuts) {
                int to = Math.min(cut, data.length);
                if (to < from) {
                    continue;
                }
                assertEquals(1, libcrypto_h.EVP_DigestUpdate(ctx, in.asSlice(from), to - from));
                from = to;
                if (cut == 8) {
                    // A context copied mid-stream carries on independently of the original.
                    assertEquals(1, libcrypto_h.EVP_MD_CTX_copy_ex(copy, ctx));
                    assertEquals(1, libcrypto_h.EVP_DigestUpdate(copy, in.asSlice(from),
                            data.length - from));
                }
            }
            assertEquals(1, libcrypto_h.EVP_DigestUpdate(ctx, in.asSlice(from), data.length - from));
            assertEquals(expected, finish(arena, ctx, bits), "pieces");
            assertEquals(expected, finish(arena, copy, bits), "copy taken after the first 8 bytes");

            MemorySegment oneShot = arena.allocate(64);
            MemorySegment len = arena.allocate(ValueLayout.JAVA_INT);
            assertEquals(1, libcrypto_h.EVP_Digest(in, data.length, oneShot, len, md, MemorySegment.NULL));
            byte[] digest = oneShot.asSlice(0, len.get(ValueLayout.JAVA_INT, 0)).toArray(ValueLayout.JAVA_BYTE);
            assertEquals(expected, HexFormat.of().formatHex(digest), "one shot");
        } finally {
            libcrypto_h.EVP_MD_CTX_free(copy);
            libcrypto_h.EVP_MD_CTX_free(ctx);
        }
    }

    /** FIPS 180-2's third SHA-256 example, a million 'a', as 1000 updates of one 1000-byte buffer. */
    @Test
    void sha256OfAMillionAsStreamedFromOneBuffer() {
        Backend b = Backend.get(); // loads libcrypto before the first generated call
        MemorySegment ctx = libcrypto_h.EVP_MD_CTX_new();
        assertNotEquals(MemorySegment.NULL, ctx);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = arena.allocate(1000).fill((byte) 'a');
            assertEquals(1, libcrypto_h.EVP_DigestInit_ex(ctx, b.sha256(), MemorySegment.NULL));
            for (int i = 0; i < 1000; i++) {
                assertEquals(1, libcrypto_h.EVP_DigestUpdate(ctx, chunk, chunk.byteSize()));
            }
            assertEquals("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
                    finish(arena, ctx, 256));
        } finally {
            libcrypto_h.EVP_MD_CTX_free(ctx);
        }
    }

    private static String finish(Arena arena, MemorySegment ctx, int bits) {
        MemorySegment out = arena.allocate(64);
        MemorySegment len = arena.allocate(ValueLayout.JAVA_INT);
        assertEquals(1, libcrypto_h.EVP_DigestFinal_ex(ctx, out, len));
        assertEquals(bits / 8, len.get(ValueLayout.JAVA_INT, 0));
        return HexFormat.of().formatHex(out.asSlice(0, bits / 8).toArray(ValueLayout.JAVA_BYTE));
    }
    /**
     * {@link Critical#sha}, the one-shot digest of thumbprints, DPoP and SD-JWT (on OpenSSL 3 in
     * three calls on a context in a heap array), against the JDK's digest: lengths on both sides
     * of the 64- and 128-byte blocks and of the last block's length field, from heap arrays and
     * from native memory, into both.
     */
    @ParameterizedTest(name = "Critical.sha({0}) equals the JDK's")
    @org.junit.jupiter.params.provider.ValueSource(ints = {256, 384, 512})
    void criticalShaEqualsTheJdksDigest(int bits) throws Exception {
        java.security.MessageDigest jdk = java.security.MessageDigest.getInstance("SHA-" + bits);
        java.util.Random random = new java.util.Random(bits);
        int[] lengths = {0, 1, 3, 55, 56, 63, 64, 65, 111, 112, 119, 127, 128, 129, 1000, 65536};
        for (int len : lengths) {
            byte[] data = new byte[len];
            random.nextBytes(data);
            byte[] expected = jdk.digest(data);
            byte[] heapOut = new byte[bits / 8];
            Critical.sha(bits, MemorySegment.ofArray(data), len, MemorySegment.ofArray(heapOut));
            assertEquals(HexFormat.of().formatHex(expected), HexFormat.of().formatHex(heapOut), "heap, " + len + " bytes");
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment in = arena.allocate(Math.max(1, len));
                MemorySegment.copy(data, 0, in, ValueLayout.JAVA_BYTE, 0, len);
                MemorySegment out = arena.allocate(bits / 8);
                Critical.sha(bits, in, len, out);
                assertEquals(HexFormat.of().formatHex(expected),
                        HexFormat.of().formatHex(out.toArray(ValueLayout.JAVA_BYTE)), "native, " + len + " bytes");
            }
        }
    }

    @Test
    void criticalShaRefusesAnUnknownSize() {
        byte[] out = new byte[64];
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Critical.sha(224, MemorySegment.ofArray(new byte[1]), 1, MemorySegment.ofArray(out)));
        assertEquals("bits must be 256, 384 or 512, not 224", e.getMessage());
    }
}
