package io.lcjwt;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JOSE header of a verified token (RFC 7515 section 4). Safe to read from any thread: the
 * record and its parameter map are unmodifiable, and nested JSON arrays and objects in it were
 * made for this header only (do not change them).
 *
 * @param algorithm the {@code alg}, already checked against the verifier's allow-list
 * @param keyId the {@code kid}, or null
 * @param type the {@code typ}, or null
 * @param parameters every header member as read (unmodifiable), including the three above
 */
public record JwtHeader(Algorithm algorithm, String keyId, String type, Map<String, Object> parameters) {

    /** Copies {@code parameters} into an unmodifiable map (null values allowed). */
    public JwtHeader {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /**
     * One header member, as read.
     *
     * @param name the member's name, such as {@code x5t}
     * @return its value (a {@code String}, {@code Boolean}, number, {@code List} or {@code Map}),
     *         or null when the header has no such member
     */
    public Object get(String name) {
        return parameters.get(name);
    }
}
