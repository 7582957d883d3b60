package io.lcjwt.spring.internal;

import io.lcjwt.Algorithm;
import org.springframework.security.oauth2.jose.jws.JwsAlgorithm;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;

/** lcjwt's algorithms as Spring's {@link JwsAlgorithm}s: Spring's own constants where it has one. */
public final class SpringAlgorithms {
    private SpringAlgorithms() {}

    /**
     * Spring's name for an algorithm.
     *
     * @param a the algorithm
     * @return Spring's {@link SignatureAlgorithm} or {@link MacAlgorithm}, or, for EdDSA and ES256K
     *         that Spring has no constant for, an algorithm of that name
     */
    public static JwsAlgorithm of(Algorithm a) {
        SignatureAlgorithm s = SignatureAlgorithm.from(a.jwsName());
        if (s != null) {
            return s;
        }
        MacAlgorithm m = MacAlgorithm.from(a.jwsName());
        return m != null ? m : new Named(a.jwsName());
    }

    /** An algorithm Spring has no constant for; equal by name. */
    record Named(String name) implements JwsAlgorithm {
        @Override
        public String getName() {
            return name;
        }
    }
}
