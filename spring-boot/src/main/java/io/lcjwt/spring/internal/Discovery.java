package io.lcjwt.spring.internal;

import org.springframework.boot.json.JsonParserFactory;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Finds an issuer's {@code jwks_uri} as Spring Security does: OpenID discovery at
 * {@code <issuer>/.well-known/openid-configuration}, then the same path inserted before the
 * issuer's path, then RFC 8414's {@code /.well-known/oauth-authorization-server<path>}. A 4xx
 * moves to the next; anything else stops. The document's {@code issuer} must equal the configured
 * one exactly. Redirects are not followed; the document may be at most 1 MiB.
 */
final class Discovery {
    private static final int MAX_BYTES = 1 << 20;

    private Discovery() {}

    static List<URI> candidates(URI issuer) {
        String path = issuer.getRawPath() == null ? "" : issuer.getRawPath();
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        String base = issuer.getScheme() + "://" + issuer.getRawAuthority();
        return List.of(URI.create(base + trimmed + "/.well-known/openid-configuration"),
                URI.create(base + "/.well-known/openid-configuration" + trimmed),
                URI.create(base + "/.well-known/oauth-authorization-server" + trimmed));
    }

    /** The {@code jwks_uri} of {@code issuer}; IllegalStateException whose message says what failed. */
    static URI jwksUri(String issuer, Duration connectTimeout, Duration timeout) {
        URI iss = URI.create(issuer);
        HttpClient http = HttpClient.newBuilder().connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        try (http) {
            String tried = "";
            for (URI u : candidates(iss)) {
                HttpResponse<InputStream> r;
                try {
                    r = http.send(HttpRequest.newBuilder(u).timeout(timeout).header("Accept", "application/json")
                            .GET().build(), HttpResponse.BodyHandlers.ofInputStream());
                } catch (IOException e) {
                    throw new IllegalStateException("OpenID discovery for issuer \"" + issuer + "\" failed: " + u
                            + " could not be read (" + describe(e) + ").", e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted during OpenID discovery for \"" + issuer + "\".", e);
                }
                try (InputStream in = r.body()) {
                    int status = r.statusCode();
                    if (status >= 400 && status < 500) {
                        tried += (tried.isEmpty() ? "" : ", ") + u + " (HTTP " + status + ")";
                        continue;
                    }
                    if (status != 200) {
                        throw new IllegalStateException("OpenID discovery for issuer \"" + issuer + "\" failed: " + u
                                + " answered HTTP " + status + ".");
                    }
                    byte[] body = in.readNBytes(MAX_BYTES + 1);
                    if (body.length > MAX_BYTES) {
                        throw new IllegalStateException("OpenID discovery for issuer \"" + issuer + "\" failed: " + u
                                + " is larger than 1 MiB.");
                    }
                    return fromDocument(issuer, u, new String(body, StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new IllegalStateException("OpenID discovery for issuer \"" + issuer + "\" failed while"
                            + " reading " + u + " (" + describe(e) + ").", e);
                }
            }
            throw new IllegalStateException("OpenID discovery for issuer \"" + issuer + "\" found no metadata: "
                    + tried + ".");
        }
    }

    static URI fromDocument(String issuer, URI from, String json) {
        Map<String, Object> doc;
        try {
            doc = JsonParserFactory.getJsonParser().parseMap(json);
        } catch (RuntimeException e) {
            throw new IllegalStateException("The metadata at " + from + " is not a JSON object.", e);
        }
        Object metadataIssuer = doc.get("issuer");
        if (!issuer.equals(metadataIssuer)) {
            throw new IllegalStateException("The metadata at " + from + " names the issuer \""
                    + (metadataIssuer == null ? "(none)" : io.lcjwt.spring.internal.Text.shorten(String.valueOf(metadataIssuer)))
                    + "\", which does not match the configured issuer \"" + issuer + "\".");
        }
        if (!(doc.get("jwks_uri") instanceof String jwks) || jwks.isEmpty()) {
            throw new IllegalStateException("The metadata at " + from + " has no \"jwks_uri\".");
        }
        try {
            URI u = URI.create(jwks);
            if (!u.isAbsolute()) {
                throw new IllegalArgumentException("not absolute");
            }
            return u;
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("The metadata at " + from + " has a \"jwks_uri\" that is not an absolute"
                    + " URL: \"" + Text.shorten(jwks) + "\".", e);
        }
    }

    private static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
