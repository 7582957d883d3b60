package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcjwt jwks show|from-pem|to-pem}: read, publish and convert JWK sets. */
@Command(name = "jwks", mixinStandardHelpOptions = true,
        description = "Show a JWKS (from a file or URL), publish one from PEM keys, or turn a JWK into PEM.",
        subcommands = {JwksCommand.Show.class, JwksCommand.FromPem.class, JwksCommand.ToPem.class})
final class JwksCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "Missing subcommand: lcjwt jwks show|from-pem|to-pem (see lcjwt jwks --help).");
    }

    /** A public key from any key lcjwt reads; a secret is refused, it has no public half to publish. */
    static JwtPublicKey publicOf(JwtKey key, Path from) {
        return switch (key) {
            case JwtPublicKey p -> p;
            case JwtPrivateKey p -> p.publicKey();
            case JwtSecretKey s -> throw new CliException(Main.KEYS, from + " holds an HMAC secret, which has no"
                    + " public key and is never published.");
        };
    }

    /** {@code lcjwt jwks show FILE|URL}. */
    @Command(name = "show", mixinStandardHelpOptions = true,
            description = {"List the keys of a JWKS: kid, type, size, the algorithms each serves, thumbprint.",
                    "Keys lcjwt cannot import are skipped and counted; encryption keys are listed, with no JWS algorithm."})
    static final class Show implements Callable<Integer> {
        @ParentCommand
        JwksCommand parent;

        @Parameters(paramLabel = "FILE|URL", description = "A JWKS file, - for stdin, or an https URL (http only to"
                + " 127.0.0.1/localhost).")
        String source;

        @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "10",
                description = "How long to wait for a URL (default 10 s).")
        int timeoutSeconds;

        @Override
        public Integer call() throws Exception {
            Main main = parent.main;
            JwkSet set = load();
            try {
                List<Map<String, Object>> rows = new ArrayList<>();
                for (JwtKey k : set.keys()) {
                    rows.add(describe(k));
                }
                if (main.json) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("source", source);
                    m.put("keys", rows);
                    m.put("skipped", set.skipped());
                    Json.print(main.out, m);
                } else {
                    for (Map<String, Object> r : rows) {
                        main.out.println("kid " + (r.get("kid") == null ? "(none)" : r.get("kid")) + ": " + r.get("kty")
                                + (r.get("crv") != null ? " " + r.get("crv") : "") + " " + r.get("bits") + " bits, "
                                + String.join(" ", cast(r.get("algorithms"))) + ", thumbprint "
                                + r.get("thumbprint"));
                    }
                    main.out.println(set.keys().size() + " key" + (set.keys().size() == 1 ? "" : "s") + ", "
                            + set.skipped() + " skipped");
                }
            } finally {
                set.keys().forEach(JwtKey::close);
            }
            return Main.OK;
        }

        @SuppressWarnings("unchecked")
        private static List<String> cast(Object o) {
            return (List<String>) o;
        }

        private JwkSet load() throws Exception {
            if (source.startsWith("https://") || source.startsWith("http://")) {
                URI uri;
                try {
                    uri = URI.create(source);
                } catch (IllegalArgumentException e) {
                    throw new CliException(Main.USAGE, "Not a valid URL: " + Untrusted.quote(source));
                }
                Duration t = Duration.ofSeconds(Math.max(1, timeoutSeconds));
                JwksClient client;
                try {
                    client = JwksClient.builder(uri).connectTimeout(t).timeout(t).build();
                } catch (IllegalArgumentException e) {
                    throw new CliException(Main.USAGE, e.getMessage(), e);
                }
                try (client) {
                    return client.refresh();
                }
            }
            String text = source.equals("-")
                    ? new String(Inputs.bounded(parent.main.in, "standard input"), java.nio.charset.StandardCharsets.UTF_8)
                    : Inputs.text(Path.of(source));
            try {
                return JwkSet.parseLenient(text);
            } catch (InvalidJwtKeyException e) {
                throw new CliException(Main.KEYS, (source.equals("-") ? "standard input" : source) + ": "
                        + e.getMessage(), e);
            }
        }

        static Map<String, Object> describe(JwtKey k) throws Exception {
            JwtPublicKey p = (JwtPublicKey) k; // a JWKS read by JwkSet holds public keys only
            Map<String, Object> jwk = Json.object(p.toJwk(), "the JWK");
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("kid", p.keyId());
            r.put("kty", p.keyType());
            r.put("crv", jwk.get("crv"));
            r.put("bits", p.bits());
            List<String> algs = new ArrayList<>();
            for (Algorithm a : Algorithm.values()) {
                if (p.supports(a)) {
                    algs.add(a.jwsName());
                }
            }
            r.put("algorithms", algs);
            r.put("thumbprint", p.thumbprint());
            return r;
        }
    }

    /** {@code lcjwt jwks from-pem FILE...}. */
    @Command(name = "from-pem", mixinStandardHelpOptions = true,
            description = {"Publish a JWKS from key files (PEM, DER or JWK; public or private): public parts only.",
                    "Each key's kid is the matching --kid, else the key's own, else its thumbprint."})
    static final class FromPem implements Callable<Integer> {
        @ParentCommand
        JwksCommand parent;

        @Parameters(paramLabel = "FILE", arity = "1..*", description = "Key files, in the order of the set.")
        List<Path> files;

        @Option(names = "--kid", paramLabel = "KID", description = "The kid of each key in turn (repeatable).")
        List<String> kids = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            if (kids.size() > files.size()) {
                throw new CliException(Main.USAGE, kids.size() + " --kid for " + files.size() + " file"
                        + (files.size() == 1 ? "" : "s") + "; give at most one per file.");
            }
            List<JwtKey> opened = new ArrayList<>();
            try {
                List<JwtPublicKey> keys = new ArrayList<>();
                for (int i = 0; i < files.size(); i++) {
                    JwtKey k = KeyFiles.read(files.get(i));
                    opened.add(k);
                    JwtPublicKey pub = publicOf(k, files.get(i));
                    opened.add(pub);
                    String kid = i < kids.size() ? kids.get(i) : pub.keyId() != null ? pub.keyId() : pub.thumbprint();
                    if (kid.isEmpty()) {
                        throw new CliException(Main.USAGE, "--kid must not be empty.");
                    }
                    keys.add(pub.withKeyId(kid));
                }
                String json;
                try {
                    json = JwkSet.of(keys.toArray(JwtKey[]::new)).toJson();
                } catch (InvalidJwtKeyException e) {
                    throw new CliException(Main.KEYS, e.getMessage(), e);
                }
                // Pretty either way: the set is JSON already, and --json asks for nothing more.
                Json.print(parent.main.out, Json.object(json, "the JWK set"));
            } finally {
                opened.forEach(JwtKey::close);
            }
            return Main.OK;
        }
    }

    /** {@code lcjwt jwks to-pem FILE [--kid K]}. */
    @Command(name = "to-pem", mixinStandardHelpOptions = true,
            description = "Print the public key of a JWK, or of one key of a JWKS, as PEM.")
    static final class ToPem implements Callable<Integer> {
        @ParentCommand
        JwksCommand parent;

        @Parameters(paramLabel = "FILE", description = "A JWK or JWKS file, or - for stdin.")
        String source;

        @Option(names = "--kid", paramLabel = "KID", description = "Which key of a JWKS (needed when it has more than one).")
        String kid;

        @Override
        public Integer call() throws Exception {
            Main main = parent.main;
            String text = (source.equals("-")
                    ? new String(Inputs.bounded(main.in, "standard input"), java.nio.charset.StandardCharsets.UTF_8)
                    : Inputs.text(Path.of(source))).strip();
            String what = source.equals("-") ? "standard input" : source;
            List<JwtKey> opened = new ArrayList<>();
            try {
                JwtPublicKey pub;
                try {
                    Map<String, Object> doc = Json.object(text, what);
                    if (doc.containsKey("keys")) {
                        JwkSet set = JwkSet.parseLenient(text);
                        opened.addAll(set.keys());
                        JwtKey chosen;
                        if (kid != null) {
                            chosen = set.byKeyId(kid).orElseThrow(() -> new CliException(Main.KEYS, what
                                    + " has no key with kid " + Untrusted.quote(kid) + "."));
                        } else if (set.keys().size() == 1) {
                            chosen = set.keys().get(0);
                        } else {
                            throw new CliException(Main.USAGE, what + " has " + set.keys().size()
                                    + " keys; choose one with --kid.");
                        }
                        pub = (JwtPublicKey) chosen;
                    } else {
                        JwtKey k = JwtKey.fromJwk(text);
                        opened.add(k);
                        if (kid != null && !kid.equals(k.keyId())) {
                            throw new CliException(Main.KEYS, what + " is one JWK, with kid "
                                    + (k.keyId() == null ? "(none)" : Untrusted.quote(k.keyId())) + ", not "
                                    + Untrusted.quote(kid) + ".");
                        }
                        pub = publicOf(k, Path.of(what));
                        opened.add(pub);
                    }
                } catch (InvalidJwtKeyException e) {
                    throw new CliException(Main.KEYS, what + ": " + e.getMessage(), e);
                } catch (CliException e) {
                    if (e.exitCode == Main.USAGE && e.getMessage().contains("JSON")) {
                        throw new CliException(Main.KEYS, e.getMessage(), e);
                    }
                    throw e;
                }
                if (main.json) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("kid", pub.keyId());
                    m.put("thumbprint", pub.thumbprint());
                    m.put("publicPem", pub.toPem());
                    Json.print(main.out, m);
                } else {
                    main.out.print(pub.toPem());
                }
            } finally {
                opened.forEach(JwtKey::close);
            }
            return Main.OK;
        }
    }
}
