package io.lcjwt.spring;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtValidationException;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.spec.SecretKeySpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The documented table: each lcjwt refusal as the Spring exception Nimbus would have thrown. */
class ErrorMappingTest {
    static final byte[] SECRET = new byte[32];

    static {
        new SecureRandom().nextBytes(SECRET);
    }

    static final LcjwtJwtDecoder DECODER = LcjwtJwtDecoder.withSecretKey(new SecretKeySpec(SECRET, "HmacSHA256"))
            .jwsAlgorithm(MacAlgorithm.HS256).audience("api").issuer("https://id.example").build();

    static String hs(String header, String claims) {
        return TestIdp.hs256(SECRET, header, claims);
    }

    static String token(String claims) {
        return hs("{\"alg\":\"HS256\"}", claims);
    }

    static long now() {
        return System.currentTimeMillis() / 1000;
    }

    static String ok(String extra) {
        return "{\"iss\":\"https://id.example\",\"aud\":\"api\",\"sub\":\"alice\",\"exp\":" + (now() + 600) + extra + "}";
    }

    static Stream<Object[]> refusals() {
        String good = token(ok(""));
        return Stream.of(
                new Object[] {"malformed", "a.b", BadJwtException.class, "lcjwt MalformedJwtException"},
                new Object[] {"null token", null, BadJwtException.class, "null"},
                new Object[] {"bad signature", good.substring(0, good.length() - 3) + "AAA", BadJwtException.class, ""},
                new Object[] {"alg not allowed", TestIdp.b64("{\"alg\":\"HS384\"}") + "." + TestIdp.b64(ok("")) + ".c2ln",
                        BadJwtException.class, "HS384"},
                new Object[] {"unsupported alg", TestIdp.b64("{\"alg\":\"none\"}") + "." + TestIdp.b64(ok("")) + ".",
                        BadJwtException.class, "none"},
                new Object[] {"crit header", hs("{\"alg\":\"HS256\",\"crit\":[\"x\"],\"x\":1}", ok("")), BadJwtException.class, "crit"},
                new Object[] {"expired", token("{\"iss\":\"https://id.example\",\"aud\":\"api\",\"exp\":" + (now() - 600) + "}"),
                        JwtValidationException.class, "expired"},
                new Object[] {"not yet valid", token(ok(",\"nbf\":" + (now() + 300))), JwtValidationException.class, "not valid before"},
                new Object[] {"wrong audience", token("{\"iss\":\"https://id.example\",\"aud\":\"x\",\"exp\":" + (now() + 60) + "}"),
                        JwtValidationException.class, "audience"},
                new Object[] {"missing iss", token("{\"aud\":\"api\",\"exp\":" + (now() + 60) + "}"),
                        JwtValidationException.class, "iss"},
                new Object[] {"iat after exp", token(ok(",\"iat\":" + (now() + 900))), BadJwtException.class, ""});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void eachRefusalIsTheSpringExceptionNimbusWouldThrow(String why, String token, Class<?> type, String says) {
        JwtException e = assertThrows(JwtException.class, () -> DECODER.decode(token));
        assertEquals(type, e.getClass(), why + ": " + e);
        assertTrue(e.getMessage().startsWith("An error occurred while attempting to decode the Jwt: "), e.getMessage());
        assertTrue(e.getMessage().chars().allMatch(c -> c >= 0x20 && c <= 0x7e && c != '"' && c != '\\'),
                "RFC 6750's error_description characters: " + e.getMessage());
        if (!says.startsWith("lcjwt")) {
            assertTrue(e.getMessage().toLowerCase(java.util.Locale.ROOT).contains(says.toLowerCase(java.util.Locale.ROOT)),
                    why + ": " + e.getMessage());
        }
        if (e instanceof JwtValidationException v) {
            assertEquals("invalid_token", v.getErrors().iterator().next().getErrorCode());
            assertInstanceOf(io.lcjwt.JwtException.class, v.getCause(), "lcjwt's refusal is the cause");
        }
    }

    @Test
    void aValidTokenHasSpringsClaimTypes() {
        long now = now();
        Jwt j = DECODER.decode(token("{\"iss\":\"https://id.example\",\"aud\":\"api\",\"sub\":\"alice\",\"exp\":"
                + (now + 600) + ",\"nbf\":" + (now - 5) + ",\"jti\":\"j1\",\"n\":[1,{\"m\":true}]}"));
        assertEquals(Instant.ofEpochSecond(now + 600), j.getExpiresAt());
        assertEquals(Instant.ofEpochSecond(now + 599), j.getIssuedAt(), "as Spring: iat is exp - 1 s when absent");
        assertEquals(Instant.ofEpochSecond(now - 5), j.getNotBefore());
        assertEquals(List.of("api"), j.getAudience());
        assertEquals("https://id.example", j.getClaimAsString("iss"));
        assertEquals("j1", j.getId());
        assertEquals(List.of(1L, java.util.Map.of("m", true)), j.getClaims().get("n"));
        assertEquals("HS256", j.getHeaders().get("alg"));
    }
}
