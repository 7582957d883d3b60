package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.codec.WideDecoder;
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

    private static final ThreadLocal<WideDecoder> WIDE = ThreadLocal.withInitial(WideDecoder::new);

    @FuzzTest
    @Timeout(5)
    void decode(byte[] input) {
        byte[] canonical = canonicalDecode(input);

        int n = Base64Url.decodedLength(input.length);
        // The scalar decoder into a roomy array (its 8-byte stores run to the end) and into an
        // exact one (its word loop must stop early); the input sits at an offset in a larger array.
        byte[] shifted = new byte[input.length + 11];
        System.arraycopy(input, 0, shifted, 5, input.length);
        byte[] roomy = n < 0 ? null : new byte[n + 16];
        int written = n < 0 ? -1 : Base64Url.decode(shifted, 5, input.length, roomy, 3);
        byte[] exact = n < 0 ? null : new byte[n];
        int writtenExact = n < 0 ? -1 : Base64Url.decode(input, 0, input.length, exact, 0);
        // The payload decoder is reused across inputs, as a verifier's scratch reuses it.
        WideDecoder wide = WIDE.get();
        int wideLength = wide.decode(shifted, 5, input.length);
        byte[] whole = Base64Url.decode(new String(input, StandardCharsets.ISO_8859_1));

        if (canonical == null) {
            assertEquals(-1, written, "scalar decoder accepted a non-canonical input");
            assertEquals(-1, writtenExact, "scalar decoder accepted a non-canonical input");
            assertEquals(-1, wideLength, "payload decoder accepted a non-canonical input");
            assertEquals(null, whole, "string decoder accepted a non-canonical input");
            return;
        }
        assertEquals(canonical.length, written, "scalar decoder refused or mis-sized a canonical input");
        assertArrayEquals(canonical, Arrays.copyOfRange(roomy, 3, 3 + written));
        assertEquals(canonical.length, writtenExact, "scalar decoder refused or mis-sized a canonical input");
        assertArrayEquals(canonical, exact);
        assertEquals(canonical.length, wideLength, "payload decoder refused or mis-sized a canonical input");
        assertArrayEquals(canonical, Arrays.copyOfRange(wide.buffer(), wide.offset(), wide.offset() + wideLength));
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
