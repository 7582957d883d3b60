package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BackendTest {

    /**
     * CI and the Dockerfile set LCJWT_EXPECT_BACKEND (aws-lc or OpenSSL 3) so that a run meant for
     * one library fails if the loader quietly picked the other.
     */
    @Test
    void loadsTheExpectedLibrary() {
        Backend b = Backend.get();
        String expected = System.getenv("LCJWT_EXPECT_BACKEND");
        if (expected != null && !expected.isBlank()) {
            assertEquals(expected.trim(), b.kind().displayName(), "loaded " + b);
        }
        assertTrue(b.path().isAbsolute());
        assertFalse(b.version().isBlank());
        if (b.kind() == Backend.Kind.AWS_LC) {
            assertTrue(b.awsLcApiVersion() > 0);
            assertTrue(b.exports("awslc_api_version_num"));
        } else {
            assertEquals(3, b.versionNumber() >>> 28, "OpenSSL 3.x: " + Long.toHexString(b.versionNumber()));
            assertTrue(b.version().startsWith("OpenSSL 3"), b.version());
        }
    }

    @Test
    void ed25519ConstantIsTheLoadedLibrarys() {
        Backend b = Backend.get();
        // The generated constant comes from aws-lc's nid.h; OpenSSL numbers the same algorithm 1087.
        assertEquals(949, libcrypto_h.EVP_PKEY_ED25519());
        assertEquals(b.isAwsLc() ? 949 : 1087, b.evpPkeyEd25519());
        MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new_id(b.evpPkeyEd25519(), MemorySegment.NULL);
        assertFalse(ctx.equals(MemorySegment.NULL), "the library accepts its own Ed25519 id");
        libcrypto_h.EVP_PKEY_CTX_free(ctx);
    }

    @Test
    void errorQueueIsDrainedIntoText() {
        Backend b = Backend.get();
        b.clearErrors();
        assertEquals("", b.drainErrors());
        // Parsing garbage as a public key fails and leaves at least one error behind.
        MemorySegment pkey = NativeTestSupport.parseSpki(new byte[] {0x30, 0x03, 0x02, 0x01, 0x00});
        assertEquals(MemorySegment.NULL, pkey);
        String text = b.drainErrors();
        assertFalse(text.isEmpty(), "libcrypto reported why the parse failed");
        assertEquals("", b.drainErrors(), "draining empties the queue");
    }
}
