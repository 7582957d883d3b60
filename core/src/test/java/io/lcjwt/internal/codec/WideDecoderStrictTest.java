package io.lcjwt.internal.codec;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link WideDecoder#decodeStrict}, which JWE segments go through, against lcjwt's scalar strict
 * decoder as the oracle: the same bytes for every valid segment, and null for every segment
 * the scalar decoder refuses (padding anywhere, '+', '/', whitespace, non-ASCII bytes, a length
 * of 1 mod 4, stray bits in the last character), on both sides of the JDK-decoder threshold.
 */
class WideDecoderStrictTest {

    private static byte[] scalar(byte[] src, int off, int len) {
        int n = Base64Url.decodedLength(len);
        if (n < 0) {
            return null;
        }
        byte[] out = new byte[n];
        try {
            return Base64Url.decode(src, off, len, out, 0) == n ? out : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static void same(byte[] text, int off, int len) {
        byte[] want = scalar(text, off, len);
        byte[] got = WideDecoder.decodeStrict(text, off, len);
        String what = new String(text, off, len, StandardCharsets.ISO_8859_1);
        if (want == null) {
            assertNull(got, "accepted " + what);
        } else {
            assertNotNull(got, "refused " + what);
            assertArrayEquals(want, got, what);
        }
    }

    @Test
    void validSegmentsOfEveryLengthDecodeAsTheScalarDecoderDoes() {
        SplittableRandom r = new SplittableRandom(21);
        Base64.Encoder enc = Base64.getUrlEncoder().withoutPadding();
        for (int n = 0; n < 700; n++) {
            byte[] raw = new byte[n];
            r.nextBytes(raw);
            byte[] text = enc.encode(raw);
            byte[] framed = new byte[text.length + 10];
            System.arraycopy(text, 0, framed, 5, text.length);
            assertArrayEquals(raw, WideDecoder.decodeStrict(framed, 5, text.length), n + " bytes");
        }
    }

    @Test
    void everyCorruptionTheScalarDecoderRefusesIsRefused() {
        SplittableRandom r = new SplittableRandom(22);
        Base64.Encoder enc = Base64.getUrlEncoder().withoutPadding();
        byte[] bad = {'=', '+', '/', ' ', '\n', '.', '?', (byte) 0xC3, (byte) 0x80, 0};
        for (int i = 0; i < 20_000; i++) {
            byte[] raw = new byte[r.nextInt(300)];
            r.nextBytes(raw);
            byte[] text = enc.encode(raw);
            switch (r.nextInt(4)) {
                case 0 -> { // one stray byte anywhere
                    if (text.length > 0) {
                        text[r.nextInt(text.length)] = bad[r.nextInt(bad.length)];
                    }
                }
                case 1 -> { // padded as plain base64 would be
                    byte[] padded = Base64.getUrlEncoder().encode(raw);
                    text = padded;
                }
                case 2 -> { // one character more or less
                    text = java.util.Arrays.copyOf(text, Math.max(0, text.length + (r.nextBoolean() ? 1 : -1)));
                    if (text.length > 0 && text[text.length - 1] == 0) {
                        text[text.length - 1] = 'A';
                    }
                }
                default -> { // stray bits in the last character
                    if (text.length > 0) {
                        text[text.length - 1] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                                .getBytes(StandardCharsets.US_ASCII)[r.nextInt(64)];
                    }
                }
            }
            same(text, 0, text.length);
        }
    }
}
