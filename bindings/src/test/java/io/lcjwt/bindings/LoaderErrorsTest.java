package io.lcjwt.bindings;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loader's failures, each in a child JVM so the test JVM's own loaded backend is untouched:
 * a missing file, a library that is not libcrypto, and a JVM without native access.
 */
class LoaderErrorsTest {

    record Result(int exit, String out) {}

    private static Result run(List<String> jvmArgs) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(jvmArgs);
        args.addAll(List.of("-cp", System.getProperty("java.class.path"), PrintBackend.class.getName()));
        return java(args, Map.of());
    }

    /**
     * Runs {@code java} with these arguments in a child JVM whose environment has no
     * {@code LCJWT_LIBCRYPTO}, no {@code JAVA_TOOL_OPTIONS} and no {@code JDK_JAVA_OPTIONS}
     * but {@code env}'s; standard error joins standard output.
     */
    static Result java(List<String> args, Map<String, String> env) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeAll(List.of("LCJWT_LIBCRYPTO", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS"));
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM finished");
        return new Result(p.exitValue(), out);
    }

    @Test
    void missingFileNamesTheSettingAndThePath() throws Exception {
        Result r = run(List.of("--enable-native-access=ALL-UNNAMED",
                "-Dlcjwt.libcrypto=/nonexistent/libcrypto.so"));
        assertEquals(3, r.exit(), r.out());
        assertTrue(r.out().contains("ERROR lcjwt could not load libcrypto: system property"
                + " lcjwt.libcrypto names /nonexistent/libcrypto.so, which is not a file"), r.out());
    }

    @Test
    void aLibraryThatIsNotLibcryptoIsRefused() throws Exception {
        Path notCrypto = Path.of(System.getProperty("java.home"), "lib", "libjava.so");
        Result r = run(List.of("--enable-native-access=ALL-UNNAMED", "-Dlcjwt.libcrypto=" + notCrypto));
        assertEquals(3, r.exit(), r.out());
        assertTrue(r.out().contains(notCrypto + " is neither aws-lc nor OpenSSL 3"), r.out());
    }

    @Test
    void missingNativeAccessNamesTheFlag() throws Exception {
        Result r = run(List.of());
        assertEquals(3, r.exit(), r.out());
        assertTrue(r.out().contains("ERROR " + Backend.NATIVE_ACCESS_MESSAGE), r.out());
        assertTrue(r.out().contains("--enable-native-access=ALL-UNNAMED"), r.out());
    }

    @Test
    void defaultSearchFindsALibrary() throws Exception {
        Result r = run(List.of("--enable-native-access=ALL-UNNAMED"));
        assertEquals(0, r.exit(), r.out());
        assertTrue(r.out().startsWith("OK "), r.out());
    }
}
