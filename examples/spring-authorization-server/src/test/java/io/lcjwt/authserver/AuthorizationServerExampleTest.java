package io.lcjwt.authserver;

import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtVerifier;
import io.lcjwt.Unverified;
import io.lcjwt.example.ResourceServerApplication;
import io.lcjwt.testkit.DocExamples;
import io.lcjwt.testkit.OAuthClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example as its README tells it, over real HTTP on 127.0.0.1: the Authorization Server on a
 * free port, the resource-server example beside it started with the README's arguments, and the
 * README's curl calls made as written (only the ports differ). The browser's part of the ID token
 * flow (login form, consent) is driven by an HTTP client.
 */
class AuthorizationServerExampleTest {
    static final Path README = DocExamples.root().resolve("examples/spring-authorization-server/README.md");
    /** The resource server's JVM also holds this example's classes; it runs as from its own jar. */
    static final String NOT_AN_AUTHORIZATION_SERVER = "--spring.autoconfigure.exclude="
            + "org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerAutoConfiguration,"
            + "org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerJwtAutoConfiguration,"
            + "io.lcjwt.spring.LcjwtSigningAutoConfiguration";

    static Path keyDir;
    static ConfigurableApplicationContext authorizationServer;
    static ConfigurableApplicationContext resourceServer;
    static List<String> sh;
    static String asBase;
    static String rsBase;

    @BeforeAll
    static void start() throws Exception {
        keyDir = Files.createTempDirectory("lcjwt-as-example");
        sh = DocExamples.read(README).blocks("sh");
        authorizationServer = new SpringApplicationBuilder(AuthorizationServerApplication.class).run(
                "--server.port=0", "--server.address=127.0.0.1", "--demo.key-dir=" + keyDir,
                "--spring.main.banner-mode=off");
        asBase = "http://127.0.0.1:" + port(authorizationServer);
        List<String> rsArgs = new ArrayList<>(words(line("bin/spring-example")).subList(1, words(line("bin/spring-example")).size()));
        rsArgs.replaceAll(AuthorizationServerExampleTest::ports);
        rsArgs.addAll(List.of("--server.port=0", "--spring.main.banner-mode=off", NOT_AN_AUTHORIZATION_SERVER,
                "--spring.config.location=" + ownConfig(ResourceServerApplication.class)));
        resourceServer = new SpringApplicationBuilder(ResourceServerApplication.class).run(rsArgs.toArray(String[]::new));
        rsBase = "http://127.0.0.1:" + port(resourceServer);
    }

    /**
     * The application.yml next to an application's classes. Both apps share this class path, where
     * {@code classpath:application.yml} is this example's; the resource server reads its own, as
     * from its jar.
     */
    static String ownConfig(Class<?> app) {
        String base = app.getProtectionDomain().getCodeSource().getLocation().toString();
        return base.endsWith(".jar") || base.endsWith(".original") ? "jar:" + base + "!/application.yml"
                : base + (base.endsWith("/") ? "" : "/") + "application.yml";
    }

    @AfterAll
    static void stop() {
        Stream.of(resourceServer, authorizationServer).filter(c -> c != null).forEach(ConfigurableApplicationContext::close);
    }

    static int port(ConfigurableApplicationContext ctx) {
        return ((WebServerApplicationContext) ctx).getWebServer().getPort();
    }

    /** The README's ports, 9000 and 8080, are this test's. */
    static String ports(String s) {
        return s.replace("127.0.0.1:9000", asBase.substring("http://".length()))
                .replace("127.0.0.1:8080", rsBase == null ? "127.0.0.1:8080" : rsBase.substring("http://".length()));
    }

