import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.lang.constant.ClassDesc;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Build step of the runnable CLI jar (run by cli/pom.xml after shading, on JDK 24 or newer):
 * rewrites the class files under a package prefix whose class-file version is below 50 (Java 6)
 * to version 52, with stack maps computed by the JDK's ClassFile API, then loads every one of
 * them with verification on, so that the build fails rather than a user's command.
 *
 * <p>Why: picocli 4.7.7 ships Java 5 class files. The JDK verifies those with its old inferring
 * verifier, and its AOT cache (JEP 483) does not keep them, so every {@code lcjwt} command loaded
 * picocli's ~180 classes from the jar (about 120 ms of a 290 ms {@code lcjwt verify} with the
 * cache). Rewritten, they are verified from their stack maps and the cache keeps them. Only the
 * version and the stack maps change; the instructions are written back as they were read.
 *
 * <pre>{@code java cli/src/build/RaiseClassVersion.java target/lcjwt-cli.jar picocli/}</pre>
 */
public final class RaiseClassVersion {

    private static final int TARGET_MAJOR = ClassFile.JAVA_8_VERSION;

    private RaiseClassVersion() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: java RaiseClassVersion.java JAR PREFIX");
            System.exit(2);
        }
        Path jar = Path.of(args[0]).toAbsolutePath();
        String prefix = args[1];
        int n = rewrite(jar, prefix);
        System.out.println("RaiseClassVersion: " + n + " class files under " + prefix + " in " + jar.getFileName()
                + " raised to version " + TARGET_MAJOR);
        check(jar, prefix);
    }

    /** Rewrites the jar in place; returns how many classes changed. */
    static int rewrite(Path jar, String prefix) throws IOException {
        Map<String, byte[]> contents = new LinkedHashMap<>();
        Map<String, ZipEntry> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                entries.put(e.getName(), e);
                contents.put(e.getName(), in.readAllBytes());
            }
        }
        // Stack maps need the supertypes of the classes they merge: the jar's own, then the JDK's.
        ClassHierarchyResolver fromJar = ClassHierarchyResolver.ofResourceParsing(desc -> {
            byte[] b = contents.get(internalName(desc) + ".class");
            return b == null ? null : new ByteArrayInputStream(b);
        });
        ClassFile cf = ClassFile.of(
                ClassFile.ClassHierarchyResolverOption.of(fromJar.orElse(ClassHierarchyResolver.defaultResolver()).cached()),
                ClassFile.StackMapsOption.GENERATE_STACK_MAPS);
        ClassTransform raise = (cb, ce) -> {
            if (ce instanceof ClassFileVersion) {
                cb.withVersion(TARGET_MAJOR, 0);
            } else {
                cb.with(ce);
            }
        };
        ClassTransform transform = raise.andThen(ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL));
        int changed = 0;
        for (Map.Entry<String, byte[]> e : contents.entrySet()) {
            String name = e.getKey();
            if (!name.startsWith(prefix) || !name.endsWith(".class")) {
                continue;
            }
            ClassModel model = cf.parse(e.getValue());
            if (model.majorVersion() >= 50) {
                continue;
            }
            e.setValue(cf.transformClass(model, transform));
            changed++;
        }
        if (changed == 0) {
            return 0;
        }
        Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(tmp))) {
            for (Map.Entry<String, byte[]> e : contents.entrySet()) {
                ZipEntry old = entries.get(e.getKey());
                ZipEntry entry = new ZipEntry(e.getKey());
                entry.setTime(old.getTime()); // the shaded jar's reproducible time stamps, kept
                out.putNextEntry(entry);
                out.write(e.getValue());
                out.closeEntry();
            }
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
        return changed;
    }

    private static String internalName(ClassDesc desc) {
        String d = desc.descriptorString(); // Lpkg/Name;
        return d.substring(1, d.length() - 1);
    }

    /**
     * Loads and links every class under {@code prefix} in {@code jar} with a class loader of its
     * own (the JVM verifies every class that the boot loader does not load), without running
     * their initializers.
     */
    static void check(Path jar, String prefix) throws IOException {
        List<String> names = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                String n = e.getName();
                if (n.startsWith(prefix) && n.endsWith(".class") && !n.endsWith("module-info.class")) {
                    names.add(n.substring(0, n.length() - 6).replace('/', '.'));
                }
            }
        }
        int checked = 0;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            for (String n : names) {
                try {
                    Class<?> c = Class.forName(n, false, loader);
                    c.getDeclaredMethods(); // reflection links the class, and linking verifies it
                    checked++;
                } catch (ClassNotFoundException | LinkageError e) {
                    throw new IllegalStateException(n + " does not load from " + jar + ": " + e, e);
                }
            }
        }
        System.out.println("RaiseClassVersion: " + checked + " classes under " + prefix + " loaded and verified");
    }
}
