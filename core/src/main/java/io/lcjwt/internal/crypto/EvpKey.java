package io.lcjwt.internal.crypto;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Evp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Owns one {@code EVP_PKEY}, parsed once, and a pool of the native working memory its operations
 * need ({@link Work}: an {@code EVP_MD_CTX} and buffers). Closing is safe while operations run:
 * each operation holds a use count, and the last one out frees the key.
 */
public final class EvpKey implements NativeOwner {

    private static final int CLOSED = 1 << 30;
    private static final int FREED = -1;

    /** The native key; null until first use for a key made by {@link #deferred}. */
    private volatile MemorySegment pkey;
    /** Makes {@link #pkey} at first use, for a deferred key; null once made, and for every other key. */
    private java.util.function.Supplier<MemorySegment> maker;
    private final AtomicInteger state = new AtomicInteger();
    private final SlotPool<Work> pool = new SlotPool<>();

    /** Native working memory for one operation at a time. */
    public static final class Work {
        /** What {@link #allocate} took from {@code malloc}, freed together by {@link #free()}. */
        private MemorySegment[] blocks = new MemorySegment[6];
        private int blockCount;
        final MemorySegment mdCtx;
        final MemorySegment pctxOut;
        final MemorySegment sizeOut;
        MemorySegment buf;
        MemorySegment sig;
        /** The raw Ed25519 public key for aws-lc's ED25519_verify, copied in on first use. */
        MemorySegment ed25519Public;
        /**
         * An Ed25519 private key as aws-lc's ED25519_sign takes it (the 32-byte seed, then the
         * public key), read from the EVP_PKEY on first use and zeroed when this Work is freed.
         */
        MemorySegment ed25519Private;
        /**
         * What {@link #mdCtx} is initialized for with an ML-DSA key: 0 nothing, 1 verifying, 2
         * signing. aws-lc's pure ML-DSA keeps no per-message state in the context, so one
         * initialization serves every later {@code EVP_DigestVerify}/{@code EVP_DigestSign} on
         * this Work, and none of them makes an {@code EVP_PKEY_CTX}.
         */
        int mlDsaOp;
        private long bytes;

        Work() {
            mdCtx = Evp.mdCtxNew();
            if (mdCtx.equals(MemorySegment.NULL)) {
                throw new OutOfMemoryError("libcrypto could not allocate an EVP_MD_CTX");
            }
            NativeCounters.DIGEST_CONTEXTS.incrementAndGet();
            try {
                pctxOut = allocate(ValueLayout.ADDRESS.byteSize());
                sizeOut = allocate(ValueLayout.JAVA_LONG.byteSize());
                buf = allocate(2048);
                sig = allocate(EvpOps.MAX_SIGNATURE);
            } catch (OutOfMemoryError e) {
                free(); // what was allocated before malloc failed, and the context
                throw e;
            }
        }

        /** The input in native memory: the caller's segment when native, else a copy in {@link #buf}. */
        MemorySegment input(MemorySegment in, long len) {
            if (in.isNative()) {
                return in;
            }
            if (buf.byteSize() < len) {
                buf = allocate(Math.max(len, buf.byteSize() * 2));
            }
            MemorySegment.copy(in, 0, buf, 0, len);
            return buf;
        }

        MemorySegment sig(byte[] s, int len) {
            if (sig.byteSize() < len) {
                sig = allocate(len);
            }
            MemorySegment.copy(s, 0, sig, ValueLayout.JAVA_BYTE, 0, len);
            return sig;
        }

        /** The signing input in {@link #buf}, joined from its two pieces. */
        MemorySegment input(SigningInput in) {
            long n = in.length();
            if (buf.byteSize() < n) {
                buf = allocate(Math.max(n, buf.byteSize() * 2));
            }
            long[] at = {0};
            in.feed((seg, len) -> {
                MemorySegment.copy(seg, 0, buf, at[0], len);
                at[0] += len;
                return true;
            });
            return buf;
        }

        /** {@link #sig} grown to at least {@code n} bytes, for a signature made there. */
        MemorySegment sigBuffer(int n) {
            if (sig.byteSize() < n) {
                sig = allocate(n);
            }
            return sig;
        }

        /**
         * {@link #mdCtx} initialized once for ML-DSA verification ({@code sign} false) or signing
         * with {@code pkey}, this Work's key; null when libcrypto refused (the reason is on the
         * error queue).
         */
        MemorySegment mlDsaContext(MemorySegment pkey, boolean sign) {
            int op = sign ? 2 : 1;
            if (mlDsaOp != op) {
                Evp.mdCtxReset(mdCtx);
                mlDsaOp = 0;
                int ok = sign ? Evp.digestSignInit(mdCtx, pctxOut, MemorySegment.NULL, pkey)
                        : Evp.digestVerifyInit(mdCtx, pctxOut, MemorySegment.NULL, pkey);
                if (ok != 1) {
                    return null;
                }
                mlDsaOp = op;
            }
            return mdCtx;
        }

