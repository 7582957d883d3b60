package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.lcjwt.TestTokens.hs256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Binding claims to records and beans: types, nesting, registered-claim shapes, and refusals. */
class TypedDecodeTest {

    static final JwtVerifier V = TestTokens.verifier();

    enum Role { ADMIN, DEV }

    record Nested(String city, List<Integer> codes) {}

    record Rich(String sub, String aud, Instant exp, Instant iat, double score, boolean active, int count,
            Long maybe, Role role, Set<String> tags, Map<String, Object> extra, Nested home, List<Nested> all,
            String[] arr, Object anything, java.util.UUID id) {}

    record AudList(List<String> aud, long exp) {}

    record Validating(String sub, long exp) {
        Validating {
            if (sub == null || sub.isBlank()) {
                throw new IllegalArgumentException("sub is required");
            }
        }
    }

    @Test
    void bindsEveryCommonShape() {
        String token = hs256("{\"sub\":\"alice\",\"aud\":\"my-api\",\"exp\":1700003600,\"iat\":1699999999.25,"
                + "\"score\":4.5,\"active\":true,\"count\":7,\"maybe\":null,\"role\":\"ADMIN\",\"tags\":[\"a\",\"b\",\"a\"],"
                + "\"extra\":{\"k\":[1,\"x\"]},\"home\":{\"city\":\"Oslo\",\"codes\":[1,2]},"
                + "\"all\":[{\"city\":\"A\",\"codes\":[]},{\"city\":\"B\",\"codes\":[3]}],\"arr\":[\"p\",\"q\"],"
                + "\"anything\":[{\"z\":false}],\"id\":\"123e4567-e89b-12d3-a456-426614174000\",\"unknown\":{\"deep\":[1]}}");
        Rich r = V.decode(token, Rich.class);
        assertEquals("alice", r.sub());
        assertEquals("my-api", r.aud());
        assertEquals(Instant.ofEpochSecond(1700003600), r.exp());
        assertEquals(Instant.ofEpochSecond(1699999999, 250_000_000), r.iat());
        assertEquals(4.5, r.score());
        assertTrue(r.active());
        assertEquals(7, r.count());
        assertNull(r.maybe());
        assertEquals(Role.ADMIN, r.role());
        assertEquals(Set.of("a", "b"), r.tags());
        assertEquals(Map.of("k", List.of(1L, "x")), r.extra());
        assertEquals(new Nested("Oslo", List.of(1, 2)), r.home());
        assertEquals(List.of(new Nested("A", List.of()), new Nested("B", List.of(3))), r.all());
        assertArrayEquals(new String[] {"p", "q"}, r.arr());
        assertEquals(List.of(Map.of("z", false)), r.anything());
        assertEquals(java.util.UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), r.id());
    }

    @Test
    void audienceBindsToAListWhateverItsJsonShape() {
        assertEquals(List.of("my-api"), V.decode(hs256("{\"aud\":\"my-api\",\"exp\":1700003600}"), AudList.class).aud());
        assertEquals(List.of("x", "my-api"), V.decode(hs256("{\"aud\":[\"x\",\"my-api\"],\"exp\":1700003600}"), AudList.class).aud());
        InvalidClaimException e = assertThrows(InvalidClaimException.class,
                () -> V.decode(hs256("{\"aud\":[\"x\",\"my-api\"],\"exp\":1700003600}"), Rich.class));
        assertTrue(e.getMessage().contains("List<String>"), e.getMessage());
    }

    @Test
    void wrongTypesAreInvalidClaimsNeverAbsent() {
        String base = "\"aud\":\"my-api\",\"exp\":1700003600";
        for (String bad : List.of("\"score\":\"4.5\"", "\"active\":\"yes\"", "\"count\":1.5", "\"count\":3000000000",
                "\"role\":\"ROOT\"", "\"tags\":\"a\"", "\"home\":[]", "\"sub\":5", "\"sub\":null", "\"iss\":7",
                "\"jti\":[]", "\"home\":{\"city\":1}", "\"active\":null")) {
            JwtException ex = assertThrows(JwtException.class, () -> V.decode(hs256("{" + base + "," + bad + "}"), Rich.class), bad);
            assertTrue(ex instanceof InvalidClaimException, bad + " -> " + ex);
        }
        // exp cannot bind to a String field: refused, not silently dropped
        record WrongExp(String exp) {}
        assertThrows(InvalidClaimException.class, () -> V.decode(hs256("{" + base + "}"), WrongExp.class));
    }

    @Test
    void aRecordConstructorThatRefusesTheClaimsIsAnInvalidClaim() {
        assertEquals("x", V.decode(hs256("{\"sub\":\"x\",\"aud\":\"my-api\",\"exp\":1700003600}"), Validating.class).sub());
        InvalidClaimException e = assertThrows(InvalidClaimException.class,
                () -> V.decode(hs256("{\"sub\":\" \",\"aud\":\"my-api\",\"exp\":1700003600}"), Validating.class));
        assertTrue(e.getMessage().contains("sub is required"), e.getMessage());
    }

    @Test
    void unsupportedTargetTypesAreExplained() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> V.decode(hs256(TestTokens.CLAIMS), String.class));
        assertTrue(e.getMessage().contains("Map, a record, or a bean"), e.getMessage());
    }

    @Test
    void requiredClaimsAndIssuer() {
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.KEY)) {
            JwtVerifier v = TestTokens.builder(key).algorithms(Algorithm.HS256).audience("my-api")
                    .issuer("https://id.example").requireClaims("sub", "tenant").clock(TestTokens.CLOCK).build();
            String good = "{\"iss\":\"https://id.example\",\"sub\":\"a\",\"tenant\":\"t\",\"aud\":\"my-api\",\"exp\":1700003600}";
            assertEquals("t", v.decode(hs256(good)).get("tenant"));
            assertEquals("tenant", assertThrows(MissingClaimException.class,
                    () -> v.decode(hs256(good.replace("\"tenant\":\"t\",", "")))).claim());
            assertEquals("iss", assertThrows(MissingClaimException.class,
                    () -> v.decode(hs256(good.replace("\"iss\":\"https://id.example\",", "")))).claim());
            assertEquals("iss", assertThrows(InvalidClaimException.class,
                    () -> v.decode(hs256(good.replace("id.example", "evil.example")))).claim());
            JwtVerifier typed = TestTokens.builder(key).algorithms(Algorithm.HS256).audience("my-api")
                    .expectType("at+jwt").clock(TestTokens.CLOCK).build();
            assertEquals("my-api", typed.decode(TestTokens.hs256Header("{\"alg\":\"HS256\",\"typ\":\"at+JWT\"}", TestTokens.CLAIMS)).get("aud"));
            assertEquals("my-api", typed.decode(TestTokens.hs256Header("{\"alg\":\"HS256\",\"typ\":\"application/at+jwt\"}", TestTokens.CLAIMS)).get("aud"));
            // typ is a header parameter, not a claim (issue #19.10)
            assertEquals("typ", assertThrows(InvalidHeaderException.class,
                    () -> typed.decode(TestTokens.hs256(TestTokens.CLAIMS))).parameter());
            assertEquals("typ", assertThrows(InvalidHeaderException.class,
                    () -> typed.decode(TestTokens.hs256Header("{\"alg\":\"HS256\"}", TestTokens.CLAIMS))).parameter());
        }
    }

    record Issued(Instant iat, long exp) {}

    record IssuedOnly(Instant iat) {}

    /** Every way of writing a NumericDate reads the same into a record and a map, or is refused the same way. */
    @Test
    void numericDatesReadAlikeHoweverWritten() {
        Object[][] good = {
            {"1699999999", Instant.ofEpochSecond(1699999999), 1699999999L},
            {"7", Instant.ofEpochSecond(7), 7L},
            {"0", Instant.EPOCH, 0L},
            {"253402300799", Instant.ofEpochSecond(253402300799L), 253402300799L},
            {"1699999999.25", Instant.ofEpochSecond(1699999999, 250_000_000), 1699999999.25},
            {"169999999.9e1", Instant.ofEpochSecond(1699999999), 1699999999.0},
            {"1.699999999E9", Instant.ofEpochSecond(1699999999), 1699999999.0},
        };
        // At the end of the NumericDate range, so that no iat read here lies in the future.
        JwtVerifier atTheEnd = TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
                .audience("my-api").allowMissingExpiration()
                .clock(java.time.Clock.fixed(Instant.ofEpochSecond(253402300799L), java.time.ZoneOffset.UTC)).build();
        for (Object[] g : good) {
            String claims = "{\"aud\":\"my-api\",\"iat\":" + g[0] + "}";
            assertEquals(g[1], atTheEnd.decode(hs256(claims), IssuedOnly.class).iat(), claims);
            assertEquals(g[2], atTheEnd.decode(hs256(claims)).get("iat"), claims);
            String last = "{\"aud\":\"my-api\",\"nbf\":0,\"iat\":" + g[0] + "}";
            assertEquals(g[1], atTheEnd.decode(hs256(last), IssuedOnly.class).iat(), last);
        }
        for (String range : List.of("253402300800", "999999999999999999", "9999999999999999999", "-1", "-1699999999")) {
            String claims = "{\"aud\":\"my-api\",\"iat\":" + range + ",\"exp\":1700003600}";
            assertEquals("iat", assertThrows(InvalidClaimException.class, () -> V.decode(hs256(claims), Issued.class), claims).claim());
        }
        for (String malformed : List.of("01", "00", "1.", "1e", "1e+", "1x", "1699999999a", "+1", ".5", "1..2")) {
            String claims = "{\"aud\":\"my-api\",\"iat\":" + malformed + ",\"exp\":1700003600}";
            assertThrows(MalformedJwtException.class, () -> V.decode(hs256(claims), Issued.class), claims);
        }
    }

    record IssAud(String iss, String aud, long exp) {}

    record IssAuds(String iss, List<String> aud, long exp) {}

    /**
     * The configured issuer and audiences are matched on the raw bytes when a claim is written
     * plainly, and by value otherwise; both ways must give the same answers.
     */
    @Test
    void issuerAndAudienceMatchHoweverTheyAreWritten() {
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.KEY)) {
            JwtVerifier v = TestTokens.builder(key).algorithms(Algorithm.HS256).audience("my-api", "other-api")
                    .issuer("https://id.example").clock(TestTokens.CLOCK).build();
            // plain, escaped, and at the very end of the document (where the scan goes byte by byte)
            for (String iss : List.of("https://id.example", "https:\\/\\/id.example", "\\u0068ttps://id.example")) {
                for (String aud : List.of("my-api", "other-api", "my\\u002dapi")) {
                    String want = aud.startsWith("other") ? "other-api" : "my-api";
                    String front = "{\"iss\":\"" + iss + "\",\"aud\":\"" + aud + "\",\"exp\":1700003600}";
                    String back = "{\"exp\":1700003600,\"aud\":\"" + aud + "\",\"iss\":\"" + iss + "\"}";
                    for (String claims : List.of(front, back)) {
                        IssAud r = v.decode(hs256(claims), IssAud.class);
                        assertEquals("https://id.example", r.iss(), claims);
                        assertEquals(want, r.aud(), claims);
                        assertEquals(Map.of("iss", "https://id.example", "aud", want, "exp", 1700003600L),
                                v.decode(hs256(claims)), claims);
                    }
                    String list = "{\"iss\":\"" + iss + "\",\"aud\":[\"x\",\"" + aud + "\",\"yz\"],\"exp\":1700003600}";
                    assertEquals(List.of("x", want, "yz"), v.decode(hs256(list), IssAuds.class).aud(), list);
                }
            }
            for (String iss : List.of("https://id.example/", "https://id.exampl", "HTTPS://id.example",
                    "https://id.example\\u0000", "https://id.examplf", "")) {
                String claims = "{\"iss\":\"" + iss + "\",\"aud\":\"my-api\",\"exp\":1700003600}";
                assertEquals("iss", assertThrows(InvalidClaimException.class,
                        () -> v.decode(hs256(claims), IssAud.class), claims).claim());
            }
            for (String aud : List.of("\"my-ap\"", "\"my-api \"", "\"my-apii\"", "[\"my-apix\",\"other\"]", "\"\"",
                    "[\"\"]", "[]", "\"My-api\"")) {
                String claims = "{\"iss\":\"https://id.example\",\"aud\":" + aud + ",\"exp\":1700003600}";
                assertEquals("aud", assertThrows(InvalidClaimException.class,
                        () -> v.decode(hs256(claims), IssAuds.class), claims).claim());
            }
        }
    }

    @Test
    void signerWritesInstantsAsWholeSecondsAndRefusesNaN() {
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.KEY)) {
            JwtSigner s = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
            String t = s.sign(Map.of("exp", Instant.ofEpochSecond(1700003600, 999_000_000), "aud", "my-api"));
            assertEquals(1700003600L, V.decode(t).get("exp"));
            assertThrows(IllegalArgumentException.class, () -> s.sign(Map.of("x", Double.NaN)));
            assertThrows(IllegalArgumentException.class, () -> s.sign(Map.of("x", Float.POSITIVE_INFINITY)));
            assertThrows(IllegalArgumentException.class, () -> JwtSigner.builder(key).algorithm(Algorithm.HS256).header("crit", List.of("x")));
            assertThrows(IllegalArgumentException.class, () -> JwtSigner.builder(key).algorithm(Algorithm.HS256).header("alg", "none"));
            assertThrows(IllegalArgumentException.class, () -> JwtSigner.builder(key).algorithm(Algorithm.HS256).header("b64", false));
            assertThrows(IllegalStateException.class, () -> JwtSigner.builder(key).build());
        }
    }
}
