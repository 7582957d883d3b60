package io.lcjwt.bench;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtVerifier;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.bench.fixtures.Fixtures;
import io.lcjwt.internal.claims.ClaimsPolicy;
import io.lcjwt.internal.claims.CursorClaimsReader;
import io.lcjwt.internal.claims.ClaimsScratch;
import io.lcjwt.internal.codec.JsonCursor;
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

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Where an HS256 decode of the typical token spends its time, stage by stage, so that the sum
 * can be set against {@link Hs256DecodeBench#lcjwtRecord}:
 * <ul>
 *   <li>{@code verifyContent}: the whole path without claims (compact-form checks, header cache,
 *       both base64 decodes, HMAC, and the copy of the payload that verifyContent returns);
 *   <li>{@code claimsIntoRecord}: reading the decoded payload into {@link TypicalClaims} with the
 *       claim checks, as the decode path does;
 *   <li>{@code jsonSkip}: only walking the payload's JSON, checked (no values made);
 *   <li>{@code resultCopy}: building a copy of the record the decode returns, string by string,
 *       the way lcjwt builds it. Its {@code gc.alloc.rate.norm} is the size of the result, the
 *       floor for the decode's allocation.
 * </ul>
 * Internal classes are used here on purpose (the bench module runs on the class path).
 *
 * <p>Run: {@code bin/bench Hs256StagesBench -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class Hs256StagesBench {

    byte[] token;
    byte[] payload;
    JwtSecretKey key;
    JwtVerifier verifier;
    CursorClaimsReader reader;
    final ClaimsScratch scratch = new ClaimsScratch();
    final JsonCursor cursor = new JsonCursor();
    TypicalClaims decoded;
    byte[][] strings;

    @Setup(Level.Trial)
    public void setup() {
        Fixtures.Case fixture = Fixtures.hs256().get(Hs256DecodeBench.PAYLOAD, Hs256DecodeBench.SECRET_BYTES);
        String t = fixture.token();
        token = t.getBytes(StandardCharsets.US_ASCII);
        payload = Base64.getUrlDecoder().decode(t.substring(t.indexOf('.') + 1, t.lastIndexOf('.')));
        Clock clock = Clock.fixed(Instant.ofEpochSecond(Fixtures.hs256().clock()), ZoneOffset.UTC);
        key = JwtSecretKey.of(fixture.secret()).withKeyId(fixture.kid());
        verifier = JwtVerifier.builder(key).algorithms(Algorithm.HS256).audience(fixture.aud()).clock(clock).build();
        reader = new CursorClaimsReader(new ClaimsPolicy(Set.of(fixture.aud()), null, 0, clock, true, List.of()));
        decoded = verifier.decode(token, 0, token.length, TypicalClaims.class);
        List<String> all = new ArrayList<>(List.of(decoded.sub(), decoded.iss(), decoded.aud(), decoded.jti(),
                decoded.sid(), decoded.email(), decoded.name(), decoded.scope()));
        all.addAll(decoded.roles());
        all.addAll(decoded.amr());
        strings = all.stream().map(s -> s.getBytes(StandardCharsets.ISO_8859_1)).toArray(byte[][]::new);
        if (!decoded.equals(reader.read(payload, 0, payload.length, TypicalClaims.class, scratch))
                || !decoded.equals(resultCopy())) {
            throw new IllegalStateException("the stages disagree with the decode");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        key.close();
    }

    @Benchmark
    public byte[] verifyContent() {
        return verifier.verifyContent(token, 0, token.length);
    }

    @Benchmark
    public TypicalClaims claimsIntoRecord() {
        return reader.read(payload, 0, payload.length, TypicalClaims.class, scratch);
    }

    @Benchmark
    public int jsonSkip() {
        JsonCursor c = cursor.openObject(payload, 0, payload.length, "JWT claims set");
        c.skipValue();
        c.endDocument();
        return c.nameLength();
    }

    @Benchmark
    public TypicalClaims resultCopy() {
        byte[][] s = strings;
        TypicalClaims d = decoded;
        List<String> roles = new ArrayList<>(4);
        for (int i = 8; i < 12; i++) {
            roles.add(str(s[i]));
        }
        List<String> amr = new ArrayList<>(4);
        for (int i = 12; i < 15; i++) {
            amr.add(str(s[i]));
        }
        return new TypicalClaims(str(s[0]), str(s[1]), str(s[2]),
                Instant.ofEpochSecond(d.iat().getEpochSecond()), Instant.ofEpochSecond(d.nbf().getEpochSecond()),
                Instant.ofEpochSecond(d.exp().getEpochSecond()), str(s[3]), str(s[4]), str(s[5]), str(s[6]), str(s[7]),
                roles, amr);
    }

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
