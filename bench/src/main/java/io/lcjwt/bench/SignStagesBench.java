package io.lcjwt.bench;

import io.lcjwt.Algorithm;
import io.lcjwt.ClaimNaming;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.bench.fixtures.Fixtures;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Critical;
import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.claims.JsonOut;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.codec.WideEncoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Where an HS256 sign of the typical claims ({@link SignBench}'s) spends its time, stage by stage,
 * so that the stages can be set against {@code sign} and the floor {@code hmac}:
 * <ul>
 *   <li>{@code sign}: {@code JwtSigner.sign}, the whole path;
 *   <li>{@code signTo}: the same into a caller's array (no String);
 *   <li>{@code json}: the claims' JSON into a reused buffer, as the signer writes it;
 *   <li>{@code jacksonJson}: the same claims written by jackson-core's streaming generator into a
 *       reused buffer, the same bytes: a yardstick for {@code json}, the fastest general JSON
 *       writer a Java signer would otherwise use (a generator per document, as a signer makes one);
 *   <li>{@code base64}: that JSON base64url-encoded into a reused buffer;
 *   <li>{@code hmac}: the MAC of the signing input alone, as {@code SignBench.bareLibcrypto};
 *   <li>{@code macText}: the MAC's 32 bytes base64url-encoded;
 *   <li>{@code token}: the String a sign returns, made from the token's bytes.
 * </ul>
 * Internal classes are used here on purpose (the bench module runs on the class path).
 *
 * <p>Run: {@code bin/bench SignStagesBench -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SignStagesBench {

    Map<String, Object> claims;
    JwtSecretKey key;
    JwtSigner signer;
    final JsonOut json = new JsonOut();
    final WideEncoder encoder = new WideEncoder();
    byte[] payload;
    byte[] encoded;
    byte[] token;
    int tokenLength;
    byte[] signingInput;
    MemorySegment hmacCtx;
    final byte[] mac = new byte[32];
    final byte[] macText = new byte[64];
    final JsonFactory jackson = new JsonFactory();
    final Sink sink = new Sink();

    /**
     * A reusable byte sink for jackson's generator: reset per document, nothing allocated once
     * grown. Not a {@code ByteArrayOutputStream}, whose synchronized writes would add a lock to
     * the yardstick that lcjwt's writer does not take.
     */
    static final class Sink extends OutputStream {
        byte[] buf = new byte[1024];
        int count;

        @Override
        public void write(int b) {
            room(1);
            buf[count++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            room(len);
            System.arraycopy(b, off, buf, count, len);
            count += len;
        }

        private void room(int len) {
            if (count + len > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(count + len, buf.length * 2));
            }
        }
    }

    @Setup(Level.Trial)
    public void setup() {
        Fixtures.Case fixture = Fixtures.hs256().get(SignBench.PAYLOAD, SignBench.SECRET_BYTES);
        claims = new LinkedHashMap<>(fixture.claims());
        key = JwtSecretKey.of(fixture.secret()).withKeyId(fixture.kid());
        signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
        String t = signer.sign(claims);
        token = new byte[t.length() + 64];
        tokenLength = t.length();
        t.getBytes(0, t.length(), token, 0);
        signingInput = t.substring(0, t.lastIndexOf('.')).getBytes(StandardCharsets.US_ASCII);
        payload = ClaimsWriter.toJson(claims, ClaimNaming.IDENTITY);
        encoded = new byte[Base64Url.encodedLength(payload.length)];
        hmacCtx = Backend.get().hmacCtxNew();
        byte[] secret = fixture.secret();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment k = a.allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, secret);
            if (Backend.get().hmacInitEx(hmacCtx, k, secret.length, Backend.get().sha256()) != 1) {
                throw new IllegalStateException("HMAC_Init_ex failed");
            }
        }
        int n = jacksonJson();
        if (!t.equals(new String(token, 0, tokenLength, StandardCharsets.ISO_8859_1)) || hmac() != 32
                || !Arrays.equals(payload, 0, payload.length, sink.buf, 0, n)) {
            throw new IllegalStateException("the stages disagree with the sign");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Backend.get().hmacCtxFree(hmacCtx);
        key.close();
    }

    @Benchmark
    public String sign() {
        return signer.sign(claims);
    }

    @Benchmark
    public int signTo() {
        return signer.signTo(claims, token, 0);
    }

    @Benchmark
    public int json() {
        JsonOut out = json.reset("claims");
        ClaimsWriter.write(out, claims, ClaimNaming.IDENTITY);
        return out.length();
    }

    @Benchmark
    public int jacksonJson() {
        sink.count = 0;
        try (JsonGenerator g = jackson.createGenerator(sink)) {
            write(g, claims);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return sink.count;
    }

    /** The typical claims' value types (strings, integral numbers, lists and maps), as jackson writes them. */
    private static void write(JsonGenerator g, Object v) throws IOException {
        if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Long || v instanceof Integer) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof List<?> l) {
            g.writeStartArray();
            for (Object o : l) {
                write(g, o);
            }
            g.writeEndArray();
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName((String) e.getKey());
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else {
            throw new IllegalStateException("the typical claims hold no " + v.getClass());
        }
    }

    @Benchmark
    public int base64() {
        return encoder.encode(payload, 0, payload.length, encoded, 0);
    }

    @Benchmark
    public int hmac() {
        int ok = Critical.hmacInit(hmacCtx, MemorySegment.NULL, 0, MemorySegment.NULL)
                & Critical.hmacUpdate(hmacCtx, MemorySegment.ofArray(signingInput), signingInput.length)
                & Critical.hmacFinal(hmacCtx, MemorySegment.ofArray(mac));
        return ok == 1 ? 32 : 0;
    }

    @Benchmark
    public int macText() {
        return Base64Url.encode(mac, 0, 32, macText, 0);
    }

    @Benchmark
    public String token() {
        return new String(token, 0, tokenLength, StandardCharsets.ISO_8859_1);
    }
}
