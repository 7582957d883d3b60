package io.lcjwt;

import com.fasterxml.jackson.jr.ob.JSON;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue #16 item 4: Jackson-jr as a selectable claims reader. The claims tests run once per
 * reader (see {@link TestTokens#READER}); this class checks the choice itself, and that the two
 * readers, which share no parsing code, agree token by token: same result, or the same exception
 * with the same message.
 */
class ClaimsReaderTest {

    static final String BASE = "\"aud\":\"my-api\",\"exp\":1700003600";

    record Typed(String sub, long exp, int n, List<String> roles, Optional<Map<String, Object>> x, double f) {}

    static JwtVerifier verifier(ClaimsReader reader) {
        return JwtVerifier.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
                .audience(TestTokens.AUD).clock(TestTokens.CLOCK).requireClaims("sub").claimsReader(reader).build();
    }

    static final JwtVerifier LCJWT = verifier(ClaimsReader.lcjwt());
    static final JwtVerifier JR = verifier(ClaimsReader.jacksonJr(JSON.std));

    @Test
    void theBuildRunsTheClaimsTestsWithTheReaderItNames() {
        assertEquals(System.getProperty("lcjwt.test.claims-reader", "lcjwt"), TestTokens.READER.toString());
        assertEquals("lcjwt", ClaimsReader.lcjwt().toString());
        assertEquals("jackson-jr", ClaimsReader.jacksonJr(JSON.std).toString());
        assertThrows(NullPointerException.class, () -> ClaimsReader.jacksonJr(null));
        assertThrows(NullPointerException.class, () -> JwtVerifier.builder(JwtSecretKey.of(TestTokens.KEY)).claimsReader(null));
    }

    /** Payloads each reader must treat alike: valid, lenient, out of range, wrongly typed, expired. */
    static Stream<String> payloads() {
        List<String> p = new ArrayList<>(List.of(
                "{\"sub\":\"a\"," + BASE + ",\"n\":7,\"roles\":[\"r\"],\"x\":{\"k\":[1,2.5,null,true]},\"f\":0.1}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":7,\"f\":1e2,\"big\":123456789012345678901234567890}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":300,\"f\":1}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":\"12\",\"f\":1}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":1.5,\"f\":1}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":2147483648,\"f\":1}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":1,\"f\":1e400}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":1,\"f\":1,\"x\":{\"k\":1,\"k\":2}}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":1,\"f\":1,\"s\":\"\\ud800\"}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":1,\"f\":1,\"s\":\"\\ud83d\\ude00\"}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":01}",
                "{\"sub\":\"a\"," + BASE + "} x",
                "{\"sub\":\"a\"," + BASE + ",}",
                "{\"sub\":\"a\",\"aud\":\"my-api\",\"exp\":1600000000,\"n\":1,\"f\":1}",
                "{\"sub\":\"a\",\"aud\":\"my-api\",\"exp\":\"1700003600\",\"n\":1,\"f\":1}",
                "{\"sub\":\"a\",\"aud\":\"my-api\",\"exp\":1700003600,\"nbf\":1800000000,\"n\":1,\"f\":1}",
                "{\"sub\":\"a\",\"aud\":[],\"exp\":1700003600,\"n\":1,\"f\":1}",
                "{\"sub\":\"a\",\"aud\":[\"x\",\"my-api\"],\"exp\":1700003600,\"n\":1,\"f\":1}",
                "{\"sub\":\"a\",\"aud\":[\"x\",5],\"exp\":1700003600,\"n\":1,\"f\":1}",
                "{\"sub\":\"a\",\"aud\":\"other\",\"exp\":1700003600,\"n\":1,\"f\":1}",
                "{\"sub\":5," + BASE + ",\"n\":1,\"f\":1}",
                "{" + BASE + ",\"n\":1,\"f\":1}",
                "{\"sub\":\"a\",\"aud\":\"my-api\",\"n\":1,\"f\":1}",
                "{\"sub\":\"a\",\"aud\":\"my-api\",\"exp\":1700003600.25,\"iat\":-1,\"n\":1,\"f\":1}",
                "{\"sub\":\"a\"," + BASE + ",\"f\":1}",
                // a member of the wrong type and a required claim missing: the member is refused first
                "{\"sub\":\"a\",\"aud\":\"my-api\",\"n\":\"x\",\"f\":1}",
                // a member of the wrong type before an expired exp: the member is refused first
                "{\"sub\":\"a\",\"n\":\"x\",\"aud\":\"my-api\",\"exp\":1600000000,\"f\":1}",
                "{\"sub\":\"a\"," + BASE + ",\"n\":1,\"f\":1,\"deep\":" + "[".repeat(40) + "]".repeat(40) + "}",
                "[1]", "", "nul", "{\"sub\":\"a\"," + BASE + ",\"n\":1,\"f\":1,\"s\":\"tab\there\"}"));
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/issuers"))) {
            files.sorted().forEach(f -> {
                try {
                    p.add(Files.readString(f));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.stream();
    }

    private static Object outcome(JwtVerifier v, String token, Class<?> type) {
        try {
            return type == Map.class ? v.decode(token) : v.decode(token, type);
        } catch (JwtException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    private static boolean malformed(Object outcome) {
        return outcome instanceof String s && s.startsWith("MalformedJwtException");
    }

    @ParameterizedTest
    @MethodSource("payloads")
    void bothReadersGiveTheSameResultOrTheSameRefusal(String payload) {
        String token = TestTokens.hs256(payload);
        for (Class<?> type : List.of(Map.class, Typed.class)) {
            Object expected = outcome(LCJWT, token, type);
            Object actual = outcome(JR, token, type);
            if (malformed(expected) || malformed(actual)) {
                // Both refuse it. Jackson-jr reads the whole document before any check, while
                // lcjwt's cursor checks claims as it goes, so a token both malformed and missing a
                // claim may get either refusal first.
                assertInstanceOf(String.class, expected, payload);
                assertInstanceOf(String.class, actual, payload);
            } else {
                assertEquals(expected, actual, payload + " into " + type.getSimpleName());
            }
        }
    }

    @Test
    void theJsonFeaturesShapeAMapResult() {
        String token = TestTokens.hs256("{\"sub\":\"a\"," + BASE + ",\"f\":0.1000000000000000055511151231257827}");
        assertEquals(0.1, JR.decode(token).get("f"));
        JwtVerifier exact = verifier(ClaimsReader.jacksonJr(JSON.std.with(JSON.Feature.USE_BIG_DECIMAL_FOR_FLOATS)));
        assertEquals(new BigDecimal("0.1000000000000000055511151231257827"), exact.decode(token).get("f"));
    }

    @Test
    void theJsonFactoryCannotMakeTheReaderLenient() {
        JSON lenient = JSON.std.with(com.fasterxml.jackson.core.JsonFactory.builder()
                .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_JAVA_COMMENTS)
                .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_LEADING_ZEROS_FOR_NUMBERS)
                .build());
        JwtVerifier v = verifier(ClaimsReader.jacksonJr(lenient));
        for (String payload : List.of("{\"sub\":\"a\"," + BASE + " /* c */}", "{\"sub\":\"a\"," + BASE + ",\"n\":01}",
                "{\"sub\":\"a\"," + BASE + ",\"sub\":\"b\"}")) {
            assertInstanceOf(MalformedJwtException.class, assertThrows(JwtException.class,
                    () -> v.decode(TestTokens.hs256(payload))), payload);
        }
    }
}
