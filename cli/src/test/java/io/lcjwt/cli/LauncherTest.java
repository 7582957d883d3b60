package io.lcjwt.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/lcjwt} in a child process. Tests run before the jar is packaged, so the launcher is
 * pointed at this test JVM's class path through {@code LCJWT_CLI_CLASSPATH}; everything else
 * (finding the JDK, the JVM flags, the caller's working directory) is the script's own.
 */
class LauncherTest {
    /** The repository root: surefire runs in the module directory, cli/. */
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path dir;

    record Result(int code, String out, String err) {}

    private Result launch(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", ROOT.resolve("bin/lcjwt").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("LCJWT_CLI_CLASSPATH", System.getProperty("java.class.path"));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile());
        Process p = pb.start();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("bin/lcjwt did not finish");
        }
        return new Result(p.exitValue(), Files.readString(dir.resolve("stdout"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("stderr"), StandardCharsets.UTF_8));
    }

    @Test
    void versionNamesTheLibcrypto() throws Exception {
        Result r = launch("--version");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("lcjwt "), r.out());
        assertTrue(r.out().lines().count() >= 2, r.out());
    }

    @Test
    void keygenWritesRelativeToTheCallersDirectory() throws Exception {
        Result r = launch("keygen", "--alg", "ES256", "--out", "key.pem", "--public-out", "key.pub.pem");
        assertEquals(0, r.code(), r::toString);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("key.pem"))));
        assertTrue(Files.readString(dir.resolve("key.pub.pem")).startsWith("-----BEGIN PUBLIC KEY-----"));
        Result again = launch("keygen", "--alg", "ES256", "--out", "key.pem");
        assertEquals(2, again.code(), again::toString);
        assertEquals(1, again.err().lines().count(), again.err());
    }

    /** The JWE the child prints on stdout goes back in as an argument; the content comes out byte for byte. */
    @Test
    void encryptThenDecryptThroughTheLauncher() throws Exception {
        try (io.lcjwt.JwtPrivateKey k = io.lcjwt.JwtPrivateKey.generate(io.lcjwt.Algorithm.ES256);
                io.lcjwt.JwtPublicKey pub = k.publicKey()) {
            Files.writeString(dir.resolve("r.pem"), TestKeys.privatePem(k));
            Files.writeString(dir.resolve("r.pub.pem"), pub.toPem());
        }
        Files.writeString(dir.resolve("note.txt"), "for the recipient only\n");
        Result e = launch("encrypt", "--to", "r.pub.pem", "--alg", "ECDH-ES+A256KW", "--enc", "A128CBC-HS256", "note.txt");
        assertEquals(0, e.code(), e::toString);
        Result d = launch("decrypt", "--key", "r.pem", "--alg", "ECDH-ES+A256KW", "--enc", "A128CBC-HS256", e.out().strip());
        assertEquals(0, d.code(), d::toString);
        assertEquals("for the recipient only\n", d.out());
        Result wrong = launch("decrypt", "--key", "r.pem", "--alg", "ECDH-ES", "--enc", "A128CBC-HS256", e.out().strip());
        assertEquals(1, wrong.code(), wrong::toString);
        assertEquals(1, wrong.err().lines().count(), wrong.err());
    }

    @Test
    void anUnknownOptionIsExitTwo() throws Exception {
        assertEquals(2, launch("--frobnicate").code());
    }
}
