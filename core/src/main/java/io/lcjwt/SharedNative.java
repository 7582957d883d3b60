package io.lcjwt;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The native state of one key and of the keys made from it by {@code withKeyId}, which differ
 * only in their {@code kid} and so share it rather than parse the key again. Closing any of them
 * frees it now (they are one key to libcrypto); otherwise the last of them to become unreachable
 * frees it, through the Cleaner action each one registers ({@link #hold()}).
 */
final class SharedNative {

    private final Runnable free;
    private final AtomicInteger holders = new AtomicInteger();

    /** @param free idempotent: runs on close and, again, when the last holder is cleaned */
    SharedNative(Runnable free) {
        this.free = free;
    }

    /** A Cleaner action for one more key object: releases its hold once. */
    Runnable hold() {
        holders.incrementAndGet();
        AtomicBoolean released = new AtomicBoolean();
        return () -> {
            if (released.compareAndSet(false, true) && holders.decrementAndGet() == 0) {
                free.run();
            }
        };
    }

    /** Frees the state for every key object that shares it. */
    void freeNow() {
        free.run();
    }
}
