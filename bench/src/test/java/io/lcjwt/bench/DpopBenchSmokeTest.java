package io.lcjwt.bench;

import io.lcjwt.bench.report.DpopPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs {@link DpopBench}'s setup for each side (which fails unless the side authenticates a good
 * request and refuses the bad ones), then the timed method a few times; {@link ReplayStoreBench}'s
 * setup with a smaller fill would not test what it promises, so it runs whole, then each method a
 * few times; and {@link DpopPage} renders a JMH result. No timing.
 */
class DpopBenchSmokeTest {

    @ParameterizedTest
    @ValueSource(strings = {"lcjwt", "spring"})
    void eachSideAuthenticatesFreshProofsAndRunsOutLoudly(String side) {
        DpopBench b = new DpopBench();
        b.side = side;
        b.batch = 200;
        b.setup();
        for (int i = 0; i < 20; i++) {
            JwtAuthenticationToken t = assertInstanceOf(JwtAuthenticationToken.class, b.authenticate());
            assertEquals(DpopBench.SUBJECT, t.getToken().getSubject());
        }
        b.freshProofs();
        assertEquals(200, b.batchSize(), "at least the minimum, and three times the 20 the last batch gave");
        b.exhaust();
        b.freshProofs();
        assertEquals(600, b.batchSize(), "three times what the last iteration used");
    }

    @Test
    void theReplayStoreHoldsAMillionAndTellsNewFromReplayed() throws Exception {
        ReplayStoreBench b = new ReplayStoreBench();
        b.setup();
        for (int i = 0; i < 1000; i++) {
            assertTrue(b.newProof());
            assertFalse(b.replay());
        }
    }

    @Test
    void thePageShowsTheRatioAndTheStore() throws Exception {
        String json = """
                [{"benchmark":"io.lcjwt.bench.DpopBench.authenticate","params":{"side":"lcjwt"},
                  "primaryMetric":{"score":100.0,"scoreError":5.0,"scoreUnit":"us/op"},
                  "secondaryMetrics":{"gc.alloc.rate.norm":{"score":9000.0}}},
                 {"benchmark":"io.lcjwt.bench.DpopBench.authenticate","params":{"side":"spring"},
                  "primaryMetric":{"score":900.0,"scoreError":20.0,"scoreUnit":"us/op"},
                  "secondaryMetrics":{"gc.alloc.rate.norm":{"score":90000.0}}},
                 {"benchmark":"io.lcjwt.bench.ReplayStoreBench.newProof",
                  "primaryMetric":{"score":120.0,"scoreError":3.0,"scoreUnit":"ns/op"},
                  "secondaryMetrics":{"gc.alloc.rate.norm":{"score":48.0}}}]""";
        String s = DpopPage.section("aws-lc", json, "-f 1");
        assertTrue(s.contains("**9.00x**") && s.contains("target 8x: yes"), s);
        assertTrue(s.contains("| a new proof (recorded) | 120 | 3.00 | 48 |"), s);
        assertTrue(s.contains("| a replay (found live, refused) | not run |"), s);
    }

    @Test
    void aSideThatRanOutOfProofsFailsRatherThanReplaying() {
        DpopBench b = new DpopBench();
        b.side = "lcjwt";
        b.batch = 200;
        b.setup();
        b.exhaust();
        assertThrows(IllegalStateException.class, b::authenticate);
    }
}
