package io.lcjwt.internal.dpop;

import io.lcjwt.Algorithm;
import io.lcjwt.DpopException;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwtHeader;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.EvpKey;
import io.lcjwt.internal.crypto.KeyResolver;
import io.lcjwt.internal.crypto.Scratch;
import io.lcjwt.internal.crypto.SigningInput;
import io.lcjwt.internal.crypto.VerifyKey;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyFactory;
import io.lcjwt.internal.keys.KeyInfo;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.List;
import java.util.Map;

/**
 * The key of a DPoP proof: the public JWK in its own header (RFC 9449 section 4.2), imported by
 * lcjwt's strict JWK reader, checked to be a public key that can verify the proof's {@code alg}.
 * Only a {@link io.lcjwt.DpopVerifier}'s engine uses this resolver; every other verifier resolves
 * keys from its configuration alone and never reads {@code jwk} (docs/security.md, row 7).
 */
final class ProofKeys implements KeyResolver {
    /** Members of private (and symmetric) JWKs, RFC 7518 section 6. */
    private static final List<String> PRIVATE = List.of("d", "p", "q", "dp", "dq", "qi", "oth", "k");
    /** Frees the native keys of proofs the engine no longer holds. */
    private static final Cleaner CLEANER = Cleaner.create();

    @Override
    public VerifyKey resolve(JwtHeader header) {
        Object jwk = header.get("jwk");
        if (!(jwk instanceof Map<?, ?> raw)) {
            throw new DpopException(jwk == null
                    ? "The DPoP proof's header has no \"jwk\": a proof carries the public key it is signed with"
                            + " (RFC 9449 section 4.2)."
                    : "The DPoP proof's \"jwk\" header must be a JSON object (a public JWK).");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) raw;
        for (String p : PRIVATE) {
            if (m.containsKey(p)) {
                throw new DpopException("The DPoP proof's \"jwk\" holds the member \"" + p + "\" of a private or"
                        + " symmetric key; it must be a public key only (RFC 9449 section 4.3, check 7). The key"
                        + " is now exposed: the client should make a new one.");
            }
        }
        Jwk.Parsed parsed;
        try {
            parsed = Jwk.parse(m);
        } catch (InvalidJwtKeyException e) {
            throw new DpopException("The DPoP proof's \"jwk\" is not a public key lcjwt can use: " + e.getMessage(), e);
        }
        KeyInfo info = parsed.pub();
        if (info == null || parsed.pkcs8() != null) {
            throw new DpopException("The DPoP proof's \"jwk\" must be an asymmetric public key (RFC 9449 section 4.3).");
        }
        if (!info.serves(header.algorithm())) {
            throw new DpopException("The DPoP proof is signed with " + header.algorithm().jwsName() + ", but its \"jwk\" is "
                    + info.describe() + ", which cannot verify it.");
        }
        AsymmetricKey key;
        try {
            key = KeyFactory.publicFromInfo(info, null, parsed.keyUse());
        } catch (InvalidJwtKeyException e) {
            throw new DpopException("The DPoP proof's \"jwk\" is not a public key lcjwt can use: " + e.getMessage(), e);
        }
        if (!key.supports(header.algorithm())) {
            key.close();
            throw new DpopException("The DPoP proof's \"jwk\" may not verify " + header.algorithm().jwsName()
                    + " (its use, key_ops or alg " + Untrusted.quote(m.get("alg")) + " forbid it).");
        }
        ProofKey proofKey = new ProofKey(key);
        CLEANER.register(proofKey, new Free(key.evp()));
        return proofKey;
    }

    /**
     * Frees the native key of a proof key nothing can reach any more: one the engine's header cache
     * has let go. A class, not a lambda, and it holds the native key only, never the object it watches.
     */
    private static final class Free implements Runnable {
        private final EvpKey evp;

        Free(EvpKey evp) {
            this.evp = evp;
        }

        @Override
        public void run() {
            evp.close();
        }
    }

    /**
     * A proof's key. One that has never verified a signature is in no cache and held by the one
     * decode that made it, so when its first signature fails its native key is freed at once: a
     * flood of forged proofs, each with a key of its own, leaves nothing behind for the Cleaner.
     * One that has verified may sit in the engine's header cache and is left to the Cleaner.
     */
    static final class ProofKey implements VerifyKey {
        private final AsymmetricKey key;
        private volatile boolean verified;

        ProofKey(AsymmetricKey key) {
            this.key = key;
        }

        @Override
        public boolean supports(Algorithm alg) {
            return key.supports(alg);
        }

        @Override
        public String keyId() {
            return null;
        }

        @Override
        public boolean verify(Algorithm alg, MemorySegment input, long len, int sigLen, Scratch scratch) {
            return settle(key.verify(alg, input, len, sigLen, scratch));
        }

        @Override
        public boolean verify(Algorithm alg, SigningInput input, int sigLen, Scratch scratch) {
            return settle(key.verify(alg, input, sigLen, scratch));
        }

        private boolean settle(boolean ok) {
            if (ok) {
                verified = true;
            } else if (!verified) {
                key.close();
            }
            return ok;
        }
    }
}
