package io.lcjwt.spring;

import io.lcjwt.JwksClient;
import io.micrometer.core.instrument.MeterRegistry;
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

import java.util.Optional;

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
        return registry -> decoders.orderedStream().filter(LcjwtJwtDecoder.class::isInstance)
                .forEach(d -> bind(((LcjwtJwtDecoder) d).jwksClient(), registry));
    }

    /** Binds the meters of a decoder's client, if it has one. */
    static void bind(Optional<JwksClient> client, MeterRegistry registry) {
        client.ifPresent(c -> new LcjwtJwksMetrics(c, Tags.empty()).bindTo(registry));
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "reactor.core.publisher.Mono")
    static class Reactive {
        @Bean
        @ConditionalOnMissingBean(name = "lcjwtReactiveJwksMeters")
        MeterBinder lcjwtReactiveJwksMeters(ObjectProvider<ReactiveJwtDecoder> decoders) {
            return registry -> decoders.orderedStream().filter(LcjwtReactiveJwtDecoder.class::isInstance)
                    .forEach(d -> bind(((LcjwtReactiveJwtDecoder) d).jwksClient(), registry));
        }
    }
}
