package io.lcjwt.internal.crypto;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;

/**
 * A small lock-free pool: a fixed array of slots that threads empty and refill with CAS. A thread
 * starts probing at a slot picked from its id, so uncontended threads keep hitting "their" slot.
 * When every slot is empty the caller makes a fresh object; when every slot is full on return the
 * caller discards it. The pool therefore never blocks and never holds more than its size, however
 * many (virtual) threads use it.
 */
public final class SlotPool<T> {

    private final AtomicReferenceArray<T> slots;
    private final int mask;

    /**
     * The machine's size, read once: in a container {@code availableProcessors} reads the cgroup
     * limits at each call, which cost a key import (each native key gets a pool) several percent.
     */
    private static final int MACHINE_SIZE = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

    /** A pool sized for this machine: at least 4 slots, and 2 per processor available at start-up. */
    public SlotPool() {
        this(MACHINE_SIZE);
    }

    /** @param minSize rounded up to a power of two */
    public SlotPool(int minSize) {
        int size = Integer.highestOneBit(Math.max(1, minSize - 1)) << 1;
        this.slots = new AtomicReferenceArray<>(size);
        this.mask = size - 1;
    }

    private int start() {
        long id = Thread.currentThread().threadId();
        return (int) (id ^ (id >>> 16)) & mask;
    }

    /** Takes an object out of the pool, or returns null when none is free. */
    public T poll() {
        int s = start();
        for (int i = 0; i <= mask; i++) {
            int idx = (s + i) & mask;
            T t = slots.getPlain(idx);
            if (t != null && slots.compareAndExchangeAcquire(idx, t, null) == t) {
                return t;
            }
        }
        return null;
    }

    /** Puts an object back; returns false (and keeps nothing) when every slot is taken. */
    public boolean offer(T t) {
        int s = start();
        for (int i = 0; i <= mask; i++) {
            int idx = (s + i) & mask;
            if (slots.getPlain(idx) == null && slots.compareAndExchangeRelease(idx, null, t) == null) {
                return true;
            }
        }
        return false;
    }

    /** Empties the pool, handing each object to {@code sink}. */
    public void drain(Consumer<T> sink) {
        for (int i = 0; i <= mask; i++) {
            T t = slots.getAndSet(i, null);
            if (t != null) {
                sink.accept(t);
            }
        }
    }

    /** The number of slots. */
    public int capacity() {
        return mask + 1;
    }
}
