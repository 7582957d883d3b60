package io.lcjwt.bindings;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link Backend#malloc} gives zeroed, writable memory of the size asked for, aligned for a long, and {@link Backend#free} takes it back. */
class MallocTest {

    @Test
    void memoryIsZeroedSizedAlignedAndWritable() {
        for (long n : new long[] {1, 8, 2048, 1 << 20}) {
            for (int round = 0; round < 3; round++) {
                MemorySegment m = Backend.malloc(n);
                try {
                    assertEquals(n, m.byteSize());
                    assertEquals(0, m.address() % 8, "aligned for a long");
                    assertEquals(-1L, m.mismatch(MemorySegment.ofArray(new byte[(int) n])), n + " bytes, zeroed");
                    m.fill((byte) 0x5a); // dirty it, so a later round would see it if malloc's zeroing were skipped
                    assertEquals((byte) 0x5a, m.get(ValueLayout.JAVA_BYTE, n - 1));
                } finally {
                    Backend.free(m);
                }
            }
        }
    }

    @Test
    void zeroBytesIsAnEmptySegmentThatCanBeFreed() {
        MemorySegment m = Backend.malloc(0);
        assertEquals(0, m.byteSize());
        assertThrows(IndexOutOfBoundsException.class, () -> m.get(ValueLayout.JAVA_BYTE, 0));
        Backend.free(m);
    }
}
