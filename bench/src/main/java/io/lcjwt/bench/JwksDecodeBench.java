package io.lcjwt.bench;

import com.sun.net.httpserver.HttpServer;
import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.JwtSigner;
import io.lcjwt.JwtVerifier;
import io.lcjwt.LibCrypto;
import io.lcjwt.JwtPrivateKey;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A verifier over a JWKS URL (served from loopback, keys cached after the first decode) against
 * one over the same keys as a parsed JWK set: once warm they should cost the same, since the
 * URL client adds only a freshness check per decode.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class JwksDecodeBench {

    private HttpServer server;
    private JwksClient client;
    private JwtVerifier overUrl;
    private JwtVerifier overSet;
    private String token;

    @Setup
    public void setup() throws IOException {
        System.out.println("# libcrypto: " + LibCrypto.describe());
        JwtPrivateKey decoy1 = JwtPrivateKey.generate(Algorithm.RS256).withKeyId("decoy-1");
        JwtPrivateKey signer = JwtPrivateKey.generate(Algorithm.RS256).withKeyId("signer");
        JwtPrivateKey decoy2 = JwtPrivateKey.generate(Algorithm.RS256).withKeyId("decoy-2");
        String json = JwkSet.of(decoy1, signer, decoy2).toJson();
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            try (ex) {
                ex.getResponseHeaders().add("Cache-Control", "max-age=86400");
                ex.sendResponseHeaders(200, body.length);
                ex.getResponseBody().write(body);
            }
        });
        server.start();
        client = JwksClient.builder(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/jwks.json")).build();
        overUrl = JwtVerifier.builder(client).algorithms(Algorithm.RS256).audience("lcjwt-bench").build();
        overSet = JwtVerifier.builder(JwkSet.parse(json)).algorithms(Algorithm.RS256).audience("lcjwt-bench").build();
        token = JwtSigner.builder(signer).algorithm(Algorithm.RS256).build().sign(Map.of("sub", "bench",
                "aud", "lcjwt-bench", "exp", Instant.now().plusSeconds(86_400), "roles", List.of("a", "b")));
        if (!"bench".equals(overUrl.decode(token).get("sub")) || !"bench".equals(overSet.decode(token).get("sub"))) {
            throw new IllegalStateException("setup: a verifier did not return the token's claims");
        }
    }

    @TearDown
    public void tearDown() {
        client.close();
        server.stop(0);
    }

    @Benchmark
    public Map<String, Object> jwksUrl() {
        return overUrl.decode(token);
    }

    @Benchmark
    public Map<String, Object> jwkSet() {
        return overSet.decode(token);
    }
}
