package io.lcjwt.internal.crypto;

import io.lcjwt.Algorithm;

import java.lang.foreign.MemorySegment;

/** A key's native verification, as the decode path sees it. */
public interface VerifyKey {

    /** Whether this key may verify tokens of {@code alg} (its kind, curve and size fit). */
    boolean supports(Algorithm alg);

    /** The key's {@code kid}, or null. */
    String keyId();

    /**
     * Verifies the decoded signature {@code scratch.sig[0, sigLen)} over {@code input[0, len)} (a
     * heap or native segment, passed in place). Never throws for a bad signature: returns false.
     */
    boolean verify(Algorithm alg, MemorySegment input, long len, int sigLen, Scratch scratch);

    /**
     * As {@link #verify(Algorithm, MemorySegment, long, int, Scratch)}, over a signing input in
     * two pieces (detached and JSON forms), fed to libcrypto without joining them where the
     * algorithm can stream.
     */
    boolean verify(Algorithm alg, SigningInput input, int sigLen, Scratch scratch);
}