        /** Native memory that lives as long as this Work, counted in {@link NativeCounters}. */
        MemorySegment allocate(long n) {
            MemorySegment m = Backend.malloc(n); // zeroed, and aligned for any C type
            if (blockCount == blocks.length) {
                blocks = java.util.Arrays.copyOf(blocks, blockCount * 2);
            }
            blocks[blockCount++] = m;
            bytes += n;
            NativeCounters.WORK_BYTES.addAndGet(n);
            return m;
        }

        void free() {
            if (ed25519Private != null) {
                ed25519Private.fill((byte) 0);
            }
            NativeCounters.WORK_BYTES.addAndGet(-bytes);
            Evp.mdCtxFree(mdCtx);
            for (int i = 0; i < blockCount; i++) {
                Backend.free(blocks[i]);
                blocks[i] = null;
            }
            blockCount = 0;
            NativeCounters.DIGEST_CONTEXTS.decrementAndGet();
        }
    }

    /** Takes ownership of {@code pkey} (from d2i_PUBKEY / d2i_AutoPrivateKey / keygen). */
    public EvpKey(MemorySegment pkey) {
        if (pkey == null || pkey.equals(MemorySegment.NULL)) {
            throw new InvalidJwtKeyException("libcrypto could not read the key: " + Backend.get().drainErrors());
        }
        this.pkey = pkey;
        NativeCounters.KEYS.incrementAndGet();
    }

    private EvpKey(java.util.function.Supplier<MemorySegment> maker) {
        this.maker = maker;
    }

    /**
     * A public key whose native object is made at its first use (the first {@link #acquire()}),
     * not now: importing a JWK set or a PEM file then costs only lcjwt's own checks, and a key
     * that never verifies never takes native memory. {@code maker} returns an owned
     * {@code EVP_PKEY} or throws; it must only be given a key that every check has already
     * passed, so that libcrypto takes it at first use as it would have taken it now.
     */
    public static EvpKey deferred(java.util.function.Supplier<MemorySegment> maker) {
        return new EvpKey(java.util.Objects.requireNonNull(maker));
    }

    /** Parses a DER SubjectPublicKeyInfo into an owned {@code EVP_PKEY}. */
    public static MemorySegment pkeyFromSpki(byte[] der) {
        return parse(der, true);
    }

