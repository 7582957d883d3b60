package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.stream.Stream;

import static io.lcjwt.bindings.NativeTestSupport.bytes;
import static io.lcjwt.bindings.NativeTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** RFC 4231 section 4 test cases 1-4, 6 and 7, through the one-shot and the context calls. */
class Rfc4231HmacTest {

    private static byte[] rep(int b, int n) {
        byte[] out = new byte[n];
        Arrays.fill(out, (byte) b);
        return out;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static Stream<Arguments> cases() {
        byte[] key4 = new byte[25];
        for (int i = 0; i < 25; i++) {
            key4[i] = (byte) (i + 1);
        }
        byte[] tc6 = ascii("Test Using Larger Than Block-Size Key - Hash Key First");
        byte[] tc7 = ascii("This is a test using a larger than block-size key and a larger than"
                + " block-size data. The key needs to be hashed before being used by the HMAC algorithm.");
        return Stream.of(
                Arguments.of("4.2 case 1", rep(0x0b, 20), ascii("Hi There"),
                        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
                        "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
                                + "faea9ea9076ede7f4af152e8b2fa9cb6",
                        "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                                + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"),
                Arguments.of("4.3 case 2", ascii("Jefe"), ascii("what do ya want for nothing?"),
                        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                        "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
                                + "8e2240ca5e69e2c78b3239ecfab21649",
                        "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                                + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"),
                Arguments.of("4.4 case 3", rep(0xaa, 20), rep(0xdd, 50),
                        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
                        "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b"
                                + "2a5ab39dc13814b94e3ab6e101a34f27",
                        "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
                                + "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"),
                Arguments.of("4.5 case 4", key4, rep(0xcd, 50),
                        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
                        "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e"
                                + "6801dd23c4a7d679ccf8a386c674cffb",
                        "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
                                + "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"),
                Arguments.of("4.7 case 6", rep(0xaa, 131), tc6,
                        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
                        "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c6"
                                + "0c2ef6ab4030fe8296248df163f44952",
                        "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
                                + "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"),
                Arguments.of("4.8 case 7", rep(0xaa, 131), tc7,
                        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
                        "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5"
                                + "a678cc31e799176d3860e6110c46523e",
                        "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
                                + "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void oneShotMatchesRfc(String name, byte[] key, byte[] data, String s256, String s384, String s512) {
        Backend b = Backend.get();
        assertEquals(s256, oneShot(b.sha256(), key, data));
        assertEquals(s384, oneShot(b.sha384(), key, data));
        assertEquals(s512, oneShot(b.sha512(), key, data));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reusedContextMatchesRfc(String name, byte[] key, byte[] data, String s256, String s384, String s512) {
        Backend b = Backend.get();
        assertEquals(s256, withContext(b.sha256(), key, data, 32));
        assertEquals(s384, withContext(b.sha384(), key, data, 48));
        assertEquals(s512, withContext(b.sha512(), key, data, 64));
    }

    private static String oneShot(MemorySegment md, byte[] key, byte[] data) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(libcrypto_h.EVP_MAX_MD_SIZE());
            MemorySegment outLen = arena.allocate(ValueLayout.JAVA_INT);
            int n = Backend.get().hmac(md, bytes(arena, key), key.length, bytes(arena, data),
                    data.length, out, outLen);
            return HexFormat.of().formatHex(out.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE));
        }
    }

    /**
     * The hot path's shape: the key is absorbed once, then each MAC restarts the same context
     * (NULL key) through the critical handles, with heap arrays passed in place. Run twice to show
     * the restart really forgets the previous message.
     */
    private static String withContext(MemorySegment md, byte[] key, byte[] data, int size) {
        MemorySegment ctx = libcrypto_h.HMAC_CTX_new();
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(1, Backend.get().hmacInitEx(ctx, bytes(arena, key), key.length, md));
            String first = null;
            for (int round = 0; round < 2; round++) {
                assertEquals(1, Critical.hmacInit(ctx, MemorySegment.NULL, 0, MemorySegment.NULL));
                assertEquals(1, Critical.hmacUpdate(ctx, MemorySegment.ofArray(data), data.length));
                byte[] mac = new byte[size];
                assertEquals(1, Critical.hmacFinal(ctx, MemorySegment.ofArray(mac)));
                String hex = HexFormat.of().formatHex(mac);
                if (first != null) {
                    assertEquals(first, hex, "a restarted context must give the same MAC");
                }
                first = hex;
            }
            return first;
        } finally {
            libcrypto_h.HMAC_CTX_free(ctx);
        }
    }
}
