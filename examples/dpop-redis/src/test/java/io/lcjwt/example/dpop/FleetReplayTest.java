package io.lcjwt.example.dpop;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import redis.clients.jedis.JedisPooled;

import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two instances of the example behind one public URL, sharing Redis: a DPoP proof accepted by one
 * is a replay for the other. Redis is Debian's redis-server on loopback; tokens and proofs are
 * signed by the JDK.
 */
class FleetReplayTest {
    static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    static final String PUBLIC_URL = "https://api.example/orders";
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    static final KeyPair ISSUER = generate();
    static final KeyPair CLIENT = generate();
    static RedisServer redis;
    static ConfigurableApplicationContext a;
    static ConfigurableApplicationContext b;

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start();
        Path pem = Files.createTempFile("issuer-", ".pem");
        Files.writeString(pem, "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder().encodeToString(
                ISSUER.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n");
        Map<String, Object> props = Map.of("server.address", "127.0.0.1", "server.port", "0",
                "spring.main.banner-mode", "off", "logging.level.root", "WARN",
                "spring.security.oauth2.resourceserver.jwt.jwk-set-uri", "",
                "spring.security.oauth2.resourceserver.jwt.public-key-location", pem.toUri().toString(),
                "example.redis.port", String.valueOf(redis.port));
        // As command-line arguments, so that they win over the example's application.yml.
        String[] args = props.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toArray(String[]::new);
        a = new SpringApplicationBuilder(DpopRedisApplication.class).run(args);
        b = new SpringApplicationBuilder(DpopRedisApplication.class).run(args);
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[] {a, b, redis}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception ignored) {
                // closing the rest matters more
            }
        }
    }

    @Test
    void aProofAcceptedByOneInstanceIsAReplayForTheOther() {
        String token = accessToken();
        String proof = proof(token);
        HttpResponse<String> atA = get(a, token, proof);
        assertEquals(200, atA.statusCode(), atA.headers().firstValue("WWW-Authenticate").orElse("") + atA.body());
        HttpResponse<String> atB = get(b, token, proof);
        assertEquals(401, atB.statusCode());
        assertTrue(atB.headers().firstValue("WWW-Authenticate").orElse("").contains("invalid_dpop_proof"));
        assertEquals(401, get(a, token, proof).statusCode());
        assertEquals(200, get(b, token, proof(token)).statusCode(), "a new proof is fine anywhere");
    }

    @Test
    void redisHoldsEachProofForItsWindowOnly() {
        String token = accessToken();
        assertEquals(200, get(b, token, proof(token)).statusCode());
        try (JedisPooled j = redis.client()) {
            Set<String> keys = j.keys("dpop:*");
            assertTrue(!keys.isEmpty());
            for (String k : keys) {
                long ttl = j.pttl(k);
                assertTrue(ttl > 0 && ttl <= 61_000, k + " expires in " + ttl + " ms");
            }
        }
    }

    // ---- tokens and proofs, by the JDK -----------------------------------------------------------

    static KeyPair generate() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"));
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static String coordinate(BigInteger v) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(32, b.length);
        System.arraycopy(b, b.length - n, out, 32 - n, n);
        return B64.encodeToString(out);
    }

    static String sha256(String s) {
        try {
            return B64.encodeToString(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static String jws(KeyPair key, String header, String claims) {
        String input = B64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + B64.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
        try {
            Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
            s.initSign(key.getPrivate());
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + B64.encodeToString(s.sign());
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static final ECPublicKey CLIENT_PUBLIC = (ECPublicKey) CLIENT.getPublic();
    static final String X = coordinate(CLIENT_PUBLIC.getW().getAffineX());
    static final String Y = coordinate(CLIENT_PUBLIC.getW().getAffineY());
    static final String JKT = sha256("{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"" + X + "\",\"y\":\"" + Y + "\"}");

    static String accessToken() {
        long now = System.currentTimeMillis() / 1000;
        return jws(ISSUER, "{\"alg\":\"ES256\"}", "{\"sub\":\"alice\",\"iat\":" + now + ",\"exp\":" + (now + 600)
                + ",\"cnf\":{\"jkt\":\"" + JKT + "\"}}");
    }

    static String proof(String accessToken) {
        String header = "{\"typ\":\"dpop+jwt\",\"alg\":\"ES256\",\"jwk\":{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"" + X
                + "\",\"y\":\"" + Y + "\"}}";
        return jws(CLIENT, header, "{\"jti\":\"" + UUID.randomUUID() + "\",\"htm\":\"GET\",\"htu\":\"" + PUBLIC_URL
                + "\",\"iat\":" + System.currentTimeMillis() / 1000 + ",\"ath\":\"" + sha256(accessToken) + "\"}");
    }

    /** GET /orders on one instance, as the load balancer forwards it: the public host and scheme in X-Forwarded-*. */
    static HttpResponse<String> get(ConfigurableApplicationContext app, String token, String proof) {
        String port = app.getEnvironment().getProperty("local.server.port");
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/orders"))
                .header("Authorization", "DPoP " + token).header("DPoP", proof)
                .header("X-Forwarded-Proto", "https").header("X-Forwarded-Host", "api.example")
                .header("X-Forwarded-Port", "443").timeout(Duration.ofSeconds(20)).GET().build();
        try {
            HttpResponse<String> resp = HTTP.send(r, HttpResponse.BodyHandlers.ofString());
            assertNotEquals(500, resp.statusCode(), resp.body());
            return resp;
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
