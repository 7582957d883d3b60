package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweDecrypter;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code lcjwt encrypt} and {@code lcjwt decrypt} (RFC 7516 compact JWE; nested JWT, RFC 7519
 * section 5.2): round trips for each key kind, the allow-lists, the exit codes and the --json shapes.
 */
class JweCommandsTest {
    private static JwtPrivateKey rsa;
    private static JwtPrivateKey p256;
    private static JwtPrivateKey issuer;

    @TempDir
    Path dir;

    @BeforeAll
    static void keys() {
        rsa = JwtPrivateKey.generate(Algorithm.RS256);
        p256 = JwtPrivateKey.generate(Algorithm.ES256);
        issuer = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("iss-1");
    }

    @AfterAll
    static void close() {
        rsa.close();
        p256.close();
        issuer.close();
    }

    @AfterEach
    void resetEnvironment() {
        KeySources.environment = System::getenv;
    }

    /** A recipient's key files: what the sender names with --to, what the recipient names with --key. */
    record Recipient(String to, String key) {
        List<String> toArgs() {
            return to.startsWith("secret:") ? List.of("--secret-file", to.substring(7)) : List.of("--to", to);
        }

        List<String> keyArgs() {
            return key.startsWith("secret:") ? List.of("--secret-file", key.substring(7)) : List.of("--key", key);
        }
    }

    private Recipient pem(JwtPrivateKey k, String name) throws IOException {
        try (JwtPublicKey pub = k.publicKey()) {
            return new Recipient(TestKeys.write(dir, name + ".pub.pem", pub.toPem()).toString(),
                    TestKeys.write(dir, name + ".pem", TestKeys.privatePem(k)).toString());
        }
    }

    /** X25519 has no lcjwt keygen; the JDK makes the key pair, written as DER (SPKI, PKCS#8). */
    private Recipient x25519() throws Exception {
        KeyPair kp = KeyPairGenerator.getInstance("X25519").generateKeyPair();
        return new Recipient(TestKeys.write(dir, "x.pub.der", kp.getPublic().getEncoded()).toString(),
                TestKeys.write(dir, "x.der", kp.getPrivate().getEncoded()).toString());
    }

    private Recipient secret(int bytes) throws IOException {
        byte[] b = new byte[bytes];
        new SecureRandom().nextBytes(b);
        String f = "secret:" + TestKeys.write(dir, "shared-" + bytes, b);
        return new Recipient(f, f);
    }

    private Recipient recipient(String kind) throws Exception {
        return switch (kind) {
            case "RSA" -> pem(rsa, "rsa");
            case "P-256" -> pem(p256, "p256");
            case "X25519" -> x25519();
            case "32-byte secret" -> secret(32);
            default -> throw new AssertionError(kind);
        };
    }

    static Stream<List<String>> roundTrips() {
        List<List<String>> rows = new ArrayList<>();
        for (String enc : List.of("A256GCM", "A128CBC-HS256")) {
            rows.add(List.of("RSA", "RSA-OAEP-256", enc));
            rows.add(List.of("P-256", "ECDH-ES+A256KW", enc));
            rows.add(List.of("X25519", "ECDH-ES", enc));
            rows.add(List.of("32-byte secret", "A256KW", enc));
            rows.add(List.of("32-byte secret", "dir", enc)); // 32 bytes: the key of A256GCM and of A128CBC-HS256
        }
        return rows.stream();
    }

    private static Cli run(List<String> head, List<String> middle, String... tail) {
        List<String> args = new ArrayList<>(head);
        args.addAll(middle);
        args.addAll(List.of(tail));
        return Cli.run(args.toArray(String[]::new));
    }

