package io.lcjwt.cli;

import com.sun.net.httpserver.HttpServer;
import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.testkit.UntrustedText;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcjwt verify}: every key source, the claim checks, the exit codes and the --json shape. */
class VerifyCommandTest {
    private static JwtPrivateKey es256;
    private static HttpServer server;
    private static volatile String metadataIssuer;
    private static String base;

    @TempDir
    Path dir;

    @BeforeAll
    static void serve() throws IOException {
        es256 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k1");
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        base = "http://127.0.0.1:" + server.getAddress().getPort();
        String jwks;
        try (JwtPublicKey pub = es256.publicKey()) {
            jwks = JwkSet.of(pub).toJson();
        }
        server.createContext("/jwks", ex -> reply(ex, jwks));
        server.createContext("/.well-known/openid-configuration", ex -> {
            if (!ex.getRequestURI().getPath().equals("/.well-known/openid-configuration")) {
                ex.sendResponseHeaders(404, -1); // a context matches by prefix; this one serves one path
                ex.close();
                return;
            }
            reply(ex, "{\"issuer\":\"" + metadataIssuer + "\",\"jwks_uri\":\"" + base + "/jwks\"}");
        });
        // An issuer with a path that publishes only RFC 8414 metadata (no OpenID discovery).
        server.createContext("/.well-known/oauth-authorization-server/tenant", ex -> reply(ex,
                "{\"issuer\":\"" + base + "/tenant\",\"jwks_uri\":\"" + base + "/jwks\"}"));
        server.start();
    }

    private static void reply(com.sun.net.httpserver.HttpExchange ex, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(200, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }

    @AfterAll
    static void stop() {
        server.stop(0);
        es256.close();
    }

    @AfterEach
    void resetEnvironment() {
        KeySources.environment = System::getenv;
    }

    private static String sign(JwtKey key, Algorithm alg, Map<String, Object> extra) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("sub", "alice");
        c.put("exp", Instant.now().getEpochSecond() + 600);
        c.putAll(extra);
        return JwtSigner.builder(key).algorithm(alg).build().sign(c);
    }

    private static String es256Token(Map<String, Object> extra) {
        return sign(es256, Algorithm.ES256, extra);
    }

    private Path es256PublicPem() throws IOException {
        try (JwtPublicKey pub = es256.publicKey()) {
            return TestKeys.write(dir, "es256.pem", pub.toPem());
        }
    }

    static List<UntrustedText.Row> untrustedText() {
        return UntrustedText.ROWS;
    }

    /** A token's kid is shown as core's escaper shows it: the shared table, as the CLI prints it. */
    @ParameterizedTest
    @MethodSource("untrustedText")
    void theVerifiedLineEscapesTheKidAsTheSharedTableSays(UntrustedText.Row row) throws IOException {
        String token = JwtSigner.builder(es256).algorithm(Algorithm.ES256).keyId(row.input()).build()
                .sign(Map.of("sub", "alice", "exp", Instant.now().getEpochSecond() + 600));
        Cli r = Cli.run("verify", "--key", es256PublicPem().toString(), token);
        assertEquals(0, r.code(), r::toString);
        assertEquals("VERIFIED (ES256, kid " + row.shown() + ")", r.out().lines().findFirst().orElseThrow(), row.name());
    }

    @Test
    void aP256KeyDecidesTheAlgorithmAndTheFirstLineNamesIt() throws IOException {
        Cli r = Cli.run("verify", "--key", es256PublicPem().toString(), es256Token(Map.of()));
        assertEquals(0, r.code(), r::toString);
        assertEquals("VERIFIED (ES256, kid k1)", r.out().lines().findFirst().orElseThrow());
        assertTrue(r.out().contains("\"sub\" : \"alice\""), r::toString);
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonShape() throws IOException {
        Cli r = Cli.run("verify", "--json", "--key", es256PublicPem().toString(), es256Token(Map.of()));
        assertEquals(0, r.code(), r::toString);
        Map<String, Object> j = r.json();
        assertEquals(Boolean.TRUE, j.get("verified"));
        assertEquals("k1", ((Map<String, Object>) j.get("header")).get("kid"));
        assertEquals("alice", ((Map<String, Object>) j.get("claims")).get("sub"));
    }

    static Stream<Algorithm> families() {
        return Stream.of(Algorithm.RS256, Algorithm.PS256, Algorithm.ES384, Algorithm.EdDSA);
    }

    @ParameterizedTest
    @MethodSource("families")
    void publicPemOfEveryFamily(Algorithm alg) throws IOException {
        try (JwtPrivateKey k = JwtPrivateKey.generate(alg); JwtPublicKey pub = k.publicKey()) {
            Path pem = TestKeys.write(dir, "pub.pem", pub.toPem());
            Cli r = Cli.run("verify", "--key", pem.toString(), "--alg", alg.jwsName(), sign(k, alg, Map.of()));
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().startsWith("VERIFIED (" + alg.jwsName() + ")"), r::toString);
        }
    }

