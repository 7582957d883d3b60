package io.lcjwt.bindings;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

import static io.lcjwt.bindings.NativeTestSupport.bytes;
import static io.lcjwt.bindings.NativeTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** RFC 7914 §11 PBKDF2-HMAC-SHA256 vectors (the PRF of JWE's PBES2-HS256+A128KW). */
class Rfc7914Pbkdf2Test {

    @ParameterizedTest(name = "PBKDF2-HMAC-SHA256(\"{0}\", \"{1}\", c={2})")
    @CsvSource({
        "passwd, salt, 1, 55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783",
        "Password, NaCl, 80000, 4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d",
    })
    void derives(String password, String salt, int iterations, String expected) {
        byte[] p = password.getBytes(StandardCharsets.US_ASCII);
        byte[] s = salt.getBytes(StandardCharsets.US_ASCII);
        byte[] dk = hex(expected);
        Backend b = Backend.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(dk.length);
            assertEquals(1, b.pbkdf2Hmac(bytes(arena, p), p.length, bytes(arena, s), s.length,
                    iterations, b.sha256(), dk.length, out));
            assertArrayEquals(dk, out.toArray(ValueLayout.JAVA_BYTE));
        }
    }
}
