package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.lcjwt.bindings.NativeTestSupport.bytes;
import static io.lcjwt.bindings.NativeTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * RFC 7748 §6.1 X25519 (JWE's ECDH-ES with OKP keys): the shared secret through the portable
 * EVP_PKEY_derive with Backend's EVP_PKEY_X25519 (948 in aws-lc, 1034 in OpenSSL), both ways, and
 * on aws-lc also through its direct X25519 calls.
 */
class Rfc7748X25519Test {

    private static final byte[] ALICE_PRIVATE = hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    private static final byte[] ALICE_PUBLIC = hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    private static final byte[] BOB_PRIVATE = hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
    private static final byte[] BOB_PUBLIC = hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    private static final byte[] SHARED = hex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");

    @Test
    void evpPkeyDeriveBothWays() {
        assertArrayEquals(SHARED, derive(ALICE_PRIVATE, BOB_PUBLIC), "Alice's side");
        assertArrayEquals(SHARED, derive(BOB_PRIVATE, ALICE_PUBLIC), "Bob's side");
    }

    @Test
    void awsLcDirectCalls() {
        Backend b = Backend.get();
        if (!b.isAwsLc()) {
            assertFalse(b.exports("X25519"), "OpenSSL has no direct X25519 call");
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pub = arena.allocate(32);
            libcrypto_h.X25519_public_from_private(pub, bytes(arena, ALICE_PRIVATE));
            assertArrayEquals(ALICE_PUBLIC, pub.toArray(ValueLayout.JAVA_BYTE));
            MemorySegment shared = arena.allocate(32);
            assertEquals(1, libcrypto_h.X25519(shared, bytes(arena, BOB_PRIVATE), bytes(arena, ALICE_PUBLIC)));
            assertArrayEquals(SHARED, shared.toArray(ValueLayout.JAVA_BYTE));
            // The all-zero output of a small-order peer point is refused (RFC 7748 §6.1).
            assertEquals(0, libcrypto_h.X25519(shared, bytes(arena, BOB_PRIVATE), arena.allocate(32)));
        }
    }

    private static byte[] derive(byte[] privateKey, byte[] peerPublic) {
        int type = Backend.get().evpPkeyX25519();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment priv = libcrypto_h.EVP_PKEY_new_raw_private_key(type, MemorySegment.NULL,
                    bytes(arena, privateKey), privateKey.length);
            MemorySegment peer = libcrypto_h.EVP_PKEY_new_raw_public_key(type, MemorySegment.NULL,
                    bytes(arena, peerPublic), peerPublic.length);
            assertNotEquals(MemorySegment.NULL, priv);
            assertNotEquals(MemorySegment.NULL, peer);
            MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new(priv, MemorySegment.NULL);
            try {
                assertEquals(1, libcrypto_h.EVP_PKEY_derive_init(ctx));
                assertEquals(1, libcrypto_h.EVP_PKEY_derive_set_peer(ctx, peer));
                MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
                assertEquals(1, libcrypto_h.EVP_PKEY_derive(ctx, MemorySegment.NULL, len));
                MemorySegment out = arena.allocate(len.get(ValueLayout.JAVA_LONG, 0));
                assertEquals(1, libcrypto_h.EVP_PKEY_derive(ctx, out, len));
                return out.asSlice(0, len.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
            } finally {
                libcrypto_h.EVP_PKEY_CTX_free(ctx);
                libcrypto_h.EVP_PKEY_free(peer);
                libcrypto_h.EVP_PKEY_free(priv);
            }
        }
    }
}
