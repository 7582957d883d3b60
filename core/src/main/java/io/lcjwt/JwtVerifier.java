package io.lcjwt;

import io.lcjwt.internal.TokenVerifier;
import io.lcjwt.internal.TokenVerifier.Output;
import io.lcjwt.internal.claims.ClaimsPolicy;
import io.lcjwt.internal.claims.ClaimsReader;
import io.lcjwt.internal.crypto.StaticKeyResolver;
import io.lcjwt.internal.crypto.VerifyKey;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Verifies compact JWS tokens and returns their claims, checked. Immutable and thread-safe: build
 * one per key set and share it.
 *
 * <pre>{@code
 * JwtVerifier verifier = JwtVerifier.builder(JwtSecretKey.of(secret))
 *         .algorithms(Algorithm.HS256)          // mandatory allow-list
 *         .audience("my-api")
 *         .issuer("https://id.example")
 *         .leeway(Duration.ofSeconds(30))
 *         .build();
 * Map<String, Object> claims = verifier.decode(token);
 * MyClaims typed = verifier.decode(token, MyClaims.class);   // a record or a bean
 * }</pre>
 *
 * <p>Every decode checks, in order: the size cap; the compact form (three strict base64url
 * segments); the header ({@code alg} on the allow-list before any crypto, {@code crit}, {@code b64},
 * {@code zip}, {@code cty}, {@code kid} type, duplicate members); the signature, in constant time;
 * then the claims: {@code exp} (required unless {@link Builder#allowMissingExpiration()}),
 * {@code nbf}, {@code aud}, {@code iss}, the required claims, and the type of every registered
 * claim. Any failure is a {@link JwtException} subclass that names the reason.
 *
 * <p>Tokens may be given as a {@code CharSequence}, a {@code byte[]} range, a {@code ByteBuffer}
 * (its position is left alone) or a {@code MemorySegment}. Each is copied once into a pooled
 * buffer, and both parsing and the signature check read that copy: no object is made per call
 * to hand the token to libcrypto, and a caller that changes its buffer during a decode cannot
 * make the two see different bytes.
 *
 * <p>Cost: once a verifier has seen a token's header (and verified its signature), later tokens
 * with the same header skip its decoding; the HMAC key state is computed once per key; and a
 * decode into a record allocates nothing but the result (its strings, lists, {@code Instant}s
 * and the record), whatever the input kind. The working buffers (heap only) come from a small
 * lock-free pool per verifier, sized two per CPU and at least four; when more decodes than that
 * run at once, the extra ones use fresh buffers that are dropped afterwards. Pooled buffers grow
 * to the largest token seen, which {@link Builder#maxTokenBytes(int)} bounds.
 */
public final class JwtVerifier {

    private final TokenVerifier engine;

    private JwtVerifier(TokenVerifier engine) {
        this.engine = engine;
    }

    /**
     * A builder for a verifier over one key. A token's {@code kid}, if any, must match the key's
     * {@code kid} when the key has one.
     *
     * @param key the key; it must stay open while the verifier is used
     * @return a new builder
     * @throws NullPointerException if {@code key} is null
     */
    public static Builder builder(JwtKey key) {
        return new Builder(List.of(Objects.requireNonNull(key, "key")));
    }

    /**
     * A builder for a verifier over several keys, selected by the token's {@code kid}; a token
     * without {@code kid} is accepted only when exactly one key serves its algorithm.
     *
     * @param keys the keys (copied); they must stay open while the verifier is used
     * @return a new builder
     * @throws IllegalArgumentException if {@code keys} is empty
     */
    public static Builder builder(Collection<? extends JwtKey> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("at least one key is needed");
        }
        return new Builder(List.copyOf(keys));
    }

    /**
     * A builder for a verifier over a JWKS URL's keys, fetched and refreshed by a client.
     *
     * @param client the client; closing it stops the refreshes (see {@link JwksClient})
     * @return a new builder
     * @throws NullPointerException if {@code client} is null
     */
    public static Builder builder(JwksClient client) {
        Builder b = new Builder(List.of());
        b.client = Objects.requireNonNull(client, "client");
        return b;
    }

    /**
     * A builder for a verifier over a JWK set's keys, selected by {@code kid}.
     *
     * @param set the set; its keys must stay open while the verifier is used
     * @return a new builder
     */
    public static Builder builder(JwkSet set) {
        return builder(set.keys());
    }

    // ---- claims as a Map ------------------------------------------------------------------------

    /**
     * Verifies a token and returns its claims.
     *
     * @param token a compact JWS
     * @return the claims as an ordered, modifiable map (NumericDates as {@code Long} or
     *         {@code Double}, objects as maps, arrays as lists)
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(CharSequence token) {
        return (Map<String, Object>) engine.decode(token, Map.class, Output.CLAIMS);
    }

    /**
     * Verifies the token in {@code token[off, off+len)} and returns its claims as a map.
     *
     * @param token the bytes holding a compact JWS (US-ASCII)
     * @param off where the token starts
     * @param len its length in bytes
     * @return the claims, as {@link #decode(CharSequence)} returns them
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     * @throws IndexOutOfBoundsException if {@code off} and {@code len} do not lie within {@code token}
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(byte[] token, int off, int len) {
        return (Map<String, Object>) engine.decode(token, off, len, Map.class, Output.CLAIMS);
    }

    /**
     * Verifies the token in the buffer's remaining bytes and returns its claims as a map. The
     * buffer's position and limit are left alone.
     *
     * @param token a buffer whose remaining bytes are a compact JWS
     * @return the claims, as {@link #decode(CharSequence)} returns them
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(ByteBuffer token) {
        return (Map<String, Object>) engine.decode(token, Map.class, Output.CLAIMS);
    }

    /**
     * Verifies the token in the segment and returns its claims as a map.
     *
     * @param token a segment whose bytes are exactly a compact JWS
     * @return the claims, as {@link #decode(CharSequence)} returns them
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(MemorySegment token) {
        return (Map<String, Object>) engine.decode(token, Map.class, Output.CLAIMS);
    }

    // ---- claims as a record or bean --------------------------------------------------------------

    /**
     * Verifies a token and binds its claims to {@code type}: a record (canonical
     * constructor), a bean (public no-argument constructor and setters) or {@code Map.class}.
     * NumericDate claims bind to {@code Instant}, {@code long} or {@code double}; {@code aud} to
     * {@code String} or {@code List<String>}. Members the type does not declare are ignored.
     * On the module path, a record's package must be exported or opened to {@code io.lcjwt}
     * (beans in a named module do not bind yet: use a record or {@code Map} there).
     *
     * @param <T> the claims type
     * @param token a compact JWS
     * @param type the claims type
     * @return a new instance holding the claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    public <T> T decode(CharSequence token, Class<T> type) {
        return type.cast(engine.decode(token, type, Output.CLAIMS));
    }

    /**
     * As {@link #decode(CharSequence, Class)}, for the token in {@code token[off, off+len)}.
     *
     * @param <T> the claims type
     * @param token the bytes holding a compact JWS (US-ASCII)
     * @param off where the token starts
     * @param len its length in bytes
     * @param type the claims type
     * @return a new instance holding the claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     * @throws IndexOutOfBoundsException if {@code off} and {@code len} do not lie within {@code token}
     */
    public <T> T decode(byte[] token, int off, int len, Class<T> type) {
        return type.cast(engine.decode(token, off, len, type, Output.CLAIMS));
    }

    /**
     * As {@link #decode(CharSequence, Class)}, for the token in the buffer's remaining bytes.
     *
     * @param <T> the claims type
     * @param token a buffer whose remaining bytes are a compact JWS; its position is left alone
     * @param type the claims type
     * @return a new instance holding the claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    public <T> T decode(ByteBuffer token, Class<T> type) {
        return type.cast(engine.decode(token, type, Output.CLAIMS));
    }

    /**
     * As {@link #decode(CharSequence, Class)}, for the token in the segment.
     *
     * @param <T> the claims type
     * @param token a segment whose bytes are exactly a compact JWS
     * @param type the claims type
     * @return a new instance holding the claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    public <T> T decode(MemorySegment token, Class<T> type) {
        return type.cast(engine.decode(token, type, Output.CLAIMS));
    }

    // ---- header and claims ----------------------------------------------------------------------

    /**
     * Verifies a token and returns its header with its claims bound to {@code type}, as
     * {@link #decode(CharSequence, Class)} binds them.
     *
     * @param <T> the claims type
     * @param token a compact JWS
     * @param type the claims type
     * @return the verified header and claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    @SuppressWarnings("unchecked")
    public <T> Jwt<T> decodeJwt(CharSequence token, Class<T> type) {
        return (Jwt<T>) engine.decode(token, type, Output.JWT);
    }

    /**
     * As {@link #decodeJwt(CharSequence, Class)}, for the token in {@code token[off, off+len)}.
     *
     * @param <T> the claims type
     * @param token the bytes holding a compact JWS (US-ASCII)
     * @param off where the token starts
     * @param len its length in bytes
     * @param type the claims type
     * @return the verified header and claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     * @throws IndexOutOfBoundsException if {@code off} and {@code len} do not lie within {@code token}
     */
    @SuppressWarnings("unchecked")
    public <T> Jwt<T> decodeJwt(byte[] token, int off, int len, Class<T> type) {
        return (Jwt<T>) engine.decode(token, off, len, type, Output.JWT);
    }

    /**
     * As {@link #decodeJwt(CharSequence, Class)}, for the token in the buffer's remaining bytes.
     *
     * @param <T> the claims type
     * @param token a buffer whose remaining bytes are a compact JWS; its position is left alone
     * @param type the claims type
     * @return the verified header and claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    @SuppressWarnings("unchecked")
    public <T> Jwt<T> decodeJwt(ByteBuffer token, Class<T> type) {
        return (Jwt<T>) engine.decode(token, type, Output.JWT);
    }

    /**
     * As {@link #decodeJwt(CharSequence, Class)}, for the token in the segment.
     *
     * @param <T> the claims type
     * @param token a segment whose bytes are exactly a compact JWS
     * @param type the claims type
     * @return the verified header and claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    @SuppressWarnings("unchecked")
    public <T> Jwt<T> decodeJwt(MemorySegment token, Class<T> type) {
        return (Jwt<T>) engine.decode(token, type, Output.JWT);
    }

    // ---- any JWS ------------------------------------------------------------------------------

    /**
     * Verifies a compact JWS whose payload need not be JSON and returns the payload bytes. The
     * header and signature are checked exactly as for {@link #decode}; no claim is checked.
     *
     * <pre>{@code
     * byte[] content = verifier.verifyContent(jws);
     * }</pre>
     *
     * @param jws a compact JWS
     * @return the payload, base64url-decoded (a new array)
     * @throws JwtException if the header or signature is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    public byte[] verifyContent(CharSequence jws) {
        return (byte[]) engine.decode(jws, byte[].class, Output.CONTENT);
    }

    /**
     * As {@link #verifyContent(CharSequence)}, for the JWS in {@code jws[off, off+len)}.
     *
     * @param jws the bytes holding a compact JWS (US-ASCII)
     * @param off where the JWS starts
     * @param len its length in bytes
     * @return the payload, base64url-decoded (a new array)
     * @throws JwtException if the header or signature is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     * @throws IndexOutOfBoundsException if {@code off} and {@code len} do not lie within {@code jws}
     */
    public byte[] verifyContent(byte[] jws, int off, int len) {
        return (byte[]) engine.decode(jws, off, len, byte[].class, Output.CONTENT);
    }

    /**
     * As {@link #verifyContent(CharSequence)}, for the JWS in the buffer's remaining bytes.
     *
     * @param jws a buffer whose remaining bytes are a compact JWS; its position is left alone
     * @return the payload, base64url-decoded (a new array)
     * @throws JwtException if the header or signature is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    public byte[] verifyContent(ByteBuffer jws) {
        return (byte[]) engine.decode(jws, byte[].class, Output.CONTENT);
    }

    /**
     * As {@link #verifyContent(CharSequence)}, for the JWS in the segment.
     *
     * @param jws a segment whose bytes are exactly a compact JWS
     * @return the payload, base64url-decoded (a new array)
     * @throws JwtException if the header or signature is refused: the subclass and its message say why
     * @throws IllegalStateException if a key this verifier was built on has been closed
     */
    public byte[] verifyContent(MemorySegment jws) {
        return (byte[]) engine.decode(jws, byte[].class, Output.CONTENT);
    }

    /**
     * Configures a {@link JwtVerifier}. Not thread-safe; the verifier it builds is.
     */
    public static final class Builder {
        private final List<JwtKey> keys;
        private final Set<Algorithm> algorithms = EnumSet.noneOf(Algorithm.class);
        private final Set<String> audiences = new LinkedHashSet<>();
        private final List<String> required = new ArrayList<>();
        private String issuer;
        private Duration leeway = Duration.ZERO;
        private Clock clock = Clock.systemUTC();
        private boolean requireExpiration = true;
        private int maxTokenBytes = 64 * 1024;
        private String type;
        private JwksClient client;

        private Builder(List<JwtKey> keys) {
            this.keys = keys;
        }

        /**
         * Adds to the allow-list of algorithms (mandatory; a token with any other {@code alg} is
         * refused before any signature work). Calls add up: {@code algorithms(RS256).algorithms(ES256)}
         * allows both.
         *
         * @param algorithms the algorithms to allow
         * @return this builder
         * @throws NullPointerException if the array or one of its elements is null
         */
        public Builder algorithms(Algorithm... algorithms) {
            this.algorithms.addAll(Arrays.asList(algorithms));
            return this;
        }

        /**
         * Adds accepted audiences; calls add up, and a token passes when its {@code aud} (a string, or
         * any member of an array) is one of them. With none configured, a token that carries
         * {@code aud} is refused: a token meant for someone else must not be accepted by accident.
         *
         * @param audiences the audiences to accept, each non-empty
         * @return this builder
         * @throws IllegalArgumentException if one of them is null or empty
         */
        public Builder audience(String... audiences) {
            for (String a : audiences) {
                if (a == null || a.isEmpty()) {
                    throw new IllegalArgumentException("an audience must be a non-empty string");
                }
                this.audiences.add(a);
            }
            return this;
        }

        /**
         * The required {@code iss}; tokens without it, or from another issuer, are refused. A later
         * call replaces an earlier one.
         *
         * @param issuer the issuer, compared exactly
         * @return this builder
         * @throws NullPointerException if {@code issuer} is null
         */
        public Builder issuer(String issuer) {
            this.issuer = Objects.requireNonNull(issuer, "issuer");
            return this;
        }

        /**
         * Allowed clock skew for {@code exp} and {@code nbf}; default zero, at most 10 minutes.
         *
         * @param leeway the skew
         * @return this builder
         * @throws IllegalArgumentException if it is negative or above 10 minutes
         */
        public Builder leeway(Duration leeway) {
            if (leeway.isNegative() || leeway.compareTo(Duration.ofMinutes(10)) > 0) {
                throw new IllegalArgumentException("leeway must be between 0 and 10 minutes");
            }
            this.leeway = leeway;
            return this;
        }

        /**
         * Adds claims that must be present (their values are the caller's to judge); calls add up.
         *
         * @param names the claims' names
         * @return this builder
         * @throws NullPointerException if a name is null
         */
        public Builder requireClaims(String... names) {
            for (String n : names) {
                if (!required.contains(Objects.requireNonNull(n))) {
                    required.add(n);
                }
            }
            return this;
        }

        /**
         * Accepts tokens without {@code exp}. Such tokens never expire; prefer short-lived ones.
         *
         * @return this builder
         */
        public Builder allowMissingExpiration() {
            this.requireExpiration = false;
            return this;
        }

        /**
         * Requires the header's {@code typ} to be {@code type} (case-insensitive), e.g. {@code at+jwt}.
         * A later call replaces an earlier one.
         *
         * @param type the expected media type
         * @return this builder
         * @throws NullPointerException if {@code type} is null
         */
        public Builder expectType(String type) {
            this.type = Objects.requireNonNull(type, "type");
            return this;
        }

        /**
         * The time source for {@code exp} and {@code nbf} (default: the system UTC clock).
         *
         * @param clock the clock
         * @return this builder
         * @throws NullPointerException if {@code clock} is null
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * The largest token accepted, in bytes (default 64 KiB); larger ones are refused unread.
         *
         * @param maxTokenBytes the cap, at least 16
         * @return this builder
         * @throws IllegalArgumentException if it is below 16
         */
        public Builder maxTokenBytes(int maxTokenBytes) {
            if (maxTokenBytes < 16) {
                throw new IllegalArgumentException("maxTokenBytes must be at least 16");
            }
            this.maxTokenBytes = maxTokenBytes;
            return this;
        }

        /**
         * Builds the verifier. The builder can be changed and used again; verifiers already built do
         * not change with it.
         *
         * @return a verifier, immutable and thread-safe
         * @throws IllegalStateException if no algorithm was allowed, or a key has been closed
         * @throws InvalidJwtKeyException if an allowed algorithm has no key that can serve it
         */
        public JwtVerifier build() {
            if (algorithms.isEmpty()) {
                throw new IllegalStateException("Name the accepted algorithms with algorithms(...):"
                        + " lcjwt never takes the algorithm from the token alone.");
            }
            ClaimsPolicy policy = new ClaimsPolicy(audiences, issuer, leeway.toMillis(), clock,
                    requireExpiration, required);
            if (client != null) {
                return new JwtVerifier(new TokenVerifier(client.resolver(), algorithms, new ClaimsReader(policy),
                        maxTokenBytes, type, client));
            }
            List<VerifyKey> impls = new ArrayList<>();
            for (JwtKey k : keys) {
                impls.add(Keys.impl(k));
            }
            for (Algorithm a : algorithms) {
                boolean served = false;
                for (JwtKey k : keys) {
                    served |= k.supports(a);
                }
                if (!served) {
                    Keys.requireSupport(keys.get(0), a);
                    throw new InvalidJwtKeyException("No configured key can verify " + a.jwsName() + ".");
                }
            }
            return new JwtVerifier(new TokenVerifier(new StaticKeyResolver(impls), algorithms,
                    new ClaimsReader(policy), maxTokenBytes, type, List.copyOf(keys)));
        }
    }
}
