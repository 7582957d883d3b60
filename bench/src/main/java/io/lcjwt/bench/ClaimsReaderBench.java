package io.lcjwt.bench;

import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.bench.fixtures.Fixtures;
import io.lcjwt.internal.claims.ClaimsPolicy;
import io.lcjwt.internal.claims.ClaimsScratch;
import io.lcjwt.internal.claims.CursorClaimsReader;
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
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What reading a verified claims set costs, by reader (issue #16 item 5): the bytes of a decoded
 * payload into a {@code Map}, a record and a bean. No signature, no base64: only the JSON reader.
 *
 * <p>The reader is chosen per JVM with {@code -Dlcjwt.bench.reader=...}, not as a JMH parameter,
 * so that two runs have the same benchmark keys and {@code Compare} can set them side by side:
 * <ul>
 *   <li>{@code jackson-jr}: Jackson-jr 2.23 alone, {@code JSON.std.mapFrom} and {@code beanFrom},
 *       as a service that reads claims with Jackson-jr would (no claim checks: less work);</li>
 *   <li>{@code lcjwt}: lcjwt's reader, as a decode runs it, with {@code exp}, {@code iat},
 *       {@code nbf}, {@code iss}, {@code sub} and {@code aud} type-checked and {@code exp}
 *       checked against the clock;</li>
 *   <li>{@code lcjwt-jackson-jr}: lcjwt with {@code ClaimsReader.jacksonJr(JSON.std)}, the same
 *       checks over Jackson-jr's tree.</li>
 * </ul>
 * Payloads: the four sizes of {@code bench/fixtures/hs256.json} (small, typical, medium with 40
 * extra claims, large with 400) and the real-issuer payloads of
 * {@code core/src/test/resources/issuers}. Every reader must give the same {@code Map} and equal
 * records in setup, or the run stops. The record and bean hold the common claims with
 * NumericDates as {@code Long} (Jackson-jr has no {@code Instant}) and {@code aud} as
 * {@code Object} (a string or a list, by issuer); the rest of each payload is skipped.
 *
 * <p>Run: {@code bin/race claims} (writes {@code bench/results-claims.md}), or by hand:
 * {@code bin/bench ClaimsReaderBench -prof gc -jvmArgsAppend -Dlcjwt.bench.reader=jackson-jr}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ClaimsReaderBench {

    /** The common claims, as both readers can bind them. */
    public record Common(String sub, String iss, Object aud, Long iat, Long nbf, Long exp, String jti, String email,
                         String name, String scope, List<String> roles, List<String> amr) {}

    /** {@link Common} as a bean. */
    public static class CommonBean {
        private String sub;
        private String iss;
        private Object aud;
        private Long iat;
        private Long exp;
        private String email;
        private List<String> roles;

        public String getSub() { return sub; }
        public void setSub(String sub) { this.sub = sub; }
        public String getIss() { return iss; }
        public void setIss(String iss) { this.iss = iss; }
        public Object getAud() { return aud; }
        public void setAud(Object aud) { this.aud = aud; }
        public Long getIat() { return iat; }
        public void setIat(Long iat) { this.iat = iat; }
        public Long getExp() { return exp; }
        public void setExp(Long exp) { this.exp = exp; }
        public String getEmail() { return email; }
        public void setEmail(String email) { this.email = email; }
        public List<String> getRoles() { return roles; }
        public void setRoles(List<String> roles) { this.roles = roles; }

        @Override
        public boolean equals(Object o) {
            return o instanceof CommonBean b && Objects.equals(sub, b.sub) && Objects.equals(iss, b.iss)
                    && Objects.equals(aud, b.aud) && Objects.equals(iat, b.iat) && Objects.equals(exp, b.exp)
                    && Objects.equals(email, b.email) && Objects.equals(roles, b.roles);
        }

        @Override
        public int hashCode() {
            return Objects.hash(sub, exp);
        }
    }

    @Param({"small", "typical", "medium", "large", "auth0", "cognito", "entra", "github-actions", "google",
            "keycloak", "okta"})
    public String payload;

    static final String READER = System.getProperty("lcjwt.bench.reader", "lcjwt");

    byte[] bytes;
    CursorClaimsReader lcjwt;
    final ClaimsScratch scratch = new ClaimsScratch();
    final JSON jr = JSON.std;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        bytes = payloadBytes(payload);
        ClaimsPolicy policy = new ClaimsPolicy(Set.of(), null, 0,
                Clock.fixed(Instant.ofEpochSecond(1_700_000_000L), ZoneOffset.UTC), true, List.of(), true,
                io.lcjwt.ClaimNaming.IDENTITY);
        lcjwt = switch (READER) {
            case "lcjwt", "jackson-jr" -> new CursorClaimsReader(policy);
            case "lcjwt-jackson-jr" -> new CursorClaimsReader(policy, JSON.std);
            default -> throw new IllegalArgumentException("lcjwt.bench.reader: " + READER);
        };
        // The readers must agree before anything is timed.
        CursorClaimsReader reference = new CursorClaimsReader(policy);
        Map<?, ?> map = reference.read(bytes, 0, bytes.length, Map.class, new ClaimsScratch());
        Object rec = reference.read(bytes, 0, bytes.length, Common.class, new ClaimsScratch());
        Object bean = reference.read(bytes, 0, bytes.length, CommonBean.class, new ClaimsScratch());
        if (!map.toString().equals(intoMap().toString()) || !rec.equals(intoRecord()) || !bean.equals(intoBean())) {
            throw new IllegalStateException(READER + " reads " + payload + " differently from lcjwt's reader");
        }
    }

    /** The decoded payload called {@code name}: a fixture size (its 64-byte-secret case) or an issuer file. */
    public static byte[] payloadBytes(String name) throws IOException {
        Path issuer = Path.of("core/src/test/resources/issuers", name + ".json");
        if (Files.exists(issuer)) {
            return Files.readAllBytes(issuer);
        }
        String token = Fixtures.hs256().get(name, 64).token();
        return Base64.getUrlDecoder().decode(token.substring(token.indexOf('.') + 1, token.lastIndexOf('.')));
    }

    @Benchmark
    public Map<?, ?> intoMap() throws IOException {
        return READER.equals("jackson-jr") ? jr.mapFrom(bytes) : lcjwt.read(bytes, 0, bytes.length, Map.class, scratch);
    }

    @Benchmark
    public Common intoRecord() throws IOException {
        return READER.equals("jackson-jr") ? jr.beanFrom(Common.class, bytes)
                : lcjwt.read(bytes, 0, bytes.length, Common.class, scratch);
    }

    @Benchmark
    public CommonBean intoBean() throws IOException {
        return READER.equals("jackson-jr") ? jr.beanFrom(CommonBean.class, bytes)
                : lcjwt.read(bytes, 0, bytes.length, CommonBean.class, scratch);
    }
}
