package io.lcjwt;

import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.HmacVerifyKey;
import io.lcjwt.internal.crypto.VerifyKey;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Signs claims (or any content) as compact JWS. Immutable and thread-safe; the header is encoded
 * once, when the signer is built.
 *
 * <pre>{@code
 * JwtSigner signer = JwtSigner.builder(JwtSecretKey.of(secret))
 *         .algorithm(Algorithm.HS256)
 *         .keyId("k1")
 *         .build();
 * String token = signer.sign(Map.of("sub", "alice", "exp", Instant.now().plusSeconds(300)));
 * }</pre>
 *
 * <p>The header holds {@code alg}, {@code typ: JWT} (unless {@link Builder#type} says otherwise),
 * {@code kid} when the key or builder has one, and any parameters added with
 * {@link Builder#header}. {@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime} and
 * {@code Date} claims are written as NumericDates in whole seconds; {@code UUID}, {@code URI},
 * enums and {@code Character} as strings.
 *
 * <p>A signed token always verifies with the same key: whatever {@link JwtVerifier} would refuse
 * is refused when signing instead, with an {@code IllegalArgumentException} (the claims are the
 * caller's, so this is a programming error, not a {@link JwtException}) whose message names the
 * member.
 */
public final class JwtSigner {

    private static final Set<String> RESERVED = Set.of("alg", "crit", "b64", "zip", "kid", "typ");

    private final Algorithm algorithm;
    private final VerifyKey key;
    private final JwtKey owner; // keeps the public key object, and so its native state, alive
    private final byte[] claimsHeader;
    private final byte[] contentHeader;
    private final ClaimNaming naming;

    private JwtSigner(Algorithm algorithm, VerifyKey key, JwtKey owner, byte[] claimsHeader, byte[] contentHeader,
            ClaimNaming naming) {
        this.naming = naming;
        this.algorithm = algorithm;
        this.key = key;
        this.owner = owner;
        this.claimsHeader = claimsHeader;
        this.contentHeader = contentHeader;
    }

    /**
     * A builder for a signer with {@code key}.
     *
     * @param key a {@link JwtSecretKey} or {@link JwtPrivateKey}
     * @return a builder; choose the algorithm before {@link Builder#build()}
     * @throws NullPointerException if {@code key} is null
     */
    public static Builder builder(JwtKey key) {
        return new Builder(Objects.requireNonNull(key, "key"));
    }

    /** {@return the algorithm this signer uses} */
    public Algorithm algorithm() {
        return algorithm;
    }

    /**
     * Signs claims: a {@code Map<String, ?>}, a record or a bean (public getters).
     * Members are strings, numbers, booleans, nulls, lists, arrays, maps, records and beans, and the
     * JDK types named in the class description; any other JDK type ({@code LocalDate},
     * {@code Duration}...) is refused rather than guessed at. A record component or bean
     * property is written under its {@link Claim} name, else its name under the builder's
     * {@link Builder#claimNaming(ClaimNaming) naming rule}; one that is null or an empty
     * {@code Optional} is left out, and a present {@code Optional} is written as its value.
     *
     * @param claims the claims set; {@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime}
     *        and {@code Date} values become NumericDates
     * @return the compact JWS, {@code header.payload.signature}
     * @throws NullPointerException if {@code claims} is null
     * @throws IllegalArgumentException if the claims cannot be written as JSON that lcjwt reads
     *         back: NaN or an infinity, a number longer than 100 characters, a string or name
     *         with an unpaired surrogate, nesting deeper than 32 levels (a cycle), a non-string
     *         map key, a bean with no getter or with two getters of one name ({@code getActive()}
     *         and {@code isActive()}), two members mapped to one claim name, or an unsupported
     *         JDK type
     * @throws IllegalStateException if the key has been closed
     */
    public String sign(Object claims) {
        Objects.requireNonNull(claims, "claims");
        return signPayload(claimsHeader, ClaimsWriter.toJson(claims, naming));
    }

    /**
     * Signs arbitrary bytes as a compact JWS (no {@code typ} unless the builder set one); read it
     * back with {@link JwtVerifier#verifyContent}.
     *
     * @param content the payload, copied
     * @return the compact JWS
     * @throws NullPointerException if {@code content} is null
     * @throws IllegalStateException if the key has been closed
     */
    public String signContent(byte[] content) {
        return signPayload(contentHeader, Objects.requireNonNull(content, "content").clone());
    }

    private String signPayload(byte[] header, byte[] payload) {
        try {
            return signFenced(header, payload);
        } finally {
            java.lang.ref.Reference.reachabilityFence(owner);
        }
    }

    private String signFenced(byte[] header, byte[] payload) {
        int payB64 = Base64Url.encodedLength(payload.length);
        int inputLen = header.length + 1 + payB64;
        byte[] input = new byte[inputLen];
        System.arraycopy(header, 0, input, 0, header.length);
        input[header.length] = '.';
        Base64Url.encode(payload, 0, payload.length, input, header.length + 1);
        byte[] sig;
        if (key instanceof HmacVerifyKey hmac) {
            sig = new byte[algorithm.hashBytes()];
            hmac.sign(algorithm, MemorySegment.ofArray(input), inputLen, sig);
        } else {
            sig = ((AsymmetricKey) key).sign(algorithm, MemorySegment.ofArray(input), inputLen);
        }
        byte[] out = new byte[inputLen + 1 + Base64Url.encodedLength(sig.length)];
        System.arraycopy(input, 0, out, 0, inputLen);
        out[inputLen] = '.';
        Base64Url.encode(sig, 0, sig.length, out, inputLen + 1);
        return new String(out, StandardCharsets.ISO_8859_1);
    }

    /** Configures a {@link JwtSigner}. Not thread-safe; the signer it builds is. */
    public static final class Builder {
        private final JwtKey key;
        private Algorithm algorithm;
        private String keyId;
        private String type = "JWT";
        private boolean typeSet;
        private final Map<String, Object> extra = new LinkedHashMap<>();
        private ClaimNaming claimNaming = ClaimNaming.IDENTITY;

        private Builder(JwtKey key) {
            this.key = key;
            this.keyId = key.keyId();
        }

        /**
         * The signing algorithm (mandatory). A later call replaces an earlier one.
         *
         * @param algorithm one the key supports
         * @return this builder
         * @throws NullPointerException if {@code algorithm} is null
         */
        public Builder algorithm(Algorithm algorithm) {
            this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
            return this;
        }

        /**
         * The {@code kid} to put in the header (default: the key's own id, if any).
         *
         * @param keyId the key id, or null to leave {@code kid} out
         * @return this builder
         */
        public Builder keyId(String keyId) {
            this.keyId = keyId;
            return this;
        }

        /**
         * The header's {@code typ} (default {@code JWT} for {@link JwtSigner#sign}, none for
         * {@link JwtSigner#signContent}).
         *
         * @param type the media type, such as {@code at+jwt}, or null to leave {@code typ} out
         * @return this builder
         */
        public Builder type(String type) {
            this.type = type;
            this.typeSet = true;
            return this;
        }

        /**
         * Adds a header parameter, after {@code alg}, {@code typ} and {@code kid}; adding the same name
         * again replaces its value. {@code alg}, {@code kid} and {@code typ} have their own methods;
         * {@code crit}, {@code b64} and {@code zip} are refused, as lcjwt would refuse such tokens.
         *
         * @param name the parameter's name
         * @param value its value (anything {@link JwtSigner#sign} can write), or null
         * @return this builder
         * @throws NullPointerException if {@code name} is null
         * @throws IllegalArgumentException if {@code name} is one of the six reserved above
         */
        public Builder header(String name, Object value) {
            if (RESERVED.contains(Objects.requireNonNull(name, "name"))) {
                throw new IllegalArgumentException("name \"" + name + "\" is a header parameter that cannot be set here"
                        + (name.equals("kid") || name.equals("typ") || name.equals("alg")
                        ? "; use keyId(), type() or algorithm()" : "; lcjwt does not produce it"));
            }
            extra.put(name, value);
            return this;
        }

        /**
         * How {@link JwtSigner#sign} names the claim of a record component or bean property that
         * has no {@link Claim} annotation (default {@link ClaimNaming#IDENTITY}: the member's own
         * name). Give the verifiers the same rule with
         * {@link JwtVerifier.Builder#claimNaming(ClaimNaming)}. The keys of a {@code Map}, and the
         * header, are written as they are. A later call replaces an earlier one.
         *
         * @param naming the rule, such as {@link ClaimNaming#SNAKE_CASE}
         * @return this builder
         * @throws NullPointerException if {@code naming} is null
         */
        public Builder claimNaming(ClaimNaming naming) {
            this.claimNaming = Objects.requireNonNull(naming, "naming");
            return this;
        }

        /**
         * Builds the signer.
         *
         * @return the signer, immutable and thread-safe
         * @throws IllegalStateException if no algorithm was chosen, or the key has been closed
         * @throws InvalidJwtKeyException if the key cannot sign with the algorithm
         * @throws IllegalArgumentException if a {@link #header} value cannot be written, by the
         *         rules {@link JwtSigner#sign} applies to claims
         */
        public JwtSigner build() {
            if (algorithm == null) {
                throw new IllegalStateException("Choose the signing algorithm with algorithm(...).");
            }
            if (key instanceof JwtPublicKey) {
                throw new InvalidJwtKeyException("A JwtPublicKey cannot sign; use the matching JwtPrivateKey.");
            }
            Keys.requireSupport(key, algorithm);
            VerifyKey impl = Keys.impl(key);
            return new JwtSigner(algorithm, impl, key, encodeHeader(typeSet || type != null ? type : null),
                    encodeHeader(typeSet ? type : null), claimNaming);
        }

        private byte[] encodeHeader(String typ) {
            Map<String, Object> h = new LinkedHashMap<>();
            h.put("alg", algorithm.jwsName());
            if (typ != null) {
                h.put("typ", typ);
            }
            if (keyId != null) {
                h.put("kid", keyId);
            }
            h.putAll(extra);
            return Base64Url.encode(ClaimsWriter.toJson(h));
        }
    }
}
