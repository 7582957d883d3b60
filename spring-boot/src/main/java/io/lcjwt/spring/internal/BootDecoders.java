package io.lcjwt.spring.internal;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.LibCrypto;
import io.lcjwt.internal.UrlPolicy;
import io.lcjwt.spring.LcjwtDecoderBuilder;
import io.lcjwt.spring.LcjwtProperties;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.core.env.Environment;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.JwtTypeValidator;
import org.springframework.security.oauth2.jwt.JwtValidators;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Reads Boot's {@code spring.security.oauth2.resourceserver.jwt.*} and lcjwt's {@code lcjwt.*},
 * and configures a decoder builder as Boot configures Nimbus's: {@code jwk-set-uri} wins over
 * {@code issuer-uri}, which wins over {@code public-key-location}. Everything that can be checked
 * without the network is checked here, at start-up.
 */
public final class BootDecoders {
    private static final Log log = LogFactory.getLog(BootDecoders.class);
    public static final String PREFIX = "spring.security.oauth2.resourceserver.jwt";

    /** How one decoder type is made and given its validator. */
    public record Factory<D>(Function<String, LcjwtDecoderBuilder<D>> jwkSetUri,
            Function<String, LcjwtDecoderBuilder<D>> issuer, Function<JwtPublicKey, LcjwtDecoderBuilder<D>> key,
            BiConsumer<D, OAuth2TokenValidator<Jwt>> validator) {}

    private BootDecoders() {}

    public static <D> D create(Factory<D> f, Environment env, ResourceLoader resources, LcjwtProperties lcjwt,
            List<OAuth2TokenValidator<Jwt>> userValidators) {
        requireLibCrypto();
        Binder binder = Binder.get(env);
        String jwkSetUri = text(binder, "jwk-set-uri");
        String issuerUri = text(binder, "issuer-uri");
        String keyLocation = text(binder, "public-key-location");
        List<String> algNames = binder.bind(PREFIX + ".jws-algorithms", Bindable.listOf(String.class)).orElse(null);
        List<String> audiences = binder.bind(PREFIX + ".audiences", Bindable.listOf(String.class)).orElse(List.of());

        LcjwtDecoderBuilder<D> b;
        String source;
        if (jwkSetUri != null) {
            checkPlainHttp(jwkSetUri, "jwk-set-uri", lcjwt);
            b = f.jwkSetUri().apply(jwkSetUri);
            source = "jwk-set-uri " + jwkSetUri;
            b.algorithms(algorithms(algNames == null ? List.of("RS256") : algNames));
            if (issuerUri != null) {
                b.issuer(issuerUri);
            }
        } else if (issuerUri != null) {
            checkPlainHttp(issuerUri, "issuer-uri", lcjwt);
            b = f.issuer().apply(issuerUri);
            source = "issuer-uri " + issuerUri;
            if (algNames != null) {
                b.algorithms(algorithms(algNames)); // otherwise what the issuer's keys support, as Boot
            }
        } else {
            List<String> names = algNames == null ? List.of("RS256") : algNames;
            if (names.size() != 1) {
                throw new InvalidConfigurationPropertyValueException(PREFIX + ".jws-algorithms", String.join(",", names),
                        "A decoder over public-key-location needs exactly one JWS algorithm, as in Spring Boot.");
            }
            b = f.key().apply(readKey(resources, keyLocation));
            source = "public-key-location " + keyLocation;
            b.algorithms(algorithms(names));
        }
        if (!audiences.isEmpty()) {
            b.audience(audiences.toArray(String[]::new));
        }
        LcjwtProperties.Jwks j = lcjwt.jwks();
        Duration leeway = lcjwt.leeway();
        if (leeway.isNegative() || leeway.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new InvalidConfigurationPropertyValueException("lcjwt.leeway", leeway,
                    "The leeway must lie between 0 and 10 minutes.");
        }
        long maxToken = lcjwt.maxTokenSize().toBytes();
        if (maxToken < 16 || maxToken > Integer.MAX_VALUE) {
            throw new InvalidConfigurationPropertyValueException("lcjwt.max-token-size", lcjwt.maxTokenSize(),
                    "The maximum token size must be at least 16 bytes and under 2 GB.");
        }
        b.allowPlainHttp(j.allowPlainHttpHosts().toArray(String[]::new))
                .cooldown(positive(j.cooldown(), "lcjwt.jwks.cooldown"))
                .connectTimeout(positive(j.connectTimeout(), "lcjwt.jwks.connect-timeout"))
                .timeout(positive(j.timeout(), "lcjwt.jwks.timeout"))
                .verifier(v -> {
                    v.leeway(leeway).maxTokenBytes((int) maxToken);
                    if (!lcjwt.requireExpiration()) {
                        v.allowMissingExpiration();
                    }
                    if (lcjwt.accessTokenProfile()) {
                        v.accessTokenProfile();
                    }
                })
                .jwksClient(c -> c.maxStale(positive(j.maxStale(), "lcjwt.jwks.max-stale"))
                        .maxBackoff(atLeast(j.maxBackoff(), j.cooldown(), "lcjwt.jwks.max-backoff", "lcjwt.jwks.cooldown"))
                        .maxRetryAfter(atLeast(j.maxRetryAfter(), Duration.ofMinutes(10), "lcjwt.jwks.max-retry-after",
                                "10 minutes"))
                        .lifetime(positive(j.minLifetime(), "lcjwt.jwks.min-lifetime"),
                                positive(j.maxLifetime(), "lcjwt.jwks.max-lifetime"))
                        .defaultLifetime(positive(j.defaultLifetime(), "lcjwt.jwks.default-lifetime"))
                        .maxResponseBytes((int) Math.min(Integer.MAX_VALUE, j.maxResponseSize().toBytes())));
        D decoder;
        try {
            decoder = b.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IllegalStateException("lcjwt could not build the JwtDecoder from " + source + ": "
                    + e.getMessage(), e);
        }

        // Spring's validators, as Boot sets them on Nimbus's decoder; lcjwt has already checked
        // exp/nbf, aud and iss, so these cost a few comparisons.
        List<OAuth2TokenValidator<Jwt>> validators = new ArrayList<>();
        if (issuerUri != null) {
            validators.add(new JwtIssuerValidator(issuerUri));
        }
        if (!leeway.equals(DecoderCore.SPRING_CLOCK_SKEW)) {
            validators.add(new JwtTimestampValidator(leeway));
        }
        if (lcjwt.accessTokenProfile()) {
            // lcjwt has checked typ; this stands in the list so that Spring's defaults do not add
            // JwtTypeValidator.jwt(), which refuses at+jwt (and would refuse a user's
            // createAtJwtValidator() beside it).
            validators.add(new JwtTypeValidator("at+jwt", "application/at+jwt"));
        }
        validators.addAll(userValidators);
        f.validator().accept(decoder, validators.isEmpty() ? JwtValidators.createDefault()
                : JwtValidators.createDefaultWithValidators(validators));
        log.info("lcjwt verifies JWTs (" + source + ") with " + LibCrypto.describe());
        return decoder;
    }

