package io.lcjwt.testkit;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs the code of the README and the pages under {@code docs/}, so that what users copy cannot
 * rot.
 *
 * <p>A page whose code a module's tests run starts with {@code <!-- examples: MODULE -->}. Its
 * {@code java} blocks are joined, in order, into the body of one method, with a random 32-byte
 * {@code secret} in scope; a block whose first line is {@code // file: Name.java} is a whole
 * compilation unit compiled beside it instead. A line ending in {@code // prints: TEXT} asserts
 * that the run printed TEXT. A block inside an HTML comment is run but not shown to readers:
 * set-up that would only distract them.
 */
public final class DocExamples {
    private static final Pattern MARKER = Pattern.compile("\\A<!-- examples: ([a-z-]+) -->");
    private static final Pattern BLOCK = Pattern.compile("^```([^\\n]*)\\n(.*?)^```", Pattern.DOTALL | Pattern.MULTILINE);
    private static final Pattern FILE = Pattern.compile("\\A// file: (\\w+)\\.java\\s*\\n");
    private static final Pattern PRINTS = Pattern.compile("// prints: (.+)$", Pattern.MULTILINE);
    private static final List<String> IMPORTS = List.of("io.lcjwt.*", "java.net.URI",
            "java.nio.charset.StandardCharsets", "java.time.*", "java.util.*");

    private DocExamples() {}

    /** One fenced block of a page: its info string ({@code java}, {@code yaml}, {@code sh lcjwt}) and its text. */
    public record Block(String language, String text) {}

    /**
     * A page of the README or of {@code docs/}.
     *
     * @param path the file
     * @param module the module whose tests run its code, or null if it names none
     * @param blocks every fenced block, in order
     */
    public record Page(Path path, String module, List<Block> blocks) {

        /** {@return the blocks in this language ({@code java}, {@code yaml}, ...)} */
        public List<String> blocks(String language) {
            return blocks.stream().filter(b -> b.language().equals(language)).map(Block::text).toList();
        }

        /** {@return a name that can be a Java package: the file name in lower case} */
        public String slug() {
            String name = path.getFileName().toString().replaceFirst("\\.md$", "");
            return "doc_" + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_");
        }
    }

    /** {@return the repository's root, found from the working directory of a module's tests} */
    public static Path root() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("docs"))
                    && Files.isRegularFile(p.resolve("mvnw"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root above " + here);
    }

    /** {@return the README and every page under docs/, in a fixed order} */
    public static List<Page> pages() {
        Path root = root();
        List<Path> files = new ArrayList<>();
        files.add(root.resolve("README.md"));
        try (Stream<Path> s = Files.walk(root.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files.stream().map(DocExamples::read).toList();
    }

    /** {@return the pages whose code this module's tests run} */
    public static List<Page> pages(String module) {
        return pages().stream().filter(p -> module.equals(p.module())).toList();
    }

    /**
     * Reads one page.
     *
     * @param path a Markdown file
     * @return the page
     */
    public static Page read(Path path) {
        String text;
        try {
            text = Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher marker = MARKER.matcher(text);
        List<Block> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            blocks.add(new Block(m.group(1).strip(), m.group(2)));
        }
        return new Page(path, marker.find() ? marker.group(1) : null, List.copyOf(blocks));
    }

    /**
     * Compiles a page's java blocks on this JVM's class path and runs them.
     *
     * @param page the page
     * @param extraImports imports beyond the usual ones, such as {@code io.lcjwt.spring.*}
     * @return what the run printed
     * @throws AssertionError if the code does not compile, throws, or does not print what its
     *         {@code // prints:} lines say
     */
    public static String run(Page page, List<String> extraImports) {
        List<String> body = new ArrayList<>();
        List<String[]> files = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (String block : page.blocks("java")) {
            Matcher p = PRINTS.matcher(block);
            while (p.find()) {
                expected.add(p.group(1).strip());
            }
            Matcher f = FILE.matcher(block);
            if (f.find()) {
                files.add(new String[] {f.group(1), block});
            } else {
                body.add(block);
            }
        }
        if (!body.isEmpty() && expected.isEmpty()) {
            throw new AssertionError(page.path() + ": no `// prints:` line, so nothing checks what its code does");
        }
        String pkg = page.slug();
        StringBuilder imports = new StringBuilder();
        for (String i : IMPORTS) {
            imports.append("import ").append(i).append(";\n");
        }
        for (String i : extraImports) {
            imports.append("import ").append(i).append(";\n");
        }
        String main = "package " + pkg + ";\n" + imports + "public class Examples {\n"
                + "    public static void run() throws Exception {\n"
                + "        byte[] secret = new byte[32];\n"
                + "        new java.security.SecureRandom().nextBytes(secret);\n"
                + String.join("\n", body) + "\n    }\n}\n";
        try {
            Path dir = Files.createTempDirectory(pkg);
            Path src = dir.resolve(pkg);
            Files.createDirectories(src);
            List<String> args = new ArrayList<>(List.of("-d", dir.toString(), "-cp",
                    System.getProperty("java.class.path"), "-proc:none", "-parameters"));
            Files.writeString(src.resolve("Examples.java"), main);
            args.add(src.resolve("Examples.java").toString());
            for (String[] f : files) {
                Path file = src.resolve(f[0] + ".java");
                Files.writeString(file, "package " + pkg + ";\n" + f[1]);
                args.add(file.toString());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
            int rc = javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new));
            if (rc != 0) {
                throw new AssertionError(page.path() + ": its code does not compile:\n"
                        + diagnostics.toString(StandardCharsets.UTF_8) + "\n" + numbered(main));
            }
            String printed = body.isEmpty() ? "" : invoke(page, dir, pkg);
            for (String e : expected) {
                if (!printed.contains(e)) {
                    throw new AssertionError(page.path() + ": expected the run to print \"" + e
                            + "\"; it printed:\n" + printed);
                }
            }
            return printed;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String invoke(Page page, Path dir, String pkg) throws IOException {
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread t = Thread.currentThread();
        ClassLoader context = t.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                DocExamples.class.getClassLoader())) {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            t.setContextClassLoader(loader);
            loader.loadClass(pkg + ".Examples").getMethod("run").invoke(null);
        } catch (InvocationTargetException e) {
            throw new AssertionError(page.path() + ": its code threw; it printed:\n"
                    + out.toString(StandardCharsets.UTF_8), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(page.path() + ": could not run its code", e);
        } finally {
            System.setOut(saved);
            t.setContextClassLoader(context);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String numbered(String source) {
        StringBuilder b = new StringBuilder();
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            b.append(String.format("%4d  %s%n", i + 1, lines[i]));
        }
        return b.toString();
    }
}
