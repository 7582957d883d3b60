package io.lcjwt.testkit;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A JSON server on 127.0.0.1 for examples and tests: an issuer's JWKS or discovery document,
 * served at paths of the caller's choosing. It stops when the JVM exits, or on {@link #close()}.
 */
public final class LoopbackServer implements AutoCloseable {
    private final HttpServer server;
    private final Map<String, Supplier<String>> documents = new ConcurrentHashMap<>();

    private LoopbackServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            Supplier<String> doc = documents.get(exchange.getRequestURI().getPath());
            byte[] body = doc == null ? new byte[0] : doc.get().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(doc == null ? 404 : 200, body.length == 0 ? -1 : body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    /** {@return a started server with no documents yet} */
    public static LoopbackServer start() {
        try {
            return new LoopbackServer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Serves {@code json} at {@code path}.
     *
     * @param path such as {@code /.well-known/jwks.json}
     * @param json the document, read at every request
     * @return the document's URL
     */
    public URI serve(String path, Supplier<String> json) {
        documents.put(path, json);
        return uri(path);
    }

    /**
     * Serves a fixed document at {@code path}.
     *
     * @param path such as {@code /.well-known/jwks.json}
     * @param json the document
     * @return the document's URL
     */
    public URI serve(String path, String json) {
        return serve(path, () -> json);
    }

    /** {@return the URL of {@code path} on this server} */
    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
