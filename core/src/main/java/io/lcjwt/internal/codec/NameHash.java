package io.lcjwt.internal.codec;

import java.io.FileInputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.SecureRandom;

/**
 * The hash of a JSON member name's raw bytes for lcjwt's open-addressing tables, keyed with
 * secrets drawn once per process. Member names come from whoever wrote the token, so an unkeyed
 * hash (such as {@code h * 31 + b}) lets them choose thousands of names that share a slot and
 * make every duplicate check walk one long cluster: quadratic time before any signature check.
 * Without the keys nobody can predict which names collide.
 *
 * <p>Eight bytes at a time, each word folded in by a 64x64-to-128-bit multiply whose two halves
 * are xored. A plain multiply would not do: it carries a difference in a word's top bit through
 * unchanged whatever the key, and the next word can cancel it, which gives collisions that hold
 * for every key. The high half of the product depends on the whole of both operands, keys
 * included.
 */
public final class NameHash {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    private static final long K0;
    private static final long K1;
    private static final long K2;

    static {
        long[] k = keys();
        K0 = k[0];
        K1 = k[1];
        K2 = k[2];
    }

    /**
     * Three random longs from the kernel where it has {@code /dev/urandom}, else from
     * {@link SecureRandom}, whose first use in a JVM costs tens of milliseconds of class loading
     * and provider set-up: too much for a verifier's first token.
     */
    private static long[] keys() {
        byte[] b = new byte[24];
        try (FileInputStream in = new FileInputStream("/dev/urandom")) {
            if (in.readNBytes(b, 0, b.length) != b.length) {
                new SecureRandom().nextBytes(b);
            }
        } catch (IOException | SecurityException e) {
            new SecureRandom().nextBytes(b);
        }
        return new long[] {(long) LONGS.get(b, 0), (long) LONGS.get(b, 8), (long) LONGS.get(b, 16)};
    }

    private NameHash() {}

    /** The keyed hash of {@code b[off, off + len)}; bytes past the name are read but never count. */
    public static int of(byte[] b, int off, int len) {
        long h = K0 ^ (len * 0x9E3779B97F4A7C15L);
        int i = off;
        int stop = off + len;
        for (; i + 8 <= stop; i += 8) {
            h = fold((long) LONGS.get(b, i) ^ K1, h ^ K2);
        }
        if (i < stop) {
            h = fold(JsonNames.pack(b, i, stop - i, b.length) ^ K1, h ^ K2);
        }
        return (int) (h ^ (h >>> 32));
    }

    private static long fold(long a, long b) {
        return a * b ^ Math.multiplyHigh(a, b);
    }
}
