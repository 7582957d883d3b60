package io.lcjwt.bench;

import io.lcjwt.DpopReplayStore;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * The cost per proof of lcjwt's in-memory DPoP replay store ({@link DpopReplayStore#inMemory})
 * with 1,000,000 live entries: {@code newProof} records an id it has not seen (what every accepted
 * proof costs), {@code replay} looks up one of the live entries (what a replayed proof costs
 * before it is refused). The store is sized for 1,250,000 and filled in setup with entries that
 * outlive the run; the new ids' entries expire by the next call (the clock moves 2 ms per call,
 * each entry lives 1 ms), so the store holds the million throughout, and a new id comes round
 * again only long after its entry expired. Ids are base64url SHA-256
 * digests, made in setup, as {@code DpopVerifier} passes them. Nanoseconds per call; with
 * {@code -prof gc}, bytes (the two {@code Instant}s a call is given are made per call, as the
 * verifier makes them).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ReplayStoreBench {
    static final int LIVE = 1_000_000;
    static final int FRESH = 1 << 16;
    static final long T0 = 1_700_000_000_000L;

    private DpopReplayStore store;
    private String[] live;
    private String[] fresh;
    private long clock = T0;
    private int nextFresh;
    private int nextLive;

    @Setup
    public void setup() throws NoSuchAlgorithmException {
        store = DpopReplayStore.inMemory(1_250_000);
        live = ids("live", LIVE);
        fresh = ids("fresh", FRESH);
        Instant now = Instant.ofEpochMilli(T0);
        Instant farAhead = now.plusSeconds(30L * 86_400);
        for (String id : live) {
            if (!store.firstUse(id, now, farAhead)) {
                throw new IllegalStateException("setup: a live id was refused as a replay");
            }
        }
    }

    static String[] ids(String prefix, int n) throws NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            out[i] = b64.encodeToString(sha.digest((prefix + i).getBytes(StandardCharsets.US_ASCII)));
        }
        return out;
    }

    @Benchmark
    public boolean newProof() {
        clock += 2;
        boolean first = store.firstUse(fresh[nextFresh++ & (FRESH - 1)], Instant.ofEpochMilli(clock),
                Instant.ofEpochMilli(clock + 1));
        if (!first) {
            throw new IllegalStateException("a fresh id was taken for a replay");
        }
        return first;
    }

    @Benchmark
    public boolean replay() {
        boolean first = store.firstUse(live[nextLive++ % LIVE], Instant.ofEpochMilli(clock),
                Instant.ofEpochMilli(clock + 1));
        if (first) {
            throw new IllegalStateException("a live id was not found");
        }
        return first;
    }
}
