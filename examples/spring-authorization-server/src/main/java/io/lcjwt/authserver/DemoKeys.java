package io.lcjwt.authserver;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtPrivateKey;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.Set;

/**
 * The demo's signing key: an ES256 key written to {@code ${demo.key-dir}/issuer-es256.pem} (PKCS#8
 * PEM, readable by its owner only) on first start, before {@code lcjwt.signing} reads it, and
 * reused after. Only for the demo: a real server mounts a key it was given.
 */
public final class DemoKeys implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {
    static final String FILE = "issuer-es256.pem";

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        ConfigurableEnvironment env = event.getEnvironment();
        String dir = env.getProperty("demo.key-dir");
        if (dir == null || dir.isBlank()) {
            return; // another application in the same JVM
        }
        Path file = Path.of(dir).resolve(FILE);
        if (Files.exists(file)) {
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(Algorithm.ES256)) {
            String pem = "-----BEGIN PRIVATE KEY-----\n"
                    + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(key.toDer())
                    + "\n-----END PRIVATE KEY-----\n";
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), FILE, ".tmp");
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(tmp, Set.copyOf(PosixFilePermissions.fromString("rw-------")));
            }
            Files.writeString(tmp, pem, StandardCharsets.US_ASCII);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the demo key to " + file, e);
        }
    }
}
