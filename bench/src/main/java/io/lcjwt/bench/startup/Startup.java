package io.lcjwt.bench.startup;

import io.lcjwt.LibCrypto;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The first token after JVM start (issue #17 item 4), whole processes: {@link FirstToken} run
 * again and again, for an empty JVM, for the JDK's own first FFM downcall (the floor under any
 * FFM library) and for one HS256 and one RS256 decode, without a cache and with a JDK 25 AOT
 * cache made by one training run of the same case, each pinned to one CPU and again on every CPU
 * (a JVM starts its JIT and GC threads beside the main one, so one CPU makes start-up slower). The
 * page gives medians and the time beyond the empty JVM; writes {@code bench/results-startup.md}.
 *
 * <pre>{@code bin/race startup [--runs 21] [--cpus 1,all]}</pre>
 */
public final class Startup {

    private Startup() {}

    record Lib(String label, String path) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].startsWith("--")) {
                opt.put(args[i].substring(2), args[++i]);
            }
        }
        int runs = Integer.parseInt(opt.getOrDefault("runs", "21"));
        List<String> placements = List.of(opt.getOrDefault("cpus",
                System.getenv().getOrDefault("LCJWT_BENCH_CPU", "1") + ",all").split(","));
        Instant started = Instant.now();
        Path jar = Path.of(Startup.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Lib> libs = new ArrayList<>();
        libs.add(new Lib(LibCrypto.name(), LibCrypto.path().toString()));
        Path openssl = Path.of("/usr/lib/x86_64-linux-gnu/libcrypto.so.3");
        if (LibCrypto.name().equals("aws-lc") && Files.exists(openssl)) {
            libs.add(new Lib("OpenSSL 3", openssl.toString()));
        }
        StringBuilder body = new StringBuilder();
        for (Lib lib : libs) {
            for (String cpu : placements) {
                body.append("## lcjwt on ").append(lib.label()).append(", ")
                        .append(cpu.equals("all") ? "each process on every CPU" : "each process pinned to CPU " + cpu)
                        .append("\n\n");
                table(body, jar, lib, runs, cpu);
            }
        }
        String page = "# lcjwt benchmarks: the first token after JVM start\n\n"
                + "Written by `bin/race startup" + (args.length > 0 ? " " + String.join(" ", args) : "") + "`; do not edit by hand.\n\n"
                + "- When: " + DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(started.atZone(ZoneOffset.UTC).withNano(0))
                + " UTC, took " + Duration.between(started, Instant.now()).toSeconds() + " s\n"
                + "- Where: " + io.lcjwt.bench.race.Race.cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " cores;"
                + " processes one after another. This is a shared 2-core VM: compare rows of one table, not pages.\n"
                + "- JDK: " + System.getProperty("java.vm.name") + " " + Runtime.version() + "\n\n"
                + "Each row is the median wall time of " + runs + " runs (after 3 not counted) of `java"
                + " --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar io.lcjwt.bench.startup.FirstToken <case>`,"
                + " from process start to exit, so class loading, linking and the JIT are all counted. `empty` prints a word"
                + " and exits: the JVM's own start with the same class path, the baseline. `ffm` links and calls one C function"
                + " (`strlen`) through the JDK's `Linker` and loads nothing of lcjwt's: the JDK's own cost of a first FFM"
                + " downcall, the floor under lcjwt or any FFM library. `hs256` and `rs256` make the key"
                + " (a 32-byte secret; an RSA-2048 PEM public key) and the verifier and decode one token, as a service's"
                + " first request would. The AOT cache is the JDK 25 one (JEP 483/514), made for each case by one training run"
                + " with `-XX:AOTCacheOutput=<file>` and used with `-XX:AOTCache=<file>`; its \"beyond\" column is measured"
                + " against the empty JVM without a cache, which is what a user waits for. Targets (issue #17): at most 110 ms"
                + " beyond the empty JVM without a cache, at most 60 ms with one.\n\n" + body;
        Files.writeString(Path.of("bench", "results-startup.md"), page);
        System.err.println("startup: wrote bench/results-startup.md");
    }

    private static void table(StringBuilder body, Path jar, Lib lib, int runs, String cpu) throws Exception {
        body.append("| case | no cache: median ms | beyond the empty JVM | AOT cache: median ms | beyond the empty JVM (no cache) |\n");
        body.append("|---|---:|---:|---:|---:|\n");
        Map<String, double[]> medians = new LinkedHashMap<>();
        for (String c : List.of("empty", "ffm", "hs256", "rs256")) {
            double plain = median(time(jar, lib, c, null, runs, cpu));
            Path aot = Path.of("bench", "target", "startup-" + c + "-" + lib.label().replace(' ', '-') + "-" + cpu + ".aot");
            Files.deleteIfExists(aot);
            run(command(jar, c, List.of("-XX:AOTCacheOutput=" + aot), cpu), lib); // the training run
            double cached = Files.exists(aot) ? median(time(jar, lib, c, aot, runs, cpu)) : Double.NaN;
            medians.put(c, new double[] {plain, cached});
        }
        double empty = medians.get("empty")[0];
        for (Map.Entry<String, double[]> e : medians.entrySet()) {
            double[] m = e.getValue();
            body.append(String.format(Locale.ROOT, "| %s | %.0f | %s | %.0f | %s |%n", label(e.getKey()), m[0],
                    e.getKey().equals("empty") ? "" : String.format(Locale.ROOT, "**%.0f**", m[0] - empty), m[1],
                    e.getKey().equals("empty") ? "" : String.format(Locale.ROOT, "**%.0f**", m[1] - empty)));
        }
        body.append('\n');
    }

    private static String label(String c) {
        return switch (c) {
            case "empty" -> "empty JVM";
            case "ffm" -> "the JDK's first FFM downcall, no lcjwt";
            case "hs256" -> "first HS256 decode";
            default -> "first RS256 decode";
        };
    }

    /** @param cpu the CPU to pin the process to, or {@code all} */
    static List<String> command(Path jar, String c, List<String> jvmArgs, String cpu) {
        List<String> cmd = new ArrayList<>();
        if (!cpu.equals("all") && Files.isExecutable(Path.of("/usr/bin/taskset"))) {
            cmd.addAll(List.of("taskset", "-c", cpu));
        }
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", jar.toString(), FirstToken.class.getName(), c));
        return cmd;
    }

    static void run(List<String> cmd, Lib lib) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("LCJWT_LIBCRYPTO", lib.path());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0 || !(out.contains("alice") || out.contains("empty") || out.contains("ffm 5"))) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
        }
    }

    static double[] time(Path jar, Lib lib, String c, Path aot, int runs, String cpu) throws Exception {
        List<String> cmd = command(jar, c, aot == null ? List.of() : List.of("-XX:AOTCache=" + aot), cpu);
        double[] ms = new double[runs];
        for (int i = -3; i < runs; i++) {
            long t0 = System.nanoTime();
            run(cmd, lib);
            if (i >= 0) {
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        return ms;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