    private static String ok(Cli r) {
        assertEquals(0, r.code(), r::toString);
        assertEquals("", r.err(), r::toString);
        return r.out().strip();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roundTrips")
    void fileRoundTrip(List<String> row) throws Exception {
        Recipient to = recipient(row.get(0));
        String alg = row.get(1);
        String enc = row.get(2);
        byte[] content = "hello, JWE \u00e9\n\u0000binary too".getBytes(StandardCharsets.UTF_8);
        Path file = TestKeys.write(dir, "content.bin", content);
        Cli e = run(List.of("encrypt", "--json"), to.toArgs(), "--alg", alg, "--enc", enc, file.toString());
        assertEquals(0, e.code(), e::toString);
        Map<String, Object> j = e.json();
        String jwe = (String) j.get("jwe");
        assertEquals(5, jwe.split("\\.", -1).length, jwe);
        @SuppressWarnings("unchecked")
        Map<String, Object> header = (Map<String, Object>) j.get("header");
        assertEquals(alg, header.get("alg"));
        assertEquals(enc, header.get("enc"));
        assertEquals(alg.startsWith("ECDH-ES"), header.containsKey("epk"), header::toString);

        Cli d = run(List.of("decrypt"), to.keyArgs(), "--alg", alg, "--enc", enc, jwe);
        assertEquals(0, d.code(), d::toString);
        assertArrayEquals(content, d.out().getBytes(StandardCharsets.UTF_8), "printed byte for byte");
    }

    @Test
    void nestedSignThenEncryptIsVerifiedOnDecrypt() throws Exception {
        Recipient to = pem(rsa, "rsa");
        Recipient iss = pem(issuer, "issuer");
        String jwe = ok(Cli.run("encrypt", "--to", to.to(), "--alg", "RSA-OAEP-256", "--kid", "enc-1",
                "--sign-key", iss.key(), "--sign-kid", "iss-1", "--claim", "sub=alice", "--claim", "admin=true",
                "--exp", "15m"));
        Cli d = Cli.run("decrypt", "--key", to.key(), "--alg", "RSA-OAEP-256", "--enc", "A256GCM",
                "--verify-key", iss.to(), jwe);
        assertEquals(0, d.code(), d::toString);
        List<String> lines = d.out().lines().toList();
        assertEquals("DECRYPTED (RSA-OAEP-256, A256GCM, kid enc-1)", lines.get(0));
        assertEquals("VERIFIED (ES256, kid iss-1)", lines.get(1));
        assertTrue(d.out().contains("\"sub\" : \"alice\""), d::toString);

        // Any of verify's key sources, here a JWKS file whose kid the inner JWT names.
        Path jwks;
        try (JwtPublicKey pub = issuer.publicKey()) {
            jwks = TestKeys.write(dir, "issuer.jwks", io.lcjwt.JwkSet.of(pub).toJson());
        }
        Cli viaJwks = Cli.run("decrypt", "--key", to.key(), "--alg", "RSA-OAEP-256", "--enc", "A256GCM",
                "--verify-jwks", jwks.toString(), "--verify-alg", "ES256", "--require", "admin", jwe);
        assertEquals(0, viaJwks.code(), viaJwks::toString);

        // The same JWE through core: the CLI made a nested JWT a library reads as one.
        try (JwtPublicKey pub = issuer.publicKey()) {
            Map<String, Object> claims = JweDecrypter.builder(rsa).keyAlgorithms(JweKeyAlgorithm.RSA_OAEP_256)
                    .contentAlgorithms(JweContentAlgorithm.A256GCM).build()
                    .decryptClaims(jwe, io.lcjwt.JwtVerifier.builder(pub).algorithms(Algorithm.ES256).build());
            assertEquals(Boolean.TRUE, claims.get("admin"));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonShapes() throws Exception {
        Recipient to = pem(p256, "p256");
        Recipient iss = pem(issuer, "issuer");
        String nested = ok(Cli.run("encrypt", "--to", to.to(), "--alg", "ECDH-ES+A256KW",
                "--sign-key", iss.key(), "--claim", "sub=alice", "--exp", "15m"));
        Map<String, Object> n = Cli.run("decrypt", "--json", "--key", to.key(), "--alg", "ECDH-ES+A256KW",
                "--enc", "A256GCM", "--verify-key", iss.to(), nested).json();
        assertEquals(List.of("decrypted", "jweHeader", "verified", "header", "claims", "times"), List.copyOf(n.keySet()));
        assertEquals(Boolean.TRUE, n.get("decrypted"));
        assertEquals(Boolean.TRUE, n.get("verified"));
        assertEquals("JWT", ((Map<String, Object>) n.get("jweHeader")).get("cty"));
        assertEquals("ES256", ((Map<String, Object>) n.get("header")).get("alg"));
        assertEquals("alice", ((Map<String, Object>) n.get("claims")).get("sub"));
        assertTrue(((Map<String, Object>) n.get("times")).containsKey("exp"), n::toString);

        Path text = TestKeys.write(dir, "note.txt", "just text");
        String plain = ok(Cli.run("encrypt", "--to", to.to(), "--alg", "ECDH-ES+A256KW", "--cty", "text/plain", text.toString()));
        Map<String, Object> p = Cli.run("decrypt", "--json", "--key", to.key(), "--alg", "ECDH-ES+A256KW",
                "--enc", "A256GCM", plain).json();
        assertEquals(List.of("decrypted", "verified", "jweHeader", "content"), List.copyOf(p.keySet()));
        assertEquals(Boolean.FALSE, p.get("verified"));
        assertEquals("text/plain", ((Map<String, Object>) p.get("jweHeader")).get("cty"));
        assertEquals("just text", p.get("content"));

        byte[] binary = {(byte) 0xff, 0, (byte) 0xfe};
        String bin = ok(Cli.run("encrypt", "--to", to.to(), "--alg", "ECDH-ES+A256KW",
                TestKeys.write(dir, "b.bin", binary).toString()));
        Map<String, Object> b = Cli.run("decrypt", "--json", "--key", to.key(), "--alg", "ECDH-ES+A256KW",
                "--enc", "A256GCM", bin).json();
        assertFalse(b.containsKey("content"), b::toString);
        assertArrayEquals(binary, Base64.getUrlDecoder().decode((String) b.get("contentBase64url")));
    }

    @Test
    void stdinForContentAndForTheJweAndZip() throws Exception {
        Recipient to = pem(rsa, "rsa");
        String content = "a".repeat(2000);
        Cli e = Cli.runWithStdin(content, "encrypt", "--json", "--to", to.to(), "--alg", "RSA-OAEP-256", "--zip", "-");
        assertEquals(0, e.code(), e::toString);
        String jwe = (String) e.json().get("jwe");
        @SuppressWarnings("unchecked")
        Map<String, Object> header = (Map<String, Object>) e.json().get("header");
        assertEquals("DEF", header.get("zip"));
        assertTrue(jwe.length() < content.length(), "compressed: " + jwe.length());
        Cli d = Cli.runWithStdin(jwe + "\n", "decrypt", "--key", to.key(), "--alg", "RSA-OAEP-256", "--enc", "A256GCM", "-");
        assertEquals(0, d.code(), d::toString);
        assertEquals(content, d.out());
    }

    /** A JWK that names its JWE algorithm decides --alg; one for signatures is refused. */
    @Test
    void aJwkWithAJweAlgDecidesAndAJwsAlgIsRefused() throws Exception {
        Path priv = TestKeys.write(dir, "rsa.jwk", rsa.toJwk().replaceFirst("\\{", "{\"alg\":\"RSA-OAEP-256\","));
        Path pub;
        try (JwtPublicKey p = rsa.publicKey()) {
            pub = TestKeys.write(dir, "rsa.pub.jwk", p.toJwk().replaceFirst("\\{", "{\"alg\":\"RSA-OAEP-256\","));
        }
        Path content = TestKeys.write(dir, "c.txt", "content");
        String jwe = ok(Cli.run("encrypt", "--to", pub.toString(), content.toString()));
        assertEquals("content", ok(Cli.run("decrypt", "--key", priv.toString(), "--enc", "A256GCM", jwe)));
        Cli other = Cli.run("decrypt", "--key", priv.toString(), "--alg", "RSA-OAEP", "--enc", "A256GCM", jwe);
        assertEquals(Main.KEYS, other.code(), other::toString);

        Path signing = TestKeys.write(dir, "rs.jwk", rsa.toJwk().replaceFirst("\\{", "{\"alg\":\"RS256\","));
        Cli r = Cli.run("decrypt", "--key", signing.toString(), "--alg", "RSA-OAEP-256", "--enc", "A256GCM", jwe);
        assertEquals(Main.KEYS, r.code(), r::toString);
        assertTrue(r.err().contains("for signatures"), r::toString);

        // A 16-byte oct JWK: lcjwt's JWK reader takes only HMAC-length secrets; the CLI reads it as a JWE key.
        byte[] k = new byte[16];
        new SecureRandom().nextBytes(k);
        Path oct = TestKeys.write(dir, "kek.jwk", "{\"kty\":\"oct\",\"kid\":\"kek-1\",\"alg\":\"A128KW\",\"k\":\""
                + Base64.getUrlEncoder().withoutPadding().encodeToString(k) + "\"}");
        String wrapped = ok(Cli.run("encrypt", "--to", oct.toString(), "--enc", "A128GCM", content.toString()));
        assertTrue(JweNames.header(wrapped).contains("\"kid\":\"kek-1\""), wrapped);
        assertEquals("content", ok(Cli.run("decrypt", "--key", oct.toString(), "--enc", "A128GCM", wrapped)));
    }

    @Test
    void nestedWithAnHmacSecret() throws Exception {
        Recipient to = pem(p256, "p256");
        byte[] hmac = new byte[32];
        new SecureRandom().nextBytes(hmac);
        Path s = TestKeys.write(dir, "hmac", hmac);
        String jwe = ok(Cli.runWithStdin("{\"sub\":\"bob\"}", "encrypt", "--to", to.to(), "--alg", "ECDH-ES",
                "--enc", "A128GCM", "--sign-secret-file", s.toString(), "--claims", "-", "--exp", "1h"));
        Cli d = Cli.run("decrypt", "--key", to.key(), "--alg", "ECDH-ES", "--enc", "A128GCM",
                "--verify-secret-file", s.toString(), jwe);
        assertEquals(0, d.code(), d::toString);
        assertEquals("VERIFIED (HS256)", d.out().lines().skip(1).findFirst().orElseThrow());
        assertTrue(d.out().contains("\"sub\" : \"bob\""), d::toString);
    }

    @Test
    void aDirKeyOfALengthOnlyOneEncTakesDecidesEnc() throws Exception {
        Recipient to = secret(64);
        Path content = TestKeys.write(dir, "c.txt", "content");
        String jwe = ok(run(List.of("encrypt"), to.toArgs(), "--alg", "dir", "--enc", "A256CBC-HS512", content.toString()));
        assertEquals("content", ok(run(List.of("decrypt"), to.keyArgs(), "--alg", "dir", jwe)));
    }

    @Test
    void aSharedKeyFromTheEnvironment() throws Exception {
        String key = "0123456789abcdef0123456789abcdef";   // 32 bytes of UTF-8
        KeySources.environment = name -> name.equals("JWE_KEY") ? key : null;
        Path content = TestKeys.write(dir, "c.txt", "content");
        String jwe = ok(Cli.run("encrypt", "--secret-env", "JWE_KEY", "--alg", "A256GCMKW", content.toString()));
        assertEquals("content", ok(Cli.run("decrypt", "--secret-env", "JWE_KEY", "--alg", "A256GCMKW",
                "--enc", "A256GCM", jwe)));
    }

    /** One row per refusal: the documented exit code, one line of lcjwt's message, nothing on stdout. */
    @Test
    void refusals() throws Exception {
        Recipient to = pem(rsa, "rsa");
        Recipient iss = pem(issuer, "issuer");
        Recipient otherRsa;
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.RS256)) {
            otherRsa = pem(k, "other");
        }
        Path content = TestKeys.write(dir, "c.txt", "content");
        String jwe = ok(Cli.run("encrypt", "--to", to.to(), "--alg", "RSA-OAEP-256", content.toString()));
        String nested = ok(Cli.run("encrypt", "--to", to.to(), "--alg", "RSA-OAEP-256", "--sign-key", iss.key(),
                "--claim", "sub=alice", "--claim", "exp=1"));
        String[] parts = jwe.split("\\.");
        String badTag = String.join(".", parts[0], parts[1], parts[2], parts[3],
                (parts[4].charAt(0) == 'A' ? "B" : "A") + parts[4].substring(1));
        Path shortSecret = TestKeys.write(dir, "short", "twenty-bytes-secret!");
        String k = to.key();
        List<String> rsaOk = List.of("--alg", "RSA-OAEP-256", "--enc", "A256GCM");
        record Row(String name, int code, List<String> args) {}
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("garbage JWE", 1, cat(List.of("decrypt", "--key", k), rsaOk, "garbage")));
        rows.add(new Row("a JWS, not a JWE", 1, cat(List.of("decrypt", "--key", k), rsaOk,
                "eyJhbGciOiJIUzI1NiJ9.e30.c2ln")));
        rows.add(new Row("bad tag", 1, cat(List.of("decrypt", "--key", k), rsaOk, badTag)));
        rows.add(new Row("wrong key", 1, cat(List.of("decrypt", "--key", otherRsa.key()), rsaOk, jwe)));
        rows.add(new Row("alg not allowed", 1, List.of("decrypt", "--key", k, "--alg", "RSA-OAEP", "--enc", "A256GCM", jwe)));
        rows.add(new Row("enc not allowed", 1, List.of("decrypt", "--key", k, "--alg", "RSA-OAEP-256", "--enc",
                "A128CBC-HS256", jwe)));
        rows.add(new Row("expired nested JWT", 1, cat(List.of("decrypt", "--key", k, "--verify-key", iss.to()), rsaOk, nested)));
        rows.add(new Row("nested JWT, wrong issuer key", 1, cat(List.of("decrypt", "--key", k, "--verify-key",
                p256Pub(), "--leeway", "1m"), rsaOk, nested)));
        rows.add(new Row("no nested JWT to verify", 1, cat(List.of("decrypt", "--key", k, "--verify-key", iss.to()), rsaOk, jwe)));
        rows.add(new Row("no --alg", 2, List.of("decrypt", "--key", k, "--enc", "A256GCM", jwe)));
        rows.add(new Row("no --enc", 2, List.of("decrypt", "--key", k, "--alg", "RSA-OAEP-256", jwe)));
        rows.add(new Row("unknown alg", 2, List.of("decrypt", "--key", k, "--alg", "RSA1_5", "--enc", "A256GCM", jwe)));
        rows.add(new Row("no key", 2, cat(List.of("decrypt"), rsaOk, jwe)));
        rows.add(new Row("--aud without a verify key", 2, cat(List.of("decrypt", "--key", k, "--aud", "api"), rsaOk, jwe)));
        rows.add(new Row("missing key file", 3, cat(List.of("decrypt", "--key", dir.resolve("nope.pem").toString()), rsaOk, jwe)));
        rows.add(new Row("unreadable JWK", 3, cat(List.of("decrypt", "--key",
                TestKeys.write(dir, "bad.jwk", "{\"kty\":\"RSA\",").toString()), rsaOk, jwe)));
        rows.add(new Row("a JWKS, not one key", 3, cat(List.of("decrypt", "--key",
                TestKeys.write(dir, "set.jwks", "{\"keys\":[]}").toString()), rsaOk, jwe)));
        rows.add(new Row("public key cannot decrypt", 3, cat(List.of("decrypt", "--key", to.to()), rsaOk, jwe)));
        rows.add(new Row("key cannot serve alg", 3, List.of("decrypt", "--key", k, "--alg", "A256KW", "--enc", "A256GCM", jwe)));
        rows.add(new Row("secret env unset", 3, cat(List.of("decrypt", "--secret-env", "LCJWT_TEST_SURELY_UNSET"),
                List.of("--alg", "dir", "--enc", "A256GCM"), jwe)));
        rows.add(new Row("secret of a length no JWE key has", 3, List.of("encrypt", "--secret-file", shortSecret.toString(),
                "--alg", "A256KW", content.toString())));
        rows.add(new Row("private key to encrypt to", 3, List.of("encrypt", "--to", k, "--alg", "RSA-OAEP-256", content.toString())));
        rows.add(new Row("RSA key for ECDH-ES", 3, List.of("encrypt", "--to", to.to(), "--alg", "ECDH-ES", content.toString())));
        rows.add(new Row("missing content file", 3, List.of("encrypt", "--to", to.to(), "--alg", "RSA-OAEP-256",
                dir.resolve("nope.txt").toString())));
        rows.add(new Row("encrypt without --alg", 2, List.of("encrypt", "--to", to.to(), content.toString())));
        rows.add(new Row("claims without a signing key", 2, List.of("encrypt", "--to", to.to(), "--alg", "RSA-OAEP-256",
                "--claim", "sub=a")));
        rows.add(new Row("claims and a file", 2, List.of("encrypt", "--to", to.to(), "--alg", "RSA-OAEP-256",
                "--sign-key", iss.key(), "--claim", "sub=a", content.toString())));
        rows.add(new Row("nothing to encrypt", 2, List.of("encrypt", "--to", to.to(), "--alg", "RSA-OAEP-256")));
        rows.add(new Row("unknown enc", 2, List.of("encrypt", "--to", to.to(), "--alg", "RSA-OAEP-256", "--enc", "A512GCM",
                content.toString())));
        for (Row row : rows) {
            Cli r = Cli.run(row.args().toArray(String[]::new));
            assertEquals(row.code(), r.code(), () -> row.name() + ": " + r);
            assertEquals("", r.out(), () -> row.name() + ": " + r);
            assertFalse(r.err().contains("\tat "), () -> row.name() + ": " + r);
            if (row.code() != 2 || !r.err().contains("Usage:")) {
                assertEquals(1, r.err().lines().count(), () -> row.name() + ": " + r);
                assertTrue(r.err().startsWith("lcjwt: ") || row.code() == 2, () -> row.name() + ": " + r);
            }
        }
    }

