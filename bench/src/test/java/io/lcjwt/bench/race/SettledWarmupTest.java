package io.lcjwt.bench.race;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The race's settled warm-up: rounds of at least a second until two consecutive ones agree
 * within 3 %, bounded; and the page's record of it survives the JSON line between the contender
 * process and the race.
 */
class SettledWarmupTest {

    /** A decoder whose n-th decode costs {@code cost.applyAsLong(n)} ns on the test's clock. */
    static final class Clocked implements Decoder {
        final java.util.function.LongUnaryOperator cost;
        long now;
        long decodes;

        Clocked(java.util.function.LongUnaryOperator cost) {
            this.cost = cost;
        }

        @Override
        public Object decode(String token) {
            now += cost.applyAsLong(decodes++);
            return now;
        }

        @Override
        public Map<String, Object> claims(Object result) {
            return Map.of();
        }

        @Override
        public boolean isExpired(Throwable e) {
            return false;
        }

        @Override
        public boolean isWrongAudience(Throwable e) {
            return false;
        }
    }

    @Test
    void aDecoderThatSpeedsUpThenHoldsSettlesWhenTwoRoundsAgree() throws Exception {
        // 10 us a decode for the first 300,000 decodes (3 s), then 4 us: like a JIT that holds on
        // a plateau before it finishes. The first two rounds agree, but too early to count.
        Clocked d = new Clocked(n -> n < 300_000 ? 10_000 : 4_000);
        JavaContender.Warmup w = JavaContender.settle(d, "t", () -> d.now);
        assertTrue(w.settled());
        assertEquals(JavaContender.SETTLE_MIN_ROUNDS, w.usPerDecode().length, () -> java.util.Arrays.toString(w.usPerDecode()));
        assertEquals(10.0, w.usPerDecode()[0]);
        assertEquals(4.0, w.usPerDecode()[w.usPerDecode().length - 1], "timed after the plateau, at the floor");

        Clocked falling = new Clocked(n -> 10_000 - Math.min(6_000, n / 100)); // 1 ns faster every 100 decodes
        JavaContender.Warmup f = JavaContender.settle(falling, "t", () -> falling.now);
        assertTrue(f.settled(), () -> java.util.Arrays.toString(f.usPerDecode()));
        double[] u = f.usPerDecode();
        assertEquals(u[u.length - 2], u[u.length - 1], 0.03 * u[u.length - 2]);
        for (int i = JavaContender.SETTLE_MIN_ROUNDS - 1; i < u.length - 1; i++) {
            assertTrue(u[i] < 0.97 * u[i - 1], "no earlier pair agreed: " + java.util.Arrays.toString(u));
        }
        assertEquals(4.0, u[u.length - 1], 0.2, "it settles at the floor");
    }

    @Test
    void aDecoderThatNeverSettlesStopsAtTheBound() throws Exception {
        // ever slower, as the square of the time so far: no two 1 s rounds within 3 %
        long[] clock = {0};
        Clocked d = new Clocked(n -> {
            double t = 1 + clock[0] / 1e9;
            return (long) (4_000 * t * t);
        });
        JavaContender.Warmup w = JavaContender.settle(d, "t", () -> clock[0] = d.now);
        assertFalse(w.settled());
        assertEquals(JavaContender.SETTLE_MAX_ROUNDS, w.usPerDecode().length);
    }

