package io.lcjwt.bench.race;

import java.util.Map;
import java.util.Set;

/**
 * One contender, built for one case and key source: the timed decode, plus what validation needs
 * to read its result and recognise its errors.
 */
interface Decoder extends AutoCloseable {

    /** One decode: verify the signature, check {@code exp} and {@code aud}, return the claims. */
    Object decode(String token) throws Exception;

    /** The result's claims as plain Java values (maps, lists, strings, numbers, dates) for comparison. */
    Map<String, Object> claims(Object result) throws Exception;

    /** Whether {@code e} is the library's own expiry error. */
    boolean isExpired(Throwable e);

    /** Whether {@code e} is the library's own audience error. */
    boolean isWrongAudience(Throwable e);

    /**
     * The claims the result holds, if it binds only some (a record or bean); null when it holds all.
     * Only these are compared, and those absent from the fixture must be absent (null) here.
     */
    default Set<String> boundClaims() {
        return null;
    }

    /** Claims the library adds to every result on its own (not in the token); ignored when comparing. */
    default Set<String> libraryAddedClaims() {
        return Set.of();
    }

    /** Releases what the contender holds (native keys, a JWKS client, a Vert.x instance). */
    @Override
    default void close() {}

    /** Thrown while building: the library cannot do this algorithm or key source. */
    final class NotApplicable extends Exception {
        private static final long serialVersionUID = 1L;

        NotApplicable(String reason) {
            super(reason, null, false, false);
        }
    }
}
