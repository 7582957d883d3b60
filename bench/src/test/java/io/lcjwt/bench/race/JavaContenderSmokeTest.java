package io.lcjwt.bench.race;

import com.fasterxml.jackson.jr.ob.JSON;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every Java contender of the race, on a small set of cases, through the code {@link JavaContender#main}
 * runs (validation included, 200 decodes, one round): each must come out {@code ok}, or {@code n/a} where
 * listed in {@link #EXPECTED_NA} with its reason, never {@code failed}. A listed pair that starts to pass
 * fails too, so the list stays true.
 */
class JavaContenderSmokeTest {

    static final Path FIXTURES = fixturesDir();

    /** One run of the contender: a fixture, its cases, a key source. */
    record Run(String fixture, List<String> cases, String source) {}

    static final List<Run> RUNS = List.of(
            new Run("hs256.json", List.of("typical-64"), "secret"),
            new Run("asym.json", List.of("RS256-RSA-2048-typical", "ES256-P-256-typical", "EdDSA-Ed25519-typical",
                    "ES256K-secp256k1-typical"), "pem"),
            new Run("asym.json", List.of("ES256-P-256-typical"), "jwks"),
            new Run("asym.json", List.of("ES256-P-256-typical"), "jwks-url"));

    private static final String NO_URL_CLIENT = "no JWKS URL client";
    private static final String JDK_NO_SECP256K1 = "the JDK has no secp256k1";

    /**
     * {@code contender case source} -> a part of the n/a reason: what each library cannot do here.
     * lcjwt and smallrye can do all but smallrye's ES256K.
     */
    static final Map<String, String> EXPECTED_NA = Map.ofEntries(
            // jjwt 0.12 dropped secp256k1; it reads JWKS documents but fetches none.
            Map.entry("jjwt ES256K-secp256k1-typical pem", "no ES256K"),
            Map.entry("jjwt ES256-P-256-typical jwks-url", NO_URL_CLIENT),
            // java-jwt: no EdDSA, no ES256K since 4.0, no JWK parsing (jwks-rsa is a separate library).
            Map.entry("auth0 EdDSA-Ed25519-typical pem", "no EdDSA"),
            Map.entry("auth0 ES256K-secp256k1-typical pem", "no ES256K"),
            Map.entry("auth0 ES256-P-256-typical jwks", "parses no JWK or JWKS"),
            Map.entry("auth0 ES256-P-256-typical jwks-url", NO_URL_CLIENT),
            // nimbus: Ed25519 needs Google Tink, ES256K a JCA provider with secp256k1; neither is taken.
            Map.entry("nimbus EdDSA-Ed25519-typical pem", "Google Tink"),
            Map.entry("nimbus ES256K-secp256k1-typical pem", JDK_NO_SECP256K1),
            // jose4j: ES256K through JCA.
            Map.entry("jose4j ES256K-secp256k1-typical pem", JDK_NO_SECP256K1),
            // fusionauth-jwt: no "EdDSA" algorithm name, no ES256K, no JWKS client.
            Map.entry("fusionauth EdDSA-Ed25519-typical pem", "no EdDSA"),
            Map.entry("fusionauth ES256K-secp256k1-typical pem", "no ES256K"),
            Map.entry("fusionauth ES256-P-256-typical jwks-url", NO_URL_CLIENT),
            // vert.x: ES256K through JCA; its JWKS client is in vertx-auth-oauth2, not taken.
            Map.entry("vertx ES256K-secp256k1-typical pem", JDK_NO_SECP256K1),
            Map.entry("vertx ES256-P-256-typical jwks-url", NO_URL_CLIENT),
            // smallrye-jwt: no ES256K in its SignatureAlgorithm.
            Map.entry("smallrye ES256K-secp256k1-typical pem", "no ES256K"));

    static Stream<String> contenders() {
        return JavaContender.CONTENDERS.keySet().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contenders")
    void contenderIsOkOrAnExpectedNa(String contender) throws Exception {
        List<String> problems = new ArrayList<>();
        for (Run run : RUNS) {
            JavaContender.Options o = new JavaContender.Options(contender, FIXTURES.resolve(run.fixture()), run.cases(),
                    run.source(), 200, 1, 20);
            for (JavaContender.Result r : JavaContender.run(o, x -> { })) {
                String key = contender + " " + r.caseName() + " " + r.source();
                System.out.println(r.toJson());
                checkLine(r);
                String expectedNa = EXPECTED_NA.get(key);
                switch (r.status()) {
                    case "ok" -> {
                        if (expectedNa != null) {
                            problems.add(key + " is now ok: take it out of EXPECTED_NA");
                        }
                    }
                    case "n/a" -> {
                        if (expectedNa == null) {
                            problems.add(key + " is n/a, not expected: " + r.reason());
                        } else if (r.reason() == null || !r.reason().contains(expectedNa)) {
                            problems.add(key + " is n/a for another reason: " + r.reason() + " (expected: ..." + expectedNa + "...)");
                        }
                    }
                    default -> problems.add(key + " " + r.status() + ": " + r.reason());
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /** The line the main prints parses as the contract says. */
    private static void checkLine(JavaContender.Result r) throws Exception {
        Map<String, Object> line = JSON.std.mapFrom(r.toJson());
        assertEquals(List.of("contender", "family", "version", "runtime", "libcrypto", "case", "alg", "source", "status",
                "reason", "decodes", "usPerDecode"), List.copyOf(line.keySet()));
        assertEquals("java", line.get("family"));
        assertFalse("unknown".equals(line.get("version")), r.contender() + ": no version found in its jar");
        assertTrue(((String) line.get("runtime")).startsWith("JDK "));
        assertEquals(r.contender().startsWith("lcjwt-"), line.get("libcrypto") != null, "libcrypto only for lcjwt");
        List<?> us = (List<?>) line.get("usPerDecode");
        if ("ok".equals(r.status())) {
            assertEquals(1, us.size());
            assertTrue(((Number) us.getFirst()).doubleValue() > 0, "a round takes time");
            assertEquals(null, line.get("reason"));
        } else {
            assertTrue(us.isEmpty(), "no timing unless ok");
            assertFalse(((String) line.get("reason")).isBlank());
        }
    }

    @Test
    void hsCasesHaveNoPublicKeySources() throws Exception {
        for (String source : List.of("pem", "jwks", "jwks-url")) {
            JavaContender.Result r = JavaContender.run(new JavaContender.Options("lcjwt-map",
                    FIXTURES.resolve("hs256.json"), List.of("small-32"), source, 1, 1, 0), x -> { }).getFirst();
            assertEquals("n/a", r.status(), source);
        }
    }

    @Test
    void validationCatchesAContenderThatAcceptsTooMuch() throws Exception {
        RaceFixture f = RaceFixture.load(FIXTURES.resolve("hs256.json"));
        RaceFixture.Case c = f.cases().get("typical-64");
        Decoder lenient = new PeerDecoder(t -> c.claims(), r -> c.claims(), e -> true, e -> true);
        assertEquals("accepted the expired token", JavaContender.validate(lenient, c));
        Decoder wrongError = new PeerDecoder(t -> {
            if (!t.equals(c.token())) {
                throw new IllegalStateException("nope");
            }
            return c.claims();
        }, r -> c.claims(), e -> false, e -> true);
        assertTrue(JavaContender.validate(wrongError, c).startsWith("rejected the expired token with"));
    }

    @Test
    void badArgumentsAndCasesAreUsageErrors() {
        String hs = FIXTURES.resolve("hs256.json").toString();
        assertUsage("nope", hs, "typical-64", "secret", "1");
        assertUsage("jjwt", hs, "typical-64", "secret", "0");
        assertUsage("jjwt", hs, "typical-64", "file", "1");
        assertUsage("jjwt", hs, "typical-64,nope", "secret", "1");
        assertUsage("jjwt", hs + ".missing", "typical-64", "secret", "1");
        assertThrows(JavaContender.UsageException.class, () -> JavaContender.parse(new String[] {"--contender", "jjwt"}));
    }

    /** Parsing these arguments, or loading their fixture and cases, is a usage error (exit 2). */
    private static void assertUsage(String contender, String fixture, String cases, String source, String decodes) {
        String[] args = {"--contender", contender, "--fixture", fixture, "--case", cases, "--source", source,
                "--decodes", decodes, "--rounds", "1"};
        assertThrows(JavaContender.UsageException.class, () -> JavaContender.run(JavaContender.parse(args), x -> { }),
                String.join(" ", args));
    }

    @Test
    void everyExpectedNaNamesAContenderAndARunCase() {
        Set<String> known = JavaContender.CONTENDERS.keySet();
        for (String key : EXPECTED_NA.keySet()) {
            String[] p = key.split(" ");
            assertTrue(known.contains(p[0]), key);
            assertTrue(RUNS.stream().anyMatch(r -> r.cases().contains(p[1]) && r.source().equals(p[2])), key);
        }
    }

    private static Path fixturesDir() {
        String configured = System.getProperty("lcjwt.fixtures"); // bench/pom.xml: .../fixtures/hs256.json
        Path dir = configured != null ? Path.of(configured).getParent() : Path.of("fixtures");
        if (!Files.isRegularFile(dir.resolve("asym.json"))) {
            dir = Path.of("bench", "fixtures");
        }
        return dir;
    }
}
