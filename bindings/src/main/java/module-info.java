/**
 * lcjwt's native layer: jextract-generated bindings to libcrypto and the loader that picks the
 * library (aws-lc first, OpenSSL 3 as the fallback). Nothing here knows about JWTs.
 *
 * <p>Only {@code io.lcjwt} may read it; applications use the {@code io.lcjwt} module. The JVM must
 * grant this module native access: {@code --enable-native-access=io.lcjwt.bindings} on the module
 * path, {@code --enable-native-access=ALL-UNNAMED} on the class path.
 */
module io.lcjwt.bindings {
    exports io.lcjwt.bindings to io.lcjwt;
    exports io.lcjwt.bindings.libcrypto to io.lcjwt;
}
