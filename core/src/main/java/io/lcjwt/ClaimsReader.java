package io.lcjwt;

import java.util.Objects;

/**
 * Which JSON reader a {@link JwtVerifier} parses verified claims with; set with
 * {@link JwtVerifier.Builder#claimsReader(ClaimsReader)}.
 *
 * <p>{@link #lcjwt()}, the default, is lcjwt's own byte-level reader, measured the fastest.
 * {@link #jacksonJr(com.fasterxml.jackson.jr.ob.JSON)} parses with Jackson-jr's streaming API
 * instead, for a service that wants its claims read by the JSON library it already trusts. Both
 * refuse the same tokens with the same exceptions and messages (a token that is also malformed
 * JSON may be refused for either fault, as Jackson-jr reads the whole document first):
 * <ul>
 *   <li>duplicate member names at every level, nesting past 32 levels, numbers longer than 100
 *       characters, lenient JSON (comments, single quotes, leading zeros, trailing commas);</li>
 *   <li>{@code exp}, {@code nbf}, {@code aud}, {@code iss} and required claims, checked alike;</li>
 *   <li>no narrowing or coercion when binding a record or bean: {@code 300} never becomes a
 *       {@code byte}, nor {@code "12"} an {@code int}; {@link Claim} and {@link ClaimNaming} apply.</li>
 * </ul>
 * Every refusal is a {@link JwtException}, never a Jackson exception.
 *
 * <pre>{@code
 * JwtVerifier verifier = JwtVerifier.builder(key)
 *         .algorithms(Algorithm.RS256)
 *         .audience("my-api")
 *         .claimsReader(ClaimsReader.jacksonJr(JSON.std))
 *         .build();
 * }</pre>
 *
 * <p>With Jackson-jr, the {@code JSON}'s features shape a {@code Map} result
 * ({@code USE_BIG_DECIMAL_FOR_FLOATS} keeps fractions as {@code BigDecimal}), but its
 * {@code JsonFactory} is replaced by lcjwt's strict one, and records and beans are bound by
 * lcjwt's binder from the tree Jackson-jr read, because Jackson-jr's own binder coerces values.
 * Jackson-jr ({@code com.fasterxml.jackson.jr:jackson-jr-objects}) is an optional dependency of
 * lcjwt: a service that chooses it puts it on its class path (or module path) itself.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class ClaimsReader {

    private static final ClaimsReader LCJWT = new ClaimsReader(null);

    /** A Jackson-jr {@code JSON}, or null for lcjwt's reader; Object so that this class links without Jackson-jr. */
    private final Object jacksonJr;

    private ClaimsReader(Object jacksonJr) {
        this.jacksonJr = jacksonJr;
    }

    /**
     * lcjwt's own reader, the default.
     *
     * @return the reader
     */
    public static ClaimsReader lcjwt() {
        return LCJWT;
    }

    /**
     * Jackson-jr's default reader, {@code JSON.std}, with lcjwt's strict parser settings.
     *
     * <pre>{@code
     * JwtVerifier verifier = JwtVerifier.builder(key)
     *         .algorithms(Algorithm.RS256)
     *         .claimsReader(ClaimsReader.jacksonJr())
     *         .build();
     * }</pre>
     *
     * @return the reader
     * @throws IllegalStateException if Jackson-jr is not on the class path (or, on the module
     *         path, its module is not resolved); the message says what to add
     */
    public static ClaimsReader jacksonJr() {
        return JacksonJrPresence.std();
    }

    /**
     * Jackson-jr's streaming parser, configured by {@code json}, with lcjwt's checks.
     *
     * @param json the Jackson-jr configuration, such as {@code JSON.std}
     * @return the reader
     * @throws NullPointerException if {@code json} is null
     */
    public static ClaimsReader jacksonJr(com.fasterxml.jackson.jr.ob.JSON json) {
        return new ClaimsReader(Objects.requireNonNull(json, "json"));
    }

    /** The Jackson-jr {@code JSON}, or null for lcjwt's reader. */
    Object jacksonJrJson() {
        return jacksonJr;
    }

    /**
     * Names the reader.
     *
     * @return {@code "lcjwt"} or {@code "jackson-jr"}
     */
    @Override
    public String toString() {
        return jacksonJr == null ? "lcjwt" : "jackson-jr";
    }
}
