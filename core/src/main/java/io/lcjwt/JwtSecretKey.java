package io.lcjwt;

import io.lcjwt.internal.crypto.HmacKey;
import io.lcjwt.internal.crypto.HmacVerifyKey;

import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;

/**
 * An HMAC secret for HS256, HS384 and HS512.
 *
 * <pre>{@code
 * JwtSecretKey key = JwtSecretKey.of(secretBytes);          // at least 32 bytes
 * JwtSecretKey k1  = JwtSecretKey.of(secretBytes).withKeyId("k1");
 * }</pre>
 *
 * <p>Secrets must be at least as long as the hash (RFC 7518 section 3.2): 32 bytes for HS256, 48
 * for HS384, 64 for HS512. {@link #of} refuses anything under 32 bytes, and a verifier or signer
 * refuses a key too short for its algorithm. Legacy systems with shorter secrets must say so with
 * {@link #ofInsecureShortSecret}.
 *
 * <p>{@code of} also refuses bytes that look like a public key (PEM, DER SubjectPublicKeyInfo,
 * JWK or OpenSSH text): using a public key as an HMAC secret is the classic algorithm-confusion
 * attack, and a real secret never looks like one.
 *
 * <p>The key is absorbed into libcrypto once per hash and context; verification then only
 * restarts a pooled context. The secret never appears in {@code toString} or in messages.
 *
 * <p>Immutable and thread-safe. {@link #close()} frees the native state and wipes the copy of
 * the secret; see {@link JwtKey} for what it means for verifiers and signers built on the key.
 */
public final class JwtSecretKey implements JwtKey {

    private static final Cleaner CLEANER = Cleaner.create();

    private final HmacKey hmac;
    private final HmacVerifyKey impl;
    private final Cleaner.Cleanable cleanable;

    private JwtSecretKey(byte[] secret, String keyId, boolean allowShort) {
        this.hmac = new HmacKey(secret);
        this.impl = new HmacVerifyKey(hmac, keyId, allowShort);
        HmacKey state = hmac;
        this.cleanable = CLEANER.register(this, state::close);
    }

    HmacVerifyKey impl() {
        if (hmac.isClosed()) {
            throw new IllegalStateException("this JwtSecretKey has been closed; use an open key");
        }
        return impl;
    }

    /**
     * An HMAC secret of at least 32 bytes.
     *
     * @param secret the secret, copied (the caller may wipe its array afterwards)
     * @return a new key, which owns native state until it is closed
     * @throws InvalidJwtKeyException if it is shorter than 32 bytes, or looks like a public key
     */
    public static JwtSecretKey of(byte[] secret) {
        check(secret, false);
        return new JwtSecretKey(secret, null, false);
    }

    /** An {@code oct} JWK's secret with its {@code kid} (null for none), checked as {@link #of}. */
    static JwtSecretKey of(byte[] secret, String kid) {
        check(secret, false);
        return new JwtSecretKey(secret, kid, false);
    }

    /**
     * A secret shorter than its algorithm's hash, for legacy systems only: such keys can be
     * brute-forced far more cheaply than the algorithm promises. It serves every HS algorithm.
     *
     * @param secret the secret, copied
     * @return a new key, which owns native state until it is closed
     * @throws InvalidJwtKeyException if the secret is empty, or looks like a public key
     */
    public static JwtSecretKey ofInsecureShortSecret(byte[] secret) {
        check(secret, true);
        return new JwtSecretKey(secret, null, true);
    }

    private static void check(byte[] secret, boolean allowShort) {
        if (secret == null || secret.length == 0) {
            throw new InvalidJwtKeyException("An HMAC secret must not be empty.");
        }
        if (!allowShort && secret.length < 32) {
            throw new InvalidJwtKeyException("An HMAC secret must be at least 32 bytes (256 bits) for HS256,"
                    + " 48 for HS384 and 64 for HS512 (RFC 7518 section 3.2); this one has " + secret.length
                    + ". Use a longer random secret, or JwtSecretKey.ofInsecureShortSecret for a legacy system.");
        }
        String kind = publicKeyKind(secret);
        if (kind != null) {
            throw new InvalidJwtKeyException("These bytes look like " + kind + ", not an HMAC secret. Using a"
                    + " public key as a shared secret lets anyone forge tokens; verify RS/ES/EdDSA tokens"
                    + " with JwtPublicKey instead.");
        }
    }

