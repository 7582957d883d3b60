package io.lcjwt.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcjwt keygen}: every family, both formats, owner-only files, no secret on stdout unasked. */
class KeygenCommandTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"ES256,pem", "ES256,jwk", "ES256K,pem", "ES384,pem", "ES512,jwk", "EdDSA,pem", "EdDSA,jwk",
            "RS256,pem", "PS256,jwk", "HS256,pem", "HS384,jwk", "HS512,pem"})
    void everyFamilyWritesAKeyThatReadsBackWithTheSameThumbprint(String alg, String format) throws Exception {
        Path priv = dir.resolve("k." + format);
        Path pub = dir.resolve("k.pub." + format);
        boolean hmac = alg.startsWith("HS");
        Cli r = hmac ? Cli.run("keygen", "--alg", alg, "--format", format, "--out", priv.toString(), "--json")
                : Cli.run("keygen", "--alg", alg, "--format", format, "--out", priv.toString(), "--public-out",
                        pub.toString(), "--json");
        assertEquals(0, r.code(), r::toString);
        Map<String, Object> m = JSON.std.mapFrom(r.out());
        String tp = (String) m.get("thumbprint");
        assertEquals(tp, m.get("kid"), "the kid defaults to the thumbprint");
        assertEquals(alg, m.get("alg"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(priv)));
        assertNoSecretIn(r.out(), priv, hmac, format);
        Algorithm a = Algorithm.fromJwsName(alg);
        // A raw secret file is the --secret-file format of verify and sign, not a key file.
        try (JwtKey k = hmac && format.equals("pem")
                ? JwtSecretKey.of(java.util.Base64.getUrlDecoder().decode(Files.readString(priv).strip()))
                : KeyFiles.read(priv)) {
            assertEquals(tp, KeyFiles.thumbprint(k));
            assertTrue(k.supports(a));
            assertEquals(hmac ? JwtSecretKey.class : JwtPrivateKey.class, k.getClass());
        }
        if (hmac) {
            assertNull(m.get("publicJwk"));
            assertFalse(Files.exists(pub));
        } else {
            try (JwtKey k = KeyFiles.read(pub)) {
                assertInstanceOf(JwtPublicKey.class, k);
                assertEquals(tp, k.thumbprint());
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> jwk = (Map<String, Object>) m.get("publicJwk");
            assertEquals(alg, jwk.get("alg"));
            assertEquals(tp, jwk.get("kid"));
            assertFalse(jwk.containsKey("d"));
        }
    }

    /** Neither the PEM body, nor the JWK's d or k, nor the raw secret may reach stdout. */
    private static void assertNoSecretIn(String stdout, Path priv, boolean hmac, String format) throws Exception {
        String text = Files.readString(priv).strip();
        assertFalse(stdout.contains("PRIVATE KEY"), stdout);
        if (format.equals("jwk")) {
            Map<String, Object> jwk = JSON.std.mapFrom(text);
            String secret = (String) (hmac ? jwk.get("k") : jwk.get("d"));
            assertFalse(stdout.contains(secret), "the secret member reached stdout");
        } else if (hmac) {
            assertFalse(stdout.contains(text), "the raw secret reached stdout");
        } else {
            for (String line : text.lines().filter(l -> !l.startsWith("-----")).toList()) {
                assertFalse(stdout.contains(line), "a line of the private key reached stdout");
            }
        }
    }

    @Test
    void withoutOutThePrivateKeyIsNotPrintedAndThePublicKeyIs() {
        Cli r = Cli.run("keygen", "--alg", "ES256");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("-----BEGIN PUBLIC KEY-----"), r.out());
        assertFalse(r.out().contains("PRIVATE"), r.out());
        assertTrue(r.out().contains("thumbprint: "), r.out());
    }

    @Test
    void printPrivatePrintsTheKeyWhenAsked() throws Exception {
        Cli r = Cli.run("keygen", "--alg", "EdDSA", "--print-private", "--kid", "k1");
        assertEquals(0, r.code(), r::toString);
        String pem = r.out().substring(0, r.out().indexOf("-----END PRIVATE KEY-----") + 25);
        try (JwtPrivateKey k = JwtPrivateKey.fromPem(pem)) {
            assertTrue(r.out().contains("thumbprint: " + k.thumbprint()));
        }
        assertTrue(r.out().contains("kid: k1"));
    }

    @Test
    void anHmacSecretNeedsSomewhereToGo() {
        Cli r = Cli.run("keygen", "--alg", "HS256");
        assertEquals(2, r.code(), r::toString);
        assertEquals("", r.out());
        assertOneLine(r.err());
        Cli p = Cli.run("keygen", "--alg", "HS256", "--print-private", "--json");
        assertEquals(0, p.code(), p::toString);
        assertTrue(p.out().contains("\"secret\""), p.out());
    }

    @Test
    void refusesToOverwriteWithoutForceAndForceMakesTheFileOwnerOnly() throws Exception {
        Path priv = dir.resolve("key.pem");
        Files.writeString(priv, "keep me");
        Files.setPosixFilePermissions(priv, PosixFilePermissions.fromString("rw-rw-rw-"));
        Cli r = Cli.run("keygen", "--alg", "ES256", "--out", priv.toString());
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().contains("--force"), r.err());
        assertEquals("keep me", Files.readString(priv));
        Cli f = Cli.run("keygen", "--alg", "ES256", "--out", priv.toString(), "--force");
        assertEquals(0, f.code(), f::toString);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(priv)));
        assertTrue(Files.readString(priv).startsWith("-----BEGIN PRIVATE KEY-----"));
    }

    @ParameterizedTest(name = "{0} bits")
    @CsvSource({"3072", "4096"})
    void rsaBits(int bits) throws Exception {
        Path pub = dir.resolve("pub.pem");
        Cli r = Cli.run("keygen", "--alg", "RS256", "--bits", String.valueOf(bits), "--public-out", pub.toString());
        assertEquals(0, r.code(), r::toString);
        try (JwtPublicKey k = JwtPublicKey.fromPem(Files.readString(pub))) {
            assertEquals(bits, k.bits());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--alg none",
            "--alg ES256 --bits 2048",
            "--alg RS256 --bits 1024",
            "--alg ES256 --format der",
            "--alg ES256 --kid=",
            "--alg HS256 --out x --public-out y",
            "--alg ES256 --bogus"})
    void badUsageIsExitTwoOnOneLine(String args) {
        Cli r = Cli.run(("keygen " + args).split(" "));
        assertEquals(2, r.code(), r::toString);
        assertEquals("", r.out());
        assertTrue(!r.err().isBlank() && !r.err().contains("\tat "), r.err());
    }

    @Test
    void aMissingDirectoryIsExitThree() {
        Cli r = Cli.run("keygen", "--alg", "ES256", "--out", dir.resolve("no/such/key.pem").toString());
        assertEquals(3, r.code(), r::toString);
        assertOneLine(r.err());
    }

    static void assertOneLine(String err) {
        List<String> lines = err.lines().toList();
        assertEquals(1, lines.size(), err);
        assertTrue(lines.get(0).startsWith("lcjwt: "), err);
    }
}
