package io.lcjwt.internal.crypto;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Critical;
import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The native side of one HMAC secret. For each hash it keeps a pool of {@code HMAC_CTX}s that have
 * absorbed the key once (ipad/opad state computed); a MAC then costs a restart of a pooled
 * context ({@code HMAC_Init_ex} with a NULL key), one update over the signing input in place, and
 * a final. Contexts in use when the key is closed are freed as they come back, so closing never
 * frees memory a running decode holds.
 */
public final class HmacKey {

    private final byte[] secret;
    private final AtomicReferenceArray<SlotPool<MemorySegment>> pools = new AtomicReferenceArray<>(3);
    private volatile boolean closed;

    /** @param secret copied; the caller keeps its array */
    public HmacKey(byte[] secret) {
        Backend.get(); // loads libcrypto before any generated binding is touched, or explains why not
        Critical.link();
        this.secret = secret.clone();
    }

    /** Runs as the Cleaner's action too: frees every pooled context; later use fails cleanly. */
    public void close() {
        closed = true;
        for (int i = 0; i < 3; i++) {
            SlotPool<MemorySegment> pool = pools.get(i);
            if (pool != null) {
                pool.drain(HmacKey::free);
            }
        }
        Arrays.fill(secret, (byte) 0);
    }

    public boolean isClosed() {
        return closed;
    }

    /** A copy of the secret, for deriving a key with another id. */
    public byte[] secretCopy() {
        return secret.clone();
    }

    public int length() {
        return secret.length;
    }

    private static int index(int macBytes) {
        return macBytes == 32 ? 0 : macBytes == 48 ? 1 : 2;
    }

    private static MemorySegment md(int macBytes) {
        Backend b = Backend.get();
        return macBytes == 32 ? b.sha256() : macBytes == 48 ? b.sha384() : b.sha512();
    }

    private SlotPool<MemorySegment> pool(int idx) {
        SlotPool<MemorySegment> p = pools.getPlain(idx);
        if (p == null) {
            pools.compareAndSet(idx, null, new SlotPool<>());
            p = pools.get(idx);
        }
        return p;
    }

    private MemorySegment acquire(int macBytes) {
        if (closed) {
            throw new IllegalStateException("this JwtSecretKey has been closed; build the verifier or"
                    + " signer with an open key");
        }
        MemorySegment ctx = pool(index(macBytes)).poll();
        return ctx != null ? ctx : newContext(macBytes);
    }

    private MemorySegment newContext(int macBytes) {
        MemorySegment ctx = libcrypto_h.HMAC_CTX_new();
        if (ctx.equals(MemorySegment.NULL)) {
            throw new OutOfMemoryError("libcrypto could not allocate an HMAC context");
        }
        NativeCounters.HMAC_CONTEXTS.incrementAndGet();
        // The key is absorbed here, once per context; restarts reuse the precomputed pads.
        if (Critical.hmacInit(ctx, MemorySegment.ofArray(secret), secret.length, md(macBytes)) != 1) {
            free(ctx);
            throw new IllegalStateException("libcrypto refused the HMAC key: " + Backend.get().drainErrors());
        }
        return ctx;
    }

    private void release(int macBytes, MemorySegment ctx) {
        SlotPool<MemorySegment> pool = pool(index(macBytes));
        if (closed || !pool.offer(ctx)) {
            free(ctx);
        } else if (closed) {
            // close() may have drained the pool between our check and the offer.
            pool.drain(HmacKey::free);
        }
    }

    private static void free(MemorySegment ctx) {
        libcrypto_h.HMAC_CTX_free(ctx);
        NativeCounters.HMAC_CONTEXTS.decrementAndGet();
    }

    /**
     * Writes the MAC of {@code input[0, len)} to {@code out[0, macBytes)}. {@code input} may be a
     * heap segment (it is passed to libcrypto in place through a critical downcall).
     */
    public void mac(int macBytes, MemorySegment input, long len, byte[] out) {
        mac(macBytes, input, len, MemorySegment.ofArray(out));
    }

    /** As {@link #mac(int, MemorySegment, long, byte[])}, into a segment of at least {@code macBytes}. */
    public void mac(int macBytes, MemorySegment input, long len, MemorySegment out) {
        MemorySegment ctx = acquire(macBytes);
        try {
            if (Critical.hmacInit(ctx, MemorySegment.NULL, 0, MemorySegment.NULL) != 1
                    || Critical.hmacUpdate(ctx, input, len) != 1
                    || Critical.hmacFinal(ctx, out) != 1) {
                throw new IllegalStateException("libcrypto HMAC failed: " + Backend.get().drainErrors());
            }
        } finally {
            release(macBytes, ctx);
        }
    }

    /**
     * Whether {@code sig[0, macBytes)} is the MAC of the input, compared in constant time by
     * {@code CRYPTO_memcmp}. {@code scratch} (at least {@code macBytes}) receives the computed
     * MAC and is wiped whole.
     */
    public boolean verify(int macBytes, MemorySegment input, long len, MemorySegment sig, MemorySegment scratch) {
        mac(macBytes, input, len, scratch);
        boolean ok = Critical.memcmp(scratch, sig, macBytes) == 0;
        scratch.fill((byte) 0);
        return ok;
    }
}
