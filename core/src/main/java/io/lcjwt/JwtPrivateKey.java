package io.lcjwt;

import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.EvpKey;
import io.lcjwt.internal.keys.Jca;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyFactory;
import io.lcjwt.internal.keys.KeyUse;
import io.lcjwt.internal.keys.MlDsaKeys;

import java.lang.ref.Cleaner;

/**
 * An RSA, EC, Ed25519 or ML-DSA private key for signing, parsed into libcrypto once; or a
 * decryption key for {@link JweDecrypter} (RSA, EC, or X25519, which serves JWE alone).
 *
 * <pre>{@code
 * JwtPrivateKey key = JwtPrivateKey.fromPem(pem);                  // PKCS#8, PKCS#1 or SEC1
 * JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.ES256).keyId("k1").build();
 * JwtPublicKey pub = key.publicKey();                           // for the verifier side
 * JwtPrivateKey fromJdk = JwtPrivateKey.from(jdkPrivateKey);     // PKCS#8; and back: toJavaKey()
 * }</pre>
 *
 * <p>Encrypted PEM keys are refused (decrypt them first); an {@code EC PARAMETERS} block next
 * to a SEC1 key is read for its curve. The same size and curve rules as {@link JwtPublicKey} apply,
 * and a key whose members do not belong together is refused, in every form and on both
 * libcryptos: RSA members that fail n = p·q or the d, dp, dq, qi relations, an EC scalar outside
 * 1..n-1 or beside another key's public point, an Ed25519 seed beside another key's public key.
 * An ML-DSA key (RFC 9881 PKCS#8, or an {@code AKP} JWK) is kept as its 32-byte seed: the seed
 * form and the "both" form (seed and expanded key, which must be the one the seed yields) are
 * read; the expanded form alone is refused, as nothing in it can be checked (JDK 24 and 25 write
 * that form, so their ML-DSA private keys cannot be imported; generate the key here instead).
 * ML-DSA needs a libcrypto that has it ({@link LibCrypto#supports(Algorithm)}).
 * {@code toString} never shows key material.
 *
 * <p>Immutable and thread-safe. {@link #close()} frees the libcrypto key; see {@link JwtKey} for
 * what it means for signers built on it. Keys returned by {@link #publicKey()} are separate
 * objects with native state of their own.
 */
public final class JwtPrivateKey implements JwtKey {

    private static final Cleaner CLEANER = Cleaner.create();

    private final KeyFactory.PrivateParts parts;
    private final SharedNative shared;
    private final Cleaner.Cleanable cleanable;

    JwtPrivateKey(KeyFactory.PrivateParts parts) {
        this(parts, null);
    }

    /** With {@code shared} null, the key owns its native key; else it shares another key's. */
    private JwtPrivateKey(KeyFactory.PrivateParts parts, SharedNative shared) {
        this.parts = parts;
        AsymmetricKey state = parts.key();
        EvpKey evp = state.evp(); // the action must not reach the object it watches
        this.shared = shared != null ? shared : new SharedNative(evp);
        // Registered on the internal key, not on this object: a decode or signer may hold only
        // the internal key (a JWKS rotation drops the public objects), and its native state must
        // live until the last such use ends. The action holds only the shared native state.
        this.cleanable = CLEANER.register(state, this.shared.hold());
    }

    /**
     * A private key from PEM: {@code PRIVATE KEY} (PKCS#8), {@code RSA PRIVATE KEY} (PKCS#1) or
     * {@code EC PRIVATE KEY} (SEC1).
     *
     * @param pem the text of exactly one unencrypted private key block (for SEC1, optionally
     *        after an {@code EC PARAMETERS} block)
     * @return a new key, which owns native state until it is closed
     * @throws NullPointerException if {@code pem} is null
     * @throws InvalidJwtKeyException if the text holds no such key or more than one, the key is
     *         encrypted, or it is refused (weak, unsupported, or its members do not belong
     *         together)
     */
    public static JwtPrivateKey fromPem(String pem) {
        JwtPublicKey.requireKey(pem, "pem");
        return new JwtPrivateKey(KeyFactory.privateFromPem(pem, null));
    }

