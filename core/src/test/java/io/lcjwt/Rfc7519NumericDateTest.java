package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RFC 7519 section 2's NumericDate at its edges: a fraction is accepted and compared exactly, a
 * string is refused naming the claim, and the leeway applies to {@code exp}, {@code nbf} and
 * {@code iat} alike. Run with both claims readers (core/pom.xml's Jackson-jr execution).
 */
class Rfc7519NumericDateTest {

    static final long NOW_MS = TestTokens.NOW * 1000;

    static JwtVerifier verifier(long nowMillis, Duration leeway) {
        return TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
                .clock(Clock.fixed(Instant.ofEpochMilli(nowMillis), ZoneOffset.UTC)).leeway(leeway)
                .allowMissingExpiration().build();
    }

    static String token(String claims) {
        return TestTokens.hs256(claims);
    }

    /** One NumericDate case: the claims, the clock, and whether it is accepted. */
    record Exact(String name, String claims, long nowMillis, Class<? extends JwtException> refusal) {}

    /**
     * A fraction finer than a millisecond still counts: an exp half a millisecond after now has
     * not expired, and one half a millisecond before has (rounding to the millisecond or second
     * would get one of them wrong).
     */
    @Test
    void aFractionalNumericDateIsAcceptedAndComparedExactly() {
        for (Exact e : List.of(
                new Exact("exp 0.5 ms after now", "{\"exp\":1700000000.0005}", NOW_MS, null),
                new Exact("exp 0.5 ms before now", "{\"exp\":1699999999.9995}", NOW_MS, ExpiredJwtException.class),
                new Exact("exp half a second after, 1 ms before it", "{\"exp\":1700000000.5}", NOW_MS + 499, null),
                new Exact("exp half a second after, at it", "{\"exp\":1700000000.5}", NOW_MS + 500, ExpiredJwtException.class),
                new Exact("nbf 0.5 ms after now", "{\"nbf\":1700000000.0005}", NOW_MS, NotYetValidException.class),
                new Exact("nbf at now", "{\"nbf\":1700000000.000}", NOW_MS, null),
                new Exact("iat 0.5 ms after now", "{\"iat\":1700000000.0005}", NOW_MS, NotYetValidException.class),
                new Exact("iat 0.5 ms before now", "{\"iat\":1699999999.9995}", NOW_MS, null))) {
            JwtVerifier v = verifier(e.nowMillis(), Duration.ZERO);
            if (e.refusal() == null) {
                assertEquals(1, v.decode(token(e.claims())).size(), e.name());
            } else {
                assertInstanceOf(e.refusal(), assertThrows(JwtException.class, () -> v.decode(token(e.claims()))), e.name());
            }
        }
        // The value handed back keeps the fraction.
        Map<String, Object> claims = verifier(NOW_MS, Duration.ZERO).decode(token("{\"exp\":1700000000.5}"));
        assertEquals(1_700_000_000.5, (Double) claims.get("exp"));
        record Times(Instant exp) {}
        assertEquals(Instant.ofEpochSecond(TestTokens.NOW, 500_000_000),
                verifier(NOW_MS, Duration.ZERO).decode(token("{\"exp\":1700000000.5}"), Times.class).exp());
    }

    /** A NumericDate given as a string is refused, naming the claim, for each of the three. */
    @ParameterizedTest
    @ValueSource(strings = {"exp", "nbf", "iat"})
    void aNumericDateAsAStringIsRefusedNamingTheClaim(String claim) {
        JwtVerifier v = verifier(NOW_MS, Duration.ZERO);
        InvalidClaimException e = assertThrows(InvalidClaimException.class,
                () -> v.decode(token("{\"" + claim + "\":\"1700000000\"}")));
        assertEquals(claim, e.claim());
        assertTrue(e.getMessage().contains("\"" + claim + "\" is a string but must be a NumericDate"), e.getMessage());
    }

    /** One leeway case: a claim this many seconds from now, under this leeway. */
    record Skew(String claim, long offsetSeconds, long leewaySeconds, Class<? extends JwtException> refusal) {}

    /**
     * The leeway stretches every time claim by the same amount: exp is refused at
     * {@code exp <= now - leeway}, nbf at {@code nbf > now + leeway}, and iat, which lcjwt
     * refuses when it lies in the future, at {@code iat > now + leeway}.
     */
    @Test
    void theLeewayAppliesToExpNbfAndIatAlike() {
        for (Skew s : List.of(
                new Skew("exp", -59, 60, null),
                new Skew("exp", -60, 60, ExpiredJwtException.class),
                new Skew("exp", 0, 0, ExpiredJwtException.class),
                new Skew("exp", 1, 0, null),
                new Skew("nbf", 60, 60, null),
                new Skew("nbf", 61, 60, NotYetValidException.class),
                new Skew("nbf", 1, 0, NotYetValidException.class),
                new Skew("iat", 60, 60, null),
                new Skew("iat", 61, 60, NotYetValidException.class),
                new Skew("iat", 1, 0, NotYetValidException.class),
                new Skew("iat", 0, 0, null),
                new Skew("iat", -86_400 * 365, 0, null))) {
            String name = s.claim() + " now" + (s.offsetSeconds() >= 0 ? "+" : "") + s.offsetSeconds()
                    + " s, leeway " + s.leewaySeconds() + " s";
            JwtVerifier v = verifier(NOW_MS, Duration.ofSeconds(s.leewaySeconds()));
            String t = token("{\"" + s.claim() + "\":" + (TestTokens.NOW + s.offsetSeconds()) + "}");
            if (s.refusal() == null) {
                assertEquals(TestTokens.NOW + s.offsetSeconds(), ((Number) v.decode(t).get(s.claim())).longValue(), name);
            } else {
                JwtException e = assertThrows(JwtException.class, () -> v.decode(t), name);
                assertInstanceOf(s.refusal(), e, name);
                assertTrue(e.getMessage().contains("leeway " + s.leewaySeconds() + " s"), name + ": " + e.getMessage());
            }
        }
    }

    /** An iat in the future is refused as not yet valid, and says so. */
    @Test
    void aTokenIssuedInTheFutureIsNotYetValid() {
        NotYetValidException e = assertThrows(NotYetValidException.class,
                () -> verifier(NOW_MS, Duration.ofSeconds(30)).decode(token("{\"iat\":1700000100}")));
        assertEquals("The JWT was issued at 2023-11-14T22:15:00Z, which is in the future (now 2023-11-14T22:13:20Z,"
                + " leeway 30 s).", e.getMessage());
        assertEquals(Instant.ofEpochSecond(1_700_000_100L), e.notBefore());
    }
}
