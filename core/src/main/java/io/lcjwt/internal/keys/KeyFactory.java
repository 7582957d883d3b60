package io.lcjwt.internal.keys;

import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Evp;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.EvpKey;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

/** Turns PEM, DER and generated keys into {@link AsymmetricKey}s, checking them on the way in. */
public final class KeyFactory {
    private KeyFactory() {}

    /** A private key: the native key, its PKCS#8 (for export and re-keying), its public half. */
    public record PrivateParts(AsymmetricKey key, byte[] pkcs8, KeyInfo pub) {}

    public static AsymmetricKey publicFromSpki(byte[] der, String kid, KeyUse only) {
        return publicFromInfo(Spki.parse(der), kid, only);
    }

    public static AsymmetricKey publicFromInfo(KeyInfo info, String kid, KeyUse only) {
        if (info.kind() == KeyInfo.Kind.ML_DSA) {
            return MlDsaKeys.publicKey(info, kid, only);
        }
        return new AsymmetricKey(publicEvp(info), info, kid, only, false);
    }

    /**
     * The native public key, made at its first use ({@link EvpKey#deferred}): every check on the
     * key (RSA sizes and exponent, EC points on their curve, Ed25519 points canonical, on the
     * curve and not of small order) has run in {@link Spki} before this, so libcrypto takes the
     * key then as it would now, and a key set's keys that never verify never take native memory.
     */
    private static EvpKey publicEvp(KeyInfo info) {
        return EvpKey.deferred(new NativePublic(info));
    }

    /**
     * The deferred key's maker: the owned {@code EVP_PKEY}, made the cheapest way the live library
     * offers, with the same checks either way. Ed25519 and X25519 keys are their raw 32 bytes on
     * both. On OpenSSL 3, whose {@code d2i_PUBKEY} runs its decoder framework, EC keys are copies
     * of a per-curve template given their point, and RSA keys are made from n and e; aws-lc reads
     * their SubjectPublicKeyInfo. A class, where a lambda would spin one at a process's first key.
     */
    private static final class NativePublic implements java.util.function.Supplier<MemorySegment> {
        private final KeyInfo info;

        NativePublic(KeyInfo info) {
            this.info = info;
        }

        @Override
        public MemorySegment get() {
            Backend backend = Backend.get();
            return switch (info.kind()) {
                case ED25519 -> EvpKey.pkeyFromRaw(backend.evpPkeyEd25519(), info.x());
                case X25519 -> EvpKey.pkeyFromRaw(backend.evpPkeyX25519(), info.x());
                case EC -> {
                    if (backend.isAwsLc()) {
                        yield EvpKey.pkeyFromSpki(info.spki());
                    }
                    // The uncompressed point 04 || x || y ends the SubjectPublicKeyInfo (Spki made it so).
                    byte[] spki = info.spki();
                    int n = 1 + 2 * info.curve().coordBytes;
                    yield EvpKey.pkeyFromEcPoint(info.curve().jwkName, spki, spki.length - n, n);
                }
                case RSA -> backend.isAwsLc() ? EvpKey.pkeyFromSpki(info.spki()) : EvpKey.pkeyFromRsa(info.n(), info.e());
                case ML_DSA -> throw new IllegalArgumentException("ML-DSA keys are made by MlDsaKeys");
            };
        }
    }

    /** The blocks but EC PARAMETERS; a loop, not a stream and a lambda, which spin classes at a process's first key. */
    private static List<Pem.Block> withoutEcParameters(List<Pem.Block> all) {
        List<Pem.Block> out = new java.util.ArrayList<>(all.size());
        for (Pem.Block b : all) {
            if (!b.label().equals("EC PARAMETERS")) {
                out.add(b);
            }
        }
        return out;
    }

