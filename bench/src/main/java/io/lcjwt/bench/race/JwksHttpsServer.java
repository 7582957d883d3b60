package io.lcjwt.bench.race;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The fixture's JWKS documents over HTTPS from 127.0.0.1 (an ephemeral port), with the committed
 * self-signed {@code localhost} certificate ({@code tls/localhost.p12}, password
 * {@code lcjwt-bench}). Each key entry's JWKS is served at {@code /<key name>/jwks.json} with
 * {@code Cache-Control: max-age=3600}, so clients that honour it keep the keys for the run.
 * {@link #clientContext()} trusts exactly {@code tls/localhost.crt}.
 */
final class JwksHttpsServer implements AutoCloseable {

    static final String PASSWORD = "lcjwt-bench";

    private final HttpsServer server;
    private final SSLContext clientContext;
    private final Path certificate;
    private final Map<String, byte[]> documents = new ConcurrentHashMap<>();
    private final AtomicInteger requests = new AtomicInteger();

    private JwksHttpsServer(HttpsServer server, SSLContext clientContext, Path certificate) {
        this.server = server;
        this.clientContext = clientContext;
        this.certificate = certificate;
    }

    static JwksHttpsServer start(Path tlsDir, Collection<RaceFixture.Key> keys) throws IOException, GeneralSecurityException {
        Path p12 = tlsDir.resolve("localhost.p12");
        Path crt = tlsDir.resolve("localhost.crt");
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(p12)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD.toCharArray());
        SSLContext serverContext = SSLContext.getInstance("TLS");
        serverContext.init(kmf.getKeyManagers(), null, null);

        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(crt)) {
            Certificate cert = CertificateFactory.getInstance("X.509").generateCertificate(in);
            trust.setCertificateEntry("localhost", cert);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext clientContext = SSLContext.getInstance("TLS");
        clientContext.init(null, tmf.getTrustManagers(), null);

        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serverContext));
        JwksHttpsServer s = new JwksHttpsServer(server, clientContext, crt);
        for (RaceFixture.Key k : keys) {
            s.documents.put("/" + k.name() + "/jwks.json", k.jwks().getBytes(StandardCharsets.UTF_8));
        }
        server.createContext("/", ex -> {
            try (ex) {
                s.requests.incrementAndGet();
                byte[] body = s.documents.get(ex.getRequestURI().getPath());
                if (body == null) {
                    ex.sendResponseHeaders(404, -1);
                    return;
                }
                ex.getResponseHeaders().add("Content-Type", "application/json");
                ex.getResponseHeaders().add("Cache-Control", "max-age=3600");
                ex.sendResponseHeaders(200, body.length);
                ex.getResponseBody().write(body);
            }
        });
        server.start();
        return s;
    }

    /** The JWKS URL of {@code key}. */
    URI uri(RaceFixture.Key key) {
        return URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/" + key.name() + "/jwks.json");
    }

    /** A client context that trusts the server's certificate (and nothing else). */
    SSLContext clientContext() {
        return clientContext;
    }

    /** The server's certificate, PEM, for clients that take a file. */
    Path certificate() {
        return certificate;
    }

    /** Requests served so far: a client that fetched during timing shows up here. */
    int requests() {
        return requests.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
