import com.sun.net.httpserver.HttpServer;
import io.lcjwt.Algorithm;
import io.lcjwt.ClaimsReader;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweDecrypter;
import io.lcjwt.JweEncrypter;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.JwtVerifier;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

/** Run by NoJacksonTest in a JVM whose class path, or module path, holds lcjwt and nothing else. */
public final class NoJacksonMain {
    record Claims(String sub, Instant exp) {}

    public static void main(String[] args) throws Exception {
        try {
            Class.forName("com.fasterxml.jackson.core.JsonFactory");
            System.out.println("jackson-core is present");
        } catch (ClassNotFoundException expected) {
            System.out.println("no jackson-core");
        }
        byte[] secret = new byte[32];
        new java.security.SecureRandom().nextBytes(secret);
        Map<String, Object> claims = Map.of("sub", "alice", "aud", "api", "exp", Instant.now().plusSeconds(60));
        try (JwtSecretKey key = JwtSecretKey.of(secret)) {
            String hs = JwtSigner.builder(key).algorithm(Algorithm.HS256).build().sign(claims);
            JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256).audience("api").build();
            System.out.println("HS256 map " + v.decode(hs).get("sub") + ", record " + v.decode(hs, Claims.class).sub());
        }
        try (JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("ec-1")) {
            String es = JwtSigner.builder(ec).algorithm(Algorithm.ES256).build().sign(claims);
            String jwks = JwkSet.of(ec.publicKey()).toJson();
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/jwks", x -> {
                byte[] body = jwks.getBytes(StandardCharsets.UTF_8);
                x.getResponseHeaders().add("Content-Type", "application/json");
                x.sendResponseHeaders(200, body.length);
                x.getResponseBody().write(body);
                x.close();
            });
            server.start();
            try (JwksClient client = JwksClient.builder(URI.create("http://127.0.0.1:"
                    + server.getAddress().getPort() + "/jwks")).build()) {
                JwtVerifier v = JwtVerifier.builder(client).algorithms(Algorithm.ES256).audience("api").build();
                System.out.println("ES256 from a JWKS URL " + v.decode(es).get("sub"));
            } finally {
                server.stop(0);
            }
            String jwe = JweEncrypter.builder(ec.publicKey()).keyAlgorithm(JweKeyAlgorithm.ECDH_ES_A256KW)
                    .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt("secret".getBytes(StandardCharsets.UTF_8));
            byte[] plain = JweDecrypter.builder(ec).keyAlgorithms(JweKeyAlgorithm.ECDH_ES_A256KW)
                    .contentAlgorithms(JweContentAlgorithm.A256GCM).build().decrypt(jwe);
            System.out.println("JWE " + new String(plain, StandardCharsets.UTF_8));
        }
        try {
            ClaimsReader.jacksonJr();
            System.out.println("jacksonJr() did not refuse");
        } catch (IllegalStateException e) {
            System.out.println("jacksonJr refused: " + e.getMessage());
        }
    }
}