    public static AsymmetricKey publicFromPem(String pem, String kid) {
        List<Pem.Block> blocks = withoutEcParameters(Pem.parse(pem));
        if (blocks.size() != 1) {
            throw new InvalidJwtKeyException("The PEM text holds " + blocks.size() + " blocks; pass exactly one public key"
                    + " (for a certificate chain, only the signer's certificate).");
        }
        Pem.Block b = blocks.get(0);
        KeyInfo info = switch (b.label()) {
            case "PUBLIC KEY" -> Spki.parse(b.der());
            case "RSA PUBLIC KEY" -> Spki.fromPkcs1(b.der());
            case "CERTIFICATE" -> Spki.fromCertificate(b.der());
            default -> {
                if (b.label().contains("PRIVATE KEY")) {
                    throw new InvalidJwtKeyException("The PEM holds a private key where a public key is expected; use"
                            + " JwtPrivateKey.fromPem(pem).publicKey() if you mean to derive it.");
                }
                throw new InvalidJwtKeyException("Unsupported PEM block " + Untrusted.quote(b.label()) + "; expected PUBLIC KEY,"
                        + " RSA PUBLIC KEY or CERTIFICATE.");
            }
        };
        return publicFromInfo(info, kid, KeyUse.ANY);
    }

    public static PrivateParts privateFromPem(String pem, String kid) {
        List<Pem.Block> all = Pem.parse(pem);
        String curveOid = null;
        for (Pem.Block b : all) {
            if (b.label().equals("EC PARAMETERS")) {
                curveOid = Der.decodeOid(new Der.Reader(b.der()).bytes(Der.OID));
            }
        }
        List<Pem.Block> keys = withoutEcParameters(all);
        if (keys.size() != 1) {
            throw new InvalidJwtKeyException("The PEM text holds " + keys.size() + " keys; pass exactly one private key.");
        }
        Pem.Block b = keys.get(0);
        // PKCS#8 goes to privateFromPkcs8 as it is, not normalised first: what a key carries beside
        // its private part (an RFC 5958 publicKey, an ML-DSA expanded key) is checked there.
        byte[] pkcs8 = switch (b.label()) {
            case "PRIVATE KEY" -> b.der();
            case "RSA PRIVATE KEY" -> Pkcs8.fromPkcs1(b.der()).pkcs8();
            case "EC PRIVATE KEY" -> Pkcs8.fromSec1(b.der(), curveOid).pkcs8();
            default -> {
                if (b.label().contains("PUBLIC KEY") || b.label().equals("CERTIFICATE")) {
                    throw new InvalidJwtKeyException("The PEM holds a public key or certificate where a private key is"
                            + " expected; use JwtPublicKey.fromPem.");
                }
                throw new InvalidJwtKeyException("Unsupported PEM block " + Untrusted.quote(b.label()) + "; expected PRIVATE KEY,"
                        + " RSA PRIVATE KEY or EC PRIVATE KEY.");
            }
        };
        return privateFromPkcs8(pkcs8, kid, KeyUse.ANY, null);
    }

    /**
     * Parses PKCS#8; derives the public half from libcrypto and, when {@code expectedPub} is given
     * (a JWK's public members), requires it to match.
     */
    public static PrivateParts privateFromPkcs8(byte[] pkcs8, String kid, KeyUse only, KeyInfo expectedPub) {
        Pkcs8.Parsed parsed = Pkcs8.parse(pkcs8);
        if (parsed.kind() == KeyInfo.Kind.ML_DSA) {
            return MlDsaKeys.privateKey(parsed, kid, only, expectedPub);
        }
        EvpKey evp = EvpKey.fromPkcs8(parsed.pkcs8());
        try {
            if (parsed.kind() == KeyInfo.Kind.EC) {
                checkEcPair(evp, parsed.curve());
            }
            KeyInfo pub = Spki.parse(evp.spki());
            if (expectedPub != null && !Arrays.equals(pub.spki(), expectedPub.spki())) {
                throw new InvalidJwtKeyException("The JWK's private and public members do not belong to the same key.");
            }
            if (parsed.carriedPublic() != null && !Arrays.equals(pub.x(), parsed.carriedPublic())) {
                throw new InvalidJwtKeyException("The Ed25519 private key carries a public key that is not its own:"
                        + " its private and public parts belong to different keys.");
            }
            return new PrivateParts(new AsymmetricKey(evp, pub, kid, only, true), parsed.pkcs8().clone(), pub);
        } catch (RuntimeException e) {
            evp.close();
            throw e;
        }
    }

