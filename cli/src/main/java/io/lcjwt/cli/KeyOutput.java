package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtSecretKey;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Set;

/** Shared by keygen and jwks: algorithm names, PEM and JWK text, and writing key files safely. */

final class KeyOutput {
    private KeyOutput() {}

    /** Algorithm names as a person types them: {@code es256} is ES256. */
    static final class Algorithms {
        private Algorithms() {}

        static Algorithm parse(String name) {
            for (Algorithm a : Algorithm.values()) {
                if (a.jwsName().equalsIgnoreCase(name)) {
                    return a;
                }
            }
            throw new CliException(Main.USAGE, "Unknown algorithm " + Untrusted.quote(name) + "; lcjwt knows "
                    + String.join(", ", Arrays.stream(Algorithm.values()).map(Algorithm::jwsName).toList()) + ".");
        }

        /** Converts a JWS {@code --alg} option by its JOSE name, such as {@code ML-DSA-65} (any case). */
        static final class Converter implements picocli.CommandLine.ITypeConverter<Algorithm> {
            @Override
            public Algorithm convert(String value) {
                try {
                    return parse(value);
                } catch (CliException e) {
                    throw new picocli.CommandLine.TypeConversionException(e.getMessage());
                }
            }
        }

        /** The JOSE names, for help's completion candidates. */
        static final class Names implements Iterable<String> {
            @Override
            public java.util.Iterator<String> iterator() {
                return Arrays.stream(Algorithm.values()).map(Algorithm::jwsName).iterator();
            }
        }
    }

    /** PEM armour for what lcjwt's key types give only as DER. */
    static final class Pem {
        private Pem() {}

        static String privateKey(byte[] pkcs8) {
            try {
                return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(pkcs8)
                        + "\n-----END PRIVATE KEY-----\n";
            } finally {
                Arrays.fill(pkcs8, (byte) 0);
            }
        }
    }

    /** JWK text the library does not make itself. */
    static final class Jwks {
        private Jwks() {}

        /** The JWK with {@code alg} added, when it has none: the key was made for that algorithm. */
        static String withAlg(String jwk, Algorithm alg) throws IOException {
            Map<String, Object> m = new java.util.LinkedHashMap<>(Json.object(jwk, "the JWK"));
            m.putIfAbsent("alg", alg.jwsName());
            return Json.compact(m);
        }

        static String secretBase64(JwtSecretKey key) {
            byte[] raw = key.toJavaKey().getEncoded();
            try {
                return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
            } finally {
                Arrays.fill(raw, (byte) 0);
            }
        }

        static String octJwk(String k, String kid, Algorithm alg) throws IOException {
            Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("kty", "oct");
            m.put("kid", kid);
            m.put("alg", alg.jwsName());
            m.put("k", k);
            return Json.compact(m);
        }
    }

    /** Key files: a private key or secret is created owner-only from the start, never widened later. */
    static final class SecretFiles {
        private SecretFiles() {}

        static void checkWritable(Path p, boolean force) {
            if (p != null && !force && Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new CliException(Main.USAGE, p + " exists; refusing to overwrite it (add --force).");
            }
        }

        static void writePrivate(Path p, String text, boolean force) throws IOException {
            write(p, text, force, true);
        }

        static void writePublic(Path p, String text, boolean force) throws IOException {
            write(p, text, force, false);
        }

        private static void write(Path p, String text, boolean force, boolean secret) throws IOException {
            if (force) {
                // Deleted and created anew rather than truncated: an existing file keeps its old mode
                // (perhaps world-readable), and a symlink would be followed.
                Files.deleteIfExists(p);
            }
            Path dir = p.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new CliException.Io("Cannot write " + p + ": its directory does not exist.", null);
        }
        boolean posix = Files.getFileStore(dir).supportsFileAttributeView("posix");
            FileAttribute<?>[] attrs = posix
                    ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                            secret ? "rw-------" : "rw-r--r--"))}
                    : new FileAttribute<?>[0];
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            try (OutputStream o = java.nio.channels.Channels.newOutputStream(Files.newByteChannel(p,
                    Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attrs))) {
                o.write(bytes);
            } catch (FileAlreadyExistsException e) {
                throw new CliException(Main.USAGE, p + " exists; refusing to overwrite it (add --force).");
            } catch (java.nio.file.NoSuchFileException e) {
                throw new CliException.Io("Cannot write " + p + ": its directory does not exist.", e);
            } finally {
                Arrays.fill(bytes, (byte) 0);
            }
            if (posix && secret) {
                // The umask can only narrow the mode given at creation; set it exactly anyway.
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
            }
        }
    }
}
