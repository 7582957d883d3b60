package io.lcjwt.spring.internal;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.oauth2.jwt.DPoPProofContext;
import org.springframework.security.oauth2.jwt.JwtDecoderFactory;
import org.springframework.security.oauth2.server.resource.authentication.DPoPAuthenticationProvider;
import org.springframework.security.web.SecurityFilterChain;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Hands the DPoP proof verifier factory to every {@link DPoPAuthenticationProvider} Spring Security
 * makes. The provider is no bean: {@code OAuth2ResourceServerConfigurer} creates it with
 * {@code new} (in Spring Security 7.0, always; from 7.1, under {@code .dPoP(...)}) and adds it to
 * the {@link ProviderManager} of its {@code HttpSecurity}. Two things pass through the bean
 * factory on the way, and this post-processor watches both:
 * <ul>
 *   <li>from 7.1 the provider itself is post-processed, and is configured at once;</li>
 *   <li>in 7.0 only the {@code ProviderManager} is, when {@code HttpSecurity} builds it, before
 *       the resource server's configurer adds the provider to its (live) list of providers. So
 *       the managers are remembered, and their DPoP providers configured once a
 *       {@link SecurityFilterChain} bean is finished (its {@code HttpSecurity} has configured
 *       everything by then), and again when all singletons exist.</li>
 * </ul>
 * The factory is looked up only then, so this post-processor, created early as post-processors
 * are, pulls no other bean forward.
 */
public final class DpopProviders implements BeanPostProcessor, SmartInitializingSingleton {
    private static final Log log = LogFactory.getLog(DpopProviders.class);

    private final ObjectProvider<JwtDecoderFactory<DPoPProofContext>> factory;
    private final List<ProviderManager> managers = new CopyOnWriteArrayList<>();
    private final Set<DPoPAuthenticationProvider> configured = Collections.synchronizedSet(
            Collections.newSetFromMap(new WeakHashMap<>()));

    public DpopProviders(ObjectProvider<JwtDecoderFactory<DPoPProofContext>> factory) {
        this.factory = factory;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof DPoPAuthenticationProvider p) {
            configure(p);
        } else if (bean instanceof ProviderManager m) {
            managers.add(m);
        } else if (bean instanceof SecurityFilterChain) {
            sweep();
        }
        return bean;
    }

    @Override
    public void afterSingletonsInstantiated() {
        sweep();
    }

    private void sweep() {
        for (ProviderManager m : managers) {
            for (AuthenticationProvider p : m.getProviders()) {
                if (p instanceof DPoPAuthenticationProvider dpop) {
                    configure(dpop);
                }
            }
        }
    }

    private void configure(DPoPAuthenticationProvider provider) {
        if (configured.add(provider)) {
            JwtDecoderFactory<DPoPProofContext> f = factory.getObject();
            provider.setDPoPProofVerifierFactory(f);
            log.info("DPoP proofs are verified by " + f.getClass().getName() + " in Spring Security's"
                    + " DPoPAuthenticationProvider");
        }
    }

    /** Whether {@code provider} has been given the factory (for tests and diagnostics). */
    public boolean isConfigured(DPoPAuthenticationProvider provider) {
        return configured.contains(provider);
    }
}
