package io.lcjwt.example;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The usual resource-server chain: the demo issuer's endpoints are open, everything else needs a
 * bearer JWT. Which {@code JwtDecoder} checks it is up to the auto-configuration: lcjwt's when
 * {@code lcjwt-spring-boot} is on the class path, Boot's Nimbus one otherwise.
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfig {

    @Bean
    SecurityFilterChain securityFilterChain(HttpSecurity http) throws Exception {
        return http
                .authorizeHttpRequests(a -> a
                        .requestMatchers("/token", "/.well-known/**", "/decoder", "/native-objects", "/error").permitAll()
                        .anyRequest().authenticated())
                .oauth2ResourceServer(rs -> rs.jwt(Customizer.withDefaults()))
                // Stateless bearer-token API: no session, and no cookie for CSRF to abuse.
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(c -> c.disable())
                .build();
    }
}
