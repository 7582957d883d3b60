package io.lcjwt.bench;

import io.lcjwt.bench.SpringEncoderBench.Alg;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.security.oauth2.jwt.Jwt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs {@link SpringEncoderBench}'s setup for each algorithm (which fails unless both encoders
 * agree on the header, claims and signing input, and on the whole token for RS256 and HS256),
 * then each benchmark method a few times: every token verifies with the JDK. No timing.
 */
class SpringEncoderBenchSmokeTest {

    @ParameterizedTest
    @EnumSource(Alg.class)
    void bothEncodersAgreeAndEveryTokenVerifies(Alg alg) throws Exception {
        SpringEncoderBench b = new SpringEncoderBench();
        b.alg = alg;
        b.setup();
        try {
            for (int i = 0; i < 50; i++) {
                Jwt l = b.lcjwt();
                Jwt n = b.nimbus();
                assertEquals(SpringEncoderBench.CLIENT, l.getSubject());
                assertEquals(n.getHeaders().toString(), l.getHeaders().toString());
                assertTrue(b.jdkVerifies(l.getTokenValue()) && b.jdkVerifies(n.getTokenValue()));
            }
        } finally {
            b.tearDown();
        }
    }
}
