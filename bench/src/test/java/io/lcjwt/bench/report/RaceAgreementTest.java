package io.lcjwt.bench.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The race-against-JMH page is what the two pages say, and its ratios are read and judged right. */
class RaceAgreementTest {
    @Test
    void theCommittedPageIsWhatTheRaceAndJmhPagesSay() {
        assertEquals(RaceAgreement.render(ReadmeFiguresTest::page), ReadmeFiguresTest.page(RaceAgreement.PAGE),
                "bench/" + RaceAgreement.PAGE + " differs from the race and JMH pages; run bin/race agree");
    }

    private static final String RACE = """
            # race

            - When: 2026-01-01T10:00:00 UTC, took 100 s
            - Where: Some CPU, 2 cores; pinned

            ## HS256 race: `typical-64`, 100,000 decodes

            | library | 100,000 decodes (s) | µs per decode (median) | range (JVM: over processes; native: over rounds) | vs jjwt | warm-up |
            |---:|---:|---:|---:|---:|---|
            | **lcjwt-record (OpenSSL 3)** | 0.20 | **2.00** | 1.90 – 2.10 | 10x | settled |
            | lcjwt-record (aws-lc) | 0.30 | 3.00 | 2.50 – 3.50 | 7x | settled |
            | vertx 5.0.7 | 0.80 | 8.00 | 7.00 – 9.00 | 2x | settled |
            | jsonwebtoken 8.2.0 (rust) | 1.40 | 14.00 | 13.00 – 15.00 | 1.4x | one round |
            | nimbus 10.10 | 2.00 | 20.00 | 19.00 – 21.00 | 1.0x | settled |
            """;

    private static final String JMH = """
            # jmh

            - When: 2026-01-01T11:00:00 UTC, took 100 s
            - Where: Some CPU, 2 cores; pinned

            ## JMH on aws-lc (lcjwt's libcrypto)

            | benchmark | µs/op | ± | B/op |
            |---|---:|---:|---:|
            | Hs256DecodeBench.bareLibcryptoHmac (floor) | 1.00 | 0.01 | 32 |
            | Hs256DecodeBench.lcjwtRecord | 3.00 | 0.10 | 1,128 |
            | Hs256DecodeBench.vertx | 9.90 | 0.50 | 9,000 |

            ## JMH on OpenSSL 3 (lcjwt's libcrypto)

            | benchmark | µs/op | ± | B/op |
            |---|---:|---:|---:|
            | Hs256DecodeBench.lcjwtRecord | 2.00 | 0.05 | 1,128 |
            | Hs256DecodeBench.vertx | 12.00 | 0.50 | 9,000 |
            """;

    @Test
    void raceRowsAreTheLibcryptosOwnLcjwtAndThePeers() {
        List<RaceAgreement.Time> aws = RaceAgreement.raceTimes(RACE, "aws-lc");
        assertEquals(List.of("lcjwt-record", "vertx", "nimbus"), aws.stream().map(RaceAgreement.Time::contender).toList());
        assertEquals(3.0, aws.get(0).us());
        assertEquals(2.5, aws.get(0).lo());
        assertEquals(3.5, aws.get(0).hi());
        assertEquals(2.0, RaceAgreement.raceTimes(RACE, "OpenSSL 3").get(0).us());
    }

    @Test
    void pairsOnlyWhatBothPagesTimeAndJudgeThem() {
        // nimbus is in the race, not on the JMH page; the rust contender is native
        List<RaceAgreement.Pair> aws = RaceAgreement.pairs(RACE, JMH, "aws-lc");
        assertEquals(1, aws.size());
        RaceAgreement.Pair p = aws.get(0);
        assertEquals("lcjwt-record", p.faster());
        assertEquals("vertx", p.slower());
        assertEquals(8.0 / 3.0, p.race(), 1e-12);
        assertEquals(9.9 / 3.0, p.jmh(), 1e-12);
        assertEquals(7.0 / 3.5, p.raceLo(), 1e-12);
        assertEquals(9.0 / 2.5, p.raceHi(), 1e-12);
        // 2.67 against 3.30: 19 % apart, but the race's range (2.00-3.60) reaches JMH's (3.03-3.59)
        assertFalse(p.within());
        assertTrue(p.overlap());

        RaceAgreement.Pair o = RaceAgreement.pairs(RACE, JMH, "OpenSSL 3").get(0);
        // 4.00 against 6.00, and 3.33-4.74 against 5.61-6.41: neither
        assertFalse(o.within());
        assertFalse(o.overlap());
    }

    @Test
    void withinFifteenPercentOfJmhsRatio() {
        assertTrue(new RaceAgreement.Pair("x", "a", "b", 1.15, 1, 1, 1.0, 1, 1).within());
        assertTrue(new RaceAgreement.Pair("x", "a", "b", 0.85, 1, 1, 1.0, 1, 1).within());
        assertTrue(new RaceAgreement.Pair("x", "a", "b", 1.0, 1, 1, 1.15, 1, 1).within()); // -13 %
        assertFalse(new RaceAgreement.Pair("x", "a", "b", 1.16, 1, 1, 1.0, 1, 1).within());
        assertFalse(new RaceAgreement.Pair("x", "a", "b", 0.84, 1, 1, 1.0, 1, 1).within());
    }

    @Test
    void theRaceNamesMapToJmhMethods() {
        assertEquals("lcjwtRecord", RaceAgreement.jmhName("lcjwt-record"));
        assertEquals("lcjwtMap", RaceAgreement.jmhName("lcjwt-map"));
        assertEquals("fusionauth", RaceAgreement.jmhName("fusionauth"));
    }

    @Test
    void thePageCountsEachLibcrypto() {
        String page = RaceAgreement.render(Map.of(RaceAgreement.RACE, RACE, RaceAgreement.JMH, JMH)::get);
        assertTrue(page.contains("## aws-lc\n\n0 of 1 pairs within 15 % (0 of the 1 with lcjwt in them); of the rest, 1 with ranges that overlap."), page);
        assertTrue(page.contains("## OpenSSL 3\n\n0 of 1 pairs within 15 % (0 of the 1 with lcjwt in them); of the rest, 0 with ranges that overlap."), page);
        assertTrue(page.contains("| vertx / lcjwt-record | 2.67 | 2.00 – 3.60 | 3.30 | 3.03 – 3.59 | -19 % | **no** | yes |"), page);
        assertTrue(page.contains("2026-01-01T10:00:00 UTC, Some CPU, 2 cores"), page);
    }
}
