package io.lcjwt.internal.codec;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Base64;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The signer's base64url encoder against the JDK's, on one reused encoder: its source arrays
 * are refilled behind runs of earlier bytes that grow and shrink as lengths change, so a run
 * that is not a whole number of groups, or a wrong offset into the JDK's output, would show as a
 * wrong character.
 */
class WideEncoderTest {

    private static final Base64.Encoder JDK = Base64.getUrlEncoder().withoutPadding();

    private static void check(WideEncoder e, byte[] src, int off, int len, SplittableRandom r) {
        int dstOff = r.nextInt(8);
        byte[] dst = new byte[dstOff + Base64Url.encodedLength(len) + 8];
        Arrays.fill(dst, (byte) '#');
        int n = e.encode(src, off, len, dst, dstOff);
        byte[] want = JDK.encode(Arrays.copyOfRange(src, off, off + len));
        assertEquals(want.length, n, "length for " + len + " bytes");
        assertArrayEquals(want, Arrays.copyOfRange(dst, dstOff, dstOff + n), "text for " + len + " bytes at " + off);
        for (int i = 0; i < dstOff; i++) {
            assertEquals('#', dst[i], "wrote before its offset");
        }
        for (int i = dstOff + n; i < dst.length; i++) {
            assertEquals('#', dst[i], "wrote past its text");
        }
    }

    @Test
    void everyLengthUpToTwoKilobytesOnOneEncoder() {
        SplittableRandom r = new SplittableRandom(11);
        WideEncoder e = new WideEncoder();
        byte[] src = new byte[2100];
        for (int len = 0; len <= 2048; len++) {
            r.nextBytes(src);
            check(e, src, r.nextInt(40), len, r);
        }
    }

    @Test
    void lengthsThatShrinkAndGrowReuseTheSourceArrays() {
        SplittableRandom r = new SplittableRandom(12);
        WideEncoder e = new WideEncoder();
        byte[] src = new byte[5000];
        r.nextBytes(src);
        // Down by small steps (the run behind the range grows over bytes a longer range wrote),
        // then jumps either way, then random lengths around the reuse limit.
        for (int len = 600; len >= 0; len -= 1 + r.nextInt(5)) {
            check(e, src, r.nextInt(100), len, r);
        }
        int[] jumps = {96, 4000, 97, 3999, 98, 4998, 200, 290, 199, 1, 0, 95, 96, 191, 192, 193};
        for (int len : jumps) {
            check(e, src, 0, len, r);
        }
        for (int i = 0; i < 3000; i++) {
            int len = 96 + r.nextInt(300);
            check(e, src, r.nextInt(src.length - len), len, r);
        }
    }

    @Test
    void allByteValuesAndAllZeroRanges() {
        SplittableRandom r = new SplittableRandom(13);
        WideEncoder e = new WideEncoder();
        byte[] every = new byte[768];
        for (int i = 0; i < every.length; i++) {
            every[i] = (byte) i;
        }
        check(e, every, 0, every.length, r);
        check(e, new byte[300], 0, 300, r);
        check(e, every, 1, 500, r);
    }
}
