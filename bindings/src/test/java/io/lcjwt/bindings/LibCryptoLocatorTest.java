package io.lcjwt.bindings;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The search reads directory names with {@code File.list} and a hand-written test instead of a
 * glob {@code DirectoryStream} (start-up cost); it must pick exactly the names the glob
 * {@code libcrypto*.so*} picks.
 */
class LibCryptoLocatorTest {

    private static final PathMatcher GLOB = FileSystems.getDefault().getPathMatcher("glob:libcrypto*.so*");

    @ParameterizedTest
    @ValueSource(strings = {"libcrypto.so", "libcrypto.so.3", "libcrypto.so.1.1", "libcrypto-awslc.so",
            "libcrypto-awslc.so.1.0.0", "libcrypto.so.0.0.0", "libcryptoso", "libcrypto.a", "libcrypto.",
            "libcrypto", "libcrypt.so.1", "libcrypto++.so.8", "libcrypto.so.", "xlibcrypto.so", "LIBCRYPTO.SO",
            "libcrypto.sox", "libcrypto.s", "libcrypto-1_1.dll", "libcrypto.dylib", "libcrypto.solib.a"})
    void theNameTestIsTheGlob(String name) {
        assertEquals(GLOB.matches(Path.of(name)), LibCryptoLocator.matchesLibcrypto(name), name);
    }

    /**
     * The search lists a directory once however many of its names lead there (/lib/x86_64-linux-gnu
     * is /usr/lib/x86_64-linux-gnu on a merged-/usr system): a link and its target must come out
     * as one key, two real directories as two, and a missing one as itself.
     */
    @Test
    void aDirectoryReachedThroughALinkIsListedOnce(@TempDir Path tmp) throws IOException {
        Path real = Files.createDirectory(tmp.resolve("lib"));
        Path other = Files.createDirectory(tmp.resolve("lib64"));
        Path link = Files.createSymbolicLink(tmp.resolve("usr-lib"), real);
        assertEquals(LibCryptoLocator.realDirectory(real.toString()), LibCryptoLocator.realDirectory(link.toString()));
        assertNotEquals(LibCryptoLocator.realDirectory(real.toString()), LibCryptoLocator.realDirectory(other.toString()));
        String missing = tmp.resolve("absent").toString();
        assertEquals(missing, LibCryptoLocator.realDirectory(missing));
    }
}