    /** The README's one shell line that starts with (or holds) {@code prefix}. */
    static String line(String prefix) {
        return sh.stream().flatMap(String::lines).filter(l -> l.contains(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("the README has no line with " + prefix));
    }

    /** Shell words: whitespace-separated, quotes removed. Enough for the README's lines. */
    static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        char quote = 0;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any || !w.isEmpty()) {
                    out.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
            }
        }
        if (any || !w.isEmpty()) {
            out.add(w.toString());
        }
        return out;
    }

    /** Makes the HTTP request a README curl line makes ({@code -s}, {@code -u}, {@code -d}, {@code -H}). */
    static HttpResponse<String> curl(String line, Map<String, String> shellVars) throws Exception {
        List<String> w = words(line.substring(line.indexOf("curl")));
        HttpRequest.Builder r = HttpRequest.newBuilder().timeout(Duration.ofSeconds(20));
        List<String> data = new ArrayList<>();
        String url = null;
        for (int i = 1; i < w.size(); i++) {
            String a = w.get(i);
            for (Map.Entry<String, String> v : shellVars.entrySet()) {
                a = a.replace("$" + v.getKey(), v.getValue());
            }
            switch (a) {
                case "-s" -> { }
                case "-u" -> r.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        w.get(++i).getBytes(StandardCharsets.UTF_8)));
                case "-d" -> data.add(w.get(++i).replace("$CODE", shellVars.getOrDefault("CODE", "")));
                case "-H" -> {
                    String h = w.get(++i);
                    for (Map.Entry<String, String> v : shellVars.entrySet()) {
                        h = h.replace("$" + v.getKey(), v.getValue());
                    }
                    r.header(h.substring(0, h.indexOf(':')), h.substring(h.indexOf(':') + 1).strip());
                }
                case "|" -> i = w.size();
                default -> url = ports(a);
            }
        }
        r.uri(URI.create(url));
        if (!data.isEmpty()) {
            r.header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(String.join("&", data)));
        }
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    static JwtVerifier verifier(String audience) throws Exception {
        String jwks = curl(line("/oauth2/jwks"), Map.of()).body();
        return JwtVerifier.builder(JwkSet.parse(jwks)).algorithms(Algorithm.ES256).audience(audience)
                .issuer(asBase).build();
    }

    @Test
    void theReadmesClientCredentialsCallGivesAnEs256TokenThatThePublishedKeyVerifies() throws Exception {
        HttpResponse<String> r = curl(line("grant_type=client_credentials"), Map.of());
        assertEquals(200, r.statusCode(), r.body());
        String token = OAuthClient.strings(r.body()).get("access_token");
        assertEquals("ES256", Unverified.header(token).algorithm().jwsName());
        assertEquals("demo-es256", Unverified.header(token).keyId());
        assertEquals("demo-client", verifier("demo-client").decode(token).get("sub"));
    }

    @Test
    void theResourceServerExampleTakesTheTokenAsTheReadmeShows() throws Exception {
        String tokenLine = line("TOKEN=$(curl");
        HttpResponse<String> tokenResponse = curl(tokenLine.substring(tokenLine.indexOf("$(") + 2), Map.of());
        String token = OAuthClient.strings(tokenResponse.body()).get("access_token");
        HttpResponse<String> hello = curl(line("Authorization: Bearer $TOKEN"), Map.of("TOKEN", token));
        assertEquals(200, hello.statusCode(), hello.headers().firstValue("WWW-Authenticate").orElse("") + hello.body());
        assertTrue(hello.body().contains("\"message\":\"Hello, demo-client!\""), hello.body());
        assertTrue(hello.body().contains("\"decoder\":\"io.lcjwt.spring.LcjwtJwtDecoder\""), hello.body());
    }

    @Test
    void theReadmesBrowserFlowGivesAnIdTokenForAlice() throws Exception {
        String authorize = DocExamples.read(README).blocks("").stream().filter(b -> b.contains("/oauth2/authorize"))
                .findFirst().orElseThrow().strip();
        Map<String, String> q = new LinkedHashMap<>();
        for (String p : URI.create(authorize).getRawQuery().split("&")) {
            q.put(p.substring(0, p.indexOf('=')), URLDecoder.decode(p.substring(p.indexOf('=') + 1), StandardCharsets.UTF_8));
        }
        List<String> exchange = words(line("grant_type=authorization_code"));
        String verifier = exchange.stream().filter(s -> s.contains("code_verifier=")).findFirst().orElseThrow()
                .replaceAll(".*code_verifier=", "");
        String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        assertEquals(q.get("code_challenge"), challenge, "the README's PKCE pair");

        Map<String, String> tokens = new OAuthClient(asBase, q.get("client_id"), "demo-secret")
                .authorizationCode(q.get("redirect_uri"), q.get("scope"), q.get("nonce"), "alice", "wonderland");
        Map<String, Object> id = verifier("demo-client").decode(tokens.get("id_token"));
        assertEquals("alice", id.get("sub"));
        assertEquals("n1", id.get("nonce"));
        HttpResponse<String> hello = curl(line("Authorization: Bearer $TOKEN"), Map.of("TOKEN", tokens.get("access_token")));
        assertTrue(hello.body().contains("\"message\":\"Hello, alice!\""), hello.body());
    }

    @Test
    void theDemoKeyIsWrittenOnceForItsOwnerOnly() throws Exception {
        Path key = keyDir.resolve(DemoKeys.FILE);
        assertTrue(Files.readString(key).startsWith("-----BEGIN PRIVATE KEY-----"));
        if (Files.getFileStore(key).supportsFileAttributeView("posix")) {
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(key)));
        }
        String before = Files.readString(key);
        org.springframework.core.env.StandardEnvironment env = new org.springframework.core.env.StandardEnvironment();
        env.getPropertySources().addFirst(new org.springframework.core.env.MapPropertySource("restart",
                Map.of("demo.key-dir", keyDir.toString())));
        new DemoKeys().onApplicationEvent(new org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent(
                null, new org.springframework.boot.SpringApplication(), new String[0], env));
        assertEquals(before, Files.readString(key), "a restart keeps the key, so its tokens stay valid");
    }
}
