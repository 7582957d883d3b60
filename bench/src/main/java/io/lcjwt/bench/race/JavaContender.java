package io.lcjwt.bench.race;

import io.lcjwt.LibCrypto;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The Java contenders of the JWT decode race: times one Java JWT library decoding the committed
 * fixtures' tokens, the same way as the other-language programs in {@code bench/race/}.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -Xmx500m -cp bench/target/benchmarks.jar io.lcjwt.bench.race.JavaContender \
 *     --contender &lt;name&gt; --fixture &lt;path.json&gt; --case &lt;name&gt;[,&lt;name&gt;...] --source &lt;source&gt; \
 *     --decodes &lt;N&gt; --rounds &lt;R&gt; [--warmup &lt;W&gt;|settle]
 * </pre>
 *
 * <p><b>Contenders</b>: {@code lcjwt-record}, {@code lcjwt-bean}, {@code lcjwt-map} (lcjwt decoding into
 * {@code TypicalClaims}, {@code TypicalClaimsBean}, a Map), {@code jjwt}, {@code auth0}, {@code nimbus},
 * {@code jose4j}, {@code fusionauth}, {@code vertx}, {@code smallrye}. Each requires the fixture's
 * {@code audience} and checks {@code exp} at the fixture's {@code clock} where it takes a clock (vert.x and
 * smallrye use the system clock; the valid tokens expire in 2100).
 *
 * <p><b>Sources</b> ({@code --source}): {@code secret} (HS: the raw secret), {@code pem} (the SPKI PEM),
 * {@code jwk} (the single public JWK; for HS an {@code oct} JWK of the secret), {@code jwks} (the
 * decoy/signer/decoy JWKS, key chosen by {@code kid}), {@code jwks-url} (that JWKS over HTTPS from an
 * in-process loopback server using {@code tls/} beside the fixture; timed once the keys are cached).
 *
 * <p><b>Output</b>: one JSON line per case on stdout and nothing else there (anything a library prints goes
 * to stderr, with the diagnostics):
 * <pre>
 * {"contender":"jjwt","family":"java","version":"0.13.0","runtime":"JDK 25.0.3+9-LTS","libcrypto":null,
 *  "case":"typical-64","alg":"HS256","source":"secret","status":"ok","reason":null,"decodes":100000,
 *  "usPerDecode":[1.234,1.301,1.250]}
 * </pre>
 * {@code version} is read from the library's jar; {@code libcrypto} is {@code LibCrypto.describe()} for the
 * lcjwt contenders, else null. {@code usPerDecode} has one entry per round: the round's wall time
 * ({@code System.nanoTime}) over N decodes, in microseconds to 3 decimals, after {@code W} warm-up decodes
 * (default {@code max(N/10, 1000)}); it is empty unless the status is {@code ok}.
 *
 * <p><b>Status</b>: {@code ok}; {@code n/a} (the library cannot do this algorithm or key source, or the
 * fixture has no such key material; {@code reason} says which; no timing); {@code failed} (a check below, or
 * building the contender, failed; {@code reason} says which; no timing). Before timing, the contender must
 * decode {@code token} to the fixture's {@code claims}, reject {@code expired} with the library's own expiry
 * error, reject {@code wrongAudience} with its own audience error, and reject the token with one signature
 * character changed.
 *
 * <p><b>Exit code</b>: 0 whatever the statuses; 2 (a message on stderr, nothing on stdout) for bad
 * arguments, an unreadable or incomplete fixture, or an unknown case.
 */
public final class JavaContender {
    private JavaContender() {}

    static final String FAMILY = "java";

    /** Every contender, by {@code --contender} name. */
    static final Map<String, Contender> CONTENDERS = contenders(
            new LcjwtContender(LcjwtContender.Into.RECORD),
            new LcjwtContender(LcjwtContender.Into.BEAN),
            new LcjwtContender(LcjwtContender.Into.MAP),
            new JjwtContender(),
            new Auth0Contender(),
            new NimbusContender(),
            new Jose4jContender(),
            new FusionAuthContender(),
            new VertxContender(),
            new SmallRyeContender());