    /**
     * A private key from a DER PKCS#8 PrivateKeyInfo.
     *
     * @param pkcs8 the DER bytes, copied
     * @return a new key, which owns native state until it is closed
     * @throws NullPointerException if {@code pkcs8} is null
     * @throws InvalidJwtKeyException if the bytes are not one PrivateKeyInfo, or the key is refused
     *         (weak, unsupported, or its members do not belong together)
     */
    public static JwtPrivateKey fromDer(byte[] pkcs8) {
        JwtPublicKey.requireKey(pkcs8, "pkcs8");
        return new JwtPrivateKey(KeyFactory.privateFromPkcs8(pkcs8.clone(), null, KeyUse.ANY, null));
    }

    /**
     * From a JDK private key, by its PKCS#8 encoding; the same rules as {@link #fromDer} apply,
     * including the check that its members belong together. lcjwt reads the encoding only: the
     * key then lives in libcrypto.
     *
     * <pre>{@code
     * java.security.PrivateKey jdk = (java.security.PrivateKey) keyStore.getKey("signer", password);
     * JwtPrivateKey key = JwtPrivateKey.from(jdk);
     * }</pre>
     *
     * @param key an RSA, EC (P-256, P-384, P-521), Ed25519 or ML-DSA private key (the last
     *        encoded with its seed)
     * @return the same key as a {@code JwtPrivateKey}
     * @throws NullPointerException if {@code key} is null
     * @throws InvalidJwtKeyException if the key has no encoding (a hardware or
     *         non-exportable key), is not encoded as PKCS#8, or is refused by lcjwt's import rules
     */
    public static JwtPrivateKey from(java.security.PrivateKey key) {
        byte[] der = Jca.encoded(key, "PKCS#8", "key");
        try {
            return new JwtPrivateKey(KeyFactory.privateFromPkcs8(der, null, KeyUse.ANY, null));
        } finally {
            java.util.Arrays.fill(der, (byte) 0);
        }
    }

    /**
     * This key as a JDK private key, read by the JDK's {@code KeyFactory} ({@code RSA}, {@code EC},
     * {@code Ed25519} or {@code ML-DSA}) from {@link #toDer()}; for ML-DSA on a JDK that reads only
     * the expanded form (JDK 24 and 25), from that form, which lcjwt then derives from the seed.
     * Handle with care: it is the secret. The {@code kid} is not carried over.
     *
     * <pre>{@code
     * java.security.PrivateKey jdk = JwtPrivateKey.fromPem(pem).toJavaKey();
     * }</pre>
     *
     * @return an {@code RSAPrivateCrtKey}, {@code ECPrivateKey}, {@code EdECPrivateKey} or the
     *         JDK's ML-DSA key
     * @throws UnsupportedOperationException for a secp256k1 key, a curve the JDK no longer has, or
     *         an ML-DSA key on a JDK older than 24
     * @throws IllegalStateException if this key has been closed
     */
    public java.security.PrivateKey toJavaKey() {
        AsymmetricKey k = impl(); // refuses a closed key
        return Jca.toPrivate(parts.pub(), parts.pkcs8(), () -> MlDsaKeys.expandedPkcs8(k));
    }

    /**
     * A fresh key for {@code algorithm} from libcrypto's generator: RSA-2048 for RS* and PS*, the
     * algorithm's curve for ES*, Ed25519 for EdDSA, the algorithm's parameter set for ML-DSA
     * (kept as its seed). For tests and tools.
     *
     * <pre>{@code
     * JwtPrivateKey pq = JwtPrivateKey.generate(Algorithm.ML_DSA_65);
     * String jwk = pq.publicKey().toJwk();   // {"kty":"AKP","alg":"ML-DSA-65","pub":"..."}
     * }</pre>
     *
     * @param algorithm an RS, PS, ES, EdDSA or ML-DSA algorithm (for HS*, see {@link JwtSecretKey#generate})
     * @return a new key, which owns native state until it is closed
     * @throws NullPointerException if {@code algorithm} is null
     * @throws InvalidJwtKeyException if {@code algorithm} is an HMAC algorithm
     * @throws UnsupportedOperationException if {@code algorithm} is ML-DSA and the loaded libcrypto
     *         lacks it ({@link LibCrypto#supports(Algorithm)})
     */
    public static JwtPrivateKey generate(Algorithm algorithm) {
        java.util.Objects.requireNonNull(algorithm, "algorithm");
        return new JwtPrivateKey(KeyFactory.generate(algorithm, 2048, null));
    }

