package io.lcjwt;

import io.lcjwt.internal.jws.TokenVerifier;
import io.lcjwt.internal.jws.TokenVerifier.Output;
import io.lcjwt.internal.claims.ClaimsPolicy;
import io.lcjwt.internal.claims.CursorClaimsReader;
import io.lcjwt.internal.crypto.StaticKeyResolver;
import io.lcjwt.internal.crypto.VerifyKey;
import io.lcjwt.internal.jws.JwsVerifier;

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
 * Verifies JWS tokens and returns their claims, checked: compact ones by {@code decode} and
 * {@code verifyContent}, detached ones by {@code verifyDetached}, and the JSON serialization by
 * {@code verifyJson} and {@code verifyJsonAnySignature}; each refuses the others' forms. Immutable and thread-safe: build
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
 * {@code nbf}, {@code iat} (not in the future, past the leeway), {@code aud}, {@code iss}, the required claims, and the type of every registered
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

    /** The engine, for an {@link SdJwtVerifier} built on this verifier's keys and claim checks. */
    TokenVerifier engine() {
        return engine;
    }

    /**
     * The detached and JSON serialization paths, made per call (it holds only the engine) so that
     * a service decoding compact tokens never loads them (a start-up rule, docs/architecture.md).
     */
    private JwsVerifier jws() {
        return new JwsVerifier(engine);
    }

    /**
     * A builder for a verifier over one key. A token's {@code kid}, if any, must match the key's
     * {@code kid} when the key has one.
     *
     * @param key the key tokens must be signed with; it must stay open while the verifier is used
     * @return a new builder; name the allowed algorithms before {@link Builder#build()}
     * @throws NullPointerException if {@code key} is null
     */
    public static Builder builder(JwtKey key) {
        return new Builder(List.of(Objects.requireNonNull(key, "key")));
    }

    /**
     * A builder for a verifier over several keys, selected by the token's {@code kid}; a token
     * without {@code kid} is accepted only when exactly one key serves its algorithm. A key whose
     * JWK's {@code use}, {@code key_ops} or {@code alg} forbid verifying (see
     * {@link JwtKey#fromJwk}) never serves one, so an encryption key beside the signing keys, even
     * under the same {@code kid}, is passed over.
     *
     * @param keys the keys (copied), at least one; they must stay open while the verifier is used
     * @return a new builder; name the allowed algorithms before {@link Builder#build()}
     * @throws NullPointerException if {@code keys} or one of its elements is null
     * @throws IllegalArgumentException if {@code keys} is empty
     */
    public static Builder builder(Collection<? extends JwtKey> keys) {
        Objects.requireNonNull(keys, "keys");
        List<JwtKey> list = new ArrayList<>(keys.size());
        for (JwtKey k : keys) {
            list.add(Objects.requireNonNull(k, () -> "keys[" + list.size() + "]"));
        }
        if (list.isEmpty()) {
            throw new IllegalArgumentException("keys is empty; a verifier needs at least one key");
        }
        return new Builder(List.copyOf(list));
    }

    /**
     * A builder for a verifier over a JWKS URL's keys, fetched and refreshed by a client.
     *
     * @param client the client that fetches the issuer's keys; closing it stops the refreshes
     *        (see {@link JwksClient})
     * @return a new builder; name the allowed algorithms before {@link Builder#build()}
     * @throws NullPointerException if {@code client} is null
     */
    public static Builder builder(JwksClient client) {
        Builder b = new Builder(List.of());
        b.client = Objects.requireNonNull(client, "client");
        return b;
    }

    /**
     * A builder for a verifier over a JWK set's keys, selected per token by {@code kid} and
     * {@code alg} as the set's "Choosing a key" describes (several keys may share a
     * {@code kid}; a token without {@code kid} needs exactly one key for its {@code alg}).
     *
     * <p>A set that holds secret keys and asymmetric keys together is refused: verifying with
     * both kinds at once is how a public key ends up trusted as an HMAC secret, or a leaked
     * secret accepted beside an issuer's keys (Wycheproof's mixed-symmetry key set). A set of
     * secret keys only, for HMAC rotation, and a set of public keys only are both fine. (Keys
     * you pass one by one to {@link #builder(Collection)} may mix, for a JWS JSON document
     * signed by an RSA key and an HMAC secret, say: that choice is made key by key.)
     *
     * <pre>{@code
     * JwtVerifier v = JwtVerifier.builder(JwkSet.parse(published)).algorithms(Algorithm.RS256, Algorithm.ES256).build();
     * }</pre>
     *
     * @param set the set; its keys must stay open while the verifier is used
     * @return a new builder; name the allowed algorithms before {@link Builder#build()}
     * @throws NullPointerException if {@code set} is null
     * @throws IllegalArgumentException if {@code set} holds no key
     * @throws InvalidJwtKeyException if the set mixes secret keys with asymmetric keys that can
     *         verify
     */
    public static Builder builder(JwkSet set) {
        List<JwtKey> keys = Objects.requireNonNull(set, "set").keys();
        JwtKey secret = null;
        JwtKey asymmetric = null;
        for (JwtKey k : keys) {
            if (!verifiesAny(k)) {
                continue; // a key for JWE only never verifies, so it mixes nothing into verification
            }
            if (k instanceof JwtSecretKey) {
                secret = secret == null ? k : secret;
            } else {
                asymmetric = asymmetric == null ? k : asymmetric;
            }
        }
        if (secret != null && asymmetric != null) {
            throw new InvalidJwtKeyException("The JWK set mixes secret keys" + example(secret) + " with asymmetric keys"
                    + example(asymmetric) + "; a verifier over a set takes one kind or the other, so that no token"
                    + " can pick the kind of key that checks it.");
        }
        return builder(keys);
    }

    private static String example(JwtKey k) {
        return k.keyId() == null ? "" : " (such as" + Keys.kid(k) + ")";
    }

    private static boolean verifiesAny(JwtKey k) {
        for (Algorithm a : Algorithm.values()) {
            if (k.supports(a)) {
                return true;
            }
        }
        return false;
    }

    // ---- claims as a Map ------------------------------------------------------------------------

    /**
     * Verifies a token and returns its claims.
     *
     * @param token a compact JWS
     * @return the claims as an ordered map, the caller's own to modify (nothing in it is shared):
     *         NumericDates as {@code Long} or {@code Double}, objects as maps, arrays as lists
     * @throws JwtException if the token is refused: the subclass and its message say why
     *         (a null token is a {@link MalformedJwtException})
     * @throws IllegalStateException if the key the token needs has been closed
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(CharSequence token) {
        return (Map<String, Object>) engine.decode(token, Map.class, Output.CLAIMS);
    }

    /**
     * As {@link #decode(CharSequence)}, for the token in {@code token[off, off+len)}.
     *
     * @param token the bytes holding a compact JWS (US-ASCII)
     * @param off where the token starts
     * @param len its length in bytes
     * @return the claims, as {@link #decode(CharSequence)} returns them
     * @throws JwtException if the token is refused: the subclass and its message say why
     *         (a null array is a {@link MalformedJwtException})
     * @throws IndexOutOfBoundsException if {@code [off, off+len)} is not inside {@code token}
     * @throws IllegalStateException if the key the token needs has been closed
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(byte[] token, int off, int len) {
        return (Map<String, Object>) engine.decode(token, off, len, Map.class, Output.CLAIMS);
    }

    /**
     * As {@link #decode(CharSequence)}, for the token in the buffer's remaining bytes. The
     * buffer's position and limit are left alone.
     *
     * @param token a buffer whose remaining bytes are a compact JWS (US-ASCII)
     * @return the claims, as {@link #decode(CharSequence)} returns them
     * @throws JwtException if the token is refused: the subclass and its message say why
     *         (a null buffer is a {@link MalformedJwtException})
     * @throws IllegalStateException if the key the token needs has been closed
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(ByteBuffer token) {
        return (Map<String, Object>) engine.decode(token, Map.class, Output.CLAIMS);
    }

    /**
     * As {@link #decode(CharSequence)}, for the token in the segment.
     *
     * @param token a segment whose bytes are exactly a compact JWS (US-ASCII)
     * @return the claims, as {@link #decode(CharSequence)} returns them
     * @throws JwtException if the token is refused: the subclass and its message say why
     *         (a null segment is a {@link MalformedJwtException})
     * @throws IllegalStateException if the key the token needs has been closed, or the segment's
     *         arena has been closed
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> decode(MemorySegment token) {
        return (Map<String, Object>) engine.decode(token, Map.class, Output.CLAIMS);
    }

    // ---- claims as a record or bean --------------------------------------------------------------

    /**
     * Verifies a token and binds its claims to {@code type}: a record (canonical
     * constructor), a bean (public no-argument constructor and setters) or {@code Map.class}.
     * NumericDate claims bind to {@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime},
     * {@code Date}, {@code long} or {@code double}; {@code aud} to
     * {@code String} or {@code List<String>}. Members the type does not declare are ignored.
     *
     * <p>A member reads the claim its {@link Claim} annotation names, else its own name under
     * the {@link Builder#claimNaming(ClaimNaming) naming rule}; names are resolved once per class.
     * An {@code Optional<T>} member is {@code Optional.empty()} when its claim is absent or
     * {@code null}, and otherwise holds the value bound as a {@code T}. A primitive member
     * ({@code long}, {@code boolean}...) whose claim is absent refuses the token with a
     * {@link MissingClaimException} naming the claim and the member, rather than reading a zero
     * that would pass for a real value; declare it boxed or {@code Optional} to accept tokens
     * without it. Other members read {@code null} when their claim is absent. A claim of the
     * wrong type is an {@link InvalidClaimException}, never treated as absent, and a registered
     * claim ({@code exp}, {@code nbf}, {@code iat}, {@code iss}, {@code sub}, {@code aud},
     * {@code jti}) that is {@code null} is of the wrong type.
     *
     * <p>On the module path, the type's package must be opened to {@code io.lcjwt} (exported to it
     * is enough when the type, its constructor and its setters are public); if it is not, the
     * message names the line to add to which module-info.java.
     *
     * @param <T> the claims type
     * @param token a compact JWS
     * @param type the class to bind the claims to
     * @return a new instance holding the claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     *         (a null token is a {@link MalformedJwtException}; a claim whose value does not
     *         fit its member, such as {@code 300} for a {@code byte}, an
     *         {@link InvalidClaimException} naming it; an absent claim for a primitive member, a
     *         {@link MissingClaimException} naming it)
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type} (a JDK type it does not
     *         know, a {@code Map} type that a {@code LinkedHashMap} is not, a class that is neither
     *         a record nor a bean, two members mapped to one claim name); refused before the
     *         signature is checked
     * @throws IllegalStateException if the key the token needs has been closed
     */
    public <T> T decode(CharSequence token, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return type.cast(engine.decode(token, type, Output.CLAIMS));
    }

    /**
     * As {@link #decode(CharSequence, Class)}, for the token in {@code token[off, off+len)}.
     *
     * @param <T> the claims type
     * @param token the bytes holding a compact JWS (US-ASCII)
     * @param off where the token starts
     * @param len its length in bytes
     * @param type the class to bind the claims to
     * @return a new instance holding the claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IndexOutOfBoundsException if {@code [off, off+len)} is not inside {@code token}
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type} (a JDK type it does not
     *         know, a {@code Map} type that a {@code LinkedHashMap} is not, a class that is neither
     *         a record nor a bean); refused before the signature is checked
     * @throws IllegalStateException if the key the token needs has been closed
     */
    public <T> T decode(byte[] token, int off, int len, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return type.cast(engine.decode(token, off, len, type, Output.CLAIMS));
    }

    /**
     * As {@link #decode(CharSequence, Class)}, for the token in the buffer's remaining bytes.
     *
     * @param <T> the claims type
     * @param token a buffer whose remaining bytes are a compact JWS; its position is left alone
     * @param type the class to bind the claims to
     * @return a new instance holding the claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type} (a JDK type it does not
     *         know, a {@code Map} type that a {@code LinkedHashMap} is not, a class that is neither
     *         a record nor a bean); refused before the signature is checked
     * @throws IllegalStateException if the key the token needs has been closed
     */
    public <T> T decode(ByteBuffer token, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return type.cast(engine.decode(token, type, Output.CLAIMS));
    }

    /**
     * As {@link #decode(CharSequence, Class)}, for the token in the segment.
     *
     * @param <T> the claims type
     * @param token a segment whose bytes are exactly a compact JWS
     * @param type the class to bind the claims to
     * @return a new instance holding the claims
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type} (a JDK type it does not
     *         know, a {@code Map} type that a {@code LinkedHashMap} is not, a class that is neither
     *         a record nor a bean); refused before the signature is checked
     * @throws IllegalStateException if the key the token needs has been closed, or the segment's
     *         arena has been closed
     */
    public <T> T decode(MemorySegment token, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return type.cast(engine.decode(token, type, Output.CLAIMS));
    }

    // ---- header and claims ----------------------------------------------------------------------

    /**
     * Verifies {@code token} and returns its header with its claims as a map.
     *
     * <pre>{@code
     * VerifiedJwt<Map<String, Object>> jwt = verifier.decodeJwt(token);
     * String kid = jwt.header().keyId();
     * }</pre>
     *
     * @param token a compact JWS
     * @return the verified header (deeply unmodifiable, shared with later tokens that carry the
     *         same header) and the claims, as {@link #decode(CharSequence)} returns them
     * @throws JwtException if the token is refused: the subclass and its message say why
     *         (a null token is a {@link MalformedJwtException})
     * @throws IllegalStateException if the key the token needs has been closed
     */
    @SuppressWarnings("unchecked")
    public VerifiedJwt<Map<String, Object>> decodeJwt(CharSequence token) {
        return (VerifiedJwt<Map<String, Object>>) engine.decode(token, Map.class, Output.JWT);
    }

    /**
     * As {@link #decodeJwt(CharSequence)}, for the token in {@code token[off, off+len)}.
     *
     * @param token the bytes holding a compact JWS (US-ASCII)
     * @param off where the token starts
     * @param len its length in bytes
     * @return the verified header and the claims as an ordered, modifiable map
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IndexOutOfBoundsException if {@code [off, off+len)} is not inside {@code token}
     * @throws IllegalStateException if the key the token needs has been closed
     */
    @SuppressWarnings("unchecked")
    public VerifiedJwt<Map<String, Object>> decodeJwt(byte[] token, int off, int len) {
        return (VerifiedJwt<Map<String, Object>>) engine.decode(token, off, len, Map.class, Output.JWT);
    }

    /**
     * As {@link #decodeJwt(CharSequence)}, for the token in the buffer's remaining bytes.
     *
     * @param token a buffer whose remaining bytes are a compact JWS; its position is left alone
     * @return the verified header and the claims as an ordered, modifiable map
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if the key the token needs has been closed
     */
    @SuppressWarnings("unchecked")
    public VerifiedJwt<Map<String, Object>> decodeJwt(ByteBuffer token) {
        return (VerifiedJwt<Map<String, Object>>) engine.decode(token, Map.class, Output.JWT);
    }

    /**
     * As {@link #decodeJwt(CharSequence)}, for the token in the segment.
     *
     * @param token a segment whose bytes are exactly a compact JWS
     * @return the verified header and the claims as an ordered, modifiable map
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IllegalStateException if the key the token needs has been closed, or the segment's
     *         arena has been closed
     */
    @SuppressWarnings("unchecked")
    public VerifiedJwt<Map<String, Object>> decodeJwt(MemorySegment token) {
        return (VerifiedJwt<Map<String, Object>>) engine.decode(token, Map.class, Output.JWT);
    }

    /**
     * Verifies {@code token} and returns its header with its claims bound to {@code type}, as
     * {@link #decode(CharSequence, Class)} binds them.
     *
     * @param <T> the claims type
     * @param token a compact JWS
     * @param type the class to bind the claims to
     * @return the verified header (deeply unmodifiable, shared with later tokens that carry the
     *         same header) and the claims, bound
     * @throws JwtException if the token is refused: the subclass and its message say why
     *         (a null token is a {@link MalformedJwtException}; a claim whose value does not
     *         fit its member, an {@link InvalidClaimException} naming it)
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type} (a JDK type it does not
     *         know, a {@code Map} type that a {@code LinkedHashMap} is not, a class that is neither
     *         a record nor a bean); refused before the signature is checked
     * @throws IllegalStateException if the key the token needs has been closed
     */
    @SuppressWarnings("unchecked")
    public <T> VerifiedJwt<T> decodeJwt(CharSequence token, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return (VerifiedJwt<T>) engine.decode(token, type, Output.JWT);
    }

    /**
     * As {@link #decodeJwt(CharSequence, Class)}, for the token in {@code token[off, off+len)}.
     *
     * @param <T> the claims type
     * @param token the bytes holding a compact JWS (US-ASCII)
     * @param off where the token starts
     * @param len its length in bytes
     * @param type the class to bind the claims to
     * @return the verified header and the claims, bound
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws IndexOutOfBoundsException if {@code [off, off+len)} is not inside {@code token}
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type} (a JDK type it does not
     *         know, a {@code Map} type that a {@code LinkedHashMap} is not, a class that is neither
     *         a record nor a bean); refused before the signature is checked
     * @throws IllegalStateException if the key the token needs has been closed
     */
    @SuppressWarnings("unchecked")
    public <T> VerifiedJwt<T> decodeJwt(byte[] token, int off, int len, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return (VerifiedJwt<T>) engine.decode(token, off, len, type, Output.JWT);
    }

    /**
     * As {@link #decodeJwt(CharSequence, Class)}, for the token in the buffer's remaining bytes.
     *
     * @param <T> the claims type
     * @param token a buffer whose remaining bytes are a compact JWS; its position is left alone
     * @param type the class to bind the claims to
     * @return the verified header and the claims, bound
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type} (a JDK type it does not
     *         know, a {@code Map} type that a {@code LinkedHashMap} is not, a class that is neither
     *         a record nor a bean); refused before the signature is checked
     * @throws IllegalStateException if the key the token needs has been closed
     */
    @SuppressWarnings("unchecked")
    public <T> VerifiedJwt<T> decodeJwt(ByteBuffer token, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return (VerifiedJwt<T>) engine.decode(token, type, Output.JWT);
    }

    /**
     * As {@link #decodeJwt(CharSequence, Class)}, for the token in the segment.
     *
     * @param <T> the claims type
     * @param token a segment whose bytes are exactly a compact JWS
     * @param type the class to bind the claims to
     * @return the verified header and the claims, bound
     * @throws JwtException if the token is refused: the subclass and its message say why
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if lcjwt cannot bind {@code type} (a JDK type it does not
     *         know, a {@code Map} type that a {@code LinkedHashMap} is not, a class that is neither
     *         a record nor a bean); refused before the signature is checked
     * @throws IllegalStateException if the key the token needs has been closed, or the segment's
     *         arena has been closed
     */
    @SuppressWarnings("unchecked")
    public <T> VerifiedJwt<T> decodeJwt(MemorySegment token, Class<T> type) {
        Objects.requireNonNull(type, "type");
        return (VerifiedJwt<T>) engine.decode(token, type, Output.JWT);
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
     *         (a null JWS is a {@link MalformedJwtException})
     * @throws IllegalStateException if the key the token needs has been closed
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
     * @throws IndexOutOfBoundsException if {@code [off, off+len)} is not inside {@code jws}
     * @throws IllegalStateException if the key the token needs has been closed
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
     * @throws IllegalStateException if the key the token needs has been closed
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
     * @throws IllegalStateException if the key the token needs has been closed, or the segment's
     *         arena has been closed
     */
    public byte[] verifyContent(MemorySegment jws) {
        return (byte[]) engine.decode(jws, byte[].class, Output.CONTENT);
    }

    // ---- detached content (RFC 7515 Appendix F) -------------------------------------------------

    /**
     * Verifies a compact JWS whose payload travels apart: {@code header..signature}, the payload
     * part empty, as in detached-signature APIs and the {@code x-jws-signature} HTTP header. The
     * header is checked as for {@link #decode}; the signature is checked over {@code payload},
     * base64url-encoded on the way unless the header says {@code "b64":false} (RFC 7797; see
     * {@link Builder#allowUnencodedPayload()}), in which case its bytes are signed as they are.
     * No claim is checked.
     *
     * <pre>{@code
     * JwtVerifier verifier = JwtVerifier.builder(key).algorithms(Algorithm.ES256)
     *         .allowUnencodedPayload().build();
     * JwtHeader header = verifier.verifyDetached(request.header("x-jws-signature"), body);
     * }</pre>
     *
     * <p>The payload is read in place and never copied or encoded whole, whatever its size
     * (the {@link Builder#maxTokenBytes(int) size cap} applies to the JWS, not to it), except
     * for EdDSA: Ed25519 cannot sign or verify in pieces, so its signing input is joined once in
     * native memory freed before the call returns. The caller must not change the payload while
     * the call runs.
     *
     * @param jws a detached compact JWS, {@code header..signature}
     * @param payload the detached payload
     * @return the verified header (deeply unmodifiable)
     * @throws JwtException if the JWS is refused: the subclass and its message say why (a null
     *         JWS or payload is a {@link MalformedJwtException}; a JWS that carries its own payload
     *         too)
     * @throws IllegalStateException if the key the JWS needs has been closed
     */
    public JwtHeader verifyDetached(CharSequence jws, byte[] payload) {
        return jws().verifyDetached(jws, payload == null ? null : MemorySegment.ofArray(payload));
    }

    /**
     * As {@link #verifyDetached(CharSequence, byte[])}, for a payload in the buffer's remaining
     * bytes (heap or direct); its position and limit are left alone.
     *
     * @param jws a detached compact JWS, {@code header..signature}
     * @param payload the detached payload, its remaining bytes
     * @return the verified header (deeply unmodifiable)
     * @throws JwtException if the JWS is refused: the subclass and its message say why
     * @throws IllegalStateException if the key the JWS needs has been closed
     */
    public JwtHeader verifyDetached(CharSequence jws, ByteBuffer payload) {
        return jws().verifyDetached(jws, payload == null ? null : MemorySegment.ofBuffer(payload));
    }

    /**
     * As {@link #verifyDetached(CharSequence, byte[])}, for a payload in a segment (all its bytes).
     *
     * @param jws a detached compact JWS, {@code header..signature}
     * @param payload the detached payload
     * @return the verified header (deeply unmodifiable)
     * @throws JwtException if the JWS is refused: the subclass and its message say why
     * @throws IllegalStateException if the key the JWS needs has been closed, or the segment's
     *         arena has been closed
     */
    public JwtHeader verifyDetached(CharSequence jws, MemorySegment payload) {
        return jws().verifyDetached(jws, payload);
    }

    // ---- JSON serialization (RFC 7515 section 7.2) ----------------------------------------------

    /**
     * Verifies a JWS in the JSON serialization, general ({@code "signatures"}) or flattened, and
     * requires <b>every</b> signature present to verify with a configured key: a signature whose
     * algorithm is not allowed, whose key is unknown or that does not match refuses the whole JWS.
     * Use {@link #verifyJsonAnySignature(CharSequence)} when one good signature among several is
     * enough (a key or algorithm migration).
     *
     * <pre>{@code
     * VerifiedJws jws = verifier.verifyJson("""
     *     {"payload":"eyJpc3MiOiJqb2UifQ","protected":"eyJhbGciOiJFUzI1NiJ9","signature":"..."}""");
     * byte[] content = jws.payload();
     * }</pre>
     *
     * <p>Each signature's protected header is checked as a compact header is ({@code alg} on the
     * allow-list before any crypto, {@code crit}, {@code b64}, duplicate members, {@code typ});
     * the protected and unprotected headers must not share a member; {@code alg}, {@code crit}
     * and {@code b64} must be protected; the key is chosen by the {@code kid} of either header.
     * No claim is checked: the payload is any content. The {@link Builder#maxTokenBytes(int)
     * size cap} applies to the whole JSON text.
     *
     * @param json the JWS JSON serialization
     * @return the payload and the verified headers
     * @throws JwtException if the JWS is refused: the subclass and its message say why (a null
     *         JWS, a compact JWS or detached content is a {@link MalformedJwtException})
     * @throws IllegalStateException if a key the JWS needs has been closed
     */
    public VerifiedJws verifyJson(CharSequence json) {
        return result(jws().verifyJson(json, null, true));
    }

    /**
     * As {@link #verifyJson(CharSequence)}, for a JWS without {@code "payload"} whose content
     * travels apart (RFC 7515 Appendix F); every signature must verify.
     *
     * <pre>{@code
     * VerifiedJws jws = verifier.verifyJson(json, body);   // json has no "payload" member
     * }</pre>
     *
     * @param json the JWS JSON serialization, without {@code "payload"}
     * @param payload the detached payload (read in place, never copied)
     * @return the verified headers; {@link VerifiedJws#payload()} is null
     * @throws JwtException if the JWS is refused: the subclass and its message say why (a null
     *         payload, or a JWS that carries one, is a {@link MalformedJwtException})
     * @throws IllegalStateException if a key the JWS needs has been closed
     */
    public VerifiedJws verifyJson(CharSequence json, byte[] payload) {
        return result(jws().verifyJson(json, detachedPayload(payload), true));
    }

    /**
     * As {@link #verifyJson(CharSequence)}, but passes when <b>at least one</b> signature verifies
     * with a configured key; signatures with an algorithm not allowed, an unknown key, a critical
     * extension lcjwt does not know, an unprotected {@code alg}, a {@code typ} other than
     * {@link Builder#expectType expected} or a wrong signature are skipped (a malformed JWS is still
     * refused whole). {@link VerifiedJws#headers()} lists the signatures that verified.
     *
     * <pre>{@code
     * // during a migration from RS256 to ES256 the issuer signs with both
     * VerifiedJws jws = verifier.verifyJsonAnySignature(json);
     * }</pre>
     *
     * @param json the JWS JSON serialization
     * @return the payload and the headers of the signatures that verified (at least one)
     * @throws JwtException if no signature verifies (the first signature's refusal) or the JWS
     *         is malformed
     * @throws IllegalStateException if a key the JWS needs has been closed
     */
    public VerifiedJws verifyJsonAnySignature(CharSequence json) {
        return result(jws().verifyJson(json, null, false));
    }

    /**
     * As {@link #verifyJsonAnySignature(CharSequence)}, for detached content.
     *
     * <pre>{@code
     * VerifiedJws jws = verifier.verifyJsonAnySignature(json, body);
     * }</pre>
     *
     * @param json the JWS JSON serialization, without {@code "payload"}
     * @param payload the detached payload (read in place, never copied)
     * @return the headers of the signatures that verified; {@link VerifiedJws#payload()} is null
     * @throws JwtException if no signature verifies or the JWS is malformed
     * @throws IllegalStateException if a key the JWS needs has been closed
     */
    public VerifiedJws verifyJsonAnySignature(CharSequence json, byte[] payload) {
        return result(jws().verifyJson(json, detachedPayload(payload), false));
    }

    private static MemorySegment detachedPayload(byte[] payload) {
        if (payload == null) {
            throw new MalformedJwtException("The detached payload is null.");
        }
        return MemorySegment.ofArray(payload);
    }

    private static VerifiedJws result(JwsVerifier.JsonResult r) {
        return new VerifiedJws(r.payload(), r.headers(), r.unprotected());
    }

    /**
     * Configures a {@link JwtVerifier}. Not thread-safe; the verifier it builds is.
     */
    public static final class Builder {
        /** As many as the claims reader tracks in one bit set. */
        private static final int MAX_REQUIRED = 60;

        private final List<JwtKey> keys;
        private final Set<Algorithm> algorithms = EnumSet.noneOf(Algorithm.class);
        private final Set<String> audiences = new LinkedHashSet<>();
        private final List<String> required = new ArrayList<>();
        private String issuer;
        private Duration leeway = Duration.ZERO;
        private Clock clock = Clock.systemUTC();
        private boolean requireExpiration = true;
        private boolean anyAudience;
        private boolean nonBlocking;
        private int maxTokenBytes = 64 * 1024;
        private String type;
        private JwksClient client;
        private ClaimNaming claimNaming = ClaimNaming.IDENTITY;
        private boolean allowUnencoded;
        private ClaimsReader claimsReader = ClaimsReader.lcjwt();

        private Builder(List<JwtKey> keys) {
            this.keys = keys;
        }

        /**
         * Adds to the allow-list of algorithms (mandatory; a token with any other {@code alg} is
         * refused before any signature work). Calls add up: {@code algorithms(RS256).algorithms(ES256)}
         * allows both.
         *
         * @param algorithms one or more algorithms to allow
         * @return this builder
         * @throws NullPointerException if {@code algorithms} or one of its elements is null
         * @throws IllegalArgumentException if no algorithm is given
         */
        public Builder algorithms(Algorithm... algorithms) {
            Objects.requireNonNull(algorithms, "algorithms");
            if (algorithms.length == 0) {
                throw new IllegalArgumentException("algorithms is empty; name at least one algorithm to accept");
            }
            for (int i = 0; i < algorithms.length; i++) {
                Objects.requireNonNull(algorithms[i], "algorithms[" + i + "]");
            }
            this.algorithms.addAll(Arrays.asList(algorithms));
            return this;
        }

        /**
         * Adds accepted audiences; calls add up, and a token passes when its {@code aud} (a string, or
         * any member of an array) is one of them. With none configured, a token that carries
         * {@code aud} is refused: a token meant for someone else must not be accepted by accident.
         *
         * @param audiences one or more non-empty audience names, such as {@code my-api}
         * @return this builder
         * @throws NullPointerException if {@code audiences} or one of its elements is null
         * @throws IllegalArgumentException if no audience is given, or one is empty
         */
        public Builder audience(String... audiences) {
            Objects.requireNonNull(audiences, "audiences");
            if (audiences.length == 0) {
                throw new IllegalArgumentException("audiences is empty; name at least one audience");
            }
            for (int i = 0; i < audiences.length; i++) {
                if (Objects.requireNonNull(audiences[i], "audiences[" + i + "]").isEmpty()) {
                    throw new IllegalArgumentException("audiences[" + i + "] is empty; an audience must be a"
                            + " non-empty string");
                }
            }
            this.audiences.addAll(Arrays.asList(audiences));
            return this;
        }

        /**
         * Leaves {@code aud} unchecked: a token passes whatever audience it names, or none. Its
         * form is still checked (a non-empty string or array of non-empty strings). Only for a
         * caller that checks the audience itself, as Spring Security's validators do; otherwise
         * prefer {@link #audience(String...)}, since a token meant for another service would be
         * accepted.
         *
         * @return this builder
         */
        public Builder anyAudience() {
            this.anyAudience = true;
            return this;
        }

        /**
         * For event loops (Netty, Vert.x): a decode never waits for a JWKS fetch. Where a verifier
         * over a {@link JwksClient} would wait (the first fetch, a refetch for an unknown
         * {@code kid}, keys past {@code maxStale}), this one throws {@link KeysNotReadyException}
         * at once, and the caller decodes again on a thread that may block. Verifiers over fixed
         * keys never wait, so for them this changes nothing.
         *
         * @return this builder
         */
        public Builder nonBlocking() {
            this.nonBlocking = true;
            return this;
        }

        /**
         * The required {@code iss}; tokens without it, or from another issuer, are refused. A later
         * call replaces an earlier one.
         *
         * @param issuer the issuer, such as {@code https://id.example}, compared exactly
         * @return this builder
         * @throws NullPointerException if {@code issuer} is null
         * @throws IllegalArgumentException if {@code issuer} is empty
         */
        public Builder issuer(String issuer) {
            if (Objects.requireNonNull(issuer, "issuer").isEmpty()) {
                throw new IllegalArgumentException("issuer is empty; name the expected issuer");
            }
            this.issuer = issuer;
            return this;
        }

        /**
         * Allowed clock skew for {@code exp}, {@code nbf} and {@code iat} alike; default zero, at
         * most 10 minutes. A token is refused as expired when {@code exp <= now - leeway}, and as
         * not yet valid ({@link NotYetValidException}) when {@code nbf > now + leeway} or when it
         * was issued in the future, {@code iat > now + leeway}. NumericDates with a fraction are
         * compared exactly, not rounded to the second.
         *
         * @param leeway the skew, between zero and 10 minutes
         * @return this builder
         * @throws NullPointerException if {@code leeway} is null
         * @throws IllegalArgumentException if {@code leeway} is negative or over 10 minutes
         */
        public Builder leeway(Duration leeway) {
            Objects.requireNonNull(leeway, "leeway");
            if (leeway.isNegative() || leeway.compareTo(Duration.ofMinutes(10)) > 0) {
                throw new IllegalArgumentException("leeway must be between 0 and 10 minutes, not " + leeway);
            }
            this.leeway = leeway;
            return this;
        }

        /**
         * Adds claims that must be present (their values are the caller's to judge); calls add up,
         * to at most 60 names.
         *
         * @param names one or more non-empty claim names
         * @return this builder
         * @throws NullPointerException if {@code names} or one of its elements is null
         * @throws IllegalArgumentException if no name is given, one is empty, or there would be
         *         more than 60
         */
        public Builder requireClaims(String... names) {
            Objects.requireNonNull(names, "names");
            if (names.length == 0) {
                throw new IllegalArgumentException("names is empty; name at least one required claim");
            }
            List<String> more = new ArrayList<>(required);
            for (int i = 0; i < names.length; i++) {
                String n = Objects.requireNonNull(names[i], "names[" + i + "]");
                if (n.isEmpty()) {
                    throw new IllegalArgumentException("names[" + i + "] is empty; a claim name must be non-empty");
                }
                if (!more.contains(n)) {
                    more.add(n);
                }
            }
            if (more.size() > MAX_REQUIRED) {
                throw new IllegalArgumentException("names would make " + more.size()
                        + " required claims; at most " + MAX_REQUIRED + " are allowed");
            }
            required.clear();
            required.addAll(more);
            return this;
        }

        /**
         * Accepts RFC 7797 unencoded payloads: a JWS whose protected header has
         * {@code "b64":false} and {@code "crit":["b64"]} (both are required; {@code b64} in an
         * unprotected header is refused) signs its payload bytes as they are instead of their
         * base64url form. Without this call such a JWS is refused with an
         * {@link UnsupportedJwtException}. In the compact form the payload then sits between the
         * dots as it is and must not contain '.', and only {@code verifyContent} reads it: the
         * claims methods refuse it, as a JWT must not use an unencoded payload (RFC 7797 section
         * 7). Most uses are detached
         * ({@link JwtVerifier#verifyDetached(CharSequence, byte[])}) or JSON.
         *
         * <pre>{@code
         * JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256)
         *         .allowUnencodedPayload().build();
         * }</pre>
         *
         * @return this builder
         */
        public Builder allowUnencodedPayload() {
            this.allowUnencoded = true;
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
         * Requires the header's {@code typ} to be {@code type} (case-insensitive, with or without
         * an {@code application/} prefix), e.g. {@code at+jwt} (RFC 9068). A token without it or
         * with another is refused with an {@link InvalidHeaderException}, before the signature is
         * checked. A later call replaces an earlier one.
         *
         * @param type the expected media type
         * @return this builder
         * @throws NullPointerException if {@code type} is null
         * @throws IllegalArgumentException if {@code type} is empty
         */
        public Builder expectType(String type) {
            if (Objects.requireNonNull(type, "type").isEmpty()) {
                throw new IllegalArgumentException("type is empty; name the expected typ, such as at+jwt");
            }
            this.type = type;
            return this;
        }

        /**
         * Verifies JWT access tokens as RFC 9068 profiles them: {@code typ} must be {@code at+jwt}
         * or {@code application/at+jwt} (in any case), refused before the signature is checked
         * with an {@link InvalidHeaderException}; and {@code iss}, {@code exp}, {@code aud},
         * {@code sub}, {@code client_id}, {@code iat} and {@code jti} must be present, refused
         * with a {@link MissingClaimException} naming the first one missing. It is
         * {@code expectType("at+jwt")} with those required claims, and it undoes
         * {@link #allowMissingExpiration()}. RFC 9068 section 4 also makes a resource server
         * check the issuer and its own audience: name them with {@link #issuer(String)} and
         * {@link #audience(String...)}.
         *
         * <pre>{@code
         * JwtVerifier accessTokens = JwtVerifier.builder(jwks)
         *         .algorithms(Algorithm.RS256)
         *         .issuer("https://id.example")
         *         .audience("https://api.example")
         *         .accessTokenProfile()
         *         .build();
         * }</pre>
         *
         * @return this builder
         */
        public Builder accessTokenProfile() {
            expectType("at+jwt");
            requireClaims("iss", "exp", "aud", "sub", "client_id", "iat", "jti");
            this.requireExpiration = true;
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
         * How {@link JwtVerifier#decode(CharSequence, Class)} finds the claim of a record component
         * or bean property that has no {@link Claim} annotation (default
         * {@link ClaimNaming#IDENTITY}: the member's own name). With {@link ClaimNaming#SNAKE_CASE},
         * {@code preferredUsername} reads {@code preferred_username}. Decoding into a {@code Map}
         * is not affected. A later call replaces an earlier one.
         *
         * @param naming the rule
         * @return this builder
         * @throws NullPointerException if {@code naming} is null
         */
        public Builder claimNaming(ClaimNaming naming) {
            this.claimNaming = Objects.requireNonNull(naming, "naming");
            return this;
        }

        /**
         * Which JSON reader parses the claims of verified tokens (default {@link ClaimsReader#lcjwt()}).
         * Both readers give the same results and refuse the same tokens with the same exceptions;
         * see {@link ClaimsReader}. A later call replaces an earlier one.
         *
         * <pre>{@code
         * JwtVerifier verifier = JwtVerifier.builder(key)
         *         .algorithms(Algorithm.ES256)
         *         .claimsReader(ClaimsReader.jacksonJr(JSON.std))
         *         .build();
         * }</pre>
         *
         * @param reader the reader
         * @return this builder
         * @throws NullPointerException if {@code reader} is null
         */
        public Builder claimsReader(ClaimsReader reader) {
            this.claimsReader = Objects.requireNonNull(reader, "reader");
            return this;
        }

        /**
         * The largest token accepted, in bytes (default 64 KiB); larger ones are refused unread.
         *
         * @param maxTokenBytes the cap, at least 16
         * @return this builder
         * @throws IllegalArgumentException if {@code maxTokenBytes} is under 16
         */
        public Builder maxTokenBytes(int maxTokenBytes) {
            if (maxTokenBytes < 16) {
                throw new IllegalArgumentException("maxTokenBytes must be at least 16, not " + maxTokenBytes);
            }
            this.maxTokenBytes = maxTokenBytes;
            return this;
        }

        /**
         * Builds the verifier. The builder can be changed and used again; verifiers already built do
         * not change with it.
         *
         * @return a verifier, immutable and thread-safe
         * @throws IllegalStateException if no algorithm was allowed, a key has been closed, or both
         *         {@link #audience(String...)} and {@link #anyAudience()} were called
         * @throws InvalidJwtKeyException if an allowed algorithm has no key that can serve it
         * @throws UnsupportedOperationException if an allowed algorithm needs what the loaded
         *         libcrypto lacks (ML-DSA on OpenSSL 3, see {@link LibCrypto#supports(Algorithm)});
         *         the message says what is needed
         */
        public JwtVerifier build() {
            if (algorithms.isEmpty()) {
                throw new IllegalStateException("Name the accepted algorithms with algorithms(...):"
                        + " lcjwt never takes the algorithm from the token alone.");
            }
            if (anyAudience && !audiences.isEmpty()) {
                throw new IllegalStateException("anyAudience() and audience(" + String.join(", ", audiences)
                        + ") contradict each other; call one of them.");
            }
            for (Algorithm a : algorithms) {
                LibCrypto.requireSupported(a);
            }
            ClaimsPolicy policy = new ClaimsPolicy(audiences, issuer, leeway.toMillis(), clock,
                    requireExpiration, required, anyAudience, claimNaming);
            if (client != null) {
                return new JwtVerifier(new TokenVerifier(client.resolver(!nonBlocking), algorithms, new CursorClaimsReader(policy, claimsReader.jacksonJrJson()),
                        maxTokenBytes, type, client, allowUnencoded));
            }
            List<VerifyKey> impls = new ArrayList<>();
            for (JwtKey k : keys) {
                impls.add(Keys.impl(k));
            }
            for (Algorithm a : algorithms) {
                boolean served = false;
                for (VerifyKey k : impls) {
                    served |= k.supports(a);
                }
                if (!served) {
                    if (keys.size() == 1) {
                        Keys.requireVerify(keys.get(0), a);
                    }
                    throw new InvalidJwtKeyException("No configured key can verify " + a.jwsName() + ".");
                }
            }
            return new JwtVerifier(new TokenVerifier(new StaticKeyResolver(impls), algorithms,
                    new CursorClaimsReader(policy, claimsReader.jacksonJrJson()), maxTokenBytes, type, List.copyOf(keys), allowUnencoded));
        }
    }
}
