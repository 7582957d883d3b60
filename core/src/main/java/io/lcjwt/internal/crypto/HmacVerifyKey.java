package io.lcjwt.internal.crypto;

import io.lcjwt.Algorithm;
import io.lcjwt.internal.keys.KeyUse;

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
    private final KeyUse use;
    private final Algorithm only;
    private final boolean verifies;
    private final boolean password;

    /**
     * @param use what an {@code oct} JWK's {@code use}, {@code key_ops} and {@code alg} allow, or {@link KeyUse#ANY}
     * @param password a PBES2 password, which never serves as an HMAC key
     */
    public HmacVerifyKey(HmacKey hmac, String keyId, boolean allowShort, KeyUse use, boolean password) {
        this.hmac = hmac;
        this.keyId = keyId;
        this.allowShort = allowShort;
        this.use = use;
        this.only = use.jwsAlg();
        this.password = password;
        this.verifies = !password && use.verifies(); // read once here, so a decode pays one boolean for it
    }

    public KeyUse use() {
        return use;
    }

    /** Whether the key is a PBES2 password ({@code JwtSecretKey.fromPassword}). */
    public boolean isPassword() {
        return password;
    }

    /**
     * Whether the secret is an HMAC key long enough for {@code alg} and its JWK {@code alg} allows
     * it, whatever it may be used for; a password never is.
     */
    public boolean fits(Algorithm alg) {
        return !password && alg.family() == Algorithm.Family.HMAC && (allowShort || hmac.length() >= alg.hashBytes())
                && (only == null || only == alg);
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

    /** Whether the key may verify {@code alg}: it fits, and its JWK {@code use}/{@code key_ops} allow verifying. */
    @Override
    public boolean supports(Algorithm alg) {
        return verifies && fits(alg);
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
}
