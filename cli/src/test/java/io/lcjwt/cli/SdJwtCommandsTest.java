package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtPrivateKey;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcjwt sd-jwt issue | present | verify | inspect}: a whole flow, its formats, refusals and exit codes. */
class SdJwtCommandsTest {
    @TempDir
    Path dir;

    String issuerKey;
    String issuerPub;
    String holderKey;
    String holderPub;
    String claims;

    @BeforeEach
    void keys() throws Exception {
        JwtPrivateKey issuer = JwtPrivateKey.generate(Algorithm.ES256);
        JwtPrivateKey holder = JwtPrivateKey.generate(Algorithm.ES256);
        issuerKey = TestKeys.write(dir, "issuer.pem", TestKeys.privatePem(issuer)).toString();
        issuerPub = TestKeys.write(dir, "issuer.pub.pem", issuer.publicKey().toPem()).toString();
        holderKey = TestKeys.write(dir, "holder.pem", TestKeys.privatePem(holder)).toString();
        holderPub = TestKeys.write(dir, "holder.jwk", holder.publicKey().toJwk()).toString();
        claims = TestKeys.write(dir, "claims.json", "{\"iss\":\"https://issuer.example\",\"sub\":\"user_42\","
                + "\"given_name\":\"Erika\",\"email\":\"erika@example.com\",\"address\":{\"locality\":\"Köln\","
                + "\"country\":\"DE\"},\"nationalities\":[\"DE\",\"FR\"]}").toString();
    }

