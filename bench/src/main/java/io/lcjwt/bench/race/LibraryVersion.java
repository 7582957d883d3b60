package io.lcjwt.bench.race;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * A library's version as its jar states it: {@code META-INF/maven/<group>/<artifact>/pom.properties}
 * (kept by the shaded jar), else the package's {@code Implementation-Version} (when the library runs
 * from its own jar), else {@code build-versions.properties}, which Maven fills in at build time for
 * the few jars that carry neither. Never written in code.
 */
public final class LibraryVersion {
    private LibraryVersion() {}

    public static String of(String groupId, String artifactId, Class<?> anchor) {
        ClassLoader loader = anchor.getClassLoader() != null ? anchor.getClassLoader() : ClassLoader.getSystemClassLoader();
        String v = property(loader, "META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties", "version");
        if (v == null && anchor.getPackage() != null) {
            v = anchor.getPackage().getImplementationVersion();
        }
        if (v == null) {
            v = property(LibraryVersion.class.getClassLoader(), "io/lcjwt/bench/race/build-versions.properties",
                    groupId + "/" + artifactId);
        }
        return v == null || v.isBlank() || v.startsWith("${") ? "unknown" : v;
    }

    private static String property(ClassLoader loader, String resource, String key) {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty(key);
        } catch (IOException e) {
            return null;
        }
    }
}
