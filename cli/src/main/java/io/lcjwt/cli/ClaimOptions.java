package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.jr.ob.JSON;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The claims options of {@code sign} and {@code encrypt} (a picocli mixin): one set of rules for both. */
final class ClaimOptions {
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

    /** Whether any claim was asked for (--iat alone, on by default, does not count). */
    boolean given() {
        return claimsFile != null || !claimArgs.isEmpty() || exp != null;
    }

    /** The claims: --claims, then each --claim over them, then iat and exp. */
    Map<String, Object> read(InputStream stdin) throws IOException {
        Map<String, Object> claims = new LinkedHashMap<>();
        if (claimsFile != null) {
            String text = claimsFile.equals("-")
                    ? new String(Inputs.bounded(stdin, "standard input"), StandardCharsets.UTF_8)
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
        Instant now = Instant.now();
        if (iat && !claims.containsKey("iat")) {
            claims.put("iat", now.getEpochSecond());
        }
        if (exp != null) {
            claims.put("exp", now.plus(exp).getEpochSecond());
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