    /**
     * An EC public key from its uncompressed point {@code 04 || x || y} in {@code b[off, off+len)},
     * on OpenSSL 3 from the curve's template ({@link Backend#ecPublicKeyFromPoint}; its
     * {@code d2i_PUBKEY} costs many times as much), checked as {@code d2i_PUBKEY} checks it: on
     * the curve, coordinates below the prime.
     *
     * @param group OpenSSL's group name for the curve
     */
    public static MemorySegment pkeyFromEcPoint(String group, byte[] b, int off, int len) {
        Backend backend = Backend.get();
        backend.clearErrors();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocate(len);
            MemorySegment.copy(b, off, p, ValueLayout.JAVA_BYTE, 0, len);
            MemorySegment pkey = backend.ecPublicKeyFromPoint(group, p, len);
            if (pkey.equals(MemorySegment.NULL)) {
                throw new InvalidJwtKeyException("libcrypto refused the public key (for an EC key: the point is not"
                        + " on its curve): " + backend.drainErrors());
            }
            return pkey;
        }
    }

    /**
     * An Ed25519 or X25519 public key from its 32 raw bytes ({@link Backend#rawPublicKey}): the
     * same key {@code d2i_PUBKEY} makes from the SubjectPublicKeyInfo, without OpenSSL 3.0's
     * decoder framework. Neither library checks the point here; lcjwt's Ed25519 checks ran before.
     *
     * @param type {@link Backend#evpPkeyEd25519()} or {@link Backend#evpPkeyX25519()}
     */
    public static MemorySegment pkeyFromRaw(int type, byte[] key) {
        Backend backend = Backend.get();
        backend.clearErrors();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = arena.allocate(key.length);
            MemorySegment.copy(key, 0, in, ValueLayout.JAVA_BYTE, 0, key.length);
            MemorySegment pkey = backend.rawPublicKey(type, in, key.length);
            if (pkey.equals(MemorySegment.NULL)) {
                throw new InvalidJwtKeyException("libcrypto refused the public key: " + backend.drainErrors());
            }
            return pkey;
        }
    }

    /**
     * An RSA public key from its modulus and exponent, on OpenSSL 3 by {@code EVP_PKEY_fromdata}
     * (its {@code d2i_PUBKEY} costs many times as much); aws-lc reads the
     * SubjectPublicKeyInfo instead ({@link #pkeyFromSpki}).
     */
    public static MemorySegment pkeyFromRsa(BigInteger n, BigInteger e) {
        Backend backend = Backend.get();
        backend.clearErrors();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nn = nativeOrder(arena, n);
            MemorySegment ee = nativeOrder(arena, e);
            MemorySegment pkey = backend.rsaPublicKey(nn, nn.byteSize(), ee, ee.byteSize());
            if (pkey.equals(MemorySegment.NULL)) {
                throw new InvalidJwtKeyException("libcrypto refused the RSA public key: " + backend.drainErrors());
            }
            return pkey;
        }
    }

    /** A positive integer's magnitude in the platform's byte order, as OpenSSL reads an {@code OSSL_PARAM} integer. */
    private static MemorySegment nativeOrder(Arena arena, BigInteger v) {
        byte[] be = v.toByteArray(); // big-endian, perhaps with a leading zero for the sign
        int skip = be.length > 1 && be[0] == 0 ? 1 : 0;
        int len = be.length - skip;
        MemorySegment out = arena.allocate(len);
        boolean little = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
        for (int i = 0; i < len; i++) {
            out.set(ValueLayout.JAVA_BYTE, i, little ? be[be.length - 1 - i] : be[skip + i]);
        }
        return out;
    }

    /** Parses a DER PKCS#8 PrivateKeyInfo. */
    public static EvpKey fromPkcs8(byte[] der) {
        return new EvpKey(parse(der, false));
    }

    private static MemorySegment parse(byte[] der, boolean isPublic) {
        Backend b = Backend.get();
        b.clearErrors();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pp = pointerTo(arena, der);
            MemorySegment pkey = isPublic ? Evp.d2iPublicKey(pp, der.length)
                    : Evp.d2iPrivateKey(pp, der.length);
            if (pkey.equals(MemorySegment.NULL)) {
                throw new InvalidJwtKeyException(isPublic
                        ? "libcrypto refused the public key (for an EC key: the point is not on its curve): " + b.drainErrors()
                        : "libcrypto refused the private key: " + b.drainErrors());
            }
            return pkey;
        }
    }

    private static MemorySegment pointerTo(Arena arena, byte[] der) {
        MemorySegment data = arena.allocate(Math.max(1, der.length));
        MemorySegment.copy(der, 0, data, ValueLayout.JAVA_BYTE, 0, der.length);
        MemorySegment pp = arena.allocate(ValueLayout.ADDRESS);
        pp.set(ValueLayout.ADDRESS, 0, data);
        return pp;
    }

    /** The public half as DER SubjectPublicKeyInfo ({@code i2d_PUBKEY}, encoded once). */
    public byte[] spki() {
        MemorySegment k = acquire();
        try {
            byte[] der = Evp.i2dPublicKey(k);
            if (der == null) {
                throw new IllegalStateException("libcrypto could not encode the public key: " + Backend.get().drainErrors());
            }
            return der;
        } finally {
            release();
        }
    }

    /** Marks the key in use and gives its native key, made now if deferred; every acquire is paired with {@link #release()}. */
    public MemorySegment acquire() {
        hold();
        MemorySegment k = pkey;
        return k != null ? k : made();
    }

    /**
     * Marks the key in use without its native key, for a call that needs only the key's Works
     * (aws-lc's {@code ED25519_verify} takes the raw public key); paired with {@link #release()}.
     */
    public void hold() {
        while (true) {
            int s = state.get();
            if (s < 0 || (s & CLOSED) != 0) {
                throw new IllegalStateException("this key has been closed; use an open key");
            }
            if (state.compareAndSet(s, s + 1)) {
                return;
            }
        }
    }

    /**
     * A deferred key's native object, made by the first caller (the others wait for it). The
     * caller holds a use, so the key cannot be freed meanwhile; if libcrypto refuses, that use is
     * given back and the refusal thrown, and the next use tries again.
     */
    private synchronized MemorySegment made() {
        MemorySegment k = pkey;
        if (k == null) {
            try {
                k = maker.get();
            } catch (RuntimeException | Error e) {
                release();
                throw e;
            }
            NativeCounters.KEYS.incrementAndGet();
            pkey = k;
            maker = null;
        }
        return k;
    }

    public void release() {
        if (state.decrementAndGet() == CLOSED && state.compareAndSet(CLOSED, FREED)) {
            free();
        }
    }

    /** Idempotent; frees now, or when the last running operation finishes. */
    @Override
    public void close() {
        int prev = state.getAndUpdate(s -> s < 0 ? s : s | CLOSED);
        if (prev >= 0 && (prev & CLOSED) == 0 && prev == 0 && state.compareAndSet(CLOSED, FREED)) {
            free();
        }
    }

    public boolean isClosed() {
        int s = state.get();
        return s < 0 || (s & CLOSED) != 0;
    }

    private void free() {
        pool.drain(Work::free);
        MemorySegment k = pkey;
        if (k != null) { // a deferred key that was never used has nothing native to free
            Evp.pkeyFree(k);
            NativeCounters.KEYS.decrementAndGet();
        }
    }

    Work work() {
        Work w = pool.poll();
        return w != null ? w : new Work();
    }

    void done(Work w) {
        if (isClosed() || !pool.offer(w)) {
            w.free();
        }
    }
}