    /**
     * A fresh X25519 key (RFC 7748) from libcrypto's generator: a recipient key for
     * {@link JweDecrypter} with ECDH-ES (its {@link #publicKey()} for {@link JweEncrypter}); it
     * never signs. For tests and tools. (Ed25519 and EC keys come from {@link #generate}, by their
     * JWS algorithm; X25519 has none.)
     *
     * <pre>{@code
     * JwtPrivateKey recipient = JwtPrivateKey.generateX25519().withKeyId("enc-1");
     * String published = recipient.publicKey().toJwk();   // {"kty":"OKP","crv":"X25519",...}
     * }</pre>
     *
     * @return a new key, which owns native state until it is closed
     */
    public static JwtPrivateKey generateX25519() {
        return new JwtPrivateKey(KeyFactory.generateX25519());
    }

    /**
     * A fresh RSA key of a given size.
     *
     * @param bits the modulus size: 2048 to 8192, a multiple of 8
     * @return a new key, which owns native state until it is closed
     * @throws InvalidJwtKeyException if {@code bits} is outside 2048..8192 or not a multiple of 8
     */
    public static JwtPrivateKey generateRsa(int bits) {
        return new JwtPrivateKey(KeyFactory.generate(Algorithm.RS256, bits, null));
    }

    /**
     * The same key with another {@code kid} (also given to its {@link #publicKey()}). The new key
     * shares this key's native state rather than parse the key again, so
     * {@code JwtPrivateKey.fromPem(pem).withKeyId("k1")} costs one native key, not two: closing
     * either key closes both, and otherwise the state is freed once both are unreachable.
     *
     * @param kid the key id, non-empty
     * @return a key that differs from this one only in its {@code kid}
     * @throws NullPointerException if {@code kid} is null
     * @throws IllegalArgumentException if {@code kid} is empty
     * @throws IllegalStateException if this key has been closed
     */
    public JwtPrivateKey withKeyId(String kid) {
        JwtSecretKey.checkKeyId(kid);
        AsymmetricKey k = impl();
        return new JwtPrivateKey(new KeyFactory.PrivateParts(new AsymmetricKey(k.evp(), k.info(), kid, k.use(),
                true), parts.pkcs8(), parts.pub()), shared);
    }

    /** {@return the matching public key (with this key's {@code kid}), a new key of its own} */
    public JwtPublicKey publicKey() {
        return new JwtPublicKey(KeyFactory.publicFromInfo(parts.pub(), keyId(), parts.key().use().forPublicHalf()));
    }

    AsymmetricKey impl() {
        if (parts.key().evp().isClosed()) {
            throw new IllegalStateException("this JwtPrivateKey has been closed; use an open key");
        }
        return parts.key();
    }

    @Override
    public String keyId() {
        return parts.key().keyId();
    }

    @Override
    public boolean supports(Algorithm algorithm) {
        AsymmetricKey k = parts.key();
        return k.fits(algorithm) && (k.use().jwsProblem(algorithm, false) == null
                || k.use().jwsProblem(algorithm, true) == null);
    }

    /**
     * {@return the DER PKCS#8 PrivateKeyInfo, a fresh copy; handle with care: it is the secret}
     */
    public byte[] toDer() {
        return parts.pkcs8().clone();
    }

    /**
     * {@return the private JWK, with {@code d} (and the RSA CRT members), or for ML-DSA an
     * {@code AKP} JWK with {@code priv}, the seed; handle with care: it is the secret}
     */
    public String toJwk() {
        java.util.Map<String, Object> m = KeyFactory.privateMembers(parts.pkcs8(), parts.pub());
        if (keyId() != null) {
            m.put("kid", keyId());
        }
        parts.key().use().writeTo(m);
        return Jwk.toJson(m);
    }

    /**
     * The RFC 7638 thumbprint of the public half.
     *
     * @return the SHA-256 thumbprint, base64url without padding
     */
    public String thumbprint() {
        return Jwk.thumbprint(parts.key().publicMembers(), true); // the key's info is its public half's
    }

    /** Frees the native state now, also for the keys made from this one by {@link #withKeyId}. */
    @Override
    public void close() {
        cleanable.clean();
        shared.freeNow();
    }

    @Override
    public String toString() {
        String d = parts.pub().describe();
        return "JwtPrivateKey[" + (keyId() == null ? "" : "kid=" + keyId() + ", ") + d.substring(d.indexOf(' ') + 1)
                + (parts.key().evp().isClosed() ? ", closed" : "") + "]";
    }
}
