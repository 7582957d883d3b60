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
 * (a JVM starts its JIT and GC threads beside the main one, so one CPU makes start-up slower), and
 * one {@code bin/lcjwt verify} with and without its own AOT cache (issue #18). The page gives
 * medians and the time beyond the empty JVM; writes {@code bench/results-startup.md}.
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
                body.append("The command line, `bin/lcjwt verify`:\n\n");
                cliTable(body, lib, runs, cpu);
            }
        }
        String page = "# lcjwt benchmarks: the first token after JVM start\n\n"
                + "Written by `bin/race startup" + (args.length > 0 ? " " + io.lcjwt.bench.report.PageCommand.words(args) : "") + "`; do not edit by hand.\n\n"
                + "- When: " + DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(started.atZone(ZoneOffset.UTC).withNano(0))
                + " UTC, took " + Duration.between(started, Instant.now()).toSeconds() + " s\n"
                + "- Where: " + io.lcjwt.bench.report.Machine.cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " cores;"
                + " processes one after another. This is a shared 2-core VM: compare rows of one table, not pages.\n"
                + "- JDK: " + System.getProperty("java.vm.name") + " " + Runtime.version() + "\n\n"
                + "Each row is the median wall time of " + runs + " runs (after 3 rounds not counted) of `java"
                + " --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar io.lcjwt.bench.startup.FirstToken <case>`,"
                + " from process start to exit, so class loading, linking and the JIT are all counted. `empty` prints a word"
                + " and exits: the JVM's own start with the same class path, the baseline. `ffm` links and calls one C function"
                + " (`strlen`) through the JDK's `Linker` and loads nothing of lcjwt's: the JDK's own cost of a first FFM"
                + " downcall, the floor under lcjwt or any FFM library. `hs256` and `rs256` make the key"
                + " (a 32-byte secret; an RSA-2048 PEM public key) and the verifier and decode one token, as a service's"
                + " first request would. The AOT cache is the JDK 25 one (JEP 483/514), made for each case by one training run"
                + " with `-XX:AOTCacheOutput=<file>` and used with `-XX:AOTCache=<file>`; its \"beyond\" column is measured"
                + " against the empty JVM without a cache, which is what a user waits for. \"lcjwt's own\" is a decode's time beyond the"
                + " `ffm` case, without a cache: what lcjwt adds to the JDK's own first-call cost. The runs are interleaved: a round"
                + " runs every case once, without and with its cache, and the rounds repeat, so a slow spell of the machine"
                + " falls on all cases alike. Targets: at most 110 ms beyond the empty JVM without a cache, at"
                + " most 60 ms with one.\n\n"
                + "Below each table, the command line (target: at most 300 ms for one `lcjwt verify`): `bin/lcjwt verify"
                + " --key es256.pub.pem --alg ES256 TOKEN`, the whole command from the shell script's start to the JVM's"
                + " exit, with the AOT cache that `bin/lcjwt` writes for itself by one training run after each build (its"
                + " default on JDK 25 and later) and with `LCJWT_AOT=off`; its rounds are interleaved too.\n\n" + body;
        Files.writeString(Path.of("bench", "results-startup.md"), page);
        System.err.println("startup: wrote bench/results-startup.md");
    }

    private static final List<String> CASES = List.of("empty", "ffm", "hs256", "rs256");

    /**
     * One table: every case without and with its AOT cache, the eight processes of a round run
     * one after another and the rounds repeated, so that a spell of a slow machine falls on every
     * case alike rather than on whichever case it was timing then.
     */
    private static void table(StringBuilder body, Path jar, Lib lib, int runs, String cpu) throws Exception {
        body.append("| case | no cache: median ms | beyond the empty JVM | lcjwt's own: beyond the JDK's first downcall"
                + " | AOT cache: median ms | beyond the empty JVM (no cache) |\n");
        body.append("|---|---:|---:|---:|---:|---:|\n");
        Map<String, List<String>> plain = new LinkedHashMap<>();
        Map<String, List<String>> cached = new LinkedHashMap<>();
        for (String c : CASES) {
            Path aot = Path.of("bench", "target", "startup-" + c + "-" + lib.label().replace(' ', '-') + "-" + cpu + ".aot");
            Files.deleteIfExists(aot);
            run(command(jar, c, List.of("-XX:AOTCacheOutput=" + aot), cpu), lib.path(), null); // the training run
            plain.put(c, command(jar, c, List.of(), cpu));
            if (Files.exists(aot)) {
                cached.put(c, command(jar, c, List.of("-XX:AOTCache=" + aot), cpu));
            }
        }
        Map<String, double[]> times = new LinkedHashMap<>();
        for (int i = -3; i < runs; i++) {
            for (String c : CASES) {
                time(times, c, plain.get(c), lib.path(), null, i, runs);
                if (cached.containsKey(c)) {
                    time(times, c + "+aot", cached.get(c), lib.path(), null, i, runs);
                }
            }
        }
        double empty = median(times.get("empty"));
        double ffm = median(times.get("ffm"));
        for (String c : CASES) {
            double m = median(times.get(c));
            double a = times.containsKey(c + "+aot") ? median(times.get(c + "+aot")) : Double.NaN;
            boolean lcjwt = c.startsWith("hs") || c.startsWith("rs");
            body.append(String.format(Locale.ROOT, "| %s | %.0f | %s | %s | %.0f | %s |%n", label(c), m,
                    c.equals("empty") ? "" : String.format(Locale.ROOT, "**%.0f**", m - empty),
                    lcjwt ? String.format(Locale.ROOT, "%.0f", m - ffm) : "", a,
                    c.equals("empty") ? "" : String.format(Locale.ROOT, "**%.0f**", a - empty)));
        }
        body.append('\n');
    }

    /**
     * The command line's first token (issue #18): {@code bin/lcjwt verify} of an ES256 token with a
     * PEM public key, the whole command (script and JVM) from start to exit, with the AOT cache
     * that {@code bin/lcjwt} makes for itself and with {@code LCJWT_AOT=off}, rounds interleaved.
     */
    private static void cliTable(StringBuilder body, Lib lib, int runs, String cpu) throws Exception {
        Path dir = Path.of("bench", "target", "startup-cli").toAbsolutePath();
        Files.createDirectories(dir);
        String lcjwt = Path.of("bin", "lcjwt").toAbsolutePath().toString();
        Path key = dir.resolve("es256.pem");
        Path pub = dir.resolve("es256.pub.pem");
        if (!Files.exists(pub)) {
            run(List.of(lcjwt, "keygen", "--alg", "ES256", "--force", "--out", key.toString(), "--public-out",
                    pub.toString()), lib.path(), null);
        }
        String token = run(List.of(lcjwt, "sign", "--key", key.toString(), "--claim", "sub=alice", "--exp", "24h"),
                lib.path(), null).strip();
        List<String> verify = pinned(cpu, List.of(lcjwt, "verify", "--key", pub.toString(), "--alg", "ES256", token));
        run(verify, lib.path(), null); // makes bin/lcjwt's AOT cache if the jar is newer than it
        Map<String, double[]> times = new LinkedHashMap<>();
        for (int i = -3; i < runs; i++) {
            time(times, "aot", verify, lib.path(), null, i, runs);
            time(times, "off", verify, lib.path(), "off", i, runs);
        }
        body.append("| command | median ms | range ms |\n|---|---:|---|\n");
        body.append(String.format(Locale.ROOT, "| `bin/lcjwt verify` with the AOT cache it makes (its default on JDK 25) | **%.0f** | %s |%n",
                median(times.get("aot")), range(times.get("aot"))));
        body.append(String.format(Locale.ROOT, "| `LCJWT_AOT=off bin/lcjwt verify` | **%.0f** | %s |%n%n",
                median(times.get("off")), range(times.get("off"))));
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
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", jar.toString(), FirstToken.class.getName(), c));
        return pinned(cpu, cmd);
    }

    private static List<String> pinned(String cpu, List<String> cmd) {
        if (cpu.equals("all") || !Files.isExecutable(Path.of("/usr/bin/taskset"))) {
            return cmd;
        }
        List<String> out = new ArrayList<>(List.of("taskset", "-c", cpu));
        out.addAll(cmd);
        return out;
    }

    /**
     * Runs {@code cmd} with lcjwt on {@code libcrypto} (and {@code LCJWT_AOT} when not null), which
     * must exit with 0 and print {@link #OK} or a token; returns what it printed on standard output.
     */
    static String run(List<String> cmd, String libcrypto, String aotSetting) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("LCJWT_LIBCRYPTO", libcrypto);
        if (aotSetting != null) {
            pb.environment().put("LCJWT_AOT", aotSetting);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0 || !OK.matcher(out).find()) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "):\n" + out);
        }
        return out;
    }

    /** What a good run prints: FirstToken's word or the subject, a key file written, or a token. */
    private static final java.util.regex.Pattern OK =
            java.util.regex.Pattern.compile("alice|^empty|^ffm 5|^thumbprint: |^eyJ", java.util.regex.Pattern.MULTILINE);

    /** Times one run of {@code cmd} into {@code times[label][i]}; runs before the first ({@code i < 0}) are not kept. */
    private static void time(Map<String, double[]> times, String label, List<String> cmd, String libcrypto,
            String aotSetting, int i, int runs) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        run(cmd, libcrypto, aotSetting);
        if (i >= 0) {
            times.computeIfAbsent(label, k -> new double[runs])[i] = (System.nanoTime() - t0) / 1e6;
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static String range(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%.0f-%.0f", s[0], s[s.length - 1]);
    }
}
