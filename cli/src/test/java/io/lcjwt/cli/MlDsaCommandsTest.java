package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.LibCrypto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command line with ML-DSA (RFC 9964): keygen, sign, verify, thumbprint and the JWKS
 * commands, as an issuer would script them. On a libcrypto without ML-DSA each command that would
 * need it exits 3 with the sentence naming what is needed, and a JWKS holding AKP keys is still
 * read for its other keys.
 */
class MlDsaCommandsTest {
    @TempDir
    Path dir;

    private static boolean mlDsaHere() {
        return LibCrypto.supports(Algorithm.ML_DSA_65);
    }

    private static String refusal() {
        return "lcjwt: ML-DSA needs aws-lc 1.40 or newer; the loaded libcrypto is " + LibCrypto.version();
    }

    private String path(String name) {
        return dir.resolve(name).toString();
    }

    @Test
    void keygenSignVerifyThumbprintAndJwks() throws Exception {
        Cli keygen = Cli.run("keygen", "--alg", "ML-DSA-65", "--kid", "pq-1", "--out", path("pq.pem"),
                "--public-out", path("pq.pub.pem"));
        if (!mlDsaHere()) {
            assertEquals(3, keygen.code(), keygen::toString);
            assertTrue(keygen.err().startsWith(refusal()), keygen::toString);
            assertTrue(Files.notExists(dir.resolve("pq.pem")), "nothing written");
            return;
        }
        assertEquals(0, keygen.code(), keygen::toString);
        assertTrue(Files.readString(dir.resolve("pq.pem")).startsWith("-----BEGIN PRIVATE KEY-----"));
        assertTrue(keygen.out().contains("kid: pq-1"), keygen::toString);
        String thumbprint = keygen.out().lines().filter(l -> l.startsWith("thumbprint: ")).findFirst().orElseThrow()
                .substring("thumbprint: ".length());

        // The key serves one algorithm, so sign and verify need no --alg; a name in any case is read.
        // (A PEM key has no kid: sign is given the one keygen printed.)
        Cli sign = Cli.run("sign", "--key", path("pq.pem"), "--kid", "pq-1", "--claim", "sub=alice", "--exp", "5m");
        assertEquals(0, sign.code(), sign::toString);
        String token = sign.out().strip();
        String header = new String(Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))));
        assertEquals("{\"alg\":\"ML-DSA-65\",\"typ\":\"JWT\",\"kid\":\"pq-1\"}", header);
        for (String[] alg : List.of(new String[0], new String[] {"--alg", "ML-DSA-65"}, new String[] {"--alg", "ml-dsa-65"})) {
            String[] args = concat(new String[] {"verify", token, "--key", path("pq.pub.pem")}, alg);
            Cli verify = Cli.run(args);
            assertEquals(0, verify.code(), verify::toString);
            assertTrue(verify.out().contains("alice"), verify::toString);
        }
        Cli otherLevel = Cli.run("verify", token, "--key", path("pq.pub.pem"), "--alg", "ML-DSA-44");
        assertEquals(3, otherLevel.code(), otherLevel::toString);
        assertTrue(otherLevel.err().contains("ML-DSA-65 key, which cannot serve ML-DSA-44"), otherLevel::toString);
        String altered = token.substring(0, token.length() - 10) + (token.charAt(token.length() - 10) == 'A' ? 'B' : 'A')
                + token.substring(token.length() - 9);
        assertEquals(1, Cli.run("verify", altered, "--key", path("pq.pub.pem")).code());

        assertEquals(thumbprint, Cli.run("thumbprint", path("pq.pem")).out().strip());
        assertEquals(thumbprint, Cli.run("thumbprint", path("pq.pub.pem")).out().strip());

        Cli ec = Cli.run("keygen", "--alg", "ES256", "--kid", "ec-1", "--out", path("ec.pem"), "--public-out", path("ec.pub.pem"));
        assertEquals(0, ec.code(), ec::toString);
        Cli published = Cli.run("jwks", "from-pem", path("ec.pub.pem"), path("pq.pub.pem"), "--kid", "ec-1", "--kid", "pq-1");
        assertEquals(0, published.code(), published::toString);
        assertTrue(published.out().contains("\"kty\" : \"AKP\"") || published.out().contains("\"kty\":\"AKP\""), published::toString);
        Files.writeString(dir.resolve("jwks.json"), published.out());
        Cli show = Cli.run("jwks", "show", path("jwks.json"), "--json");
        assertEquals(0, show.code(), show::toString);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> keys = (List<Map<String, Object>>) show.json().get("keys");
        assertEquals(List.of("ec-1", "pq-1"), keys.stream().map(k -> k.get("kid")).toList());
        assertEquals("AKP", keys.get(1).get("kty"));
        assertEquals(List.of("ML-DSA-65"), keys.get(1).get("algorithms"));
        assertEquals(thumbprint, keys.get(1).get("thumbprint"));
        Cli viaJwks = Cli.run("verify", token, "--jwks", path("jwks.json"), "--alg", "ML-DSA-65");
        assertEquals(0, viaJwks.code(), viaJwks::toString);
        Cli toPem = Cli.run("jwks", "to-pem", path("jwks.json"), "--kid", "pq-1");
        assertEquals(Files.readString(dir.resolve("pq.pub.pem")), toPem.out());

        Cli jwk = Cli.run("keygen", "--alg", "ml-dsa-87", "--format", "jwk", "--out", path("pq87.jwk"));
        assertEquals(0, jwk.code(), jwk::toString);
        String privateJwk = Files.readString(dir.resolve("pq87.jwk"));
        assertTrue(privateJwk.contains("\"kty\":\"AKP\"") && privateJwk.contains("\"priv\":")
                && privateJwk.contains("\"alg\":\"ML-DSA-87\""), privateJwk);
    }

    @Test
    void aJwksWithAkpKeysIsReadForItsOtherKeysEverywhere() throws Exception {
        Cli ec = Cli.run("keygen", "--alg", "ES256", "--kid", "ec-1", "--format", "jwk", "--out", path("ec.jwk"),
                "--public-out", path("ec.pub.jwk"));
        assertEquals(0, ec.code(), ec::toString);
        // RFC 9964's ML-DSA-44 example key, public half.
        String akp = "{\"kty\":\"AKP\",\"kid\":\"pq-44\",\"alg\":\"ML-DSA-44\",\"pub\":\""
                + Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[1312]) + "\"}";
        Files.writeString(dir.resolve("jwks.json"), "{\"keys\":[" + Files.readString(dir.resolve("ec.pub.jwk")).strip()
                + "," + akp + "]}");
        Cli show = Cli.run("jwks", "show", path("jwks.json"));
        assertEquals(0, show.code(), show::toString);
        assertTrue(show.out().contains(mlDsaHere() ? "2 keys, 0 skipped" : "1 key, 1 skipped"), show::toString);
        Files.writeString(dir.resolve("akp.jwk"), akp);
        Cli thumbprint = Cli.run("thumbprint", path("akp.jwk"));
        if (mlDsaHere()) {
            assertEquals(0, thumbprint.code(), thumbprint::toString);
        } else {
            assertEquals(3, thumbprint.code(), thumbprint::toString);
            assertTrue(thumbprint.err().contains(refusal().substring("lcjwt: ".length())), thumbprint::toString);
            Cli verify = Cli.run("verify", "x.y.z", "--key", path("ec.pub.jwk"), "--alg", "ML-DSA-65");
            assertEquals(3, verify.code(), verify::toString);
            assertTrue(verify.err().startsWith(refusal()), verify::toString);
        }
    }

    /**
     * The {@code $ bin/lcjwt ...} lines of docs/post-quantum.md's {@code sh lcjwt} block, run in
     * order in an empty folder as docs/cli.md's are: each exits 0 where the libcrypto has ML-DSA;
     * elsewhere the first, keygen, exits 3 with the sentence the page describes.
     */
    @Test
    void thePostQuantumPagesCommandsRun() throws Exception {
        io.lcjwt.testkit.DocExamples.Page page = io.lcjwt.testkit.DocExamples.read(
                io.lcjwt.testkit.DocExamples.root().resolve("docs/post-quantum.md"));
        List<String> lines = new java.util.ArrayList<>();
        for (String block : page.blocks("sh lcjwt")) {
            block.lines().filter(l -> l.startsWith("$ bin/lcjwt ")).forEach(lines::add);
        }
        assertEquals(List.of("keygen", "thumbprint", "jwks", "sign", "verify"),
                lines.stream().map(l -> l.split(" ")[2]).toList());
        String token = null;
        for (String line : lines) {
            List<String> args = new java.util.ArrayList<>();
            for (String w : line.substring("$ bin/lcjwt ".length()).trim().split(" +")) {
                if (w.equals("$TOKEN")) {
                    w = token;
                }
                args.add(w.matches("[\\w.-]+\\.(pem|jwk|json|der)") ? path(w) : w);
            }
            Cli r = Cli.run(args.toArray(String[]::new));
            if (!mlDsaHere()) {
                assertEquals(3, r.code(), () -> line + "\n" + r);
                assertTrue(r.err().startsWith(refusal()), () -> line + "\n" + r);
                return;
            }
            assertEquals(0, r.code(), () -> line + "\n" + r);
            if (args.get(0).equals("sign")) {
                token = r.out().strip();
            }
        }
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