    /** Fails start-up, not the first request, when libcrypto cannot be reached. */
    static void requireLibCrypto() {
        try {
            LibCrypto.name();
        } catch (IllegalStateException e) {
            throw new LibCryptoUnavailableException(e);
        }
    }

    private static String text(Binder binder, String name) {
        String v = binder.bind(PREFIX + "." + name, String.class).orElse(null);
        return v == null || v.isBlank() ? null : v.trim();
    }

    private static Duration positive(Duration d, String property) {
        if (d.isNegative() || d.isZero()) {
            throw new InvalidConfigurationPropertyValueException(property, d, "The duration must be positive.");
        }
        return d;
    }

    private static Duration atLeast(Duration d, Duration floor, String property, String floorName) {
        if (d.compareTo(floor) < 0) {
            throw new InvalidConfigurationPropertyValueException(property, d, "It must be at least " + floorName
                    + " (" + floor + ").");
        }
        return d;
    }

    private static Algorithm[] algorithms(List<String> names) {
        List<Algorithm> out = new ArrayList<>();
        for (String n : names) {
            Algorithm a = Algorithm.fromJwsName(n.trim());
            if (a == null) {
                throw new InvalidConfigurationPropertyValueException(PREFIX + ".jws-algorithms", n,
                        "Unknown algorithm: lcjwt knows " + String.join(", ",
                                java.util.Arrays.stream(Algorithm.values()).map(Algorithm::jwsName).toList()) + ".");
            }
            try {
                LibCrypto.requireSupported(a); // ML-DSA on a libcrypto without it: refused at start-up
            } catch (UnsupportedOperationException e) {
                throw new InvalidConfigurationPropertyValueException(PREFIX + ".jws-algorithms", n, e.getMessage());
            }
            out.add(a);
        }
        if (out.isEmpty()) {
            throw new InvalidConfigurationPropertyValueException(PREFIX + ".jws-algorithms", "",
                    "Name at least one JWS algorithm.");
        }
        return out.toArray(Algorithm[]::new);
    }

    private static void checkPlainHttp(String url, String property, LcjwtProperties lcjwt) {
        URI u;
        try {
            u = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new InvalidConfigurationPropertyValueException(PREFIX + "." + property, url, "Not a URL.");
        }
        if (u.getHost() == null || !("https".equalsIgnoreCase(u.getScheme()) || "http".equalsIgnoreCase(u.getScheme()))) {
            throw new InvalidConfigurationPropertyValueException(PREFIX + "." + property, url,
                    "lcjwt needs an https URL with a host.");
        }
        if (UrlPolicy.needsPlainHttpPermission(u) && lcjwt.jwks().allowPlainHttpHosts().stream()
                .noneMatch(h -> h.equalsIgnoreCase(u.getHost()))) {
            throw new InvalidConfigurationPropertyValueException(PREFIX + "." + property, url,
                    DecoderCore.plainHttpRefusal(u));
        }
    }

    private static JwtPublicKey readKey(ResourceLoader resources, String location) {
        Resource r = resources.getResource(location);
        try (InputStream in = r.getInputStream()) {
            return JwtPublicKey.fromPem(new String(in.readNBytes(1 << 20), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new InvalidConfigurationPropertyValueException(PREFIX + ".public-key-location", location,
                    "The key could not be read: " + e.getMessage());
        } catch (RuntimeException e) {
            throw new InvalidConfigurationPropertyValueException(PREFIX + ".public-key-location", location,
                    "The file is not a PEM public key lcjwt can use: " + e.getMessage());
        }
    }
}
