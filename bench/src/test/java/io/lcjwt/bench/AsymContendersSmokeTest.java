package io.lcjwt.bench;

import io.lcjwt.bench.AsymDecodeBench.Alg;
import io.lcjwt.bench.AsymDecodeBench.AsymFixture;
import io.lcjwt.bench.AsymDecodeBench.Contender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Benchmark;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Base64;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every contender of {@link AsymDecodeBench}, for every algorithm its class declares it for,
 * passes the checks made before timing (accepts the token, rejects the expired, wrong-audience
 * and bad-signature tokens) and decodes once through its {@code @Benchmark} method. No timing.
 */
class AsymContendersSmokeTest {

    static Stream<Arguments> declaredPairs() {
        return Arrays.stream(Alg.values()).flatMap(a -> Arrays.stream(Contender.values())
                .filter(c -> c.supports(a))
                .map(c -> Arguments.of(a, c)));
    }

    static Stream<Arguments> leftOutPairs() {
        return Arrays.stream(Alg.values()).flatMap(a -> Arrays.stream(Contender.values())
                .filter(c -> !c.supports(a))
                .map(c -> Arguments.of(a, c)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("declaredPairs")
    void contenderValidatesAndDecodes(Alg alg, Contender c) throws Throwable {
        AsymDecodeBench bench = AsymDecodeBench.forAlg(alg);
        try {
            bench.setup(c); // throws if the contender accepts a bad token or returns the wrong claims
            Method m = bench.getClass().getMethod(c.method);
            Object result = m.invoke(bench);
            assertNotNull(result, c.method);
            if (c.isFloor()) {
                assertEquals(Boolean.TRUE, result, "the floor must verify the " + alg + " signature");
            } else {
                assertEquals(new Hs256DecodeBench.Claimed(bench.fixture.sub(), bench.fixture.aud(), bench.fixture.exp()),
                        c.claimed(result), alg + " " + c.method);
            }
            System.out.println(alg + " " + c.method + (bench.libcrypto != null ? " [" + bench.libcrypto + "]" : "")
                    + " rejects: " + bench.rejections);
        } finally {
            bench.tearDown();
        }
    }

    /**
     * The pairs left out are left out because the library cannot do them here, not by oversight:
     * building or validating them fails. If one starts to pass, declare it.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("leftOutPairs")
    void leftOutPairReallyFails(Alg alg, Contender c) throws Exception {
        AsymDecodeBench bench = AsymDecodeBench.forAlg(alg);
        try {
            assertThrows(IllegalArgumentException.class, () -> bench.setup(c), "setup must refuse an undeclared pair");
            Throwable why = assertThrows(Throwable.class, () -> {
                bench.build(c);
                bench.validate();
            }, c.method + " now handles " + alg + ": declare it in Contender.algs and in the benchmark class");
            System.out.println(alg + " " + c.method + " n/a: " + why);
        } finally {
            bench.tearDown();
        }
    }

    @ParameterizedTest
    @EnumSource(Alg.class)
    void benchmarkMethodsAreTheDeclaredContenders(Alg alg) {
        Class<? extends AsymDecodeBench> type = AsymDecodeBench.forAlg(alg).getClass();
        assertTrue(Modifier.isStatic(type.getModifiers()) && Modifier.isPublic(type.getModifiers()), type.getName());
        Set<String> methods = Arrays.stream(type.getMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> declared = Arrays.stream(Contender.values())
                .filter(c -> c.supports(alg))
                .map(c -> c.method)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(declared, methods, type.getSimpleName());
        assertTrue(methods.containsAll(Set.of("lcjwtRecord", "lcjwtMap", "bareLibcrypto", "jjwt")), type.getSimpleName());
    }

    @Test
    void theAbstractBaseDeclaresNoBenchmark() {
        assertTrue(Modifier.isAbstract(AsymDecodeBench.class.getModifiers()));
        assertEquals(0, Arrays.stream(AsymDecodeBench.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class)).count());
    }

    /** Same seed, same key and tokens: every fork times the same bytes. */
    @ParameterizedTest
    @EnumSource(Alg.class)
    void fixtureIsDeterministic(Alg alg) throws Exception {
        AsymFixture a = AsymDecodeBench.generate(alg);
        AsymFixture b = AsymDecodeBench.fixture(alg);
        assertArrayEquals(a.spki(), b.spki(), alg + " key");
        assertEquals(a.token(), b.token(), alg + " token");
        assertEquals(a.expired(), b.expired());
        assertEquals(a.wrongAudience(), b.wrongAudience());
        String header = new String(Base64.getUrlDecoder().decode(a.token().substring(0, a.token().indexOf('.'))),
                java.nio.charset.StandardCharsets.UTF_8);
        assertEquals("{\"alg\":\"" + alg.jwsName() + "\",\"typ\":\"JWT\",\"kid\":\"bench-k1\"}", header);
        System.out.println(alg + ": SPKI sha256 " + a.keyFingerprint() + ", " + a.token().length() + "-byte token");
    }

    @Test
    void ecdsaDerConversion() {
        byte[] rs = new byte[64];
        rs[0] = (byte) 0x80;  // r needs a 0x00 pad
        rs[31] = 1;
        rs[63] = 2;           // s = 2: leading zeros stripped
        byte[] der = AsymDecodeBench.ecdsaDer(rs);
        assertEquals(0x30, der[0]);
        assertEquals(der.length - 2, der[1]);
        assertEquals(0x02, der[2]);
        assertEquals(33, der[3]);
        assertEquals(0, der[4]);
        assertEquals((byte) 0x80, der[5]);
        assertArrayEquals(new byte[] {0x02, 0x01, 0x02}, Arrays.copyOfRange(der, der.length - 3, der.length));
    }
}
