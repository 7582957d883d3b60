package io.lcjwt.bench.alloc;

/**
 * The tally that {@link AllocAgent}'s instrumented code calls before every allocation
 * instruction. It counts only on the thread that asked, and only while it asks, so the JIT's
 * compiler threads, the GC and the transformer itself add nothing. Loaded by the boot class
 * loader (the agent jar is on {@code Boot-Class-Path}), so the JDK's own classes and the
 * application's call the same one.
 */
public final class AllocCounter {
    private AllocCounter() {}

    private static Thread counted;
    private static long count;

    /** Called by instrumented code before {@code new}, {@code newarray}, {@code anewarray} and {@code multianewarray}. */
    public static void allocation() {
        if (Thread.currentThread() == counted) {
            count++;
        }
    }

    /** Starts counting on the calling thread, from zero. */
    public static void start() {
        count = 0;
        counted = Thread.currentThread();
    }

    /** Stops counting; {@return the allocations counted since {@link #start()}} */
    public static long stop() {
        counted = null;
        return count;
    }

    /** Pauses counting for the calling thread (the transformer's own work); {@return whether it was counting} */
    static boolean pause() {
        if (Thread.currentThread() == counted) {
            counted = null;
            return true;
        }
        return false;
    }

    /** Resumes counting on the calling thread after {@link #pause()} returned true. */
    static void resume() {
        counted = Thread.currentThread();
    }
}
