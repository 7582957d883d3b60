package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static io.lcjwt.bindings.NativeTestSupport.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** FIPS 180-4 example digests through SHA256/384/512 and EVP_Digest with the cached EVP_MDs. */
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
}
