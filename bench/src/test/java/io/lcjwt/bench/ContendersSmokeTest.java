package io.lcjwt.bench;

import io.lcjwt.bench.Hs256DecodeBench.Contender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openjdk.jmh.annotations.Benchmark;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every contender of {@link Hs256DecodeBench} passes the same checks as before timing (accepts the
 * fixture, rejects the expired, wrong-audience and bad-signature tokens) and decodes once through
 * its {@code @Benchmark} method. No timing: a broken contender fails the build instead of
 * producing a number.
 */
class ContendersSmokeTest {

    @ParameterizedTest
    @EnumSource(Contender.class)
    void contenderValidatesAndDecodes(Contender c) throws Throwable {
        Hs256DecodeBench bench = new Hs256DecodeBench();
        try {
            bench.setup(c); // throws if the contender accepts a bad token or returns the wrong claims
            Method m = Hs256DecodeBench.class.getMethod(c.method);
            Object result = m.invoke(bench);
            assertNotNull(result, c.method);
            if (c.isFloor()) {
                assertEquals(Boolean.TRUE, result, "the floor's MAC must match");
            } else {
                assertEquals(new Hs256DecodeBench.Claimed(bench.fixture.sub(), bench.fixture.aud(), bench.fixture.exp()),
                        c.claimed(result), c.method);
            }
            System.out.println(c.method + (bench.libcrypto != null ? " [" + bench.libcrypto + "]" : "")
                    + " rejects: " + bench.rejections);
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void everyBenchmarkMethodIsAContender() {
        Set<String> methods = Arrays.stream(Hs256DecodeBench.class.getMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> contenders = Arrays.stream(Contender.values())
                .map(c -> c.method)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(contenders, methods);
        assertTrue(methods.size() >= 11, "lcjwt x4, six peers and the floor");
    }
}
