package io.lcjwt.testkit;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives a Spring Authorization Server over real HTTP as its users do: a client at the token
 * endpoint ({@code client_credentials}), and a browser through the authorization-code flow with
 * PKCE, form login and the consent page, then the client redeeming the code. Only the JDK's HTTP
 * client: no Spring on the caller's side, so the server is tested as an outsider sees it.
 * Redirects are followed by hand, to read the authorization code off the last one.
 */
public final class OAuthClient {
    private static final Pattern INPUT = Pattern.compile("<input[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern ATTR = Pattern.compile("(\\w+)=\"([^\"]*)\"");
    private static final Pattern STRING_MEMBER = Pattern.compile("\"(\\w+)\"\\s*:\\s*\"([^\"]*)\"");

    private final String base;
    private final String clientId;
    private final String clientSecret;

    /**
     * @param base the server's root, such as {@code http://127.0.0.1:9000}
     * @param clientId a registered client
     * @param clientSecret its secret ({@code client_secret_basic})
     */
    public OAuthClient(String base, String clientId, String clientSecret) {
        this.base = base;
        this.clientId = clientId;
        this.clientSecret = clientSecret;
    }

    /** The string members of a token response (or any flat JSON object). */
    public static Map<String, String> strings(String json) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = STRING_MEMBER.matcher(json);
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        return out;
    }

    /**
     * A {@code client_credentials} token.
     *
     * @param scope the scopes, space-separated
     * @return the token response's string members ({@code access_token}, {@code token_type}...)
     */
    public Map<String, String> clientCredentials(String scope) {
        HttpResponse<String> r = send(HttpClient.newHttpClient(), post(base + "/oauth2/token",
                form("grant_type", "client_credentials", "scope", scope)).header("Authorization", basic()).build());
        require(r, 200, "token endpoint");
        return strings(r.body());
    }

    /** {@return the JWK set the server publishes at /oauth2/jwks} */
    public String jwks() {
        HttpResponse<String> r = send(HttpClient.newHttpClient(), HttpRequest.newBuilder(URI.create(base + "/oauth2/jwks"))
                .timeout(Duration.ofSeconds(20)).build());
        require(r, 200, "JWKS endpoint");
        return r.body();
    }

    /**
     * The authorization-code flow with PKCE (S256), as a browser and the client run it: the
     * authorization request, form login, consent to every scope offered, and the code redeemed
     * at the token endpoint with the code verifier.
     *
     * @param redirectUri a registered redirect URI; never contacted
     * @param scope the scopes asked for, space-separated ({@code openid} for an ID token)
     * @param nonce the OpenID nonce
     * @param username the user
     * @param password the password
     * @return the token response's string members ({@code access_token}, {@code id_token}...)
     */
    public Map<String, String> authorizationCode(String redirectUri, String scope, String nonce, String username,
            String password) {
        HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        String state = "st-" + Long.toHexString(new SecureRandom().nextLong());
        String authorize = base + "/oauth2/authorize?" + form("response_type", "code", "client_id", clientId,
                "redirect_uri", redirectUri, "scope", scope, "state", state, "nonce", nonce,
                "code_challenge", challenge(verifier), "code_challenge_method", "S256");

        HttpResponse<String> r = send(browser, page(authorize));
        require(r, 302, "authorization request before login");
        String loginUrl = location(r);
        r = send(browser, page(loginUrl));
        require(r, 200, "login page");
        Map<String, String> login = hiddenInputs(r.body());
        login.put("username", username);
        login.put("password", password);
        r = send(browser, post(loginUrl, form(login)).header("Accept", "text/html").build());
        require(r, 302, "form login");
        r = send(browser, page(location(r)));
        if (r.statusCode() == 200) { // the consent page: approve every scope it offers
            Map<String, String> hidden = hiddenInputs(r.body());
            List<String> fields = new ArrayList<>();
            hidden.forEach((k, v) -> {
                fields.add(k);
                fields.add(v);
            });
            for (String s : checkboxScopes(r.body())) {
                fields.add("scope");
                fields.add(s);
            }
            r = send(browser, post(base + "/oauth2/authorize", form(fields.toArray(String[]::new)))
                    .header("Accept", "text/html").build());
        }
        require(r, 302, "authorization response");
        Map<String, String> callback = query(location(r));
        if (!state.equals(callback.get("state")) || callback.get("code") == null) {
            throw new AssertionError("the redirect carries no code for our state: " + location(r));
        }
        r = send(HttpClient.newHttpClient(), post(base + "/oauth2/token", form("grant_type", "authorization_code",
                "code", callback.get("code"), "redirect_uri", redirectUri, "code_verifier", verifier))
                .header("Authorization", basic()).build());
        require(r, 200, "code redemption");
        return strings(r.body());
    }

    private String basic() {
        return "Basic " + Base64.getEncoder().encodeToString((URLEncoder.encode(clientId, StandardCharsets.UTF_8) + ":"
                + URLEncoder.encode(clientSecret, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
    }

    private static String challenge(String verifier) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static HttpRequest page(String url) {
        return HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/html").timeout(Duration.ofSeconds(20)).build();
    }

    private static HttpRequest.Builder post(String url, String body) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private String location(HttpResponse<?> r) {
        String l = r.headers().firstValue("Location").orElseThrow(() -> new AssertionError("no Location header"));
        return l.startsWith("/") ? base + l : l;
    }

    private static Map<String, String> hiddenInputs(String html) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = INPUT.matcher(html);
        while (m.find()) {
            Map<String, String> a = attributes(m.group());
            if ("hidden".equalsIgnoreCase(a.get("type")) && a.containsKey("name")) {
                out.put(a.get("name"), a.getOrDefault("value", ""));
            }
        }
        return out;
    }

    private static List<String> checkboxScopes(String html) {
        List<String> out = new ArrayList<>();
        Matcher m = INPUT.matcher(html);
        while (m.find()) {
            Map<String, String> a = attributes(m.group());
            if ("checkbox".equalsIgnoreCase(a.get("type")) && "scope".equals(a.get("name")) && a.containsKey("value")) {
                out.add(a.get("value"));
            }
        }
        return out;
    }

    private static Map<String, String> attributes(String tag) {
        Map<String, String> a = new LinkedHashMap<>();
        Matcher m = ATTR.matcher(tag);
        while (m.find()) {
            a.put(m.group(1).toLowerCase(java.util.Locale.ROOT), m.group(2).replace("&amp;", "&"));
        }
        return a;
    }

    private static Map<String, String> query(String url) {
        Map<String, String> out = new LinkedHashMap<>();
        String q = URI.create(url).getRawQuery();
        if (q != null) {
            for (String p : q.split("&")) {
                int eq = p.indexOf('=');
                out.put(URLDecoder.decode(eq < 0 ? p : p.substring(0, eq), StandardCharsets.UTF_8),
                        eq < 0 ? "" : URLDecoder.decode(p.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static String form(Map<String, String> fields) {
        StringJoiner j = new StringJoiner("&");
        fields.forEach((k, v) -> j.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return j.toString();
    }

    private static String form(String... kv) {
        StringJoiner j = new StringJoiner("&");
        for (int i = 0; i < kv.length; i += 2) {
            j.add(URLEncoder.encode(kv[i], StandardCharsets.UTF_8) + "=" + URLEncoder.encode(kv[i + 1], StandardCharsets.UTF_8));
        }
        return j.toString();
    }

    private static void require(HttpResponse<String> r, int status, String step) {
        if (r.statusCode() != status) {
            throw new AssertionError(step + ": expected HTTP " + status + ", got " + r.statusCode() + " "
                    + r.headers().firstValue("Location").orElse("") + "\n" + r.body());
        }
    }

    private static HttpResponse<String> send(HttpClient http, HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
