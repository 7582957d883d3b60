package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No two of core's source files import each other, directly or around a longer loop: the public
 * package is built on the internal ones, and an internal class that needs a public type back is
 * given it (a generic bridge, its own record copied by the public class), not an import. A loop
 * makes the pieces impossible to read, test or replace one at a time.
 */
class ImportCirclesTest {

    private static final Path MAIN = Path.of("src/main/java");
    /** The top-level type an import names (a nested type's import names its outer file). */
    private static final Pattern IMPORTED_TYPE = Pattern.compile("(?m)^import\\s+(?:static\\s+)?(io\\.lcjwt\\.(?:[a-z]\\w*\\.)*[A-Z]\\w*)");

    @Test
    void coreHasNoImportCircle() throws IOException {
        Map<String, List<String>> edges = new HashMap<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> {
                String name = MAIN.relativize(p).toString().replace('/', '.').replaceAll("\\.java$", "");
                List<String> to = new ArrayList<>();
                Matcher m = IMPORTED_TYPE.matcher(read(p));
                while (m.find()) {
                    to.add(m.group(1));
                }
                edges.put(name, to);
            });
        }
        assertTrue(edges.size() > 100, "read core's sources from " + MAIN.toAbsolutePath());
        List<List<String>> circles = new Tarjan(edges).circles();
        assertEquals(List.of(), circles, "files that import each other, around a loop");
    }

    @Test
    void theCheckSeesALoop() {
        Map<String, List<String>> edges = Map.of(
                "a.A", List.of("a.b.B"), "a.b.B", List.of("a.c.C"), "a.c.C", List.of("a.A"), "a.D", List.of("a.A"));
        List<List<String>> circles = new Tarjan(edges).circles();
        assertEquals(1, circles.size());
        assertEquals(3, circles.get(0).size());
        Matcher m = IMPORTED_TYPE.matcher("import static io.lcjwt.internal.jwks.KeyCache.Parsed.of;");
        assertTrue(m.find());
        assertEquals("io.lcjwt.internal.jwks.KeyCache", m.group(1));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Strongly connected components of more than one file. */
    private static final class Tarjan {
        private final Map<String, List<String>> edges;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final List<String> stack = new ArrayList<>();
        private final List<List<String>> found = new ArrayList<>();
        private int next;

        Tarjan(Map<String, List<String>> edges) {
            this.edges = edges;
        }

        List<List<String>> circles() {
            for (String v : edges.keySet()) {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            }
            return found;
        }

        private void visit(String v) {
            index.put(v, next);
            low.put(v, next);
            next++;
            stack.add(v);
            for (String w : edges.getOrDefault(v, List.of())) {
                if (!edges.containsKey(w)) {
                    continue; // a nested type's import, or another module's
                }
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (stack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                List<String> component = new ArrayList<>();
                String w;
                do {
                    w = stack.remove(stack.size() - 1);
                    component.add(w);
                } while (!w.equals(v));
                if (component.size() > 1) {
                    found.add(component);
                }
            }
        }
    }
}
