package io.lcjwt.bindings;

import io.lcjwt.bindings.LoaderErrorsTest.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/troubleshooting.md quotes the loader's messages, which no code block can provoke (they
 * need a JVM of their own), and says which ways of granting native access work. Each child JVM
 * here runs what the page says, and the page must quote what the child printed.
 */
class TroubleshootingPageTest {
    private static final Path PAGE = Path.of("..", "docs", "troubleshooting.md");
    private static final String FLAG = "--enable-native-access=ALL-UNNAMED";

    @TempDir
    Path tmp;

    /** The page's {@code text} blocks, where it quotes messages. */
    private static List<String> quotes() throws IOException {
        Matcher m = Pattern.compile("^```text\\n(.*?)\\n```", Pattern.DOTALL | Pattern.MULTILINE)
                .matcher(Files.readString(PAGE));
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static String quote(String containing) throws IOException {
        return quotes().stream().filter(q -> q.contains(containing)).findFirst()
                .orElseThrow(() -> new AssertionError("docs/troubleshooting.md quotes no message with \"" + containing + "\""));
    }

    private static Result printBackend(List<String> jvmArgs, Map<String, String> env) throws Exception {
        List<String> args = new ArrayList<>(jvmArgs);
        args.addAll(List.of("-cp", System.getProperty("java.class.path"), PrintBackend.class.getName()));
        return LoaderErrorsTest.java(args, env);
    }

    @Test
    void withoutTheFlagThePageQuotesWhatLcjwtSays() throws Exception {
        assertEquals("java.lang.IllegalStateException: " + Backend.NATIVE_ACCESS_MESSAGE, quote("needs native access"));
        Result r = printBackend(List.of(), Map.of());
        assertEquals("ERROR " + Backend.NATIVE_ACCESS_MESSAGE, r.out().strip());
    }

    @Test
    void theFlagOnTheCommandLineAndInTheEnvironmentGrantsIt() throws Exception {
        String page = Files.readString(PAGE);
        assertTrue(printBackend(List.of(FLAG), Map.of()).out().startsWith("OK "));
        assertTrue(page.contains("JAVA_TOOL_OPTIONS=" + FLAG));
        Result tool = printBackend(List.of(), Map.of("JAVA_TOOL_OPTIONS", FLAG));
        assertTrue(tool.out().contains("Picked up JAVA_TOOL_OPTIONS: ") && tool.out().contains("OK "), tool.out());
        assertTrue(page.contains("`JDK_JAVA_OPTIONS`"));
        assertTrue(printBackend(List.of(), Map.of("JDK_JAVA_OPTIONS", FLAG)).out().contains("OK "));
    }

    @Test
    void theManifestAttributeGrantsItOnlyToJavaJar() throws Exception {
        String attribute = "Enable-Native-Access: ALL-UNNAMED";
        assertTrue(Files.readString(PAGE).contains(attribute));
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, PrintBackend.class.getName());
        mf.getMainAttributes().putValue("Enable-Native-Access", "ALL-UNNAMED");
        StringBuilder classPath = new StringBuilder();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            classPath.append(Path.of(entry).toAbsolutePath().toUri()).append(' ');
        }
        mf.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath.toString().strip());
        Path jar = tmp.resolve("app.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, mf)) {
            j.flush();
        }
        Result viaJar = LoaderErrorsTest.java(List.of("-jar", jar.toString()), Map.of());
        assertTrue(viaJar.out().startsWith("OK "), viaJar.out());
        Result onClassPath = LoaderErrorsTest.java(List.of("-cp", jar.toString(), PrintBackend.class.getName()), Map.of());
        assertEquals("ERROR " + Backend.NATIVE_ACCESS_MESSAGE, onClassPath.out().strip());
    }

    @Test
    void aSettingThatNamesNoFileIsQuotedWordForWord() throws Exception {
        String quoted = quote("which is not a file");
        Matcher named = Pattern.compile("LCJWT_LIBCRYPTO names (\\S+), which").matcher(quoted);
        assertTrue(named.find(), quoted);
        assertFalse(Files.exists(Path.of(named.group(1))), "the page's example names a file that exists here");
        Result r = printBackend(List.of(FLAG), Map.of("LCJWT_LIBCRYPTO", named.group(1)));
        assertEquals("ERROR " + quoted, r.out().strip());
    }

    @Test
    void aFileThatIsNoLibcryptoIsQuotedWordForWord() throws Exception {
        String quoted = quote("is neither aws-lc nor OpenSSL 3");
        String tail = quoted.substring(quoted.indexOf(" is neither"));
        Path notCrypto = Path.of(System.getProperty("java.home"), "lib", "libjava.so");
        Result r = printBackend(List.of(FLAG, "-Dlcjwt.libcrypto=" + notCrypto), Map.of());
        assertEquals("ERROR " + notCrypto + tail, r.out().strip());
    }
}
