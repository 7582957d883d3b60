package io.lcjwt.spring.internal;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One key an encoder may sign with, and what Nimbus's key matcher would read off its JWK: the
 * {@code kid}, the algorithms it serves (the JWK's {@code alg} when it names one, else every one
 * the key fits), the {@code x5t#S256}, and from when it signs when no {@code kid} is asked for.
 *
 * @param key a {@link JwtPrivateKey} or {@link JwtSecretKey}
 * @param kid its key id, or null
 * @param algorithms what it signs, never empty
 * @param preferred the algorithm a header gets when the caller gives none: the one it was
 *        configured with, else the first it serves of {@link #PREFERENCE}
 * @param x509Sha256 the certificate thumbprint, or null
 * @param activeFrom from when it is chosen without a {@code kid}, or null for always
 */
public record SigningKey(JwtKey key, String kid, Set<Algorithm> algorithms, Algorithm preferred, String x509Sha256,
        Instant activeFrom) {

    /** Nimbus's defaults first: RS256 for RSA, HS256 for a secret. */
    static final List<Algorithm> PREFERENCE = List.of(Algorithm.RS256, Algorithm.ES256, Algorithm.EdDSA,
            Algorithm.HS256, Algorithm.ES384, Algorithm.ES512, Algorithm.ES256K, Algorithm.PS256, Algorithm.RS384,
            Algorithm.PS384, Algorithm.RS512, Algorithm.PS512, Algorithm.HS384, Algorithm.HS512, Algorithm.ML_DSA_44,
            Algorithm.ML_DSA_65, Algorithm.ML_DSA_87);

    public SigningKey {
        Objects.requireNonNull(key, "key");
        algorithms = Set.copyOf(algorithms);
    }

    /**
     * A signing key, restricted to {@code algorithm} when one is given.
     *
     * @param key a private or secret key
     * @param algorithm the one algorithm it signs, or null for every one it fits
     * @param activeFrom from when it signs without being named, or null
     * @param x509Sha256 its certificate's thumbprint, or null
     * @return the key
     * @throws IllegalArgumentException if the key is public, or cannot sign {@code algorithm} (or anything)
     */
    public static SigningKey of(JwtKey key, Algorithm algorithm, Instant activeFrom, String x509Sha256) {
        if (key instanceof JwtPublicKey) {
            throw new IllegalArgumentException("a public key cannot sign; give the private key (its public half"
                    + " is published), or publish the public key alone as a key that only verifies");
        }
        Set<Algorithm> algs = EnumSet.noneOf(Algorithm.class);
        for (Algorithm a : Algorithm.values()) {
            if (key.supports(a) && (algorithm == null || algorithm == a)) {
                algs.add(a);
            }
        }
        if (algs.isEmpty()) {
            throw new IllegalArgumentException(describe(key.keyId()) + " cannot sign "
                    + (algorithm == null ? "with any JWS algorithm (its JWK forbids signing)" : algorithm.jwsName()));
        }
        Algorithm preferred = algorithm != null ? algorithm
                : PREFERENCE.stream().filter(algs::contains).findFirst().orElseThrow();
        return new SigningKey(key, key.keyId(), algs, preferred, x509Sha256, activeFrom);
    }

    /**
     * The algorithm a key signs when none is named: RS256 for RSA, the curve's for EC, EdDSA for
     * Ed25519, HS256 for a secret (Nimbus's builders' defaults), or what its JWK's {@code alg} says.
     *
     * @param key a private or secret key
     * @return the algorithm, or null when the key signs none
     */
    public static Algorithm defaultAlgorithm(JwtKey key) {
        return PREFERENCE.stream().filter(key::supports).findFirst().orElse(null);
    }

    /** {@return "kid \"x\"" or "a key without kid"} */
    static String describe(String kid) {
        return kid == null ? "a key without kid" : "kid \"" + Untrusted.text(kid) + "\"";
    }

    @Override
    public String toString() {
        return describe(kid) + " (" + String.join(", ", algorithms.stream().sorted().map(Algorithm::jwsName).toList())
                + (activeFrom == null ? "" : ", active from " + activeFrom) + ")";
    }
}
