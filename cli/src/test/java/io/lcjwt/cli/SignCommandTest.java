package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.Unverified;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcjwt sign}, and round trips through {@code lcjwt verify} for every algorithm family. */
class SignCommandTest {
    @TempDir
    Path dir;

    private static String token(Cli r) {
        assertEquals(0, r.code(), r::toString);
        return r.out().strip();
    }

    @Test
    void hs256RoundTripWithSecretFile() throws IOException {
        byte[] secret = new byte[32];
        new java.security.SecureRandom().nextBytes(secret);
        Path file = TestKeys.write(dir, "secret", secret);
        String t = token(Cli.run("sign", "--secret-file", file.toString(), "--claim", "sub=alice", "--exp", "15m"));
        Cli r = Cli.run("verify", "--secret-file", file.toString(), t);   // a 32-byte secret serves HS256 only
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("VERIFIED (HS256)"), r::toString);
    }

    @Test
    void rs256RoundTripWithPem() throws IOException {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.RS256); JwtPublicKey pub = k.publicKey()) {
            Path priv = TestKeys.write(dir, "rsa.key", TestKeys.privatePem(k));
            Path pubPem = TestKeys.write(dir, "rsa.pem", pub.toPem());
            Cli noAlg = Cli.run("sign", "--key", priv.toString(), "--claim", "sub=alice");
            assertEquals(Main.USAGE, noAlg.code(), noAlg::toString);
            assertTrue(noAlg.err().contains("--alg"), noAlg::toString);
            String t = token(Cli.run("sign", "--key", priv.toString(), "--alg", "RS256", "--kid", "r1",
                    "--claim", "sub=alice", "--exp", "15m"));
            Cli r = Cli.run("verify", "--key", pubPem.toString(), "--alg", "RS256", t);
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().startsWith("VERIFIED (RS256, kid r1)"), r::toString);
        }
    }

    // The private JWK is read as one key; reading it as a one-key JWK set refused its "d".
    @Test
    void es256RoundTripWithJwk() throws IOException {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k1"); JwtPublicKey pub = k.publicKey()) {
            Path priv = TestKeys.write(dir, "ec.jwk", k.toJwk());
            Path pubJwk = TestKeys.write(dir, "ec.pub.jwk", pub.toJwk());
            String t = token(Cli.run("sign", "--key", priv.toString(), "--claim", "sub=alice", "--exp", "15m"));
            Cli r = Cli.run("verify", "--key", pubJwk.toString(), t);
            assertEquals(0, r.code(), r::toString);
            assertEquals("VERIFIED (ES256, kid k1)", r.out().lines().findFirst().orElseThrow());
        }
    }

    @Test
    void eddsaRoundTripWithPem() throws IOException {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.EdDSA); JwtPublicKey pub = k.publicKey()) {
            Path priv = TestKeys.write(dir, "ed.key", TestKeys.privatePem(k));
            Path pubPem = TestKeys.write(dir, "ed.pem", pub.toPem());
            String t = token(Cli.run("sign", "--key", priv.toString(), "--claim", "sub=alice", "--exp", "15m"));
            Cli r = Cli.run("verify", "--key", pubPem.toString(), t);
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().startsWith("VERIFIED (EdDSA)"), r::toString);
        }
    }

    @Test
    void claimsFromFileStdinAndArgumentsWithJsonValues() throws IOException {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256)) {
            Path priv = TestKeys.write(dir, "ec.key", TestKeys.privatePem(k));
            Path claims = TestKeys.write(dir, "claims.json", "{\"sub\":\"file\",\"scope\":\"read\"}");
            long before = Instant.now().getEpochSecond();
            String t = token(Cli.run("sign", "--key", priv.toString(), "--claims", claims.toString(),
                    "--claim", "sub=arg", "--claim", "n=42", "--claim", "admin=true", "--claim", "roles=[\"a\",\"b\"]",
                    "--claim", "note=hello world", "--claim", "two=1 2", "--exp", "15m"));
            Map<String, Object> c = Unverified.claims(t);
            assertEquals("arg", c.get("sub"));
            assertEquals("read", c.get("scope"));
            assertEquals(42L, ((Number) c.get("n")).longValue());
            assertEquals(Boolean.TRUE, c.get("admin"));
            assertEquals(List.of("a", "b"), c.get("roles"));
            assertEquals("hello world", c.get("note"));
            assertEquals("1 2", c.get("two"));
            long exp = ((Number) c.get("exp")).longValue();
            long iat = ((Number) c.get("iat")).longValue();
            assertTrue(iat >= before && exp - iat == 15 * 60, c::toString);

            String fromStdin = token(Cli.runWithStdin("{\"sub\":\"stdin\"}", "sign", "--key", priv.toString(),
                    "--claims", "-", "--no-iat"));
            Map<String, Object> s = Unverified.claims(fromStdin);
            assertEquals("stdin", s.get("sub"));
            assertFalse(s.containsKey("iat"), s::toString);
        }
    }

    @Test
    void jsonOutputHoldsTheToken() throws IOException {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.EdDSA)) {
            Path priv = TestKeys.write(dir, "ed.key", TestKeys.privatePem(k));
            Cli r = Cli.run("sign", "--json", "--key", priv.toString(), "--claim", "sub=alice");
            assertEquals(0, r.code(), r::toString);
            String t = (String) r.json().get("token");
            assertEquals("alice", Unverified.claims(t).get("sub"));
        }
    }

    @Test
    void refusals() throws IOException {
        Path claims = TestKeys.write(dir, "bad.json", "[1,2]");
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256); JwtPublicKey pub = k.publicKey()) {
            Path priv = TestKeys.write(dir, "ec.key", TestKeys.privatePem(k));
            Path pubPem = TestKeys.write(dir, "ec.pem", pub.toPem());
            record Row(String name, int code, String... args) {}
            for (Row row : List.of(
                    new Row("public key cannot sign", 3, "--key", pubPem.toString(), "--claim", "sub=a"),
                    new Row("claims not an object", 2, "--key", priv.toString(), "--claims", claims.toString()),
                    new Row("claim without =", 2, "--key", priv.toString(), "--claim", "sub"),
                    new Row("alg the key cannot do", 3, "--key", priv.toString(), "--alg", "ES384"),
                    new Row("missing key file", 3, "--key", dir.resolve("nope").toString()),
                    new Row("secret env unset", 3, "--secret-env", "LCJWT_TEST_SURELY_UNSET"),
                    new Row("no key source", 2, "--claim", "sub=a"),
                    new Row("bad --exp", 2, "--key", priv.toString(), "--exp", "later"))) {
                String[] args = new String[row.args().length + 1];
                args[0] = "sign";
                System.arraycopy(row.args(), 0, args, 1, row.args().length);
                Cli r = Cli.run(args);
                assertEquals(row.code(), r.code(), () -> row.name() + ": " + r);
                assertEquals("", r.out(), () -> row.name() + ": " + r);
                assertFalse(r.err().contains("\tat "), () -> row.name() + ": " + r);
            }
        }
    }

    @Test
    void neverPrintsTheSecret() throws IOException {
        String secret = "this-is-the-secret-value-of-32-bytes!";
        Path file = TestKeys.write(dir, "secret", secret);
        Cli r = Cli.run("sign", "--secret-file", file.toString(), "--alg", "HS512", "--claim", "sub=a");
        assertEquals(Main.KEYS, r.code(), r::toString);     // 37 bytes: too short for HS512
        assertFalse(r.err().contains(secret) || r.out().contains(secret), r::toString);
    }
}
