package io.lcjwt.internal.jwe;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
import io.lcjwt.internal.crypto.EvpKey;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The ECDH-ES key agreement (RFC 7518 section 4.6, RFC 8037 section 3.2): Z through the
 * portable {@code EVP_PKEY_derive} on both libraries, for P-256/384/521 and X25519. The peer key
 * reaches this class already imported, so off-curve and wrong-curve points were refused at import.
 */
final class EcdhEs {
    private EcdhEs() {}

    /**
     * {@return the shared secret Z, or null when libcrypto refuses the pair or the result is all
     * zeros (an X25519 peer key of small order, RFC 7748 section 6.1)}
     */
    static byte[] agree(EvpKey mine, EvpKey peer) {
        Backend b = Backend.get();
        MemorySegment priv = mine.acquire();
        try {
            MemorySegment pub = peer.acquire();
            try {
                b.clearErrors();
                MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new(priv, MemorySegment.NULL);
                if (ctx.equals(MemorySegment.NULL)) {
                    throw new IllegalStateException("libcrypto could not make an EVP_PKEY_CTX: " + b.drainErrors());
                }
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
                    if (libcrypto_h.EVP_PKEY_derive_init(ctx) != 1 || libcrypto_h.EVP_PKEY_derive_set_peer(ctx, pub) != 1
                            || libcrypto_h.EVP_PKEY_derive(ctx, MemorySegment.NULL, len) != 1) {
                        return null;
                    }
                    long n = len.get(ValueLayout.JAVA_LONG, 0);
                    if (n <= 0 || n > 132) {
                        return null;
                    }
                    MemorySegment out = arena.allocate(n);
                    try {
                        if (libcrypto_h.EVP_PKEY_derive(ctx, out, len) != 1) {
                            return null;
                        }
                        byte[] z = Native.bytes(out, len.get(ValueLayout.JAVA_LONG, 0));
                        int acc = 0;
                        for (byte v : z) {
                            acc |= v;
                        }
                        return acc == 0 ? null : z;
                    } finally {
                        Native.wipe(out);
                    }
                } finally {
                    libcrypto_h.EVP_PKEY_CTX_free(ctx);
                    b.clearErrors();
                }
            } finally {
                peer.release();
            }
        } finally {
            mine.release();
        }
    }
}
