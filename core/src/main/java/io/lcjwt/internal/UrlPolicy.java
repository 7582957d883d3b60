package io.lcjwt.internal;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Set;

/**
 * The one rule for the URLs lcjwt fetches keys or metadata from (a JWKS URL, an issuer, a
 * discovered {@code jwks_uri}), used by the JWKS client, the Spring module and the CLI alike:
 * https; or plain http to a literal loopback address (for tests), or to a host the caller allowed
 * by name. Keys fetched in clear can be replaced by anyone on the path, and with them every token.
 */
public final class UrlPolicy {
    private UrlPolicy() {}

    /** Allows plain http to every host (the JWKS client's {@code allowPlainHttp()}). */
    public static final Set<String> ANY_HOST = Set.of("*");

    /**
     * Whether {@code uri} is plain http to a host other than a literal loopback address, so that
     * it needs the caller's permission.
     */
    public static boolean needsPlainHttpPermission(URI uri) {
        return "http".equalsIgnoreCase(uri.getScheme()) && !isLiteralLoopback(uri.getHost());
    }

    /**
     * Whether {@code host} is {@code localhost} or a literal loopback address. A name other than
     * {@code localhost} never counts: it could resolve anywhere later.
     */
    public static boolean isLiteralLoopback(String host) {
        if (host == null) {
            return false;
        }
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (!h.matches("[0-9.]+") && !h.contains(":")) {
            return false;
        }
        try {
            return InetAddress.getByName(h).isLoopbackAddress(); // a literal: no lookup is made
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * Checks a URL against the rule.
     *
     * @param uri the URL
     * @param what what the URL is, for the message ("A JWKS URL", "The issuer")
     * @param plainHttpHosts hosts (lower case) plain http may reach, or {@link #ANY_HOST}
     * @param howToAllow how the caller's user allows plain http to a host, ending the sentence
     *        that refuses it (such as "after allowPlainHttp()"), or null when there is no way
     * @return {@code uri}
     * @throws IllegalArgumentException naming the URL and the rule when it is refused
     */
    public static URI check(URI uri, String what, Set<String> plainHttpHosts, String howToAllow) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new IllegalArgumentException(what + " must use https: " + shown(uri));
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException(what + " must name a host: " + shown(uri));
        }
        if (needsPlainHttpPermission(uri) && !allowed(uri.getHost(), plainHttpHosts)) {
            throw new IllegalArgumentException(what + " must use https (plain http is allowed to a loopback"
                    + " address" + (howToAllow == null ? ", where nobody on the network can swap the keys"
                            : ", or to another host " + howToAllow) + "): " + shown(uri));
        }
        return uri;
    }

    private static boolean allowed(String host, Set<String> hosts) {
        return hosts.contains("*") || hosts.contains(host.toLowerCase(Locale.ROOT));
    }

    /** A URL in a message: in full, since it is configuration or came from trusted metadata, but escaped. */
    private static String shown(URI uri) {
        String s = uri.toString();
        return s.length() <= 200 ? Untrusted.escape(s) : Untrusted.escape(s.substring(0, 200)) + "...";
    }
}
