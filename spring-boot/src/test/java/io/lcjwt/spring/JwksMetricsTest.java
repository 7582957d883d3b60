package io.lcjwt.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Micrometer meters for the decoder's JWKS client: bound when Micrometer is on the class path,
 * absent when it is not, and reading the client's metrics at each scrape.
 */
class JwksMetricsTest {
    static final String JWT = "spring.security.oauth2.resourceserver.jwt.";
    static final AutoConfigurations BOTH = AutoConfigurations.of(LcjwtResourceServerAutoConfiguration.class,
            LcjwtMetricsAutoConfiguration.class);

    static double value(MeterRegistry r, String name) {
        return switch (name) {
            case "lcjwt.jwks.fetches", "lcjwt.jwks.fetch.failures" -> r.get(name).functionCounter().count();
            case "lcjwt.jwks.last.success", "lcjwt.jwks.next.fetch" -> r.get(name).timeGauge().value(TimeUnit.SECONDS);
            default -> r.get(name).gauge().value();
        };
    }

    @Test
    void theMetersFollowTheClientsFetches() throws Exception {
        TestIdp.Key k = TestIdp.ec("k1");
        try (TestIdp idp = new TestIdp("meters", k)) {
            new WebApplicationContextRunner().withConfiguration(BOTH)
                    .withPropertyValues(JWT + "jwk-set-uri=" + idp.jwksUri(), JWT + "jws-algorithms=ES256")
                    .run(ctx -> {
                        SimpleMeterRegistry registry = new SimpleMeterRegistry();
                        ctx.getBeansOfType(MeterBinder.class).values().forEach(b -> b.bindTo(registry));
                        String uri = idp.jwksUri();
                        assertEquals(uri, registry.get("lcjwt.jwks.fetches").functionCounter().getId().getTag("uri"));
                        assertEquals(0.0, value(registry, "lcjwt.jwks.fetches"));
                        assertTrue(Double.isNaN(value(registry, "lcjwt.jwks.last.success")), "no success yet");

                        LcjwtJwtDecoder decoder = ctx.getBean(LcjwtJwtDecoder.class);
                        long before = System.currentTimeMillis() / 1000;
                        assertEquals("alice", decoder.decode(TestIdp.sign(k, idp.claims(""))).getSubject());
                        assertEquals(1.0, value(registry, "lcjwt.jwks.fetches"));
                        assertEquals(0.0, value(registry, "lcjwt.jwks.fetch.failures"));
                        assertEquals(1.0, value(registry, "lcjwt.jwks.keys"));
                        assertEquals(0.0, value(registry, "lcjwt.jwks.keys.skipped"));
                        double success = value(registry, "lcjwt.jwks.last.success");
                        assertTrue(success >= before && success <= before + 60, "last success " + success);
                        double next = value(registry, "lcjwt.jwks.next.fetch");
                        assertTrue(next > 0 && next <= 30, "the cooldown: " + next);

                        idp.jwksFailure.set(500);
                        assertThrows(io.lcjwt.JwksUnavailableException.class, () -> decoder.jwksClient().orElseThrow().refresh());
                        assertEquals(2.0, value(registry, "lcjwt.jwks.fetches"));
                        assertEquals(1.0, value(registry, "lcjwt.jwks.fetch.failures"));
                        assertEquals(1.0, value(registry, "lcjwt.jwks.keys"), "the last good keys still serve");
                    });
        }
    }

    @Test
    void withoutMicrometerNothingIsBound() {
        new WebApplicationContextRunner().withConfiguration(BOTH)
                .withClassLoader(new FilteredClassLoader(MeterBinder.class))
                .withPropertyValues(JWT + "jwk-set-uri=https://id.example/jwks")
                .run(ctx -> {
                    assertEquals(null, ctx.getStartupFailure());
                    assertTrue(ctx.getBeanNamesForType(LcjwtJwtDecoder.class).length == 1);
                    assertEquals(0, ctx.getBeanNamesForType(MeterBinder.class).length);
                });
    }

    @Test
    void aDecoderWithFixedKeysHasNoClientToMeasure() {
        TestIdp.Key k = TestIdp.ec("k1");
        try (LcjwtJwtDecoder fixed = LcjwtJwtDecoder.withPublicKey(k.pair().getPublic()).build();
             LcjwtJwtDecoder fetched = LcjwtJwtDecoder.withJwkSetUri("https://id.example/jwks").build()) {
            assertTrue(fixed.jwksClient().isEmpty());
            assertEquals("https://id.example/jwks", fetched.jwksClient().orElseThrow().uri().toString());
        }
    }
}