    /**
     * That the EC key's public point is d·G. OpenSSL 3 keeps the point it is given (aws-lc
     * checks at parse time, so there this repeats one scalar multiplication): without this, a
     * SEC1 or JWK key with the scalar of one key pair and the point of another would sign as the
     * first while {@code publicKey()}, {@code toJwk()} and {@code thumbprint()} report the second.
     */
    private static void checkEcPair(EvpKey evp, Curve curve) {
        Backend b = Backend.get();
        MemorySegment pkey = evp.acquire();
        try {
            b.clearErrors();
            MemorySegment ec = libcrypto_h.EVP_PKEY_get1_EC_KEY(pkey);
            if (ec.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("libcrypto could not read back the EC key: " + b.drainErrors());
            }
            try {
                if (libcrypto_h.EC_KEY_check_key(ec) != 1) {
                    b.clearErrors();
                    throw new InvalidJwtKeyException("The " + curve.jwkName + " private key's public point is not d·G:"
                            + " its private and public parts belong to different keys. Export the key again from"
                            + " its source.");
                }
            } finally {
                libcrypto_h.EC_KEY_free(ec);
            }
        } finally {
            evp.release();
        }
    }

    /**
     * A fresh key for {@code alg}: RSA-{@code rsaBits} for RS and PS, the algorithm's curve for ES,
     * Ed25519 for EdDSA, the algorithm's parameter set for ML-DSA.
     */
    public static PrivateParts generate(Algorithm alg, int rsaBits, String kid) {
        if (alg.family() == Algorithm.Family.ML_DSA) {
            return MlDsaKeys.generate(MlDsa.forAlgorithm(alg), kid);
        }
        return generate(alg, rsaBits, kid, false);
    }

    /** A fresh X25519 key (RFC 7748), for ECDH-ES. */
    public static PrivateParts generateX25519() {
        return generate(null, 0, null, true);
    }