    /** What public-key format the bytes resemble, or null. */
    private static String publicKeyKind(byte[] b) {
        String head = new String(b, 0, Math.min(b.length, 4096), StandardCharsets.ISO_8859_1);
        String trimmed = head.stripLeading();
        if (head.contains("-----BEGIN")) {
            return "a PEM document";
        }
        if (trimmed.startsWith("ssh-rsa ") || trimmed.startsWith("ssh-ed25519 ")
                || trimmed.startsWith("ecdsa-sha2-") || trimmed.startsWith("ssh-dss ")) {
            return "an OpenSSH public key";
        }
        if (trimmed.startsWith("{") && head.contains("\"kty\"")) {
            return "a JWK";
        }
        if (b.length > 20 && (b[0] & 0xFF) == 0x30 && (containsOid(b, RSA_OID) || containsOid(b, EC_OID)
                || containsOid(b, ED25519_OID) || containsOid(b, RSA_PSS_OID))) {
            return "a DER-encoded public key";
        }
        return null;
    }

    private static final byte[] RSA_OID = {0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01};
    private static final byte[] RSA_PSS_OID = {0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x0a};
    private static final byte[] EC_OID = {0x06, 0x07, 0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01};
    private static final byte[] ED25519_OID = {0x06, 0x03, 0x2b, 0x65, 0x70};

    private static boolean containsOid(byte[] b, byte[] oid) {
        int limit = Math.min(b.length, 64) - oid.length;
        outer:
        for (int i = 0; i <= limit; i++) {
            for (int j = 0; j < oid.length; j++) {
                if (b[i + j] != oid[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * A key with the same secret and another {@code kid}; it has native state of its own, so
     * closing one of the two leaves the other open.
     *
     * @param kid the key id, non-empty
     * @return a new key
     * @throws IllegalArgumentException if {@code kid} is null or empty
     * @throws IllegalStateException if this key has been closed
     */
    public JwtSecretKey withKeyId(String kid) {
        if (kid == null || kid.isEmpty()) {
            throw new IllegalArgumentException("a key id must be a non-empty string");
        }
        return new JwtSecretKey(secretCopy(), kid, impl.allowsShort());
    }

    private byte[] secretCopy() {
        if (hmac.isClosed()) {
            throw new IllegalStateException("this JwtSecretKey has been closed");
        }
        return hmac.secretCopy();
    }

    @Override
    public String keyId() {
        return impl.keyId();
    }

    /** {@return the secret's length in bytes} */
    public int length() {
        return hmac.length();
    }

    /** HMAC algorithms whose hash is no longer than the secret (any HMAC, for insecure short keys). */
    @Override
    public boolean supports(Algorithm algorithm) {
        return impl.supports(algorithm);
    }

    void requireSupport(Algorithm algorithm) {
        if (algorithm.family() != Algorithm.Family.HMAC) {
            throw new InvalidJwtKeyException("A JwtSecretKey serves only HS256, HS384 and HS512, not "
                    + algorithm.jwsName() + "; use a JwtPublicKey or JwtPrivateKey for it.");
        }
        if (!supports(algorithm)) {
            throw new InvalidJwtKeyException(algorithm.jwsName() + " needs a secret of at least "
                    + algorithm.hashBytes() + " bytes (RFC 7518 section 3.2); this one has " + hmac.length() + ".");
        }
    }

    /** The RFC 7638 thumbprint of the {@code oct} JWK. */
    @Override
    public String thumbprint() {
        return io.lcjwt.internal.keys.Jwk.thumbprint(java.util.Map.of("kty", "oct", "k",
                io.lcjwt.internal.keys.Jwk.b64(secretCopy())));
    }

    @Override
    public void close() {
        cleanable.clean();
    }

    @Override
    public String toString() {
        return "JwtSecretKey[" + (keyId() == null ? "" : "kid=" + keyId() + ", ") + hmac.length() + " bytes"
                + (hmac.isClosed() ? ", closed" : "") + "]";
    }
}
