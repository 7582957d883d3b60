package io.lcjwt.spring;

import io.lcjwt.Algorithm;
import io.lcjwt.DpopNonces;
import io.lcjwt.DpopReplayStore;
import io.lcjwt.DpopVerifier;
import io.lcjwt.spring.internal.DpopProviders;
import io.lcjwt.testkit.DocExamples;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.security.oauth2.jwt.JwtDecoderFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LcjwtDpopAutoConfiguration}'s conditions and properties, in application contexts without
 * a server; what it does over HTTP is {@code DpopServletTest}'s.
 */
class DpopAutoConfigurationTest {
    private static final AutoConfigurations CONFIGS = AutoConfigurations.of(LcjwtResourceServerAutoConfiguration.class,
            LcjwtDpopAutoConfiguration.class);

    static WebApplicationContextRunner servlet() {
        return new WebApplicationContextRunner().withConfiguration(CONFIGS);
    }

    /** The application.yml of docs/dpop.md, as a user would paste it. */
    @Test
    void theDocsApplicationYamlConfiguresDpopAsThePageSays() {
        List<String> yaml = DocExamples.read(DocExamples.root().resolve(Path.of("docs", "dpop.md"))).blocks("yaml");
        assertEquals(1, yaml.size(), "docs/dpop.md shows one application.yml");
        YamlPropertiesFactoryBean factory = new YamlPropertiesFactoryBean();
        factory.setResources(new ByteArrayResource(yaml.get(0).getBytes(StandardCharsets.UTF_8)));
        Properties props = factory.getObject();
        // Every entry, not stringPropertyNames(): YAML numbers and booleans are not Strings there.
        String[] values = props.keySet().stream().map(k -> k + "=" + props.get(k)).toArray(String[]::new);
        servlet().withPropertyValues(values).run(ctx -> {
            assertTrue(ctx.getStartupFailure() == null, () -> String.valueOf(ctx.getStartupFailure()));
            LcjwtDpopProperties dpop = ctx.getBean(LcjwtDpopProperties.class);
            assertEquals(Duration.ofSeconds(60), dpop.window());
            assertEquals(List.of("ES256", "EdDSA"), dpop.algorithms());
            assertEquals(LcjwtDpopProperties.NonceMode.REQUIRED, dpop.nonce());
            assertEquals(200_000, dpop.replayStoreSize());
            assertTrue(ctx.getBean(LcjwtProperties.class).accessTokenProfile());
            ctx.getBean(DpopNonces.class);
            ctx.getBean(DpopVerifier.class);
            assertInstanceOf(LcjwtDpopProofVerifierFactory.class, ctx.getBean(JwtDecoderFactory.class));
            ctx.getBean(DpopProviders.class);
        });
    }

    @Test
    void noNonceUnlessRequiredAndNothingWhenDisabled() {
        servlet().run(ctx -> {
            assertFalse(ctx.containsBean("lcjwtDpopNonces"));
            ctx.getBean(DpopVerifier.class);
        });
        servlet().withPropertyValues("lcjwt.dpop.enabled=false").run(ctx -> {
            assertFalse(ctx.containsBean("lcjwtDpopVerifier"));
            assertFalse(ctx.containsBean("lcjwtDpopProviders"));
        });
    }

    @Test
    void theReactiveStackGetsNoDpopConfiguration() {
        new ReactiveWebApplicationContextRunner().withConfiguration(CONFIGS)
                .run(ctx -> assertFalse(ctx.containsBean("lcjwtDpopProviders")));
    }

    @Test
    void theApplicationsOwnVerifierAndASingleReplayStoreAreUsed() {
        DpopVerifier own = DpopVerifier.builder().algorithms(Algorithm.ES256).build();
        servlet().withBean(DpopVerifier.class, () -> own).run(ctx -> assertSame(own, ctx.getBean(DpopVerifier.class)));
        DpopReplayStore store = (id, now, exp) -> true;
        servlet().withBean("sharedStore", DpopReplayStore.class, () -> store).run(ctx -> {
            assertTrue(ctx.getStartupFailure() == null);
            ctx.getBean(DpopVerifier.class);
        });
        servlet().withPropertyValues("lcjwt.dpop.replay-store=missingStore").run(ctx ->
                assertTrue(ctx.getStartupFailure() != null, "a named store that is not there stops the start"));
    }

    @Test
    void aSymmetricProofAlgorithmStopsTheStartNamingTheProperty() {
        servlet().withPropertyValues("lcjwt.dpop.algorithms=ES256,HS256").run(ctx -> {
            Throwable t = ctx.getStartupFailure();
            while (t != null && !(t instanceof InvalidConfigurationPropertyValueException)) {
                t = t.getCause();
            }
            assertInstanceOf(InvalidConfigurationPropertyValueException.class, t);
            assertEquals("lcjwt.dpop.algorithms", ((InvalidConfigurationPropertyValueException) t).getName());
        });
    }

    @Test
    void aNonceSecretIsReadAsBase64AndAShortOneRefused() {
        String secret = java.util.Base64.getEncoder().encodeToString(new byte[32]);
        servlet().withPropertyValues("lcjwt.dpop.nonce=required", "lcjwt.dpop.nonce-secret=" + secret).run(ctx ->
                assertEquals(DpopNonces.builder().secret(new byte[32]).build().current(),
                        ctx.getBean(DpopNonces.class).current(), "the same secret makes the same nonces"));
        servlet().withPropertyValues("lcjwt.dpop.nonce=required", "lcjwt.dpop.nonce-secret=c2hvcnQ=")
                .run(ctx -> assertTrue(ctx.getStartupFailure() != null));
    }
}
