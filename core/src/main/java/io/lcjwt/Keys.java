package io.lcjwt;

import io.lcjwt.internal.crypto.VerifyKey;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyFactory;

/** Package-private bridge from public key types to their internal implementations. */
final class Keys {
    private Keys() {}

    static VerifyKey impl(JwtKey key) {
        return switch (key) {
            case JwtSecretKey s -> s.impl();
            case JwtPublicKey p -> p.impl();
            case JwtPrivateKey p -> p.impl();
        };
    }

    /** Throws the key type's own explanation of why it cannot serve {@code alg}. */
    static void requireSupport(JwtKey key, Algorithm alg) {
        switch (key) {
            case JwtSecretKey s -> s.requireSupport(alg);
            case JwtPublicKey p -> requireAsymmetric(key, p.info().describe(), alg);
            case JwtPrivateKey p -> requireAsymmetric(key, p.impl().info().describe(), alg);
        }
    }

    private static void requireAsymmetric(JwtKey key, String what, Algorithm alg) {
        if (!key.supports(alg)) {
            throw new InvalidJwtKeyException("The key is " + what + ", which cannot serve " + alg.jwsName()
                    + (alg.family() == Algorithm.Family.HMAC ? "; HMAC algorithms need a JwtSecretKey." : "."));
        }
    }

    static JwtKey fromJwk(String json) {
        return fromParsed(Jwk.parse(json));
    }

    static JwtKey fromParsed(Jwk.Parsed p) {
        if (p.secret() != null) {
            return JwtSecretKey.of(p.secret(), p.kid());
        }
        if (p.pkcs8() != null) {
            return new JwtPrivateKey(KeyFactory.privateFromPkcs8(p.pkcs8(), p.kid(), p.alg(), p.pub()));
        }
        return new JwtPublicKey(KeyFactory.publicFromInfo(p.pub(), p.kid(), p.alg()));
    }
}
