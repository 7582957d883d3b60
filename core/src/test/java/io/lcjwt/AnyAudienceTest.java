package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link JwtVerifier.Builder#anyAudience()}: for callers that check {@code aud} themselves
 * (Spring's validators). The audience goes unchecked, its form does not.
 */
class AnyAudienceTest {

    static JwtVerifier anyAudience() {
        return TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
                .anyAudience().clock(TestTokens.CLOCK).build();
    }

    @Test
    void withoutItATokenCarryingAudIsRefused() {
        JwtVerifier plain = TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
                .clock(TestTokens.CLOCK).build();
        InvalidClaimException e = assertThrows(InvalidClaimException.class, () -> plain.decode(TestTokens.hs256(
                "{\"aud\":\"someone-else\",\"exp\":1700003600}")));
        assertEquals("aud", e.claim());
    }

    @Test
    void anyAudienceOrNoneIsAccepted() {
        JwtVerifier v = anyAudience();
        assertEquals("someone-else", v.decode(TestTokens.hs256("{\"aud\":\"someone-else\",\"exp\":1700003600}")).get("aud"));
        assertEquals(List.of("a", "b"), v.decode(TestTokens.hs256("{\"aud\":[\"a\",\"b\"],\"exp\":1700003600}")).get("aud"));
        assertEquals("alice", v.decode(TestTokens.hs256("{\"sub\":\"alice\",\"exp\":1700003600}")).get("sub"));
    }

    @Test
    void theFormOfAudIsStillChecked() {
        JwtVerifier v = anyAudience();
        for (String bad : List.of("\"\"", "[]", "[\"a\",7]", "42", "[\"\"]")) {
            assertThrows(InvalidClaimException.class,
                    () -> v.decode(TestTokens.hs256("{\"aud\":" + bad + ",\"exp\":1700003600}")), bad);
        }
        // and the other claims are checked as ever
        assertThrows(ExpiredJwtException.class, () -> v.decode(TestTokens.hs256("{\"aud\":\"x\",\"exp\":1600000000}")));
    }

    @Test
    void anyAudienceAndAnAudienceContradictEachOther() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TestTokens.builder(
                JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256).audience("api").anyAudience().build());
        assertTrue(e.getMessage().contains("anyAudience()") && e.getMessage().contains("api"), e.getMessage());
    }
}
