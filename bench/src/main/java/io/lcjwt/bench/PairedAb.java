package io.lcjwt.bench;

import io.lcjwt.bench.fixtures.Fixtures;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;

/**
 * A paired comparison of two builds of lcjwt's core in one JVM, for changes too small for JMH to
 * resolve on a shared machine. Each build is loaded by its own class loader; the two decode the
 * typical HS256 token into {@link TypicalClaims} (or, with {@code -Dlcjwt.ab=sign}, sign the
 * typical claims with HS256 as {@link SignBench} does) in alternating 50 ms slices (A then B, then
 * B then A), so both see the same neighbours on the host at nearly the same time. The result is
 * the median over rounds of B's time divided by A's in the same round, with its quartiles.
 *
 * <p>The bindings are shared (a native library can belong to one class loader only), so the two
 * builds must not differ in {@code bindings/}; {@code bin/ab} checks that. Each build's classes
 * get their own JIT profile and compiled code, as in two JMH forks, so a JIT decision that goes
 * differently in one run shows up as a shift between runs: run it twice.
 *
 * <p>Usage: {@code bin/ab [--sign] REV_A [REV_B]}, or directly
 * {@code java -cp benchmarks.jar io.lcjwt.bench.PairedAb coreA.jar coreB.jar [rounds]}.
 */
public final class PairedAb {

    private static final long SLICE_NANOS = 50_000_000L;

    /** What each build does: decode the typical token, or ({@code -Dlcjwt.ab=sign}) sign the typical claims. */
    private static final boolean SIGN = "sign".equals(System.getProperty("lcjwt.ab"));

    private static MethodHandle a;
    private static MethodHandle b;
    private static int sink;

    private PairedAb() {}

