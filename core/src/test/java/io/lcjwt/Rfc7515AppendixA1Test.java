package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** RFC 7515 Appendix A.1: the HS256 example, typed in from the RFC. */
class Rfc7515AppendixA1Test {

    static final String TOKEN = "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9"
            + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
            + ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    static final byte[] KEY = Base64.getUrlDecoder().decode(
            "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow");

    @Test
    void theRfcVectorIsWhatTheJdkComputesToo() {
        String input = TOKEN.substring(0, TOKEN.lastIndexOf('.'));
        assertArrayEquals(Base64.getUrlDecoder().decode(TOKEN.substring(TOKEN.lastIndexOf('.') + 1)),
                TestTokens.mac("HmacSHA256", KEY, input));
    }

    @Test
    void verifiesBeforeExpiry() {
        Clock before = Clock.fixed(Instant.ofEpochSecond(1300819370L), ZoneOffset.UTC);
        try (JwtSecretKey key = JwtSecretKey.of(KEY)) {
            JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256).issuer("joe").clock(before).build();
            Map<String, Object> claims = v.decode(TOKEN);
            assertEquals("joe", claims.get("iss"));
            assertEquals(1300819380L, claims.get("exp"));
            assertEquals(Boolean.TRUE, claims.get("http://example.com/is_root"));
            VerifiedJwt<Map> jwt = v.decodeJwt(TOKEN, Map.class);
            assertEquals("JWT", jwt.header().type());
            assertEquals(Algorithm.HS256, jwt.header().algorithm());
        }
    }

    @Test
    void isRefusedAfterExpiry() {
        try (JwtSecretKey key = JwtSecretKey.of(KEY)) {
            JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256).build();
            ExpiredJwtException e = assertThrows(ExpiredJwtException.class, () -> v.decode(TOKEN));
            assertEquals(Instant.ofEpochSecond(1300819380L), e.expiredAt());
        }
    }
}
