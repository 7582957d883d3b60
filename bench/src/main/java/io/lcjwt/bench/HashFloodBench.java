package io.lcjwt.bench;

import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtException;
import io.lcjwt.JwtHeader;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtVerifier;
import io.lcjwt.LibCrypto;
import io.lcjwt.Unverified;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Hash flooding (issue #20, finding 1): member names chosen to share a slot in the duplicate
 * check's table, against random names in a document of the same size. {@code names=crafted} is
 * two-character names ({@code "!!","!#",...}), which the old unkeyed {@code h*31+b} hash packed into
 * one run of slots; {@code names=random} is distinct random four-letter names. The two should cost
 * about the same; under the old hash the crafted header took 107 ms to refuse, against 2.4 ms.
 *
 * <ul>
 *   <li>{@code verifierRefuses}: a 56 KB token (under the 64 KiB cap) whose header holds about
 *       6,000 names and whose signature is wrong, so the verifier reads the header and refuses: the
 *       path anyone can make a service run.</li>
 *   <li>{@code unverifiedHeader}: {@link Unverified#header} on the same token.</li>
 *   <li>{@code jwkSetParseLenient}: {@link JwkSet#parseLenient} on a 248 KB set of six keys of
 *       6,000 names each, which it reads and then refuses (more than 64 members per key).</li>
 * </ul>
 *
 * <p>Run: {@code java --enable-native-access=ALL-UNNAMED -jar bench/target/benchmarks.jar HashFloodBench}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class HashFloodBench {

    @Param({"crafted", "random"})
    public String names;

    private JwtVerifier verifier;
    private String token;
    private String jwkSet;

    @Setup
    public void setup() {
        System.out.println("# libcrypto: " + LibCrypto.describe());
        byte[] secret = new byte[32];
        new Random(1).nextBytes(secret);
        verifier = JwtVerifier.builder(JwtSecretKey.of(secret)).algorithms(Algorithm.HS256).build();

        String prefix = "{\"alg\":\"HS256\",";
        String header = prefix + members(twoCharNames(6000)) + "}";
        if (names.equals("random")) {
            header = prefix + members(randomNames(1, header.length() - prefix.length() - 1)) + "}";
        }
        token = b64(header) + "." + b64("{\"sub\":\"flood\",\"exp\":4102444800}") + "."
                + b64("not the signature, 32 bytes long");

        String flood = members(twoCharNames(6000));
        StringBuilder set = new StringBuilder("{\"keys\":[");
        for (int k = 0; k < 6; k++) {
            String m = names.equals("random") ? members(randomNames(k + 2, flood.length())) : flood;
            set.append(k == 0 ? "" : ",").append("{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"k").append(k)
                    .append("\",").append(m).append('}');
        }
        jwkSet = set.append("]}").toString();

        if (token.length() > 64 * 1024 || !(verifierRefuses() instanceof JwtException)
                || unverifiedHeader().parameters().size() < 4000
                || !(jwkSetParseLenient() instanceof InvalidJwtKeyException)) {
            throw new IllegalStateException("setup: the inputs do not take the paths this benchmark times");
        }
        System.out.println("# token " + token.length() + " chars, JWK set " + jwkSet.length() + " chars");
    }

    @Benchmark
    public Object verifierRefuses() {
        try {
            return verifier.decode(token);
        } catch (JwtException refused) {
            return refused;
        }
    }

    @Benchmark
    public JwtHeader unverifiedHeader() {
        return Unverified.header(token);
    }

    @Benchmark
    public Object jwkSetParseLenient() {
        try {
            return JwkSet.parseLenient(jwkSet);
        } catch (InvalidJwtKeyException refused) {
            return refused;
        }
    }

    private static List<String> twoCharNames(int n) {
        List<String> out = new ArrayList<>();
        for (char a = '!'; a <= '~'; a++) {
            for (char b = '!'; b <= '~' && out.size() < n; b++) {
                if (a != '"' && a != '\\' && b != '"' && b != '\\') {
                    out.add("" + a + b);
                }
            }
        }
        return out;
    }

    /** Distinct random four-letter names whose members take about {@code bytes}. */
    private static List<String> randomNames(long seed, int bytes) {
        Random r = new Random(seed);
        Set<String> out = new LinkedHashSet<>();
        int size = -1;
        while (size < bytes) {
            char[] c = new char[4];
            for (int i = 0; i < 4; i++) {
                c[i] = (char) ('a' + r.nextInt(26));
            }
            if (out.add(new String(c))) {
                size += 9;
            }
        }
        return new ArrayList<>(out);
    }

    private static String members(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (String n : names) {
            sb.append(sb.isEmpty() ? "" : ",").append('"').append(n).append("\":0");
        }
        return sb.toString();
    }

    private static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
