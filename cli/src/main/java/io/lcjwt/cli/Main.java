package io.lcjwt.cli;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwksUnavailableException;
import io.lcjwt.JwtException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The {@code lcjwt} command. Each subcommand is one class; this one holds the options every
 * subcommand inherits and turns failures into the documented exit codes, one line each.
 */
@Command(name = "lcjwt", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Inspect, verify and sign JWTs; encrypt and decrypt JWEs; issue, present and verify SD-JWTs; make keys; read and publish JWKS. Crypto by aws-lc or OpenSSL 3.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
                "0:success",
                "1:refused: the token failed a check (bad signature, expired, wrong audience, ...)",
                "2:usage: unknown option, missing argument, bad value",
                "3:key or JWKS trouble: a key, secret, file or JWKS could not be read or used"})
public final class Main {
    static final int OK = 0;
    static final int REFUSED = 1;
    static final int USAGE = 2;
    static final int KEYS = 3;

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "Print JSON instead of text.")
    boolean json;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "On failure, print the exception too (lcjwt's refusals carry no stack; other failures do).")
    boolean debug;

    /** Where a command reads and writes; tests pass their own. */
    final InputStream in;
    final PrintStream out;
    final PrintStream err;

    Main(InputStream in, PrintStream out, PrintStream err) {
        this.in = in;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        int code = run(args, System.in, System.out, System.err);
        System.out.flush();
        System.err.flush();
        // Success returns, so the JVM ends when main does (lcjwt and the JDK's HTTP client start
        // only daemon threads): System.exit also starts the JDK's logging to report the exit,
        // about 7 ms of a command that takes a few hundred.
        if (code != OK) {
            System.exit(code);
        }
    }

    /**
     * The subcommands by name, in the order {@code --help} lists them (then {@code help}). Each
     * name must be its class's {@code @Command} name (MainTest checks).
     */
    static final java.util.Map<String, Class<?>> SUBCOMMANDS = subcommands();

    private static java.util.Map<String, Class<?>> subcommands() {
        java.util.Map<String, Class<?>> m = new java.util.LinkedHashMap<>();
        m.put("inspect", InspectCommand.class);
        m.put("verify", VerifyCommand.class);
        m.put("sign", SignCommand.class);
        m.put("keygen", KeygenCommand.class);
        m.put("jwks", JwksCommand.class);
        m.put("thumbprint", ThumbprintCommand.class);
        m.put("encrypt", EncryptCommand.class);
        m.put("decrypt", DecryptCommand.class);
        m.put("sd-jwt", SdJwtCommand.class);
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * The command tree for {@code args}: when they name a subcommand, that one only, since picocli
     * reads every registered command's annotations before it parses anything, and a one-token
     * {@code lcjwt verify} paid for all eight; otherwise (help, a typo, no command) all of them.
     */
    static CommandLine commandLine(Main main, String[] args) {
        CommandLine cl = new CommandLine(main);
        Class<?> only = null;
        for (String a : args) {
            if (!a.startsWith("-")) { // the first word that is not one of Main's own flags
                only = SUBCOMMANDS.get(a);
                break;
            }
        }
        if (only != null) {
            cl.addSubcommand(only);
        } else {
            SUBCOMMANDS.values().forEach(cl::addSubcommand);
            cl.addSubcommand(CommandLine.HelpCommand.class);
        }
        return cl;
    }

    /** Runs one command line; returns the exit code. */
    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        Main main = new Main(in, out, err);
        CommandLine cl = commandLine(main, args);
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cl.setExitCodeExceptionMapper(Main::exitCode);
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            Throwable t = unwrap(e);
            err.println("lcjwt: " + oneLine(t));
            if (main.debug) {
                t.printStackTrace(err);
            }
            return exitCode(t);
        });
        return cl.execute(args);
    }

    private static Throwable unwrap(Throwable e) {
        return e instanceof UncheckedIOException u ? u.getCause() : e;
    }

    static int exitCode(Throwable t) {
        t = unwrap(t);
        return switch (t) {
            case CliException c -> c.exitCode;
            case JwksUnavailableException j -> KEYS;
            case JwtException j -> REFUSED;
            case InvalidJwtKeyException k -> KEYS;
            case IOException io -> KEYS;
            case CommandLine.ParameterException p -> USAGE;
            default -> KEYS;
        };
    }

    /** lcjwt's own message, on one line; a JDK exception without one by its type. */
    static String oneLine(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            m = t.getClass().getSimpleName();
        } else if (t instanceof IOException && !(t instanceof CliException.Io)) {
            m = t.getClass().getSimpleName().replace("Exception", "") + ": " + m;
        }
        return m.replace('\n', ' ').replace('\r', ' ');
    }

    /** Prints lcjwt's version and the libcrypto it loaded. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"lcjwt " + (v == null ? "(development build)" : v), io.lcjwt.LibCrypto.describe()};
        }
    }
}
