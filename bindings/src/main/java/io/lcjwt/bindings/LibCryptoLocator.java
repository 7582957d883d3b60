package io.lcjwt.bindings;

import java.io.File;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Finds the libcrypto to load, in the order DESIGN.md fixes: an explicit path (system property
 * {@code lcjwt.libcrypto}, then environment variable {@code LCJWT_LIBCRYPTO}); an installed aws-lc
 * (a {@code libcrypto-awslc.so*}, or any {@code libcrypto.so*} exporting
 * {@code awslc_api_version_num}) under the usual prefixes; the system's OpenSSL 3
 * {@code libcrypto.so.3}.
 */
final class LibCryptoLocator {

    static final String PROPERTY = "lcjwt.libcrypto";
    static final String ENV = "LCJWT_LIBCRYPTO";
    static final String AWS_LC_MARKER = "awslc_api_version_num";

    /** Where aws-lc and OpenSSL land on the Linux distributions we know, most specific first. */
    static final List<String> SEARCH_DIRS = List.of(
            "/usr/local/lib", "/usr/local/lib64",
            "/opt/aws-lc/lib", "/opt/aws-lc/lib64",
            "/usr/lib/aws-lc/lib", "/usr/lib/aws-lc",
            "/usr/lib", "/usr/lib64",
            "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
            "/lib", "/lib64", "/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu");

    /**
     * The outcome of a search: the path, or null with the list of what was tried. {@code awsLc}
     * is true when the search already saw aws-lc's marker in it, so it need not be opened again
     * to tell which library it is.
     */
    record Found(Path path, String source, List<String> tried, boolean awsLc) {}

    private LibCryptoLocator() {}

    static Found locate() {
        List<String> tried = new ArrayList<>();
        String explicit = System.getProperty(PROPERTY);
        String source = "system property " + PROPERTY;
        if (explicit == null || explicit.isBlank()) {
            explicit = System.getenv(ENV);
            source = "environment variable " + ENV;
        }
        if (explicit != null && !explicit.isBlank()) {
            Path p = Path.of(explicit.trim()).toAbsolutePath();
            tried.add(p + " (" + source + ")");
            if (!Files.isRegularFile(p)) {
                throw new IllegalStateException("lcjwt could not load libcrypto: " + source + " names "
                        + p + ", which is not a file; point it at a libcrypto shared library"
                        + " (aws-lc's libcrypto.so, or OpenSSL 3's libcrypto.so.3).");
            }
            return new Found(p, source, tried, false);
        }
        for (Path candidate : candidates()) {
            tried.add(candidate.toString());
            if (exportsAwsLcMarker(candidate)) {
                return new Found(candidate, "aws-lc found in " + candidate.getParent(), tried, true);
            }
        }
        for (String dir : SEARCH_DIRS) {
            Path p = Path.of(dir, "libcrypto.so.3");
            if (Files.isRegularFile(p)) {
                tried.add(p.toString());
                return new Found(p, "the system's OpenSSL 3", tried, false);
            }
        }
        tried.add("libcrypto.so.3 in " + SEARCH_DIRS);
        return new Found(null, null, tried, false);
    }

    /** Every libcrypto shared object in the search directories, aws-lc-named ones first. */
    private static List<Path> candidates() {
        Set<Path> named = new LinkedHashSet<>();
        Set<Path> plain = new LinkedHashSet<>();
        Set<String> listed = new HashSet<>();
        for (String dir : SEARCH_DIRS) {
            // A directory reached twice is listed once: where /lib is a link to /usr/lib (every
            // merged-/usr distribution), /lib/<arch> is /usr/lib/<arch>, and listing its
            // thousand-odd names again cost more in a fresh JVM than resolving every directory's
            // links (a start-up rule, docs/architecture.md).
            if (!listed.add(realDirectory(dir))) {
                continue;
            }
            // File.list reads the names in one native call; a glob DirectoryStream made a Path and
            // ran a regex for each of the thousand-odd entries of /usr/lib/<arch>, tens of
            // milliseconds in a fresh JVM (a start-up rule, docs/architecture.md).
            String[] names = new File(dir).list();
            if (names == null) {
                continue; // not a directory, or unreadable: not a place the library can be
            }
            for (String entry : names) {
                if (!matchesLibcrypto(entry)) {
                    continue;
                }
                try {
                    Path p = Path.of(dir, entry);
                    if (!Files.isRegularFile(p)) {
                        continue;
                    }
                    Path real = p.toRealPath();
                    String name = real.getFileName().toString().toLowerCase(Locale.ROOT);
                    if (name.contains("awslc") || name.contains("aws-lc")) {
                        named.add(real);
                    } else if (!name.endsWith(".so.3") && !name.endsWith(".so.1.1")) {
                        // OpenSSL's own sonames never export aws-lc's marker; skip opening them.
                        plain.add(real);
                    }
                } catch (IOException | SecurityException | InvalidPathException e) {
                    // An entry that vanished or cannot be read is not the library either.
                }
            }
        }
        List<Path> out = new ArrayList<>(named);
        for (Path p : plain) {
            if (!named.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /** {@code dir} with its links resolved, or as given when it does not exist or cannot be read. */
    static String realDirectory(String dir) {
        try {
            return Path.of(dir).toRealPath().toString();
        } catch (IOException | SecurityException | InvalidPathException e) {
            return dir; // listed as named; File.list then finds nothing there
        }
    }

    /** The glob {@code libcrypto*.so*}: the prefix, then {@code .so} anywhere after it. */
    static boolean matchesLibcrypto(String name) {
        return name.startsWith("libcrypto") && name.indexOf(".so", "libcrypto".length()) >= 0;
    }

    /** Opens the library privately (and closes it again) to see whether it is aws-lc. */
    static boolean exportsAwsLcMarker(Path lib) {
        try (Arena arena = Arena.ofConfined()) {
            return SymbolLookup.libraryLookup(lib, arena).find(AWS_LC_MARKER).isPresent();
        } catch (IllegalArgumentException | IllegalCallerException e) {
            return false;
        }
    }
}
