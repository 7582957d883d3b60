package io.lcjwt.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The public names of a library (its classes, methods and constants, read by reflection from its
 * jar or classes folder) and a check that a snippet of Java in a docs page names only those and
 * the JDK's. It reads a snippet as text, so it checks names, not types: enough to catch a call
 * renamed or removed since the page was written.
 */
public final class ApiNames {
    private static final List<String> JDK_PACKAGES = List.of("java.lang", "java.util", "java.util.concurrent",
            "java.time", "java.net", "java.nio.charset", "java.security", "java.security.spec",
            "java.security.interfaces", "java.text", "javax.crypto", "javax.crypto.spec");
    private static final Set<String> KEYWORDS = Set.of("new", "null", "true", "false", "class", "this", "var",
            "int", "long", "byte", "char", "boolean", "double", "float", "short", "void", "return", "throw");
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)'");
    private static final Pattern QUALIFIED = Pattern.compile("\\b([a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+)\\.([A-Z]\\w*)");
    private static final Pattern WORD = Pattern.compile("[A-Za-z_]\\w*");

    private final Map<String, List<Class<?>>> classes = new HashMap<>();
    private final Set<String> methods = new HashSet<>();
    private final Set<String> fields = new HashSet<>();

    private ApiNames() {
        for (Method m : Object.class.getMethods()) {
            methods.add(m.getName());
        }
    }

    /**
     * The public names of the classes in the package of {@code anchor} (its nested classes
     * included, its subpackages not), from the jar or folder it was loaded from.
     *
     * @param anchor a public class of the library
     * @return the names
     */
    public static ApiNames ofPackage(Class<?> anchor) {
        ApiNames names = new ApiNames();
        String pkg = anchor.getPackageName();
        names.scan(anchor, name -> name.startsWith(pkg + ".") && name.indexOf('.', pkg.length() + 1) < 0);
        return names;
    }

    /**
     * The public names of every class of the jar or folder {@code anchor} was loaded from whose
     * name starts with {@code prefix}.
     *
     * @param anchor a public class of the library
     * @param prefix a package prefix, such as {@code com.nimbusds.}
     * @return the names
     */
    public static ApiNames ofPackages(Class<?> anchor, String prefix) {
        ApiNames names = new ApiNames();
        names.scan(anchor, name -> name.startsWith(prefix));
        return names;
    }

    /**
     * These names and another library's.
     *
     * @param other more names
     * @return this, grown
     */
    public ApiNames and(ApiNames other) {
        other.classes.forEach((k, v) -> classes.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        methods.addAll(other.methods);
        fields.addAll(other.fields);
        return this;
    }

    private void scan(Class<?> anchor, java.util.function.Predicate<String> wanted) {
        Path where;
        try {
            where = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> names = new ArrayList<>();
        try {
            if (Files.isDirectory(where)) {
                try (Stream<Path> s = Files.walk(where)) {
                    s.map(p -> where.relativize(p).toString()).filter(p -> p.endsWith(".class"))
                            .forEach(p -> names.add(p.replace('/', '.').replace('\\', '.')));
                }
            } else {
                try (JarFile jar = new JarFile(where.toFile())) {
                    jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class"))
                            .forEach(n -> names.add(n.replace('/', '.')));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ClassLoader loader = anchor.getClassLoader();
        for (String file : names) {
            String name = file.substring(0, file.length() - ".class".length());
            if (!wanted.test(name) || name.endsWith("module-info") || name.endsWith("package-info")) {
                continue;
            }
            Class<?> c;
            try {
                c = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                continue;
            }
            if (Modifier.isPublic(c.getModifiers()) && !c.isAnonymousClass()) {
                add(c);
            }
        }
    }

    private void add(Class<?> c) {
        classes.computeIfAbsent(c.getSimpleName(), k -> new ArrayList<>()).add(c);
        try {
            for (Method m : c.getMethods()) {
                methods.add(m.getName());
            }
            for (Field f : c.getFields()) {
                fields.add(f.getName());
            }
        } catch (LinkageError e) {
            // A class whose signatures need an optional dependency that is absent: its name still counts.
        }
    }

    /**
     * The names in a snippet that are neither this library's nor the JDK's.
     *
     * @param code a snippet of Java from a docs page, such as {@code JwtVerifier.builder(key).build()}
     * @return one line per unknown name, empty when every name is known
     */
    public List<String> unknown(String code) {
        return unknown(code, Set.of());
    }

    /**
     * As {@link #unknown(String)}, where the page itself declares some types (a record its code
     * blocks define, say).
     *
     * @param code a snippet of Java from a docs page
     * @param declared the simple names of the types the page declares
     * @return one line per unknown name, empty when every name is known
     */
    public List<String> unknown(String code, Set<String> declared) {
        List<String> problems = new ArrayList<>();
        String text = STRING.matcher(code).replaceAll("\"\"");
        Map<String, List<Class<?>>> local = new HashMap<>();
        Matcher q = QUALIFIED.matcher(text);
        StringBuilder plain = new StringBuilder();
        while (q.find()) {
            String name = q.group(1) + "." + q.group(2);
            Class<?> c = load(name);
            if (c == null) {
                problems.add("no class " + name);
                q.appendReplacement(plain, "");
            } else {
                local.computeIfAbsent(c.getSimpleName(), k -> new ArrayList<>()).add(c);
                q.appendReplacement(plain, q.group(2));
            }
        }
        q.appendTail(plain);
        text = plain.toString();
        Matcher w = WORD.matcher(text);
        while (w.find()) {
            String word = w.group();
            if (KEYWORDS.contains(word)) {
                continue;
            }
            String qualifier = qualifier(text, w.start());
            boolean call = calls(text, w.end());
            List<Class<?>> owners = qualifier == null ? null : classes(qualifier, local);
            boolean known;
            if (call) {
                known = owners != null ? hasMember(owners, word, true)
                        : methods.contains(word) || declared.contains(word) || classes(word, local) != null
                                || jdkMethod(text, local, word);
            } else if (Character.isUpperCase(word.charAt(0))) {
                known = declared.contains(word) || classes(word, local) != null || fields.contains(word)
                        || owners != null && hasMember(owners, word, false);
            } else {
                known = true; // a variable, a parameter
            }
            if (!known) {
                problems.add("no " + (call ? "method or constructor " : "class or constant ") + word + " in `" + code + "`");
            }
        }
        return problems;
    }

    /** The word before {@code .} right before {@code at}, if any. */
    private static String qualifier(String text, int at) {
        int i = at - 1;
        while (i >= 0 && Character.isWhitespace(text.charAt(i))) {
            i--;
        }
        if (i < 0 || text.charAt(i) != '.') {
            return null;
        }
        int end = i;
        int start = end;
        while (start > 0 && Character.isJavaIdentifierPart(text.charAt(start - 1))) {
            start--;
        }
        return start < end ? text.substring(start, end) : null;
    }

    /** Whether {@code (} follows, after blanks and a diamond or type arguments. */
    private static boolean calls(String text, int at) {
        int i = at;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i < text.length() && text.charAt(i) == '<') {
            int close = text.indexOf('>', i);
            if (close < 0) {
                return false;
            }
            i = close + 1;
        }
        return i < text.length() && text.charAt(i) == '(';
    }

    private List<Class<?>> classes(String simpleName, Map<String, List<Class<?>>> local) {
        List<Class<?>> found = new ArrayList<>();
        found.addAll(classes.getOrDefault(simpleName, List.of()));
        found.addAll(local.getOrDefault(simpleName, List.of()));
        if (found.isEmpty() && Character.isUpperCase(simpleName.charAt(0))) {
            for (String p : JDK_PACKAGES) {
                Class<?> c = load(p + "." + simpleName);
                if (c != null) {
                    found.add(c);
                }
            }
        }
        return found.isEmpty() ? null : found;
    }

    /**
     * Whether one of {@code owners} has a public method ({@code method}) or field (not) called
     * {@code name}, or a nested class of that name.
     */
    private static boolean hasMember(List<Class<?>> owners, String name, boolean method) {
        for (Class<?> c : owners) {
            Member[] members = method ? c.getMethods() : c.getFields();
            for (Member m : members) {
                if (m.getName().equals(name)) {
                    return true;
                }
            }
            for (Class<?> n : c.getClasses()) {
                if (n.getSimpleName().equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A method of a JDK class the snippet names, or of {@code String}, called on a variable. */
    private boolean jdkMethod(String text, Map<String, List<Class<?>>> local, String name) {
        List<Class<?>> candidates = new ArrayList<>(List.of(String.class));
        Matcher w = WORD.matcher(text);
        while (w.find()) {
            if (Character.isUpperCase(w.group().charAt(0))) {
                List<Class<?>> c = classes(w.group(), local);
                if (c != null) {
                    candidates.addAll(c);
                }
            }
        }
        return hasMember(candidates, name, true);
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ApiNames.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            try {
                return Class.forName(name, false, Thread.currentThread().getContextClassLoader());
            } catch (ClassNotFoundException | LinkageError e2) {
                return null;
            }
        }
    }
}
