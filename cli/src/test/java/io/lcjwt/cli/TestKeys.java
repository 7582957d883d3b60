package io.lcjwt.cli;

import io.lcjwt.JwtPrivateKey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/** Key files for the tests, written the way people have them. */
final class TestKeys {
    private TestKeys() {}

    static String privatePem(JwtPrivateKey key) {
        return "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(key.toDer())
                + "\n-----END PRIVATE KEY-----\n";
    }

    static Path write(Path dir, String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    static Path write(Path dir, String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }
}
