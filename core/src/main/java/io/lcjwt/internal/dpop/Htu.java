package io.lcjwt.internal.dpop;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The form in which a proof's {@code htu} and the request's target URI are compared (RFC 9449
 * section 4.3, check 9): without query and fragment, after RFC 3986's syntax-based normalization
 * (section 6.2.2: scheme and host in lower case, percent-encodings in upper case and decoded where
 * they encode an unreserved character, dot segments removed) and its scheme-based normalization
 * for http and https (section 6.2.3: the default port dropped, an empty path written "/").
 */
public final class Htu {
    private Htu() {}

    /** The normalized form of {@code text}, or null when it is not an absolute http(s) URI. */
    public static String normalize(String text) {
        try {
            return normalize(new URI(text));
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** The normalized form of {@code uri}, or null when it is not an absolute http(s) URI with an authority. */
    public static String normalize(URI uri) {
        String scheme = uri.getScheme();
        if (scheme == null || uri.isOpaque() || uri.getRawAuthority() == null) {
            return null;
        }
        scheme = scheme.toLowerCase(Locale.ROOT);
        int defaultPort;
        if (scheme.equals("https")) {
            defaultPort = 443;
        } else if (scheme.equals("http")) {
            defaultPort = 80;
        } else {
            return null;
        }
        StringBuilder b = new StringBuilder(scheme).append("://");
        if (uri.getHost() != null) {
            if (uri.getRawUserInfo() != null) {
                b.append(percent(uri.getRawUserInfo())).append('@');
            }
            b.append(uri.getHost().toLowerCase(Locale.ROOT));
            if (uri.getPort() != -1 && uri.getPort() != defaultPort) {
                b.append(':').append(uri.getPort());
            }
        } else {
            // A registry-based authority (a host name java.net.URI does not take, such as one with
            // '_'): compared in lower case, as it is.
            b.append(percent(uri.getRawAuthority()).toLowerCase(Locale.ROOT));
        }
        String path = uri.getRawPath();
        path = path == null || path.isEmpty() ? "/" : removeDotSegments(percent(path));
        return b.append(path.isEmpty() ? "/" : path).toString();
    }

    /** Percent-encodings in upper case, and decoded where they encode an unreserved character. */
    static String percent(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length() && hex(s.charAt(i + 1)) >= 0 && hex(s.charAt(i + 2)) >= 0) {
                int v = hex(s.charAt(i + 1)) << 4 | hex(s.charAt(i + 2));
                if (unreserved(v)) {
                    b.append((char) v);
                } else {
                    b.append('%').append(Character.toUpperCase(s.charAt(i + 1))).append(Character.toUpperCase(s.charAt(i + 2)));
                }
                i += 2;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static int hex(char c) {
        return c < 0x80 ? Character.digit(c, 16) : -1;
    }

    private static boolean unreserved(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
                || c == '_' || c == '~';
    }

    /** RFC 3986 section 5.2.4. */
    static String removeDotSegments(String path) {
        if (!path.contains(".")) {
            return path;
        }
        StringBuilder in = new StringBuilder(path);
        StringBuilder out = new StringBuilder(path.length());
        while (in.length() > 0) {
            if (startsWith(in, "../")) {
                in.delete(0, 3);
            } else if (startsWith(in, "./")) {
                in.delete(0, 2);
            } else if (startsWith(in, "/./")) {
                in.delete(0, 2);
            } else if (equals(in, "/.")) {
                in.replace(0, 2, "/");
            } else if (startsWith(in, "/../")) {
                in.delete(0, 3);
                dropLastSegment(out);
            } else if (equals(in, "/..")) {
                in.replace(0, 3, "/");
                dropLastSegment(out);
            } else if (equals(in, ".") || equals(in, "..")) {
                in.setLength(0);
            } else {
                int next = in.indexOf("/", in.charAt(0) == '/' ? 1 : 0);
                int end = next < 0 ? in.length() : next;
                out.append(in, 0, end);
                in.delete(0, end);
            }
        }
        return out.toString();
    }

    private static void dropLastSegment(StringBuilder out) {
        int slash = out.lastIndexOf("/");
        out.setLength(Math.max(slash, 0));
    }

    private static boolean startsWith(StringBuilder b, String prefix) {
        return b.length() >= prefix.length() && b.substring(0, prefix.length()).equals(prefix);
    }

    private static boolean equals(StringBuilder b, String s) {
        return b.length() == s.length() && b.toString().equals(s);
    }
}
