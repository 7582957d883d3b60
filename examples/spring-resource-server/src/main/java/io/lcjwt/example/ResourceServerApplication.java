package io.lcjwt.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot resource server whose JWTs are verified by lcjwt: the only difference from a
 * Nimbus-backed one is the {@code lcjwt-spring-boot} dependency. For the demo it is also its own
 * issuer ({@link DemoIssuer}): {@code GET /token?sub=alice} mints a token that
 * {@code GET /hello} accepts.
 */
@SpringBootApplication
public class ResourceServerApplication {

    /**
     * Starts the server (port 8080 on 127.0.0.1 unless {@code --server.port=...}).
     *
     * @param args Spring Boot's command-line arguments, such as {@code --server.port=9090}
     */
    public static void main(String[] args) {
        SpringApplication.run(ResourceServerApplication.class, args);
    }
}
