package io.lcjwt.bench;

import io.lcjwt.bench.fixtures.Fixtures;
import org.openjdk.jmh.annotations.*;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class TmpBench {
    String token;
    byte[] buf = new byte[2048];
    MemorySegment seg = MemorySegment.ofArray(buf);

    @Setup
    public void setup() {
        token = Fixtures.hs256().get(Hs256DecodeBench.PAYLOAD, Hs256DecodeBench.SECRET_BYTES).token();
    }

    @Benchmark
    public byte[] getBytes() {
        return token.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Benchmark
    public MemorySegment setString() {
        seg.setString(0, token, StandardCharsets.US_ASCII);
        return seg;
    }

    @Benchmark
    @SuppressWarnings("deprecation")
    public byte[] getBytesInto() {
        token.getBytes(0, token.length(), buf, 0);
        return buf;
    }
}
