package io.lcjwt.bench.race;

import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.LibCrypto;
import io.lcjwt.bench.report.JmhTables;
import io.lcjwt.bench.report.Machine;
import io.lcjwt.bench.report.RaceSvg;
import io.lcjwt.bench.report.RaceTables;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs lcjwt and its peers one after another, each in its own process pinned to one CPU, and
 * writes the result pages. Modes:
 * <ul>
 *   <li>{@code race [HS256|RS256|ES256|all]}: one typical token; 100,000 decodes x 3 rounds for
 *       HS256 and RS256, 10,000 x 3 for ES256 (the JDK-based peers take about a millisecond per
 *       ES256 verify). Each race has its own page, so running one never drops another's:
 *       {@code bench/results-race.md} (HS256, with {@code bench/results-race.svg}),
 *       {@code bench/results-race-rs256.md} and {@code bench/results-race-es256.md}.</li>
 *   <li>{@code docker}: HS256, every token size x secret size; writes
 *       {@code bench/results-docker.md}. (Named for the Docker run it mirrors: on a machine with
 *       Docker, {@code bench/docker/compose.yml} runs the same program per contender image.)</li>
 *   <li>{@code matrix}: every algorithm and key size x payload size x key source (secret, PEM,
 *       JWKS document, JWKS URL over HTTPS); writes {@code bench/results-matrix.md}.</li>
 *   <li>{@code jmh}: the JMH benchmarks (HS256 and RS256/ES256/EdDSA decode for lcjwt, the Java
 *       peers and the bare libcrypto floor) with {@code -prof gc}, once per libcrypto; writes
 *       {@code bench/results-jmh.md} (µs/op with JMH's 99.9 % error, bytes allocated per decode).
 *       {@code --regex R} picks benchmarks, {@code --jmh "opts"} overrides the run options,
 *       {@code --lib aws-lc} (or {@code "OpenSSL 3"}) runs on one libcrypto only, and
 *       {@code --page results-jmh-hs256.md} writes another page. When the HS256 decode bench ran,
 *       the page also gives lcjwtRecord's throughput against the fastest of auth0, fusionauth
 *       and vert.x, and against jjwt, from the same run. With {@code --regex SignBench} the run
 *       is the signing matrix ({@code SignBench}; options default to {@link #SIGN_JMH}, about 22
 *       minutes per libcrypto), its JSON goes to {@code bench/results-sign-<libcrypto>.json}, and
 *       the page ({@code bench/results-sign.md} unless {@code --page} says otherwise) is rendered by
 *       {@link io.lcjwt.bench.report.SignPage}: lcjwt against the fastest peer and the bare
 *       libcrypto sign per algorithm, with issue #17's targets, and every contender's µs and B/op:
 *       {@code bin/race jmh --lib aws-lc --regex SignBench --page results-sign.md}. With {@code --regex JweBench} it writes
 *       {@code bench/results-jwe.md} instead ({@link io.lcjwt.bench.report.JwePage}: decrypt and
 *       encrypt per case, lcjwt against the faster of Nimbus and jose4j and against the bare
 *       libcrypto calls, issue #14's targets), its JSON in {@code bench/results-jwe-<libcrypto>.json};
 *       {@code --rerun "OpenSSL 3"} (or {@code aws-lc}) runs that libcrypto again and renders the
 *       other from its last JSON. With {@code --regex SdJwtBench} it writes
 *       {@code bench/results-sd-jwt.md} ({@link io.lcjwt.bench.report.SdJwtPage}: SD-JWT verify and
 *       issue, lcjwt against {@code com.authlete:sd-jwt} with Nimbus, µs and B/op, with the targets),
 *       its JSON in {@code bench/results-sd-jwt-<libcrypto>.json}, the same options. With {@code --regex MlDsaBench}
 *       it writes {@code bench/results-mldsa.md} ({@link io.lcjwt.bench.report.MlDsaPage}: ML-DSA-44/65/87
 *       verify and sign, lcjwt against the bare aws-lc calls and the JDK's {@code Signature}, ES256 and
 *       EdDSA beside them, and token and key sizes), its JSON in {@code bench/results-mldsa-<libcrypto>.json};
 *       aws-lc only, as OpenSSL 3.0 has no ML-DSA: {@code bin/race jmh --lib aws-lc --regex MlDsaBench
 *       --page results-mldsa.md}.</li>
 *   <li>{@code spring}: {@code SpringDecoderBench} (Spring Security's {@code JwtDecoder.decode}:
 *       lcjwt's {@code LcjwtJwtDecoder} against {@code NimbusJwtDecoder} as Spring Boot builds it,
 *       ES256, RS256 and HS256) with {@code -prof gc}, once per libcrypto; writes
 *       {@code bench/results-spring.md}: decodes per second, bytes per decode, and lcjwt's
 *       throughput as a multiple of Nimbus's against issue #13's targets. {@code --jmh},
 *       {@code --lib} and {@code --from-json} ({@code bench/results-spring-<libcrypto>.json}) as
 *       for {@code jmh}.</li>
 *   <li>{@code dpop}: {@code DpopBench} (a DPoP request, ES256 token and proof, in Spring
 *       Security's {@code DPoPAuthenticationProvider}: lcjwt's decoder and proof verifier factory
 *       against Spring's defaults) and {@code ReplayStoreBench} (the in-memory replay store's cost
 *       per proof with 1,000,000 live entries), once per libcrypto; writes
 *       {@code bench/results-dpop.md} with {@link io.lcjwt.bench.report.DpopPage}. {@code --jmh},
 *       {@code --lib} and {@code --from-json} ({@code bench/results-dpop-<libcrypto>.json}).</li>
 *   <li>{@code claims}: {@code ClaimsReaderBench} once per reader (Jackson-jr alone, lcjwt's
 *       reader, lcjwt reading with Jackson-jr), one JVM each; writes {@code bench/results-claims.md}
 *       with {@link io.lcjwt.bench.report.ClaimsPage}. {@code --jmh} and {@code --from-json}
 *       ({@code bench/results-claims-<reader>.json}).</li>
 *   <li>{@code agree}: sets the HS256 race against the HS256 JMH page pair by pair and writes
 *       {@code bench/results-race-vs-jmh.md} ({@link io.lcjwt.bench.report.RaceAgreement}); runs
 *       nothing, reads the two pages as they are.</li>
 *   <li>{@code svg}: redraws {@code bench/results-race.svg} from the last race's raw results
 *       ({@code bench/results-race.jsonl}).</li>
 *   <li>{@code docker --from-raw}, {@code matrix --from-raw}: render the page again from the
 *       finished run's raw lines ({@code bench/results-<mode>.jsonl}) without running anything;
 *       {@code jmh ... --from-json} does the same for a JMH page from the JMH result files
 *       ({@code bench/results-jmh-<libcrypto>.json}).</li>
 *   <li>{@code smoke}: every contender on one case with tiny counts; prints the table, writes
 *       nothing; exits 1 if any contender failed.</li>
 * </ul>
 * Options: {@code --in-docker} runs every contender in its container ({@code bench/docker/compose.yml},
 * built first) instead of as a local process; {@code --decodes N --rounds R --warmup W} override the counts (warm-up defaults to one round's worth), {@code --processes P} runs each JVM contender in P processes (in interleaved passes over the contenders) and takes the median of their medians (3 for {@code race}, else 1), {@code --only a,b} limits the
 * contenders, {@code --cpu K} picks the CPU ({@code LCJWT_BENCH_CPU}, default 1). Java contenders
 * run as {@code JavaContender} with a 500 MB heap; lcjwt runs once per libcrypto found (aws-lc
 * and OpenSSL 3). Other-language contenders run through {@code bench/race/run-contender.sh} when
 * built ({@code bench/race/build.sh}); otherwise they are listed as skipped.
 */
public final class Race {

    static final List<String> JAVA = List.of("lcjwt-record", "lcjwt-bean", "lcjwt-map", "jjwt", "auth0", "nimbus",
            "jose4j", "fusionauth", "vertx", "smallrye");
    static final List<String> OTHER = List.of("fast-jwt", "jose", "golang-jwt", "jsonwebtoken");
    static final Path HS256 = Path.of("bench/fixtures/hs256.json");
    static final Path ASYM = Path.of("bench/fixtures/asym.json");

    /** A libcrypto lcjwt can be run on: its label and path. */
    record Lib(String label, String path) {}

    /** One process to run: who, which cases, which key source. */
    record Job(String label, String contender, List<String> cases, Path fixture, String source, Lib lib) {}

    private final int cpu;
    private final List<String> only;
    private boolean inDocker;
    private long warmup = -1;
    /**
     * How many processes each JVM contender runs in ({@code --processes}; 3 for the races, else 1).
     * Each JVM settles at a speed of its own, so one process samples a spread (auth0's three
     * processes once timed 6.09, 9.46 and 8.15 µs). A row is the median of the processes' medians.
     */
    int processes = 1;
    /** Set by {@code --from-raw}: the raw results file of a finished run, rendered again. */
    private Path fromRaw;
    private final List<Lib> libs = new ArrayList<>();
    private final List<Result> results = new ArrayList<>();
    private final Instant started = Instant.now();
    /** The page's last header line: how the contenders were checked, and the baseline. */
    private String checked = "Each contender was validated before timing: the fixture's claims, and a rejection of the"
            + " expired and the wrong-audience token with its own error. Baseline for speed-ups: jjwt.";

    Race(int cpu, List<String> only) {
        this.cpu = cpu;
        this.only = only;
        String loaded = LibCrypto.describe();
        if (LibCrypto.name().equals("aws-lc")) {
            libs.add(new Lib("aws-lc", LibCrypto.path().toString()));
            System.err.println("race: lcjwt on " + loaded);
        }
        Path openssl = openssl();
        if (openssl != null) {
            libs.add(new Lib("OpenSSL 3", openssl.toString()));
        }
        if (libs.isEmpty()) {
            libs.add(new Lib(LibCrypto.name(), LibCrypto.path().toString()));
        }
    }

    private static Path openssl() {
        String env = System.getenv("LCJWT_OPENSSL");
        if (env != null) {
            return Path.of(env);
        }
        for (String p : List.of("/usr/lib/x86_64-linux-gnu/libcrypto.so.3", "/usr/lib/aarch64-linux-gnu/libcrypto.so.3",
                "/usr/lib/libcrypto.so.3", "/lib/libcrypto.so.3", "/usr/lib64/libcrypto.so.3")) {
            if (Files.exists(Path.of(p))) {
                return Path.of(p);
            }
        }
        return null;
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: Race race [HS256|RS256|ES256|all] | docker | matrix | jmh | spring | dpop | claims | smoke | svg | readme | agree | startup  [--decodes N]"
                    + " [--rounds R] [--only a,b] [--cpu K]");
            System.exit(2);
        }
        String mode = args[0];
        if (mode.equals("readme")) {
            io.lcjwt.bench.report.ReadmeFigures.main(new String[0]);
            return;
        }
        if (mode.equals("agree")) {
            io.lcjwt.bench.report.RaceAgreement.main(new String[0]);
            return;
        }
        if (mode.equals("startup")) {
            io.lcjwt.bench.startup.Startup.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        String which = args.length > 1 && !args[1].startsWith("--") ? args[1] : "HS256";
        Map<String, String> opt = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].startsWith("--") && !args[i].equals("--in-docker") && !args[i].equals("--from-raw")
                    && !args[i].equals("--from-json") && i + 1 < args.length) {
                opt.put(args[i].substring(2), args[++i]);
            }
        }
        int cpu = Integer.parseInt(opt.getOrDefault("cpu", System.getenv().getOrDefault("LCJWT_BENCH_CPU", "1")));
        List<String> only = opt.containsKey("only") ? List.of(opt.get("only").split(",")) : null;
        Race race = new Race(cpu, only);
        race.inDocker = List.of(args).contains("--in-docker");
        race.warmup = Long.parseLong(opt.getOrDefault("warmup", "-1"));
        race.processes = Integer.parseInt(opt.getOrDefault("processes", mode.equals("race") ? "3" : "1"));
        if (race.processes < 1) {
            throw new IllegalArgumentException("--processes must be at least 1, not " + race.processes);
        }
        if (List.of(args).contains("--from-raw")) {
            race.fromRaw = Path.of("bench", "results-" + mode + ".jsonl");
            for (String line : Files.readAllLines(race.fromRaw)) {
                int tab = line.indexOf('\t');
                race.results.add(parse(line.substring(0, tab), line.substring(tab + 1), null));
            }
        }
        int rounds = Integer.parseInt(opt.getOrDefault("rounds", mode.equals("smoke") ? "1" : "3"));
        String cmd = "bin/race " + io.lcjwt.bench.report.PageCommand.words(args);
        switch (mode) {
            case "race" -> {
                List<String> algs = which.equals("all") ? List.of("HS256", "RS256", "ES256") : List.of(which);
                for (String alg : algs) {
                    long n = Long.parseLong(opt.getOrDefault("decodes", alg.equals("ES256") ? "10000" : "100000"));
                    String kase = raceCase(alg);
                    Instant began = Instant.now();
                    race.runAll(List.of(kase), alg.equals("HS256") ? HS256 : ASYM, alg.equals("HS256") ? "secret" : "pem",
                            n, rounds, true);
                    if (alg.equals("HS256")) {
                        race.writeSvg(kase, n);
                    }
                    // One page per race: a later `bin/race` (HS256 only) must not drop the others.
                    race.writePage(racePage(alg), "The " + alg + " race", cmd, RaceTables.raceSection(race.results, alg, kase, n, rounds,
                            race.processes),
                            r -> r.kase().equals(kase), began);
                }
            }
            case "docker" -> {
                long n = Long.parseLong(opt.getOrDefault("decodes", "10000"));
                List<String> cases = caseNames(HS256);
                race.runAll(cases, HS256, "secret", n, rounds, true);
                race.writePage("results-docker.md", "HS256 by token size and secret size", cmd,
                        race.grid(cases, "secret", n, rounds));
            }
            case "matrix" -> {
                long n = Long.parseLong(opt.getOrDefault("decodes", "300"));
                StringBuilder page = new StringBuilder();
                List<String> hs = caseNames(HS256);
                race.runAll(hs, HS256, "secret", n, rounds, true);
                page.append("## HMAC secret\n\n").append(race.grid(hs, "secret", n, rounds));
                List<String> asym = caseNames(ASYM);
                for (String source : List.of("pem", "jwks", "jwks-url")) {
                    race.runAll(asym, ASYM, source, n, rounds, source.equals("pem"));
                    page.append("## Key source: ").append(source).append("\n\n").append(race.grid(asym, source, n, rounds));
                }
                race.writePage("results-matrix.md", "Every algorithm, key size, payload and key source", cmd, page.toString());
            }
            case "jmh" -> {
                StringBuilder page = new StringBuilder();
                if (opt.getOrDefault("regex", "").contains("MlDsaBench")) {
                    for (Lib lib : race.libs) {
                        if (opt.containsKey("lib") && !lib.label().equalsIgnoreCase(opt.get("lib"))) {
                            continue;
                        }
                        page.append(race.mlDsa(lib, opt.get("regex"), opt.getOrDefault("jmh", MLDSA_JMH),
                                List.of(args).contains("--from-json")));
                    }
                    race.checked = MLDSA_CHECKED;
                    race.writePage(opt.getOrDefault("page", "results-mldsa.md"), "ML-DSA (RFC 9964), lcjwt against"
                            + " the bare aws-lc calls and the JDK's Signature, with ES256 and EdDSA", cmd, page.toString());
                    return;
                }
                boolean sdJwt = opt.getOrDefault("regex", "").contains("SdJwtBench");
                if (opt.getOrDefault("regex", "").contains("JweBench") || sdJwt) {
                    for (Lib lib : race.libs) {
                        if (opt.containsKey("lib") && !lib.label().equalsIgnoreCase(opt.get("lib"))) {
                            continue;
                        }
                        // --rerun LIB: run that libcrypto's JMH again, and render the other from its last JSON.
                        boolean fromJson = List.of(args).contains("--from-json")
                                || opt.containsKey("rerun") && !lib.label().equalsIgnoreCase(opt.get("rerun"));
                        page.append(sdJwt
                                ? race.jmhPage(lib, opt.get("regex"), opt.getOrDefault("jmh", SD_JWT_JMH), fromJson,
                                        "results-sd-jwt-", io.lcjwt.bench.report.SdJwtPage::section)
                                : race.jmhPage(lib, opt.get("regex"), opt.getOrDefault("jmh", JWE_JMH), fromJson,
                                        "results-jwe-", io.lcjwt.bench.report.JwePage::section));
                    }
                    race.checked = sdJwt ? SD_JWT_CHECKED : JWE_CHECKED;
                    race.writePage(opt.getOrDefault("page", sdJwt ? "results-sd-jwt.md" : "results-jwe.md"), sdJwt
                            ? "SD-JWT, lcjwt against com.authlete:sd-jwt with Nimbus"
                            : "JWE, lcjwt against Nimbus and jose4j, with the bare libcrypto calls", cmd, page.toString());
                    return;
                }
                if (opt.getOrDefault("regex", "").contains("SpringEncoderBench")) {
                    for (Lib lib : race.libs) {
                        if (!opt.containsKey("lib") || lib.label().equalsIgnoreCase(opt.get("lib"))) {
                            page.append(race.spring(lib, "SpringEncoderBench", opt.getOrDefault("jmh", SPRING_JMH),
                                    List.of(args).contains("--from-json")));
                        }
                    }
                    race.checked = SPRING_ENCODER_CHECKED;
                    race.writePage(opt.getOrDefault("page", "results-spring-encoder.md"),
                            "Spring Security's JwtEncoder, lcjwt against Nimbus", cmd, page.append(SPRING_ENCODER_ABOUT).toString());
                    return;
                }
                boolean sign = opt.getOrDefault("regex", "").contains("SignBench");
                for (Lib lib : race.libs) {
                    if (opt.containsKey("lib") && !lib.label().equalsIgnoreCase(opt.get("lib"))) {
                        continue;
                    }
                    page.append(race.jmh(lib, opt.getOrDefault("regex", "Hs256DecodeBench|AsymDecodeBench"),
                            opt.getOrDefault("jmh", sign ? SIGN_JMH : "-f 1 -wi 3 -w 1s -i 5 -r 1s"),
                            List.of(args).contains("--from-json")));
                }
                boolean jwk = opt.getOrDefault("regex", "").contains("JwkBench");
                if (jwk) {
                    page.append(io.lcjwt.bench.JwkImportChecks.section(race.jwkRefusals()));
                    race.checked = "Before timing, every library's key had to have the JDK's own encoding, every"
                            + " thumbprint had to agree, and what each library writes had to read back to the same key"
                            + " (JwkBench's setup methods).";
                }
                if (sign) {
                    race.checked = SIGN_CHECKED;
                }
                race.writePage(opt.getOrDefault("page", sign ? "results-sign.md" : "results-jmh.md"), jwk ? "JWK and JWKS, lcjwt against Nimbus,"
                        + " jose4j and jjwt" : sign ? "signing, lcjwt against its peers and the bare libcrypto sign"
                        : "JMH, with allocation per decode", cmd, page.toString());
            }
            case "spring" -> {
                StringBuilder page = new StringBuilder();
                for (Lib lib : race.libs) {
                    if (opt.containsKey("lib") && !lib.label().equalsIgnoreCase(opt.get("lib"))) {
                        continue;
                    }
                    page.append(race.spring(lib, "SpringDecoderBench", opt.getOrDefault("jmh", SPRING_JMH),
                            List.of(args).contains("--from-json")));
                }
                race.checked = SPRING_CHECKED;
                race.writePage("results-spring.md", "Spring Security's JwtDecoder, lcjwt against Nimbus", cmd,
                        page.append(SPRING_ABOUT).toString());
            }
            case "dpop" -> {
                StringBuilder page = new StringBuilder();
                for (Lib lib : race.libs) {
                    if (opt.containsKey("lib") && !lib.label().equalsIgnoreCase(opt.get("lib"))) {
                        continue;
                    }
                    page.append(race.dpop(lib, opt.getOrDefault("jmh", DPOP_JMH), List.of(args).contains("--from-json")));
                }
                race.checked = DPOP_CHECKED;
                race.writePage("results-dpop.md", "DPoP in Spring Security's DPoPAuthenticationProvider, lcjwt against"
                        + " Spring's defaults; the replay store", cmd, page.toString());
            }
            case "claims" -> {
                String options = opt.getOrDefault("jmh", CLAIMS_JMH);
                Map<String, Path> runs = new LinkedHashMap<>();
                for (String reader : io.lcjwt.bench.report.ClaimsPage.READERS) {
                    Path json = Path.of("bench", "results-claims-" + reader + ".json");
                    if (!List.of(args).contains("--from-json")) {
                        int exit = race.runJmh(race.libs.get(0), "ClaimsReaderBench", options, json, "-Dlcjwt.bench.reader=" + reader);
                        if (exit != 0) {
                            throw new IllegalStateException("JMH failed for " + reader + " (exit " + exit + ")");
                        }
                    } else {
                        race.fromRaw = json;
                    }
                    runs.put(reader, json);
                }
                Map<String, Integer> sizes = new LinkedHashMap<>();
                for (String p : CLAIMS_PAYLOADS) {
                    sizes.put(p, io.lcjwt.bench.ClaimsReaderBench.payloadBytes(p).length);
                }
                race.checked = "Before timing, each reader had to give the same Map, record and bean as lcjwt's reader"
                        + " for every payload (ClaimsReaderBench.setup). Baseline: Jackson-jr.";
                race.writePage("results-claims.md", "claims readers, lcjwt's against Jackson-jr", cmd,
                        io.lcjwt.bench.report.ClaimsPage.render(runs, sizes, options));
            }
            case "svg" -> {
                for (String line : Files.readAllLines(Path.of("bench/results-race.jsonl"))) {
                    race.results.add(parse(line.substring(0, line.indexOf('\t')), line.substring(line.indexOf('\t') + 1), "secret"));
                }
                Result any = race.results.stream().filter(r -> r.kase().equals("typical-64") && r.ok()).findFirst()
                        .orElseThrow(() -> new IllegalStateException("no HS256 race in bench/results-race.jsonl; run bin/race first"));
                race.writeSvg("typical-64", any.decodes());
            }
            case "smoke" -> {
                race.warmup = 100;
                race.runAll(List.of("typical-64"), HS256, "secret", 300, 1, true);
                race.runAll(List.of("ES256-P-256-typical"), ASYM, "pem", 100, 1, true);
                System.out.println(RaceTables.raceSection(race.results, "HS256", "typical-64", 300, 1, 1));
                System.out.println(RaceTables.raceSection(race.results, "ES256", "ES256-P-256-typical", 100, 1, 1));
                if (race.results.stream().anyMatch(r -> r.status().equals("failed"))) {
                    System.exit(1);
                }
            }
            default -> {
                System.err.println("unknown mode " + mode);
                System.exit(2);
            }
        }
    }

    /** The page each race writes (HS256's keeps the name the README and the SVG have always used). */
    static String racePage(String alg) {
        return alg.equals("HS256") ? "results-race.md" : "results-race-" + alg.toLowerCase(Locale.ROOT) + ".md";
    }

    static String raceCase(String alg) {
        return switch (alg) {
            case "HS256" -> "typical-64";
            case "RS256" -> "RS256-RSA-2048-typical";
            case "ES256" -> "ES256-P-256-typical";
            default -> throw new IllegalArgumentException("no race for " + alg);
        };
    }

    static List<String> caseNames(Path fixture) throws IOException {
        List<String> names = new ArrayList<>();
        for (Object c : (List<?>) JSON.std.mapFrom(Files.readString(fixture)).get("cases")) {
            names.add((String) ((Map<?, ?>) c).get("name"));
        }
        return names;
    }

    // ---- running ----

    void runAll(List<String> cases, Path fixture, String source, long decodes, int rounds, boolean others) throws Exception {
        if (fromRaw != null) {
            return; // the results were read from a finished run's raw lines
        }
        List<Job> jobs = new ArrayList<>();
        for (String c : JAVA) {
            if (only != null && !only.contains(c)) {
                continue;
            }
            if (c.startsWith("lcjwt")) {
                for (Lib lib : libs) {
                    jobs.add(new Job(c + " (" + lib.label() + ")", c, cases, fixture, source, lib));
                }
            } else {
                jobs.add(new Job(c, c, cases, fixture, source, null));
            }
        }
        if (others) {
            for (String c : OTHER) {
                if (only == null || only.contains(c)) {
                    for (String k : cases) { // the other programs take one case per run
                        jobs.add(new Job(c, c, List.of(k), fixture, source, null));
                    }
                }
            }
        }
        List<Job> order = passes(jobs, processes);
        Map<Job, Map<String, List<Result>>> byJob = new LinkedHashMap<>();
        Instant phase = Instant.now();
        for (int i = 0; i < order.size(); i++) {
            Job j = order.get(i);
            Duration elapsed = Duration.between(phase, Instant.now());
            System.err.printf(Locale.ROOT, "race: [%d/%d] %s, %s %s (%d case%s), elapsed %ds%s%n", i + 1, order.size(),
                    j.label(), j.source(), j.cases().size() == 1 ? j.cases().get(0) : fixture.getFileName(),
                    j.cases().size(), j.cases().size() == 1 ? "" : "s", Duration.between(started, Instant.now()).toSeconds(),
                    i == 0 ? "" : ", about " + elapsed.toSeconds() * (order.size() - i) / i + "s left");
            for (Result r : runOnce(j, decodes, rounds)) {
                byJob.computeIfAbsent(j, k -> new LinkedHashMap<>()).computeIfAbsent(r.kase(), k -> new ArrayList<>()).add(r);
            }
        }
        for (Map<String, List<Result>> byCase : byJob.values()) {
            for (List<Result> perProcess : byCase.values()) {
                results.add(merged(perProcess));
            }
        }
    }

    /**
     * The order the processes run in: {@code processes} passes over the JVM jobs (A B C, A B C),
     * the native ones in the first only. Not each contender's back to back (A A A B B B): the
     * host's speed drifts over minutes, and a drift then falls on every contender alike instead
     * of on whichever ran during it.
     */
    static List<Job> passes(List<Job> jobs, int processes) {
        List<Job> order = new ArrayList<>();
        for (int p = 0; p < processes; p++) {
            for (Job j : jobs) {
                if (p == 0 || JAVA.contains(j.contender())) {
                    order.add(j);
                }
            }
        }
        return order;
    }

    /** One row from the results of one contender and case in each of its processes (one for a native contender). */
    private static Result merged(List<Result> perProcess) {
        if (perProcess.size() == 1) {
            return perProcess.get(0);
        }
        Result m = Result.merge(perProcess);
        if (m.ok()) {
            System.err.printf(Locale.ROOT, "race:   %s %s: median of %d processes' medians %.3f µs/decode %s%n",
                    m.label(), m.kase(), perProcess.size(), m.median(), m.usPerDecode());
        }
        return m;
    }

    /** Runs job {@code j} once, in one process; a result per case. */
    private List<Result> runOnce(Job j, long decodes, int rounds) throws Exception {
        List<String> cmd = new ArrayList<>();
        boolean java = JAVA.contains(j.contender());
        if (inDocker) {
            // compose.yml pins each container to BENCH_CPU with 500 MB; one container at a time.
            cmd.addAll(List.of("docker", "compose", "-f", "bench/docker/compose.yml", "run", "--rm", "-T"));
            if (j.lib() != null && !j.lib().label().equals("aws-lc")) {
                cmd.addAll(List.of("-e", "LCJWT_LIBCRYPTO=/usr/lib/libcrypto.so.3")); // Alpine's OpenSSL 3
            }
            String service = java ? "java" : j.contender().equals("golang-jwt") ? "go"
                    : j.contender().equals("jsonwebtoken") ? "rust" : "node";
            cmd.add(service);
            if (java) {
                cmd.addAll(List.of("--source", j.source()));
            }
            if (java || service.equals("node")) {
                cmd.addAll(List.of("--contender", j.contender()));
            }
        } else if (Files.isExecutable(Path.of("/usr/bin/taskset"))) {
            cmd.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
        }
        if (inDocker) {
            // arguments only, added below
        } else if (java) {
            cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "-Xms500m", "-Xmx500m", "-cp", jar(),
                    "io.lcjwt.bench.race.JavaContender", "--contender", j.contender(), "--source", j.source()));
        } else {
            cmd.addAll(List.of("bench/race/run-contender.sh", j.contender()));
        }
        // A JVM contender warms until its rate settles (JavaContender.settle: rounds of at least
        // 1 s until, after at least 10, two agree within 3 %, at most 30): a fixed warm-up left the deeper Java peers'
        // JIT unsettled and their rounds falling (auth0 9.5 -> 6.2 -> 4.1 us), which flattered lcjwt.
        // Native contenders keep one round's worth of warm-up.
        cmd.addAll(List.of("--fixture", j.fixture().toString(), "--case", String.join(",", j.cases()),
                "--decodes", Long.toString(decodes), "--rounds", Integer.toString(rounds),
                "--warmup", warmup >= 0 ? Long.toString(warmup) : java ? "settle" : Long.toString(decodes)));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.PIPE);
        if (j.lib() != null) {
            pb.environment().put("LCJWT_LIBCRYPTO", j.lib().path());
        }
        if (!java) {
            pb.environment().put("GOMAXPROCS", "1");
            pb.environment().put("NODE_OPTIONS", "--max-old-space-size=500");
        }
        Process p = pb.start();
        byte[] err = p.getErrorStream().readAllBytes();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
        }
        List<Result> rs = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("{")) {
                rs.add(parse(j.label(), line, j.source()));
            }
        }
        if (rs.isEmpty()) {
            String why = new String(err, StandardCharsets.UTF_8).strip();
            boolean notBuilt = p.exitValue() == 2 && why.contains("not built");
            for (String k : j.cases()) {
                rs.add(new Result(j.label(), j.contender(), java ? "java" : "?", "", "", null, k, "", j.source(),
                        notBuilt ? "skipped" : "failed", notBuilt ? "not built here (bench/race/build.sh: toolchain absent)"
                        : "exit " + p.exitValue() + ": " + last(why), 0, List.of(), null, List.of()));
            }
        }
        for (Result r : rs) {
            System.err.printf(Locale.ROOT, "race:   %s %s: %s%s%n", r.label(), r.kase(), r.status(),
                    r.ok() ? String.format(Locale.ROOT, " %.3f µs/decode %s", r.median(), r.usPerDecode())
                            : r.reason() == null ? "" : " (" + r.reason() + ")");
        }
        return rs;
    }

    private static String last(String s) {
        String[] lines = s.split("\n");
        return lines[lines.length - 1];
    }

    private static String jar() {
        String cp = System.getProperty("java.class.path");
        return cp.contains(File.pathSeparator) || cp.isEmpty() ? "bench/target/benchmarks.jar" : cp;
    }

    @SuppressWarnings("unchecked")
    static Result parse(String label, String line, String source) throws IOException {
        Map<String, Object> m = JSON.std.mapFrom(line);
        List<Double> us = numbers(m.get("usPerDecode"));
        List<Double> warm = numbers(m.get("warmupUsPerDecode"));
        return new Result(label, str(m, "contender"), str(m, "family"), str(m, "version"), str(m, "runtime"),
                str(m, "libcrypto"), str(m, "case"), str(m, "alg"), m.containsKey("source") ? str(m, "source") : source,
                str(m, "status"), str(m, "reason"), m.get("decodes") instanceof Number n ? n.longValue() : 0, us,
                m.get("settled") instanceof Boolean b ? b : null, warm);
    }

    private static List<Double> numbers(Object list) {
        List<Double> out = new ArrayList<>();
        if (list instanceof List<?> l) {
            for (Object o : l) {
                out.add(((Number) o).doubleValue());
            }
        }
        return out;
    }

    private static String str(Map<String, Object> m, String k) {
        Object v = m.get(k);
        return v == null ? null : v.toString();
    }

    /**
     * Runs JMH on {@code lib} (pinned, 500 MB), then renders its JSON as a table; SignBench's
     * results go to their own file and {@link io.lcjwt.bench.report.SignPage}.
     */
    String jmh(Lib lib, String regex, String options, boolean fromJson) throws Exception {
        boolean sign = regex.contains("SignBench");
        String slug = lib.label().replace(' ', '-').toLowerCase(Locale.ROOT);
        Path json = Path.of("bench", (sign ? "results-sign-" : "results-jmh-") + slug + ".json");
        String failed = runOrRead(lib, regex, options, json, fromJson, "## JMH on ");
        if (failed != null) {
            return failed;
        }
        String results = Files.readString(json);
        if (regex.contains("JwkBench")) {
            return JmhTables.jmhSection(lib.label(), results, options)
                    + io.lcjwt.bench.report.JwkPage.verdict(lib.label(), results, jwkRefusals());
        }
        if (sign) {
            Path allocs = Path.of("bench", "results-sign-allocs-" + slug + ".json");
            if (!fromJson) {
                System.err.println("race: counting allocations per sign on " + lib.label() + " (SignAllocations)");
                Files.writeString(allocs, io.lcjwt.bench.SignAllocations.toJson(
                        io.lcjwt.bench.SignAllocations.countAll(lib.path(), cpu)));
            }
            return io.lcjwt.bench.report.SignPage.section(lib.label(), results, options,
                    Files.exists(allocs) ? Files.readString(allocs) : null);
        }
        return JmhTables.jmhSection(lib.label(), results, options);
    }

    private java.util.Map<String, java.util.Map<String, Boolean>> jwkRefusals;

    /** What each JwkBench library refuses on import, asked once per page ({@code JwkImportChecks}). */
    java.util.Map<String, java.util.Map<String, Boolean>> jwkRefusals() throws Exception {
        if (jwkRefusals == null) {
            jwkRefusals = io.lcjwt.bench.JwkImportChecks.refusals();
        }
        return jwkRefusals;
    }

    /**
     * Runs JMH on {@code lib} into {@code json}, or with {@code fromJson} takes the JSON of the last
     * run; null when there are results to render, else the page section that says why not, under
     * {@code heading} and the library's name.
     */
    private String runOrRead(Lib lib, String regex, String options, Path json, boolean fromJson, String heading)
            throws IOException, InterruptedException {
        if (fromJson) {
            if (!Files.exists(json)) {
                return heading + lib.label() + "\n\nNo results to render: " + json + " is missing.\n\n";
            }
            fromRaw = json;
            return null;
        }
        int exit = runJmh(lib, regex, options, json);
        return exit == 0 ? null : heading + lib.label() + "\n\nJMH failed (exit " + exit + ").\n\n";
    }

    /**
     * The run options of {@code jmh --regex SignBench}: 88 forks (11 algorithm/key rows x up to 9
     * methods), about 15 s each with JVM start and setup, so about 22 minutes per libcrypto. Eight
     * warm-up seconds: with three, most Java peers were still getting faster in the measured
     * iterations (the page's "settled" column), and with five most rows, lcjwt's among them, still
     * moved by more than 3 % between the last two.
     */
    static final String SIGN_JMH = "-f 1 -wi 8 -w 1s -i 4 -r 1s";
    static final String SIGN_CHECKED = "Before timing, every contender's token had to carry alg, typ and kid, claims"
            + " that read back as the fixture's, and a signature the JDK verifies over header.payload (ECDSA as r || s"
            + " of the curve's length); the floor's signature had to verify with the JDK too (SignBench.validate).";

    /** JMH on {@code lib}, pinned, 500 MB, with {@code -prof gc}, its JSON written to {@code json}; the exit code. */
    private int runJmh(Lib lib, String regex, String options, Path json) throws IOException, InterruptedException {
        return runJmh(lib, regex, options, json, "");
    }

    /** As {@link #runJmh(Lib, String, String, Path)}, with {@code jvmArgs} added to the forked JVMs'. */
    private int runJmh(Lib lib, String regex, String options, Path json, String jvmArgs) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/taskset"))) {
            cmd.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
        }
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Xmx500m", "-jar", jar(), regex, "-prof", "gc",
                "-rf", "json", "-rff", json.toString(), "-jvmArgsAppend", ("-Xms500m -Xmx500m " + jvmArgs).trim()));
        cmd.addAll(List.of(options.trim().split("\\s+")));
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        pb.environment().put("LCJWT_LIBCRYPTO", lib.path());
        System.err.println("race: JMH on " + lib.label() + ": " + String.join(" ", cmd));
        return pb.start().waitFor();
    }

    /**
     * The run options of {@code jmh --regex JweBench}: 3 cases x 8 benchmarks, about 8 minutes a
     * libcrypto. Twelve warm-up seconds: with five, every JVM contender's ECDH-ES decrypt was still
     * getting faster in the measured iterations (Nimbus 4.1 -> 2.5 ms, jose4j 3.1 -> 1.8 ms), and
     * lcjwt's on OpenSSL 3 measured 0.41 ms where it settles at 0.15: on one pinned CPU the C2
     * compiler shares the core with the benchmark, and a plain loop of lcjwt's ECDH-ES decrypt
     * went 1.8, 0.52, 0.46, 0.41, 0.25 and then 0.14 ms in successive two-second spans.
     */
    static final String JWE_JMH = "-f 1 -wi 12 -w 1s -i 5 -r 1s";
    static final String JWE_CHECKED = "Before timing, every contender (lcjwt, Nimbus, jose4j, the bare calls) had to"
            + " decrypt every contender's JWE to the payload bytes, so each encryption was read back by three other"
            + " implementations, and to refuse lcjwt's JWE with one ciphertext bit flipped (JweBench.validate).";

    /**
     * The run options of {@code jmh --regex SdJwtBench}: 2 shapes x 4 benchmarks, about 2 minutes a
     * libcrypto, with the JWE page's long warm-up (the JDK's ECDSA, which the contender uses, is
     * slow to settle).
     */
    static final String SD_JWT_JMH = "-f 1 -wi 12 -w 1s -i 5 -r 1s";
    static final String SD_JWT_CHECKED = "Before timing, each library had to verify the other's output to the same"
            + " claims (authlete lcjwt's presentation; both each library's issued SD-JWT, lcjwt after making a"
            + " presentation with key binding of authlete's), and both had to refuse the presentation with a"
            + " disclosure removed after the holder signed (SdJwtBench.validate).";

    /** Renders one libcrypto's section of a JMH page from its JSON. */
    interface Section {
        String render(String libLabel, String jmhJson, String options) throws IOException;
    }

    /**
     * Runs a JMH page's benchmarks on {@code lib} (or reads its last JSON,
     * {@code bench/<prefix><libcrypto>.json}, apart from the other JMH pages' files), then renders
     * them with {@code section}: JweBench with {@link io.lcjwt.bench.report.JwePage}, SdJwtBench with
     * {@link io.lcjwt.bench.report.SdJwtPage}.
     */
    String jmhPage(Lib lib, String regex, String options, boolean fromJson, String prefix, Section section) throws Exception {
        Path json = Path.of("bench", prefix + lib.label().replace(' ', '-').toLowerCase(Locale.ROOT) + ".json");
        String failed = runOrRead(lib, regex, options, json, fromJson, "## lcjwt on ");
        if (failed != null) {
            return failed;
        }
        return section.render(lib.label(), Files.readString(json), options);
    }

    /**
     * The run options of {@code jmh --regex MlDsaBench}: 5 algorithms x 6 methods, one fork each,
     * about 17 s each with JVM start and setup, so about 9 minutes for aws-lc.
     */
    static final String MLDSA_JMH = "-f 1 -wi 8 -w 1s -i 5 -r 1s";
    static final String MLDSA_CHECKED = "Before timing, each way's output was checked by the two others: lcjwt's"
            + " token verified with the JDK and with the bare aws-lc call, the JDK's token with lcjwt, the bare signature"
            + " with the JDK, and a signature with one bit changed was refused by all three (MlDsaBench.validate).";

    /**
     * Runs MlDsaBench on {@code lib} (or reads its last JSON, {@code bench/results-mldsa-<libcrypto>.json}),
     * and MlDsaSizes in a JVM of its own on the same library, then renders both with
     * {@link io.lcjwt.bench.report.MlDsaPage}. A libcrypto without ML-DSA gets a line saying so.
     */
    String mlDsa(Lib lib, String regex, String options, boolean fromJson) throws Exception {
        if (!lib.label().equalsIgnoreCase("aws-lc")) {
            return "## " + lib.label() + "\n\nNot run: ML-DSA needs aws-lc 1.40 or newer, and lcjwt refuses it on "
                    + lib.label() + ".\n\n";
        }
        String stem = lib.label().replace(' ', '-').toLowerCase(Locale.ROOT);
        Path json = Path.of("bench", "results-mldsa-" + stem + ".json");
        Path sizes = Path.of("bench", "results-mldsa-sizes-" + stem + ".json");
        String failed = runOrRead(lib, regex, options, json, fromJson, "## lcjwt on ");
        if (failed != null) {
            return failed;
        }
        if (!fromJson) {
            ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "-cp", jar(), "io.lcjwt.bench.MlDsaSizes", sizes.toString())
                    .inheritIO();
            pb.environment().put("LCJWT_LIBCRYPTO", lib.path());
            if (pb.start().waitFor() != 0) {
                Files.deleteIfExists(sizes);
            }
        }
        return io.lcjwt.bench.report.MlDsaPage.section(lib.label(), Files.readString(json),
                Files.exists(sizes) ? Files.readString(sizes) : null, options);
    }

    /** The run options of {@code claims}: 11 payloads x 3 targets per reader, about 3 minutes a reader. */
    static final String CLAIMS_JMH = "-f 1 -wi 2 -w 1s -i 4 -r 1s";
    static final List<String> CLAIMS_PAYLOADS = List.of("small", "typical", "medium", "large", "auth0", "cognito",
            "entra", "github-actions", "google", "keycloak", "okta");

    /** The run options of {@code spring}: the warm-up and measurement SpringDecoderBench declares. */
    static final String SPRING_JMH = "-f 1 -wi 3 -w 2s -i 5 -r 2s";
    static final String SPRING_CHECKED = "Before timing, both decoders had to return the same Jwt (claims, headers,"
            + " token) and refuse the expired, wrong-audience, wrong-issuer and bad-signature tokens with the same"
            + " Spring exception; every iteration checked that no JWKS fetch happened. Baseline: Nimbus.";

    /** The page's closing section: how both decoders are built, the inputs, the targets. */
    static final String SPRING_ABOUT = """
            ## What is measured

            Both sides are built as Spring Boot 4.0.7's `OAuth2ResourceServerJwtConfiguration` builds Nimbus's
            decoder with `jwk-set-uri`, `jws-algorithms`, `issuer-uri` and `audiences` set:

            - Nimbus: `NimbusJwtDecoder.withJwkSetUri(uri).jwsAlgorithms(s -> s.add(alg)).build()`, then
              `setJwtValidator(JwtValidators.createDefaultWithValidators([new JwtIssuerValidator(iss), aud validator]))`
              (the aud validator is Boot's: a `JwtClaimValidator` on `aud` not disjoint from the audiences).
            - lcjwt: `LcjwtJwtDecoder.withJwkSetUri(uri).jwsAlgorithm(alg).audience(aud).issuer(iss).build()`
              and the same `setJwtValidator`, so Spring's checks run on both and lcjwt's own exp, aud and iss
              checks come on top.
            - HS256 (Boot has no property for a secret): `withSecretKey(key)` with `MacAlgorithm.HS256` on both
              sides, the same validators.

            Keys and tokens are made in setup with JCA: RSA 2048, P-256, a 32-byte secret. The JWKS (decoy,
            signer, decoy; `kid`, `use`, `alg`) is served from a JDK `HttpServer` on 127.0.0.1 with
            `Cache-Control: max-age=86400`, one path per decoder; each decoder fetches it once, in setup. The
            token: header `alg`, `typ: JWT`, `kid` (JWKS only); claims `iss`, `sub`, `aud`, `iat`, `exp` a day
            ahead, `scope` (the token is 388 bytes with ES256, 644 with RS256, 325 with HS256).

            Targets: lcjwt's throughput at least 10x Nimbus's for ES256, 2.5x for RS256 (2048),
            4x for HS256. Nimbus here is nimbus-jose-jwt 10.10 (the root pom's); a Boot 4.0.7 application
            gets 10.4 from Spring Security unless it pins another.
            """;

    /** issue #13's targets: lcjwt's throughput as a multiple of Nimbus's, per algorithm. */


    /** The run options of {@code dpop}: the warm-up and measurement DpopBench declares. */
    static final String DPOP_JMH = "-f 1 -wi 4 -w 2s -i 5 -r 2s";
    static final String DPOP_CHECKED = "Before timing, both sides had to authenticate a good DPoP request to the"
            + " token's subject and refuse a proof for another token, one by a key the token is not bound to, and a"
            + " replay (DpopBench.validate); the replay store had to take the million ids and find them again"
            + " (ReplayStoreBench). Baseline: Spring's defaults.";

    /** Runs DpopBench and ReplayStoreBench on {@code lib} (or reads their last JSON), then renders them. */
    String dpop(Lib lib, String options, boolean fromJson) throws Exception {
        Path json = Path.of("bench", "results-dpop-" + lib.label().replace(' ', '-').toLowerCase(Locale.ROOT) + ".json");
        if (fromJson) {
            if (!Files.exists(json)) {
                return "## lcjwt on " + lib.label() + "\n\nNo results to render: " + json + " is missing.\n\n";
            }
            fromRaw = json;
        } else {
            int exit = runJmh(lib, "DpopBench|ReplayStoreBench", options, json);
            if (exit != 0) {
                return "## lcjwt on " + lib.label() + "\n\nJMH failed (exit " + exit + ").\n\n";
            }
        }
        return io.lcjwt.bench.report.DpopPage.section(lib.label(), Files.readString(json), options);
    }

    static final String SPRING_ENCODER_CHECKED = "Before timing, both encoders had to return the same Jwt headers and"
            + " claims and the same signing input, byte for byte; for RS256 and HS256 the same token; every token had"
            + " to verify with the JDK. Baseline: Nimbus.";

    /** The encoder page's closing section: how both encoders are built, the inputs, the targets. */
    static final String SPRING_ENCODER_ABOUT = """
            ## What is measured

            Both sides sign what Spring Authorization Server's `JwtGenerator` passes for a `client_credentials`
            access token, built once: a header of `alg` alone, claims `iss` (a URL), `sub`, `aud` (the client),
            `nbf`, `iat`, `exp` five minutes ahead, `jti` (a UUID) and `scope` (a set of two scopes). Both add the
            key's `kid`.

            - Nimbus: `new NimbusJwtEncoder(jwkSource)`, what the Authorization Server builds when the
              application has no `JwtEncoder` bean, over an `ImmutableJWKSet` of the one key (with a `kid`).
            - lcjwt: `LcjwtJwtEncoder.withJwkSet(JwkSet.of(key))`, what lcjwt's auto-configuration registers for
              the same key.

            Keys are made in setup with JCA: P-256, RSA 2048, a 32-byte secret.

            Targets: lcjwt's throughput at least 10x Nimbus's for ES256, 1.5x for RS256 (2048), 3x for HS256.
            Nimbus here is nimbus-jose-jwt 10.10 (the root pom's); a Boot 4.0.7 application gets 10.4 from
            Spring Security unless it pins another.
            """;

    /** Runs a Spring benchmark ({@code SpringDecoderBench} or {@code SpringEncoderBench}) on {@code lib} (or reads its last JSON), then renders it. */
    String spring(Lib lib, String bench, String options, boolean fromJson) throws Exception {
        boolean encoder = bench.equals("SpringEncoderBench");
        Path json = Path.of("bench", (encoder ? "results-spring-encoder-" : "results-spring-")
                + lib.label().replace(' ', '-').toLowerCase(Locale.ROOT) + ".json");
        String failed = runOrRead(lib, bench, options, json, fromJson, "## ");
        if (failed != null) {
            return failed;
        }
        return encoder ? JmhTables.springEncoderSection(lib.label(), Files.readString(json), options)
                : JmhTables.springSection(lib.label(), Files.readString(json), options);
    }

    // ---- pages ----

    private String grid(List<String> cases, String source, long decodes, int rounds) {
        return RaceTables.grid(results, cases, source, decodes, rounds, warmup < 0 ? decodes : warmup);
    }

    void writeSvg(String kase, long decodes) throws IOException {
        List<RaceSvg.Bar> bars = results.stream().filter(r -> r.kase().equals(kase) && r.ok())
                .sorted(Comparator.comparingDouble(Result::median))
                .map(r -> new RaceSvg.Bar(RaceTables.describe(r), r.median(), r.label().startsWith("lcjwt"))).toList();
        Files.writeString(Path.of("bench/results-race.svg"), RaceSvg.draw("HS256 decode race: one typical token, pinned to one CPU", decodes, bars));
    }

    void writePage(String file, String title, String command, String body) throws IOException {
        writePage(file, title, command, body, r -> true, started);
    }

    /**
     * Writes a page from the results that {@code onPage} keeps (a race page holds only its own
     * race), timed from {@code since}.
     */
    void writePage(String file, String title, String command, String body, java.util.function.Predicate<Result> onPage,
            Instant since) throws IOException {
        List<Result> results = this.results.stream().filter(onPage).toList();
        StringBuilder s = new StringBuilder();
        s.append("# lcjwt benchmarks: ").append(title).append("\n\n");
        s.append("Written by `").append(command).append("`; do not edit by hand.\n\n");
        if (fromRaw != null) {
            s.append("- When: the run that ended ").append(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
                    Files.getLastModifiedTime(fromRaw).toInstant().atZone(ZoneOffset.UTC).withNano(0)))
                    .append(" UTC (this page re-rendered from its raw results, `--from-raw` or `--from-json`)\n");
        } else {
            s.append("- When: ").append(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(since.atZone(ZoneOffset.UTC).withNano(0)))
                    .append(" UTC, took ").append(Duration.between(since, Instant.now()).toSeconds()).append(" s\n");
        }
        s.append("- Where: ").append(Machine.cpuModel()).append(", ").append(Runtime.getRuntime().availableProcessors())
                .append(" cores; every contender pinned to CPU ").append(cpu)
                .append(", one process after another, 500 MB heap. This is a shared 2-core VM: a single number"
                        + " moves by up to 30 % between runs, so compare rows of one page, not pages.\n");
        s.append("- JDK: ").append(System.getProperty("java.vm.name")).append(' ').append(Runtime.version()).append('\n');
        s.append("- libcrypto for lcjwt: ");
        s.append(String.join("; ", libs.stream().map(l -> l.label() + " (" + l.path() + ")").toList())).append('\n');
        s.append("- Contenders and versions: ");
        Map<String, String> versions = new LinkedHashMap<>();
        for (Result r : results) {
            if (r.version() != null && !r.version().isEmpty()) {
                versions.putIfAbsent(r.contender(), r.contender() + " " + r.version()
                        + (r.runtime() == null || r.family() == null || r.family().equals("java") ? "" : " (" + r.runtime() + ")"));
            }
        }
        if (versions.isEmpty()) {
            // A JMH page has no race results: name the Java libraries whose benchmarks it shows.
            for (Contender c : JavaContender.CONTENDERS.values()) {
                String bench = c.name().startsWith("lcjwt") ? "lcjwt" : c.name();
                if (body.contains("." + bench)) {
                    versions.putIfAbsent(bench, bench + " " + c.version());
                }
            }
        }
        namePagePeers(body, versions);
        s.append(String.join(", ", versions.values())).append('\n');
        List<String> skipped = results.stream().filter(r -> r.status().equals("skipped")).map(Result::contender).distinct().toList();
        if (!skipped.isEmpty()) {
            s.append("- Skipped (toolchain or library not installed here; `bench/race/build.sh` says why): ")
                    .append(String.join(", ", skipped)).append('\n');
        }
        s.append("- ").append(checked).append("\n\n");
        s.append(body);
        Files.writeString(Path.of("bench", file), s.toString());
        System.err.println("race: wrote bench/" + file);
        if (fromRaw != null) {
            return;
        }
        // The raw lines too (label TAB json), for race-svg and for comparing runs; not committed.
        StringBuilder raw = new StringBuilder();
        for (Result r : results) {
            raw.append(r.label()).append('\t').append(JSON.std.asString(rawMap(r))).append('\n');
        }
        Files.writeString(Path.of("bench", file.replace(".md", ".jsonl")), raw.toString());
    }

    /** The libraries a JMH page times that are not race contenders, named by the benchmark class in its body. */
    private static void namePagePeers(String body, Map<String, String> versions) {
        boolean any = body.contains("ClaimsReaderBench") || body.contains("MlDsaBench") || body.contains("SdJwtBench")
                || body.contains("SpringEncoderBench") || body.contains("DpopBench");
        if (!any) {
            return;
        }
        versions.putIfAbsent("lcjwt", "lcjwt " + LibraryVersion.of("io.lcjwt", "lcjwt", io.lcjwt.JwtVerifier.class));
        if (body.contains("ClaimsReaderBench")) {
            versions.putIfAbsent("jackson-jr", "jackson-jr "
                    + LibraryVersion.of("com.fasterxml.jackson.jr", "jackson-jr-objects", JSON.class));
        }
        if (body.contains("MlDsaBench")) {
            versions.putIfAbsent("jdk", "the JDK's Signature (JDK " + Runtime.version().feature() + ")");
        }
        if (body.contains("SdJwtBench")) {
            versions.putIfAbsent("authlete", "com.authlete:sd-jwt "
                    + LibraryVersion.of("com.authlete", "sd-jwt", com.authlete.sd.SDJWT.class));
        }
        if (body.contains("SpringEncoderBench") || body.contains("DpopBench")) {
            versions.putIfAbsent("spring-security", "spring-security-oauth2-jose " + LibraryVersion.of(
                    "org.springframework.security", "spring-security-oauth2-jose",
                    org.springframework.security.oauth2.jwt.NimbusJwtEncoder.class));
        }
        if (body.contains("SdJwtBench") || body.contains("SpringEncoderBench") || body.contains("DpopBench")) {
            versions.putIfAbsent("nimbus", "nimbus-jose-jwt " + LibraryVersion.of(
                    "com.nimbusds", "nimbus-jose-jwt", com.nimbusds.jose.JWSObject.class));
        }
    }

    private static Map<String, Object> rawMap(Result r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("contender", r.contender());
        m.put("family", r.family());
        m.put("version", r.version());
        m.put("runtime", r.runtime());
        m.put("libcrypto", r.libcrypto());
        m.put("case", r.kase());
        m.put("alg", r.alg());
        m.put("source", r.source());
        m.put("status", r.status());
        m.put("reason", r.reason());
        m.put("decodes", r.decodes());
        m.put("usPerDecode", r.usPerDecode());
        if (r.settled() != null) {
            m.put("settled", r.settled());
            m.put("warmupUsPerDecode", r.warmupUsPerDecode());
        }
        return m;
    }


}
