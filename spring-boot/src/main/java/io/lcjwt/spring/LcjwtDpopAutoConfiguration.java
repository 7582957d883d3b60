package io.lcjwt.spring;

import io.lcjwt.Algorithm;
import io.lcjwt.DpopNonces;
import io.lcjwt.DpopReplayStore;
import io.lcjwt.DpopVerifier;
import io.lcjwt.spring.internal.DpopProviders;
import io.lcjwt.spring.internal.DpopRequestFilter;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.jwt.DPoPProofContext;
import org.springframework.security.oauth2.jwt.JwtDecoderFactory;
import org.springframework.security.oauth2.server.resource.authentication.DPoPAuthenticationProvider;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Makes lcjwt verify the DPoP proofs (RFC 9449) of Spring Security's servlet resource server:
 * wherever Spring verifies DPoP (always in Spring Security 7.0; under {@code .dPoP(...)} from 7.1),
 * its {@code DPoPAuthenticationProvider} is given an {@link LcjwtDpopProofVerifierFactory}, so
 * the access token (through the resource server's {@code JwtDecoder}) and the proof are both
 * verified by lcjwt, {@code ath} and {@code cnf.jkt} included, with a replay store that
 * remembers every proof for its window. Configured by {@link LcjwtDpopProperties}.
 *
 * <p>The application's own beans win: a {@link DpopVerifier}, a {@link DpopNonces} or a
 * {@code JwtDecoderFactory<DPoPProofContext>} of its own is used instead of lcjwt's, and
 * {@code lcjwt.dpop.enabled=false} leaves Spring's verifier alone. A single
 * {@link DpopReplayStore} bean is used as the replay store (or the one
 * {@code lcjwt.dpop.replay-store} names). Spring Security has no DPoP support on the reactive
 * stack, so this configuration is for servlet applications.
 */
@AutoConfiguration
@ConditionalOnClass({ DPoPAuthenticationProvider.class, DPoPProofContext.class, FilterRegistrationBean.class })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnBooleanProperty(name = "lcjwt.dpop.enabled", matchIfMissing = true)
@EnableConfigurationProperties(LcjwtDpopProperties.class)
public final class LcjwtDpopAutoConfiguration {

    /** Just before Spring Security's filter (Boot's default order for it is this plus one). */
    static final int FILTER_ORDER = -101;

    /** Only Boot creates it. */
    LcjwtDpopAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnProperty(name = "lcjwt.dpop.nonce", havingValue = "required")
    DpopNonces lcjwtDpopNonces(LcjwtDpopProperties properties) {
        DpopNonces.Builder b = DpopNonces.builder();
        try {
            b.rotation(properties.nonceRotation());
        } catch (IllegalArgumentException e) {
            throw new InvalidConfigurationPropertyValueException("lcjwt.dpop.nonce-rotation", properties.nonceRotation(),
                    e.getMessage());
        }
        String secret = properties.nonceSecret();
        if (secret != null && !secret.isBlank()) {
            try {
                b.secret(secret.contains("-") || secret.contains("_") ? Base64.getUrlDecoder().decode(secret.trim())
                        : Base64.getDecoder().decode(secret.trim()));
            } catch (IllegalArgumentException e) {
                throw new InvalidConfigurationPropertyValueException("lcjwt.dpop.nonce-secret", "(hidden)",
                        "The nonce secret must be base64 of at least 32 random bytes.");
            }
        }
        return b.build();
    }

    @Bean
    @ConditionalOnMissingBean
    DpopVerifier lcjwtDpopVerifier(LcjwtDpopProperties properties, BeanFactory beans,
            ObjectProvider<DpopReplayStore> stores, ObjectProvider<DpopNonces> nonces) {
        DpopVerifier.Builder b = DpopVerifier.builder().algorithms(algorithms(properties.algorithms()));
        try {
            b.window(properties.window());
        } catch (IllegalArgumentException e) {
            throw new InvalidConfigurationPropertyValueException("lcjwt.dpop.window", properties.window(), e.getMessage());
        }
        String named = properties.replayStore();
        DpopReplayStore store = named != null && !named.isBlank() ? beans.getBean(named.trim(), DpopReplayStore.class)
                : stores.getIfUnique();
        if (store == null) {
            try {
                store = DpopReplayStore.inMemory(properties.replayStoreSize());
            } catch (IllegalArgumentException e) {
                throw new InvalidConfigurationPropertyValueException("lcjwt.dpop.replay-store-size",
                        properties.replayStoreSize(), e.getMessage());
            }
        }
        b.replayStore(store);
        if (properties.nonce() == LcjwtDpopProperties.NonceMode.REQUIRED) {
            b.nonces(nonces.getObject());
        }
        return b.build();
    }

    @Bean
    @ConditionalOnMissingBean
    JwtDecoderFactory<DPoPProofContext> lcjwtDpopProofVerifierFactory(DpopVerifier verifier) {
        return new LcjwtDpopProofVerifierFactory(verifier);
    }

    @Bean
    static DpopProviders lcjwtDpopProviders(ObjectProvider<JwtDecoderFactory<DPoPProofContext>> factory) {
        return new DpopProviders(factory);
    }

    @Bean
    FilterRegistrationBean<DpopRequestFilter> lcjwtDpopRequestFilter(LcjwtDpopProperties properties,
            ObjectProvider<DpopNonces> nonces) {
        DpopNonces n = properties.nonce() == LcjwtDpopProperties.NonceMode.REQUIRED ? nonces.getObject() : null;
        FilterRegistrationBean<DpopRequestFilter> r = new FilterRegistrationBean<>(
                new DpopRequestFilter(n, String.join(" ", properties.algorithms())));
        r.setOrder(FILTER_ORDER);
        return r;
    }

    private static Algorithm[] algorithms(List<String> names) {
        List<Algorithm> out = new ArrayList<>();
        for (String n : names) {
            Algorithm a = Algorithm.fromJwsName(n.trim());
            if (a == null || a.family() == Algorithm.Family.HMAC) {
                throw new InvalidConfigurationPropertyValueException("lcjwt.dpop.algorithms", n, a == null
                        ? "Unknown algorithm." : "A DPoP proof must use an asymmetric algorithm, not " + n + ".");
            }
            out.add(a);
        }
        if (out.isEmpty()) {
            throw new InvalidConfigurationPropertyValueException("lcjwt.dpop.algorithms", "",
                    "Name at least one proof algorithm.");
        }
        return out.toArray(Algorithm[]::new);
    }
}
