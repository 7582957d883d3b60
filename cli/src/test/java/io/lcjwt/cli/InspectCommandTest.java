package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtSigner;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcjwt inspect}: shows what a token says, and says first that none of it is verified. */
class InspectCommandTest {

    private static String token(Map<String, Object> claims) {
        try (JwtSecretKey key = JwtSecretKey.generate(Algorithm.HS256)) {
            return JwtSigner.builder(key).algorithm(Algorithm.HS256).keyId("k1").build().sign(claims);
        }
    }

    private static Map<String, Object> timedClaims() {
        long now = Instant.now().getEpochSecond();
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("sub", "alice");
        c.put("exp", now - 3 * 3600 - 30);     // 3 h 30 s ago
        c.put("iat", now - 5 * 60 - 30);       // 5 min 30 s ago
        c.put("nbf", now + 12 * 60 + 30);      // in 12 min 30 s
        return c;
    }

    @Test
    void firstLineSaysTheTokenIsNotVerified() {
        Cli r = Cli.run("inspect", token(Map.of("sub", "alice")));
        assertEquals(0, r.code(), r::toString);
        assertEquals(InspectCommand.FIRST_LINE, r.out().lines().findFirst().orElseThrow());
        assertTrue(r.out().startsWith("UNVERIFIED"), r::toString);
        assertTrue(r.out().contains("\"sub\" : \"alice\""), r::toString);
        assertTrue(r.out().contains("\"kid\" : \"k1\""), r::toString);
    }

    @Test
    void numericDatesAreShownAsIsoTimesWithHints() {
        Map<String, Object> c = timedClaims();
        Cli r = Cli.run("inspect", token(c));
        assertEquals(0, r.code(), r::toString);
        String exp = Instant.ofEpochSecond(((Number) c.get("exp")).longValue()).toString();
        assertTrue(r.out().contains(exp), r::toString);
        assertTrue(r.out().contains("expired 3 h ago"), r::toString);
        assertTrue(r.out().contains("issued 5 min ago"), r::toString);
        assertTrue(r.out().contains("not valid until 12 min from now"), r::toString);
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonSaysVerifiedFalseAndCarriesHeaderClaimsAndTimes() throws Exception {
        Map<String, Object> c = timedClaims();
        Cli r = Cli.run("inspect", "--json", token(c));
        assertEquals(0, r.code(), r::toString);
        Map<String, Object> j = r.json();
        assertEquals(Boolean.FALSE, j.get("verified"));
        assertEquals("HS256", ((Map<String, Object>) j.get("header")).get("alg"));
        assertEquals("alice", ((Map<String, Object>) j.get("claims")).get("sub"));
        Map<String, Object> exp = (Map<String, Object>) ((Map<String, Object>) j.get("times")).get("exp");
        assertEquals(Instant.ofEpochSecond(((Number) c.get("exp")).longValue()).toString(), exp.get("iso"));
        assertEquals("expired 3 h ago", exp.get("hint"));
        assertTrue(((Number) exp.get("secondsFromNow")).longValue() < -3 * 3600, exp::toString);
    }

    @Test
    void readsTheTokenFromStdinForDash() {
        Cli r = Cli.runWithStdin(token(Map.of("sub", "bob")) + "\n", "inspect", "-");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("\"sub\" : \"bob\""), r::toString);
    }

    @Test
    void garbageIsRefusedOnOneLineWithoutStackTrace() {
        Cli r = Cli.run("inspect", "not-a-token");
        assertEquals(Main.REFUSED, r.code(), r::toString);
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r::toString);
        assertTrue(r.err().startsWith("lcjwt: "), r::toString);
        assertFalse(r.err().contains("\tat "), r::toString);
    }

    // lcjwt's refusals carry no stack (they are made stackless, for speed); --debug still names the type.
    @Test
    void debugAddsTheExceptionTrace() {
        Cli r = Cli.run("inspect", "--debug", "not-a-token");
        assertEquals(Main.REFUSED, r.code(), r::toString);
        assertTrue(r.err().contains("io.lcjwt.MalformedJwtException: A compact JWS"), r::toString);
    }
}
