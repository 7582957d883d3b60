package io.lcjwt;

import io.lcjwt.internal.codec.Frozen;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The JOSE header of a verified token (RFC 7515 section 4). Deeply immutable: a verifier hands the
 * same header object to every token that carries the same encoded header, on every thread, so no
 * caller can change what another one sees.
 *
 * @param algorithm the {@code alg}, already checked against the verifier's allow-list
 * @param keyId the {@code kid}, or null
 * @param type the {@code typ}, or null
 * @param parameters every header member as read, including the three above; unmodifiable at
 *        every depth (nested JSON objects and arrays are unmodifiable maps and lists)
 */
public record JwtHeader(Algorithm algorithm, String keyId, String type, Map<String, Object> parameters) {

    /**
     * Copies {@code parameters} into a map that is unmodifiable at every depth: each nested
     * {@code Map}, {@code List} or {@code Set} is copied into an unmodifiable one, in its order,
     * null values allowed. Other values are kept as given (those a verifier reads are strings,
     * numbers and booleans, all immutable). The copy is made once per header: a verifier caches
     * the result and reuses it for every later token with the same header.
     *
     * @param algorithm the {@code alg}
     * @param keyId the {@code kid}, or null
     * @param type the {@code typ}, or null
     * @param parameters every header member
     * @throws NullPointerException if {@code algorithm} or {@code parameters} is null
     */
    public JwtHeader {
        Objects.requireNonNull(algorithm, "algorithm");
        parameters = Frozen.map(Objects.requireNonNull(parameters, "parameters"));
    }

    /**
     * One header member, as read.
     *
     * @param name the member's name, such as {@code x5t}
     * @return its value (a {@code String}, {@code Boolean}, number, unmodifiable {@code List} or
     *         unmodifiable {@code Map}), or null when the header has no such member or it is null
     * @throws NullPointerException if {@code name} is null
     */
    public Object get(String name) {
        return parameters.get(Objects.requireNonNull(name, "name"));
    }
}
