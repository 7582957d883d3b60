package io.lcjwt.internal.dpop;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** RFC 3986 sections 6.2.2 and 6.2.3, as RFC 9449 section 4.3 asks for the htu comparison. */
class HtuTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "https://api.example/orders|https://api.example/orders",
            // 6.2.2.1 case: scheme and host lower case, percent-encodings upper case
            "HTTPS://API.EXAMPLE/orders|https://api.example/orders",
            "https://api.example/a%2fb|https://api.example/a%2Fb",
            // 6.2.2.2 percent-encoding: unreserved characters decoded, others kept
            "https://api.example/%7Euser/%6Frders|https://api.example/~user/orders",
            "https://api.example/a%20b|https://api.example/a%20b",
            // 6.2.2.3 dot segments
            "https://api.example/a/./b/../c|https://api.example/a/c",
            "https://api.example/../../a|https://api.example/a",
            // 6.2.3 scheme-based: default port, empty path
            "https://api.example:443/x|https://api.example/x",
            "http://api.example:80/x|http://api.example/x",
            "https://api.example:8443/x|https://api.example:8443/x",
            "https://api.example|https://api.example/",
            // query and fragment are not compared
            "https://api.example/x?a=1#f|https://api.example/x",
            "https://[::1]:8443/x|https://[::1]:8443/x",
    })
    void normalizes(String in, String out) {
        assertEquals(out, Htu.normalize(in));
    }

    @ParameterizedTest
    @CsvSource({"ftp://api.example/x", "/relative/path", "mailto:a@b.example", "https://api.example/a b", "not a uri"})
    void refusesWhatIsNotAnAbsoluteHttpUri(String in) {
        assertNull(Htu.normalize(in));
    }
}
