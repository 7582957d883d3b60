package io.lcjwt.spring;

import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;

/**
 * Binds {@link LcjwtJwksMetrics} for the JWKS client of every lcjwt decoder bean, when Micrometer
 * is on the class path; Boot binds {@code MeterBinder} beans to the application's registries.
 * Without Micrometer this configuration is skipped and nothing of Micrometer is loaded.
 */
@AutoConfiguration(after = LcjwtResourceServerAutoConfiguration.class)
@ConditionalOnClass({ MeterBinder.class, JwtDecoder.class })
public final class LcjwtMetricsAutoConfiguration {

    /** Only Boot creates it. */
    LcjwtMetricsAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean(name = "lcjwtJwksMeters")
    MeterBinder lcjwtJwksMeters(ObjectProvider<JwtDecoder> decoders) {
        return registry -> decoders.orderedStream().forEach(d -> {
            if (d instanceof LcjwtJwtDecoder l) {
                l.jwksClient().ifPresent(c -> new LcjwtJwksMetrics(c, Tags.empty()).bindTo(registry));
            }
        });
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "reactor.core.publisher.Mono")
    static class Reactive {
        @Bean
        @ConditionalOnMissingBean(name = "lcjwtReactiveJwksMeters")
        MeterBinder lcjwtReactiveJwksMeters(ObjectProvider<ReactiveJwtDecoder> decoders) {
            return registry -> decoders.orderedStream().forEach(d -> {
                if (d instanceof LcjwtReactiveJwtDecoder l) {
                    l.jwksClient().ifPresent(c -> new LcjwtJwksMetrics(c, Tags.empty()).bindTo(registry));
                }
            });
        }
    }
}
