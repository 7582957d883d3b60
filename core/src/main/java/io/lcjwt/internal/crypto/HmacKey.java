package io.lcjwt.internal.crypto;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Critical;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The native side of one HMAC secret. For each hash it keeps a pool of {@code HMAC_CTX}s that have
 * absorbed the key once (ipad/opad state computed); a MAC then costs a restart of a pooled
 * context ({@code HMAC_Init_ex} with a NULL key), one update over the signing input in place, and
 * a final. Contexts in use when the key is closed are freed as they come back, so closing never
 * frees memory a running decode holds.
 *
 * <p>Closing races with use. A use that checked the key open before {@link #close()} began
 * finishes with the intact key; any later one is refused. The secret array is read only while
 * making a context or a copy, and those readers hold {@link #readers}: the secret is zeroed by
 * whoever leaves last, close or reader, so no context is ever keyed with a zeroed (or half
 * zeroed) secret -- an all-zero HMAC key is the empty key, which anyone can sign with. The
 * hot path, a pooled context, touches no counter.
 */
public final class HmacKey implements NativeOwner {

    private static final int CLOSED = 1 << 30;
    private static final int ZEROED = -1;

    private final byte[] secret;
    private final AtomicReferenceArray<SlotPool<MemorySegment>> pools = new AtomicReferenceArray<>(3);
    private volatile boolean closed;
    /** Threads reading {@link #secret} now, plus {@link #CLOSED} once closing began; {@link #ZEROED} at the end. */
    private final AtomicInteger readers = new AtomicInteger();

    /** @param secret copied; the caller keeps its array */
    public HmacKey(byte[] secret) {
        Backend.get(); // loads libcrypto before any generated binding is touched, or explains why not
        Critical.link();
        this.secret = secret.clone();
    }

    /**
     * Runs as the Cleaner's action too: frees every pooled context and zeroes the secret (now,
     * or when the last thread reading it is done); later use fails cleanly. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        int prev = readers.getAndUpdate(r -> r < 0 ? r : r | CLOSED);
        if (prev == 0) {
            zero();
        }
        for (int i = 0; i < 3; i++) {
            SlotPool<MemorySegment> pool = pools.get(i);
            if (pool != null) {
                pool.drain(HmacKey::free);
            }
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /** Starts a read of the secret, or refuses once closing has begun. */
    private void enter() {
        while (true) {
            int r = readers.get();
            if (r < 0 || (r & CLOSED) != 0) {
                throw closedError();
            }
            if (readers.compareAndSet(r, r + 1)) {
                return;
            }
        }
    }

    private void exit() {
        if (readers.decrementAndGet() == CLOSED) {
            zero();
        }
    }

    private void zero() {
        if (readers.compareAndSet(CLOSED, ZEROED)) {
            Arrays.fill(secret, (byte) 0);
        }
    }

    private static IllegalStateException closedError() {
        return new IllegalStateException("this JwtSecretKey has been closed; build the verifier or"
                + " signer with an open key");
    }

    /** A copy of the secret, for deriving a key with another id; never a zeroed one. */
    public byte[] secretCopy() {
        enter();
        try {
            return secret.clone();
        } finally {
            exit();
        }
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
            throw closedError();
        }
        MemorySegment ctx = pool(index(macBytes)).poll();
        return ctx != null ? ctx : newContext(macBytes);
    }

    private MemorySegment newContext(int macBytes) {
        enter(); // a decode that passed the closed check above must still not see a zeroed secret
        try {
            MemorySegment ctx = Backend.get().hmacCtxNew();
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
        } finally {
            exit();
        }
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
        Backend.get().hmacCtxFree(ctx);
        NativeCounters.HMAC_CONTEXTS.decrementAndGet();
    }

    /**
     * Writes the MAC of {@code input[0, len)} to {@code out[0, macBytes)}. {@code input} and
     * {@code out} may be heap segments (passed to libcrypto in place through a critical downcall).
     */
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
     * As {@link #mac(int, MemorySegment, long, MemorySegment)}, over a two-piece input: one
     * {@code HMAC_Update} per piece (per 64 KiB of a large payload), each reading the caller's
     * memory in place.
     */
    public void mac(int macBytes, SigningInput input, MemorySegment out) {
        MemorySegment ctx = acquire(macBytes);
        try {
            if (Critical.hmacInit(ctx, MemorySegment.NULL, 0, MemorySegment.NULL) != 1
                    || !input.feed((seg, len) -> Critical.hmacUpdate(ctx, seg, len) == 1)
                    || Critical.hmacFinal(ctx, out) != 1) {
                throw new IllegalStateException("libcrypto HMAC failed: " + Backend.get().drainErrors());
            }
        } finally {
            release(macBytes, ctx);
        }
    }

    /** As {@link #verify(int, MemorySegment, long, MemorySegment, MemorySegment)}, over a two-piece input. */
    public boolean verify(int macBytes, SigningInput input, MemorySegment sig, MemorySegment scratch) {
        mac(macBytes, input, scratch);
        boolean ok = Critical.memcmp(scratch, sig, macBytes) == 0;
        scratch.fill((byte) 0);
        return ok;
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
