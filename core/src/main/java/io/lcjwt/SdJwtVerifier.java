package io.lcjwt;

import io.lcjwt.internal.jws.TokenVerifier;
import io.lcjwt.internal.sdjwt.Held;
import io.lcjwt.internal.sdjwt.SdEngine;
import io.lcjwt.internal.sdjwt.SdHash;

import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Verifies SD-JWTs and SD-JWT+KB presentations (RFC 9901 section 7) and returns their processed
 * claims: the payload with each disclosed claim in place, as a {@code Map}, a record or a bean.
 * Immutable and thread-safe: build one and share it.
 *
 * <pre>{@code
 * SdJwtVerifier verifier = SdJwtVerifier.builder(issuerPublicKey)
 *         .algorithms(Algorithm.ES256)                    // mandatory allow-list for the issuer
 *         .expectType("example+sd-jwt")
 *         .keyBinding("https://verifier.example")         // require a KB-JWT for this audience
 *         .keyBindingAlgorithms(Algorithm.ES256)          // mandatory allow-list for the holder
 *         .build();
 * VerifiedSdJwt<Map<String, Object>> v = verifier.verify(presentation, nonce);
 * }</pre>
 *
 * <p>A verification checks, in order: the size cap; the form ({@code jwt~disclosure~...~} and,
 * with key binding, a KB-JWT after the last {@code ~}; without, nothing there); the Issuer-signed
 * JWT as {@link JwtVerifier} checks a JWS (allow-list before any crypto, {@code typ},
 * {@code crit}, key choice by {@code kid}, signature; never {@code none}); {@code _sd_alg}, by
 * its exact name, against {@link Builder#hashAlgorithms(String...)}; every disclosure (strict
 * base64url, a JSON array of {@code [salt, name, value]} or {@code [salt, value]}, a string salt
 * and name, sent once); the digests (each once in the whole SD-JWT, of the right length, in
 * {@code _sd} arrays or as the only member of an array element {@code {"...": digest}}); each
 * disclosure referenced by exactly one digest, of its kind, never disclosing {@code _sd},
 * {@code ...} or a name its object already has; the processed claims as {@link JwtVerifier}
 * checks claims ({@code exp} required unless {@link Builder#allowMissingExpiration()}, so an
 * {@code exp} left undisclosed is refused; {@code nbf}, {@code aud}, {@code iss}, required
 * claims); then, with key binding, the KB-JWT: {@code typ: kb+jwt}, an algorithm on
 * {@link Builder#keyBindingAlgorithms(Algorithm...)}, a signature by the key in the SD-JWT's
 * {@code cnf.jwk} (never a key the KB-JWT names), {@code aud}, {@code nonce}, an {@code iat}
 * within {@link Builder#keyBindingMaxAge(Duration)}, and {@code sd_hash} over the presentation.
 * Any failure is a {@link JwtException} subclass whose message says which rule was broken.
 *
 * <p>Caps, beside {@link Builder#maxTokenBytes(int)} (64 KiB by default, the presentation's
 * whole size): at most 1,000 disclosures, 4,000 digests (decoys included) and 32 levels of
 * nesting, disclosures included.
 */
public final class SdJwtVerifier {

    private final SdEngine engine;

    private SdJwtVerifier(SdEngine engine) {
        this.engine = engine;
    }

    /**
     * A builder for a verifier of SD-JWTs signed by one issuer key.
     *
     * @param key the issuer's key (a public key, or a secret key for HS*); it must stay open while
     *        the verifier is used
     * @return a new builder; name the allowed algorithms before {@link Builder#build()}
     * @throws NullPointerException if {@code key} is null
     */
    public static Builder builder(JwtKey key) {
        return new Builder(JwtVerifier.builder(key));
    }

    /**
     * A builder for a verifier over several issuer keys, chosen by the Issuer-signed JWT's
     * {@code kid} as {@link JwtVerifier#builder(Collection)} chooses them.
     *
     * @param keys the keys (copied), at least one
     * @return a new builder
     * @throws NullPointerException if {@code keys} or one of them is null
     * @throws IllegalArgumentException if {@code keys} is empty
     */
    public static Builder builder(Collection<? extends JwtKey> keys) {
        return new Builder(JwtVerifier.builder(keys));
    }

    /**
     * A builder for a verifier over a JWK set's keys.
     *
     * @param set the issuer's keys
     * @return a new builder
     * @throws NullPointerException if {@code set} is null
     * @throws IllegalArgumentException if {@code set} holds no key
     */
    public static Builder builder(JwkSet set) {
        return new Builder(JwtVerifier.builder(set));
    }

    /**
     * A builder for a verifier over the keys a {@link JwksClient} fetches from the issuer's URL.
     *
     * @param client the client
     * @return a new builder
     * @throws NullPointerException if {@code client} is null
     */
    public static Builder builder(JwksClient client) {
        return new Builder(JwtVerifier.builder(client));
    }

    // ---- compact ----------------------------------------------------------------------------------

    /**
     * Verifies an SD-JWT presented without key binding ({@code jwt~disclosure~...~}).
     *
     * @param sdJwt the SD-JWT, compact
     * @return the verified header, claims (a map the caller may modify) and disclosures
     * @throws JwtException if it is refused: the subclass and message say why (a null one is a
     *         {@link MalformedJwtException})
     * @throws IllegalStateException if this verifier requires key binding (call
     *         {@link #verify(CharSequence, String)}), or a key it needs has been closed
     */
    public VerifiedSdJwt<Map<String, Object>> verify(CharSequence sdJwt) {
        return run(sdJwt, null, Map.class, false);
    }

    /**
     * As {@link #verify(CharSequence)}, binding the processed claims to {@code type}: a record, a
     * bean or {@code Map.class}, as {@link JwtVerifier#decode(CharSequence, Class)} binds claims.
     *
     * @param <T> the claims type
     * @param sdJwt the SD-JWT, compact
     * @param type the class to bind the claims to
     * @return the verified header, claims and disclosures
     * @throws JwtException if it is refused
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type}
     * @throws IllegalStateException if this verifier requires key binding
     */
    public <T> VerifiedSdJwt<T> verify(CharSequence sdJwt, Class<T> type) {
        return run(sdJwt, null, Objects.requireNonNull(type, "type"), false);
    }

    /**
     * Verifies an SD-JWT+KB presentation ({@code jwt~disclosure~...~kb-jwt}): the SD-JWT, then
     * its Key Binding JWT, which must carry {@code nonce}.
     *
     * @param presentation the SD-JWT+KB, compact
     * @param nonce the nonce this verifier gave the holder for this presentation
     * @return the verified header, claims (a map the caller may modify) and disclosures
     * @throws JwtException if it is refused: the subclass and message say why
     * @throws NullPointerException if {@code nonce} is null
     * @throws IllegalStateException if this verifier was built without
     *         {@link Builder#keyBinding(String)}, or a key it needs has been closed
     */
    public VerifiedSdJwt<Map<String, Object>> verify(CharSequence presentation, String nonce) {
        return run(presentation, Objects.requireNonNull(nonce, "nonce"),
                Map.class, false);
    }

    /**
     * As {@link #verify(CharSequence, String)}, binding the processed claims to {@code type}.
     *
     * @param <T> the claims type
     * @param presentation the SD-JWT+KB, compact
     * @param nonce the nonce this verifier gave the holder
     * @param type the class to bind the claims to
     * @return the verified header, claims and disclosures
     * @throws JwtException if it is refused
     * @throws NullPointerException if {@code nonce} or {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type}
     * @throws IllegalStateException if this verifier was built without {@link Builder#keyBinding(String)}
     */
    public <T> VerifiedSdJwt<T> verify(CharSequence presentation, String nonce, Class<T> type) {
        return run(presentation, Objects.requireNonNull(nonce, "nonce"), Objects.requireNonNull(type, "type"), false);
    }

    // ---- JSON serialization -----------------------------------------------------------------------

    /**
     * Verifies an SD-JWT in the JWS JSON serialization (RFC 9901 section 8), flattened or general,
     * without key binding. The disclosures are the unprotected header's {@code disclosures} (of
     * the first signature, in the general form); at least one signature must verify with a
     * configured key, and the others are ignored, as
     * {@link JwtVerifier#verifyJsonAnySignature(CharSequence)} does.
     *
     * @param json the JSON object
     * @return the verified header (of the signature that verified), claims and disclosures
     * @throws JwtException if it is refused
     * @throws IllegalStateException if this verifier requires key binding
     */
    public VerifiedSdJwt<Map<String, Object>> verifyJson(CharSequence json) {
        return run(json, null, Map.class, true);
    }

    /**
     * As {@link #verifyJson(CharSequence)}, binding the claims to {@code type}.
     *
     * @param <T> the claims type
     * @param json the JSON object
     * @param type the class to bind the claims to
     * @return the verified header, claims and disclosures
     * @throws JwtException if it is refused
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type}
     * @throws IllegalStateException if this verifier requires key binding
     */
    public <T> VerifiedSdJwt<T> verifyJson(CharSequence json, Class<T> type) {
        return run(json, null, Objects.requireNonNull(type, "type"), true);
    }

    /**
     * Verifies an SD-JWT+KB in the JWS JSON serialization: its KB-JWT is the unprotected header's
     * {@code kb_jwt}, and {@code sd_hash} covers the compact form made from the JSON (RFC 9901
     * section 8.1).
     *
     * @param json the JSON object
     * @param nonce the nonce this verifier gave the holder
     * @return the verified header, claims and disclosures
     * @throws JwtException if it is refused
     * @throws NullPointerException if {@code nonce} is null
     * @throws IllegalStateException if this verifier was built without {@link Builder#keyBinding(String)}
     */
    public VerifiedSdJwt<Map<String, Object>> verifyJson(CharSequence json, String nonce) {
        return run(json, Objects.requireNonNull(nonce, "nonce"), Map.class, true);
    }

    /**
     * As {@link #verifyJson(CharSequence, String)}, binding the claims to {@code type}.
     *
     * @param <T> the claims type
     * @param json the JSON object
     * @param nonce the nonce this verifier gave the holder
     * @param type the class to bind the claims to
     * @return the verified header, claims and disclosures
     * @throws JwtException if it is refused
     * @throws NullPointerException if {@code nonce} or {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type}
     * @throws IllegalStateException if this verifier was built without {@link Builder#keyBinding(String)}
     */
    public <T> VerifiedSdJwt<T> verifyJson(CharSequence json, String nonce, Class<T> type) {
        return run(json, Objects.requireNonNull(nonce, "nonce"), Objects.requireNonNull(type, "type"), true);
    }

    // ---- the holder's check --------------------------------------------------------------------------

    /**
     * Verifies an SD-JWT as its holder receives it from the issuer (RFC 9901 section 7.2), compact
     * or in the JSON serialization: every check of {@link #verify(CharSequence)} but key binding,
     * with every disclosure applied. An SD-JWT+KB is refused: issuers send SD-JWTs. Key binding
     * settings of this verifier are not used.
     *
     * <pre>{@code
     * SdJwt held = SdJwtVerifier.builder(issuerKey).algorithms(Algorithm.ES256).build().verifyIssued(text);
     * }</pre>
     *
     * @param sdJwt the SD-JWT the issuer sent
     * @return the SD-JWT, ready to present
     * @throws JwtException if it is refused
     * @throws IllegalStateException if a key it needs has been closed
     */
    public SdJwt verifyIssued(CharSequence sdJwt) {
        Held held = engine.verifyIssued(sdJwt);
        return new SdJwt(held);
    }

    @SuppressWarnings("unchecked")
    private <T> VerifiedSdJwt<T> run(CharSequence text, String nonce, Class<?> type, boolean json) {
        if (engine.keyBindingRequired() && nonce == null) {
            throw new IllegalStateException("This verifier requires key binding: pass the nonce you gave the holder,"
                    + " verify(presentation, nonce).");
        }
        if (!engine.keyBindingRequired() && nonce != null) {
            throw new IllegalStateException("This verifier does not check key binding, so it has no use for a nonce;"
                    + " build it with keyBinding(audience) to verify SD-JWT+KB presentations.");
        }
        SdEngine.Result r = json ? engine.verifyJson(text, nonce, type) : engine.verify(text, nonce, type);
        return new VerifiedSdJwt<>(r.header(), (T) r.claims(), r.presentation());
    }

    /**
     * Configures an {@link SdJwtVerifier}: the issuer's keys and algorithms and the checks of the
     * processed claims as for {@link JwtVerifier.Builder}, plus the SD-JWT settings. Not
     * thread-safe; {@link #build()} may be called again after further changes.
     */
    public static final class Builder {
        private final JwtVerifier.Builder jws;
        private Set<SdHash> hashes = EnumSet.of(SdHash.SHA_256);
        private String kbAudience;
        private final Set<Algorithm> kbAlgorithms = EnumSet.noneOf(Algorithm.class);
        private Duration kbMaxAge = Duration.ofMinutes(5);
        private Duration leeway = Duration.ZERO;
        private Clock clock = Clock.systemUTC();
        private String type;
        private boolean vc;

        private Builder(JwtVerifier.Builder jws) {
            this.jws = jws;
        }

        /**
         * Adds to the allow-list of the Issuer-signed JWT's algorithms (mandatory), as
         * {@link JwtVerifier.Builder#algorithms(Algorithm...)}.
         *
         * @param algorithms one or more algorithms
         * @return this builder
         * @throws NullPointerException if {@code algorithms} or one of them is null
         * @throws IllegalArgumentException if none is given
         */
        public Builder algorithms(Algorithm... algorithms) {
            jws.algorithms(algorithms);
            return this;
        }

        /**
         * The {@code _sd_alg} values accepted, by their exact IANA names; replaces the list
         * (default: {@code sha-256} only). An SD-JWT without {@code _sd_alg} uses
         * {@code sha-256}, which must then be on the list.
         *
         * @param names one or more of {@code sha-256}, {@code sha-384}, {@code sha-512}
         * @return this builder
         * @throws NullPointerException if {@code names} or one of them is null
         * @throws IllegalArgumentException if none is given, or one is not a hash lcjwt knows
         */
        public Builder hashAlgorithms(String... names) {
            Objects.requireNonNull(names, "names");
            if (names.length == 0) {
                throw new IllegalArgumentException("names is empty; name at least one hash, such as sha-256");
            }
            Set<SdHash> set = EnumSet.noneOf(SdHash.class);
            for (int i = 0; i < names.length; i++) {
                SdHash h = SdHash.byName(Objects.requireNonNull(names[i], "names[" + i + "]"));
                if (h == null) {
                    throw new IllegalArgumentException("names[" + i + "] \"" + names[i] + "\" is not a hash lcjwt"
                            + " knows; it takes sha-256, sha-384 and sha-512, spelled exactly so");
                }
                set.add(h);
            }
            this.hashes = set;
            return this;
        }

        /**
         * Requires key binding (RFC 9901 section 7.3): every presentation must end with a KB-JWT
         * for {@code audience}, signed by the key in the SD-JWT's {@code cnf.jwk}, and is then
         * verified with {@link SdJwtVerifier#verify(CharSequence, String)} and the nonce this
         * verifier gave the holder. Name the holder's algorithms with
         * {@link #keyBindingAlgorithms(Algorithm...)}. A later call replaces the audience.
         *
         * @param audience the KB-JWT's required {@code aud}: this verifier's name for itself
         * @return this builder
         * @throws NullPointerException if {@code audience} is null
         * @throws IllegalArgumentException if {@code audience} is empty
         */
        public Builder keyBinding(String audience) {
            if (Objects.requireNonNull(audience, "audience").isEmpty()) {
                throw new IllegalArgumentException("audience is empty; name this verifier as holders will");
            }
            this.kbAudience = audience;
            return this;
        }

        /**
         * Adds to the allow-list of KB-JWT algorithms (mandatory with
         * {@link #keyBinding(String)}). Calls add up.
         *
         * @param algorithms one or more asymmetric algorithms, such as {@link Algorithm#ES256}
         * @return this builder
         * @throws NullPointerException if {@code algorithms} or one of them is null
         * @throws IllegalArgumentException if none is given, or one is an HMAC algorithm (a holder
         *         key in {@code cnf.jwk} is a public key)
         */
        public Builder keyBindingAlgorithms(Algorithm... algorithms) {
            Objects.requireNonNull(algorithms, "algorithms");
            if (algorithms.length == 0) {
                throw new IllegalArgumentException("algorithms is empty; name at least one algorithm");
            }
            for (int i = 0; i < algorithms.length; i++) {
                if (Objects.requireNonNull(algorithms[i], "algorithms[" + i + "]").family() == Algorithm.Family.HMAC) {
                    throw new IllegalArgumentException("algorithms[" + i + "] is " + algorithms[i].jwsName()
                            + "; a KB-JWT is signed with the holder's private key, never an HMAC secret");
                }
            }
            kbAlgorithms.addAll(Arrays.asList(algorithms));
            return this;
        }

        /**
         * How old a KB-JWT's {@code iat} may be (default 5 minutes); one in the future beyond the
         * leeway is refused too.
         *
         * @param maxAge between 1 second and 1 day
         * @return this builder
         * @throws NullPointerException if {@code maxAge} is null
         * @throws IllegalArgumentException if {@code maxAge} is outside that range
         */
        public Builder keyBindingMaxAge(Duration maxAge) {
            Objects.requireNonNull(maxAge, "maxAge");
            if (maxAge.compareTo(Duration.ofSeconds(1)) < 0 || maxAge.compareTo(Duration.ofDays(1)) > 0) {
                throw new IllegalArgumentException("maxAge must be between 1 second and 1 day, not " + maxAge);
            }
            this.kbMaxAge = maxAge;
            return this;
        }

        /**
         * Verifies SD-JWT VCs (draft-ietf-oauth-sd-jwt-vc, a draft that may still change):
         * {@code typ} must be {@code dc+sd-jwt}, a {@code vct} string must be in the clear, and
         * {@code iss}, {@code nbf}, {@code exp}, {@code cnf}, {@code vct}, {@code vct#integrity},
         * {@code aka_vcts} and {@code status} (and their members) must not be disclosed
         * selectively.
         *
         * @return this builder
         */
        public Builder vcProfile() {
            this.vc = true;
            return this;
        }

        /**
         * Accepted audiences of the Issuer-signed JWT's {@code aud}, as
         * {@link JwtVerifier.Builder#audience(String...)}; with none, an SD-JWT that has
         * {@code aud} is refused. (The KB-JWT's audience is {@link #keyBinding(String)}'s.)
         *
         * @param audiences one or more non-empty audiences
         * @return this builder
         * @throws NullPointerException if {@code audiences} or one of them is null
         * @throws IllegalArgumentException if none is given, or one is empty
         */
        public Builder audience(String... audiences) {
            jws.audience(audiences);
            return this;
        }

        /**
         * Leaves the Issuer-signed JWT's {@code aud} unchecked, as {@link JwtVerifier.Builder#anyAudience()}.
         *
         * @return this builder
         */
        public Builder anyAudience() {
            jws.anyAudience();
            return this;
        }

        /**
         * The required {@code iss}, as {@link JwtVerifier.Builder#issuer(String)}.
         *
         * @param issuer the issuer, compared exactly
         * @return this builder
         * @throws NullPointerException if {@code issuer} is null
         * @throws IllegalArgumentException if {@code issuer} is empty
         */
        public Builder issuer(String issuer) {
            jws.issuer(issuer);
            return this;
        }

        /**
         * Allowed clock skew for {@code exp} and {@code nbf}, and for a KB-JWT's {@code iat}
         * (default zero, at most 10 minutes).
         *
         * @param leeway the skew
         * @return this builder
         * @throws NullPointerException if {@code leeway} is null
         * @throws IllegalArgumentException if {@code leeway} is negative or over 10 minutes
         */
        public Builder leeway(Duration leeway) {
            jws.leeway(leeway);
            this.leeway = leeway;
            return this;
        }

        /**
         * Claims that must be in the processed claims (disclosed, or in the clear); calls add up,
         * as {@link JwtVerifier.Builder#requireClaims(String...)}.
         *
         * @param names one or more claim names
         * @return this builder
         * @throws NullPointerException if {@code names} or one of them is null
         * @throws IllegalArgumentException if none is given, one is empty, or there would be more than 60
         */
        public Builder requireClaims(String... names) {
            jws.requireClaims(names);
            return this;
        }

        /**
         * Accepts SD-JWTs whose processed claims have no {@code exp}. Without this call, an
         * {@code exp} that is selectively disclosable and was not disclosed refuses the
         * presentation.
         *
         * @return this builder
         */
        public Builder allowMissingExpiration() {
            jws.allowMissingExpiration();
            return this;
        }

        /**
         * Requires the Issuer-signed JWT's {@code typ} (RFC 9901 section 9.11), as
         * {@link JwtVerifier.Builder#expectType(String)}: case-insensitive, with or without
         * {@code application/}.
         *
         * @param type the media type, such as {@code example+sd-jwt}
         * @return this builder
         * @throws NullPointerException if {@code type} is null
         * @throws IllegalArgumentException if {@code type} is empty
         */
        public Builder expectType(String type) {
            jws.expectType(type);
            this.type = type;
            return this;
        }

        /**
         * The time source for {@code exp}, {@code nbf} and the KB-JWT's {@code iat} (default: the
         * system UTC clock).
         *
         * @param clock the clock
         * @return this builder
         * @throws NullPointerException if {@code clock} is null
         */
        public Builder clock(Clock clock) {
            jws.clock(clock);
            this.clock = clock;
            return this;
        }

        /**
         * How a record or bean without {@link Claim} finds its claims, as
         * {@link JwtVerifier.Builder#claimNaming(ClaimNaming)}.
         *
         * @param naming the rule
         * @return this builder
         * @throws NullPointerException if {@code naming} is null
         */
        public Builder claimNaming(ClaimNaming naming) {
            jws.claimNaming(naming);
            return this;
        }

        /**
         * The largest presentation accepted, in bytes (default 64 KiB): the whole text, every
         * disclosure and the KB-JWT included; larger ones are refused unread.
         *
         * @param maxTokenBytes the cap, at least 16
         * @return this builder
         * @throws IllegalArgumentException if {@code maxTokenBytes} is under 16
         */
        public Builder maxTokenBytes(int maxTokenBytes) {
            jws.maxTokenBytes(maxTokenBytes);
            return this;
        }

        /**
         * For event loops: never wait for a JWKS fetch, as {@link JwtVerifier.Builder#nonBlocking()}.
         *
         * @return this builder
         */
        public Builder nonBlocking() {
            jws.nonBlocking();
            return this;
        }

        /**
         * Builds the verifier.
         *
         * @return a verifier, immutable and thread-safe
         * @throws IllegalStateException if no issuer algorithm was allowed; if
         *         {@link #keyBinding(String)} was called without
         *         {@link #keyBindingAlgorithms(Algorithm...)} or the other way round; if
         *         {@link #vcProfile()} and {@link #expectType(String)} disagree; or as
         *         {@link JwtVerifier.Builder#build()}
         * @throws InvalidJwtKeyException if an allowed algorithm has no key that can serve it
         */
        public SdJwtVerifier build() {
            if (kbAudience != null && kbAlgorithms.isEmpty()) {
                throw new IllegalStateException("keyBinding(...) needs keyBindingAlgorithms(...): name the algorithms"
                        + " holders may sign their KB-JWTs with.");
            }
            if (kbAudience == null && !kbAlgorithms.isEmpty()) {
                throw new IllegalStateException("keyBindingAlgorithms(...) was called without keyBinding(audience);"
                        + " call both to require key binding, or neither.");
            }
            if (vc) {
                if (type != null && !type.equalsIgnoreCase("dc+sd-jwt") && !type.equalsIgnoreCase("application/dc+sd-jwt")) {
                    throw new IllegalStateException("vcProfile() expects typ dc+sd-jwt, but expectType(\"" + type
                            + "\") asks for another; drop one of them.");
                }
                jws.expectType("dc+sd-jwt");
            }
            TokenVerifier tv = jws.build().engine();
            return new SdJwtVerifier(new SdEngine(tv, tv.claims(), hashes,
                    kbAudience == null ? null : kbAlgorithms, kbAudience, kbMaxAge.toMillis(), leeway.toMillis(),
                    clock, vc));
        }
    }
}
