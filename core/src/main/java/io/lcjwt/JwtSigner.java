package io.lcjwt;

import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.codec.Frozen;
import io.lcjwt.internal.crypto.VerifyKey;
import io.lcjwt.internal.jws.JwsWriter;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.jws.WholeHeader;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Signs claims (or any content) as compact JWS, detached JWS or the JWS JSON serialization
 * (flattened, or general with several signers). Immutable and thread-safe; the header is encoded
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
 * member. The one exception is a {@code crit} given with {@link Builder#protectedHeader}: it names
 * extensions for recipients that understand them, and lcjwt's verifier understands none but
 * {@code b64}.
 */
public final class JwtSigner {

    private static final Set<String> RESERVED = Set.of("alg", "crit", "b64", "zip", "kid", "typ");

    private final Algorithm algorithm;
    private final JwsWriter writer;

    private JwtSigner(Algorithm algorithm, JwsWriter writer) {
        this.algorithm = algorithm;
        this.writer = writer;
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
     * @throws IllegalStateException if the key has been closed, or the signer was built with
     *         {@link Builder#unencodedPayload()} (RFC 7797 section 7: a JWT must not use it)
     */
    public String sign(Object claims) {
        return writer.sign(Objects.requireNonNull(claims, "claims"));
    }

    /**
     * As {@link #sign(Object)}, writing the token's ASCII bytes into {@code out} at
     * {@code offset} instead of returning a String: with claims of strings, numbers,
     * NumericDates and lists, signing then allocates nothing.
     *
     * <pre>{@code
     * byte[] out = new byte[4096];
     * int n = signer.signTo(claims, out, 0);   // the token is out[0, n)
     * }</pre>
     *
     * @param claims the claims set, as for {@link #sign(Object)}
     * @param out where the token goes
     * @param offset where in {@code out} it starts
     * @return the token's length in bytes
     * @throws NullPointerException if {@code claims} or {@code out} is null
     * @throws IndexOutOfBoundsException if {@code offset} is outside {@code out}
     * @throws IllegalArgumentException as for {@link #sign(Object)}, or when the token does not
     *         fit in {@code out} from {@code offset} (nothing is written then)
     * @throws IllegalStateException as for {@link #sign(Object)}
     */
    public int signTo(Object claims, byte[] out, int offset) {
        Objects.requireNonNull(out, "out");
        Objects.checkIndex(offset, out.length + 1);
        return (int) signTo(claims, MemorySegment.ofArray(out).asSlice(offset));
    }

    /**
     * As {@link #signTo(Object, byte[], int)}, into a segment (heap or native) from its start.
     *
     * @param claims the claims set, as for {@link #sign(Object)}
     * @param out where the token goes
     * @return the token's length in bytes
     * @throws NullPointerException if {@code claims} or {@code out} is null
     * @throws IllegalArgumentException as for {@link #sign(Object)}, or when the token does not
     *         fit in {@code out} (nothing is written then)
     * @throws IllegalStateException as for {@link #sign(Object)}, or if {@code out}'s arena is
     *         closed
     */
    public long signTo(Object claims, MemorySegment out) {
        Objects.requireNonNull(claims, "claims");
        return writer.signTo(claims, Objects.requireNonNull(out, "out"));
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
        return writer.signContent(Objects.requireNonNull(content, "content").clone());
    }

    /**
     * Signs content that travels apart from the JWS (RFC 7515 Appendix F): a compact JWS whose
     * payload part is empty, {@code header..signature}. With {@link Builder#unencodedPayload()}
     * the payload's bytes are signed as they are (RFC 7797), so nothing proportional to them is
     * encoded or copied: the "signed HTTP body" case. Verify with
     * {@link JwtVerifier#verifyDetached(CharSequence, byte[])}.
     *
     * <pre>{@code
     * JwtSigner signer = JwtSigner.builder(privateKey).algorithm(Algorithm.ES256)
     *         .unencodedPayload().build();
     * String jwsHeader = signer.signDetached(body);   // "eyJ...." + ".." + signature
     * }</pre>
     *
     * @param payload the content, read in place (for EdDSA joined once with the header in
     *        native memory, as Ed25519 cannot sign in pieces)
     * @return the detached compact JWS
     * @throws NullPointerException if {@code payload} is null
     * @throws IllegalStateException if the key has been closed, or the signer has unprotected
     *         header members (the compact form cannot carry them)
     */
    public String signDetached(byte[] payload) {
        return signDetached(MemorySegment.ofArray(Objects.requireNonNull(payload, "payload")));
    }

    /**
     * As {@link #signDetached(byte[])}, for content in a buffer's remaining bytes (heap or
     * direct); its position and limit are left alone.
     *
     * @param payload the content, read in place
     * @return the detached compact JWS
     * @throws NullPointerException if {@code payload} is null
     * @throws IllegalStateException if the key has been closed, or the signer has unprotected
     *         header members
     */
    public String signDetached(ByteBuffer payload) {
        return signDetached(MemorySegment.ofBuffer(Objects.requireNonNull(payload, "payload")));
    }

    /**
     * As {@link #signDetached(byte[])}, for content in a segment (all its bytes).
     *
     * @param payload the content, read in place
     * @return the detached compact JWS
     * @throws NullPointerException if {@code payload} is null
     * @throws IllegalStateException if the key has been closed, the segment's arena has been
     *         closed, or the signer has unprotected header members
     */
    public String signDetached(MemorySegment payload) {
        return writer.signDetached(Objects.requireNonNull(payload, "payload"));
    }

    /**
     * Signs content as a flattened JWS JSON serialization (RFC 7515 section 7.2.2):
     * {@code {"payload":...,"protected":...,"header":...,"signature":...}}, {@code header} only
     * when the builder added {@link Builder#unprotectedHeader unprotected members}. With
     * {@link Builder#unencodedPayload()} the payload is written as a JSON string of its own text
     * (so it must be UTF-8) rather than base64url. Verify with
     * {@link JwtVerifier#verifyJson(CharSequence)}.
     *
     * <pre>{@code
     * String json = signer.signFlattened("hello".getBytes(StandardCharsets.UTF_8));
     * }</pre>
     *
     * @param payload the content
     * @return the JSON text
     * @throws NullPointerException if {@code payload} is null
     * @throws IllegalArgumentException if the payload is unencoded and not valid UTF-8
     * @throws IllegalStateException if the key has been closed
     */
    public String signFlattened(byte[] payload) {
        return JwsWriter.json(Objects.requireNonNull(payload, "payload"), false, false, List.of(writer));
    }

    /**
     * As {@link #signFlattened(byte[])}, with the payload left out of the JSON (detached
     * content, RFC 7515 Appendix F); verify with {@link JwtVerifier#verifyJson(CharSequence, byte[])}.
     *
     * <pre>{@code
     * String json = signer.signFlattenedDetached(body);   // {"protected":"...","signature":"..."}
     * }</pre>
     *
     * @param payload the content, signed but not written
     * @return the JSON text, without {@code "payload"}
     * @throws NullPointerException if {@code payload} is null
     * @throws IllegalStateException if the key has been closed
     */
    public String signFlattenedDetached(byte[] payload) {
        return JwsWriter.json(Objects.requireNonNull(payload, "payload"), true, false, List.of(writer));
    }

    /**
     * Signs one payload with several signers as a general JWS JSON serialization (RFC 7515
     * section 7.2.1), one entry of {@code "signatures"} per signer in the order given, each with
     * its signer's protected header and unprotected members. The usual case is a migration: the
     * issuer signs with the old key and the new one, and verifiers of either generation accept
     * the JWS ({@link JwtVerifier#verifyJsonAnySignature(CharSequence)}).
     *
     * <pre>{@code
     * String json = JwtSigner.signGeneral(payload, rs256Signer, es256Signer);
     * }</pre>
     *
     * @param payload the content
     * @param signers one or more signers; all must agree on {@link Builder#unencodedPayload()}
     * @return the JSON text
     * @throws NullPointerException if {@code payload}, {@code signers} or one of them is null
     * @throws IllegalArgumentException if no signer is given, they disagree on the payload's
     *         encoding, or an unencoded payload is not valid UTF-8
     * @throws IllegalStateException if a key has been closed
     */
    public static String signGeneral(byte[] payload, JwtSigner... signers) {
        return JwsWriter.json(Objects.requireNonNull(payload, "payload"), false, true, writers(signers));
    }

    /**
     * As {@link #signGeneral(byte[], JwtSigner...)}, with the payload left out of the JSON
     * (detached content); verify with {@link JwtVerifier#verifyJson(CharSequence, byte[])}.
     *
     * <pre>{@code
     * String json = JwtSigner.signGeneralDetached(body, oldKeySigner, newKeySigner);
     * }</pre>
     *
     * @param payload the content, signed but not written
     * @param signers one or more signers; all must agree on {@link Builder#unencodedPayload()}
     * @return the JSON text, without {@code "payload"}
     * @throws NullPointerException if {@code payload}, {@code signers} or one of them is null
     * @throws IllegalArgumentException if no signer is given or they disagree on the payload's encoding
     * @throws IllegalStateException if a key has been closed
     */
    public static String signGeneralDetached(byte[] payload, JwtSigner... signers) {
        return JwsWriter.json(Objects.requireNonNull(payload, "payload"), true, true, writers(signers));
    }

    private static List<JwsWriter> writers(JwtSigner[] signers) {
        Objects.requireNonNull(signers, "signers");
        if (signers.length == 0) {
            throw new IllegalArgumentException("signers is empty; a JWS needs at least one signature");
        }
        List<JwsWriter> writers = new ArrayList<>(signers.length);
        for (int i = 0; i < signers.length; i++) {
            JwsWriter w = Objects.requireNonNull(signers[i], "signers[" + i + "]").writer;
            if (w.unencoded() != signers[0].writer.unencoded()) {
                throw new IllegalArgumentException("signers[" + i + "] disagrees with signers[0] on"
                        + " unencodedPayload(); one payload is either encoded or not for all signatures");
            }
            writers.add(w);
        }
        return writers;
    }

    /** Configures a {@link JwtSigner}. Not thread-safe; the signer it builds is. */
    public static final class Builder {
        private final JwtKey key;
        private Algorithm algorithm;
        private String keyId;
        private String type = "JWT";
        private boolean typeSet;
        private final Map<String, Object> extra = new LinkedHashMap<>();
        private final Map<String, Object> unprotectedHeader = new LinkedHashMap<>();
        private ClaimNaming claimNaming = ClaimNaming.IDENTITY;
        private boolean unencoded;
        private boolean jwkHeader;
        private Map<String, Object> wholeHeader;

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
         * Gives the protected header whole: its members are written in the map's iteration
         * order, and nothing is added. For a caller that must produce another library's header
         * byte for byte (lcjwt's Spring {@code JwtEncoder} writes the members in the order
         * Spring's Nimbus encoder does). What {@link #keyId}, {@link #type} and {@link #header}
         * would write is not written then; combining it with {@link #header} or
         * {@link #unencodedPayload()} is refused at {@link #build()}.
         *
         * <p>It may carry {@code crit} (RFC 7515 section 4.1.11): a non-empty list of distinct
         * names of extension members the header carries, none of them a parameter RFC 7515 or
         * RFC 7797 defines. Recipients that do not understand every name listed must refuse the
         * token, and lcjwt's own {@link JwtVerifier} understands none but {@code b64}: such a
         * token is for recipients that do.
         *
         * <pre>{@code
         * Map<String, Object> header = new LinkedHashMap<>();
         * header.put("kid", "2026-12");
         * header.put("alg", "ES256");
         * header.put("typ", "at+jwt");
         * JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.ES256).protectedHeader(header).build();
         * }</pre>
         *
         * @param header the members, in order; a deep copy is kept. It must hold {@code alg}
         *        naming the {@link #algorithm}; {@code kid}, {@code typ} and {@code cty}, when
         *        present, must be strings; {@code b64} and {@code zip} are refused
         * @return this builder
         * @throws NullPointerException if {@code header} is null
         */
        public Builder protectedHeader(Map<String, ?> header) {
            this.wholeHeader = Frozen.map(Objects.requireNonNull(header, "header"));
            return this;
        }

        /**
         * Signs the payload's bytes as they are (RFC 7797): the protected header gets
         * {@code "b64":false,"crit":["b64"]}, and the payload is not base64url-encoded, neither
         * in the signing input nor in the output. Meant for {@link JwtSigner#signDetached(byte[])}
         * (a large body is then never encoded or copied) and the JSON forms; a compact
         * {@link JwtSigner#signContent} carries the payload between the
         * dots as it is, and refuses one holding '.' or non-ASCII bytes; {@link JwtSigner#sign}
         * refuses claims, as a JWT must not use an unencoded payload (RFC 7797 section 7). Verifiers must opt in
         * with {@link JwtVerifier.Builder#allowUnencodedPayload()}.
         *
         * <pre>{@code
         * JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).unencodedPayload().build();
         * }</pre>
         *
         * @return this builder
         */
        public Builder unencodedPayload() {
            this.unencoded = true;
            return this;
        }

        /**
         * Adds a member to the unprotected header ({@code "header"}) that the JSON forms write
         * beside the protected one; adding the same name again replaces its value. It is not
         * signed: put only hints there, such as a {@code kid} (then call {@code keyId(null)} so
         * the protected header does not carry one too, as the two must not share a member).
         * The compact methods refuse to sign with a signer that has any.
         *
         * <pre>{@code
         * JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.ES256)
         *         .keyId(null).unprotectedHeader("kid", "2026-12").build();
         * }</pre>
         *
         * @param name the member's name; not {@code alg}, {@code crit}, {@code b64} or {@code zip}
         * @param value its value (anything {@link JwtSigner#sign} can write), or null
         * @return this builder
         * @throws NullPointerException if {@code name} is null
         * @throws IllegalArgumentException if {@code name} must be protected
         */
        public Builder unprotectedHeader(String name, Object value) {
            Objects.requireNonNull(name, "name");
            if (name.equals("alg") || name.equals("crit") || name.equals("b64") || name.equals("zip")) {
                throw new IllegalArgumentException("name \"" + name + "\" must be in the protected header;"
                        + " lcjwt refuses it unprotected");
            }
            unprotectedHeader.put(name, value);
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
         * Puts the signing key's public JWK in the header's {@code jwk} (RFC 7515 section 4.1.3):
         * its public members only ({@code kty} and the key's numbers; no {@code kid}, {@code use}
         * or private member). A DPoP proof (RFC 9449 section 4.2) carries the key it is signed with
         * this way:
         *
         * <pre>{@code
         * JwtSigner proofs = JwtSigner.builder(clientKey).algorithm(Algorithm.ES256)
         *         .type("dpop+jwt").jwkHeader().build();
         * }</pre>
         *
         * <p>A {@link JwtVerifier} never takes a key from a token's header; a
         * {@link DpopVerifier} verifies a proof, and only that proof, with it.
         *
         * @return this builder
         */
        public Builder jwkHeader() {
            this.jwkHeader = true;
            return this;
        }

        /**
         * Builds the signer.
         *
         * @return the signer, immutable and thread-safe
         * @throws IllegalStateException if no algorithm was chosen, or the key has been closed
         * @throws InvalidJwtKeyException if the key cannot sign with the algorithm
         * @throws UnsupportedOperationException if the algorithm needs what the loaded libcrypto
         *         lacks (ML-DSA on OpenSSL 3, see {@link LibCrypto#supports(Algorithm)})
         * @throws IllegalArgumentException if a {@link #header} value cannot be written, by the
         *         rules {@link JwtSigner#sign} applies to claims, or a {@link #protectedHeader}
         *         breaks the rules given there
         */
        public JwtSigner build() {
            if (algorithm == null) {
                throw new IllegalStateException("Choose the signing algorithm with algorithm(...).");
            }
            LibCrypto.requireSupported(algorithm);
            if (key instanceof JwtPublicKey) {
                throw new InvalidJwtKeyException("A JwtPublicKey cannot sign; use the matching JwtPrivateKey.");
            }
            Keys.requireSign(key, algorithm);
            if (jwkHeader && (!(key instanceof JwtPrivateKey) || extra.containsKey("jwk"))) {
                throw new IllegalStateException(key instanceof JwtPrivateKey ? "jwkHeader() and header(\"jwk\", ...)"
                        + " both set jwk; call one of them." : "jwkHeader() publishes the signing key's public half,"
                        + " which a secret key does not have.");
            }
            String typ = typeSet ? type : null;
            for (String name : unprotectedHeader.keySet()) {
                boolean clash = wholeHeader != null ? wholeHeader.containsKey(name) : extra.containsKey(name)
                        || name.equals("typ") && typ != null || name.equals("kid") && keyId != null;
                if (clash) {
                    throw new IllegalArgumentException("header member \"" + name + "\" is both protected and"
                            + " unprotected; RFC 7515 section 7.2.1 requires the two disjoint");
                }
            }
            Map<String, Object> unprotected = unprotectedHeader.isEmpty() ? Map.of()
                    : Frozen.map(unprotectedHeader);
            ClaimsWriter.toJson(unprotected); // refuses a value that cannot be written, now
            if (wholeHeader != null) {
                if (!extra.isEmpty() || unencoded || jwkHeader) {
                    throw new IllegalArgumentException("protectedHeader(..) gives the whole header; it cannot be"
                            + " combined with " + (unencoded ? "unencodedPayload()" : jwkHeader ? "jwkHeader()"
                            : "header(..)"));
                }
                byte[] header = WholeHeader.encode(algorithm, wholeHeader);
                return new JwtSigner(algorithm, new JwsWriter(algorithm, Keys.impl(key), key, header, header,
                        claimNaming, false, unprotected));
            }
            VerifyKey impl = Keys.impl(key);
            return new JwtSigner(algorithm, new JwsWriter(algorithm, impl, key,
                    encodeHeader(typeSet || type != null ? type : null), encodeHeader(typ), claimNaming, unencoded,
                    unprotected));
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
            if (jwkHeader) {
                h.put("jwk", Jwk.publicMembers(((JwtPrivateKey) key).impl().info()));
            }
            if (unencoded) {
                h.put("b64", false);
                h.put("crit", List.of("b64"));
            }
            return Base64Url.encode(ClaimsWriter.toJson(h));
        }
    }
}
