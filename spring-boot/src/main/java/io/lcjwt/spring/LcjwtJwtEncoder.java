package io.lcjwt.spring;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.spring.internal.EncoderKeys;
import io.lcjwt.spring.internal.Encoding;
import io.lcjwt.spring.internal.PublishedJwks;
import io.lcjwt.spring.internal.SigningKey;
import io.lcjwt.spring.internal.SpringAlgorithms;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtEncodingException;

import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.crypto.SecretKey;

/**
 * Spring Security's {@link JwtEncoder}, signed by lcjwt: a drop-in for {@code NimbusJwtEncoder},
 * with builders of the same names, the same choice of key, and the same token. Header and payload
 * are the text Nimbus's encoder writes for the same header and claims (but for a few characters,
 * escaped otherwise with the same meaning, and a custom {@code Instant} claim, which lcjwt writes
 * as a NumericDate), so an RS256 or HS256 token, whose signature is deterministic, is the same
 * token; the returned {@link Jwt} holds the
 * same header (with the key's {@code kid} added when the header had none) and the same claims.
 *
 * <pre>{@code
 * @Bean
 * JwtEncoder jwtEncoder() {
 *     return LcjwtJwtEncoder.withKeyPair(JwtPrivateKey.fromPem(pem)).keyId("2026-12").build();
 * }
 *
 * Jwt jwt = encoder.encode(JwtEncoderParameters.from(JwtClaimsSet.builder()
 *         .subject("alice").expiresAt(Instant.now().plusSeconds(300)).build()));
 * }</pre>
 *
 * <p>The header's {@code alg}, {@code kid} and {@code x5t#S256} choose the key as Nimbus's key
 * matcher does (a key that cannot make the algorithm at all, such as an EC key on another curve,
 * is not a candidate); when several fit and the header names no {@code kid}, the key activated
 * last signs ({@link KeySetBuilder#activeFrom}), and keys activated together are an error, as
 * Nimbus's. Failures are {@link JwtEncodingException}s whose messages never hold key material.
 *
 * <p>Thread-safe and immutable. {@link #close()} frees the keys the encoder made itself (from JCA
 * keys); keys the caller passed in stay the caller's.
 */
public final class LcjwtJwtEncoder implements JwtEncoder, AutoCloseable {
    private final Encoding encoding;
    private final List<JWK> published;
    private final JWKSource<SecurityContext> source;
    private final List<JwtKey> owned;

    LcjwtJwtEncoder(Encoding encoding, List<JwtKey> owned) {
        this.encoding = encoding;
        this.published = PublishedJwks.of(encoding.keys());
        this.source = PublishedJwks.source(published);
        this.owned = List.copyOf(owned);
    }

    /**
     * An encoder over an RSA key pair, as {@code NimbusJwtEncoder.withKeyPair}: RS256 unless
     * another is chosen, and a {@code kid} that is the key's RFC 7638 thumbprint unless another
     * is given. Its default header (for parameters without one) is {@code alg}, {@code typ: JWT}
     * and {@code kid}.
     *
     * @param publicKey the public key
     * @param privateKey the private key, of the same pair
     * @return a builder
     * @throws NullPointerException if a key is null
     * @throws io.lcjwt.InvalidJwtKeyException if lcjwt cannot use the key, or the two keys are
     *         not one pair
     */
    public static KeyPairBuilder withKeyPair(RSAPublicKey publicKey, RSAPrivateKey privateKey) {
        return KeyPairBuilder.fromJca(publicKey, privateKey);
    }

    /**
     * An encoder over an EC key pair, as {@code NimbusJwtEncoder.withKeyPair}: the algorithm of
     * the key's curve (ES256 for P-256), and a {@code kid} that is the key's RFC 7638 thumbprint
     * unless another is given.
     *
     * @param publicKey the public key
     * @param privateKey the private key, of the same pair
     * @return a builder
     * @throws NullPointerException if a key is null
     * @throws io.lcjwt.InvalidJwtKeyException if lcjwt cannot use the key, or the two keys are
     *         not one pair
     */
    public static KeyPairBuilder withKeyPair(ECPublicKey publicKey, ECPrivateKey privateKey) {
        return KeyPairBuilder.fromJca(publicKey, privateKey);
    }

