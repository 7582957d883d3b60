package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * {@link JwtSigner.Builder#protectedHeader}: the header written exactly as given, and RFC 7515
 * section 4.1.11's rules for {@code crit} enforced on the producer's side.
 */
class Rfc7515ProtectedHeaderTest {

    static final byte[] SECRET = new byte[32];

    static Map<String, Object> header(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static String headerJson(String token) {
        return new String(Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))), StandardCharsets.UTF_8);
    }

    @Test
    void theMembersAreWrittenInTheMapsOrderAndNothingIsAdded() {
        try (JwtSecretKey key = JwtSecretKey.of(SECRET).withKeyId("ignored")) {
            JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).type("ignored-too")
                    .protectedHeader(header("x5u", "https://id.example/c.pem", "kid", "k1", "alg", "HS256", "typ", "at+jwt"))
                    .build();
            String token = signer.sign(Map.of("sub", "alice", "exp", 4102444800L));
            assertEquals("{\"x5u\":\"https://id.example/c.pem\",\"kid\":\"k1\",\"alg\":\"HS256\",\"typ\":\"at+jwt\"}",
                    headerJson(token));
            JwtVerifier verifier = JwtVerifier.builder(JwtSecretKey.of(SECRET)).algorithms(Algorithm.HS256).build();
            assertEquals("alice", verifier.decode(token).get("sub"), "an ordinary header verifies as ever");
            assertEquals(headerJson(token), headerJson(signer.signContent(new byte[] {1})), "content gets the same header");
        }
    }

    @Test
    void aCriticalExtensionIsWrittenAndLcjwtsOwnVerifierRefusesItAsTheRfcRequires() {
        try (JwtSecretKey key = JwtSecretKey.of(SECRET)) {
            String token = JwtSigner.builder(key).algorithm(Algorithm.HS256)
                    .protectedHeader(header("alg", "HS256", "exp-ext", 1, "crit", List.of("exp-ext")))
                    .build().sign(Map.of("sub", "alice", "exp", 4102444800L));
            assertEquals("{\"alg\":\"HS256\",\"exp-ext\":1,\"crit\":[\"exp-ext\"]}", headerJson(token));
            JwtVerifier verifier = JwtVerifier.builder(key).algorithms(Algorithm.HS256).build();
            UnsupportedJwtException e = assertThrows(UnsupportedJwtException.class, () -> verifier.decode(token));
            assertTrue(e.getMessage().contains("critical"), e.getMessage());
        }
    }

    static Stream<org.junit.jupiter.params.provider.Arguments> refused() {
        return Stream.of(
                arguments("no alg", header("kid", "k1"), "\"alg\" must be \"HS256\""),
                arguments("another alg", header("alg", "HS512"), "\"alg\" must be \"HS256\""),
                arguments("alg not a string", header("alg", 256), "\"alg\" must be \"HS256\""),
                arguments("b64", header("alg", "HS256", "b64", false), "RFC 7797 section 7"),
                arguments("zip", header("alg", "HS256", "zip", "DEF"), "no compression"),
                arguments("kid not a string", header("alg", "HS256", "kid", 1), "\"kid\" must be a string"),
                arguments("typ not a string", header("alg", "HS256", "typ", List.of("JWT")), "\"typ\" must be a string"),
                arguments("crit empty", header("alg", "HS256", "crit", List.of()), "non-empty list"),
                arguments("crit not a list", header("alg", "HS256", "x", 1, "crit", "x"), "non-empty list"),
                arguments("crit twice", header("alg", "HS256", "x", 1, "crit", List.of("x", "x")), "distinct"),
                arguments("crit of a member absent", header("alg", "HS256", "crit", List.of("x")), "does not carry"),
                arguments("crit of a registered name", header("alg", "HS256", "kid", "k", "crit", List.of("kid")),
                        "RFC 7515 defines"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void section4_1_11AndTheSignersOwnRulesAreEnforcedAtBuild(String name, Map<String, Object> header, String why) {
        try (JwtSecretKey key = JwtSecretKey.of(SECRET)) {
            JwtSigner.Builder b = JwtSigner.builder(key).algorithm(Algorithm.HS256).protectedHeader(header);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
            assertTrue(e.getMessage().contains(why), e.getMessage());
        }
    }

    @Test
    void itDoesNotMixWithTheOtherWaysOfMakingTheHeader() {
        try (JwtSecretKey key = JwtSecretKey.of(SECRET)) {
            Map<String, Object> h = header("alg", "HS256");
            assertThrows(IllegalArgumentException.class, () -> JwtSigner.builder(key).algorithm(Algorithm.HS256)
                    .header("x", 1).protectedHeader(h).build());
            assertThrows(IllegalArgumentException.class, () -> JwtSigner.builder(key).algorithm(Algorithm.HS256)
                    .unencodedPayload().protectedHeader(h).build());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JwtSigner.builder(key)
                    .algorithm(Algorithm.HS256).protectedHeader(header("alg", "HS256", "kid", "k"))
                    .unprotectedHeader("kid", "k").build());
            assertTrue(e.getMessage().contains("both protected and unprotected"), e.getMessage());
        }
    }

    @Test
    void theCallersMapIsCopied() {
        try (JwtSecretKey key = JwtSecretKey.of(SECRET)) {
            Map<String, Object> h = header("alg", "HS256", "kid", "k1");
            JwtSigner.Builder b = JwtSigner.builder(key).algorithm(Algorithm.HS256).protectedHeader(h);
            h.put("kid", "changed");
            assertEquals("{\"alg\":\"HS256\",\"kid\":\"k1\"}", headerJson(b.build().sign(Map.of("sub", "a"))));
        }
    }
}
