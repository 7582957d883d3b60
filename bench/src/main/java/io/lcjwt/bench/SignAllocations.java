package io.lcjwt.bench;

import io.lcjwt.bench.alloc.AllocCounter;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Objects allocated per sign, for every {@link SignBench} contender and row: the count that JMH's
 * gc profiler cannot give (it measures bytes). The contenders run one after another in one JVM
 * under {@link io.lcjwt.bench.alloc.AllocAgent}, which puts a counter call before every
 * allocation instruction. After {@link #WARMUP} signs (classes loaded, caches and pools filled),
 * {@link #COUNTED} signs are counted on the signing thread, and their count divided by
 * {@link #COUNTED} is the row's allocs/op.
 *
 * <p>The count is of allocations the bytecode performs, the JDK's own included: one that the
 * JIT's escape analysis removes is still counted, so it is an upper bound on what reaches the
 * heap (the B/op beside it is what does). Lambda bodies (hidden classes) and native code are not
 * counted.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar io.lcjwt.bench.SignAllocations} (all rows
 * and contenders, as a JSON object row -> contender -> allocs/op on stdout); {@code bin/race jmh
 * --regex SignBench} runs it and puts the counts on the sign page.
 */
public final class SignAllocations {
    private SignAllocations() {}

    static final int WARMUP = io.lcjwt.bench.report.SignPage.SIGN_WARMUP;
    static final int COUNTED = io.lcjwt.bench.report.SignPage.SIGN_COUNTED;

    /** A row of the sign page, as (alg, RSA bits) and its name there. */
    record Row(SignBench.Alg alg, int bits, String name) {}

    /**
     * The sign page's rows ({@code SignPage.ROWS}), read from their names: the algorithm first,
     * then for RSA the modulus size ({@code "RS256 RSA 2048"}).
     */
    static final List<Row> ROWS = io.lcjwt.bench.report.SignPage.ROWS.stream().map(name -> {
        String[] w = name.split(" ");
        return new Row(SignBench.Alg.valueOf(w[0]), w.length == 3 && w[1].equals("RSA") ? Integer.parseInt(w[2]) : 0, name);
    }).toList();

    /**
     * With no arguments: every row and contender in a JVM under the agent, as JSON on stdout; with
     * one, the rows whose name starts with it ({@code HS}, {@code ES256}). With {@code --child
     * ROWS} (that JVM): one tab-separated {@code allocs/op} line per row and contender.
     */
    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("--child")) {
            for (Row row : ROWS) {
                if (!row.name().startsWith(args[1])) {
                    continue;
                }
                for (SignBench.Contender c : SignBench.Contender.values()) {
                    if (c.supports(row.alg())) {
                        System.out.println("allocs/op\t" + row.name() + "\t" + c.method + "\t"
                                + countOne(row.alg(), row.bits(), c));
                    }
                }
            }
            System.exit(0); // vert.x's threads must not keep the JVM up
        }
        System.out.println(toJson(countAll(null, -1, args.length == 1 ? args[0] : "")));
    }

    /** {@code counts} (row -> contender -> allocs/op) as the JSON the sign page reads. */
    public static String toJson(Map<String, Map<String, Double>> counts) {
        StringBuilder json = new StringBuilder("{");
        int i = 0;
        for (Map.Entry<String, Map<String, Double>> r : counts.entrySet()) {
            json.append(i++ > 0 ? "," : "").append("\n  \"").append(r.getKey()).append("\": {");
            int j = 0;
            for (Map.Entry<String, Double> c : r.getValue().entrySet()) {
                json.append(j++ > 0 ? ", " : "").append('"').append(c.getKey()).append("\": ").append(c.getValue());
            }
            json.append('}');
        }
        return json.append("\n}\n").toString();
    }

    /** In this JVM (which must run under the agent): allocations per sign of {@code c} on that row. */
    static double countOne(SignBench.Alg alg, int bits, SignBench.Contender c) throws Exception {
        SignBench b = SignBench.forAlg(alg, bits);
        b.setup(c);
        try {
            Object sink = null;
            for (int i = 0; i < WARMUP; i++) {
                sink = once(b, c);
            }
            AllocCounter.start();
            for (int i = 0; i < COUNTED; i++) {
                sink = once(b, c);
            }
            long n = AllocCounter.stop();
            if (sink == null) {
                throw new IllegalStateException("no result");
            }
            return (double) n / COUNTED;
        } finally {
            b.tearDown();
        }
    }

    private static Object once(SignBench b, SignBench.Contender c) throws Exception {
        return switch (c) {
            case BARE_LIBCRYPTO -> b.bareSign();
            case BARE_LIBCRYPTO_ONE_SHOT -> b.bareHmacOneShot();
            default -> b.sign(c);
        };
    }

    /**
     * Every row and contender, one after another in one JVM under the agent, with {@code libcrypto}
     * as {@code LCJWT_LIBCRYPTO} (null: the default), pinned to {@code cpu} when it is not negative
     * and {@code taskset} is there; row -> contender -> allocs/op.
     */
    public static Map<String, Map<String, Double>> countAll(String libcrypto, int cpu)
            throws IOException, InterruptedException {
        return countAll(libcrypto, cpu, "");
    }

    /** As {@link #countAll(String, int)}, for the rows whose name starts with {@code rows} only. */
    static Map<String, Map<String, Double>> countAll(String libcrypto, int cpu, String rows)
            throws IOException, InterruptedException {
        Path agent = agentJar();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        List<String> cmd = new ArrayList<>();
        if (cpu >= 0 && Files.isExecutable(Path.of("/usr/bin/taskset"))) {
            cmd.addAll(List.of("taskset", "-c", String.valueOf(cpu)));
        }
        cmd.addAll(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx500m", "-javaagent:" + agent, "-cp", cp,
                SignAllocations.class.getName(), "--child", rows));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        if (libcrypto != null) {
            pb.environment().put("LCJWT_LIBCRYPTO", libcrypto);
        }
        Process p = pb.start();
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        StringBuilder other = new StringBuilder();
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()))) {
            for (String line; (line = lines.readLine()) != null; ) {
                String[] f = line.split("\t");
                if (f.length == 4 && f[0].equals("allocs/op")) {
                    out.computeIfAbsent(f[1], k -> new LinkedHashMap<>()).put(f[2], Double.parseDouble(f[3]));
                    System.err.println("# allocs: " + f[1] + " " + f[2] + " " + f[3]);
                } else {
                    other.append(line).append('\n');
                }
            }
        }
        int exit = p.waitFor();
        if (exit != 0) {
            throw new IOException("counting allocations failed (exit " + exit + "):\n" + other);
        }
        return out;
    }

    /** The agent's jar, written from this class path's classes: the agent is on its own boot class path. */
    public static Path agentJar() throws IOException {
        Path jar = Files.createTempFile("lcjwt-alloc-agent", ".jar");
        jar.toFile().deleteOnExit();
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Premain-Class", "io.lcjwt.bench.alloc.AllocAgent");
        a.putValue("Can-Retransform-Classes", "true");
        a.putValue("Boot-Class-Path", jar.toAbsolutePath().toString());
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(os, m)) {
            List<String> classes = new ArrayList<>(List.of("AllocAgent", "AllocCounter"));
            ClassLoader loader = SignAllocations.class.getClassLoader();
            for (int i = 1; loader.getResource("io/lcjwt/bench/alloc/AllocAgent$" + i + ".class") != null; i++) {
                classes.add("AllocAgent$" + i); // its anonymous classes
            }
            for (String c : classes) {
                String name = "io/lcjwt/bench/alloc/" + c + ".class";
                j.putNextEntry(new JarEntry(name));
                try (var in = loader.getResourceAsStream(name)) {
                    if (in == null) {
                        throw new IOException(name + " is not on the class path");
                    }
                    in.transferTo(j);
                }
                j.closeEntry();
            }
        }
        return jar;
    }
}
