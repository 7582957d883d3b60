package io.lcjwt.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reading tokens, files and stdin, bounded, with messages that name what could not be read. */
final class Inputs {
    /** Larger than any token, key or JWKS a command should be given. */
    static final int MAX_BYTES = 4 << 20;

    private Inputs() {}

    /** The argument itself, or stdin when it is {@code -}; surrounding whitespace dropped. */
    static String tokenArg(String arg, InputStream stdin) throws IOException {
        String t = arg.equals("-") ? new String(bounded(stdin, "standard input"), StandardCharsets.US_ASCII) : arg;
        return t.strip();
    }

    static byte[] file(Path p) throws IOException {
        try (InputStream in = Files.newInputStream(p)) {
            return bounded(in, p.toString());
        } catch (NoSuchFileException e) {
            throw new CliException.Io("No such file: " + p, e);
        } catch (IOException e) {
            if (e instanceof CliException.Io) {
                throw e;
            }
            throw new CliException.Io("Cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    static String text(Path p) throws IOException {
        return new String(file(p), StandardCharsets.UTF_8);
    }

    static byte[] bounded(InputStream in, String what) throws IOException {
        byte[] b = in.readNBytes(MAX_BYTES + 1);
        if (b.length > MAX_BYTES) {
            throw new CliException.Io(what + " is larger than " + (MAX_BYTES >> 20) + " MiB.", null);
        }
        return b;
    }
}
