package io.lcjwt.example;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Map;

/**
 * Turns {@code server.port=0} into a free port chosen before the context starts. The app's
 * {@code jwk-set-uri} points at the app itself through {@code ${server.port}}, and the JwtDecoder
 * bean reads it before Tomcat has bound its port, so "0" would end up in the URL.
 */
public final class FixedPortForRandomPort implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        ConfigurableEnvironment env = event.getEnvironment();
        if (!"0".equals(env.getProperty("server.port"))) {
            return;
        }
        String address = env.getProperty("server.address", "127.0.0.1");
        int port;
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
            port = s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on " + address, e);
        }
        env.getPropertySources().addFirst(new MapPropertySource("demo-random-port", Map.of("server.port", port)));
    }
}
