package io.lcjwt.internal.crypto;

import io.lcjwt.JwtHeader;

/** Picks the one key that may verify a token with this header, or throws {@code UnknownKeyException}. */
public interface KeyResolver {
    VerifyKey resolve(JwtHeader header);

    /**
     * Changes whenever the set of keys changes (a JWKS refresh); verified-header cache entries
     * made under another generation are not used.
     */
    default long generation() {
        return 0;
    }

    /**
     * Called on every decode, header-cache hit or not: a JWKS resolver starts a refresh when its
     * keys have expired and refuses when they are older than allowed.
     */
    default void checkFresh() {
    }
}
