package io.lcjwt.internal.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Finds the value registered under a JSON member name given as raw UTF-8 bytes, without making a
 * String: open addressing over a hash of the bytes, confirmed by comparing them. The names it
 * holds are the program's, but the ones looked up are the token's: the keyed {@link NameHash}
 * keeps a writer of tokens from aiming every lookup at the table's longest run of full slots.
 */
public final class NameIndex<V> {

    private final byte[][] keys;
    private final Object[] values;
    private final int mask;
    private final Map<String, V> byString;
    // Names of 1..8 bytes, keyed by JsonCursor.pack: one long compare per probe. The slot is the
    // top bits of key * multiplier, with the multiplier chosen when the index is built so that the
    // names it holds (a few dozen at most, usually) mostly land in distinct slots.
    private final long[] shortKeys;
    private final Object[] shortValues;
    private final long multiplier;
    private final int shift;

    public NameIndex(Map<String, V> entries) {
        int size = Integer.highestOneBit(Math.max(4, entries.size() * 4) - 1) << 1;
        keys = new byte[size][];
        values = new Object[size];
        mask = size - 1;
        byString = new HashMap<>(entries);
        shortKeys = new long[size];
        shortValues = new Object[size];
        shift = 64 - Integer.numberOfTrailingZeros(size);
        java.util.List<Long> packed = new java.util.ArrayList<>();
        for (String name : entries.keySet()) {
            byte[] k = name.getBytes(StandardCharsets.UTF_8);
            if (k.length >= 1 && k.length <= 8) {
                packed.add(JsonCursor.pack(k, 0, k.length, k.length));
            }
        }
        multiplier = chooseMultiplier(packed, size, shift);
        for (Map.Entry<String, V> e : entries.entrySet()) {
            byte[] k = e.getKey().getBytes(StandardCharsets.UTF_8);
            if (k.length >= 1 && k.length <= 8) {
                long sk = JsonCursor.pack(k, 0, k.length, k.length);
                int j = (int) ((sk * multiplier) >>> shift);
                while (shortKeys[j] != 0) {
                    j = (j + 1) & mask;
                }
                shortKeys[j] = sk;
                shortValues[j] = e.getValue();
            }
            int i = NameHash.of(k, 0, k.length) & mask;
            while (keys[i] != null) {
                i = (i + 1) & mask;
            }
            keys[i] = k;
            values[i] = e.getValue();
        }
    }

    /** The value for the name at b[off, off+len), or null. */
    @SuppressWarnings("unchecked")
    public V get(byte[] b, int off, int len) {
        int i = NameHash.of(b, off, len) & mask;
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

    /**
     * An odd multiplier under which the keys collide least (ideally not at all), from a fixed
     * sequence of candidates, so the same names always get the same table.
     */
    private static long chooseMultiplier(java.util.List<Long> keys, int size, int shift) {
        long best = 0x9E3779B97F4A7C15L;
        int bestCollisions = Integer.MAX_VALUE;
        long candidate = 0x9E3779B97F4A7C15L;
        boolean[] used = new boolean[size];
        for (int attempt = 0; attempt < 64 && bestCollisions > 0; attempt++) {
            java.util.Arrays.fill(used, false);
            int collisions = 0;
            for (long k : keys) {
                int j = (int) ((k * candidate) >>> shift);
                if (used[j]) {
                    collisions++;
                }
                used[j] = true;
            }
            if (collisions < bestCollisions) {
                bestCollisions = collisions;
                best = candidate;
            }
            candidate = (candidate * 0xD1342543DE82EF95L + 0x632BE59BD9B4E019L) | 1; // next odd candidate
        }
        return best;
    }

    /** The value for the cursor's current member name, decoding it only when it holds escapes. */
    @SuppressWarnings("unchecked")
    public V get(JsonCursor c) {
        long k = c.nameKey();
        if (k != 0) {
            int j = (int) ((k * multiplier) >>> shift);
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