    /**
     * An encoder over an lcjwt private key (RSA, EC or Ed25519, read with
     * {@link JwtPrivateKey#fromPem} or {@link JwtKey#fromJwk}): RS256 for RSA, the curve's
     * algorithm for EC, EdDSA for Ed25519; the key's own {@code kid}, else its RFC 7638
     * thumbprint. (An ML-DSA key is refused when the encoder is built: the JWK source it gives
     * Spring Authorization Server is Nimbus's, which has no AKP keys.)
     *
     * @param privateKey the key; it stays the caller's
     * @return a builder
     * @throws NullPointerException if {@code privateKey} is null
     */
    public static KeyPairBuilder withKeyPair(JwtPrivateKey privateKey) {
        return new KeyPairBuilder(Objects.requireNonNull(privateKey, "privateKey"), false);
    }

    /**
     * An encoder over an HMAC secret, as {@code NimbusJwtEncoder.withSecretKey}: HS256 unless
     * another is chosen, and a {@code kid} that is the key's RFC 7638 thumbprint unless another
     * is given.
     *
     * @param secretKey the secret, at least 32 bytes
     * @return a builder
     * @throws NullPointerException if {@code secretKey} is null
     * @throws io.lcjwt.InvalidJwtKeyException if the secret is shorter than 32 bytes
     */
    public static SecretKeyBuilder withSecretKey(SecretKey secretKey) {
        return new SecretKeyBuilder(JwtSecretKey.from(Objects.requireNonNull(secretKey, "secretKey")), true);
    }

    /**
     * As {@link #withSecretKey(SecretKey)}, over an lcjwt secret; its own {@code kid}, if it has
     * one, unless another is given.
     *
     * @param secretKey the secret; it stays the caller's
     * @return a builder
     * @throws NullPointerException if {@code secretKey} is null
     */
    public static SecretKeyBuilder withSecretKey(JwtSecretKey secretKey) {
        return new SecretKeyBuilder(Objects.requireNonNull(secretKey, "secretKey"), false);
    }

    /**
     * An encoder over a set of keys, as {@code new NimbusJwtEncoder(jwkSource)}: its private and
     * secret keys sign, each for the algorithms its JWK allows; its public keys are only
     * published (retired keys whose tokens may still be live). Read a set that holds private keys
     * with {@link JwkSet#parseTrusted}, or make one with {@link JwkSet#of}. Keys that serve
     * encryption only are left out.
     *
     * <pre>{@code
     * LcjwtJwtEncoder encoder = LcjwtJwtEncoder.withJwkSet(JwkSet.of(newKey, oldKey.publicKey()))
     *         .activeFrom("2026-12", Instant.parse("2026-12-01T00:00:00Z"))
     *         .build();
     * }</pre>
     *
     * @param keys the keys; they stay the caller's
     * @return a builder
     * @throws NullPointerException if {@code keys} is null
     */
    public static KeySetBuilder withJwkSet(JwkSet keys) {
        return new KeySetBuilder(Objects.requireNonNull(keys, "keys").keys());
    }

    /**
     * Signs a JWT as {@code NimbusJwtEncoder} does: the header (or this encoder's default) picks
     * the key, the key's {@code kid} and {@code x5t#S256} are added to a header without them,
     * and the claims are written with Nimbus's conversions ({@code Instant} and {@code Date} as
     * NumericDates, a URL {@code iss} as text, an {@code aud} of one as a string).
     *
     * @param parameters the header (optional) and the claims
     * @return the signed JWT, with the header as written and the claims as given
     * @throws JwtEncodingException if no key fits the header, several do equally, or the header
     *         or claims cannot be written (a claim lcjwt cannot represent, such as NaN)
     * @throws IllegalArgumentException if {@code parameters} is null
     */
    @Override
    public Jwt encode(JwtEncoderParameters parameters) throws JwtEncodingException {
        return encoding.encode(parameters);
    }