    private String p256Pub() throws IOException {
        return pem(p256, "p256").to();
    }

    private static List<String> cat(List<String> a, List<String> b, String last) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        all.add(last);
        return all;
    }

    @Test
    void neverPrintsTheKey() throws Exception {
        String secret = "this-is-the-secret-value-of-40-bytes!!!!";
        Path file = TestKeys.write(dir, "secret", secret);
        Path content = TestKeys.write(dir, "c.txt", "content");
        Cli e = Cli.run("encrypt", "--secret-file", file.toString(), "--alg", "dir", content.toString());
        assertEquals(Main.KEYS, e.code(), e::toString);   // 40 bytes: no JWE key is that long
        Cli d = Cli.run("decrypt", "--debug", "--secret-file", file.toString(), "--alg", "dir", "--enc", "A256GCM", "x");
        assertEquals(Main.KEYS, d.code(), d::toString);
        for (Cli r : List.of(e, d)) {
            assertFalse(r.err().contains(secret) || r.out().contains(secret), r::toString);
        }
        Path pem = Path.of(pem(rsa, "rsa").key());
        String body = Files.readString(pem).lines().skip(1).findFirst().orElseThrow();
        Cli wrong = Cli.run("encrypt", "--debug", "--to", pem.toString(), "--alg", "RSA-OAEP-256", content.toString());
        assertEquals(Main.KEYS, wrong.code(), wrong::toString);
        assertFalse(wrong.err().contains(body), wrong::toString);
    }

    @Test
    void helpOfBothCommands() {
        for (String c : List.of("encrypt", "decrypt")) {
            Cli r = Cli.run(c, "--help");
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().contains("RSA-OAEP-256") && r.out().contains("A256GCM"), r::toString);
        }
    }

    @Test
    void theJwtKeySecretIsNotAnHmacSecretHere() throws Exception {
        // A 16-byte key is refused by sign and verify (too short for HMAC) but is A128KW's key.
        try (JwtSecretKey k = JwtSecretKey.forEncryption(new byte[16])) {
            assertEquals(16, k.length());
        }
        Recipient to = secret(16);
        Path content = TestKeys.write(dir, "c.txt", "content");
        String jwe = ok(run(List.of("encrypt"), to.toArgs(), "--alg", "A128KW", "--enc", "A128GCM", content.toString()));
        assertEquals("content", ok(run(List.of("decrypt"), to.keyArgs(), "--alg", "A128KW", "--enc", "A128GCM", jwe)));
    }
}
