package io.lcjwt.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/** OpenID Connect Discovery 1.0: from an issuer to its JWKS URL, checking the issuer named is the one asked. */
final class Discovery {
    private static final Duration TIMEOUT = Duration.ofMillis(2500);

    private Discovery() {}

    /** A URL given as an argument: https, or plain http to a literal loopback address. */
    static URI url(String arg, String option) {
        URI u;
        try {
            u = new URI(arg);
        } catch (URISyntaxException e) {
            throw new CliException(Main.USAGE, option + " '" + Untrusted.text(arg) + "' is not a URL.");
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (u.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new CliException(Main.USAGE, option + " '" + Untrusted.text(arg) + "' is not an https URL.");
        }
        if (scheme.equals("http") && !loopback(u.getHost())) {
            throw new CliException(Main.USAGE, option + " must use https (plain http only to a loopback address,"
                    + " where nobody on the network can swap the keys): " + Untrusted.text(arg));
        }
        return u;
    }

    /** The {@code jwks_uri} of the issuer, after checking its metadata names exactly this issuer. */
    static URI jwksUri(String issuer) throws IOException {
        url(issuer, "--issuer-url");
        String base = issuer.endsWith("/") ? issuer.substring(0, issuer.length() - 1) : issuer;
        URI meta = URI.create(base + "/.well-known/openid-configuration");
        Map<String, Object> doc;
        try (HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(TIMEOUT).build()) {
            HttpRequest req = HttpRequest.newBuilder(meta).timeout(TIMEOUT)
                    .header("Accept", "application/json").header("User-Agent", "lcjwt-cli").GET().build();
            HttpResponse<InputStream> resp = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
            byte[] body;
            try (InputStream in = resp.body()) {
                body = Inputs.bounded(in, "The discovery document at " + meta);
            }
            if (resp.statusCode() != 200) {
                throw new CliException(Main.KEYS, "Discovery at " + meta + " answered HTTP " + resp.statusCode() + ".");
            }
            try {
                doc = Json.object(new String(body, StandardCharsets.UTF_8), "The discovery document at " + meta);
            } catch (CliException notJson) {
                throw new CliException(Main.KEYS, notJson.getMessage(), notJson);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(Main.KEYS, "Interrupted while fetching " + meta + ".", e);
        } catch (IOException e) {
            if (e instanceof CliException.Io) {
                throw e;
            }
            throw new CliException(Main.KEYS, "Could not fetch " + meta + ": " + Main.oneLine(e), e);
        }
        Object named = doc.get("issuer");
        if (!issuer.equals(named)) {
            throw new CliException(Main.KEYS, "The discovery document at " + meta + " names the issuer '"
                    + (named instanceof String s ? Untrusted.text(s) : String.valueOf(named)).replace("'", "\\'")
                    + "', not the one asked for; OpenID Connect Discovery 1.0 section 4.3 requires them to be identical.");
        }
        if (!(doc.get("jwks_uri") instanceof String jwks) || jwks.isEmpty()) {
            throw new CliException(Main.KEYS, "The discovery document at " + meta + " has no jwks_uri.");
        }
        try {
            return url(jwks, "The jwks_uri of " + meta);
        } catch (CliException e) {
            throw new CliException(Main.KEYS, e.getMessage(), e);
        }
    }

    private static boolean loopback(String host) {
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (!h.matches("[0-9.]+") && !h.contains(":")) {
            return false; // a name could resolve anywhere later; only literal addresses count
        }
        try {
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
