package io.lcjwt;

import io.lcjwt.internal.crypto.VerifyKey;

/** Package-private bridge from public key types to their internal implementations. */
final class Keys {
    private Keys() {}

    static VerifyKey impl(JwtKey key) {
        return switch (key) {
            case SecretKey s -> s.impl();
        };
    }

    /** Throws the key type's own explanation of why it cannot serve {@code alg}. */
    static void requireSupport(JwtKey key, Algorithm alg) {
        switch (key) {
            case SecretKey s -> s.requireSupport(alg);
        }
    }
}
