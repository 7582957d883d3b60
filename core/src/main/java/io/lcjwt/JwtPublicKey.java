package io.lcjwt;

import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyFactory;
import io.lcjwt.internal.keys.KeyInfo;

import java.lang.ref.Cleaner;
import java.util.Base64;
import java.util.Map;

/**
 * An RSA, EC (P-256, P-384, P-521, secp256k1) or Ed25519 public key, parsed into libcrypto once.
 *
 * <pre>{@code
 * JwtPublicKey key = JwtPublicKey.fromPem(Files.readString(Path.of("issuer.pem")));
 * JwtVerifier verifier = JwtVerifier.builder(key).algorithms(Algorithm.RS256).build();
 * }</pre>
 *
 * <p>Refused at import, each with its own message: RSA keys outside 2048..8192 bits or with an
 * exponent that is even or below 65537; EC points not on their curve or on another curve;
 * Ed25519 keys that are not canonical or of small order; private keys; PEM text holding more
 * than one block. A key serves only algorithms of its kind: an RSA key RS* and PS*, an EC key the
 * one ES algorithm of its curve, an Ed25519 key EdDSA.
 *
 * <p>Immutable and thread-safe. {@link #close()} frees the libcrypto key; see {@link JwtKey} for
 * what it means for verifiers built on it.
 */
public final class JwtPublicKey implements JwtKey {

    private static final Cleaner CLEANER = Cleaner.create();

    private final AsymmetricKey impl;
    private final Cleaner.Cleanable cleanable;

    JwtPublicKey(AsymmetricKey impl) {
        this.impl = impl;
        AsymmetricKey state = impl;
        this.cleanable = CLEANER.register(this, state::close);
    }

    /**
     * A public key from PEM: {@code PUBLIC KEY} (SPKI), {@code RSA PUBLIC KEY} (PKCS#1) or
     * {@code CERTIFICATE} (its key is taken; the certificate itself is not validated).
     *
     * @param pem the text of exactly one PEM block
     * @return a new key, which owns native state until it is closed
     * @throws InvalidJwtKeyException if the text is not one such block, or the key is refused (see
     *         the class description)
     */
    public static JwtPublicKey fromPem(String pem) {
        return new JwtPublicKey(KeyFactory.publicFromPem(pem, null));
    }

    /**
     * A public key from a DER SubjectPublicKeyInfo.
     *
     * @param spki the DER bytes, copied
     * @return a new key, which owns native state until it is closed
     * @throws InvalidJwtKeyException if the bytes are not one SubjectPublicKeyInfo, or the key is
     *         refused (see the class description)
     */
    public static JwtPublicKey fromDer(byte[] spki) {
        return new JwtPublicKey(KeyFactory.publicFromSpki(spki.clone(), null, null));
    }

    /**
     * The same key with another {@code kid}; it has native state of its own, so closing one of the
     * two leaves the other open.
     *
     * @param kid the key id, non-empty
     * @return a new key
     * @throws IllegalArgumentException if {@code kid} is null or empty
     */
    public JwtPublicKey withKeyId(String kid) {
        if (kid == null || kid.isEmpty()) {
            throw new IllegalArgumentException("a key id must be a non-empty string");
        }
        return new JwtPublicKey(KeyFactory.publicFromInfo(impl.info(), kid, impl.restriction()));
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

    /** {@return {@code RSA}, {@code EC} or {@code OKP}, as in a JWK's {@code kty}} */
    public String keyType() {
        return switch (impl.info().kind()) {
            case RSA -> "RSA";
            case EC -> "EC";
            case ED25519 -> "OKP";
        };
    }

    /** {@return the key size in bits (the modulus for RSA, the field for EC, 256 for Ed25519)} */
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
        Map<String, Object> m = Jwk.publicMembers(impl.info());
        if (keyId() != null) {
            m.put("kid", keyId());
        }
        if (impl.restriction() != null) {
            m.put("alg", impl.restriction().jwsName());
        }
        return Jwk.toJson(m);
    }

    /**
     * The RFC 7638 JWK thumbprint.
     *
     * @return the SHA-256 thumbprint, base64url without padding
     */
    public String thumbprint() {
        return Jwk.thumbprint(Jwk.publicMembers(impl.info()));
    }

    KeyInfo info() {
        return impl.info();
    }

    @Override
    public void close() {
        cleanable.clean();
    }

    @Override
    public String toString() {
        return "JwtPublicKey[" + (keyId() == null ? "" : "kid=" + keyId() + ", ") + impl.info().describe().substring(
                impl.info().describe().indexOf(' ') + 1) + (impl.evp().isClosed() ? ", closed" : "") + "]";
    }
}
