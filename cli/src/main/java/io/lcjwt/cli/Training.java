package io.lcjwt.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The training run {@code bin/lcjwt} records its JDK AOT cache from (JEP 514): the commands a
 * user runs, in one process, so that the cache holds the classes and linked native calls of
 * each (verify's decode path, PEM and JWK parsing, the inspect and JSON output, JWE), not just
 * those of one command. It works in a temporary directory it deletes, and prints nothing.
 */
final class Training {
    private Training() {}

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("lcjwt-train");
        try {
            String key = dir.resolve("k.pem").toString();
            String pub = dir.resolve("k.pub.pem").toString();
            String rsa = dir.resolve("r.pem").toString();
            String rsaPub = dir.resolve("r.pub.jwk").toString();
            run("keygen", "--alg", "ES256", "--out", key, "--public-out", pub);
            run("keygen", "--alg", "RS256", "--format", "jwk", "--out", rsa, "--public-out", rsaPub);
            for (String json : new String[] {"", "--json"}) {
                String token = run("sign", "--key", key, "--claim", "sub=train", "--exp", "15m").trim();
                run(json, "verify", "--key", pub, "--alg", "ES256", token);
                run(json, "inspect", token);
                String rsaToken = run("sign", "--key", rsa, "--alg", "RS256", "--claim", "sub=train", "--exp", "15m").trim();
                run(json, "verify", "--key", rsaPub, "--alg", "RS256", rsaToken);
                run(json, "thumbprint", pub);
                run(json, "jwks", "from-pem", pub);
                String jwe = run("encrypt", "--to", pub, "--alg", "ECDH-ES+A256KW", "--sign-key", key,
                        "--claim", "sub=train", "--exp", "15m").trim();
                run(json, "decrypt", "--key", key, "--alg", "ECDH-ES+A256KW", "--enc", "A256GCM", "--verify-key", pub, jwe);
            }
            expect(Main.REFUSED, "verify", "--key", pub, "--alg", "ES256", "not-a-token"); // the refusal path too
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Runs one command line in this process, which must succeed; returns what it printed. An empty first word is dropped. */
    private static String run(String... args) {
        return expect(Main.OK, args);
    }

    private static String expect(int code, String... args) {
        String[] line = args[0].isEmpty() ? java.util.Arrays.copyOfRange(args, 1, args.length) : args;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int got = Main.run(line, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        if (got != code) {
            // A training run that does not do what users do would train the cache on the wrong path.
            throw new IllegalStateException("training: lcjwt " + String.join(" ", line).replaceAll("ey\\S{20,}", "TOKEN")
                    + " exited " + got + ", not " + code + ": " + err.toString(StandardCharsets.UTF_8).trim());
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