    @Test
    void theWarmupTravelsInTheContendersJsonLine() throws Exception {
        JavaContender.Result r = new JavaContender.Result("auth0", "4.5", "JDK 25", null, "typical-64", "HS256", "secret",
                "ok", null, 1000, new double[] {4.1, 4.2, 4.0}, new JavaContender.Warmup(false, new double[] {9.5, 6.2, 4.1}));
        Result back = Race.parse("auth0", r.toJson(), "secret");
        assertEquals(List.of(4.1, 4.2, 4.0), back.usPerDecode());
        assertEquals(Boolean.FALSE, back.settled());
        assertEquals(List.of(9.5, 6.2, 4.1), back.warmupUsPerDecode());
        JavaContender.Result plain = new JavaContender.Result("auth0", "4.5", "JDK 25", null, "typical-64", "HS256",
                "secret", "ok", null, 1000, new double[] {4.1}, null);
        Result noWarmup = Race.parse("auth0", plain.toJson(), "secret");
        assertEquals(null, noWarmup.settled());
        assertFalse(plain.toJson().contains("warmup"));
        assertArrayEquals(new double[] {4.1}, noWarmup.usPerDecode().stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static Result process(List<Double> rounds, Boolean settled, List<Double> warmup) {
        return new Result("auth0", "auth0", "java", "4.6.2", "JDK 25", null, "typical-64", "HS256", "secret", "ok", null,
                100_000, rounds, settled, warmup);
    }

    @Test
    void processesMergeIntoTheMedianOfTheirMedians() {
        Result slow = process(List.of(9.6, 9.7, 9.8), true, List.of(18.2, 18.5));
        Result middle = process(List.of(7.3, 7.1, 6.6), true, List.of(7.0, 7.2));
        Result fast = process(List.of(6.9, 7.0, 6.8), true, List.of(6.9, 6.95));
        Result row = Result.merge(List.of(slow, middle, fast));
        assertTrue(row.ok());
        assertEquals(List.of(9.7, 7.1, 6.9), row.usPerDecode(), "each process's median, in the order they ran");
        assertEquals(7.1, row.median(), "the median of the medians, not of all nine rounds (7.3)");
        assertEquals(6.9, row.min());
        assertEquals(9.7, row.max());
        assertEquals(List.of(7.0, 7.2), row.warmupUsPerDecode(), "the middle process's warm-up");
        assertEquals(Boolean.TRUE, row.settled());

        Result unsettled = process(List.of(6.0, 6.1, 6.2), false, List.of(9.0, 7.0));
        assertEquals(Boolean.FALSE, Result.merge(List.of(slow, unsettled, fast)).settled(),
                "a row is settled only if every process settled");

        Result failed = new Result("auth0", "auth0", "java", "4.6.2", "JDK 25", null, "typical-64", "HS256", "secret",
                "failed", "during timing: boom", 0, List.of(), null, List.of());
        Result withFailure = Result.merge(List.of(slow, failed, fast));
        assertFalse(withFailure.ok(), "a process that did not finish fails the row");
        assertEquals("during timing: boom", withFailure.reason());
    }

    @Test
    void theRacePageSaysHowManyProcessesARowIs() {
        Result row = Result.merge(List.of(process(List.of(9.6, 9.7, 9.8), true, List.of(9.5, 9.7)),
                process(List.of(7.3, 7.1, 6.6), true, List.of(7.0, 7.2)), process(List.of(6.9, 7.0, 6.8), true, List.of(6.9, 7.0))));
        String page = io.lcjwt.bench.report.RaceTables.raceSection(List.of(row), "HS256", "typical-64", 100_000, 3, 3);
        assertTrue(page.contains("each JVM contender in 3 processes"), page);
        assertTrue(page.contains("| **7.10** | 6.90 – 9.70 |"), page);
        String one = io.lcjwt.bench.report.RaceTables.raceSection(List.of(process(List.of(7.3, 7.1, 6.6), true,
                List.of(7.0, 7.2))), "HS256", "typical-64", 100_000, 3, 1);
        assertFalse(one.contains("processes"), one);
        assertTrue(one.contains("| **7.10** | 6.60 – 7.30 |"), one);
    }

    @Test
    void processesRunInPassesOverTheContendersAndNativeOnesOnce() {
        java.nio.file.Path f = java.nio.file.Path.of("bench/fixtures/hs256.json");
        Race.Job a = new Race.Job("lcjwt-record (aws-lc)", "lcjwt-record", List.of("typical-64"), f, "secret",
                new Race.Lib("aws-lc", "/opt/aws-lc/lib/libcrypto.so"));
        Race.Job b = new Race.Job("auth0", "auth0", List.of("typical-64"), f, "secret", null);
        Race.Job go = new Race.Job("golang-jwt", "golang-jwt", List.of("typical-64"), f, "secret", null);
        assertEquals(List.of(a, b, go, a, b, a, b), Race.passes(List.of(a, b, go), 3));
        assertEquals(List.of(a, b, go), Race.passes(List.of(a, b, go), 1));
    }
}
