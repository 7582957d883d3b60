package io.lcjwt.spring;

import io.lcjwt.JwkSet;
import io.lcjwt.testkit.ApiNames;
import io.lcjwt.testkit.DocExamples;
import io.lcjwt.testkit.DocTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerJwtAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The YAML and the log line that docs/spring-authorization-server.md shows, read from the page
 * and run: each YAML block configures a real Authorization Server context. Only the directory
 * of the key files changes, to one the test fills with keys of the names the page gives.
 */
@ExtendWith(OutputCaptureExtension.class)
class SigningDocsTest {
    static final Pattern KEY_FILE = Pattern.compile("file:/etc/lcjwt/(\\S+)");

    @TempDir
    Path dir;

    final DocExamples.Page page = DocExamples.read(DocExamples.root().resolve("docs/spring-authorization-server.md"));
    final WebApplicationContextRunner server = new WebApplicationContextRunner().withConfiguration(
            AutoConfigurations.of(LcjwtSigningAutoConfiguration.class, OAuth2AuthorizationServerJwtAutoConfiguration.class));

    /** The page's YAML with its key files made, read as Boot reads application.yml. */
    List<PropertySource<?>> yaml(String block) throws Exception {
        Matcher m = KEY_FILE.matcher(block);
        while (m.find()) {
            String name = m.group(1);
            var pair = SigningKeyFiles.pair("EC");
            if (name.endsWith(".pub.pem")) {
                SigningKeyFiles.publicPem(dir, name, pair);
            } else {
                SigningKeyFiles.privatePem(dir, name, pair);
            }
        }
        String text = block.replace("file:/etc/lcjwt/", dir.toUri().toString());
        return new YamlPropertySourceLoader().load("page", new ByteArrayResource(text.getBytes(StandardCharsets.UTF_8)));
    }

    WebApplicationContextRunner with(List<PropertySource<?>> sources) {
        return server.withInitializer(ctx -> sources.forEach(s -> ctx.getEnvironment().getPropertySources().addFirst(s)));
    }

    static JwtEncoderParameters claims() {
        return JwtEncoderParameters.from(JwtClaimsSet.builder().subject("alice").issuedAt(Instant.now())
                .expiresAt(Instant.now().plusSeconds(60)).build());
    }

    @Test
    void theFirstYamlGivesTheServerItsKey() throws Exception {
        List<String> blocks = page.blocks("yaml");
        assertEquals(2, blocks.size(), "the page's YAML blocks: the key, then the rotation");
        with(yaml(blocks.get(0))).run(ctx -> {
            assertNull(ctx.getStartupFailure());
            LcjwtJwtEncoder encoder = ctx.getBean(LcjwtJwtEncoder.class);
            assertEquals("issuer-2026-12", encoder.encode(claims()).getHeaders().get("kid"));
            assertEquals("ES256", encoder.encode(claims()).getHeaders().get("alg").toString());
        });
    }

    @Test
    void theRotationYamlSignsWithTheKeyActiveNowAndPublishesAllThree() throws Exception {
        with(yaml(page.blocks("yaml").get(1))).run(ctx -> {
            assertNull(ctx.getStartupFailure());
            LcjwtJwtEncoder encoder = ctx.getBean(LcjwtJwtEncoder.class);
            String expected = Instant.now().isBefore(Instant.parse("2027-06-01T00:00:00Z")) ? "issuer-2026-12"
                    : "issuer-2027-06";
            assertEquals(expected, encoder.encode(claims()).getHeaders().get("kid"));
            List<String> kids = new ArrayList<>();
            Matcher m = Pattern.compile("\"kid\":\"([^\"]+)\"").matcher(encoder.jwkSetJson());
            while (m.find()) {
                kids.add(m.group(1));
            }
            assertEquals(List.of("issuer-2026-12", "issuer-2027-06", "issuer-2026-06"), kids);
        });
    }

    @Test
    void theBuilderTableNamesTheApiOfBothSidesAsItIs() {
        ApiNames lcjwt = ApiNames.ofPackage(LcjwtJwtEncoder.class).and(ApiNames.ofPackage(JwkSet.class));
        ApiNames spring = ApiNames.ofPackages(NimbusJwtEncoder.class, "org.springframework.security.oauth2.")
                .and(ApiNames.ofPackages(com.nimbusds.jose.jwk.JWK.class, "com.nimbusds."));
        List<String> problems = new ArrayList<>();
        int spans = 0;
        for (var side : List.of(java.util.Map.entry("`LcjwtJwtEncoder`", lcjwt), java.util.Map.entry("`NimbusJwtEncoder`", spring))) {
            for (DocTables.Span s : DocTables.column(page.path(), h -> h.equals(side.getKey()))) {
                spans++;
                problems.addAll(side.getValue().unknown(s.code()));
            }
        }
        assertTrue(spans >= 12, "the table's two columns were read: " + spans + " spans");
        assertEquals(List.of(), problems);
    }

    @Test
    void theLogLineThePageQuotesIsWhatAServerWithoutKeysLogs(CapturedOutput output) {
        String line = page.blocks("").stream().filter(b -> b.contains("lcjwt.signing.keys")).findFirst()
                .orElseThrow().strip();
        server.run(ctx -> assertNull(ctx.getStartupFailure()));
        assertTrue(output.getAll().contains(line), output.getAll());
    }
}
