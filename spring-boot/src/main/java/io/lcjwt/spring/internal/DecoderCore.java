package io.lcjwt.spring.internal;

import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.JwksUnavailableException;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtVerifier;
import io.lcjwt.KeysNotReadyException;
import io.lcjwt.VerifiedJwt;
import io.lcjwt.internal.UrlPolicy;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoderInitializationException;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.JwtValidators;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The shared engine of the servlet and reactive decoders: builds lcjwt's verifiers from a
 * {@link Spec} (at once, or once an issuer location's first keys arrive), decodes once, maps
 * refusals to Spring's exceptions and runs Spring's validator on the result. Discovery is core's
 * ({@code JwksClient.builderForIssuer}).
 */
public final class DecoderCore {
    /** Spring's default clock skew, which lcjwt's exp/nbf check uses too. */
    public static final Duration SPRING_CLOCK_SKEW = Duration.ofSeconds(60);
    private static final List<Algorithm> PER_KEY_DEFAULT = List.of(Algorithm.RS256, Algorithm.ES256,
            Algorithm.ES384, Algorithm.ES512, Algorithm.EdDSA, Algorithm.ML_DSA_44, Algorithm.ML_DSA_65,
            Algorithm.ML_DSA_87, Algorithm.HS256);

    /** Both verifiers share one key source; the non-blocking one never waits for a fetch. */
    public record Verifiers(JwtVerifier waiting, JwtVerifier nonBlocking, JwksClient client) {}

    private final Spec spec;
    private final ReentrantLock lock = new ReentrantLock();
    /** Set before use, as on Nimbus's decoder; read on every decode. */
    private volatile OAuth2TokenValidator<Jwt> validator;
    private volatile Converter<Map<String, Object>, Map<String, Object>> converter;
    private volatile Verifiers verifiers;
    /** For an issuer location: the client, made at once; the verifiers wait for its first keys. */
    private final JwksClient issuerClient;
    private boolean closed;

    public DecoderCore(Spec spec) {
        this.spec = spec;
        this.validator = spec.source() instanceof Spec.IssuerLocation(String iss)
                ? JwtValidators.createDefaultWithIssuer(iss) : JwtValidators.createDefault();
        if (spec.source() instanceof Spec.IssuerLocation(String issuer)) {
            // Discovery is the client's: lazily, on the first fetch, retried under its cooldown and backoff.
            this.issuerClient = client(JwksClient.builderForIssuer(URI.create(issuer)), URI.create(issuer));
        } else {
            this.issuerClient = null;
            this.verifiers = create(spec.source(), null);
        }
    }

    public Spec spec() {
        return spec;
    }

    /** Whether the verifiers exist, so that a decode needs no discovery. */
    public boolean ready() {
        return verifiers != null;
    }

    /** The JWKS client the keys come from, or null for fixed keys. */
    public JwksClient client() {
        return issuerClient != null ? issuerClient : verifiers.client();
    }

    /** The verifiers, fetching the issuer's first keys if that has not succeeded yet (blocking). */
    public Verifiers verifiers() {
        Verifiers v = verifiers;
        return v != null ? v : firstKeys();
    }

    /**
     * An issuer location's first keys: discovery and the JWKS, through the client, whose cooldown
     * and backoff decide whether an attempt is made now or the last failure is repeated at once.
     * With no algorithms configured the keys decide them, as Spring does for an issuer location.
     */
    private Verifiers firstKeys() {
        lock.lock();
        try {
            if (verifiers != null) {
                return verifiers;
            }
            if (closed) {
                throw new JwtDecoderInitializationException("The JwtDecoder was closed.", null);
            }
            try {
                issuerClient.current();
            } catch (JwksUnavailableException e) {
                throw new JwtDecoderInitializationException("Failed to lazily resolve the JwtDecoder: "
                        + e.getMessage(), e);
            }
            Verifiers v = create(new Spec.JwkSetUri(issuerClient.uri()), issuerClient);
            verifiers = v;
            return v;
        } finally {
            lock.unlock();
        }
    }

    private Verifiers create(Spec.Source source, JwksClient given) {
        JwtVerifier.Builder waiting;
        JwtVerifier.Builder nonBlocking;
        JwksClient client = null;
        Set<Algorithm> algs = EnumSet.noneOf(Algorithm.class);
        algs.addAll(spec.algorithms());
        switch (source) {
            case Spec.JwkSetUri(URI uri) -> {
                client = given != null ? given : client(JwksClient.builder(uri), uri);
                if (algs.isEmpty()) {
                    if (spec.source() instanceof Spec.IssuerLocation) {
                        // As Spring with an issuer location: what the issuer's keys can verify.
                        algs.addAll(fromKeys(client.current().keys(), false));
                    } else {
                        algs.add(Algorithm.RS256); // Spring's default for a JWKS URL
                    }
                }
                waiting = JwtVerifier.builder(client);
                nonBlocking = JwtVerifier.builder(client).nonBlocking();
            }
            case Spec.Keys(List<JwtKey> keys) -> {
                if (algs.isEmpty()) {
                    algs.addAll(fromKeys(keys, true));
                }
                waiting = JwtVerifier.builder(keys);
                nonBlocking = null;
            }
            case Spec.FixedSet(JwkSet set) -> {
                if (algs.isEmpty()) {
                    algs.add(Algorithm.RS256);
                }
                waiting = JwtVerifier.builder(set);
                nonBlocking = null;
            }
            case Spec.IssuerLocation l -> throw new IllegalStateException("discovered first");
        }
        JwtVerifier w = configure(waiting, algs).build();
        JwtVerifier nb = nonBlocking == null ? w : configure(nonBlocking, algs).build();
        return new Verifiers(w, nb, client);
    }

    private JwtVerifier.Builder configure(JwtVerifier.Builder b, Set<Algorithm> algs) {
        b.algorithms(algs.toArray(Algorithm[]::new)).leeway(SPRING_CLOCK_SKEW);
        if (spec.audiences().isEmpty()) {
            b.anyAudience(); // as Spring: aud is checked only when audiences are configured
        } else {
            b.audience(spec.audiences().toArray(String[]::new));
        }
        String issuer = spec.source() instanceof Spec.IssuerLocation(String iss) ? iss : spec.issuer();
        if (issuer != null) {
            b.issuer(issuer);
        }
        spec.verifierCustomizer().accept(b);
        return b;
    }

    /** Per fixed key, the one algorithm its type fixes (RS256 for RSA); for a JWKS, all it supports. */
    private static Set<Algorithm> fromKeys(Collection<JwtKey> keys, boolean onePerKey) {
        Set<Algorithm> out = EnumSet.noneOf(Algorithm.class);
        for (JwtKey k : keys) {
            for (Algorithm a : onePerKey ? PER_KEY_DEFAULT : EnumSet.allOf(Algorithm.class)) {
                if (k.supports(a) && (onePerKey || a.family() != Algorithm.Family.HMAC)) {
                    out.add(a);
                    if (onePerKey) {
                        break;
                    }
                }
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("The keys offer no signature algorithm lcjwt supports; name the"
                    + " algorithms with jwsAlgorithms(...).");
        }
        return out;
    }

    /** A client for {@code uri} (a JWKS URL or an issuer) with this decoder's settings and plain-http hosts. */
    private JwksClient client(JwksClient.Builder b, URI uri) {
        if (UrlPolicy.needsPlainHttpPermission(uri)
                && !spec.plainHttpHosts().contains(uri.getHost().toLowerCase(Locale.ROOT))) {
            throw new IllegalStateException(plainHttpRefusal(uri));
        }
        b.cooldown(spec.cooldown()).connectTimeout(spec.connectTimeout()).timeout(spec.timeout())
                .userAgent("lcjwt-spring-boot").allowPlainHttpTo(spec.plainHttpHosts().toArray(String[]::new));
        spec.jwksCustomizer().accept(b);
        return b.build();
    }

    /** Spring's refusal of plain http to a host not allowed: it names the property that allows it. */
    public static String plainHttpRefusal(URI uri) {
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        return "Plain http to " + host + " (" + uri + ") is refused: anyone on the path could replace the keys"
                + " and so forge any token. Use https, or, inside a network you trust (a compose or cluster"
                + " network), allow it for this host with the property lcjwt.jwks.allow-plain-http-hosts=" + host
                + " (or allowPlainHttp(\"" + host + "\") on the decoder builder).";
    }

    /** Stops the JWKS client, if any; verifiers made after this would have none to stop, so none are made. */
    public void close() {
        lock.lock();
        try {
            closed = true;
            Verifiers v = verifiers;
            if (issuerClient != null) {
                issuerClient.close();
            } else if (v != null && v.client() != null) {
                v.client().close();
            }
        } finally {
            lock.unlock();
        }
    }

    /** One decode; lcjwt's refusals become Spring's exceptions, KeysNotReadyException passes through. */
    private VerifiedJwt<Map<String, Object>> decode(String token, boolean wait) {
        if (token == null) {
            throw Errors.bad("The token is null.", null);
        }
        Verifiers v = verifiers();
        try {
            return (wait ? v.waiting() : v.nonBlocking()).decodeJwt(token);
        } catch (KeysNotReadyException e) {
            throw e;
        } catch (io.lcjwt.JwtException e) {
            throw Errors.map(e);
        }
    }

    public void setValidator(OAuth2TokenValidator<Jwt> validator) {
        this.validator = java.util.Objects.requireNonNull(validator, "jwtValidator");
    }

    public void setConverter(Converter<Map<String, Object>, Map<String, Object>> converter) {
        this.converter = java.util.Objects.requireNonNull(converter, "claimSetConverter");
    }

    /** One decode, then Spring's Jwt and the validator, as NimbusJwtDecoder does it. */
    public Jwt jwt(String token, boolean wait) {
        return toSpring(token, decode(token, wait), converter, validator);
    }

    private static Jwt toSpring(String token, VerifiedJwt<Map<String, Object>> decoded,
            Converter<Map<String, Object>, Map<String, Object>> converter, OAuth2TokenValidator<Jwt> validator) {
        Jwt jwt;
        try {
            jwt = SpringJwts.create(token, decoded, converter);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw Errors.bad(e.getMessage(), e); // e.g. "expiresAt must be after issuedAt"
        }
        OAuth2TokenValidatorResult result = validator.validate(jwt);
        if (result.hasErrors()) {
            Collection<OAuth2Error> errors = result.getErrors();
            String message = "Unable to validate Jwt";
            for (OAuth2Error e : errors) {
                if (e.getDescription() != null && !e.getDescription().isEmpty()) {
                    message = Errors.PREFIX + e.getDescription();
                    break;
                }
            }
            throw new JwtValidationException(message, new ArrayList<>(errors));
        }
        return jwt;
    }
}
