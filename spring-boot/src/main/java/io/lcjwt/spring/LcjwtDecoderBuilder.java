package io.lcjwt.spring;

import io.lcjwt.Algorithm;
import io.lcjwt.JwksClient;
import io.lcjwt.JwtVerifier;
import io.lcjwt.LibCrypto;
import io.lcjwt.spring.internal.Spec;
import org.springframework.security.oauth2.jose.jws.JwsAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Configures an {@link LcjwtJwtDecoder} or {@link LcjwtReactiveJwtDecoder}; made by their static
 * {@code with...} methods, which mirror {@code NimbusJwtDecoder}'s.
 *
 * <pre>{@code
 * JwtDecoder decoder = LcjwtJwtDecoder.withJwkSetUri("https://id.example/jwks")
 *         .jwsAlgorithm(SignatureAlgorithm.ES256)
 *         .audience("my-api")
 *         .build();
 * }</pre>
 *
 * <p>Defaults are Spring's: with no algorithm named, RS256 for a JWKS URL or key set, what the
 * issuer's keys support for an issuer location, and the algorithm a fixed key's type implies
 * (RS256 for RSA, HS256 for a secret); {@code exp} and {@code nbf} with 60 s of clock skew;
 * {@code aud} unchecked unless {@link #audiences} are named. lcjwt adds its own checks: a token
 * needs {@code exp} (unless {@code verifier(b -> b.allowMissingExpiration())}), the header is
 * vetted strictly, and the size is capped at 64 KiB. Not thread-safe; the decoder it builds is.
 *
 * @param <D> the decoder type {@link #build()} returns
 */
public final class LcjwtDecoderBuilder<D> {
    private final Spec.Source source;
    private final Function<Spec, D> factory;
    private final Set<Algorithm> algorithms = EnumSet.noneOf(Algorithm.class);
    private final List<String> audiences = new ArrayList<>();
    private final Set<String> plainHttpHosts = new LinkedHashSet<>();
    private String issuer;
    private Duration cooldown = Duration.ofSeconds(30);
    private Duration connectTimeout = Duration.ofMillis(2500);
    private Duration timeout = Duration.ofMillis(2500);
    private Consumer<JwksClient.Builder> jwks = b -> { };
    private Consumer<JwtVerifier.Builder> verifier = b -> { };

    LcjwtDecoderBuilder(Spec.Source source, Function<Spec, D> factory) {
        this.source = source;
        this.factory = factory;
    }

    /**
     * Allows one more JWS algorithm, by Spring's name for it.
     *
     * @param algorithm such as {@code SignatureAlgorithm.ES256} or {@code MacAlgorithm.HS256}
     * @return this builder
     * @throws NullPointerException if {@code algorithm} is null
     * @throws IllegalArgumentException if lcjwt does not support it
     */
    public LcjwtDecoderBuilder<D> jwsAlgorithm(JwsAlgorithm algorithm) {
        algorithms.add(lcjwt(Objects.requireNonNull(algorithm, "algorithm").getName()));
        return this;
    }

    /**
     * Edits the set of allowed algorithms, as Nimbus's builder does; it starts with those
     * allowed so far.
     *
     * @param edit changes the set in place
     * @return this builder
     * @throws NullPointerException if {@code edit} is null
     * @throws IllegalArgumentException if the set ends holding one lcjwt does not support
     */
    public LcjwtDecoderBuilder<D> jwsAlgorithms(Consumer<Set<SignatureAlgorithm>> edit) {
        Set<SignatureAlgorithm> set = new HashSet<>();
        for (Algorithm a : algorithms) {
            SignatureAlgorithm s = SignatureAlgorithm.from(a.jwsName());
            if (s != null) {
                set.add(s);
            }
        }
        Objects.requireNonNull(edit, "edit").accept(set);
        // Spring names no MAC, EdDSA or ML-DSA algorithm in SignatureAlgorithm: those stay as they were.
        algorithms.removeIf(a -> SignatureAlgorithm.from(a.jwsName()) != null);
        set.forEach(this::jwsAlgorithm);
        return this;
    }

    /**
     * Allows more algorithms by lcjwt's names, which include {@code EdDSA} and the ML-DSA
     * algorithms (Spring has no constant for them).
     *
     * <pre>{@code
     * LcjwtJwtDecoder decoder = LcjwtJwtDecoder.withJwkSetUri(jwksUri)
     *         .algorithms(Algorithm.ES256, Algorithm.ML_DSA_65).build();
     * }</pre>
     *
     * @param algorithms one or more algorithms
     * @return this builder
     * @throws NullPointerException if {@code algorithms} or one of them is null
     */
    public LcjwtDecoderBuilder<D> algorithms(Algorithm... algorithms) {
        for (Algorithm a : Objects.requireNonNull(algorithms, "algorithms")) {
            this.algorithms.add(Objects.requireNonNull(a, "algorithms[i]"));
        }
        return this;
    }

    /**
     * Requires {@code aud} to name one of these (Boot's {@code audiences} property); without
     * this call {@code aud} is not checked, as in Spring.
     *
     * The same method as {@code JwtVerifier.Builder.audience}.
     *
     * @param audiences one or more audiences
     * @return this builder
     * @throws NullPointerException if {@code audiences} or one of them is null
     */
    public LcjwtDecoderBuilder<D> audience(String... audiences) {
        for (String a : Objects.requireNonNull(audiences, "audiences")) {
            this.audiences.add(Objects.requireNonNull(a, "audiences[i]"));
        }
        return this;
    }

    /**
     * Requires {@code iss} to equal this, checked by lcjwt while it reads the claims (an issuer
     * location implies its own issuer).
     *
     * @param issuer the issuer, compared exactly
     * @return this builder
     * @throws NullPointerException if {@code issuer} is null
     */
    public LcjwtDecoderBuilder<D> issuer(String issuer) {
        this.issuer = Objects.requireNonNull(issuer, "issuer");
        return this;
    }

    /**
     * Allows plain http to these hosts, for discovery and the JWKS (plain http to a loopback
     * address, {@code localhost} included, is always allowed). Anyone on the path can replace keys fetched in
     * clear: allow only hosts inside a network you trust.
     *
     * @param hosts host names, such as {@code keycloak}
     * @return this builder
     * @throws NullPointerException if {@code hosts} or one of them is null
     */
    public LcjwtDecoderBuilder<D> allowPlainHttp(String... hosts) {
        for (String h : Objects.requireNonNull(hosts, "hosts")) {
            plainHttpHosts.add(Objects.requireNonNull(h, "hosts[i]").toLowerCase(Locale.ROOT));
        }
        return this;
    }

    /**
     * The least time between the starts of two JWKS or discovery fetches, whatever triggers them
     * (an unknown {@code kid}, expiry, a failure), as {@code JwksClient.Builder.cooldown}
     * (default 30 s). Further client settings (backoff cap, {@code Retry-After} cap, lifetimes) go
     * through {@link #jwksClient(Consumer)}.
     *
     * @param cooldown positive
     * @return this builder
     * @throws NullPointerException if {@code cooldown} is null
     * @throws IllegalArgumentException if it is zero or negative
     */
    public LcjwtDecoderBuilder<D> cooldown(Duration cooldown) {
        if (Objects.requireNonNull(cooldown, "cooldown").isNegative() || cooldown.isZero()) {
            throw new IllegalArgumentException("cooldown must be positive, not " + cooldown);
        }
        this.cooldown = cooldown;
        return this;
    }

    /**
     * The deadline to connect, for OpenID discovery and for each JWKS fetch (default 2.5 s), as
     * {@code JwksClient.Builder.connectTimeout}.
     *
     * @param timeout positive
     * @return this builder
     * @throws NullPointerException if {@code timeout} is null
     * @throws IllegalArgumentException if it is zero or negative
     */
    public LcjwtDecoderBuilder<D> connectTimeout(Duration timeout) {
        this.connectTimeout = positive(timeout, "connectTimeout");
        return this;
    }

    /**
     * The deadline for a whole discovery or JWKS request, body included (default 2.5 s), as
     * {@code JwksClient.Builder.timeout}. A decode that has to wait for keys waits at most this
     * and a second.
     *
     * @param timeout positive
     * @return this builder
     * @throws NullPointerException if {@code timeout} is null
     * @throws IllegalArgumentException if it is zero or negative
     */
    public LcjwtDecoderBuilder<D> timeout(Duration timeout) {
        this.timeout = positive(timeout, "timeout");
        return this;
    }

    private static Duration positive(Duration d, String name) {
        if (Objects.requireNonNull(d, name).isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, not " + d);
        }
        return d;
    }

    /**
     * Further settings of the JWKS client (cache bounds, size cap), applied after this
     * builder's own.
     *
     * @param customizer called with the client's builder
     * @return this builder
     * @throws NullPointerException if {@code customizer} is null
     */
    public LcjwtDecoderBuilder<D> jwksClient(Consumer<JwksClient.Builder> customizer) {
        this.jwks = Objects.requireNonNull(customizer, "customizer");
        return this;
    }

    /**
     * Further settings of lcjwt's verifier (leeway, required claims, maximum size), applied
     * after this builder's own. It may be called more than once, once per verifier made.
     *
     * @param customizer called with the verifier's builder
     * @return this builder
     * @throws NullPointerException if {@code customizer} is null
     */
    public LcjwtDecoderBuilder<D> verifier(Consumer<JwtVerifier.Builder> customizer) {
        this.verifier = Objects.requireNonNull(customizer, "customizer");
        return this;
    }

    /**
     * Builds the decoder. For a JWKS URL nothing is fetched yet; for an issuer location
     * discovery waits for the first decode, so a down issuer does not stop the application.
     *
     * @return the decoder, thread-safe
     * @throws IllegalStateException if the JWKS URL is plain http to a host not allowed, or
     *         the keys and algorithms do not fit together
     * @throws io.lcjwt.InvalidJwtKeyException if a fixed key cannot verify an allowed algorithm
     * @throws UnsupportedOperationException if an allowed algorithm needs what the loaded libcrypto
     *         lacks (ML-DSA on OpenSSL 3, see {@link LibCrypto#supports(Algorithm)})
     */
    public D build() {
        for (Algorithm a : algorithms) {
            LibCrypto.requireSupported(a); // at start-up, not at the first token, for an issuer location too
        }
        return factory.apply(new Spec(source, algorithms, audiences, issuer, plainHttpHosts, cooldown, connectTimeout,
                timeout, jwks, verifier));
    }

    static Algorithm lcjwt(String name) {
        Algorithm a = Algorithm.fromJwsName(name);
        if (a == null) {
            throw new IllegalArgumentException("lcjwt does not support the JWS algorithm \"" + name + "\"; it knows "
                    + String.join(", ", Arrays.stream(Algorithm.values()).map(Algorithm::jwsName).toList()) + ".");
        }
        return a;
    }
}
