package io.lcjwt.example;

import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.jwt.JwtDecoder;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compiles every {@code java spring} block of the README against the Spring class path (core's
 * ReadmeExamplesTest takes only the plain {@code java} blocks, with core alone), each block a
 * source file of its own, then runs what can run without a context: every {@code @Bean} method
 * of a {@code @Configuration} block that takes no parameters, whose result must be a bean.
 */
class ReadmeSpringExamplesTest {
    private static final Pattern BLOCK = Pattern.compile("```java spring\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern TYPE = Pattern.compile("^(?:public |final |abstract )*(?:class|record|interface) (\\w+)",
            Pattern.MULTILINE);

    @Test
    void readmeSpringBlocksCompileAndTheirBeansBuild() throws Exception {
        String readme = Files.readString(Path.of("..", "..", "README.md"));
        List<String> blocks = new ArrayList<>();
        for (Matcher m = BLOCK.matcher(readme); m.find(); ) {
            blocks.add(m.group(1));
        }
        assertTrue(blocks.size() >= 2, "the README's Spring Boot section has its examples");

        Path dir = Files.createTempDirectory("readme-spring");
        List<String> args = new ArrayList<>(List.of("-d", dir.toString(), "-proc:none",
                "-cp", System.getProperty("java.class.path")));
        List<String> types = new ArrayList<>();
        StringBuilder all = new StringBuilder();
        for (String block : blocks) {
            Matcher t = TYPE.matcher(block);
            assertTrue(t.find(), () -> "a Spring block declares a top-level type:\n" + block);
            String source = "package readme.spring;\n" + block;
            Path file = dir.resolve("readme/spring/" + t.group(1) + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source);
            args.add(file.toString());
            types.add("readme.spring." + t.group(1));
            all.append("// ").append(file.getFileName()).append('\n').append(source);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new));
        assertEquals(0, rc, () -> "README Spring examples do not compile:\n"
                + diagnostics.toString(StandardCharsets.UTF_8) + "\n" + all);

        int built = 0;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            for (String name : types) {
                Class<?> type = loader.loadClass(name);
                if (!type.isAnnotationPresent(Configuration.class)) {
                    continue;
                }
                Constructor<?> c = type.getDeclaredConstructor();
                c.setAccessible(true);
                Object config = c.newInstance();
                for (Method m : type.getDeclaredMethods()) {
                    if (m.isAnnotationPresent(Bean.class) && m.getParameterCount() == 0) {
                        m.setAccessible(true);
                        Object bean = m.invoke(config);
                        assertInstanceOf(m.getReturnType(), bean, m.toString());
                        if (bean instanceof JwtDecoder d) {
                            assertEquals("io.lcjwt.spring.LcjwtJwtDecoder", d.getClass().getName(), m.toString());
                        }
                        built++;
                    }
                }
            }
        }
        assertTrue(built >= 1, "at least the README's JwtDecoder bean is built");
    }
}
