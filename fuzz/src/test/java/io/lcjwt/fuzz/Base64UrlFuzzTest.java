package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.internal.codec.Base64Url;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * lcjwt's strict base64url decoders against the JDK's: an input is accepted exactly when it is the
 * one canonical unpadded encoding of some bytes, and then both decode it to the same bytes.
 */
class Base64UrlFuzzTest {

    @FuzzTest
    @Timeout(5)
    void decode(byte[] input) {
        byte[] canonical = canonicalDecode(input);

        int n = Base64Url.decodedLength(input.length);
        byte[] table = n < 0 ? null : new byte[n + 3];
        int written = n < 0 ? -1 : Base64Url.decode(input, 0, input.length, table, 0);
        byte[] fast = Base64Url.decodeFast(input, 0, input.length);
        byte[] whole = Base64Url.decode(new String(input, StandardCharsets.ISO_8859_1));

        if (canonical == null) {
            assertEquals(-1, written, "table decoder accepted a non-canonical input");
            assertEquals(null, fast, "fast decoder accepted a non-canonical input");
            assertEquals(null, whole, "string decoder accepted a non-canonical input");
            return;
        }
        assertEquals(canonical.length, written, "table decoder refused or mis-sized a canonical input");
        assertArrayEquals(canonical, Arrays.copyOf(table, written));
        assertArrayEquals(canonical, fast);
        assertArrayEquals(canonical, whole);
        assertArrayEquals(input, Base64Url.encode(canonical), "encode is not the inverse of decode");
    }

    /** The JDK's decoding when {@code input} is the canonical unpadded form of it, else null. */
    private static byte[] canonicalDecode(byte[] input) {
        for (byte b : input) {
            if (b == '=') {
                return null;
            }
        }
        byte[] out;
        try {
            out = Base64.getUrlDecoder().decode(input);
        } catch (IllegalArgumentException e) {
            return null;
        }
        return Arrays.equals(Base64.getUrlEncoder().withoutPadding().encode(out), input) ? out : null;
    }
}