    /**
     * The public keys this encoder signs with, and those it only publishes, as the Nimbus source
     * Spring Authorization Server's JWKS endpoint ({@code /oauth2/jwks}) serves: register it as
     * the application's {@code JWKSource<SecurityContext>} bean beside this encoder. Secrets and
     * private parts are never in it.
     *
     * <pre>{@code
     * @Bean
     * JWKSource<SecurityContext> jwkSource(LcjwtJwtEncoder encoder) {
     *     return encoder.jwkSource();
     * }
     * }</pre>
     *
     * @return the source, the same on every call
     */
    public JWKSource<SecurityContext> jwkSource() {
        return source;
    }

    /**
     * The JWK set document of {@link #jwkSource()}, for an application that serves its own JWKS.
     *
     * @return {@code {"keys":[...]}}, public keys only
     */
    public String jwkSetJson() {
        return PublishedJwks.json(published);
    }

    /** Frees the keys this encoder made from JCA keys; encoding then fails. Idempotent. */
    @Override
    public void close() {
        owned.forEach(JwtKey::close);
    }

    Encoding encoding() {
        return encoding;
    }

    private static Algorithm lcjwt(String name) {
        Algorithm a = Algorithm.fromJwsName(name);
        if (a == null) {
            throw new IllegalArgumentException("lcjwt does not sign with " + name);
        }
        return a;
    }

    /**
     * Builds an encoder over one key pair; the mirror of Nimbus's {@code RsaKeyPairJwtEncoderBuilder}
     * and {@code EcKeyPairJwtEncoderBuilder}. Not thread-safe.
     */
    public static final class KeyPairBuilder {
        private final JwtPrivateKey key;
        private final boolean owned;
        private Algorithm algorithm;
        private String keyId;

        private KeyPairBuilder(JwtPrivateKey key, boolean owned) {
            this.key = key;
            this.owned = owned;
        }

        private static KeyPairBuilder fromJca(java.security.PublicKey publicKey, java.security.PrivateKey privateKey) {
            Objects.requireNonNull(publicKey, "publicKey");
            Objects.requireNonNull(privateKey, "privateKey");
            JwtPrivateKey key = JwtPrivateKey.from(privateKey);
            try (JwtPublicKey given = JwtPublicKey.from(publicKey); JwtPublicKey derived = key.publicKey()) {
                if (!Arrays.equals(given.toDer(), derived.toDer())) {
                    key.close();
                    throw new io.lcjwt.InvalidJwtKeyException("The public key is not the private key's public half;"
                            + " tokens signed with the private key would not verify with the published key.");
                }
            }
            return new KeyPairBuilder(key, true);
        }

        /**
         * The signing algorithm (default: RS256 for RSA, the curve's for EC, EdDSA for Ed25519).
         *
         * @param algorithm one the key can make: RS* or PS* for RSA, the curve's ES* for EC
         * @return this builder
         * @throws NullPointerException if {@code algorithm} is null
         * @throws IllegalArgumentException if the key cannot sign with it
         */
        public KeyPairBuilder algorithm(SignatureAlgorithm algorithm) {
            Algorithm a = lcjwt(Objects.requireNonNull(algorithm, "algorithm").getName());
            if (!key.supports(a)) {
                throw new IllegalArgumentException("This key cannot sign " + a.jwsName() + " (" + key + ")");
            }
            this.algorithm = a;
            return this;
        }

        /**
         * The {@code kid} of the key and of the tokens (default: the key's own, else its RFC 7638
         * thumbprint, as Nimbus's builder).
         *
         * @param keyId a non-empty key id
         * @return this builder
         * @throws NullPointerException if {@code keyId} is null
         * @throws IllegalArgumentException if it is empty
         */
        public KeyPairBuilder keyId(String keyId) {
            this.keyId = checkKeyId(keyId);
            return this;
        }

