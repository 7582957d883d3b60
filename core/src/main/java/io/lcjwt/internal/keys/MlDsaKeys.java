package io.lcjwt.internal.keys;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Evp;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.EvpKey;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.security.MessageDigest;
import java.util.Arrays;

/**
 * ML-DSA keys into aws-lc and back: a public key from its raw bytes, a private key from its
 * 32-byte seed (the one private form lcjwt keeps: RFC 9964's {@code priv}, RFC 9881's seed form),
 * generation, and the checks that a key's parts belong together. Every path first makes sure the
 * loaded libcrypto has ML-DSA ({@link Backend.Capability#ML_DSA}), and refuses with a message that
 * says what is needed when it has not.
 */
public final class MlDsaKeys {
    private MlDsaKeys() {}

    /** Refuses, at key import, an ML-DSA key on a libcrypto without ML-DSA. */
    static void requireCapability() {
        Backend b = Backend.get();
        if (!b.has(Backend.Capability.ML_DSA)) {
            throw new InvalidJwtKeyException(b.missing(Backend.Capability.ML_DSA));
        }
    }

    /** The public key {@code info} (checked by {@link Spki#mlDsa}) in aws-lc. */
    static AsymmetricKey publicKey(KeyInfo info, String kid, KeyUse use) {
        requireCapability();
        Backend b = Backend.get();
        b.clearErrors();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pub = arena.allocateFrom(ValueLayout.JAVA_BYTE, info.x());
            MemorySegment pkey = Evp.mlDsaPublicKey(b.mlDsaNid(info.mlDsa().parameterSet), pub, info.x().length);
            if (pkey.equals(MemorySegment.NULL)) {
                throw new InvalidJwtKeyException("libcrypto refused the " + info.mlDsa().joseName() + " public key: "
                        + b.drainErrors());
            }
            return new AsymmetricKey(new EvpKey(pkey), info, kid, use, false);
        }
    }

    /**
     * The private key {@code parsed} (a seed form, {@link Pkcs8#parse}) in aws-lc, its public half
     * derived from the seed; refused when what came with the seed is not what the seed yields: an
     * expanded key ("both" form), a PKCS#8 publicKey, or a JWK's {@code pub} ({@code expectedPub}).
     */
    static KeyFactory.PrivateParts privateKey(Pkcs8.Parsed parsed, String kid, KeyUse use, KeyInfo expectedPub) {
        requireCapability();
        MlDsa level = parsed.mlDsa();
        Backend b = Backend.get();
        b.clearErrors();
        EvpKey evp;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seed = arena.allocate(MlDsa.SEED_BYTES);
            byte[] s = parsed.mlDsaSeed();
            MemorySegment.copy(s, 0, seed, ValueLayout.JAVA_BYTE, 0, s.length);
            Arrays.fill(s, (byte) 0);
            MemorySegment pkey = Evp.mlDsaPrivateKey(b.mlDsaNid(level.parameterSet), seed);
            seed.fill((byte) 0);
            if (pkey.equals(MemorySegment.NULL)) {
                throw new InvalidJwtKeyException("libcrypto could not expand the " + level.joseName() + " seed: "
                        + b.drainErrors());
            }
            evp = new EvpKey(pkey);
        }
        try {
            KeyInfo pub = Spki.mlDsa(level, raw(evp, true, level.publicBytes));
            if (parsed.mlDsaExpanded() != null) {
                byte[] expanded = raw(evp, false, level.expandedBytes);
                boolean same = MessageDigest.isEqual(expanded, parsed.mlDsaExpanded());
                Arrays.fill(expanded, (byte) 0);
                Arrays.fill(parsed.mlDsaExpanded(), (byte) 0);
                if (!same) {
                    throw new InvalidJwtKeyException("The " + level.joseName() + " private key's expanded key is not"
                            + " the one its seed yields: its two forms belong to different keys.");
                }
            }
            if (parsed.carriedPublic() != null && !Arrays.equals(pub.x(), parsed.carriedPublic())) {
                throw new InvalidJwtKeyException("The " + level.joseName() + " private key carries a public key that is"
                        + " not its own: its private and public parts belong to different keys.");
            }
            if (expectedPub != null && !Arrays.equals(pub.spki(), expectedPub.spki())) {
                throw new InvalidJwtKeyException("The AKP JWK's seed (\"priv\") does not yield its public key (\"pub\"):"
                        + " they belong to different " + level.joseName() + " keys.");
            }
            return new KeyFactory.PrivateParts(new AsymmetricKey(evp, pub, kid, use, true), parsed.pkcs8().clone(), pub);
        } catch (RuntimeException e) {
            evp.close();
            throw e;
        }
    }

    /** A fresh key from aws-lc's generator, kept as its seed. */
    static KeyFactory.PrivateParts generate(MlDsa level, String kid) {
        Backend b = Backend.get();
        if (!b.has(Backend.Capability.ML_DSA)) {
            throw new UnsupportedOperationException(b.missing(Backend.Capability.ML_DSA));
        }
        b.clearErrors();
        MemorySegment pkey = Evp.mlDsaGenerate(b.mlDsaNid(level.parameterSet));
        if (pkey.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("libcrypto could not generate an " + level.joseName() + " key: "
                    + b.drainErrors());
        }
        EvpKey generated = new EvpKey(pkey);
        byte[] seed;
        try {
            seed = seed(generated);
        } finally {
            generated.close();
        }
        byte[] pkcs8 = Pkcs8.mlDsaSeedForm(level, seed);
        Arrays.fill(seed, (byte) 0);
        try {
            return privateKey(Pkcs8.parse(pkcs8), kid, KeyUse.ANY, null);
        } finally {
            Arrays.fill(pkcs8, (byte) 0);
        }
    }

    /**
     * The key's expanded private key as PKCS#8 (RFC 9881's expandedKey form), for a JDK whose
     * {@code KeyFactory} reads no other (JDK 24 and 25). Handle with care: it is the secret.
     */
    public static byte[] expandedPkcs8(AsymmetricKey key) {
        MlDsa level = key.info().mlDsa();
        byte[] expanded = raw(key.evp(), false, level.expandedBytes);
        try {
            return Pkcs8.mlDsaExpandedForm(level, expanded);
        } finally {
            Arrays.fill(expanded, (byte) 0);
        }
    }

    /** aws-lc's seed of a generated key ({@code EVP_PKEY_get_private_seed}). */
    private static byte[] seed(EvpKey evp) {
        return export(evp, SEED, MlDsa.SEED_BYTES);
    }

    /** The raw public key, or ({@code publicHalf} false) the expanded private key, of exactly {@code n} bytes. */
    private static byte[] raw(EvpKey evp, boolean publicHalf, int n) {
        return export(evp, publicHalf ? PUBLIC : EXPANDED, n);
    }

    private static final int SEED = 0;
    private static final int PUBLIC = 1;
    private static final int EXPANDED = 2;

    /** One of the key's forms, of exactly {@code n} bytes; the native copy is wiped. */
    private static byte[] export(EvpKey evp, int form, int n) {
        MemorySegment pkey = evp.acquire();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(n);
            MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
            len.set(ValueLayout.JAVA_LONG, 0, n);
            int ok = form == SEED ? Evp.mlDsaSeed(pkey, out, len) : Evp.rawKey(pkey, out, len, form == PUBLIC);
            if (ok != 1 || len.get(ValueLayout.JAVA_LONG, 0) != n) {
                throw new IllegalStateException("libcrypto could not export the ML-DSA key: " + Backend.get().drainErrors());
            }
            byte[] b = out.toArray(ValueLayout.JAVA_BYTE);
            out.fill((byte) 0);
            return b;
        } finally {
            evp.release();
        }
    }
}