    @Test
    void hmacSecretFromFileAndFromEnvironment() throws IOException {
        byte[] secret = new byte[32];
        new java.security.SecureRandom().nextBytes(secret);
        try (JwtSecretKey k = JwtSecretKey.of(secret)) {
            String token = sign(k, Algorithm.HS256, Map.of());
            Path file = TestKeys.write(dir, "secret", secret);
            assertEquals(0, Cli.run("verify", "--secret-file", file.toString(), token).code());
            String text = "a-text-secret-of-more-than-32-bytes-for-env";
            try (JwtSecretKey t = JwtSecretKey.of(text.getBytes(StandardCharsets.UTF_8))) {
                KeySources.environment = name -> name.equals("JWT_SECRET") ? text : null;
                Cli r = Cli.run("verify", "--secret-env", "JWT_SECRET", sign(t, Algorithm.HS256, Map.of()));
                assertEquals(0, r.code(), r::toString);
            }
        }
    }

    @Test
    void jwksFileAndJwksUrlAndDiscovery() throws IOException {
        String token = es256Token(Map.of("iss", base));
        String jwks;
        try (JwtPublicKey pub = es256.publicKey()) {
            jwks = JwkSet.of(pub).toJson();
        }
        Path file = TestKeys.write(dir, "jwks.json", jwks);
        Cli r = Cli.run("verify", "--jwks", file.toString(), token);
        assertEquals(0, r.code(), r::toString);
        r = Cli.run("verify", "--jwks-url", base + "/jwks", "--alg", "ES256", token);
        assertEquals(0, r.code(), r::toString);
        r = Cli.run("verify", "--jwks-url", base + "/jwks", token);   // the set's one P-256 key decides
        assertEquals(0, r.code(), r::toString);
        metadataIssuer = base;
        r = Cli.run("verify", "--issuer-url", base, token);
        assertEquals(0, r.code(), r::toString);
    }

    /** The CLI finds keys as the Spring module does: OpenID discovery first, then RFC 8414. */
    @Test
    void anIssuerWithOnlyRfc8414MetadataIsFound() {
        String tenant = base + "/tenant";
        Cli r = Cli.run("verify", "--issuer-url", tenant, es256Token(Map.of("iss", tenant)));
        assertEquals(0, r.code(), r::toString);
    }

    @Test
    void discoveryRefusesMetadataThatNamesAnotherIssuer() {
        metadataIssuer = "https://evil.example";
        Cli r = Cli.run("verify", "--issuer-url", base, es256Token(Map.of("iss", base)));
        assertEquals(Main.KEYS, r.code(), r::toString);
        assertTrue(r.err().contains("names the issuer \"https://evil.example\"")
                && r.err().contains("require the two to be identical"), r::toString);
        assertEquals(1, r.err().lines().count(), r::toString);
    }

    @Test
    void discoveryRequiresTheIssuerItFoundTheKeysFor() {
        metadataIssuer = base;
        Cli r = Cli.run("verify", "--issuer-url", base, es256Token(Map.of("iss", "https://other.example")));
        assertEquals(Main.REFUSED, r.code(), r::toString);
    }

    @Test
    void plainHttpToAnotherHostIsAUsageError() {
        Cli r = Cli.run("verify", "--jwks-url", "http://id.example/jwks", "--alg", "ES256", es256Token(Map.of()));
        assertEquals(Main.USAGE, r.code(), r::toString);
        r = Cli.run("verify", "--issuer-url", "http://id.example", es256Token(Map.of()));
        assertEquals(Main.USAGE, r.code(), r::toString);
    }