        /**
         * Builds the encoder.
         *
         * @return the encoder
         * @throws IllegalArgumentException if the key cannot sign
         */
        public LcjwtJwtEncoder build() {
            return single(key, keyId, algorithm, owned);
        }
    }

    /** Builds an encoder over one HMAC secret; the mirror of Nimbus's {@code SecretKeyJwtEncoderBuilder}. Not thread-safe. */
    public static final class SecretKeyBuilder {
        private final JwtSecretKey key;
        private final boolean owned;
        private Algorithm algorithm;
        private String keyId;

        private SecretKeyBuilder(JwtSecretKey key, boolean owned) {
            this.key = key;
            this.owned = owned;
        }

        /**
         * The signing algorithm (default HS256).
         *
         * @param algorithm HS256, or HS384 / HS512 for a secret of at least 48 / 64 bytes
         * @return this builder
         * @throws NullPointerException if {@code algorithm} is null
         * @throws IllegalArgumentException if the secret is too short for it
         */
        public SecretKeyBuilder algorithm(MacAlgorithm algorithm) {
            Algorithm a = lcjwt(Objects.requireNonNull(algorithm, "algorithm").getName());
            if (!key.supports(a)) {
                throw new IllegalArgumentException("This key is too short for " + a.jwsName() + ": it has "
                        + key.length() + " bytes, and " + a.jwsName() + " needs " + a.hashBytes());
            }
            this.algorithm = a;
            return this;
        }

        /**
         * The {@code kid} of the key and of the tokens (default: the key's own, else its RFC 7638
         * thumbprint, as Nimbus's builder).
         *
         * @param keyId a non-empty key id
         * @return this builder
         * @throws NullPointerException if {@code keyId} is null
         * @throws IllegalArgumentException if it is empty
         */
        public SecretKeyBuilder keyId(String keyId) {
            this.keyId = checkKeyId(keyId);
            return this;
        }

        /**
         * Builds the encoder.
         *
         * @return the encoder
         * @throws IllegalArgumentException if the key cannot sign
         */
        public LcjwtJwtEncoder build() {
            return single(key, keyId, algorithm != null ? algorithm : Algorithm.HS256, owned);
        }
    }

    private static String checkKeyId(String keyId) {
        if (Objects.requireNonNull(keyId, "keyId").isEmpty()) {
            throw new IllegalArgumentException("keyId must not be empty");
        }
        return keyId;
    }

    /**
     * One key, as Nimbus's builders make it: the {@code kid} given, else the key's own, else its
     * RFC 7638 thumbprint; one algorithm (Nimbus's JWK names it, so its matcher refuses a header
     * asking for another); and the default header {@code alg}, {@code typ: JWT}, {@code kid}.
     */
    private static LcjwtJwtEncoder single(JwtKey key, String keyId, Algorithm algorithm, boolean owned) {
        String kid = keyId != null ? keyId : key.keyId() != null ? key.keyId() : switch (key) {
            case JwtPrivateKey p -> p.thumbprint();
            case JwtSecretKey k -> k.thumbprint();
            case JwtPublicKey p -> p.thumbprint();
        };
        JwtKey k = kid.equals(key.keyId()) ? key : switch (key) {
            case JwtPrivateKey p -> p.withKeyId(kid);
            case JwtSecretKey sk -> sk.withKeyId(kid);
            case JwtPublicKey p -> p.withKeyId(kid);
        };
        Algorithm a = algorithm != null ? algorithm : SigningKey.defaultAlgorithm(k);
        if (a == null) {
            throw new IllegalArgumentException("This key cannot sign any JWS algorithm (" + key + ")");
        }
        SigningKey signing = SigningKey.of(k, a, null, null);
        JwsHeader header = JwsHeader.with(SpringAlgorithms.of(a)).type("JWT").keyId(kid).build();
        return new LcjwtJwtEncoder(new Encoding(new EncoderKeys(List.of(signing), List.of(), Clock.systemUTC()), header),
                owned ? List.of(key, k) : List.of());
    }

