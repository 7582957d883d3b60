package io.lcjwt.internal.crypto;

import io.lcjwt.Algorithm;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Critical;
import io.lcjwt.bindings.Evp;
import io.lcjwt.internal.keys.KeyInfo;
import io.lcjwt.internal.keys.KeyUse;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.util.Arrays;

/**
 * An RSA, EC, Ed25519 or ML-DSA key as the decode and sign paths see it. One class, one switch
 * per family: RS/PS through {@code EVP_DigestVerify} with the algorithm's padding; ES with the JWS
 * signature (r || s) checked and converted to DER; EdDSA through aws-lc's {@code ED25519_verify}
 * where it exists (no EVP context to set up), else EVP; ML-DSA through {@link MlDsaOps}, with a
 * signature of exactly its parameter set's size.
 *
 * <p>The public key object's Cleaner is registered on this object, so whoever holds it (a
 * verifier, a cached header, a decode in flight after a JWKS rotation) keeps the native key
 * alive; an explicit close waits for running operations through {@link EvpKey}'s use count.
 */
public final class AsymmetricKey implements VerifyKey {

    private final EvpKey evp;
    private final KeyInfo info;
    private final String keyId;
    private final KeyUse use;
    private final Algorithm only;
    private final boolean verifies;
    private final boolean isPrivate;
    /** The public JWK members, base64url-encoded at their first use; a benign race may encode them twice. */
    private java.util.Map<String, Object> publicMembers;

    /**
     * @param use what the JWK's {@code use}, {@code key_ops} and {@code alg} allow, or {@link KeyUse#ANY}
     */
    public AsymmetricKey(EvpKey evp, KeyInfo info, String keyId, KeyUse use, boolean isPrivate) {
        this.evp = evp;
        this.info = info;
        this.keyId = keyId;
        this.use = use;
        this.only = use.jwsAlg();
        this.verifies = use.verifies(); // read once here, so a decode pays one boolean for it
        this.isPrivate = isPrivate;
        Critical.linkDigests(); // the streamed forms use them; linked now, not inside a decode on a virtual thread
    }

    public EvpKey evp() {
        return evp;
    }

    public KeyInfo info() {
        return info;
    }

    /**
     * {@return the public JWK members in RFC order ({@code kty} first), unmodifiable}: encoded
     * from {@link #info()} once, the way a JWK library keeps a key's base64url members, so
     * writing a JWK or a thumbprint again does not turn an RSA modulus into base64url again.
     */
    public java.util.Map<String, Object> publicMembers() {
        java.util.Map<String, Object> m = publicMembers;
        if (m == null) {
            // Unmodifiable's final field publishes the map safely to other threads.
            m = java.util.Collections.unmodifiableMap(io.lcjwt.internal.keys.Jwk.publicMembers(info));
            publicMembers = m;
        }
        return m;
    }

    @Override
    public String keyId() {
        return keyId;
    }

    public KeyUse use() {
        return use;
    }

    /** Whether the key's kind, curve and JWK {@code alg} fit {@code alg}, whatever it may be used for. */
    public boolean fits(Algorithm alg) {
        return info.serves(alg) && (only == null || only == alg);
    }

    /** Whether the key may verify {@code alg}: it fits, and its JWK {@code use}/{@code key_ops} allow verifying. */
    @Override
    public boolean supports(Algorithm alg) {
        return verifies && info.serves(alg) && (only == null || only == alg);
    }

