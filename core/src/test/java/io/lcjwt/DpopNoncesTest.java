package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 9449 section 9: nonces that rotate, accepted for their period and the next. */
class DpopNoncesTest {
    static final long T0 = 1_700_000_000_000L;

    @Test
    void aNonceIsGoodForItsPeriodAndTheNextThenNot() {
        Rfc9449ProofCheckTest.MutableClock clock = new Rfc9449ProofCheckTest.MutableClock(T0);
        DpopNonces nonces = DpopNonces.builder().rotation(Duration.ofSeconds(30)).clock(clock).build();
        String n = nonces.current();
        assertEquals(22, n.length());
        assertTrue(nonces.isValid(n));
        clock.millis += 30_000;
        assertNotEquals(n, nonces.current(), "the nonce rotates");
        assertTrue(nonces.isValid(n), "the previous period's nonce is still accepted");
        clock.millis += 30_000;
        assertFalse(nonces.isValid(n), "two rotations later it is stale");
        assertFalse(nonces.isValid(null));
        assertFalse(nonces.isValid(n + "x"));
    }

    @Test
    void instancesThatShareTheSecretShareTheNonces() {
        byte[] secret = TestTokens.bytes(32, 5);
        Rfc9449ProofCheckTest.MutableClock clock = new Rfc9449ProofCheckTest.MutableClock(T0);
        DpopNonces a = DpopNonces.builder().secret(secret).clock(clock).build();
        DpopNonces b = DpopNonces.builder().secret(secret).clock(clock).build();
        DpopNonces other = DpopNonces.builder().clock(clock).build();
        assertEquals(a.current(), b.current());
        assertTrue(b.isValid(a.current()));
        assertFalse(other.isValid(a.current()), "a random secret makes nonces of its own");
    }

    @Test
    void theBuilderRefusesAShortSecretAndAnOddRotation() {
        assertThrows(IllegalArgumentException.class, () -> DpopNonces.builder().secret(new byte[31]));
        assertThrows(IllegalArgumentException.class, () -> DpopNonces.builder().rotation(Duration.ofSeconds(9)));
        assertThrows(IllegalArgumentException.class, () -> DpopNonces.builder().rotation(Duration.ofDays(2)));
    }
}
