package io.lcjwt.spring;

import io.lcjwt.testkit.DocExamples;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.core.io.ByteArrayResource;

import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * docs/jwks-client.md's Spring properties: the yaml it shows binds, and binds to exactly the
 * defaults it claims to show; and every {@code lcjwt.jwks.*} property there is appears on it.
 */
class JwksClientDocsTest {
    static final Path PAGE = DocExamples.root().resolve(Path.of("docs", "jwks-client.md"));
    static final AutoConfigurations LCJWT = AutoConfigurations.of(LcjwtResourceServerAutoConfiguration.class);
    static final String JWKS = "spring.security.oauth2.resourceserver.jwt.jwk-set-uri=https://id.example/jwks";

    static LcjwtProperties.Jwks bound(String... properties) {
        AtomicReference<LcjwtProperties.Jwks> out = new AtomicReference<>();
        new WebApplicationContextRunner().withConfiguration(LCJWT).withPropertyValues(JWKS)
                .withPropertyValues(properties).run(ctx -> out.set(ctx.getBean(LcjwtProperties.class).jwks()));
        return out.get();
    }

    static String kebab(String camel) {
        return camel.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
    }

    @Test
    void thePagesYamlIsTheDefaults() {
        List<String> yaml = DocExamples.read(PAGE).blocks("yaml");
        assertEquals(1, yaml.size(), "docs/jwks-client.md shows one application.yml");
        YamlPropertiesFactoryBean factory = new YamlPropertiesFactoryBean();
        factory.setResources(new ByteArrayResource(yaml.get(0).getBytes(StandardCharsets.UTF_8)));
        Properties props = factory.getObject();
        String[] values = props.stringPropertyNames().stream().map(k -> k + "=" + props.getProperty(k))
                .toArray(String[]::new);
        assertEquals(bound(), bound(values), "the page's yaml binds to the defaults");
        // ...and names real properties, all but the plain-http hosts (a list, empty by default).
        List<String> expected = new ArrayList<>();
        for (RecordComponent c : LcjwtProperties.Jwks.class.getRecordComponents()) {
            expected.add("lcjwt.jwks." + kebab(c.getName()));
        }
        expected.remove("lcjwt.jwks.allow-plain-http-hosts");
        assertEquals(new java.util.TreeSet<>(expected), new java.util.TreeSet<>(props.stringPropertyNames()));
        assertFalse(props.isEmpty());
    }

    @Test
    void everyJwksPropertyIsOnThePage() throws java.io.IOException {
        String page = java.nio.file.Files.readString(PAGE);
        List<String> missing = new ArrayList<>();
        for (RecordComponent c : LcjwtProperties.Jwks.class.getRecordComponents()) {
            if (!page.contains(kebab(c.getName()))) {
                missing.add(kebab(c.getName()));
            }
        }
        assertEquals(List.of(), missing, "lcjwt.jwks properties docs/jwks-client.md does not name");
    }
}
