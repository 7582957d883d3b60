package io.lcjwt;

import io.lcjwt.internal.crypto.NativeOwner;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The native state of one key and of the keys made from it by {@code withKeyId}, which differ
 * only in their {@code kid} and so share it rather than parse the key again. Closing any of them
 * frees it now (they are one key to libcrypto); otherwise the last of them to become unreachable
 * frees it, through the Cleaner action each one registers ({@link #hold()}).
 */
final class SharedNative {

    private final NativeOwner free;
    private final AtomicInteger holders = new AtomicInteger();

    /** @param free idempotent: runs on close and, again, when the last holder is cleaned */
    SharedNative(NativeOwner free) {
        this.free = free;
    }

    /** A Cleaner action for one more key object: releases its hold once. */
    Runnable hold() {
        holders.incrementAndGet();
        return new Hold(this);
    }

    /** A class, not a lambda, which would spin a class at the first key (a start-up rule, docs/architecture.md). */
    private static final class Hold implements Runnable {
        private final SharedNative shared;
        private final AtomicBoolean released = new AtomicBoolean();

        Hold(SharedNative shared) {
            this.shared = shared;
        }

        @Override
        public void run() {
            if (released.compareAndSet(false, true) && shared.holders.decrementAndGet() == 0) {
                shared.free.close();
            }
        }
    }

    /** Frees the state for every key object that shares it. */
    void freeNow() {
        free.close();
    }
}
