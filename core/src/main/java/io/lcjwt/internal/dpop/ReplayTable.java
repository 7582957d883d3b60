package io.lcjwt.internal.dpop;

import io.lcjwt.DpopException;

import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code DpopReplayStore.inMemory(int)}: a hash table allocated once, whose entries are 128 bits of
 * the proof's id and an expiry. An id has two candidate buckets of sixteen slots; it goes into the
 * one with fewer live entries ("two choices", which keeps the buckets even, so the table fills
 * to about its size before a bucket overflows). A call looks at those 32 slots and nothing else,
 * so it costs the same at any fill; a slot whose entry has expired is free again. When both
 * buckets are full of live entries the call refuses rather than evict one: evicting would let
 * that proof replay. Both buckets are locked (in a fixed order) for the check and the insert,
 * so the same id arriving twice at once is accepted once.
 */
public final class ReplayTable {
    static final int WAYS = 16;
    /** Longs per slot: the id's two halves and the expiry in epoch milliseconds (0: never used). */
    private static final int LONGS = 3;
    private static final int STRIPES = 256;
    public static final int MAX_ENTRIES = 20_000_000;

    private final int maxEntries;
    private final int buckets;
    private final long[] slots;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

    public ReplayTable(int maxEntries) {
        if (maxEntries < 16 || maxEntries > MAX_ENTRIES) {
            throw new IllegalArgumentException("maxEntries must be between 16 and " + MAX_ENTRIES + ", not " + maxEntries);
        }
        this.maxEntries = maxEntries;
        long slotCount = ((long) maxEntries * 5 + 3) / 4; // a quarter of slack keeps overflows rare below maxEntries
        this.buckets = (int) ((slotCount + WAYS - 1) / WAYS);
        this.slots = new long[buckets * WAYS * LONGS];
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    /** As {@code DpopReplayStore.firstUse}: whether {@code id} was not seen live before; records it. */
    public boolean firstUse(String id, Instant now, Instant expiresAt) {
        Objects.requireNonNull(id, "id");
        long nowMs = now.toEpochMilli();
        long exp = Math.max(expiresAt.toEpochMilli(), nowMs + 1);
        long hi;
        long lo;
        if (isDigest(id)) { // what DpopVerifier passes: already uniform, so read, not hashed again
            hi = bits(id, 0);
            lo = bits(id, 11);
        } else {
            byte[] d = Sha256.digest(id.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            hi = Sha256.longAt(d, 0);
            lo = Sha256.longAt(d, 8);
        }
        int b1 = bucket(hi);
        int b2 = bucket(lo);
        // Locked in the order of the stripes, so that two calls never wait for each other's second.
        int s1 = b1 % STRIPES;
        int s2 = b2 % STRIPES;
        ReentrantLock first = locks[Math.min(s1, s2)];
        ReentrantLock second = locks[Math.max(s1, s2)];
        first.lock();
        if (second != first) {
            second.lock();
        }
        try {
            long r1 = scan(b1, hi, lo, nowMs);
            long r2 = b2 == b1 ? FULL : scan(b2, hi, lo, nowMs);
            if (r1 == FOUND || r2 == FOUND) {
                return false;
            }
            // The free slot of the bucket with fewer live entries ("two choices"), else the other's.
            long pick = (r2 & FREE) != 0 && ((r1 & FREE) == 0 || r2 >>> 32 < r1 >>> 32) ? r2 : r1;
            if ((pick & FREE) == 0) {
                throw new DpopException("The DPoP replay store is full: it holds about " + maxEntries
                        + " proofs still inside their window, and it refuses a new proof rather than forget one"
                        + " that could then be replayed. Retry with a new proof later; the operator can raise the"
                        + " store's size or shorten the window.");
            }
            int s = (int) (pick & FREE) - 1;
            slots[s] = hi;
            slots[s + 1] = lo;
            slots[s + 2] = exp;
            return true;
        } finally {
            if (second != first) {
                second.unlock();
            }
            first.unlock();
        }
    }

    /** {@link #scan}: the id is live in the bucket. */
    private static final long FOUND = -1;
    /** {@link #scan}: the low half, the first free slot's index plus one (0: none free). */
    private static final long FREE = 0xFFFF_FFFFL;
    /** A bucket with no free slot and more live entries than any: the second choice when both are one. */
    private static final long FULL = (long) WAYS << 32;

    /**
     * Looks through one bucket: {@link #FOUND} when {@code (hi, lo)} is live in it; otherwise its
     * number of live entries in the high half and, in the low half, the index in {@link #slots}
     * of its first free slot plus one (0 when none is free).
     */
    private long scan(int bucket, long hi, long lo, long nowMs) {
        long live = 0;
        int free = -1;
        for (int w = 0; w < WAYS; w++) {
            int s = (bucket * WAYS + w) * LONGS;
            if (slots[s + 2] > nowMs) {
                if (slots[s] == hi && slots[s + 1] == lo) {
                    return FOUND;
                }
                live++;
            } else if (free < 0) {
                free = s;
            }
        }
        return live << 32 | (free + 1);
    }

    /** Lemire's multiply-shift: a bucket from the top 32 bits, without a division. */
    private int bucket(long h) {
        return (int) (((h >>> 32) * buckets) >>> 32);
    }

    /** 64 bits of the base64url text {@code id[from, from+11)}, which {@link #isDigest} vetted. */
    private static long bits(String id, int from) {
        long v = 0;
        for (int i = from; i < from + 11; i++) {
            v = v << 6 | sextet(id.charAt(i)); // 66 bits: the top two fall off
        }
        return v;
    }

    private static boolean isDigest(String id) {
        if (id.length() != 43) {
            return false;
        }
        for (int i = 0; i < 43; i++) {
            if (sextet(id.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    private static int sextet(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 52;
        }
        return c == '-' ? 62 : c == '_' ? 63 : -1;
    }

    /** How many entries are live at {@code now}: a full scan, for tests and diagnostics. */
    public int liveEntries(Instant now) {
        long nowMs = now.toEpochMilli();
        int n = 0;
        for (int s = 2; s < slots.length; s += LONGS) {
            if (slots[s] > nowMs) {
                n++;
            }
        }
        return n;
    }

    /** The number of slots, fixed at construction. */
    public int slotCount() {
        return slots.length / LONGS;
    }
}
