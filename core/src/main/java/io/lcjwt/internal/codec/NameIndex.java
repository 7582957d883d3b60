package io.lcjwt.internal.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Finds the value registered under a JSON member name given as raw UTF-8 bytes, without making a
 * String: open addressing over a hash of the bytes, confirmed by comparing them.
 */
public final class NameIndex<V> {

    private final byte[][] keys;
    private final Object[] values;
    private final int mask;
    private final Map<String, V> byString;
    // Names of 1..8 bytes, keyed by JsonCursor.pack: one long compare per probe.
    private final long[] shortKeys;
    private final Object[] shortValues;

    public NameIndex(Map<String, V> entries) {
        int size = Integer.highestOneBit(Math.max(4, entries.size() * 4) - 1) << 1;
        keys = new byte[size][];
        values = new Object[size];
        mask = size - 1;
        byString = new HashMap<>(entries);
        shortKeys = new long[size];
        shortValues = new Object[size];
        for (Map.Entry<String, V> e : entries.entrySet()) {
            byte[] k = e.getKey().getBytes(StandardCharsets.UTF_8);
            if (k.length >= 1 && k.length <= 8) {
                long sk = JsonCursor.pack(k, 0, k.length, k.length);
                int j = mix(sk) & mask;
                while (shortKeys[j] != 0) {
                    j = (j + 1) & mask;
                }
                shortKeys[j] = sk;
                shortValues[j] = e.getValue();
            }
            int i = hash(k, 0, k.length) & mask;
            while (keys[i] != null) {
                i = (i + 1) & mask;
            }
            keys[i] = k;
            values[i] = e.getValue();
        }
    }

    static int hash(byte[] b, int off, int len) {
        int h = len;
        for (int i = 0; i < len; i++) {
            h = h * 31 + b[off + i];
        }
        return h ^ (h >>> 15);
    }

    /** The value for the name at b[off, off+len), or null. */
    @SuppressWarnings("unchecked")
    public V get(byte[] b, int off, int len) {
        int i = hash(b, off, len) & mask;
        while (true) {
            byte[] k = keys[i];
            if (k == null) {
                return null;
            }
            if (k.length == len && Arrays.equals(k, 0, len, b, off, off + len)) {
                return (V) values[i];
            }
            i = (i + 1) & mask;
        }
    }

    private static int mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** The value for the cursor's current member name, decoding it only when it holds escapes. */
    @SuppressWarnings("unchecked")
    public V get(JsonCursor c) {
        long k = c.nameKey();
        if (k != 0) {
            int j = mix(k) & mask;
            while (true) {
                long sk = shortKeys[j];
                if (sk == k) {
                    return (V) shortValues[j];
                }
                if (sk == 0) {
                    return null;
                }
                j = (j + 1) & mask;
            }
        }
        if (c.nameEscaped()) {
            return byString.get(c.name());
        }
        return get(c.buffer(), c.nameStart(), c.nameLength());
    }

    public boolean isEmpty() {
        return byString.isEmpty();
    }
}
