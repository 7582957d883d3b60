package io.lcjwt.bench;

import io.lcjwt.bench.fixtures.Fixtures;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.codec.WideDecoder;
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

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * Decoding the typical HS256 fixture's payload segment (about 620 characters): lcjwt's payload
 * decoder (the JDK's vectorised decoder into reused arrays, see {@code WideDecoder}) and its
 * scalar decoder, against the JDK's URL decoder called the usual way, which allocates its output.
 *
 * <p>Run: {@code bin/bench Base64Bench -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class Base64Bench {

    byte[] token;
    int off;
    int len;
    byte[] out;
    final Base64.Decoder jdk = Base64.getUrlDecoder();

    @Setup
    public void setup() {
        String t = Fixtures.hs256().get(Hs256DecodeBench.PAYLOAD, Hs256DecodeBench.SECRET_BYTES).token();
        token = t.getBytes(StandardCharsets.US_ASCII);
        off = t.indexOf('.') + 1;
        len = t.lastIndexOf('.') - off;
        out = new byte[len];
        byte[] want = jdk.decode(Arrays.copyOfRange(token, off, off + len));
        int n = Base64Url.decode(token, off, len, out, 0);
        int w = wide.decode(token, off, len);
        if (n != want.length || !Arrays.equals(want, 0, n, out, 0, n) || w != want.length
                || !Arrays.equals(want, 0, w, wide.buffer(), wide.offset(), wide.offset() + w)) {
            throw new IllegalStateException("lcjwt's decoders disagree with the JDK's on the fixture");
        }
    }

    final WideDecoder wide = new WideDecoder();

    /** What lcjwt decodes payloads with: the JDK's decoder into reused arrays. */
    @Benchmark
    public int lcjwtPayload() {
        return wide.decode(token, off, len);
    }

    /** lcjwt's scalar decoder (eight characters per step), which it uses for headers and signatures. */
    @Benchmark
    public int lcjwtScalar() {
        return Base64Url.decode(token, off, len, out, 0);
    }

    @Benchmark
    public ByteBuffer jdkAllocating() {
        return jdk.decode(ByteBuffer.wrap(token, off, len));
    }
}
