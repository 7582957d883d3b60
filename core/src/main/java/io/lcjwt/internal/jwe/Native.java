package io.lcjwt.internal.jwe;

import io.lcjwt.bindings.Backend;

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
