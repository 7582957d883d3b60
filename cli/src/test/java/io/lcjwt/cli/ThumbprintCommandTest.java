package io.lcjwt.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcjwt thumbprint}, and the exit codes for bad input shared by every command. */
class ThumbprintCommandTest {
    /** The RSA key of RFC 7638 section 3.1, and its thumbprint from that section. */
    static final String RFC7638_KEY = "{\"kty\":\"RSA\",\"n\":\"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAt"
            + "VT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YG"
            + "jQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd"
            + "2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw\",\"e\":\"AQAB\",\"alg\":\"RS256\","
            + "\"kid\":\"2011-04-29\"}";
    static final String RFC7638_THUMBPRINT = "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs";

    @TempDir
    Path dir;

    @Test
    void rfc7638Section31() throws Exception {
        Path f = dir.resolve("rfc7638.jwk");
        Files.writeString(f, RFC7638_KEY);
        Cli r = Cli.run("thumbprint", f.toString());
        assertEquals(0, r.code(), r::toString);
        assertEquals(RFC7638_THUMBPRINT + "\n", r.out());
        Cli j = Cli.run("thumbprint", f.toString(), "--json");
        assertEquals(0, j.code(), j::toString);
        assertTrue(j.out().contains("\"thumbprint\" : \"" + RFC7638_THUMBPRINT + "\""), j.out());
        assertTrue(j.out().contains("\"kid\" : \"2011-04-29\""), j.out());
    }

    @Test
    void aPrivateKeyAndItsPublicKeyHaveOneThumbprint() throws Exception {
        Path priv = dir.resolve("k.pem");
        Path pub = dir.resolve("k.pub.pem");
        assertEquals(0, Cli.run("keygen", "--alg", "ES256", "--out", priv.toString(), "--public-out", pub.toString()).code());
        assertEquals(Cli.run("thumbprint", priv.toString()).out(), Cli.run("thumbprint", pub.toString()).out());
    }

    @Test
    void aPrivateJwkFileIsReadAsOneKey() throws Exception {
        // KeyFiles once read a JWK through a JWK set, which refuses private members and secrets.
        for (String alg : new String[] {"EdDSA", "HS256"}) {
            Path k = dir.resolve(alg + ".jwk");
            Cli g = Cli.run("keygen", "--alg", alg, "--format", "jwk", "--out", k.toString(), "--kid", "x", "--json");
            assertEquals(0, g.code(), g::toString);
            Cli r = Cli.run("thumbprint", k.toString());
            assertEquals(0, r.code(), r::toString);
            assertTrue(g.out().contains("\"thumbprint\" : \"" + r.out().strip() + "\""), g.out());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "missing file|3|thumbprint,@dir/absent.pem",
            "garbage PEM|3|thumbprint,@dir/garbage.pem",
            "garbage DER|3|thumbprint,@dir/garbage.der",
            "broken JWK|3|thumbprint,@dir/broken.jwk",
            "unknown option|2|thumbprint,--nope,@dir/garbage.pem",
            "unknown command|2|frobnicate",
            "missing argument|2|thumbprint"})
    void badInputGetsOneLineAndItsExitCode(String name, int code, String args) throws Exception {
        Files.writeString(dir.resolve("garbage.pem"), "-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n");
        Files.write(dir.resolve("garbage.der"), new byte[] {0x30, 0x03, 0x02, 0x01, 0x07});
        Files.writeString(dir.resolve("broken.jwk"), "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"AAAA\"}");
        String[] a = args.replace("@dir", dir.toString()).split(",");
        Cli r = Cli.run(a);
        assertEquals(code, r.code(), r::toString);
        assertEquals("", r.out());
        if (code == 3) {
            KeygenCommandTest.assertOneLine(r.err());
        } else {
            assertTrue(r.err().lines().findFirst().orElse("").length() > 0 && !r.err().contains("\tat "), r.err());
        }
    }

    @Test
    void debugAddsTheStackTrace() throws Exception {
        Files.writeString(dir.resolve("garbage.pem"), "-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n");
        Cli r = Cli.run("thumbprint", "--debug", dir.resolve("garbage.pem").toString());
        assertEquals(3, r.code(), r::toString);
        assertTrue(r.err().contains("\tat "), r.err());
    }
}
