package io.lcjwt.internal.jwe;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
import io.lcjwt.internal.crypto.EvpKey;
import io.lcjwt.internal.keys.Curve;
import io.lcjwt.internal.keys.KeyInfo;
import io.lcjwt.internal.keys.Spki;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The ECDH-ES key agreement (RFC 7518 section 4.6, RFC 8037 section 3.2): Z through the
 * portable {@code EVP_PKEY_derive} on both libraries, for P-256/384/521 and X25519. The peer key
 * reaches this class already imported, so off-curve and wrong-curve points were refused at import,
 * and OpenSSL 3's second check of the peer in {@code EVP_PKEY_derive_set_peer} (a scalar
 * multiplication by the order, which on these cofactor-1 curves proves nothing the import did not)
 * is skipped: {@link Backend#deriveSetCheckedPeer}. An X25519 peer has nothing to check; its
 * all-zero results are refused here.
 */
final class EcdhEs {
    private EcdhEs() {}

    /** A fresh ephemeral key pair: the native key, and its public half for {@code epk}. */
    record Ephemeral(EvpKey key, KeyInfo pub) {}

    static Ephemeral ec(Curve curve) {
        return generate(libcrypto_h.EVP_PKEY_EC(), curve.nid, curve.jwkName);
    }

    static Ephemeral x25519() {
        return generate(Backend.get().evpPkeyX25519(), 0, "X25519");
    }

    /**
     * A key pair straight from {@code EVP_PKEY_keygen}, used once and freed: not exported, imported
     * again and checked as a {@code JwtPrivateKey} is (a generated key is valid by construction, and
     * the pair check alone is a scalar multiplication, about as long as the agreement itself).
     *
     * @param nid the curve for an EC key, else 0
     */
    private static Ephemeral generate(int type, int nid, String what) {
        Backend b = Backend.get();
        b.clearErrors();
        MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new_id(type, MemorySegment.NULL);
        if (ctx.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("libcrypto could not make a " + what + " key context: " + b.drainErrors());
        }
        MemorySegment pkey;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            if (libcrypto_h.EVP_PKEY_keygen_init(ctx) != 1
                    || (nid != 0 && libcrypto_h.EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ctx, nid) != 1)
                    || libcrypto_h.EVP_PKEY_keygen(ctx, out) != 1) {
                throw new IllegalStateException("libcrypto could not generate an ephemeral " + what + " key: "
                        + b.drainErrors());
            }
            pkey = out.get(ValueLayout.ADDRESS, 0);
        } finally {
            libcrypto_h.EVP_PKEY_CTX_free(ctx);
        }
        EvpKey key = new EvpKey(pkey);
        try {
            return new Ephemeral(key, Spki.parse(key.spki()));
        } catch (RuntimeException e) {
            key.close();
            throw e;
        }
    }

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
                    if (libcrypto_h.EVP_PKEY_derive_init(ctx) != 1 || b.deriveSetCheckedPeer(ctx, pub) != 1
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