    @Override
    public boolean verify(Algorithm alg, MemorySegment input, long len, int sigLen, Scratch s) {
        if (!supports(alg)) {
            return false;
        }
        byte[] sig = s.sig; // the decoded signature, at offset 0
        try {
            return switch (info.kind()) {
                case RSA -> sigLen == (info.bits() + 7) / 8 && EvpOps.verify(evp, alg, input, len, sig, sigLen);
                case EC -> verifyEcdsa(alg, input, len, sig, sigLen);
                case ED25519 -> sigLen == 64 && verifyEd25519(alg, input, len, sig);
                case X25519 -> false; // a key agreement key never verifies (supports() is false too)
                case ML_DSA -> sigLen == info.mlDsa().signatureBytes && MlDsaOps.verify(evp, input, len, sig, sigLen);
            };
        } finally {
            // The key's Cleaner watches this object: keep it reachable until libcrypto is done.
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public boolean verify(Algorithm alg, SigningInput input, int sigLen, Scratch s) {
        if (!supports(alg)) {
            return false;
        }
        byte[] sig = s.sig;
        try {
            return switch (info.kind()) {
                case RSA -> sigLen == (info.bits() + 7) / 8 && EvpOps.verify(evp, alg, input, sig, sigLen);
                case EC -> {
                    byte[] der = ecdsaDer(sig, sigLen);
                    yield der != null && EvpOps.verify(evp, alg, input, der, der.length);
                }
                case ED25519 -> {
                    // Ed25519 hashes the message twice inside one call: it cannot stream, so the
                    // signing input is joined once, in native memory freed on return.
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment whole = input.contiguous(arena);
                        yield sigLen == 64 && verifyEd25519(alg, whole, input.length(), sig);
                    }
                }
                case X25519 -> false; // a key agreement key: supports() has already said no
                case ML_DSA -> sigLen == info.mlDsa().signatureBytes && MlDsaOps.verify(evp, input, sig, sigLen);
            };
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** The DER form of a JWS ECDSA signature r || s, or null when it is not one lcjwt accepts. */
    private byte[] ecdsaDer(byte[] sig, int sigLen) {
        int c = info.curve().coordBytes;
        if (sigLen != 2 * c) {
            return null;
        }
        byte[] n = info.curve().order();
        if (!inRange(sig, 0, c, n) || !inRange(sig, c, c, n)) {
            return null;
        }
        return EcdsaDer.encode(sig, 0, c);
    }

    private boolean verifyEcdsa(Algorithm alg, MemorySegment input, long len, byte[] sig, int sigLen) {
        int c = info.curve().coordBytes;
        if (sigLen != 2 * c) {
            return false; // DER, or the wrong curve's size: JWS wants exactly r || s
        }
        byte[] n = info.curve().order();
        if (!inRange(sig, 0, c, n) || !inRange(sig, c, c, n)) {
            return false; // r or s is 0 or >= n (CVE-2022-21449 "psychic signatures")
        }
        byte[] der = EcdsaDer.encode(sig, 0, c);
        return EvpOps.verify(evp, alg, input, len, der, der.length);
    }

    /** 0 < v < n, for a big-endian v of {@code len} bytes and an order of the same length. */
    static boolean inRange(byte[] b, int off, int len, byte[] n) {
        boolean zero = true;
        for (int i = 0; i < len; i++) {
            if (b[off + i] != 0) {
                zero = false;
                break;
            }
        }
        return !zero && Arrays.compareUnsigned(b, off, off + len, n, 0, len) < 0;
    }

    private boolean verifyEd25519(Algorithm alg, MemorySegment input, long len, byte[] sig) {
        if (!Backend.get().isAwsLc()) {
            return EvpOps.verify(evp, alg, input, len, sig, 64);
        }
        evp.hold(); // ED25519_verify takes the raw key: a deferred EVP_PKEY is never made for it
        EvpKey.Work w = evp.work();
        try {
            if (w.ed25519Public == null) { // once per pooled Work, which belongs to this key
                w.ed25519Public = w.allocate(info.x().length).copyFrom(MemorySegment.ofArray(info.x()));
            }
            return Evp.ed25519Verify(w.input(input, len), len, w.sig(sig, 64), w.ed25519Public) == 1;
        } finally {
            evp.done(w);
            evp.release();
        }
    }

    /** The JWS signature (r || s for ECDSA) over {@code input[0, len)}. */
    public byte[] sign(Algorithm alg, MemorySegment input, long len) {
        if (!isPrivate) {
            throw new IllegalStateException("a public key cannot sign");
        }
        try {
            if (info.kind() == KeyInfo.Kind.ML_DSA) {
                return MlDsaOps.sign(evp, info.mlDsa(), input, len);
            }
            if (info.kind() == KeyInfo.Kind.ED25519 && Backend.get().isAwsLc()) {
                return signEd25519(input, len);
            }
            byte[] raw = EvpOps.sign(evp, alg, input, len);
            return info.kind() == KeyInfo.Kind.EC ? EcdsaDer.decode(raw, info.curve().coordBytes) : raw;
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * aws-lc's {@code ED25519_sign}, as {@link #verifyEd25519} uses {@code ED25519_verify}: one
     * critical call that reads the input and writes the signature where they lie, without the
     * {@code EVP_PKEY_CTX} that {@code EVP_DigestSignInit} makes and frees around every signature,
     * a copy of the input into native memory, or a signature copied out of it (a start-up rule, docs/architecture.md).
     */
    private byte[] signEd25519(MemorySegment input, long len) {
        MemorySegment pkey = evp.acquire();
        EvpKey.Work w = evp.work();
        try {
            MemorySegment priv = w.ed25519Private;
            if (priv == null) { // once per pooled Work, which belongs to this key
                w.ed25519Private = priv = ed25519PrivateKey(pkey, w);
            }
            // Into the Work's native buffer, then copied out: a heap segment over the returned
            // array was scalar-replaced only while the JIT inlined this whole method, and cost
            // 64 B per signature when it did not (the sign page, B/op).
            if (Evp.ed25519Sign(w.sig, input, len, priv) != 1) {
                throw new IllegalStateException("libcrypto could not sign with EdDSA: " + Backend.get().drainErrors());
            }
            byte[] sig = new byte[64];
            MemorySegment.copy(w.sig, ValueLayout.JAVA_BYTE, 0, sig, 0, 64);
            return sig;
        } finally {
            evp.done(w);
            evp.release();
        }
    }

    /** The seed and the public key, both read from {@code pkey} (held by the caller), into {@code w}'s memory. */
    private static MemorySegment ed25519PrivateKey(MemorySegment pkey, EvpKey.Work w) {
        MemorySegment priv = w.allocate(64);
        for (int half = 0; half < 2; half++) {
            w.sizeOut.set(ValueLayout.JAVA_LONG, 0, 32);
            if (Evp.rawKey(pkey, priv.asSlice(32L * half, 32), w.sizeOut, half == 1) != 1
                    || w.sizeOut.get(ValueLayout.JAVA_LONG, 0) != 32) {
                priv.fill((byte) 0);
                throw new IllegalStateException("libcrypto could not export the Ed25519 key: "
                        + Backend.get().drainErrors());
            }
        }
        return priv;
    }

    /** As {@link #sign(Algorithm, MemorySegment, long)}, over a two-piece signing input. */
    public byte[] sign(Algorithm alg, SigningInput input) {
        if (!isPrivate) {
            throw new IllegalStateException("a public key cannot sign");
        }
        try {
            byte[] raw;
            if (info.kind() == KeyInfo.Kind.ML_DSA) {
                return MlDsaOps.sign(evp, info.mlDsa(), input);
            }
            if (info.kind() == KeyInfo.Kind.ED25519) {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment whole = input.contiguous(arena);
                    raw = Backend.get().isAwsLc() ? signEd25519(whole, input.length())
                            : EvpOps.sign(evp, alg, whole, input.length());
                }
            } else {
                raw = EvpOps.sign(evp, alg, input);
            }
            return info.kind() == KeyInfo.Kind.EC ? EcdsaDer.decode(raw, info.curve().coordBytes) : raw;
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    public void close() {
        evp.close();
    }
}