    /**
     * Builds an encoder over a set of keys, with rotation: when several keys fit a header that
     * names no {@code kid}, the one activated last signs. Not thread-safe.
     *
     * <p>Rotating a key without a restart: add the new key with an activation time a while
     * ahead, so that verifiers fetch the JWKS that lists it before the first token it signs;
     * keep the old key in the set as a public key for as long as the longest-lived token it
     * signed, then drop it.
     */
    public static final class KeySetBuilder {
        private final List<JwtKey> keys;
        private final Map<String, Instant> activeFrom = new HashMap<>();
        private final Map<String, String> thumbprints = new HashMap<>();
        private Clock clock = Clock.systemUTC();
        private JwsHeader defaultHeader;

        private KeySetBuilder(List<JwtKey> keys) {
            this.keys = List.copyOf(keys);
        }

        /**
         * When the key {@code kid} starts signing for headers that name no key; until then it
         * is published only (but signs for a header that names it).
         *
         * @param kid a signing key's {@code kid}
         * @param from the instant
         * @return this builder
         * @throws NullPointerException if an argument is null
         */
        public KeySetBuilder activeFrom(String kid, Instant from) {
            activeFrom.put(Objects.requireNonNull(kid, "kid"), Objects.requireNonNull(from, "from"));
            return this;
        }

        /**
         * The SHA-256 thumbprint of the key's X.509 certificate: published in its JWK, added to
         * the header of the tokens it signs, and matched against a header's {@code x5t#S256}.
         *
         * @param kid a signing key's {@code kid}
         * @param thumbprint base64url, as in {@code x5t#S256}
         * @return this builder
         * @throws NullPointerException if an argument is null
         */
        public KeySetBuilder x509Sha256Thumbprint(String kid, String thumbprint) {
            thumbprints.put(Objects.requireNonNull(kid, "kid"), Objects.requireNonNull(thumbprint, "thumbprint"));
            return this;
        }

        /**
         * The header for parameters that carry none (default: the {@code alg} of the key
         * activated last, alone, as Nimbus's default of RS256 alone).
         *
         * @param header the header
         * @return this builder
         * @throws NullPointerException if {@code header} is null
         */
        public KeySetBuilder defaultHeader(JwsHeader header) {
            this.defaultHeader = Objects.requireNonNull(header, "header");
            return this;
        }

        /**
         * The clock the activation times are read on (default: the system's, UTC).
         *
         * @param clock the clock
         * @return this builder
         * @throws NullPointerException if {@code clock} is null
         */
        public KeySetBuilder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Builds the encoder.
         *
         * @return the encoder
         * @throws IllegalArgumentException if no key signs, two keys share a {@code kid}, or an
         *         activation time or thumbprint names a key that is not a signing key of the set
         */
        public LcjwtJwtEncoder build() {
            List<SigningKey> signing = new ArrayList<>();
            List<JwtPublicKey> verifyOnly = new ArrayList<>();
            for (JwtKey k : keys) {
                if (k instanceof JwtPublicKey pub) {
                    if (Arrays.stream(Algorithm.values()).anyMatch(pub::supports)) {
                        verifyOnly.add(pub);
                    }
                } else if (Arrays.stream(Algorithm.values()).anyMatch(k::supports)) {
                    signing.add(SigningKey.of(k, null, activeFrom.get(k.keyId()), thumbprints.get(k.keyId())));
                }
            }
            for (String kid : concat(activeFrom.keySet(), thumbprints.keySet())) {
                if (signing.stream().noneMatch(s -> kid.equals(s.kid()))) {
                    throw new IllegalArgumentException("No signing key of the set has kid \"" + kid + "\"");
                }
            }
            return new LcjwtJwtEncoder(new Encoding(new EncoderKeys(signing, verifyOnly, clock), defaultHeader), List.of());
        }

        private static List<String> concat(java.util.Set<String> a, java.util.Set<String> b) {
            List<String> out = new ArrayList<>(a);
            out.addAll(b);
            return out;
        }
    }
}
