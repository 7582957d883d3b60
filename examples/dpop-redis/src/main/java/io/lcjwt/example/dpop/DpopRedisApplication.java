package io.lcjwt.example.dpop;

import io.lcjwt.DpopReplayStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import redis.clients.jedis.JedisPooled;

/**
 * A resource server that accepts DPoP-bound access tokens (RFC 9449), verified by lcjwt, whose
 * DPoP replay store is in Redis: run several instances behind a load balancer and a proof
 * accepted by one is refused by all. The one bean below is all it takes; lcjwt uses a single
 * {@link DpopReplayStore} bean as its store.
 */
@SpringBootApplication
@RestController
public class DpopRedisApplication {

    public static void main(String[] args) {
        SpringApplication.run(DpopRedisApplication.class, args);
    }

    /** The shared store; {@code example.redis.enabled=false} leaves lcjwt's in-memory one (a single instance). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "example.redis.enabled", matchIfMissing = true)
    static class Redis {
        @Bean(destroyMethod = "close")
        JedisPooled redis(@Value("${example.redis.host:127.0.0.1}") String host,
                @Value("${example.redis.port:6379}") int port) {
            return new JedisPooled(host, port);
        }

        @Bean
        DpopReplayStore sharedReplayStore(JedisPooled redis) {
            return new RedisDpopReplayStore(redis, "dpop:");
        }
    }

    @GetMapping("/orders")
    String orders(@AuthenticationPrincipal Jwt jwt) {
        return "orders of " + jwt.getSubject();
    }
}
