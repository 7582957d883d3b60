package io.lcjwt.spring.internal;

import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtVerifier;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/** What a decoder builder gathered; immutable. */
public record Spec(Source source, Set<Algorithm> algorithms, List<String> audiences, String issuer,
        Set<String> plainHttpHosts, Duration cooldown, Duration connectTimeout, Duration timeout,
        Consumer<JwksClient.Builder> jwksCustomizer,
        Consumer<JwtVerifier.Builder> verifierCustomizer) {

    public Spec {
        algorithms = Set.copyOf(algorithms);
        audiences = List.copyOf(audiences);
        plainHttpHosts = Set.copyOf(plainHttpHosts);
    }

    /** Where the keys come from. */
    public sealed interface Source {}

    /** A JWKS URL. */
    public record JwkSetUri(URI uri) implements Source {}

    /** An issuer whose metadata names the JWKS URL, found on first use. */
    public record IssuerLocation(String issuer) implements Source {}

    /** Fixed keys. */
    public record Keys(List<JwtKey> keys) implements Source {}

    /** A fixed key set. */
    public record FixedSet(JwkSet set) implements Source {}
}
