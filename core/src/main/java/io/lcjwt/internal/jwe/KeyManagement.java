package io.lcjwt.internal.jwe;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.keys.Curve;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyFactory;
import io.lcjwt.internal.keys.KeyInfo;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Key management by {@code alg} (RFC 7518 section 4): how the content encryption key (CEK) is
 * chosen and carried. Each key kind serves only its own algorithms, checked once when an
 * encrypter or decrypter is built ({@link #keyProblem}).
 *
 * <p>On decryption a failed unwrap or RSA decryption, or an unwrapped key of the wrong length,
 * is never reported: a random CEK takes its place and the content's tag check fails with the
 * same error as any other bad tag (RFC 7516 section 11.5), so no oracle is exposed.
 */
public final class KeyManagement {
    private KeyManagement() {}

    /** The CEK and what goes in the encrypted key segment (empty for dir and ECDH-ES). */
    public record Wrapped(byte[] cek, byte[] encryptedKey) {}

    static boolean isEcdh(JweKeyAlgorithm alg) {
        return switch (alg) {
            case ECDH_ES, ECDH_ES_A128KW, ECDH_ES_A192KW, ECDH_ES_A256KW -> true;
            default -> false;
        };
    }

    /** The AES key wrap's key length for A*KW and ECDH-ES+A*KW, else 0. */
    static int kekBytes(JweKeyAlgorithm alg) {
        return switch (alg) {
            case A128KW, ECDH_ES_A128KW, A128GCMKW, PBES2_HS256_A128KW -> 16;
            case A192KW, ECDH_ES_A192KW, A192GCMKW, PBES2_HS384_A192KW -> 24;
            case A256KW, ECDH_ES_A256KW, A256GCMKW, PBES2_HS512_A256KW -> 32;
            default -> 0;
        };
    }

    private static int oaepHash(JweKeyAlgorithm alg) {
        return switch (alg) {
            case RSA_OAEP -> 1;
            case RSA_OAEP_256 -> 256;
            case RSA_OAEP_384 -> 384;
            default -> 512;
        };
    }

    static boolean isGcmKw(JweKeyAlgorithm alg) {
        return switch (alg) {
            case A128GCMKW, A192GCMKW, A256GCMKW -> true;
            default -> false;
        };
    }

    private static boolean isRsa(JweKeyAlgorithm alg) {
        return switch (alg) {
            case RSA_OAEP, RSA_OAEP_256, RSA_OAEP_384, RSA_OAEP_512 -> true;
            default -> false;
        };
    }

    /**
     * Why a key cannot serve {@code alg}, or null when it can.
     *
     * @param secretLength the secret's length for a secret key, else -1
     * @param info the public half of an asymmetric key, else null
     */
    public static String keyProblem(JweKeyAlgorithm alg, int secretLength, KeyInfo info) {
        return keyProblem(alg, secretLength, info, false);
    }

    /**
     * As {@link #keyProblem(JweKeyAlgorithm, int, KeyInfo)}, for a key that may be a PBES2
     * password: a password serves PBES2 only, and PBES2 takes only a password.
     */
    public static String keyProblem(JweKeyAlgorithm alg, int secretLength, KeyInfo info, boolean password) {
        if (Pbes2.isPbes2(alg)) {
            return password ? null : alg.joseName() + " takes a password, JwtSecretKey.fromPassword";
        }
        if (password) {
            return "a password (JwtSecretKey.fromPassword) serves only the PBES2 algorithms";
        }
        if (alg == JweKeyAlgorithm.DIR) {
            return secretLength < 0 ? "dir takes a JwtSecretKey (the shared content encryption key)" : null;
        }
        if (kekBytes(alg) > 0 && !isEcdh(alg)) {
            if (secretLength < 0) {
                return alg.joseName() + " takes a JwtSecretKey";
            }
            return secretLength == kekBytes(alg) ? null
                    : alg.joseName() + " takes a " + kekBytes(alg) + "-byte key, not " + secretLength + " bytes";
        }
        if (isRsa(alg)) {
            return info != null && info.kind() == KeyInfo.Kind.RSA ? null
                    : alg.joseName() + " takes an RSA key of 2048 bits or more";
        }
        // ECDH-ES family
        if (info != null && (info.kind() == KeyInfo.Kind.X25519
                || info.kind() == KeyInfo.Kind.EC && info.curve() != Curve.SECP256K1)) {
            return null;
        }
        return alg.joseName() + " takes an EC key on P-256, P-384 or P-521, or an X25519 key";
    }

    /**
     * Chooses the CEK for a new JWE and encrypts it to the recipient. For the ECDH-ES family
     * the ephemeral public key goes into {@code header} as {@code epk}.
     */
    public static Wrapped wrap(JweKeyAlgorithm alg, JweContentAlgorithm enc, byte[] secret, AsymmetricKey key,
            byte[] apu, byte[] apv, Map<String, Object> header) {
        return wrap(alg, enc, null, secret, key, apu, apv, Pbes2.DEFAULT_ITERATIONS, header);
    }

    /** Whether {@code alg} decides the CEK itself (dir, ECDH-ES), so that it cannot share one with other recipients. */
    public static boolean choosesCek(JweKeyAlgorithm alg) {
        return alg == JweKeyAlgorithm.DIR || alg == JweKeyAlgorithm.ECDH_ES;
    }

    /**
     * As {@link #wrap(JweKeyAlgorithm, JweContentAlgorithm, byte[], AsymmetricKey, byte[], byte[], Map)},
     * wrapping {@code cek} when it is not null (a CEK shared by several recipients; not for
     * {@link #choosesCek} algorithms), with {@code p2c} PBES2 iterations.
     */
    public static Wrapped wrap(JweKeyAlgorithm alg, JweContentAlgorithm enc, byte[] cek, byte[] secret,
            AsymmetricKey key, byte[] apu, byte[] apv, int p2c, Map<String, Object> header) {
        if (cek != null && choosesCek(alg)) {
            throw new IllegalArgumentException(alg.joseName() + " chooses its own content encryption key");
        }
        if (alg == JweKeyAlgorithm.DIR) {
            if (secret.length != enc.keyBytes()) {
                throw new InvalidJwtKeyException("dir with " + enc.joseName() + " takes a " + enc.keyBytes()
                        + "-byte key; this one has " + secret.length + " bytes.");
            }
            return new Wrapped(secret.clone(), new byte[0]);
        }
        if (isEcdh(alg)) {
            return agreeAsSender(alg, enc, cek, key, apu, apv, header);
        }
        if (cek == null) {
            cek = ContentCipher.newKey(enc);
        } else {
            cek = cek.clone();
        }
        if (Pbes2.isPbes2(alg)) {
            return new Wrapped(cek, Pbes2.wrap(alg, secret, p2c, cek, header));
        }
        if (isRsa(alg)) {
            return new Wrapped(cek, RsaOaep.encrypt(key.evp(), oaepHash(alg), cek));
        }
        if (isGcmKw(alg)) {
            byte[] iv = Native.random(AesGcm.IV_BYTES);
            byte[] sealed = AesGcm.seal(secret, iv, new byte[0], cek);
            int n = sealed.length - AesGcm.TAG_BYTES;
            header.put("iv", b64(iv));
            header.put("tag", b64(Arrays.copyOfRange(sealed, n, sealed.length)));
            return new Wrapped(cek, Arrays.copyOf(sealed, n));
        }
        return new Wrapped(cek, AesKeyWrap.wrap(secret, cek));
    }

    /**
     * The CEK of a received JWE. Refuses what is visible without a key (a non-empty encrypted
     * key for dir/ECDH-ES, a bad {@code epk}); never says whether an unwrap failed.
     */
    public static byte[] unwrap(JweHeaderReader.Header h, byte[] secret, AsymmetricKey key, byte[] encryptedKey) {
        JweKeyAlgorithm alg = h.alg();
        JweContentAlgorithm enc = h.enc();
        if (alg == JweKeyAlgorithm.DIR || alg == JweKeyAlgorithm.ECDH_ES) {
            if (encryptedKey.length != 0) {
                throw new MalformedJwtException("A " + alg.joseName() + " JWE has an empty encrypted key segment"
                        + " (RFC 7516 section 5.2 step 10); this one is " + encryptedKey.length + " bytes.");
            }
        }
        if (alg == JweKeyAlgorithm.DIR) {
            if (secret.length != enc.keyBytes()) {
                throw new io.lcjwt.JweDecryptionException("The JWE's enc " + enc.joseName() + " takes a "
                        + enc.keyBytes() + "-byte key, but this decrypter's direct key has " + secret.length + " bytes.");
            }
            return secret.clone();
        }
        byte[] cek;
        if (isEcdh(alg)) {
            byte[] derived = agreeAsRecipient(h, key);
            if (alg == JweKeyAlgorithm.ECDH_ES) {
                return derived;
            }
            try {
                cek = AesKeyWrap.unwrap(derived, encryptedKey);
            } finally {
                Arrays.fill(derived, (byte) 0);
            }
        } else if (isRsa(alg)) {
            cek = RsaOaep.decrypt(key.evp(), oaepHash(alg), encryptedKey);
        } else if (Pbes2.isPbes2(alg)) {
            cek = Pbes2.unwrap(h, secret, encryptedKey);
        } else if (isGcmKw(alg)) {
            cek = AesGcm.open(secret, h.kwIv(), new byte[0], encryptedKey, h.kwTag());
        } else {
            cek = AesKeyWrap.unwrap(secret, encryptedKey);
        }
        if (cek == null || cek.length != enc.keyBytes()) {
            if (cek != null) {
                Arrays.fill(cek, (byte) 0);
            }
            // RFC 7516 section 11.5: carry on with a random key, so this ends like a bad tag.
            cek = ContentCipher.newKey(enc);
        }
        return cek;
    }

    private static String b64(byte[] b) {
        return new String(io.lcjwt.internal.codec.Base64Url.encode(b), java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** AlgorithmID and key length per RFC 7518 section 4.6.2: enc's for ECDH-ES, the wrap's for +A*KW. */
    private static byte[] kdf(JweKeyAlgorithm alg, JweContentAlgorithm enc, byte[] z, byte[] apu, byte[] apv) {
        boolean direct = alg == JweKeyAlgorithm.ECDH_ES;
        int keyBytes = direct ? enc.keyBytes() : kekBytes(alg);
        String id = direct ? enc.joseName() : alg.joseName();
        try {
            return ConcatKdf.derive(z, ConcatKdf.otherInfo(id, apu, apv, keyBytes), keyBytes);
        } finally {
            Arrays.fill(z, (byte) 0);
        }
    }

    private static Wrapped agreeAsSender(JweKeyAlgorithm alg, JweContentAlgorithm enc, byte[] given,
            AsymmetricKey recipient, byte[] apu, byte[] apv, Map<String, Object> header) {
        KeyInfo info = recipient.info();
        EcdhEs.Ephemeral eph = info.kind() == KeyInfo.Kind.X25519 ? EcdhEs.x25519() : EcdhEs.ec(info.curve());
        try {
            byte[] z = EcdhEs.agree(eph.key(), recipient.evp());
            if (z == null) {
                // Any 32 bytes import as an X25519 key; a small-order one agrees on nothing.
                throw new InvalidJwtKeyException("The recipient key gives no usable ECDH-ES shared secret (for"
                        + " X25519: a key of small order); it cannot receive JWEs.");
            }
            header.put("epk", new LinkedHashMap<>(Jwk.publicMembers(eph.pub())));
            byte[] derived = kdf(alg, enc, z, apu, apv);
            if (alg == JweKeyAlgorithm.ECDH_ES) {
                return new Wrapped(derived, new byte[0]);
            }
            try {
                byte[] cek = given != null ? given.clone() : ContentCipher.newKey(enc);
                return new Wrapped(cek, AesKeyWrap.wrap(derived, cek));
            } finally {
                Arrays.fill(derived, (byte) 0);
            }
        } finally {
            eph.key().close();
        }
    }

    private static byte[] agreeAsRecipient(JweHeaderReader.Header h, AsymmetricKey mine) {
        KeyInfo info = mine.info();
        Map<String, Object> epk = h.epk();
        if (epk.containsKey("d")) {
            throw new MalformedJwtException("The JWE's \"epk\" carries a private key (\"d\"); an ephemeral public"
                    + " key must not, and lcjwt refuses it before any key agreement.");
        }
        Object kty = epk.get("kty");
        Object crv = epk.get("crv");
        String mineKty = info.kind() == KeyInfo.Kind.EC ? "EC" : "OKP";
        String mineCrv = info.kind() == KeyInfo.Kind.EC ? info.curve().jwkName : "X25519";
        if (!mineKty.equals(kty) || !mineCrv.equals(crv)) {
            throw new MalformedJwtException("The JWE's \"epk\" is " + io.lcjwt.internal.Untrusted.quote(kty) + "/"
                    + io.lcjwt.internal.Untrusted.quote(crv) + " but this decrypter's key is " + mineKty + "/" + mineCrv
                    + "; the ephemeral key must be on the recipient's curve.");
        }
        AsymmetricKey peer;
        try {
            Jwk.Parsed parsed = Jwk.parse(epk);
            peer = KeyFactory.publicFromInfo(parsed.pub(), null, io.lcjwt.internal.keys.KeyUse.ANY);
        } catch (InvalidJwtKeyException e) {
            throw new MalformedJwtException("The JWE's \"epk\" is not a valid " + mineCrv + " public key: "
                    + e.getMessage(), e);
        }
        byte[] z;
        try {
            z = EcdhEs.agree(mine.evp(), peer.evp());
        } finally {
            peer.close();
        }
        if (z == null) {
            throw new MalformedJwtException("The JWE's \"epk\" gives no usable shared secret (libcrypto refused the"
                    + " key agreement, or the result is all zeros: a small-order point).");
        }
        return kdf(h.alg(), h.enc(), z, h.apu(), h.apv());
    }
}
