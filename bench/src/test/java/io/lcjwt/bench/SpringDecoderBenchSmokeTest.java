package io.lcjwt.bench;

import io.lcjwt.bench.SpringDecoderBench.Alg;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.security.oauth2.jwt.Jwt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Runs {@link SpringDecoderBench}'s setup for each algorithm (which fails unless both decoders
 * return the same {@link Jwt} and refuse the same bad tokens alike), then each benchmark method
 * a few times: the JWKS must still have been fetched once per decoder, so the timed loop is a
 * cached decode. No timing.
 */
class SpringDecoderBenchSmokeTest {

    @ParameterizedTest
    @EnumSource(Alg.class)
    void bothDecodersAgreeAndNeitherFetchesAgain(Alg alg) throws Exception {
        SpringDecoderBench b = new SpringDecoderBench();
        b.alg = alg;
        b.setup();
        try {
            for (int i = 0; i < 50; i++) {
                Jwt l = b.lcjwt();
                Jwt n = b.nimbus();
                assertEquals(SpringDecoderBench.SUBJECT, l.getSubject());
                assertEquals(n.getClaims(), l.getClaims());
            }
            b.noFetchWhileTiming();
            assertArrayEquals(alg == Alg.HS256 ? new int[] {0, 0} : new int[] {1, 1}, b.fetches());
        } finally {
            b.tearDown();
        }
    }
}
