package io.lcjwt.internal.crypto;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #20 finding 7, at the native key itself: {@link HmacKey#close()} zeroes the secret, and a
 * MAC that passed the closed check could still key a fresh context from the zeroed array (an
 * all-zero HMAC key is the empty key: anyone can sign with it). A MAC raced against close is
 * either the true MAC or refused as closed; a copy of the secret is the secret or refused.
 */
class HmacKeyCloseRaceTest {

    static byte[] jcaMac(byte[] key, byte[] data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data);
    }

    @Test
    void aMacRacedAgainstCloseIsTheTrueMacOrRefused() throws Exception {
        byte[] secret = new byte[32];
        Arrays.fill(secret, (byte) 0x5A);
        byte[] input = "eyJhbGciOiJIUzI1NiJ9.cmFjZQ".getBytes(StandardCharsets.US_ASCII);
        byte[] truth = jcaMac(secret, input);
        AtomicInteger wrong = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger right = new AtomicInteger();
        AtomicInteger foreign = new AtomicInteger();
        int rounds = 4_000;
        HmacKey[] keys = new HmacKey[1];
        AtomicInteger go = new AtomicInteger(-1);
        AtomicInteger done = new AtomicInteger();
        Thread racer = Thread.ofPlatform().start(() -> {
            byte[] out = new byte[32];
            for (int r = 0; r < rounds; r++) {
                while (go.get() != r) {
                    Thread.onSpinWait(); // the main thread always moves on: each round ends with our done
                }
                HmacKey k = keys[0];
                try {
                    if ((r & 1) == 0) {
                        k.mac(32, MemorySegment.ofArray(input), input.length, MemorySegment.ofArray(out));
                        (Arrays.equals(out, truth) ? right : wrong).incrementAndGet();
                    } else {
                        byte[] copy = k.secretCopy();
                        (Arrays.equals(copy, secret) ? right : wrong).incrementAndGet();
                    }
                } catch (IllegalStateException e) {
                    refused.incrementAndGet();
                } catch (RuntimeException e) {
                    foreign.incrementAndGet();
                }
                done.incrementAndGet();
            }
        });
        for (int r = 0; r < rounds; r++) {
            HmacKey k = new HmacKey(secret);
            keys[0] = k;
            go.set(r);
            for (int spin = ThreadLocalRandom.current().nextInt(400); spin > 0; spin--) {
                Thread.onSpinWait();
            }
            k.close();
            while (done.get() != r + 1 && racer.isAlive()) {
                Thread.onSpinWait();
            }
        }
        racer.join();
        assertEquals(0, wrong.get(), "MACs or copies made from a zeroed secret (" + right + " right, " + refused
                + " refused)");
        assertEquals(0, foreign.get());
        assertTrue(right.get() > 0 && refused.get() > 0, right + " right, " + refused + " refused: both sides raced");
    }
}
