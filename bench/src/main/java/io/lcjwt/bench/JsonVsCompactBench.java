package io.lcjwt.bench;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.JwtVerifier;
import io.lcjwt.VerifiedJws;
import io.lcjwt.bench.fixtures.Fixtures;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * The typical token's payload verified as a compact JWS ({@code verifyContent}) and as the
 * flattened JWS JSON serialization of the same header, payload and signature
 * ({@code verifyJson}); both return the payload bytes, so the difference is the JSON form's
 * own cost (reading the outer object, the signing input in two pieces). The target: flattened
 * within 1.3x of compact.
 *
 * <p>Run: {@code bin/bench JsonVsCompactBench -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class JsonVsCompactBench {

    @Param({"HS256", "ES256"})
    public String alg;

    String compact;
    String flattened;
    JwtKey signingKey;
    JwtKey verifyingKey;
    JwtVerifier verifier;

    @Setup(Level.Trial)
    public void setup() {
        Algorithm a = Algorithm.valueOf(alg);
        Fixtures.Case fixture = Fixtures.hs256().get(Hs256DecodeBench.PAYLOAD, Hs256DecodeBench.SECRET_BYTES);
        String t = fixture.token();
        byte[] payload = Base64.getUrlDecoder().decode(t.substring(t.indexOf('.') + 1, t.lastIndexOf('.')));
        if (a == Algorithm.HS256) {
            signingKey = JwtSecretKey.of(fixture.secret()).withKeyId(fixture.kid());
            verifyingKey = signingKey;
            compact = t;
        } else {
            JwtPrivateKey priv = JwtPrivateKey.generate(a).withKeyId(fixture.kid());
            signingKey = priv;
            verifyingKey = priv.publicKey();
            compact = JwtSigner.builder(priv).algorithm(a).type("JWT").build().signContent(payload);
        }
        String[] seg = compact.split("\\.");
        flattened = "{\"payload\":\"" + seg[1] + "\",\"protected\":\"" + seg[0] + "\",\"signature\":\"" + seg[2] + "\"}";
        verifier = JwtVerifier.builder(verifyingKey).algorithms(a).build();
        if (!Arrays.equals(payload, compactVerifyContent()) || !Arrays.equals(payload, flattenedVerifyJson().payload())) {
            throw new IllegalStateException("the two forms disagree on the payload");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        verifyingKey.close();
        signingKey.close();
    }

    @Benchmark
    public byte[] compactVerifyContent() {
        return verifier.verifyContent(compact);
    }

    @Benchmark
    public VerifiedJws flattenedVerifyJson() {
        return verifier.verifyJson(flattened);
    }
}