    private static PrivateParts generate(Algorithm alg, int rsaBits, String kid, boolean x25519) {
        Backend b = Backend.get();
        int type;
        Curve curve = null;
        switch (x25519 ? Algorithm.Family.EDDSA : alg.family()) {
            case RSA, RSA_PSS -> {
                if (rsaBits < 2048 || rsaBits > 8192 || rsaBits % 8 != 0) {
                    throw new InvalidJwtKeyException("RSA keys are generated with 2048 to 8192 bits, a multiple of 8.");
                }
                type = libcrypto_h.EVP_PKEY_RSA();
            }
            case ECDSA -> {
                type = libcrypto_h.EVP_PKEY_EC();
                curve = Curve.forAlgorithm(alg);
            }
            case EDDSA -> type = x25519 ? b.evpPkeyX25519() : b.evpPkeyEd25519();
            default -> throw new InvalidJwtKeyException("HMAC secrets come from JwtSecretKey.generate(" + alg.jwsName() + "), not from JwtPrivateKey.");
        }
        MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new_id(type, MemorySegment.NULL);
        MemorySegment pkey;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            boolean ok = !ctx.equals(MemorySegment.NULL) && libcrypto_h.EVP_PKEY_keygen_init(ctx) == 1
                    && (curve == null || libcrypto_h.EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ctx, curve.nid) == 1)
                    && (type != libcrypto_h.EVP_PKEY_RSA() || libcrypto_h.EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, rsaBits) == 1)
                    && libcrypto_h.EVP_PKEY_keygen(ctx, out) == 1;
            if (!ok) {
                throw new IllegalStateException("libcrypto could not generate a key for " + (x25519 ? "X25519"
                        : alg.jwsName()) + ": " + b.drainErrors());
            }
            pkey = out.get(ValueLayout.ADDRESS, 0);
        } finally {
            if (!ctx.equals(MemorySegment.NULL)) {
                libcrypto_h.EVP_PKEY_CTX_free(ctx);
            }
        }
        byte[] pkcs8;
        try {
            pkcs8 = exportPkcs8(pkey, x25519 || alg.family() == Algorithm.Family.EDDSA, x25519, curve);
        } finally {
            libcrypto_h.EVP_PKEY_free(pkey);
        }
        return privateFromPkcs8(pkcs8, kid, KeyUse.ANY, null);
    }

    /** @param raw an Ed25519 or X25519 key, exported as its 32 raw private bytes */
    private static byte[] exportPkcs8(MemorySegment pkey, boolean raw, boolean x25519, Curve curve) {
        try (Arena arena = Arena.ofConfined()) {
            if (raw) {
                MemorySegment seed = arena.allocate(32);
                MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
                len.set(ValueLayout.JAVA_LONG, 0, 32);
                if (Evp.rawKey(pkey, seed, len, false) != 1
                        || len.get(ValueLayout.JAVA_LONG, 0) != 32) {
                    throw new IllegalStateException("libcrypto could not export the " + (x25519 ? "X25519" : "Ed25519") + " key");
                }
                byte[] d = seed.toArray(ValueLayout.JAVA_BYTE);
                seed.fill((byte) 0);
                try {
                    return x25519 ? Pkcs8.x25519(d) : Pkcs8.ed25519(d);
                } finally {
                    java.util.Arrays.fill(d, (byte) 0);
                }
            }
            int n = libcrypto_h.i2d_PrivateKey(pkey, MemorySegment.NULL);
            MemorySegment buf = arena.allocate(n);
            MemorySegment pp = arena.allocate(ValueLayout.ADDRESS);
            pp.set(ValueLayout.ADDRESS, 0, buf);
            libcrypto_h.i2d_PrivateKey(pkey, pp);
            byte[] der = buf.toArray(ValueLayout.JAVA_BYTE);
            try {
                return Pkcs8.parse(der).pkcs8();
            } catch (InvalidJwtKeyException notPkcs8) {
                return curve == null ? Pkcs8.fromPkcs1(der).pkcs8() : Pkcs8.fromSec1(der, curve.oid).pkcs8();
            }
        }
    }

    /** Private members for a JWK export, read back from the PKCS#8 in Java. */
    public static java.util.Map<String, Object> privateMembers(byte[] pkcs8, KeyInfo pub) {
        java.util.Map<String, Object> m = Jwk.publicMembers(pub);
        Der.Reader outer = new Der.Reader(pkcs8).read(Der.SEQUENCE);
        outer.integer();
        outer.read(Der.SEQUENCE);
        byte[] inner = outer.bytes(Der.OCTET_STRING);
        switch (pub.kind()) {
            case RSA -> {
                Der.Reader r = new Der.Reader(inner).read(Der.SEQUENCE);
                r.integer();
                r.integer();
                r.integer();
                for (String name : List.of("d", "p", "q", "dp", "dq", "qi")) {
                    m.put(name, Jwk.b64(Jwk.unsigned(r.integer())));
                }
            }
            case EC -> {
                Der.Reader r = new Der.Reader(inner).read(Der.SEQUENCE);
                r.integer();
                byte[] d = r.bytes(Der.OCTET_STRING);
                m.put("d", Jwk.b64(Jwk.fixed(new java.math.BigInteger(1, d), pub.curve().coordBytes)));
            }
            case ED25519, X25519 -> m.put("d", Jwk.b64(new Der.Reader(inner).bytes(Der.OCTET_STRING)));
            case ML_DSA -> {
                byte[] seed = Pkcs8.mlDsaSeedOf(pkcs8);
                m.put("priv", Jwk.b64(seed));
                Arrays.fill(seed, (byte) 0);
            }
        }
        return m;
    }
}
