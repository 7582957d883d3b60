package io.lcjwt.internal.jwe;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one-block arena the JWE primitives allocate from must keep an arena's promises: zeroed,
 * aligned, non-overlapping segments, including past the block (where it falls back to ordinary
 * allocations), all freed together on close.
 */
class NativeScratchTest {

    @Test
    void slicesAreZeroedAlignedDisjointAndFreedOnClose() {
        List<MemorySegment> got = new ArrayList<>();
        Arena arena = Native.scratch(300);
        try (arena) {
            long[] sizes = {1, 8, 3, 16, 12, 40, 7, 256, 1000, 5, 64};
            long[] aligns = {1, 8, 1, 16, 4, 8, 1, 16, 8, 2, 32};
            for (int i = 0; i < sizes.length; i++) {
                MemorySegment m = arena.allocate(sizes[i], aligns[i]);
                assertEquals(sizes[i], m.byteSize());
                assertEquals(0, m.address() % aligns[i], "alignment " + aligns[i]);
                for (long j = 0; j < m.byteSize(); j++) {
                    assertEquals(0, m.get(ValueLayout.JAVA_BYTE, j), "zeroed");
                }
                m.fill((byte) (i + 1));
                got.add(m);
            }
            for (int i = 0; i < got.size(); i++) {
                MemorySegment m = got.get(i);
                for (long j = 0; j < m.byteSize(); j++) {
                    assertEquals((byte) (i + 1), m.get(ValueLayout.JAVA_BYTE, j), "segment " + i + " was overwritten");
                }
            }
            assertTrue(arena.scope().isAlive());
        }
        assertFalse(arena.scope().isAlive());
        assertThrows(IllegalStateException.class, () -> got.get(0).get(ValueLayout.JAVA_BYTE, 0));
        try (Arena other = Native.scratch(10)) {
            assertThrows(IllegalArgumentException.class, () -> other.allocate(4, 3));
        }
    }

    @Test
    void aPooledBlockComesBackZeroedAfterHoldingSecrets() {
        for (int round = 0; round < 3 * 8; round++) {
            try (Arena arena = Native.scratch(1000)) {
                MemorySegment m = arena.allocate(1000, 16);
                for (long j = 0; j < m.byteSize(); j++) {
                    assertEquals(0, m.get(ValueLayout.JAVA_BYTE, j), "round " + round + ", byte " + j);
                }
                m.fill((byte) 0x5A); // what a key or a plaintext would leave
            }
        }
    }

    @Test
    void anOperationLargerThanAPooledBlockGetsItsOwn() {
        MemorySegment big;
        try (Arena arena = Native.scratch(Native.POOLED_BYTES + 1)) {
            big = arena.allocate(Native.POOLED_BYTES + 1, 16);
            assertEquals(Native.POOLED_BYTES + 1, big.byteSize());
            big.fill((byte) 1);
        }
        assertThrows(IllegalStateException.class, () -> big.get(ValueLayout.JAVA_BYTE, 0));
    }
}
