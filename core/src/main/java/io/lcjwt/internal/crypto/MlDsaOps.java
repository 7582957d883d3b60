package io.lcjwt.internal.crypto;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Evp;
import io.lcjwt.internal.keys.MlDsa;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Pure ML-DSA (FIPS 204 algorithms 2 and 3) with the empty context, as RFC 9964 fixes it, through
 * aws-lc's {@code EVP_DigestSign}/{@code EVP_DigestVerify} with no digest. Each pooled
 * {@link EvpKey.Work} keeps its digest context initialized with the key
 * ({@link EvpKey.Work#mlDsaContext}), so a signature or a check is one call: no context is made,
 * set up or freed per token, and no context string is ever set.
 */
final class MlDsaOps {
    private MlDsaOps() {}

    /** True only when aws-lc says {@code sig[0, sigLen)} is a valid signature over {@code input[0, len)}. */
    static boolean verify(EvpKey key, MemorySegment input, long len, byte[] sig, int sigLen) {
        return verify(key, input, len, null, sig, sigLen);
    }

    /** As {@link #verify(EvpKey, MemorySegment, long, byte[], int)}, over a two-piece signing input (joined once: ML-DSA cannot stream). */
    static boolean verify(EvpKey key, SigningInput input, byte[] sig, int sigLen) {
        return verify(key, null, input.length(), input, sig, sigLen);
    }

    /** The signature over {@code input[0, len)}. */
    static byte[] sign(EvpKey key, MlDsa level, MemorySegment input, long len) {
        return sign(key, level, input, len, null);
    }

    /** As {@link #sign(EvpKey, MlDsa, MemorySegment, long)}, over a two-piece signing input. */
    static byte[] sign(EvpKey key, MlDsa level, SigningInput input) {
        return sign(key, level, null, input.length(), input);
    }

    /** Over {@code whole[0, len)}, or when it is null over {@code pieces}, joined in the Work's buffer. */
    private static boolean verify(EvpKey key, MemorySegment whole, long len, SigningInput pieces, byte[] sig, int sigLen) {
        MemorySegment pkey = key.acquire();
        EvpKey.Work w = key.work();
        try {
            MemorySegment ctx = w.mlDsaContext(pkey, false);
            boolean ok = ctx != null && Evp.digestVerify(ctx, w.sig(sig, sigLen), sigLen,
                    whole != null ? w.input(whole, len) : w.input(pieces), len) == 1;
            if (!ok) {
                Backend.get().clearErrors();
            }
            return ok;
        } finally {
            key.done(w);
            key.release();
        }
    }

    private static byte[] sign(EvpKey key, MlDsa level, MemorySegment whole, long len, SigningInput pieces) {
        MemorySegment pkey = key.acquire();
        EvpKey.Work w = key.work();
        try {
            return sign(w, pkey, level, whole != null ? w.input(whole, len) : w.input(pieces), len);
        } finally {
            key.done(w);
            key.release();
        }
    }

    private static byte[] sign(EvpKey.Work w, MemorySegment pkey, MlDsa level, MemorySegment in, long len) {
        int n = level.signatureBytes;
        MemorySegment out = w.sigBuffer(n);
        w.sizeOut.set(ValueLayout.JAVA_LONG, 0, n);
        MemorySegment ctx = w.mlDsaContext(pkey, true);
        if (ctx == null || Evp.digestSign(ctx, out, w.sizeOut, in, len) != 1
                || w.sizeOut.get(ValueLayout.JAVA_LONG, 0) != n) {
            throw new IllegalStateException("libcrypto could not sign with " + level.joseName() + ": "
                    + Backend.get().drainErrors());
        }
        byte[] sig = new byte[n];
        MemorySegment.copy(out, ValueLayout.JAVA_BYTE, 0, sig, 0, n);
        return sig;
    }
}