    /** One row per documented exit code; the message must be one line and carry no stack trace. */
    @Test
    void exitCodes() throws IOException {
        String pem = es256PublicPem().toString();
        long now = Instant.now().getEpochSecond();
        String good = es256Token(Map.of());
        String badSig = good.substring(0, good.length() - 10) + (good.charAt(good.length() - 10) == 'A' ? 'B' : 'A')
                + good.substring(good.length() - 9);
        Path unreadable = TestKeys.write(dir, "bad.pem", "-----BEGIN PUBLIC KEY-----\nnot base64 at all\n-----END PUBLIC KEY-----\n");
        Path rsa;
        try (JwtPrivateKey other = JwtPrivateKey.generate(Algorithm.RS256); JwtPublicKey pub = other.publicKey()) {
            rsa = TestKeys.write(dir, "rsa.pem", pub.toPem());
        }
        Path other;
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256); JwtPublicKey pub = k.publicKey()) {
            other = TestKeys.write(dir, "other.pem", pub.toPem());
        }
        Path shortSecret = TestKeys.write(dir, "short", "too short");
        record Row(String name, int code, List<String> args) {}
        List<Row> rows = List.of(
                new Row("expired", 1, List.of("--key", pem, es256Token(Map.of("exp", now - 3600)))),
                new Row("bad signature", 1, List.of("--key", pem, badSig)),
                new Row("wrong key", 1, List.of("--key", other.toString(), good)),
                new Row("garbage token", 1, List.of("--key", pem, "garbage")),
                new Row("wrong audience", 1, List.of("--key", pem, "--aud", "api", es256Token(Map.of("aud", "other")))),
                new Row("aud present, none asked", 1, List.of("--key", pem, es256Token(Map.of("aud", "api")))),
                new Row("wrong issuer", 1, List.of("--key", pem, "--iss", "https://a.example",
                        es256Token(Map.of("iss", "https://b.example")))),
                new Row("required claim missing", 1, List.of("--key", pem, "--require", "scope", good)),
                new Row("missing exp", 1, List.of("--key", pem, es256Token(mapWithoutExp()))),
                new Row("unknown option", 2, List.of("--key", pem, "--frobnicate", good)),
                new Row("no key source", 2, List.of(good)),
                new Row("two key sources", 2, List.of("--key", pem, "--jwks", pem, good)),
                new Row("RSA key without --alg", 2, List.of("--key", rsa.toString(), good)),
                new Row("bad leeway", 2, List.of("--key", pem, "--leeway", "soon", good)),
                new Row("leeway over 10 min", 2, List.of("--key", pem, "--leeway", "20m", good)),
                new Row("missing file", 3, List.of("--key", dir.resolve("nope.pem").toString(), good)),
                new Row("unreadable PEM", 3, List.of("--key", unreadable.toString(), good)),
                new Row("secret env unset", 3, List.of("--secret-env", "LCJWT_TEST_SURELY_UNSET", good)),
                new Row("secret too short", 3, List.of("--secret-file", shortSecret.toString(), good)),
                new Row("JWKS URL down", 3, List.of("--jwks-url", "http://127.0.0.1:1/jwks", "--alg", "ES256", good)));
        for (Row row : rows) {
            List<String> args = new ArrayList<>(List.of("verify"));
            args.addAll(row.args());
            Cli r = Cli.run(args.toArray(String[]::new));
            assertEquals(row.code(), r.code(), () -> row.name() + ": " + r);
            assertEquals("", r.out(), () -> row.name() + ": " + r);
            assertFalse(r.err().contains("\tat "), () -> row.name() + ": " + r);
            if (row.code() != 2) {
                assertEquals(1, r.err().lines().count(), () -> row.name() + ": " + r);
                assertTrue(r.err().startsWith("lcjwt: "), () -> row.name() + ": " + r);
            }
        }
    }

    private static Map<String, Object> mapWithoutExp() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("exp", null);
        return m;
    }

    @Test
    void leewayAndAllowMissingExpAndRequire() throws IOException {
        String pem = es256PublicPem().toString();
        long now = Instant.now().getEpochSecond();
        String justExpired = es256Token(Map.of("exp", now - 20));
        assertEquals(1, Cli.run("verify", "--key", pem, justExpired).code());
        assertEquals(0, Cli.run("verify", "--key", pem, "--leeway", "2m", justExpired).code());
        Map<String, Object> noExp = new LinkedHashMap<>();
        noExp.put("sub", "alice");
        noExp.put("scope", "read");
        String token = JwtSigner.builder(es256).algorithm(Algorithm.ES256).build().sign(noExp);
        Cli r = Cli.run("verify", "--key", pem, "--allow-missing-exp", "--require", "scope", token);
        assertEquals(0, r.code(), r::toString);
    }

    @Test
    void tokenFromStdin() throws IOException {
        Cli r = Cli.runWithStdin(es256Token(Map.of()) + "\n", "verify", "--key", es256PublicPem().toString(), "-");
        assertEquals(0, r.code(), r::toString);
    }
}
