package io.lcjwt.authserver;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Authorization Server configured by Boot's properties alone (one client, one user),
 * whose access tokens and ID tokens lcjwt signs: the {@code lcjwt-spring-boot} dependency and the
 * {@code lcjwt.signing} key in {@code application.yml} are all it takes. {@link DemoKeys} makes
 * the key on first start.
 */
@SpringBootApplication
public class AuthorizationServerApplication {

    /**
     * Starts the server (port 9000 on 127.0.0.1 unless {@code --server.port=...}).
     *
     * @param args Spring Boot's command-line arguments
     */
    public static void main(String[] args) {
        SpringApplication.run(AuthorizationServerApplication.class, args);
    }
}
