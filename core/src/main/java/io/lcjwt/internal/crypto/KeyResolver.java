package io.lcjwt.internal.crypto;

import io.lcjwt.JwtHeader;

/** Picks the one key that may verify a token with this header, or throws {@code UnknownKeyException}. */
public interface KeyResolver {
    VerifyKey resolve(JwtHeader header);
}
