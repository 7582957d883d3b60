package io.lcjwt.spring;

import io.lcjwt.spring.internal.BootDecoders;
import io.lcjwt.spring.internal.JwksUnavailableFilter;
import io.lcjwt.spring.internal.JwksUnavailableWebExceptionHandler;
import io.lcjwt.spring.internal.JwtSourceCondition;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;

/**
 * Makes lcjwt the resource server's {@code JwtDecoder} (or {@code ReactiveJwtDecoder}) when this
 * module is on the class path, from Boot's own {@code spring.security.oauth2.resourceserver.jwt.*}
 * properties and lcjwt's {@link LcjwtProperties}. It runs before Boot's resource-server
 * configuration, whose security filter chain then uses this decoder; a {@code JwtDecoder} bean of
 * the application's own wins over both. A request refused because the issuer's keys cannot be
 * had is answered 503 with {@code Retry-After} (a servlet filter, or a reactive exception
 * handler), whichever decoder threw lcjwt's {@code JwksUnavailableException}.
 */
@AutoConfiguration(beforeName = {
        // Boot 4.0
        "org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet.OAuth2ResourceServerAutoConfiguration",
        "org.springframework.boot.security.oauth2.server.resource.autoconfigure.reactive.ReactiveOAuth2ResourceServerAutoConfiguration",
        // Boot 4.1
        "org.springframework.boot.security.oauth2.server.resource.autoconfigure.OAuth2ResourceServerAutoConfiguration",
        "org.springframework.boot.security.oauth2.server.resource.autoconfigure.web.OAuth2ResourceServerWebSecurityAutoConfiguration",
        "org.springframework.boot.security.oauth2.server.resource.autoconfigure.web.reactive.ReactiveOAuth2ResourceServerWebSecurityAutoConfiguration",
        // Boot 3.5
        "org.springframework.boot.autoconfigure.security.oauth2.resource.servlet.OAuth2ResourceServerAutoConfiguration",
        "org.springframework.boot.autoconfigure.security.oauth2.resource.reactive.ReactiveOAuth2ResourceServerAutoConfiguration" })
@ConditionalOnClass({ JwtDecoder.class, BearerTokenAuthenticationToken.class })
@EnableConfigurationProperties(LcjwtProperties.class)
public final class LcjwtResourceServerAutoConfiguration {

    /** Only Boot creates it. */
    LcjwtResourceServerAutoConfiguration() {
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    static class Servlet {
        @Bean
        @ConditionalOnMissingBean(JwtDecoder.class)
        @Conditional(JwtSourceCondition.class)
        LcjwtJwtDecoder jwtDecoder(Environment env, ResourceLoader resources, LcjwtProperties properties,
                ObjectProvider<OAuth2TokenValidator<Jwt>> validators) {
            return BootDecoders.create(new BootDecoders.Factory<>(LcjwtJwtDecoder::withJwkSetUri,
                    LcjwtJwtDecoder::withIssuerLocation, LcjwtJwtDecoder::withPublicKey,
                    LcjwtJwtDecoder::setJwtValidator), env, resources, properties, validators.orderedStream().toList());
        }

        /** 503 with Retry-After when the keys cannot be had, where Spring would answer 500 or 401. */
        @Bean
        @ConditionalOnMissingBean(name = "lcjwtJwksUnavailableFilter")
        FilterRegistrationBean<JwksUnavailableFilter> lcjwtJwksUnavailableFilter() {
            FilterRegistrationBean<JwksUnavailableFilter> r = new FilterRegistrationBean<>(new JwksUnavailableFilter());
            // Outside Spring Security's chain (order -100 by default), so it sees what the chain rethrows.
            r.setOrder(Ordered.HIGHEST_PRECEDENCE + 100);
            return r;
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @ConditionalOnClass(name = "reactor.core.publisher.Mono")
    static class Reactive {
        @Bean
        @ConditionalOnMissingBean(ReactiveJwtDecoder.class)
        @Conditional(JwtSourceCondition.class)
        LcjwtReactiveJwtDecoder reactiveJwtDecoder(Environment env, ResourceLoader resources,
                LcjwtProperties properties, ObjectProvider<OAuth2TokenValidator<Jwt>> validators) {
            return BootDecoders.create(new BootDecoders.Factory<>(LcjwtReactiveJwtDecoder::withJwkSetUri,
                    LcjwtReactiveJwtDecoder::withIssuerLocation, LcjwtReactiveJwtDecoder::withPublicKey,
                    LcjwtReactiveJwtDecoder::setJwtValidator), env, resources, properties,
                    validators.orderedStream().toList());
        }

        /** 503 with Retry-After when the keys cannot be had, where Spring would answer 500. */
        @Bean
        @ConditionalOnMissingBean(name = "lcjwtJwksUnavailableHandler")
        JwksUnavailableWebExceptionHandler lcjwtJwksUnavailableHandler() {
            return new JwksUnavailableWebExceptionHandler();
        }
    }
}
