package io.lcjwt;

import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyFactory;

import java.lang.ref.Cleaner;

/**
 * An RSA, EC or Ed25519 private key for signing, parsed into libcrypto once.
 *
 * <pre>{@code
 * JwtPrivateKey key = JwtPrivateKey.fromPem(pem);                  // PKCS#8, PKCS#1 or SEC1
 * JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.ES256).keyId("k1").build();
 * JwtPublicKey pub = key.publicKey();                           // for the verifier side
 * }</pre>
 *
 * <p>Encrypted PEM keys are refused (decrypt them first); an {@code EC PARAMETERS} block next
 * to a SEC1 key is read for its curve. The same size and curve rules as {@link JwtPublicKey} apply.
 * {@code toString} never shows key material.
 *
 * <p>Immutable and thread-safe. {@link #close()} frees the libcrypto key; see {@link JwtKey} for
 * what it means for signers built on it. Keys returned by {@link #publicKey()} are separate
 * objects with native state of their own.
 */
public final class JwtPrivateKey implements JwtKey {

    private static final Cleaner CLEANER = Cleaner.create();

    private final KeyFactory.PrivateParts parts;
    private final Cleaner.Cleanable cleanable;

    JwtPrivateKey(KeyFactory.PrivateParts parts) {
        this.parts = parts;
        AsymmetricKey state = parts.key();
        this.cleanable = CLEANER.register(this, state::close);
    }

    /**
     * A private key from PEM: {@code PRIVATE KEY} (PKCS#8), {@code RSA PRIVATE KEY} (PKCS#1) or
     * {@code EC PRIVATE KEY} (SEC1).
     *
     * @param pem the text of the key's PEM block (for SEC1, optionally after an
     *        {@code EC PARAMETERS} block)
     * @return a new key, which owns native state until it is closed
     * @throws InvalidJwtKeyException if the text holds no such key, the key is encrypted, or it is
     *         refused by the size and curve rules
     */
    public static JwtPrivateKey fromPem(String pem) {
        return new JwtPrivateKey(KeyFactory.privateFromPem(pem, null));
    }

    /**
     * A private key from a DER PKCS#8 PrivateKeyInfo.
     *
     * @param pkcs8 the DER bytes, copied
     * @return a new key, which owns native state until it is closed
     * @throws InvalidJwtKeyException if the bytes are not one PrivateKeyInfo, or the key is refused
     *         by the size and curve rules
     */
    public static JwtPrivateKey fromDer(byte[] pkcs8) {
        return new JwtPrivateKey(KeyFactory.privateFromPkcs8(pkcs8.clone(), null, null, null));
    }

    /**
     * A fresh key for an algorithm from libcrypto's generator: RSA-2048 for RS* and PS*, the
     * algorithm's curve for ES*, Ed25519 for EdDSA. For tests and tools.
     *
     * @param algorithm an asymmetric algorithm
     * @return a new key, which owns native state until it is closed
     * @throws InvalidJwtKeyException if {@code algorithm} is an HMAC algorithm
     */
    public static JwtPrivateKey generate(Algorithm algorithm) {
        return new JwtPrivateKey(KeyFactory.generate(algorithm, 2048, null));
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
     * The same key with another {@code kid} (also given to its {@link #publicKey()}); it has
     * native state of its own.
     *
     * @param kid the key id, non-empty
     * @return a new key
     * @throws IllegalArgumentException if {@code kid} is null or empty
     */
    public JwtPrivateKey withKeyId(String kid) {
        if (kid == null || kid.isEmpty()) {
            throw new IllegalArgumentException("a key id must be a non-empty string");
        }
        return new JwtPrivateKey(KeyFactory.privateFromPkcs8(parts.pkcs8(), kid, parts.key().restriction(), null));
    }

    /** {@return the matching public key (with this key's {@code kid}), a new key of its own} */
    public JwtPublicKey publicKey() {
        return new JwtPublicKey(KeyFactory.publicFromInfo(parts.pub(), keyId(), parts.key().restriction()));
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
        return parts.key().supports(algorithm);
    }

    /**
     * {@return the DER PKCS#8 PrivateKeyInfo, a fresh copy; handle with care: it is the secret}
     */
    public byte[] toDer() {
        return parts.pkcs8().clone();
    }

    /**
     * {@return the private JWK, with {@code d} (and the RSA CRT members); handle with care: it is the secret}
     */
    public String toJwk() {
        java.util.Map<String, Object> m = KeyFactory.privateMembers(parts.pkcs8(), parts.pub());
        if (keyId() != null) {
            m.put("kid", keyId());
        }
        return Jwk.toJson(m);
    }

    /**
     * The RFC 7638 thumbprint of the public half.
     *
     * @return the SHA-256 thumbprint, base64url without padding
     */
    public String thumbprint() {
        return Jwk.thumbprint(Jwk.publicMembers(parts.pub()));
    }

    @Override
    public void close() {
        cleanable.clean();
    }

    @Override
    public String toString() {
        String d = parts.pub().describe();
        return "JwtPrivateKey[" + (keyId() == null ? "" : "kid=" + keyId() + ", ") + d.substring(d.indexOf(' ') + 1)
                + (parts.key().evp().isClosed() ? ", closed" : "") + "]";
    }
}