    private static Map<String, Contender> contenders(Contender... all) {
        Map<String, Contender> m = new LinkedHashMap<>();
        for (Contender c : all) {
            m.put(c.name(), c);
        }
        return m;
    }

    /** The command line, checked. {@code warmup} is -1 for the default, {@link #SETTLE} for a settled warm-up. */
    record Options(String contender, Path fixture, List<String> cases, String source, int decodes, int rounds, int warmup) {
        static final int SETTLE = -2;

        int warmupDecodes() {
            return warmup >= 0 ? warmup : Math.max(decodes / 10, 1000);
        }
    }

    /** One output line. */
    record Result(String contender, String version, String runtime, String libcrypto, String caseName, String alg,
                  String source, String status, String reason, int decodes, double[] usPerDecode, Warmup warmup) {

        static final String OK = "ok";
        static final String NA = "n/a";
        static final String FAILED = "failed";

        String toJson() {
            StringBuilder b = new StringBuilder(256).append('{');
            field(b, "contender", contender).append(',');
            field(b, "family", FAMILY).append(',');
            field(b, "version", version).append(',');
            field(b, "runtime", runtime).append(',');
            field(b, "libcrypto", libcrypto).append(',');
            field(b, "case", caseName).append(',');
            field(b, "alg", alg).append(',');
            field(b, "source", source).append(',');
            field(b, "status", status).append(',');
            field(b, "reason", reason).append(',');
            b.append("\"decodes\":").append(decodes).append(",\"usPerDecode\":[");
            for (int i = 0; i < usPerDecode.length; i++) {
                b.append(i > 0 ? "," : "").append(String.format(java.util.Locale.ROOT, "%.3f", usPerDecode[i]));
            }
            b.append(']');
            if (warmup != null) {
                b.append(",\"settled\":").append(warmup.settled()).append(",\"warmupUsPerDecode\":[");
                for (int i = 0; i < warmup.usPerDecode().length; i++) {
                    b.append(i > 0 ? "," : "").append(String.format(java.util.Locale.ROOT, "%.3f", warmup.usPerDecode()[i]));
                }
                b.append(']');
            }
            return b.append('}').toString();
        }

        private static StringBuilder field(StringBuilder b, String name, String value) {
            b.append('"').append(name).append("\":");
            if (value == null) {
                return b.append("null");
            }
            b.append('"');
            for (int i = 0; i < value.length(); i++) {
                char ch = value.charAt(i);
                switch (ch) {
                    case '"' -> b.append("\\\"");
                    case '\\' -> b.append("\\\\");
                    case '\n' -> b.append("\\n");
                    case '\r' -> b.append("\\r");
                    case '\t' -> b.append("\\t");
                    default -> {
                        if (ch < 0x20) {
                            b.append(String.format("\\u%04x", (int) ch));
                        } else {
                            b.append(ch);
                        }
                    }
                }
            }
            return b.append('"');
        }
    }

