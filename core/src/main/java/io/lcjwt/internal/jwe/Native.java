package io.lcjwt.internal.jwe;

import io.lcjwt.bindings.Backend;
import io.lcjwt.internal.crypto.SlotPool;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Small helpers shared by the JWE primitives: copies in and out of native memory, randomness. */
final class Native {
    private Native() {}

    /** A native copy of {@code b[off, off + len)} (at least one byte long, so never NULL). */
    static MemorySegment copy(Arena arena, byte[] b, int off, int len) {
        MemorySegment m = arena.allocate(Math.max(1, len));
        MemorySegment.copy(b, off, m, ValueLayout.JAVA_BYTE, 0, len);
        return m;
    }

    static MemorySegment copy(Arena arena, byte[] b) {
        return copy(arena, b, 0, b.length);
    }

    static byte[] bytes(MemorySegment m, long len) {
        return m.asSlice(0, len).toArray(ValueLayout.JAVA_BYTE);
    }

    /** Zeroes a native copy of key material before its arena frees it. */
    static void wipe(MemorySegment m) {
        m.fill((byte) 0);
    }

    /**
     * A confined arena for one operation that hands out slices of one native block of at least
     * {@code hint} bytes, zeroed as an arena's allocations are, and falls back to ordinary
     * allocations once the block is used up: an AES-GCM open made seven small allocations (seven
     * mallocs, memsets and frees) where it needs one. Blocks of up to {@value #POOLED_BYTES}
     * bytes come from a small pool, so a typical JWE costs no malloc, memset or free at all:
     * {@link Arena#close()} zeroes the part of the block that was handed out (key material,
     * plaintext and all) before the block goes back, and the slices, seen through this arena's
     * scope, can no longer be touched. Key material is still wiped by the code that copied it in.
     */
    static Arena scratch(long hint) {
        return new Scratch(hint);
    }

    /** The size of a pooled scratch block; an operation that needs more gets its own. */
    static final long POOLED_BYTES = 4096;

    /** Zeroed blocks, each ready for one operation; at most a few, never more. */
    private static final SlotPool<MemorySegment> BLOCKS = new SlotPool<>();

    private static final class Scratch implements Arena {
        private static final long ALIGN = 16;
        private final Arena arena = Arena.ofConfined();
        /** The pooled block (in the pool's global scope), or null when this arena has its own. */
        private final MemorySegment pooled;
        /** The block, seen through this arena's scope. */
        private final MemorySegment block;
        private long used;

        Scratch(long hint) {
            long size = Math.max(256, (hint + ALIGN - 1) & -ALIGN);
            MemorySegment p = null;
            if (size <= POOLED_BYTES) {
                p = BLOCKS.poll();
                if (p == null) {
                    p = Arena.ofAuto().allocate(POOLED_BYTES, ALIGN);
                }
            }
            pooled = p;
            block = p != null ? Backend.scopedTo(p, arena) : arena.allocate(size, ALIGN);
        }

        @Override
        public MemorySegment allocate(long byteSize, long byteAlignment) {
            if (byteSize < 0 || byteAlignment <= 0 || (byteAlignment & (byteAlignment - 1)) != 0) {
                return arena.allocate(byteSize, byteAlignment); // which throws as Arena specifies
            }
            long start = (used + byteAlignment - 1) & -byteAlignment;
            if (byteAlignment <= ALIGN && start + byteSize <= block.byteSize()) {
                used = start + byteSize;
                return block.asSlice(start, byteSize, byteAlignment);
            }
            return arena.allocate(byteSize, byteAlignment);
        }

        @Override
        public MemorySegment.Scope scope() {
            return arena.scope();
        }

        @Override
        public void close() {
            arena.close();
            if (pooled != null) {
                pooled.asSlice(0, used).fill((byte) 0);
                BLOCKS.offer(pooled);
            }
        }
    }

    /** {@code n} bytes from libcrypto's generator. */
    static byte[] random(int n) {
        Backend b = Backend.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(Math.max(1, n));
            if (b.randBytes(m, n) != 1) {
                throw new IllegalStateException("libcrypto's RAND_bytes failed: " + b.drainErrors());
            }
            return bytes(m, n);
        }
    }
}
