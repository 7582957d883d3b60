package io.lcjwt.internal.dpop;

import io.lcjwt.DpopException;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The in-memory replay store: every entry kept for its window, bounded memory, fail closed when full. */
class ReplayTableTest {
    static final Instant T0 = Instant.ofEpochSecond(1_700_000_000L);

    static String id(int i) {
        return Sha256.b64(Sha256.digest(("proof " + i).getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
    }

    @Test
    void anIdIsNewOnceAndAReplayUntilItExpires() {
        ReplayTable t = new ReplayTable(1000);
        Instant exp = T0.plusSeconds(60);
        assertTrue(t.firstUse(id(1), T0, exp));
        assertFalse(t.firstUse(id(1), T0.plusSeconds(59), exp));
        assertTrue(t.firstUse(id(1), exp, exp.plusSeconds(60)), "after its expiry the slot is free again");
        assertTrue(t.firstUse("any other text", T0, exp), "ids of another form are hashed first");
        assertFalse(t.firstUse("any other text", T0, exp));
    }

    @Test
    void everyLiveEntryIsRememberedUpToTheBoundAndTheNextIsRefused() {
        int n = 10_000;
        ReplayTable t = new ReplayTable(n);
        Instant exp = T0.plusSeconds(60);
        int accepted = 0;
        DpopException full = null;
        for (int i = 0; i < 2 * n && full == null; i++) {
            try {
                assertTrue(t.firstUse(id(i), T0, exp));
                accepted++;
            } catch (DpopException e) {
                full = e;
            }
        }
        assertTrue(full != null && full.getMessage().contains("full"), "a full store refuses (fails closed)");
        assertTrue(accepted >= n, "it holds at least maxEntries before refusing, held " + accepted);
        assertTrue(accepted <= t.slotCount());
        for (int i = 0; i < accepted; i++) {
            assertFalse(t.firstUse(id(i), T0.plusSeconds(59), exp), "entry " + i + " is still remembered");
        }
        assertEquals(accepted, t.liveEntries(T0));
    }

    @Test
    void aFloodOfUniqueIdsKeepsTheMemoryFlat() {
        // 2,000,000 unique ids into a store of 20,000 whose window lets about 10,000 live at once:
        // none is refused, the table is the same array throughout, and it never holds more than its slots.
        int n = 20_000;
        ReplayTable t = new ReplayTable(n);
        Object before = slotsOf(t);
        long heapBefore = usedHeapAfterGc();
        long windowMs = 60_000;
        long stepMs = windowMs / 10_000; // 10,000 proofs per window
        Instant now = T0;
        for (int i = 0; i < 2_000_000; i++) {
            now = now.plusMillis(stepMs);
            assertTrue(t.firstUse(id(i), now, now.plusMillis(windowMs)));
            if (i % 200_000 == 0) {
                assertTrue(t.liveEntries(now) <= 10_001, "live entries stay at the flood's window: " + t.liveEntries(now));
            }
        }
        assertSame(before, slotsOf(t), "the table is never reallocated");
        assertEquals(((long[]) before).length / 3, t.slotCount());
        long grown = usedHeapAfterGc() - heapBefore;
        assertTrue(grown < 8L << 20, "the heap did not grow with the flood (" + grown + " bytes)");
    }

    @Test
    void theSameIdFromManyThreadsAtOnceIsAcceptedOnce() throws Exception {
        ReplayTable t = new ReplayTable(1000);
        AtomicInteger firsts = new AtomicInteger();
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            for (int round = 0; round < 200; round++) {
                String id = id(round);
                List<Future<?>> fs = new ArrayList<>();
                for (int k = 0; k < 8; k++) {
                    fs.add(pool.submit(() -> {
                        if (t.firstUse(id, T0, T0.plusSeconds(60))) {
                            firsts.incrementAndGet();
                        }
                    }));
                }
                for (Future<?> f : fs) {
                    f.get();
                }
            }
        }
        assertEquals(200, firsts.get());
    }

    @Test
    void manyThreadsWithDistinctIdsNeitherDeadlockNorLoseOne() throws Exception {
        // Each call locks two buckets' stripes; calls whose stripes cross must not wait for each
        // other. The workers are daemons, and a deadlock fails the test after 60 s rather than
        // hanging the build.
        ReplayTable t = new ReplayTable(400_000);
        int threads = 8;
        int per = 25_000;
        AtomicInteger firsts = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread th = new Thread(r, "replay-table-test");
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int k = 0; k < threads; k++) {
                int base = k * per;
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < per; i++) {
                        if (t.firstUse(id(base + i), T0, T0.plusSeconds(60))) {
                            firsts.incrementAndGet();
                        }
                    }
                }));
            }
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            for (Future<?> f : fs) {
                try {
                    f.get(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    throw new AssertionError("the workers did not finish in 60 s: a deadlock between stripes", e);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(threads * per, firsts.get());
        assertEquals(threads * per, t.liveEntries(T0));
    }

    @Test
    void theSizeIsBounded() {
        assertThrows(IllegalArgumentException.class, () -> new ReplayTable(15));
        assertThrows(IllegalArgumentException.class, () -> new ReplayTable(ReplayTable.MAX_ENTRIES + 1));
    }

    private static Object slotsOf(ReplayTable t) {
        try {
            var f = ReplayTable.class.getDeclaredField("slots");
            f.setAccessible(true);
            return f.get(t);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
