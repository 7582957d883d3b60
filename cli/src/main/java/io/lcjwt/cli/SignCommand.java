package io.lcjwt.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSigner;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcjwt sign}: a compact JWS over claims from a file, stdin and {@code --claim}, by {@link JwtSigner}. */
@Command(name = "sign", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sign claims into a compact JWS and print it. Claims come from --claims (a JSON object in a"
                + " file, or - for standard input), then --claim k=v in order, each overriding the ones before; then"
                + " --iat and --exp.",
                "Without --alg, the key decides only when it serves exactly one algorithm (an EC or Ed25519 key, a JWK"
                + " with \"alg\")."})
final class SignCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @ArgGroup(exclusive = true, multiplicity = "1", heading = "Key source (exactly one):%n")
    KeySources.ForSign source;

    @Option(names = "--claims", paramLabel = "FILE", description = "A JSON object of claims, or - for standard input.")
    String claimsFile;

    @Option(names = "--claim", paramLabel = "NAME=VALUE",
            description = "One claim (repeatable). VALUE is read as JSON when it is a number, true, false, null, an"
                    + " array or an object, else taken as a string: --claim sub=alice --claim admin=true.")
    List<String> claimArgs = new ArrayList<>();

    @Option(names = "--exp", paramLabel = "DURATION", converter = Durations.class,
            description = "Set exp to now plus this, such as 15m or 1h.")
    Duration exp;

    @Option(names = "--iat", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Set iat to now (the default; --no-iat leaves it as the claims have it).")
    boolean iat;

    @Option(names = "--kid", paramLabel = "KID", description = "The header's kid (default: the key's own, if any).")
    String kid;

    @Option(names = "--alg", paramLabel = "ALG", description = "The algorithm: ${COMPLETION-CANDIDATES}.")
    Algorithm algorithm;

    @Option(names = "--typ", paramLabel = "TYPE", description = "The header's typ (default JWT), such as at+jwt.")
    String type;

    @Override
    public Integer call() throws Exception {
        Map<String, Object> claims = claims();
        Instant now = Instant.now();
        if (iat && !claims.containsKey("iat")) {
            claims.put("iat", now.getEpochSecond());
        }
        if (exp != null) {
            claims.put("exp", now.plus(exp).getEpochSecond());
        }
        JwtKey key = source.key != null ? KeyFiles.read(source.key)
                : KeySources.secret(source.secretFile, source.secretEnv);
        try (key) {
            if (key instanceof JwtPublicKey) {
                throw new CliException(Main.KEYS, source.key + " holds a public key, which cannot sign; give the"
                        + " private key.");
            }
            Algorithm alg = algorithm != null ? algorithm
                    : KeySources.algorithms(List.of(), List.of(key)).iterator().next();
            JwtSigner.Builder b = JwtSigner.builder(key).algorithm(alg);
            if (kid != null) {
                b.keyId(kid);
            }
            if (type != null) {
                b.type(type);
            }
            String token;
            try {
                token = b.build().sign(claims);
            } catch (InvalidJwtKeyException e) {
                throw new CliException(Main.KEYS, e.getMessage(), e);
            } catch (IllegalArgumentException e) {
                // the claims are the user's: one that cannot be written is a usage error
                throw new CliException(Main.USAGE, e.getMessage(), e);
            }
            if (main.json) {
                Json.print(main.out, Map.of("token", token));
            } else {
                main.out.println(token);
            }
        }
        return Main.OK;
    }

    private Map<String, Object> claims() throws IOException {
        Map<String, Object> claims = new LinkedHashMap<>();
        if (claimsFile != null) {
            String text = claimsFile.equals("-")
                    ? new String(Inputs.bounded(main.in, "standard input"), StandardCharsets.UTF_8)
                    : Inputs.text(Path.of(claimsFile));
            claims.putAll(Json.object(text, claimsFile.equals("-") ? "The claims on standard input" : claimsFile));
        }
        for (String arg : claimArgs) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new CliException(Main.USAGE, "--claim '" + Untrusted.text(arg) + "' is not NAME=VALUE.");
            }
            claims.put(arg.substring(0, eq), value(arg.substring(eq + 1)));
        }
        return claims;
    }

    /** JSON when the text is a JSON number, literal, array or object; otherwise the text itself. */
    static Object value(String text) {
        String s = text.strip();
        if (s.isEmpty() || s.charAt(0) == '"') {
            return text;
        }
        // One whole JSON value, or it is text: "1 2" and "true story" stay strings.
        try (JsonParser p = new JsonFactory().createParser(s)) {
            p.nextToken();
            Object v = JSON.std.anyFrom(p);
            return p.nextToken() == null ? v : text;
        } catch (IOException | RuntimeException notJson) {
            return text;
        }
    }
}
