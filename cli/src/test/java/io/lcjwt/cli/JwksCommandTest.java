package io.lcjwt.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import com.sun.net.httpserver.HttpServer;
import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcjwt jwks show|from-pem|to-pem}. */
class JwksCommandTest {
    @TempDir
    Path dir;

    /** Three keys from PEM files (private and public), published and read back. */
    private Path publish(String... extraArgs) throws Exception {
        try (JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256);
             JwtPrivateKey ed = JwtPrivateKey.generate(Algorithm.EdDSA);
             JwtPrivateKey rsa = JwtPrivateKey.generate(Algorithm.RS256)) {
            Files.writeString(dir.resolve("ec.pem"), KeyOutput.Pem.privateKey(ec.toDer()));
            Files.writeString(dir.resolve("ed.pub.pem"), ed.publicKey().toPem());
            Files.writeString(dir.resolve("rsa.pub.pem"), rsa.publicKey().toPem());
        }
        List<String> args = new java.util.ArrayList<>(List.of("jwks", "from-pem", dir.resolve("ec.pem").toString(),
                dir.resolve("ed.pub.pem").toString(), dir.resolve("rsa.pub.pem").toString()));
        args.addAll(List.of(extraArgs));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r::toString);
        Path jwks = dir.resolve("jwks.json");
        Files.writeString(jwks, r.out());
        return jwks;
    }

    @Test
    void fromPemPublishesPublicPartsWithThumbprintKids() throws Exception {
        Path jwks = publish();
        String text = Files.readString(jwks);
        assertFalse(text.contains("\"d\""), "private key material in a published set");
        JwkSet set = JwkSet.parse(text);
        assertEquals(3, set.keys().size());
        for (JwtKey k : set.keys()) {
            assertEquals(k.thumbprint(), k.keyId());
        }
        set.keys().forEach(JwtKey::close);
    }

    @Test
    void fromPemTakesKidsInOrder() throws Exception {
        Path jwks = publish("--kid", "a", "--kid", "b");
        JwkSet set = JwkSet.parse(Files.readString(jwks));
        assertEquals("a", set.keys().get(0).keyId());
        assertEquals("b", set.keys().get(1).keyId());
        assertEquals(set.keys().get(2).thumbprint(), set.keys().get(2).keyId());
        set.keys().forEach(JwtKey::close);
        // RFC 7517 section 4.5: one kid may name keys of different kty, which the alg tells apart...
        Cli shared = Cli.run("jwks", "from-pem", dir.resolve("ec.pem").toString(), dir.resolve("ed.pub.pem").toString(),
                "--kid", "same", "--kid", "same");
        assertEquals(0, shared.code(), shared::toString);
        // ...but not two keys that an algorithm could not tell apart.
        Cli dup = Cli.run("jwks", "from-pem", dir.resolve("ec.pem").toString(), dir.resolve("ec.pem").toString(),
                "--kid", "same", "--kid", "same");
        assertEquals(3, dup.code(), dup::toString);
        KeygenCommandTest.assertOneLine(dup.err());
    }

    @Test
    void fromPemRefusesASecret() throws Exception {
        Path secret = dir.resolve("hs.jwk");
        assertEquals(0, Cli.run("keygen", "--alg", "HS256", "--format", "jwk", "--out", secret.toString()).code());
        Cli r = Cli.run("jwks", "from-pem", secret.toString());
        assertEquals(3, r.code(), r::toString);
        assertEquals("", r.out());
        KeygenCommandTest.assertOneLine(r.err());
    }

    @Test
    void showListsKidsTypesAlgorithmsAndThumbprints() throws Exception {
        Path jwks = publish();
        Cli r = Cli.run("jwks", "show", jwks.toString(), "--json");
        assertEquals(0, r.code(), r::toString);
        Map<String, Object> m = JSON.std.mapFrom(r.out());
        assertEquals(0, ((Number) m.get("skipped")).intValue());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> keys = (List<Map<String, Object>>) m.get("keys");
        assertEquals(3, keys.size());
        assertEquals("EC", keys.get(0).get("kty"));
        assertEquals("P-256", keys.get(0).get("crv"));
        assertEquals(256, ((Number) keys.get(0).get("bits")).intValue());
        assertEquals(List.of("ES256"), keys.get(0).get("algorithms"));
        assertEquals("OKP", keys.get(1).get("kty"));
        assertEquals(List.of("EdDSA"), keys.get(1).get("algorithms"));
        assertEquals("RSA", keys.get(2).get("kty"));
        assertEquals(List.of("RS256", "RS384", "RS512", "PS256", "PS384", "PS512"), keys.get(2).get("algorithms"),
                "a PEM key is not tied to one algorithm, so the set names none");
        assertEquals(keys.get(2).get("kid"), keys.get(2).get("thumbprint"));
        Cli text = Cli.run("jwks", "show", jwks.toString());
        assertEquals(0, text.code(), text::toString);
        assertTrue(text.out().endsWith("3 keys, 0 skipped\n"), text.out());
    }

    @Test
    void showCountsSkippedKeysAndReadsStdin() throws Exception {
        String pub;
        try (JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256)) {
            pub = ec.publicKey().withKeyId("sig").toJwk();
        }
        // An encryption key is kept (it serves JWE), with no JWS algorithm; a key lcjwt cannot
        // import at all (an unknown use) is skipped.
        String enc = pub.replace("\"kid\":\"sig\"", "\"kid\":\"enc\",\"use\":\"enc\"");
        String unknownUse = pub.replace("\"kid\":\"sig\"", "\"kid\":\"odd\",\"use\":\"odd\"");
        Cli r = Cli.runWithStdin("{\"keys\":[" + pub + "," + enc + "," + unknownUse + "]}", "jwks", "show", "-", "--json");
        assertEquals(0, r.code(), r::toString);
        Map<String, Object> m = JSON.std.mapFrom(r.out());
        assertEquals(1, ((Number) m.get("skipped")).intValue());
        List<?> keys = (List<?>) m.get("keys");
        assertEquals(2, keys.size());
        assertEquals(List.of(), ((Map<?, ?>) keys.get(1)).get("algorithms"), "an enc key verifies no JWS");
    }

    @Test
    void showFetchesAUrlWithJwksClient() throws Exception {
        Path jwks = publish();
        byte[] body = Files.readAllBytes(jwks);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/jwks.json", ex -> {
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.createContext("/broken", ex -> {
            ex.sendResponseHeaders(500, -1);
            ex.close();
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            Cli r = Cli.run("jwks", "show", base + "/jwks.json", "--json");
            assertEquals(0, r.code(), r::toString);
            @SuppressWarnings("unchecked")
            List<Object> keys = (List<Object>) JSON.std.mapFrom(r.out()).get("keys");
            assertEquals(3, keys.size());
            Cli broken = Cli.run("jwks", "show", base + "/broken");
            assertEquals(3, broken.code(), broken::toString);
            KeygenCommandTest.assertOneLine(broken.err());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void toPemGivesTheChosenKeysPublicPem() throws Exception {
        Path jwks = publish("--kid", "ec");
        Cli many = Cli.run("jwks", "to-pem", jwks.toString());
        assertEquals(2, many.code(), many::toString);
        assertTrue(many.err().contains("--kid"), many.err());
        Cli r = Cli.run("jwks", "to-pem", jwks.toString(), "--kid", "ec");
        assertEquals(0, r.code(), r::toString);
        try (JwtPublicKey fromSet = JwtPublicKey.fromPem(r.out());
             JwtPrivateKey original = JwtPrivateKey.fromPem(Files.readString(dir.resolve("ec.pem")))) {
            assertEquals(original.thumbprint(), fromSet.thumbprint());
        }
        Cli none = Cli.run("jwks", "to-pem", jwks.toString(), "--kid", "nope");
        assertEquals(3, none.code(), none::toString);
        KeygenCommandTest.assertOneLine(none.err());
    }

    @Test
    void toPemOfOnePrivateJwkPrintsOnlyThePublicKey() throws Exception {
        Path key = dir.resolve("k.jwk");
        assertEquals(0, Cli.run("keygen", "--alg", "ES384", "--format", "jwk", "--out", key.toString()).code());
        Cli r = Cli.run("jwks", "to-pem", key.toString(), "--json");
        assertEquals(0, r.code(), r::toString);
        Map<String, Object> m = JSON.std.mapFrom(r.out());
        assertTrue(((String) m.get("publicPem")).startsWith("-----BEGIN PUBLIC KEY-----"));
        assertFalse(r.out().contains("PRIVATE"));
        try (JwtKey k = KeyFiles.read(key)) {
            assertEquals(k.thumbprint(), m.get("thumbprint"));
        }
    }

    @Test
    void garbageIsExitThreeOnOneLine() throws Exception {
        Path junk = dir.resolve("junk.json");
        Files.writeString(junk, "{\"keys\": 7}", StandardCharsets.UTF_8);
        for (String sub : List.of("show", "to-pem")) {
            Cli r = Cli.run("jwks", sub, junk.toString());
            assertEquals(3, r.code(), r::toString);
            KeygenCommandTest.assertOneLine(r.err());
        }
        Files.writeString(junk, "not json", StandardCharsets.UTF_8);
        for (String sub : List.of("show", "to-pem")) {
            Cli r = Cli.run("jwks", sub, junk.toString());
            assertEquals(3, r.code(), r::toString);
            KeygenCommandTest.assertOneLine(r.err());
        }
        Cli missing = Cli.run("jwks", "show", dir.resolve("absent.json").toString());
        assertEquals(3, missing.code(), missing::toString);
        KeygenCommandTest.assertOneLine(missing.err());
        Cli noSub = Cli.run("jwks");
        assertEquals(2, noSub.code(), noSub::toString);
    }
}
