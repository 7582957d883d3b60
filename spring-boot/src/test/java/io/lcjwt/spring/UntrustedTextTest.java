package io.lcjwt.spring;

import io.lcjwt.spring.internal.Errors;
import io.lcjwt.testkit.UntrustedText;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.JwtDecoderInitializationException;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the Spring module prints of untrusted text, against the shared table (testkit's
 * {@code UntrustedText}) that core's escaper and the CLI are held to: the exception a failed
 * discovery leaves in the log quotes the metadata's issuer exactly as the table says, and the
 * {@code error_description} a client gets quotes a token's kid as the table says after RFC 6750's
 * character rule (no {@code "} or {@code \}), which {@link Errors#rfc6750} applies.
 */
class UntrustedTextTest {
    static TestIdp idp;
    static final TestIdp.Key KEY = TestIdp.ec("k1");

    @BeforeAll
    static void start() throws Exception {
        idp = new TestIdp("text", KEY);
    }

    @AfterAll
    static void stop() {
        idp.close();
    }

    static List<UntrustedText.Row> rows() {
        return UntrustedText.ROWS;
    }

    /** JSON text for {@code s}, every character outside printable ASCII as an escape. */
    static String json(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return b.toString();
    }

    @ParameterizedTest
    @MethodSource("rows")
    void aDiscoveredIssuerIsQuotedAsTheTableSays(UntrustedText.Row row) {
        idp.claimedIssuer.set(json(row.input()));
        try (LcjwtJwtDecoder d = LcjwtJwtDecoder.withIssuerLocation(idp.issuer).build()) {
            JwtDecoderInitializationException e = assertThrows(JwtDecoderInitializationException.class,
                    () -> d.decode(TestIdp.sign(KEY, idp.claims(""))));
            assertTrue(e.getMessage().contains("names the issuer \"" + row.shown() + "\","), row.name() + ": " + e.getMessage());
        } finally {
            idp.claimedIssuer.set(null);
        }
    }

    @ParameterizedTest
    @MethodSource("rows")
    void aTokensKidIsQuotedAsTheTableSaysInTheErrorDescription(UntrustedText.Row row) {
        try (LcjwtJwtDecoder d = LcjwtJwtDecoder.withJwkSetUri(idp.jwksUri()).jwsAlgorithm(
                org.springframework.security.oauth2.jose.jws.SignatureAlgorithm.ES256).build()) {
            String token = TestIdp.sign(KEY, "{\"alg\":\"ES256\",\"kid\":\"" + json(row.input()) + "\"}", idp.claims(""));
            BadJwtException e = assertThrows(BadJwtException.class, () -> d.decode(token));
            String shown = Errors.rfc6750("\"" + row.shown() + "\"");
            assertTrue(e.getMessage().contains("kid " + shown + "."), row.name() + ": " + e.getMessage());
        }
    }
}
