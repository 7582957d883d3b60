package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ML-DSA through aws-lc's {@code EVP_PKEY_pqdsa_*} calls (FIPS 204 sizes, table 2): a key from a
 * seed, its seed and halves read back, a signature made and checked with no digest. On a library
 * without the capability (OpenSSL 3.0), the same test asserts the refusal.
 */
class MlDsaBindingsTest {

    /** Parameter set, public key, expanded private key and signature sizes (FIPS 204 table 2). */
    private static final int[][] SETS = {{44, 1312, 2560, 2420}, {65, 1952, 4032, 3309}, {87, 2592, 4896, 4627}};

    @Test
    void constantsAreAwsLcs() {
        // The generated constants come from aws-lc's headers whatever library is loaded.
        assertEquals(994, libcrypto_h.NID_MLDSA44());
        assertEquals(995, libcrypto_h.NID_MLDSA65());
        assertEquals(996, libcrypto_h.NID_MLDSA87());
        assertEquals(libcrypto_h.EVP_PKEY_PQDSA(), Evp.EVP_PKEY_PQDSA);
    }

    @Test
    void capabilityFollowsTheLoadedLibrary() {
        Backend b = Backend.get();
        boolean has = b.has(Backend.Capability.ML_DSA);
        assertEquals(b.isAwsLc() && b.exports("EVP_PKEY_pqdsa_new_raw_private_key"), has);
        if (has) {
            assertEquals(994, b.mlDsaNid(44));
            assertEquals(995, b.mlDsaNid(65));
            assertEquals(996, b.mlDsaNid(87));
            assertThrows(IllegalArgumentException.class, () -> b.mlDsaNid(66));
        } else {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> b.mlDsaNid(65));
            assertTrue(e.getMessage().startsWith("ML-DSA needs aws-lc 1.40 or newer; the loaded libcrypto is "
                    + b.version() + " (" + b.path() + ")."), e.getMessage());
            assertFalse(b.exports("EVP_PKEY_pqdsa_new_raw_private_key"));
        }
    }

    @Test
    void seedKeySignsAndVerifiesWithNoDigest() {
        Backend b = Backend.get();
        if (!b.has(Backend.Capability.ML_DSA)) {
            assertThrows(UnsupportedOperationException.class, () -> b.mlDsaNid(44));
            return;
        }
        byte[] message = "eyJhbGciOiJNTC1EU0EtNDQifQ.e30".getBytes(StandardCharsets.US_ASCII);
        for (int[] set : SETS) {
            try (Arena arena = Arena.ofConfined()) {
                int nid = b.mlDsaNid(set[0]);
                MemorySegment seed = arena.allocate(32);
                for (int i = 0; i < 32; i++) {
                    seed.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 7 + set[0]));
                }
                MemorySegment priv = Evp.mlDsaPrivateKey(nid, seed);
                assertNotEquals(MemorySegment.NULL, priv, "ML-DSA-" + set[0] + " from its seed");
                try {
                    MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
                    MemorySegment back = arena.allocate(64);
                    len.set(ValueLayout.JAVA_LONG, 0, 64);
                    assertEquals(1, Evp.mlDsaSeed(priv, back, len));
                    assertEquals(32, len.get(ValueLayout.JAVA_LONG, 0));
                    assertArrayEquals(seed.toArray(ValueLayout.JAVA_BYTE), back.asSlice(0, 32).toArray(ValueLayout.JAVA_BYTE));

                    MemorySegment pub = arena.allocate(set[1]);
                    len.set(ValueLayout.JAVA_LONG, 0, set[1]);
                    assertEquals(1, Evp.rawKey(priv, pub, len, true));
                    assertEquals(set[1], len.get(ValueLayout.JAVA_LONG, 0));
                    MemorySegment expanded = arena.allocate(set[2]);
                    len.set(ValueLayout.JAVA_LONG, 0, set[2]);
                    assertEquals(1, Evp.rawKey(priv, expanded, len, false));
                    assertEquals(set[2], len.get(ValueLayout.JAVA_LONG, 0));

                    MemorySegment data = arena.allocateFrom(ValueLayout.JAVA_BYTE, message);
                    MemorySegment sig = arena.allocate(set[3]);
                    len.set(ValueLayout.JAVA_LONG, 0, set[3]);
                    MemorySegment ctx = Evp.mdCtxNew();
                    try {
                        assertEquals(1, Evp.digestSignInit(ctx, MemorySegment.NULL, MemorySegment.NULL, priv));
                        assertEquals(1, Evp.digestSign(ctx, sig, len, data, message.length));
                        assertEquals(set[3], len.get(ValueLayout.JAVA_LONG, 0));
                    } finally {
                        Evp.mdCtxFree(ctx);
                    }
                    MemorySegment verifyKey = Evp.mlDsaPublicKey(nid, pub, set[1]);
                    assertNotEquals(MemorySegment.NULL, verifyKey);
                    MemorySegment vctx = Evp.mdCtxNew();
                    try {
                        assertEquals(1, Evp.digestVerifyInit(vctx, MemorySegment.NULL, MemorySegment.NULL, verifyKey));
                        assertEquals(1, Evp.digestVerify(vctx, sig, set[3], data, message.length));
                        // The initialized context verifies again: lcjwt keeps one per pooled Work.
                        assertEquals(1, Evp.digestVerify(vctx, sig, set[3], data, message.length));
                        sig.set(ValueLayout.JAVA_BYTE, 100, (byte) (sig.get(ValueLayout.JAVA_BYTE, 100) ^ 1));
                        assertEquals(0, Evp.digestVerify(vctx, sig, set[3], data, message.length));
                    } finally {
                        Evp.mdCtxFree(vctx);
                        Evp.pkeyFree(verifyKey);
                        b.clearErrors();
                    }
                    assertEquals(MemorySegment.NULL, Evp.mlDsaPublicKey(nid, pub, set[1] - 1), "a short public key");
                    b.clearErrors();
                } finally {
                    Evp.pkeyFree(priv);
                }
                MemorySegment generated = Evp.mlDsaGenerate(nid);
                assertNotEquals(MemorySegment.NULL, generated);
                MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
                len.set(ValueLayout.JAVA_LONG, 0, 32);
                assertEquals(1, Evp.mlDsaSeed(generated, arena.allocate(32), len), "a generated key keeps its seed");
                Evp.pkeyFree(generated);
            }
        }
    }
}
