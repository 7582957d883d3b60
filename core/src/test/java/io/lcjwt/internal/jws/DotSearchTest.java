package io.lcjwt.internal.jws;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The word-at-a-time dot search that splits a token, against String.indexOf and lastIndexOf:
 * every dot position in strings of 0 to 40 bytes, inside a larger array at every offset, and
 * random strings with bytes that are near '.' in value (which is where a sloppy bit trick errs).
 */
class DotSearchTest {

    private static void check(byte[] b, int from, int to) {
        String s = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        int first = s.indexOf('.');
        int last = s.lastIndexOf('.');
        assertEquals(first < 0 ? -1 : from + first, TokenVerifier.firstDot(b, from, to), s);
        assertEquals(last < 0 ? -1 : from + last, TokenVerifier.lastDot(b, from, to), s);
    }

    @Test
    void everyPositionOfOneAndTwoDots() {
        for (int len = 0; len <= 40; len++) {
            for (int off = 0; off < 9; off++) {
                byte[] b = new byte[off + len + 9];
                java.util.Arrays.fill(b, (byte) '.'); // dots outside the range must not be seen
                java.util.Arrays.fill(b, off, off + len, (byte) 'A');
                check(b, off, off + len);
                for (int i = 0; i < len; i++) {
                    b[off + i] = '.';
                    check(b, off, off + len);
                    for (int j = i + 1; j < len; j++) {
                        b[off + j] = '.';
                        check(b, off, off + len);
                        b[off + j] = 'A';
                    }
                    b[off + i] = 'A';
                }
            }
        }
    }

    @Test
    void randomBytesNearTheDot() {
        Random r = new Random(3);
        byte[] alphabet = {'.', '-', '/', 'n', (byte) 0xAE, (byte) 0x2F, (byte) 0x2D, 0, (byte) 0xFF, 'A'};
        for (int n = 0; n < 20_000; n++) {
            byte[] b = new byte[r.nextInt(48)];
            for (int i = 0; i < b.length; i++) {
                b[i] = r.nextInt(4) == 0 ? alphabet[r.nextInt(alphabet.length)] : (byte) r.nextInt(256);
            }
            int from = b.length == 0 ? 0 : r.nextInt(b.length);
            check(b, from, from + r.nextInt(b.length - from + 1));
        }
    }
}