    /** Bad arguments or fixture: exit 2. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }

        UsageException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static final String USAGE = "usage: JavaContender --contender <name> --fixture <path.json> --case <name>[,<name>...]"
            + " --source <secret|pem|jwk|jwks|jwks-url> --decodes <N> --rounds <R> [--warmup <W>|settle]";

    public static void main(String[] args) {
        PrintStream out = System.out;
        System.setOut(System.err); // stdout carries the result lines only, whatever a library prints
        int code;
        try {
            run(parse(args), r -> {
                out.println(r.toJson());
                out.flush();
            });
            code = 0;
        } catch (UsageException e) {
            System.err.println("JavaContender: " + e.getMessage());
            code = 2;
        }
        out.flush();
        System.err.flush();
        System.exit(code); // vert.x, nimbus and HttpServer threads must not keep the JVM up
    }

    static Options parse(String[] args) throws UsageException {
        Map<String, String> opts = new LinkedHashMap<>();
        List<String> known = List.of("--contender", "--fixture", "--case", "--source", "--decodes", "--rounds", "--warmup");
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                value = a.substring(eq + 1);
                a = a.substring(0, eq);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException("option " + a + " needs a value\n" + USAGE);
            }
            if (!known.contains(a)) {
                throw new UsageException("unknown option " + a + "\n" + USAGE);
            }
            if (opts.put(a, value) != null) {
                throw new UsageException("option " + a + " given twice");
            }
        }
        for (String required : known.subList(0, 6)) {
            if (!opts.containsKey(required)) {
                throw new UsageException("missing " + required + "\n" + USAGE);
            }
        }
        String contender = opts.get("--contender");
        if (!CONTENDERS.containsKey(contender)) {
            throw new UsageException("unknown contender '" + contender + "' (have " + String.join(", ", CONTENDERS.keySet()) + ")");
        }
        String source = opts.get("--source");
        if (KeySource.of(source).isEmpty()) {
            throw new UsageException("unknown source '" + source + "' (have "
                    + Arrays.stream(KeySource.values()).map(s -> s.label).collect(Collectors.joining(", ")) + ")");
        }
        List<String> cases = Arrays.stream(opts.get("--case").split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (cases.isEmpty()) {
            throw new UsageException("--case names no case");
        }
        return new Options(contender, Path.of(opts.get("--fixture")), cases, source,
                count(opts, "--decodes", 1), count(opts, "--rounds", 1),
                !opts.containsKey("--warmup") ? -1
                        : "settle".equals(opts.get("--warmup")) ? Options.SETTLE : count(opts, "--warmup", 0));
    }

    private static int count(Map<String, String> opts, String name, int min) throws UsageException {
        try {
            int n = Integer.parseInt(opts.get(name));
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new UsageException(name + " must be an integer >= " + min + ", not '" + opts.get(name) + "'");
    }

    /** Runs every case of {@code o}, handing each result to {@code each} as soon as it is known. */
    static List<Result> run(Options o, Consumer<Result> each) throws UsageException {
        Contender contender = CONTENDERS.get(o.contender());
        KeySource source = KeySource.of(o.source()).orElseThrow();
        RaceFixture fixture;
        try {
            fixture = RaceFixture.load(o.fixture());
        } catch (RaceFixture.BadFixture e) {
            throw new UsageException(e.getMessage(), e);
        }
        List<RaceFixture.Case> cases = new ArrayList<>();
        for (String name : o.cases()) {
            RaceFixture.Case c = fixture.cases().get(name);
            if (c == null) {
                throw new UsageException("no case '" + name + "' in " + o.fixture());
            }
            cases.add(c);
        }
        String version = contender.version();
        String runtime = "JDK " + Runtime.version();
        String libcrypto = contender.nativeCrypto() ? LibCrypto.describe() : null; // loads libcrypto first
        JwksHttpsServer server = null;
        List<Result> results = new ArrayList<>();
        try {
            if (source == KeySource.JWKS_URL && cases.stream().anyMatch(c -> !c.isHmac())) {
                try {
                    server = JwksHttpsServer.start(fixture.tlsDir(),
                            cases.stream().filter(c -> !c.isHmac()).map(RaceFixture.Case::key).distinct().toList());
                } catch (Exception e) {
                    throw new UsageException("cannot serve the JWKS over HTTPS with " + fixture.tlsDir() + ": " + e, e);
                }
            }
            for (RaceFixture.Case c : cases) {
                Outcome out = runCase(contender, new CaseSetup(fixture, c, source, server), o);
                Result r = new Result(contender.name(), version, runtime, libcrypto, c.name(), c.alg(), source.label,
                        out.status, out.reason, o.decodes(), out.us, out.warmup);
                System.err.println("# " + contender.name() + " " + c.name() + " " + source.label + ": " + out.status
                        + (out.reason != null ? " (" + out.reason + ")" : ""));
                results.add(r);
                each.accept(r);
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
        return results;
    }

    private record Outcome(String status, String reason, double[] us, Warmup warmup) {
        static Outcome of(String status, String reason) {
            return new Outcome(status, reason, new double[0], null);
        }
    }

    private static Outcome runCase(Contender contender, CaseSetup s, Options o) {
        String missing = s.source().missingFor(s.c());
        if (missing != null) {
            return Outcome.of(Result.NA, missing);
        }
        Decoder d;
        try {
            d = contender.decoder(s);
        } catch (Decoder.NotApplicable e) {
            return Outcome.of(Result.NA, e.getMessage());
        } catch (Throwable e) {
            rethrowFatal(e);
            return Outcome.of(Result.FAILED, "setup: " + describe(e));
        }
        try {
            String problem = validate(d, s.c());
            if (problem != null) {
                return Outcome.of(Result.FAILED, problem);
            }
            Warmup w = o.warmup() == Options.SETTLE ? settle(d, s.c().token()) : null;
            return new Outcome(Result.OK, null, time(d, s, o, w != null), w);
        } catch (Throwable e) {
            rethrowFatal(e);
            return Outcome.of(Result.FAILED, "during timing: " + describe(e));
        } finally {
            try {
                d.close();
            } catch (RuntimeException e) { // the result stands; say so on stderr
                System.err.println("# " + contender.name() + " " + s.c().name() + ": " + e.getMessage());
            }
        }
    }

    /** The checks made before timing; null when all pass, else the first failure. */
    static String validate(Decoder d, RaceFixture.Case c) {
        Object result;
        try {
            result = d.decode(c.token());
        } catch (Throwable e) {
            rethrowFatal(e);
            return "rejected the valid token: " + describe(e);
        }
        if (result == null) {
            return "decoding the valid token returned null";
        }
        try {
            String diff = ClaimsMatch.compare(c.claims(), d.claims(result), d);
            if (diff != null) {
                return diff;
            }
        } catch (Throwable e) {
            rethrowFatal(e);
            return "cannot read the claims of the result: " + describe(e);
        }
        String p = mustReject(d, c.expired(), "expired token", d::isExpired, "its expiry error");
        if (p == null) {
            p = mustReject(d, c.wrongAudience(), "wrong-audience token", d::isWrongAudience, "its audience error");
        }
        if (p == null) {
            p = mustReject(d, tamperSignature(c.token()), "token with a changed signature", e -> true, "an error");
        }
        return p;
    }

    private static String mustReject(Decoder d, String token, String what, Predicate<Throwable> expected, String wanted) {
        Object accepted;
        try {
            accepted = d.decode(token);
        } catch (Throwable e) {
            rethrowFatal(e);
            return expected.test(e) ? null : "rejected the " + what + " with " + describe(e) + ", not " + wanted;
        }
        return "accepted the " + what + (accepted == null ? " (returned null)" : "");
    }

    /** The token with one signature character changed, in the middle (never a padding bit). */
    static String tamperSignature(String token) {
        int dot = token.lastIndexOf('.');
        int i = dot + 1 + (token.length() - dot - 1) / 2;
        char[] ch = token.toCharArray();
        ch[i] = ch[i] == 'A' ? 'B' : 'A';
        return new String(ch);
    }

    /** A settled warm-up's rounds (µs per decode each), and whether the last two agreed. */
    record Warmup(boolean settled, double[] usPerDecode) {}

    /** A warm-up round lasts at least this long. */
    static final long SETTLE_ROUND_NANOS = 1_000_000_000L;
    /** Two consecutive warm-up rounds within this fraction of each other: the JIT has settled. */
    static final double SETTLE_TOLERANCE = 0.03;
    /**
     * No agreement counts before this many rounds (about this many seconds, as long as the JMH
     * pages' warm-up): two rounds can agree on a plateau while the JIT is still compiling, as
     * auth0's did at 15 µs after 3 rounds, then timed 7 to 11 µs.
     */
    static final int SETTLE_MIN_ROUNDS = 10;
    /** The bound: at most this many warm-up rounds (so about this many seconds), settled or not. */
    static final int SETTLE_MAX_ROUNDS = 30;

    /**
     * Decodes in rounds of at least {@link #SETTLE_ROUND_NANOS} until, after at least
     * {@link #SETTLE_MIN_ROUNDS} rounds, two consecutive rounds agree within
     * {@link #SETTLE_TOLERANCE}, or {@link #SETTLE_MAX_ROUNDS} rounds have run.
     */
    static Warmup settle(Decoder d, String token) throws Exception {
        return settle(d, token, System::nanoTime);
    }

    /** As {@link #settle(Decoder, String)}, timed by {@code clock} (tests give a clock of their own). */
    static Warmup settle(Decoder d, String token, java.util.function.LongSupplier clock) throws Exception {
        List<Double> rounds = new ArrayList<>();
        boolean settled = false;
        for (int r = 0; r < SETTLE_MAX_ROUNDS && !settled; r++) {
            long t0 = clock.getAsLong();
            long n = 0;
            long elapsed;
            do {
                batch(d, token, BATCH);
                n += BATCH;
                elapsed = clock.getAsLong() - t0;
            } while (elapsed < SETTLE_ROUND_NANOS);
            double us = elapsed / 1000.0 / n;
            if (rounds.size() + 1 >= SETTLE_MIN_ROUNDS) {
                double prev = rounds.get(rounds.size() - 1);
                settled = Math.abs(us - prev) <= SETTLE_TOLERANCE * prev;
            }
            rounds.add(Math.round(us * 1000) / 1000.0);
        }
        return new Warmup(settled, rounds.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Warm-up (unless {@code settled} already), then the timed rounds: µs per decode for each. */
    private static double[] time(Decoder d, CaseSetup s, Options o, boolean settled) throws Exception {
        String token = s.c().token();
        int n = o.decodes();
        decodes(d, token, settled ? 0 : o.warmupDecodes());
        int fetchesBefore = s.server() != null ? s.server().requests() : 0;
        double[] us = new double[o.rounds()];
        for (int r = 0; r < us.length; r++) {
            long t0 = System.nanoTime();
            decodes(d, token, n);
            long ns = System.nanoTime() - t0;
            us[r] = Math.round((double) ns / n) / 1000.0;
        }
        if (s.server() != null && s.server().requests() != fetchesBefore) {
            System.err.println("# note: " + (s.server().requests() - fetchesBefore)
                    + " JWKS fetch(es) during the timed rounds");
        }
        return us;
    }

    /** {@code n} decodes, in {@link #batch}es. */
    private static void decodes(Decoder d, String token, int n) throws Exception {
        for (int done = 0; done < n; done += BATCH) {
            batch(d, token, Math.min(BATCH, n - done));
        }
    }

    /** The decodes of a batch: a warm-up round and a timed round are both so many of these. */
    static final int BATCH = 1000;

    /**
     * The one loop that decodes, for the warm-up and for the timed rounds alike, so that the
     * rounds time the very code the warm-up compiled. When each had a loop of its own, the timed
     * loop was compiled afresh (on-stack replacement, with a new inlining of the decode) after
     * the warm-up had settled: auth0 settled at 18.5 µs and then timed 9.7; with this one loop
     * its warm-up ended near 7.5 and it timed 7.1, as under JMH.
     */
    private static void batch(Decoder d, String token, int n) throws Exception {
        Object last = null;
        for (int i = 0; i < n; i++) {
            last = d.decode(token);
            KEEP[i & KEEP_MASK] = last;
        }
        sink = last;
    }

    /** Keeps the last result reachable, so no decode is dead code. */
    static volatile Object sink;

    /**
     * Every result is stored here, as JMH's Blackhole consumes every result. Keeping only the last
     * one lets the JIT drop the allocation of all the others once it has inlined a decode, which
     * a decode whose result escapes anyway (most peers') does not gain from. A store to an array
     * costs every contender the same few nanoseconds. The ring is small on purpose: with 1,024
     * slots every young collection copied the last thousand results, which for a peer whose
     * result holds kilobytes was a cost no service pays (jjwt timed 42 µs a decode against 32
     * under JMH, and 33 with 16 slots).
     */
    private static final Object[] KEEP = new Object[16];
    private static final int KEEP_MASK = KEEP.length - 1;

    private static String describe(Throwable e) {
        String msg = e.getMessage();
        if (msg != null && msg.length() > 300) {
            msg = msg.substring(0, 300) + "...";
        }
        String s = e.getClass().getName() + (msg != null ? ": " + msg : "");
        Throwable cause = e.getCause();
        if (cause != null && cause != e && (msg == null || !msg.contains(String.valueOf(cause.getMessage())))) {
            s += " (cause: " + cause.getClass().getName() + ": " + cause.getMessage() + ")";
        }
        return s.replace('\n', ' ');
    }

    private static void rethrowFatal(Throwable e) {
        if (e instanceof VirtualMachineError v) {
            throw v;
        }
    }
}
