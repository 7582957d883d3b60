package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.VerifiedJwt;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtVerifier;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How {@code verify}, and {@code decrypt} for a nested JWT, build a {@link JwtVerifier} and show
 * what it verified: one key-source resolution and one set of claim checks for both.
 */
final class Verification {
    private Verification() {}

    /** A verify key source, whatever its options are called; at most one member is set. */
    interface Source {
        Path key();

        Path jwks();

        String jwksUrl();

        String issuerUrl();

        Path secretFile();

        String secretEnv();

        /** How this source's options begin, for messages: {@code --} or {@code --verify-}. */
        default String optionPrefix() {
            return "--";
        }
    }

    /** The claim checks (a picocli mixin). */
    static final class ClaimChecks {
        @Option(names = "--aud", paramLabel = "AUD",
                description = "An accepted audience (repeatable). Without one, a token that carries aud is refused.")
        List<String> audiences = new ArrayList<>();

        @Option(names = "--iss", paramLabel = "ISS", description = "The required issuer, compared exactly.")
        String issuer;

        @Option(names = "--leeway", paramLabel = "DURATION", converter = Durations.class,
                description = "Allowed clock skew for exp and nbf, such as 30s or 2m (at most 10 min; default 0).")
        Duration leeway;

        @Option(names = "--require", paramLabel = "CLAIM", description = "A claim that must be present (repeatable).")
        List<String> required = new ArrayList<>();

        @Option(names = "--allow-missing-exp", description = "Accept a token without exp (it never expires).")
        boolean allowMissingExp;

        /** The first check given, as the user typed it, or null when none was. */
        String firstGiven() {
            return !audiences.isEmpty() ? "--aud" : issuer != null ? "--iss" : leeway != null ? "--leeway"
                    : !required.isEmpty() ? "--require" : allowMissingExp ? "--allow-missing-exp" : null;
        }
    }

    /** A verifier and the keys and JWKS client it holds, released by {@link #close()}. */
    record Opened(JwtVerifier verifier, List<JwtKey> owned, JwksClient client) implements AutoCloseable {
        @Override
        public void close() {
            if (client != null) {
                client.close();
            }
            owned.forEach(JwtKey::close);
        }
    }

    /**
     * The keys {@code source} names, resolved once for any kind of verifier: exactly one of
     * {@code key}, {@code set} and {@code client} is set. Closing it releases the keys and client
     * it opened.
     *
     * @param algorithms the algorithms to accept: those given, or the one each key serves
     * @param issuer the required {@code iss}: the one given, or an {@code --issuer-url}'s
     */
    record Keys(JwtKey key, JwkSet set, JwksClient client, List<JwtKey> owned, Set<Algorithm> algorithms,
            String issuer) implements AutoCloseable {
        @Override
        public void close() {
            if (client != null) {
                client.close();
            }
            owned.forEach(JwtKey::close);
        }
    }

    /**
     * The keys of {@code source}, accepting {@code algorithms} or, when none are given, the one
     * algorithm each key serves; {@code algOption} names the option in messages.
     */
    static Keys keys(Source source, List<Algorithm> algorithms, String algOption, String issuer) throws IOException {
        List<JwtKey> owned = new ArrayList<>();
        JwksClient client = null;
        boolean done = false;
        try {
            Keys k;
            if (source.key() != null) {
                JwtKey key = KeyFiles.read(source.key());
                owned.add(key);
                k = new Keys(key, null, null, owned, KeySources.algorithms(algorithms, List.of(key), algOption), issuer);
            } else if (source.jwks() != null) {
                JwkSet set = jwkSet(source.jwks());
                owned.addAll(set.keys());
                k = new Keys(null, set, null, owned, KeySources.algorithms(algorithms, set.keys(), algOption), issuer);
            } else if (source.jwksUrl() != null || source.issuerUrl() != null) {
                URI uri;
                String iss = issuer;
                if (source.jwksUrl() != null) {
                    uri = Discovery.url(source.jwksUrl(), source.optionPrefix() + "jwks-url");
                } else {
                    uri = Discovery.jwksUri(source.issuerUrl());
                    iss = iss == null ? source.issuerUrl() : iss;
                }
                client = jwksClient(uri);
                // Only when the keys must choose the algorithm is the set fetched before the decode.
                Set<Algorithm> algs = algorithms.isEmpty()
                        ? KeySources.algorithms(algorithms, client.current().keys(), algOption)
                        : KeySources.algorithms(algorithms, List.of(), algOption);
                k = new Keys(null, null, client, owned, algs, iss);
            } else {
                JwtKey key = KeySources.secret(source.secretFile(), source.secretEnv());
                owned.add(key);
                k = new Keys(key, null, null, owned, KeySources.algorithms(algorithms, List.of(key), algOption), issuer);
            }
            done = true;
            return k;
        } finally {
            if (!done) {
                new Opened(null, owned, client).close();
            }
        }
    }

