package io.lcjwt.authserver;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.security.crypto.password.DelegatingPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;

/**
 * For the load script only ({@code --spring.profiles.active=plain-client-secret}): client secrets
 * compared as stored, so that a token request costs what issuing the token costs. By default the
 * Authorization Server re-encodes a {@code {noop}} client secret with bcrypt after its first use,
 * and every later {@code client_credentials} request then spends tens of milliseconds in bcrypt,
 * far more than any signature; {@code bench/spring-token-load.sh} measures both ways. Never use
 * this outside a benchmark: a production server stores client secrets hashed, or authenticates
 * clients with keys ({@code private_key_jwt}, mutual TLS).
 */
@Configuration(proxyBeanMethods = false)
@Profile("plain-client-secret")
public class PlainClientSecrets {

    @Bean
    PasswordEncoder passwordEncoder() {
        PasswordEncoder plain = new PasswordEncoder() {
            @Override
            public String encode(CharSequence raw) {
                return raw.toString();
            }

            @Override
            public boolean matches(CharSequence raw, String stored) {
                return stored != null && MessageDigest.isEqual(raw.toString().getBytes(StandardCharsets.UTF_8),
                        stored.getBytes(StandardCharsets.UTF_8));
            }
        };
        DelegatingPasswordEncoder encoder = new DelegatingPasswordEncoder("noop", Map.of("noop", plain));
        encoder.setDefaultPasswordEncoderForMatches(plain);
        return encoder;
    }
}