    String issue(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("sd-jwt", "issue", "--key", issuerKey, "--claims", claims,
                "--exp", "1h", "--typ", "example+sd-jwt", "--sd", "given_name", "--sd", "email", "--sd", "address.locality",
                "--sd", "nationalities[*]", "--holder-key", holderPub));
        args.addAll(List.of(more));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r::toString);
        return r.out().strip();
    }

    @Test
    void issuePresentWithKeyBindingAndVerify() throws Exception {
        String sdJwt = issue("--decoys", "2");
        assertTrue(sdJwt.endsWith("~"), sdJwt);
        Cli p = Cli.runWithStdin(sdJwt, "sd-jwt", "present", "-", "--disclose", "given_name", "--disclose",
                "nationalities[1]", "--holder-key", holderKey, "--aud", "https://verifier.example", "--nonce", "n-1");
        assertEquals(0, p.code(), p::toString);
        String presentation = p.out().strip();
        assertFalse(presentation.endsWith("~"), "it ends with the KB-JWT");

        Cli v = Cli.run("--json", "sd-jwt", "verify", presentation, "--key", issuerPub, "--typ", "example+sd-jwt",
                "--kb-aud", "https://verifier.example", "--nonce", "n-1");
        assertEquals(0, v.code(), v::toString);
        Map<String, Object> out = v.json();
        assertEquals(true, out.get("verified"));
        @SuppressWarnings("unchecked")
        Map<String, Object> c = (Map<String, Object>) out.get("claims");
        assertEquals("Erika", c.get("given_name"));
        assertEquals(List.of("FR"), c.get("nationalities"));
        assertFalse(c.containsKey("email"));
        assertEquals(Map.of("country", "DE"), c.get("address"));
        assertEquals(List.of("given_name", "nationalities[0]"), out.get("disclosed"));

        Cli text = Cli.run("sd-jwt", "verify", presentation, "--key", issuerPub, "--kb-aud", "https://verifier.example",
                "--nonce", "n-1");
        assertEquals(0, text.code(), text::toString);
        assertTrue(text.out().startsWith("VERIFIED (ES256)\nDisclosed: given_name, nationalities[0]\n"), text::toString);

        // another nonce, or no key binding asked for: refused (exit 1)
        Cli replay = Cli.run("sd-jwt", "verify", presentation, "--key", issuerPub, "--kb-aud", "https://verifier.example",
                "--nonce", "n-2");
        assertEquals(Main.REFUSED, replay.code(), replay::toString);
        assertTrue(replay.err().contains("nonce"), replay::toString);
        Cli noKb = Cli.run("sd-jwt", "verify", presentation, "--key", issuerPub);
        assertEquals(Main.REFUSED, noKb.code(), noKb::toString);
    }

    @Test
    void jsonSerializationsBothWays() throws Exception {
        String flattened = issue("--format", "flattened");
        assertTrue(flattened.startsWith("{"), flattened);
        Cli p = Cli.run("sd-jwt", "present", flattened, "--disclose", "address.locality", "--format", "general");
        assertEquals(0, p.code(), p::toString);
        Cli v = Cli.run("--json", "sd-jwt", "verify", p.out().strip(), "--key", issuerPub);
        assertEquals(0, v.code(), v::toString);
        @SuppressWarnings("unchecked")
        Map<String, Object> c = (Map<String, Object>) v.json().get("claims");
        assertEquals(Map.of("locality", "Köln", "country", "DE"), c.get("address"));
    }

    @Test
    void inspectDecodesEveryDisclosureAndSaysItIsUnverified() throws Exception {
        String sdJwt = issue();
        Cli i = Cli.run("sd-jwt", "inspect", sdJwt);
        assertEquals(0, i.code(), i::toString);
        assertTrue(i.out().startsWith(SdJwtInspectCommand.FIRST_LINE + "\n"), i::toString);
        for (String line : List.of("  given_name = \"Erika\"", "  email = \"erika@example.com\"", "  address.locality = \"Köln\"",
                "  nationalities[0] = \"DE\"", "  nationalities[1] = \"FR\"")) {
            assertTrue(i.out().contains(line), () -> line + " missing:\n" + i);
        }
        Cli j = Cli.run("--json", "sd-jwt", "inspect", sdJwt);
        assertEquals(false, j.json().get("verified"));
        assertEquals(5, ((List<?>) j.json().get("disclosures")).size());
        // a presentation: its KB-JWT is shown too, not checked
        Cli p = Cli.run("sd-jwt", "present", sdJwt, "--disclose", "email", "--holder-key", holderKey, "--aud", "v",
                "--nonce", "n");
        Cli k = Cli.run("sd-jwt", "inspect", p.out().strip());
        assertTrue(k.out().contains("Key Binding JWT (not checked):"), k::toString);
        assertTrue(k.out().contains("\"sd_hash\""), k::toString);
    }

    @Test
    void refusalsAndUsageErrors() throws Exception {
        String sdJwt = issue();
        // a verifier that is not the issuer
        String other = TestKeys.write(dir, "other.pem", JwtPrivateKey.generate(Algorithm.ES256).publicKey().toPem()).toString();
        Cli bad = Cli.run("sd-jwt", "verify", sdJwt, "--key", other);
        assertEquals(Main.REFUSED, bad.code(), bad::toString);
        // a disclosure nobody asked for, appended
        Cli stray = Cli.run("sd-jwt", "verify", sdJwt + "WyJzYWx0IiwgIngiLCAxXQ~", "--key", issuerPub);
        assertEquals(Main.REFUSED, stray.code(), stray::toString);
        assertTrue(stray.err().contains("referenced by no digest"), stray::toString);
        // a path the SD-JWT does not have
        Cli path = Cli.run("sd-jwt", "present", sdJwt, "--disclose", "phone_number");
        assertEquals(Main.USAGE, path.code(), path::toString);
        Cli half = Cli.run("sd-jwt", "present", sdJwt, "--aud", "v");
        assertEquals(Main.USAGE, half.code(), half::toString);
        Cli noPath = Cli.run("sd-jwt", "issue", "--key", issuerKey, "--claims", claims, "--sd", "nope");
        assertEquals(Main.USAGE, noPath.code(), noPath::toString);
        Cli none = Cli.run("sd-jwt");
        assertEquals(Main.USAGE, none.code(), none::toString);
        Cli help = Cli.run("sd-jwt", "--help");
        assertEquals(0, help.code(), help::toString);
        for (String sub : List.of("issue", "present", "verify", "inspect")) {
            assertTrue(help.out().contains("  " + sub + " "), help::toString);
        }
    }
}
