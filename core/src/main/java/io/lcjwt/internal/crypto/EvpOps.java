package io.lcjwt.internal.crypto;

import io.lcjwt.Algorithm;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Critical;
import io.lcjwt.bindings.Evp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code EVP_DigestVerify} / {@code EVP_DigestSign} over an {@link EvpKey}, with the padding each
 * RSA algorithm fixes: PKCS#1 v1.5 for RS*, and for PS* PSS with MGF1 over the same hash and a
 * salt exactly as long as the hash (RFC 7518 section 3.5) -- nothing else verifies.
 */
final class EvpOps {
    private EvpOps() {}

    /**
     * The longest signature lcjwt makes through this class: RSA-8192's 1,024 bytes (keys are
     * capped at 8,192 bits; a P-521 DER signature is at most 139 bytes, Ed25519's 64). A signing
     * {@link EvpKey.Work}'s buffer is at least this long, so a signature is made in one call,
     * without first asking libcrypto for its size. ML-DSA's longer ones ({@link MlDsaOps}) grow
     * the buffer of the Work that makes them.
     */
    static final int MAX_SIGNATURE = 1024;

    static final int PAD_NONE = 0;
    static final int PAD_PKCS1 = 1;
    static final int PAD_PSS = 6;
    /** {@code RSA_PSS_SALTLEN_DIGEST}: a PSS salt as long as the digest, in both libraries. */
    private static final int RSA_PSS_SALTLEN_DIGEST = -1;

    static MemorySegment md(Algorithm alg) {
        Backend b = Backend.get();
        return switch (alg.hashBytes()) {
            case 32 -> b.sha256();
            case 48 -> b.sha384();
            case 64 -> b.sha512();
            default -> MemorySegment.NULL; // EdDSA hashes internally
        };
    }

    static int padding(Algorithm alg) {
        return switch (alg.family()) {
            case RSA -> PAD_PKCS1;
            case RSA_PSS -> PAD_PSS;
            default -> PAD_NONE;
        };
    }

    private static boolean setup(MemorySegment pctx, int padding, MemorySegment md) {
        if (padding == PAD_NONE) {
            return true;
        }
        if (Evp.setRsaPadding(pctx, padding) != 1) {
            return false;
        }
        return padding != PAD_PSS
                || (Evp.setRsaPssSaltLength(pctx, RSA_PSS_SALTLEN_DIGEST) == 1
                && Evp.setRsaMgf1Digest(pctx, md) == 1);
    }

    /** True only when libcrypto says {@code sig[0, sigLen)} is a valid signature over {@code input[0, len)}. */
    static boolean verify(EvpKey key, Algorithm alg, MemorySegment input, long len, byte[] sig, int sigLen) {
        MemorySegment pkey = key.acquire();
        EvpKey.Work w = key.work();
        try {
            MemorySegment md = md(alg);
            Evp.mdCtxReset(w.mdCtx);
            boolean ok = Evp.digestVerifyInit(w.mdCtx, w.pctxOut, md, pkey) == 1
                    && setup(w.pctxOut.get(ValueLayout.ADDRESS, 0), padding(alg), md)
                    && Evp.digestVerify(w.mdCtx, w.sig(sig, sigLen), sigLen,
                            w.input(input, len), len) == 1;
            if (!ok) {
                Backend.get().clearErrors();
            }
            return ok;
        } finally {
            key.done(w);
            key.release();
        }
    }

    /**
     * As {@link #verify(EvpKey, Algorithm, MemorySegment, long, byte[], int)}, over a two-piece
     * signing input streamed through {@code EVP_DigestVerifyUpdate}: each piece is read where it
     * lies (a heap array through a critical downcall, 64 KiB at a time), so nothing proportional
     * to the payload is copied or allocated.
     */
    static boolean verify(EvpKey key, Algorithm alg, SigningInput input, byte[] sig, int sigLen) {
        MemorySegment pkey = key.acquire();
        EvpKey.Work w = key.work();
        try {
            MemorySegment md = md(alg);
            MemorySegment ctx = w.mdCtx;
            Evp.mdCtxReset(ctx);
            boolean ok = Evp.digestVerifyInit(ctx, w.pctxOut, md, pkey) == 1
                    && setup(w.pctxOut.get(ValueLayout.ADDRESS, 0), padding(alg), md)
                    && input.feed((seg, len) -> Critical.digestVerifyUpdate(ctx, seg, len) == 1)
                    && Evp.digestVerifyFinal(ctx, w.sig(sig, sigLen), sigLen) == 1;
            if (!ok) {
                Backend.get().clearErrors();
            }
            return ok;
        } finally {
            key.done(w);
            key.release();
        }
    }

    /** As {@link #sign(EvpKey, Algorithm, MemorySegment, long)}, over a two-piece signing input, streamed. */
    static byte[] sign(EvpKey key, Algorithm alg, SigningInput input) {
        MemorySegment pkey = key.acquire();
        EvpKey.Work w = key.work();
        Backend b = Backend.get();
        try {
            MemorySegment md = md(alg);
            MemorySegment ctx = w.mdCtx;
            Evp.mdCtxReset(ctx);
            b.clearErrors();
            w.sizeOut.set(ValueLayout.JAVA_LONG, 0, w.sig.byteSize()); // see MAX_SIGNATURE
            if (Evp.digestSignInit(ctx, w.pctxOut, md, pkey) != 1
                    || !setup(w.pctxOut.get(ValueLayout.ADDRESS, 0), padding(alg), md)
                    || !input.feed((seg, len) -> Critical.digestSignUpdate(ctx, seg, len) == 1)
                    || Evp.digestSignFinal(ctx, w.sig, w.sizeOut) != 1) {
                throw new IllegalStateException("libcrypto could not sign with " + alg.jwsName() + ": " + b.drainErrors());
            }
            return w.sig.asSlice(0, w.sizeOut.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
        } finally {
            key.done(w);
            key.release();
        }
    }

    /** The raw libcrypto signature (DER for ECDSA) over {@code input[0, len)}. */
    static byte[] sign(EvpKey key, Algorithm alg, MemorySegment input, long len) {
        MemorySegment pkey = key.acquire();
        EvpKey.Work w = key.work();
        Backend b = Backend.get();
        try {
            MemorySegment md = md(alg);
            Evp.mdCtxReset(w.mdCtx);
            b.clearErrors();
            MemorySegment in = w.input(input, len);
            w.sizeOut.set(ValueLayout.JAVA_LONG, 0, w.sig.byteSize()); // see MAX_SIGNATURE
            if (Evp.digestSignInit(w.mdCtx, w.pctxOut, md, pkey) != 1
                    || !setup(w.pctxOut.get(ValueLayout.ADDRESS, 0), padding(alg), md)
                    || Evp.digestSign(w.mdCtx, w.sig, w.sizeOut, in, len) != 1) {
                throw new IllegalStateException("libcrypto could not sign with " + alg.jwsName() + ": " + b.drainErrors());
            }
            return w.sig.asSlice(0, w.sizeOut.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
        } finally {
            key.done(w);
            key.release();
        }
    }
}
