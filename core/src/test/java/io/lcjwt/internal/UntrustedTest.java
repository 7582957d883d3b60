package io.lcjwt.internal;

import io.lcjwt.testkit.UntrustedText;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Core's escaper against the shared table (testkit's {@code UntrustedText}), which the Spring
 * module's and the CLI's tests run against what they print.
 */
class UntrustedTest {

    static java.util.List<UntrustedText.Row> rows() {
        return UntrustedText.ROWS;
    }

    @ParameterizedTest
    @MethodSource("rows")
    void untrustedTextIsShownAsTheTableSays(UntrustedText.Row row) {
        assertEquals(row.shown(), Untrusted.text(row.input()), row.name());
        assertEquals("\"" + row.shown() + "\"", Untrusted.quote(row.input()), row.name());
    }
}
