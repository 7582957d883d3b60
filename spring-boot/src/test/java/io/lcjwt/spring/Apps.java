package io.lcjwt.spring;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** Real Boot applications on 127.0.0.1 and a real HTTP client for them. */
final class Apps {
    private Apps() {}

    /** What the controller saw: the Jwt's values and, as simple names, the types Spring needs. */
    @RestController
    static class Me {
        @GetMapping("/me")
        Map<String, Object> me(@AuthenticationPrincipal Jwt jwt, Authentication auth) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", auth.getName());
            m.put("sub", jwt.getSubject());
            m.put("authorities", auth.getAuthorities().stream().map(GrantedAuthority::getAuthority).sorted().toList());
            m.put("exp", type(jwt.getClaims().get("exp")));
            m.put("iat", type(jwt.getClaims().get("iat")));
            m.put("aud", type(jwt.getClaims().get("aud")) + jwt.getAudience());
            m.put("iss", type(jwt.getClaims().get("iss")));
            m.put("expiresAt", String.valueOf(jwt.getExpiresAt()));
            m.put("alg", String.valueOf(jwt.getHeaders().get("alg")));
            m.put("kid", String.valueOf(jwt.getHeaders().get("kid")));
            m.put("tokenLength", jwt.getTokenValue().length());
            m.put("thread", Thread.currentThread().getName());
            return m;
        }

        static String type(Object v) {
            return v == null ? "null" : v instanceof java.util.List ? "List" : v.getClass().getSimpleName();
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Me.class)
    static class ServletApp {}

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(Me.class)
    static class ReactiveApp {}

    /**
     * Spring Authorization Server is on this module's test class path (for the signing tests); a
     * resource server here runs as it would without it, so Boot's server configuration stays out.
     */
    static final String NOT_AN_AUTHORIZATION_SERVER = String.join(",",
            "org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerAutoConfiguration",
            "org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerJwtAutoConfiguration",
            "io.lcjwt.spring.LcjwtSigningAutoConfiguration");

    static ConfigurableApplicationContext start(Class<?> app, WebApplicationType type, Map<String, Object> props) {
        Map<String, Object> all = new HashMap<>(Map.of("server.address", "127.0.0.1", "server.port", "0",
                "spring.main.banner-mode", "off", "logging.level.root", "WARN",
                "logging.level.io.lcjwt", "INFO", "spring.autoconfigure.exclude", NOT_AN_AUTHORIZATION_SERVER));
        all.putAll(props);
        return new SpringApplicationBuilder(app).web(type).properties(all).run();
    }

    static ConfigurableApplicationContext servlet(Map<String, Object> props) {
        return start(ServletApp.class, WebApplicationType.SERVLET, props);
    }

    static int port(ConfigurableApplicationContext ctx) {
        return Integer.parseInt(ctx.getEnvironment().getProperty("local.server.port"));
    }

    static HttpResponse<String> get(ConfigurableApplicationContext ctx, String path, String bearer) {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(ctx) + path))
                .timeout(Duration.ofSeconds(20)).GET();
        if (bearer != null) {
            r.header("Authorization", "Bearer " + bearer);
        }
        // A client per request, so no request rides a pooled connection the server may be closing (a
        // keep-alive connection after an error response, or one to an earlier app on a reused port):
        // once in CI such a request waited out its 20 s.
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static String wwwAuthenticate(HttpResponse<?> r) {
        return r.headers().firstValue("WWW-Authenticate").orElse("");
    }
}
