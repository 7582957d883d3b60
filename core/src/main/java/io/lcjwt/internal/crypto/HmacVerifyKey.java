package io.lcjwt.internal.crypto;

import io.lcjwt.Algorithm;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;

/**
 * A JwtSecretKey as the decode and sign paths see it. The key's Cleaner is registered on this
 * object, so whoever holds it (a verifier, a cached header, a decode in flight) keeps the native
 * state alive.
 */
public final class HmacVerifyKey implements VerifyKey {

    private final HmacKey hmac;
    private final String keyId;
    private final boolean allowShort;
    private final boolean password;

    public HmacVerifyKey(HmacKey hmac, String keyId, boolean allowShort) {
        this(hmac, keyId, allowShort, false);
    }

    /** @param password a PBES2 password, which never serves as an HMAC key */
    public HmacVerifyKey(HmacKey hmac, String keyId, boolean allowShort, boolean password) {
        this.hmac = hmac;
        this.keyId = keyId;
        this.allowShort = allowShort;
        this.password = password;
    }

    /** Whether the key is a PBES2 password ({@code JwtSecretKey.fromPassword}). */
    public boolean isPassword() {
        return password;
    }

    public HmacKey hmac() {
        return hmac;
    }

    /** Whether the key was imported with {@code ofInsecureShortSecret}. */
    public boolean allowsShort() {
        return allowShort;
    }

    @Override
    public String keyId() {
        return keyId;
    }

    @Override
    public boolean supports(Algorithm alg) {
        return !password && alg.family() == Algorithm.Family.HMAC && (allowShort || hmac.length() >= alg.hashBytes());
    }

    @Override
    public boolean verify(Algorithm alg, MemorySegment input, long len, int sigLen, Scratch scratch) {
        int macBytes = alg.hashBytes();
        if (sigLen != macBytes || !supports(alg)) {
            return false;
        }
        try {
            return hmac.verify(macBytes, input, len, scratch.sigSegment, scratch.macSegment);
        } finally {
            // The key's Cleaner watches this object: keep it reachable until the MAC is done.
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public boolean verify(Algorithm alg, SigningInput input, int sigLen, Scratch scratch) {
        int macBytes = alg.hashBytes();
        if (sigLen != macBytes || !supports(alg)) {
            return false;
        }
        try {
            return hmac.verify(macBytes, input, scratch.sigSegment, scratch.macSegment);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** Writes the MAC of the two-piece {@code input} into {@code out[0, alg.hashBytes())}. */
    public void sign(Algorithm alg, SigningInput input, byte[] out) {
        try {
            hmac.mac(alg.hashBytes(), input, MemorySegment.ofArray(out));
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** Writes the MAC of {@code input[0, len)} into {@code out[0, alg.hashBytes())}, a segment of at least that. */
    public void sign(Algorithm alg, MemorySegment input, long len, MemorySegment out) {
        try {
            hmac.mac(alg.hashBytes(), input, len, out);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** Writes the MAC of {@code input[0, len)} into {@code out[0, alg.hashBytes())}. */
    public void sign(Algorithm alg, MemorySegment input, long len, byte[] out) {
        try {
            hmac.mac(alg.hashBytes(), input, len, out);
        } finally {
            Reference.reachabilityFence(this);
        }
    }
}
