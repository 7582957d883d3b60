package io.lcjwt;

import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.EvpKey;
import io.lcjwt.internal.keys.Jca;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyFactory;
import io.lcjwt.internal.keys.KeyInfo;
import io.lcjwt.internal.keys.KeyUse;

import java.lang.ref.Cleaner;
import java.util.Base64;
import java.util.Map;

/**
 * An RSA, EC (P-256, P-384, P-521, secp256k1), Ed25519 or ML-DSA public key, parsed into
 * libcrypto once.
 *
 * <pre>{@code
 * JwtPublicKey key = JwtPublicKey.fromPem(Files.readString(Path.of("issuer.pem")));
 * JwtVerifier verifier = JwtVerifier.builder(key).algorithms(Algorithm.RS256).build();
 * JwtPublicKey fromJdk = JwtPublicKey.from(certificate.getPublicKey());   // and back: toJavaKey()
 * }</pre>
 *
 * <p>Refused at import, each with its own message: RSA keys outside 2048..8192 bits or with an
 * exponent that is even, below 65537 or longer than 33 bits; EC points not on their curve or on another curve;
 * Ed25519 keys that are not canonical or of small order; ML-DSA keys not of their parameter
 * set's size, or on a libcrypto without ML-DSA ({@link LibCrypto#supports(Algorithm)}); private
 * keys; PEM text holding more than one block. A key serves only algorithms of its kind: an RSA
 * key RS* and PS*, an EC key the one ES algorithm of its curve, an Ed25519 key EdDSA, an ML-DSA
 * key the one ML-DSA algorithm of its parameter set. An X25519 key (RFC 8037) serves no JWS
 * algorithm: it is a recipient key for {@link JweEncrypter} (ECDH-ES).
 *
 * <p>Immutable and thread-safe. {@link #close()} frees the libcrypto key; see {@link JwtKey} for
 * what it means for verifiers built on it.
 */
public final class JwtPublicKey implements JwtKey {

    private static final Cleaner CLEANER = Cleaner.create();

    private final AsymmetricKey impl;
    private final SharedNative shared;
    private final Cleaner.Cleanable cleanable;

    JwtPublicKey(AsymmetricKey impl) {
        this(impl, null);
    }

    /** With {@code shared} null, the key owns {@code impl}'s native key; else it shares another key's. */
    private JwtPublicKey(AsymmetricKey impl, SharedNative shared) {
        this.impl = impl;
        EvpKey evp = impl.evp(); // the action must not reach the object it watches
        this.shared = shared != null ? shared : new SharedNative(evp);
        // Registered on the internal key, not on this object: a decode or signer may hold only
        // the internal key (a JWKS rotation drops the public objects), and its native state must
        // live until the last such use ends. The action holds only the shared native state.
        this.cleanable = CLEANER.register(impl, this.shared.hold());
    }

    /**
     * A public key from PEM: {@code PUBLIC KEY} (SPKI), {@code RSA PUBLIC KEY} (PKCS#1) or
     * {@code CERTIFICATE} (its key is taken; the certificate itself is not validated).
     *
     * @param pem the text of exactly one PEM block
     * @return a new key, which owns native state until it is closed
     * @throws NullPointerException if {@code pem} is null
     * @throws InvalidJwtKeyException if the text is not one such block, or the key is refused (see
     *         the class description)
     */
    public static JwtPublicKey fromPem(String pem) {
        requireKey(pem, "pem");
        return new JwtPublicKey(KeyFactory.publicFromPem(pem, null));
    }

    /**
     * A public key from a DER SubjectPublicKeyInfo.
     *
     * @param spki the DER bytes, copied
     * @return a new key, which owns native state until it is closed
     * @throws NullPointerException if {@code spki} is null
     * @throws InvalidJwtKeyException if the bytes are not one SubjectPublicKeyInfo, or the key is
     *         refused (see the class description)
     */
    public static JwtPublicKey fromDer(byte[] spki) {
        requireKey(spki, "spki");
        return new JwtPublicKey(KeyFactory.publicFromSpki(spki.clone(), null, KeyUse.ANY));
    }

    /**
     * From a JDK public key, by its X.509 SubjectPublicKeyInfo encoding; the same rules as
     * {@link #fromDer} apply. lcjwt reads the encoding only: the key then lives in libcrypto.
     *
     * <pre>{@code
     * java.security.PublicKey jdk = keyStore.getCertificate("issuer").getPublicKey();
     * JwtPublicKey key = JwtPublicKey.from(jdk);
     * }</pre>
     *
     * @param key an RSA, EC (P-256, P-384, P-521), Ed25519 or ML-DSA public key
     * @return the same key as a {@code JwtPublicKey}
     * @throws NullPointerException if {@code key} is null
     * @throws InvalidJwtKeyException if the key has no encoding (a hardware or
     *         non-exportable key), is not encoded as X.509, or is refused by lcjwt's import rules
     */
    public static JwtPublicKey from(java.security.PublicKey key) {
        return new JwtPublicKey(KeyFactory.publicFromSpki(Jca.encoded(key, "X.509", "key"), null, KeyUse.ANY));
    }

