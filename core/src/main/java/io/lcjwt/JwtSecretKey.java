package io.lcjwt;

import io.lcjwt.internal.crypto.HmacKey;
import io.lcjwt.internal.crypto.HmacVerifyKey;
import io.lcjwt.internal.keys.Jca;
import io.lcjwt.internal.keys.KeyUse;
import io.lcjwt.internal.keys.Spki;

import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * An HMAC secret for HS256, HS384 and HS512.
 *
 * <pre>{@code
 * JwtSecretKey key = JwtSecretKey.of(secretBytes);          // at least 32 bytes
 * JwtSecretKey k1  = JwtSecretKey.of(secretBytes).withKeyId("k1");  // one native key, shared
 * JwtSecretKey k2  = JwtSecretKey.generate(Algorithm.HS256);        // 32 random bytes
 * JwtSecretKey k3  = JwtSecretKey.from(jdkSecretKey);                // javax.crypto.SecretKey, RAW
 * }</pre>
 *
 * <p>Secrets must be at least as long as the hash (RFC 7518 section 3.2): 32 bytes for HS256, 48
 * for HS384, 64 for HS512. {@link #of} refuses anything under 32 bytes, and a verifier or signer
 * refuses a key too short for its algorithm. Legacy systems with shorter secrets must say so with
 * {@link #ofInsecureShortSecret}.
 *
 * <p>{@code of} also refuses bytes that look like a public key: PEM, JWK or OpenSSH text, and a
 * SubjectPublicKeyInfo, X.509 certificate or PKCS#1 RSAPublicKey, whether as DER or as base64
 * text without PEM armour (either alphabet, padded or not, with or without line breaks). Using a
 * public key as an HMAC secret is the classic algorithm-confusion attack, and a real secret never
 * looks like one.
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
    private final SharedNative shared;
    private final Cleaner.Cleanable cleanable;

    private JwtSecretKey(byte[] secret, String keyId, boolean allowShort) {
        this(new HmacKey(secret), keyId, allowShort, KeyUse.ANY, null);
    }

    /** With {@code shared} null, the key owns {@code hmac}; else it shares another key's. */
    private JwtSecretKey(HmacKey hmac, String keyId, boolean allowShort, KeyUse use, SharedNative shared) {
        this(hmac, keyId, allowShort, use, shared, false);
    }

    private JwtSecretKey(HmacKey hmac, String keyId, boolean allowShort, KeyUse use, SharedNative shared,
            boolean password) {
        this.hmac = hmac;
        this.impl = new HmacVerifyKey(hmac, keyId, allowShort, use, password);
        // Registered on the internal key, not on this object: a decode or signer may hold only
        // the internal key (a JWKS rotation drops the public objects), and its native state must
        // live until the last such use ends. The action holds only the native state.
        this.shared = shared != null ? shared : new SharedNative(hmac);
        this.cleanable = CLEANER.register(impl, this.shared.hold());
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
     * @throws NullPointerException if {@code secret} is null
     * @throws InvalidJwtKeyException if it is shorter than 32 bytes, or looks like a public key
     */
    public static JwtSecretKey of(byte[] secret) {
        check(secret, false);
        return new JwtSecretKey(secret, null, false);
    }

    /**
     * A fresh random secret as long as {@code algorithm}'s hash (32, 48 or 64 bytes, RFC 7518
     * section 3.2), from the JDK's default {@link SecureRandom} (the operating system's generator,
     * {@code /dev/urandom} or {@code getrandom} on Linux, unless the JVM is configured otherwise).
     * Share it with the other party through {@link #toJavaKey()} or a JWK, never in a token.
     *
     * <pre>{@code
     * JwtSecretKey key = JwtSecretKey.generate(Algorithm.HS256);
     * }</pre>
     *
     * @param algorithm HS256, HS384 or HS512
     * @return the key
     * @throws NullPointerException if {@code algorithm} is null
     * @throws InvalidJwtKeyException if {@code algorithm} is not an HMAC algorithm
     */
    public static JwtSecretKey generate(Algorithm algorithm) {
        Objects.requireNonNull(algorithm, "algorithm");
        if (algorithm.family() != Algorithm.Family.HMAC) {
            throw new InvalidJwtKeyException("JwtSecretKey.generate makes HMAC secrets; for " + algorithm.jwsName()
                    + " use JwtPrivateKey.generate.");
        }
        byte[] secret = new byte[algorithm.hashBytes()];
        Random.INSTANCE.nextBytes(secret);
        try {
            return new JwtSecretKey(secret, null, false);
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }

    /** Created on first use: most applications never generate a secret. */
    private static final class Random {
        static final SecureRandom INSTANCE = new SecureRandom();
    }

    /**
     * From a JDK secret key, by its {@code RAW} encoding, checked as {@link #of}. The key's
     * algorithm name is not consulted: any raw secret of at least 32 bytes will do.
     *
     * <pre>{@code
     * javax.crypto.SecretKey jdk = new SecretKeySpec(secretBytes, "HmacSHA256");
     * JwtSecretKey key = JwtSecretKey.from(jdk);
     * }</pre>
     *
     * @param key the JDK key
     * @return the same secret as a {@code JwtSecretKey}
     * @throws NullPointerException if {@code key} is null
     * @throws InvalidJwtKeyException if the key has no encoding (a hardware or
     *         non-exportable key), is not encoded as {@code RAW}, or is refused as {@link #of} refuses
     */
    public static JwtSecretKey from(SecretKey key) {
        byte[] raw = Jca.encoded(key, "RAW", "key");
        try {
            return of(raw);
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    /**
     * This secret as a JDK key, a {@link SecretKeySpec} named for the strongest HMAC the secret
     * serves ({@code HmacSHA512} from 64 bytes, {@code HmacSHA384} from 48, else
     * {@code HmacSHA256}); the JDK's {@code Mac} accepts it for any HMAC. Handle with care: it
     * is the secret, outside lcjwt's control. The {@code kid} is not carried over.
     *
     * <pre>{@code
     * javax.crypto.SecretKey jdk = JwtSecretKey.generate(Algorithm.HS256).toJavaKey();
     * }</pre>
     *
     * @return the secret as a {@code SecretKeySpec}
     * @throws IllegalStateException if this key has been closed
     */
    public SecretKey toJavaKey() {
        byte[] secret = secretCopy();
        try {
            return new SecretKeySpec(secret, secret.length >= 64 ? "HmacSHA512" : secret.length >= 48 ? "HmacSHA384"
                    : "HmacSHA256");
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }

    /**
     * An {@code oct} JWK's secret with its {@code kid} (null for none) and what its {@code use},
     * {@code key_ops} and {@code alg} allow: checked as {@link #forEncryption} when they keep it
     * out of JWS, else as {@link #of}.
     */
    static JwtSecretKey fromJwk(byte[] secret, String kid, KeyUse use) {
        if (use.forJws()) {
            check(secret, false);
        } else {
            checkEncryptionLength(secret);
            check(secret, true);
        }
        return new JwtSecretKey(new HmacKey(secret), kid, false, use, null);
    }

    /**
     * A secret shorter than its algorithm's hash, for legacy systems only: such keys can be
     * brute-forced far more cheaply than the algorithm promises. Empty secrets are still refused.
     * It serves every HS algorithm, whatever its length.
     *
     * @param secret the secret, copied
     * @return a new key, which owns native state until it is closed
     * @throws NullPointerException if {@code secret} is null
     * @throws InvalidJwtKeyException if the secret is empty, or looks like a public key
     */
    public static JwtSecretKey ofInsecureShortSecret(byte[] secret) {
        check(secret, true);
        return new JwtSecretKey(secret, null, true);
    }

    /**
     * A key for JWE (AES key wrap or direct encryption, see {@link JweKeyAlgorithm}): 16, 24,
     * 32, 48 or 64 bytes, the lengths those algorithms take. As an HMAC key it serves only the
     * HS algorithms whose hash it is at least as long as, so a 16- or 24-byte key made here never
     * signs or verifies a JWS.
     *
     * <pre>{@code
     * JwtSecretKey kek = JwtSecretKey.forEncryption(sixteenRandomBytes);   // A128KW
     * }</pre>
     *
     * @param key the key bytes, copied (the caller may wipe its array afterwards)
     * @return a new key, which owns native state until it is closed
     * @throws NullPointerException if {@code key} is null
     * @throws InvalidJwtKeyException if its length is not 16, 24, 32, 48 or 64 bytes, or it
     *         looks like a public key
     */
    public static JwtSecretKey forEncryption(byte[] key) {
        if (key == null) {
            throw new NullPointerException("key");
        }
        checkEncryptionLength(key);
        check(key, true);
        return new JwtSecretKey(key, null, false);
    }

    private static void checkEncryptionLength(byte[] key) {
        int n = key.length;
        if (n != 16 && n != 24 && n != 32 && n != 48 && n != 64) {
            throw new InvalidJwtKeyException("A JWE key is 16, 24 or 32 bytes (A128KW, A192KW, A256KW; dir with"
                    + " A*GCM) or 32, 48 or 64 bytes (dir with A*CBC-HS*); this one has " + n + ".");
        }
    }

    /**
     * A password for the PBES2 key management algorithms (RFC 7518 section 4.8,
     * {@link JweKeyAlgorithm#PBES2_HS256_A128KW} and its siblings), as its UTF-8 bytes. Such a key
     * serves PBES2 only: never HMAC signing or verification, never AES key wrap or {@code dir}.
     * A password is only as strong as it is hard to guess: PBKDF2's iterations slow down an
     * attacker who has a JWE, they do not make a weak password strong; prefer a random key
     * ({@link #forEncryption}) whenever both sides can keep one.
     *
     * <pre>{@code
     * JwtSecretKey pwd = JwtSecretKey.fromPassword(passwordChars);
     * }</pre>
     *
     * @param password the password, encoded as UTF-8 and copied (the caller may wipe its array)
     * @return a new key, which owns native state until it is closed
     * @throws NullPointerException if {@code password} is null
     * @throws InvalidJwtKeyException if it is empty or is not valid UTF-16 (a lone surrogate)
     */
    public static JwtSecretKey fromPassword(char[] password) {
        if (password == null) {
            throw new NullPointerException("password");
        }
        if (password.length == 0) {
            throw new InvalidJwtKeyException("A PBES2 password must not be empty.");
        }
        java.nio.ByteBuffer utf8;
        try {
            utf8 = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .encode(java.nio.CharBuffer.wrap(password));
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InvalidJwtKeyException("The password holds a lone surrogate, which has no UTF-8 encoding"
                    + " (RFC 7518 section 4.8 takes the password as UTF-8 octets).");
        }
        byte[] bytes = new byte[utf8.remaining()];
        utf8.get(bytes);
        if (utf8.hasArray()) {
            Arrays.fill(utf8.array(), (byte) 0);
        }
        try {
            return new JwtSecretKey(new HmacKey(bytes), null, true, KeyUse.PASSWORD, null, true);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /** Whether this key is a PBES2 password ({@link #fromPassword}). */
    boolean isPassword() {
        return impl.isPassword();
    }

    private static void check(byte[] secret, boolean allowShort) {
        if (secret == null) {
            throw new NullPointerException("secret");
        }
        if (secret.length == 0) {
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
        // Every shape Spki knows is a DER SEQUENCE, whose first byte is 0x30, and base64 of one
        // starts with 'M' in either alphabet. Anything else is not one, and a service's secret
        // then loads neither Spki nor the JDK's Base64 (a start-up rule, docs/architecture.md).
        String shape = (b[0] & 0xFF) == 0x30 ? Spki.publicKeyShape(b) : null;
        if (shape != null) {
            return shape;
        }
        byte[] decoded = trimmed.startsWith("M") ? base64(b) : null;
        if (decoded != null) {
            shape = Spki.publicKeyShape(decoded);
            if (shape != null) {
                return "base64 of " + shape;
            }
        }
        return null;
    }

    /**
     * The bytes decoded as base64 text in either alphabet, padded or not, with whitespace
     * anywhere (how an SPKI or certificate looks without its PEM armour); null when they are not
     * such text.
     */
    private static byte[] base64(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length);
        for (byte x : b) {
            char c = (char) (x & 0xFF);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                continue;
            }
            if (c == '-') {
                c = '+';
            } else if (c == '_') {
                c = '/';
            } else if (c == '=') {
                continue;
            } else if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/')) {
                return null;
            }
            sb.append(c);
        }
        if (sb.length() % 4 == 1) {
            return null;
        }
        try {
            return Base64.getDecoder().decode(sb.append("==", 0, (4 - sb.length() % 4) % 4).toString());
        } catch (IllegalArgumentException e) {
            return null;
        }
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
     * The same secret with the given {@code kid}. The new key shares this key's native state
     * rather than absorb the secret again, so {@code JwtSecretKey.of(secret).withKeyId("k1")}
     * costs one native key, not two: closing either key closes both, and otherwise the state is
     * freed once both are unreachable.
     *
     * @param kid the key id, non-empty
     * @return a key that differs from this one only in its {@code kid}
     * @throws NullPointerException if {@code kid} is null
     * @throws IllegalArgumentException if {@code kid} is empty
     * @throws IllegalStateException if this key has been closed
     */
    public JwtSecretKey withKeyId(String kid) {
        checkKeyId(kid);
        impl(); // refuses a closed key
        return new JwtSecretKey(hmac, kid, impl.allowsShort(), impl.use(), shared, impl.isPassword());
    }

    static void checkKeyId(String kid) {
        Objects.requireNonNull(kid, "kid");
        if (kid.isEmpty()) {
            throw new IllegalArgumentException("kid must be a non-empty string, not \"\"");
        }
    }

    /** A copy of the secret, for JWE's AES uses; the caller wipes it. */
    byte[] secretCopy() {
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

    /**
     * HMAC algorithms whose hash is no longer than the secret (any HMAC, for insecure short keys),
     * and that the JWK's {@code alg}, {@code use} and {@code key_ops}, if it had them, let it
     * sign or verify.
     */
    @Override
    public boolean supports(Algorithm algorithm) {
        return impl.fits(algorithm) && (impl.use().jwsProblem(algorithm, false) == null
                || impl.use().jwsProblem(algorithm, true) == null);
    }

    /** Throws why the secret's kind or length does not fit {@code algorithm} (what its JWK allows aside). */
    void requireFit(Algorithm algorithm) {
        if (impl.isPassword()) {
            throw new InvalidJwtKeyException("A password key (JwtSecretKey.fromPassword) serves only the PBES2 JWE"
                    + " algorithms, never " + algorithm.jwsName() + "; use JwtSecretKey.of for an HMAC secret.");
        }
        if (algorithm.family() != Algorithm.Family.HMAC) {
            throw new InvalidJwtKeyException("A JwtSecretKey serves only HS256, HS384 and HS512, not "
                    + algorithm.jwsName() + "; use a JwtPublicKey or JwtPrivateKey for it.");
        }
        if (!impl.allowsShort() && hmac.length() < algorithm.hashBytes()) {
            throw new InvalidJwtKeyException(algorithm.jwsName() + " needs a secret of at least "
                    + algorithm.hashBytes() + " bytes (RFC 7518 section 3.2); this one has " + hmac.length() + ".");
        }
    }

    /** The RFC 7638 thumbprint of the {@code oct} JWK. */
    @Override
    public String thumbprint() {
        return io.lcjwt.internal.keys.Jwk.thumbprint(java.util.Map.of("kty", "oct", "k",
                io.lcjwt.internal.keys.Jwk.b64(secretCopy())), true);
    }

    /** Frees the native state now, also for the keys made from this one by {@link #withKeyId}. */
    @Override
    public void close() {
        cleanable.clean();
        shared.freeNow();
    }

    @Override
    public String toString() {
        return "JwtSecretKey[" + (keyId() == null ? "" : "kid=" + keyId() + ", ")
                + (impl.isPassword() ? "password, " : "") + hmac.length() + " bytes"
                + (hmac.isClosed() ? ", closed" : "") + "]";
    }
}
