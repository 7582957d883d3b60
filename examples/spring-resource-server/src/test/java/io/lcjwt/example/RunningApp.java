package io.lcjwt.example;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The example started in-process on 127.0.0.1 and a free port, spoken to over real HTTP. */
final class RunningApp implements AutoCloseable {
    /** Boot's own Nimbus decoder instead of lcjwt's: what bench/spring-load.sh compares against. */
    static final String NIMBUS = "--spring.autoconfigure.exclude=io.lcjwt.spring.LcjwtResourceServerAutoConfiguration";

    private final ConfigurableApplicationContext context;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final int port;

    RunningApp(String... args) {
        context = new SpringApplicationBuilder(ResourceServerApplication.class).run(Stream.concat(
                Stream.of("--server.port=0", "--server.address=127.0.0.1"), Stream.of(args)).toArray(String[]::new));
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
        base = "http://127.0.0.1:" + port;
    }

    HttpResponse<String> get(String path, String token) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10));
        if (token != null) {
            r.header("Authorization", "Bearer " + token);
        }
        return http.send(r.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    int port() {
        return port;
    }

    /** The app's own issuer, to sign tokens its {@code /token} endpoint would not make. */
    DemoIssuer issuer() {
        return context.getBean(DemoIssuer.class);
    }

    String token(String sub) throws Exception {
        HttpResponse<String> r = get("/token?sub=" + sub, null);
        assertEquals(200, r.statusCode(), r.body());
        return r.body().strip();
    }

    @Override
    public void close() {
        context.close();
        http.close();
    }
}