    /**
     * This key as a JDK public key, read by the JDK's {@code KeyFactory} ({@code RSA}, {@code EC},
     * {@code Ed25519} or, from JDK 24, {@code ML-DSA}) from {@link #toDer()}. The {@code kid} is
     * not carried over.
     *
     * <pre>{@code
     * java.security.PublicKey jdk = JwtPublicKey.fromPem(pem).toJavaKey();
     * }</pre>
     *
     * @return an {@code RSAPublicKey}, {@code ECPublicKey}, {@code EdECPublicKey} or the JDK's
     *         ML-DSA key
     * @throws UnsupportedOperationException for a secp256k1 key, a curve the JDK no longer has, or
     *         an ML-DSA key on a JDK older than 24
     * @throws IllegalStateException if this key has been closed
     */
    public java.security.PublicKey toJavaKey() {
        return Jca.toPublic(impl().info());
    }

    static void requireKey(Object material, String parameter) {
        if (material == null) {
            throw new NullPointerException(parameter);
        }
    }

    /**
     * The same key with the given {@code kid}. The new key shares this key's native state rather
     * than parse the key again, so {@code JwtPublicKey.fromPem(pem).withKeyId("k1")} costs one
     * native key, not two: closing either key closes both, and otherwise the state is freed once
     * both are unreachable.
     *
     * @param kid the key id, non-empty
     * @return a key that differs from this one only in its {@code kid}
     * @throws NullPointerException if {@code kid} is null
     * @throws IllegalArgumentException if {@code kid} is empty
     * @throws IllegalStateException if this key has been closed
     */
    public JwtPublicKey withKeyId(String kid) {
        JwtSecretKey.checkKeyId(kid);
        AsymmetricKey k = impl();
        return new JwtPublicKey(new AsymmetricKey(k.evp(), k.info(), kid, k.use(), false), shared);
    }

    AsymmetricKey impl() {
        if (impl.evp().isClosed()) {
            throw new IllegalStateException("this JwtPublicKey has been closed; use an open key");
        }
        return impl;
    }

    @Override
    public String keyId() {
        return impl.keyId();
    }

    @Override
    public boolean supports(Algorithm algorithm) {
        return impl.supports(algorithm);
    }

    /** {@return {@code RSA}, {@code EC}, {@code OKP} or {@code AKP} (ML-DSA), as in a JWK's {@code kty}} */
    public String keyType() {
        return switch (impl.info().kind()) {
            case RSA -> "RSA";
            case EC -> "EC";
            case ED25519, X25519 -> "OKP";
            case ML_DSA -> "AKP";
        };
    }

    /**
     * {@return the key size in bits (the modulus for RSA, the field for EC, 256 for Ed25519, the
     * encoded public key for ML-DSA: 10,496, 15,616 or 20,736)}
     */
    public int bits() {
        return impl.info().bits();
    }

    /** {@return the DER SubjectPublicKeyInfo, a fresh copy} */
    public byte[] toDer() {
        return impl.info().spki().clone();
    }

    /** {@return the key as a PEM {@code PUBLIC KEY} block, ending in a newline} */
    public String toPem() {
        return "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(impl.info().spki())
                + "\n-----END PUBLIC KEY-----\n";
    }

    /**
     * The public JWK.
     *
     * @return a JSON object with {@code kty}, the public members (EC coordinates at full width),
     *         and {@code kid} and {@code alg} when the key has them
     */
    public String toJwk() {
        Map<String, Object> extras = new java.util.LinkedHashMap<>();
        if (keyId() != null) {
            extras.put("kid", keyId());
        }
        impl.use().writeTo(extras);
        return Jwk.toJson(impl.publicMembers(), extras);
    }

    /**
     * The RFC 7638 JWK thumbprint.
     *
     * @return the SHA-256 thumbprint, base64url without padding
     */
    public String thumbprint() {
        return Jwk.thumbprint(impl.publicMembers(), true);
    }

    KeyInfo info() {
        return impl.info();
    }

    /** The public JWK members, encoded once (see {@link AsymmetricKey#publicMembers()}). */
    Map<String, Object> publicMembers() {
        return impl.publicMembers();
    }

    /** Frees the native state now, also for the keys made from this one by {@link #withKeyId}. */
    @Override
    public void close() {
        cleanable.clean();
        shared.freeNow();
    }

    @Override
    public String toString() {
        return "JwtPublicKey[" + (keyId() == null ? "" : "kid=" + keyId() + ", ") + impl.info().describe().substring(
                impl.info().describe().indexOf(' ') + 1) + (impl.evp().isClosed() ? ", closed" : "") + "]";
    }
}
