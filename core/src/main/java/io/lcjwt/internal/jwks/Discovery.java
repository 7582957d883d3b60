package io.lcjwt.internal.jwks;

import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.UrlPolicy;
import io.lcjwt.internal.codec.JsonCursor;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * From an issuer to its JWKS, as the first step of the key cache's first successful attempt:
 * OpenID Connect Discovery 1.0 at {@code <issuer>/.well-known/openid-configuration}, then the
 * same with the well-known path inserted before the issuer's path, then RFC 8414's
 * {@code /.well-known/oauth-authorization-server<path>}. A 4xx other than 429 moves on to the
 * next; a 429 or 503 ends the attempt (it asks the client to stay away, and its
 * {@code Retry-After} is honoured); anything else fails it. The metadata's {@code issuer} must
 * equal the configured one exactly (OpenID Connect Discovery 1.0 section 4.3, RFC 8414 section
 * 3.3), and its {@code jwks_uri} passes the same URL rule as the issuer. Once found, the
 * {@code jwks_uri} is kept; an attempt that failed is retried under the cache's cooldown and
 * backoff, so a start-up failure is never final.
 */
public final class Discovery implements Origin {

    private final Transport transport;
    private final URI issuer;
    private final Set<String> plainHttpHosts;
    private final String howToAllow;
    private final List<URI> candidates;
    private volatile URI jwksUri;

    /**
     * @param issuer the issuer, already checked against {@link UrlPolicy}
     * @param plainHttpHosts hosts the discovered {@code jwks_uri} may reach over plain http
     * @param howToAllow how a user allows plain http, for the refusal of a {@code jwks_uri}
     */
    public Discovery(Transport transport, URI issuer, Set<String> plainHttpHosts, String howToAllow) {
        this.transport = transport;
        this.issuer = issuer;
        this.plainHttpHosts = Set.copyOf(plainHttpHosts);
        this.howToAllow = howToAllow;
        this.candidates = candidates(issuer);
    }

    /** Where the metadata may be, in the order tried (a path-less issuer has two places). */
    public static List<URI> candidates(URI issuer) {
        String path = issuer.getRawPath() == null ? "" : issuer.getRawPath();
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        String base = issuer.getScheme() + "://" + issuer.getRawAuthority();
        List<URI> out = new ArrayList<>();
        for (String u : List.of(base + trimmed + "/.well-known/openid-configuration",
                base + "/.well-known/openid-configuration" + trimmed,
                base + "/.well-known/oauth-authorization-server" + trimmed)) {
            URI candidate = URI.create(u);
            if (!out.contains(candidate)) {
                out.add(candidate);
            }
        }
        return List.copyOf(out);
    }

    @Override
    public URI uri() {
        return issuer;
    }

    @Override
    public int requestsPerAttempt() {
        return jwksUri != null ? 1 : candidates.size() + 1;
    }

    @Override
    public String describe() {
        URI known = jwksUri;
        return known != null ? known.toString() : "the issuer " + issuer + " (through its metadata)";
    }

    @Override
    public CompletableFuture<Transport.Response> fetch() {
        URI known = jwksUri;
        if (known != null) {
            return transport.get(known);
        }
        return discover(0, new StringBuilder()).thenCompose(found -> {
            if (found.status() != 200) {
                return CompletableFuture.completedFuture(found); // a 429 or 503 that ends the attempt
            }
            URI jwks = jwksUri(found);
            jwksUri = jwks;
            return transport.get(jwks);
        });
    }

    private CompletableFuture<Transport.Response> discover(int i, StringBuilder tried) {
        URI u = candidates.get(i);
        return transport.get(u).thenCompose(r -> {
            int status = r.status();
            if (status == 200 || status == 429 || status == 503) {
                return CompletableFuture.completedFuture(r);
            }
            if (status >= 400 && status < 500) {
                tried.append(tried.isEmpty() ? "" : ", ").append(u).append(" (HTTP ").append(status).append(')');
                if (i + 1 < candidates.size()) {
                    return discover(i + 1, tried);
                }
                throw new IllegalStateException("no metadata was found for the issuer " + issuer + ": " + tried);
            }
            throw new IllegalStateException("the metadata URL " + u + " answered HTTP " + status
                    + (status / 100 == 3 ? " (redirects are not followed)" : ""));
        });
    }

    /** The {@code jwks_uri} of a metadata document, checked. */
    private URI jwksUri(Transport.Response r) {
        byte[] b = r.body().getBytes(StandardCharsets.UTF_8);
        Map<String, Object> doc;
        try {
            doc = JsonCursor.readObject(b, 0, b.length, "metadata document");
        } catch (MalformedJwtException e) {
            throw new IllegalStateException("the metadata at " + r.uri() + " cannot be read: " + e.getMessage(), e);
        }
        Object named = doc.get("issuer");
        if (!issuer.toString().equals(named)) {
            throw new IllegalStateException("the metadata at " + r.uri() + " names the issuer "
                    + (named instanceof String s ? Untrusted.quote(s) : "(" + (named == null ? "none" : "not a string") + ")")
                    + ", not " + Untrusted.quote(issuer.toString()) + "; OpenID Connect Discovery 1.0 section 4.3"
                    + " and RFC 8414 section 3.3 require the two to be identical");
        }
        if (!(doc.get("jwks_uri") instanceof String text) || text.isEmpty()) {
            throw new IllegalStateException("the metadata at " + r.uri() + " has no \"jwks_uri\"");
        }
        URI jwks;
        try {
            jwks = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the metadata at " + r.uri() + " has a \"jwks_uri\" that is not a URL: "
                    + Untrusted.quote(text), e);
        }
        try {
            return UrlPolicy.check(jwks, "The metadata's jwks_uri", plainHttpHosts, howToAllow);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the metadata at " + r.uri() + " is refused: " + e.getMessage(), e);
        }
    }
}