    /**
     * A verifier for {@code source}, accepting {@code algorithms} or, when none are given, the one
     * algorithm each key serves; {@code algOption} names the option in messages.
     */
    static Opened open(Source source, List<Algorithm> algorithms, String algOption, ClaimChecks checks)
            throws IOException {
        Keys k = keys(source, algorithms, algOption, checks.issuer);
        boolean done = false;
        try {
            JwtVerifier.Builder b = k.key() != null ? JwtVerifier.builder(k.key())
                    : k.set() != null ? JwtVerifier.builder(k.set()) : JwtVerifier.builder(k.client());
            Opened o = new Opened(configure(b, k.algorithms(), k.issuer(), checks), k.owned(), k.client());
            done = true;
            return o;
        } finally {
            if (!done) {
                k.close();
            }
        }
    }

    private static JwtVerifier configure(JwtVerifier.Builder b, Set<Algorithm> algs, String iss, ClaimChecks checks) {
        try {
            b.algorithms(algs.toArray(Algorithm[]::new));
            if (!checks.audiences.isEmpty()) {
                b.audience(checks.audiences.toArray(String[]::new));
            }
            if (iss != null) {
                b.issuer(iss);
            }
            if (checks.leeway != null) {
                b.leeway(checks.leeway);
            }
            if (!checks.required.isEmpty()) {
                b.requireClaims(checks.required.toArray(String[]::new));
            }
            if (checks.allowMissingExp) {
                b.allowMissingExpiration();
            }
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        }
        return b.build();
    }

    private static JwkSet jwkSet(Path p) throws IOException {
        String text = Inputs.text(p);
        try {
            return JwkSet.parse(text);
        } catch (InvalidJwtKeyException e) {
            throw new CliException(Main.KEYS, p + ": " + e.getMessage(), e);
        }
    }

    private static JwksClient jwksClient(URI uri) {
        try {
            return JwksClient.builder(uri).build();
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        }
    }

    /**
     * Prints a verified JWT: as JSON, {@code before}'s members then verified, header, claims and
     * times; as text, {@code lineBefore} (if any), the VERIFIED line, then header and claims.
     */
    static void print(Main main, VerifiedJwt<Map<String, Object>> jwt, Map<String, Object> before, String lineBefore)
            throws IOException {
        Map<String, Object> header = jwt.header().parameters();
        Instant now = Instant.now();
        if (main.json) {
            Map<String, Object> m = new LinkedHashMap<>(before);
            m.put("verified", true);
            m.put("header", header);
            m.put("claims", jwt.claims());
            m.put("times", ClaimsView.times(jwt.claims(), now));
            Json.print(main.out, m);
        } else {
            if (lineBefore != null) {
                main.out.println(lineBefore);
            }
            String kid = jwt.header().keyId();
            main.out.println("VERIFIED (" + jwt.header().algorithm().jwsName()
                    + (kid == null ? "" : ", kid " + Untrusted.text(kid)) + ")");
            ClaimsView.print(main.out, header, jwt.claims(), now);
        }
    }
}
