package io.lcjwt.internal.crypto;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtHeader;
import io.lcjwt.internal.jws.Refusals;

import java.util.List;

/**
 * Key selection over a fixed list of keys. A {@code kid} is an opaque string matched exactly; an
 * unknown {@code kid} is refused, never answered with another key. The one exception is a
 * verifier holding a single key without a {@code kid}: it ignores the token's {@code kid}, as the
 * key is the only one it could mean. A token without {@code kid} is verified only when exactly
 * one configured key serves its algorithm. "Serves" includes what a JWK's {@code use},
 * {@code key_ops} and {@code alg} allow, which each key has read once at import: a key that may
 * not verify is never chosen.
 */
public final class StaticKeyResolver implements KeyResolver {

    private final List<VerifyKey> keys;

    public StaticKeyResolver(List<VerifyKey> keys) {
        this.keys = List.copyOf(keys);
    }

    @Override
    public VerifyKey resolve(JwtHeader header) {
        Algorithm alg = header.algorithm();
        String kid = header.keyId();
        if (kid != null) {
            boolean named = false;
            for (VerifyKey k : keys) {
                if (kid.equals(k.keyId())) {
                    // A JWK set may give one kid to a signing key and to an encryption key
                    // (JwkSet allows that pair only): the latter is passed over, not an error.
                    if (k.supports(alg)) {
                        return k;
                    }
                    named = true;
                }
            }
            if (named) {
                throw Refusals.unknownKey("Key \"" + Untrusted.text(kid) + "\" does not serve "
                        + alg.jwsName() + ", the token's algorithm (or may not verify: see its JWK's use,"
                        + " key_ops and alg).");
            }
            if (keys.size() == 1 && keys.get(0).keyId() == null && keys.get(0).supports(alg)) {
                return keys.get(0);
            }
            throw Refusals.unknownKey("No configured key has the token's kid \""
                    + Untrusted.text(kid) + "\".");
        }
        VerifyKey found = null;
        for (VerifyKey k : keys) {
            if (k.supports(alg)) {
                if (found != null) {
                    throw Refusals.unknownKey("The token has no kid, and more than one configured key"
                            + " serves " + alg.jwsName() + "; lcjwt does not try keys in turn.");
                }
                found = k;
            }
        }
        if (found == null) {
            throw Refusals.unknownKey("No configured key serves " + alg.jwsName() + ".");
        }
        return found;
    }
}
