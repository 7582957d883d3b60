package io.lcjwt.cli;

import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;

/** JSON in and out for the commands (claims files, --json output), by Jackson-jr. */
final class Json {
    private static final JSON PRETTY = JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT);

    private Json() {}

    static void print(PrintStream out, Object value) throws IOException {
        out.println(PRETTY.asString(value));
    }

    static String compact(Object value) throws IOException {
        return JSON.std.asString(value);
    }

    /** A JSON object, such as a claims file; anything else is a usage error. */
    static Map<String, Object> object(String text, String what) {
        try {
            Object v = JSON.std.with(JSON.Feature.READ_ONLY).anyFrom(text);
            if (!(v instanceof Map<?, ?> m)) {
                throw new CliException(Main.USAGE, what + " is not a JSON object.");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> map = (Map<String, Object>) m;
            return map;
        } catch (IOException e) {
            throw new CliException(Main.USAGE, what + " is not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
