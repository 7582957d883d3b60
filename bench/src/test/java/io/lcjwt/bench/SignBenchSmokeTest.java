package io.lcjwt.bench;

import io.lcjwt.bench.SignBench.Alg;
import io.lcjwt.bench.SignBench.Contender;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every contender of {@link SignBench}, for every algorithm and key size its class declares it
 * for, passes the checks made before timing (the JDK verifies what it signs; the claims and
 * header are right) and signs once more through its {@code @Benchmark} method. No timing; the
 * RSA keys are made once per JVM ({@link SignBench#keys}).
 */
class SignBenchSmokeTest {

    /** The RSA keys take seconds to make: start them on another core while the HMAC cases run. */
    @BeforeAll
    static void makeRsaKeysMeanwhile() {
        for (SignBench.KeyKind k : List.of(SignBench.KeyKind.RSA_4096, SignBench.KeyKind.RSA_2048)) {
            Thread.ofPlatform().daemon().name("keygen-" + k).start(() -> SignBench.keys(k));
        }
    }

    /** Every (algorithm, RSA size) the benchmark classes' {@code @Param}s give; size 0 where there is one key. */
    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Alg a : Alg.values()) {
            for (int bits : a == Alg.RS256 || a == Alg.PS256 ? new int[] {2048, 4096} : new int[] {0}) {
                out.add(Arguments.of(a, bits));
            }
        }
        return out;
    }

    static Stream<Arguments> declaredTriples() {
        return cases().stream().flatMap(c -> Arrays.stream(Contender.values())
                .filter(k -> k.supports((Alg) c.get()[0]))
                .map(k -> Arguments.of(c.get()[0], c.get()[1], k)));
    }

    static Stream<Arguments> leftOutPairs() {
        return Arrays.stream(Alg.values()).flatMap(a -> Arrays.stream(Contender.values())
                .filter(c -> !c.supports(a))
                .map(c -> Arguments.of(a, a == Alg.RS256 || a == Alg.PS256 ? 2048 : 0, c)));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("declaredTriples")
    void contenderValidatesAndSigns(Alg alg, int bits, Contender c) throws Throwable {
        SignBench bench = SignBench.forAlg(alg, bits);
        try {
            bench.setup(c); // throws if a token does not verify or carries other claims
            Method m = bench.getClass().getMethod(c.method);
            Object result = m.invoke(bench);
            assertNotNull(result, c.method);
            if (c.isFloor()) {
                int n = (Integer) result;
                byte[] sig = c == Contender.BARE_LIBCRYPTO ? bench.bareSignature(n)
                        : bench.nativeSig.asSlice(0, n).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                assertTrue(bench.jdkVerifies(bench.signingInput, sig, true), alg + " floor signature");
            } else {
                String token = (String) result;
                int dot = token.lastIndexOf('.');
                byte[] sig = java.util.Base64.getUrlDecoder().decode(token.substring(dot + 1));
                assertTrue(bench.jdkVerifies(token.substring(0, dot).getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                        sig, false), alg + " " + c.method + " signature from the @Benchmark method");
            }
            System.out.println(alg + (bits > 0 ? "-" + bits : "") + " " + c.method
                    + (bench.libcrypto != null ? " [" + bench.libcrypto + "]" : "") + " header " + bench.lastHeader);
        } finally {
            bench.tearDown();
        }
    }

    /**
     * The pairs left out are left out because the library cannot do them here, not by oversight:
     * building or validating them fails. If one starts to pass, declare it.
     */
    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("leftOutPairs")
    void leftOutPairReallyFails(Alg alg, int bits, Contender c) throws Exception {
        SignBench bench = SignBench.forAlg(alg, bits);
        try {
            assertThrows(IllegalArgumentException.class, () -> bench.setup(c), "setup must refuse an undeclared pair");
            if (c == Contender.BARE_LIBCRYPTO_ONE_SHOT) {
                return; // HMAC() only: left out of the other classes by design, not by a library's lack
            }
            Throwable why = assertThrows(Throwable.class, () -> {
                bench.build(c);
                bench.validate();
            }, c.method + " now signs " + alg + ": declare it in Contender.algs and in the benchmark class");
            System.out.println(alg + " " + c.method + " n/a: " + why);
        } finally {
            bench.tearDown();
        }
    }

    /** What the left-out pairs rest on, checked against the libraries themselves rather than this bench's switch. */
    @Test
    void thePeersReallyLackTheLeftOutAlgorithms() {
        Set<String> auth0 = Arrays.stream(com.auth0.jwt.algorithms.Algorithm.class.getMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertTrue(auth0.containsAll(Set.of("HMAC256", "RSA256", "RSA256PSS", "ECDSA256")), auth0.toString());
        assertTrue(auth0.stream().noneMatch(n -> n.startsWith("Ed") || n.contains("EdDSA") || n.contains("25519")),
                "auth0 java-jwt now has an EdDSA factory: " + auth0);
        assertThrows(ClassNotFoundException.class, () -> Class.forName("com.google.crypto.tink.subtle.Ed25519Sign"),
                "Tink is on the class path now: nimbus's Ed25519Signer may work; declare nimbus for EdDSA");
        assertEquals("Ed25519", io.fusionauth.jwt.domain.Algorithm.Ed25519.getName(),
                "fusionauth-jwt's EdDSA algorithm name changed");
    }

    static Stream<Class<? extends SignBench>> benchmarkClasses() {
        return Stream.of(SignBench.Hmac.class, SignBench.Rsa.class, SignBench.Ecdsa.class, SignBench.EdDsa.class);
    }

    @ParameterizedTest
    @MethodSource("benchmarkClasses")
    void benchmarkMethodsAreTheDeclaredContenders(Class<? extends SignBench> type) throws Exception {
        assertTrue(Modifier.isStatic(type.getModifiers()) && Modifier.isPublic(type.getModifiers()), type.getName());
        Set<Alg> algs = algsOf(type);
        Set<String> methods = Arrays.stream(type.getMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        for (Alg a : algs) {
            Set<String> declared = Arrays.stream(Contender.values())
                    .filter(c -> c.supports(a))
                    .map(c -> c.method)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(declared, methods, type.getSimpleName() + " " + a);
            assertEquals(type, SignBench.forAlg(a, 2048).getClass(), a + "'s class");
        }
        assertTrue(methods.containsAll(Set.of("lcjwt", "bareLibcrypto", "jjwt")), type.getSimpleName());
    }

    /** The algorithms a class's {@code alg} {@code @Param} lists, or the one it fixes. */
    private static Set<Alg> algsOf(Class<? extends SignBench> type) throws Exception {
        for (Field f : type.getFields()) {
            if (f.getName().equals("alg") && f.isAnnotationPresent(Param.class)) {
                return Arrays.stream(f.getAnnotation(Param.class).value()).map(Alg::valueOf)
                        .collect(Collectors.toCollection(TreeSet::new));
            }
        }
        return Set.of(type.getDeclaredConstructor().newInstance().alg());
    }

    @Test
    void theAbstractBaseDeclaresNoBenchmark() {
        assertTrue(Modifier.isAbstract(SignBench.class.getModifiers()));
        assertEquals(0, Arrays.stream(SignBench.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class)).count());
    }

    /** Same seed, same key: every fork signs with the same key. */
    @Test
    void keysAreDeterministic() throws Exception {
        for (SignBench.KeyKind k : List.of(SignBench.KeyKind.P_256, SignBench.KeyKind.ED25519)) {
            SignBench.Keys once = SignBench.keys(k);
            java.security.SecureRandom rnd = java.security.SecureRandom.getInstance("SHA1PRNG");
            rnd.setSeed(io.lcjwt.bench.fixtures.FixtureGenerator.SEED + 0x5167_0000L + k.ordinal());
            java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance(k.jca);
            k.initialize(g, rnd);
            assertTrue(Arrays.equals(once.spki(), g.generateKeyPair().getPublic().getEncoded()), k + " key");
        }
    }
}
