/**
 * lcjwt: JSON Web Tokens for Java 22+, verified and signed by aws-lc (or OpenSSL 3) through the
 * FFM API. The public API is the {@code io.lcjwt} package; everything under
 * {@code io.lcjwt.internal} is private to the library.
 */
module io.lcjwt {
    requires io.lcjwt.bindings;
    // ClaimsReader.jacksonJr only: lcjwt reads and writes JSON itself, so Jackson is optional.
    requires static com.fasterxml.jackson.core;
    requires static com.fasterxml.jackson.jr.ob;
    requires java.net.http;

    exports io.lcjwt;
}
