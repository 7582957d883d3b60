package io.lcjwt.spring;

import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** WebFlux on Netty with the reactive decoder; and where that decoder does its waiting. */
class ReactiveResourceServerTest {

    @Test
    void aWebFluxAppOnNettyUsesLcjwt() throws Exception {
        TestIdp.Key ec = TestIdp.ec("e1");
        try (TestIdp idp = new TestIdp("flux", ec);
             ConfigurableApplicationContext app = Apps.start(Apps.ReactiveApp.class, WebApplicationType.REACTIVE,
                     Map.of("spring.security.oauth2.resourceserver.jwt.jwk-set-uri", idp.jwksUri(),
                             "spring.security.oauth2.resourceserver.jwt.jws-algorithms", "ES256",
                             "spring.security.oauth2.resourceserver.jwt.audiences", "api"))) {
            assertInstanceOf(LcjwtReactiveJwtDecoder.class, app.getBean(ReactiveJwtDecoder.class));
            HttpResponse<String> ok = Apps.get(app, "/me", TestIdp.sign(ec, idp.claims("")));
            assertEquals(200, ok.statusCode(), ok.body());
            assertTrue(ok.body().contains("\"exp\":\"Instant\"") && ok.body().contains("\"aud\":\"List[api]\""), ok.body());
            HttpResponse<String> bad = Apps.get(app, "/me", TestIdp.sign(ec, "{\"sub\":\"a\",\"aud\":\"api\",\"exp\":1}"));
            assertEquals(401, bad.statusCode());
            assertTrue(Apps.wwwAuthenticate(bad).contains("invalid_token"), Apps.wwwAuthenticate(bad));
            assertEquals(401, Apps.get(app, "/me", null).statusCode());
        }
    }

    /** The thread a decode's result arrives on, when subscribed from a non-blocking (parallel) thread. */
    static String threadOf(ReactiveJwtDecoder d, String token) {
        return Mono.defer(() -> d.decode(token)).subscribeOn(Schedulers.parallel())
                .map(j -> Thread.currentThread().getName()).block();
    }

    @Test
    void fetchesAreWaitedForOffTheEventLoopAndCachedKeysAreUsedOnIt() throws Exception {
        TestIdp.Key k1 = TestIdp.ec("k1");
        try (TestIdp idp = new TestIdp("loop", k1)) {
            LcjwtReactiveJwtDecoder d = LcjwtReactiveJwtDecoder.withJwkSetUri(idp.jwksUri())
                    .jwsAlgorithm(SignatureAlgorithm.ES256).cooldown(java.time.Duration.ofSeconds(1)).build();
            String t1 = TestIdp.sign(k1, idp.claims(""));
            assertTrue(threadOf(d, t1).startsWith("boundedElastic"), "the first fetch is waited for off the loop");
            assertTrue(threadOf(d, t1).startsWith("parallel"), "cached keys: decoded where subscribed");
            TestIdp.Key k2 = TestIdp.ec("k2");
            idp.published.set(List.of(k1, k2));
            Thread.sleep(1100); // waits out the 1 s cooldown; nothing is timed
            assertTrue(threadOf(d, TestIdp.sign(k2, idp.claims(""))).startsWith("boundedElastic"),
                    "a refetch for a new kid is waited for off the loop");
            assertEquals(2, idp.hits("/certs"));
            Jwt j = d.decode(TestIdp.sign(k2, idp.claims(""))).block();
            assertEquals("alice", j.getSubject());
            // refusals are Mono errors, never thrown at subscription
            Mono<Jwt> refused = d.decode("not-a-jwt");
            assertThrows(BadJwtException.class, refused::block);
        }
    }

    @Test
    void discoveryRunsOffTheEventLoop() throws Exception {
        TestIdp.Key k1 = TestIdp.ec("k1");
        try (TestIdp idp = new TestIdp("disc", k1)) {
            LcjwtReactiveJwtDecoder d = LcjwtReactiveJwtDecoder.withIssuerLocation(idp.issuer).build();
            assertTrue(threadOf(d, TestIdp.sign(k1, idp.claims(""))).startsWith("boundedElastic"));
            assertTrue(threadOf(d, TestIdp.sign(k1, idp.claims(""))).startsWith("parallel"));
        }
    }
}