    public static void main(String[] args) throws Throwable {
        if (args.length < 2) {
            System.err.println("usage: PairedAb CORE_JAR_A CORE_JAR_B [rounds, default 300]");
            System.exit(2);
        }
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 300;
        Fixtures.Case fixture = SIGN ? Fixtures.hs256().get(SignBench.PAYLOAD, SignBench.SECRET_BYTES)
                : Fixtures.hs256().get(Hs256DecodeBench.PAYLOAD, Hs256DecodeBench.SECRET_BYTES);
        a = SIGN ? signer(Path.of(args[0]), fixture) : decoder(Path.of(args[0]), fixture);
        b = SIGN ? signer(Path.of(args[1]), fixture) : decoder(Path.of(args[1]), fixture);
        Object ra = a.invokeExact();
        Object rb = b.invokeExact();
        if (!ra.equals(rb)) {
            throw new IllegalStateException("the two builds " + (SIGN ? "sign the claims" : "decode the token")
                    + " differently:\n" + ra + "\n" + rb);
        }
        for (int i = 0; i < 40; i++) { // about 8 s of warm-up, both builds alike
            slice(a, 2 * SLICE_NANOS);
            slice(b, 2 * SLICE_NANOS);
        }
        double[] ta = new double[rounds];
        double[] tb = new double[rounds];
        double[] ratio = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            if ((i & 1) == 0) {
                ta[i] = slice(a, SLICE_NANOS);
                tb[i] = slice(b, SLICE_NANOS);
            } else {
                tb[i] = slice(b, SLICE_NANOS);
                ta[i] = slice(a, SLICE_NANOS);
            }
            ratio[i] = tb[i] / ta[i];
        }
        Arrays.sort(ta);
        Arrays.sort(tb);
        Arrays.sort(ratio);
        System.out.printf("A %s%nB %s%n", args[0], args[1]);
        System.out.printf("ns per %s, %d rounds of %d ms each:%n", SIGN ? "sign" : "decode", rounds, SLICE_NANOS / 1_000_000);
        System.out.printf("  A: min %.0f, quartiles %.0f / %.0f / %.0f%n", ta[0], q(ta, 1), q(ta, 2), q(ta, 3));
        System.out.printf("  B: min %.0f, quartiles %.0f / %.0f / %.0f%n", tb[0], q(tb, 1), q(tb, 2), q(tb, 3));
        System.out.printf("B/A in the same round: median %.3f (quartiles %.3f .. %.3f)%n", q(ratio, 2), q(ratio, 1), q(ratio, 3));
        System.out.println("sink " + (sink & 1)); // keeps the results live
    }

    private static double q(double[] sorted, int quarter) {
        return sorted[Math.min(sorted.length - 1, sorted.length * quarter / 4)];
    }

    /** Decodes (or signs) for at least {@code nanos}; returns ns per operation. */
    private static double slice(MethodHandle decoder, long nanos) throws Throwable {
        long t0 = System.nanoTime();
        long n = 0;
        long t;
        do {
            for (int i = 0; i < 200; i++) {
                sink += ((Object) decoder.invokeExact()).hashCode();
            }
            n += 200;
        } while ((t = System.nanoTime() - t0) < nanos);
        return (double) t / n;
    }

    /**
     * A verifier of the given core jar, configured as {@link Hs256DecodeBench}'s, as a handle of
     * type {@code () -> Object} bound to it and to the token. Built through reflection because
     * the jar's classes are not this class's.
     */
    private static MethodHandle decoder(Path coreJar, Fixtures.Case f) throws Exception {
        ClassLoader l = new CoreFirst(coreJar, PairedAb.class.getClassLoader());
        Class<?> verifier = l.loadClass("io.lcjwt.JwtVerifier");
        Object builder = builderFor(verifier, l, f);
        Class<?> algorithm = l.loadClass("io.lcjwt.Algorithm");
        Object algorithms = Array.newInstance(algorithm, 1);
        Array.set(algorithms, 0, algorithm.getField("HS256").get(null));
        Class<?> bc = builder.getClass();
        bc.getMethod("algorithms", algorithms.getClass()).invoke(builder, algorithms);
        bc.getMethod("audience", String[].class).invoke(builder, (Object) new String[] {f.aud()});
        bc.getMethod("clock", Clock.class).invoke(builder,
                Clock.fixed(Instant.ofEpochSecond(Fixtures.hs256().clock()), ZoneOffset.UTC));
        Object v = bc.getMethod("build").invoke(builder);
        MethodHandle decode = MethodHandles.publicLookup()
                .findVirtual(verifier, "decode", MethodType.methodType(Object.class, CharSequence.class, Class.class));
        return MethodHandles.insertArguments(decode, 0, v, f.token(), TypicalClaims.class);
    }

    /** {@code type.builder(key)} for the fixture's secret with its kid, through loader {@code l}. */
    private static Object builderFor(Class<?> type, ClassLoader l, Fixtures.Case f) throws Exception {
        Class<?> secretKey = l.loadClass("io.lcjwt.JwtSecretKey");
        Object key = secretKey.getMethod("of", byte[].class).invoke(null, (Object) f.secret());
        key = secretKey.getMethod("withKeyId", String.class).invoke(key, f.kid());
        return type.getMethod("builder", l.loadClass("io.lcjwt.JwtKey")).invoke(null, key);
    }

    /**
     * A signer of the given core jar, configured as {@link SignBench}'s lcjwt (HS256, kid, the
     * typical claims in a {@code LinkedHashMap}), as a handle of type {@code () -> Object}.
     */
    private static MethodHandle signer(Path coreJar, Fixtures.Case f) throws Exception {
        ClassLoader l = new CoreFirst(coreJar, PairedAb.class.getClassLoader());
        Class<?> signerClass = l.loadClass("io.lcjwt.JwtSigner");
        Object builder = builderFor(signerClass, l, f);
        Class<?> algorithm = l.loadClass("io.lcjwt.Algorithm");
        builder.getClass().getMethod("algorithm", algorithm).invoke(builder, algorithm.getField("HS256").get(null));
        Object signer = builder.getClass().getMethod("build").invoke(builder);
        MethodHandle sign = MethodHandles.publicLookup()
                .findVirtual(signerClass, "sign", MethodType.methodType(String.class, Object.class));
        return MethodHandles.insertArguments(sign, 0, signer, new LinkedHashMap<>(f.claims()))
                .asType(MethodType.methodType(Object.class));
    }

    /**
     * Loads lcjwt's core classes from one jar before asking its parent, and everything else
     * (the bindings, Jackson, this module) from the parent. The bench jar holds a copy of the
     * core too, which a parent-first loader would hand to both builds.
     */
    private static final class CoreFirst extends URLClassLoader {

        CoreFirst(Path jar, ClassLoader parent) throws IOException {
            super(new URL[] {jar.toUri().toURL()}, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("io.lcjwt.") || name.startsWith("io.lcjwt.bindings.") || name.startsWith("io.lcjwt.bench.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = findClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }
}
