package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue #19.10 and #19.9: the error model {@link JwtException} states, held to. An expired token's
 * exception carries its verified header and claims (checked after the signature, so a forged
 * expired token is a bad signature); a wrong {@code typ} is a header refusal, not a claim one;
 * {@code decodeJwt} without a type returns the claims as a map.
 */
class ErrorModelTest {

    private static final String HEADER = "{\"alg\":\"HS256\",\"typ\":\"JWT\",\"kid\":\"k1\",\"x5t\":{\"n\":[1]}}";
    private static final String EXPIRED = "{\"sub\":\"alice\",\"aud\":\"my-api\",\"exp\":1699999000,\"roles\":[\"a\"],\"n\":{\"x\":1}}";

    record Claims(String sub, Instant exp) {}

    @SuppressWarnings("unchecked")
    @Test
    void anExpiredTokenCarriesItsVerifiedHeaderAndClaims() {
        JwtVerifier v = TestTokens.verifier();
        String token = TestTokens.hs256Header(HEADER, EXPIRED);
        byte[] bytes = token.getBytes(StandardCharsets.US_ASCII);
        List<org.junit.jupiter.api.function.Executable> decodes = List.of(
                () -> v.decode(token), () -> v.decode(token, Claims.class), () -> v.decodeJwt(token),
                () -> v.decodeJwt(bytes, 0, bytes.length, Claims.class), () -> v.decode(ByteBuffer.wrap(bytes)),
                () -> v.decode(MemorySegment.ofArray(bytes), Claims.class));
        for (var decode : decodes) {
            ExpiredJwtException e = assertThrows(ExpiredJwtException.class, decode);
            assertEquals(Instant.ofEpochSecond(1699999000), e.expiredAt());
            assertEquals(Algorithm.HS256, e.header().algorithm());
            assertEquals("k1", e.header().keyId());
            assertEquals(Map.of("n", List.of(1L)), e.header().get("x5t"));
            Map<String, Object> claims = e.claims();
            assertEquals(List.of("sub", "aud", "exp", "roles", "n"), List.copyOf(claims.keySet()));
            assertEquals("alice", claims.get("sub"));
            assertEquals(1699999000L, claims.get("exp"));
            assertEquals(List.of("a"), claims.get("roles"));
            assertThrows(UnsupportedOperationException.class, () -> claims.put("sub", "mallory"));
            assertThrows(UnsupportedOperationException.class, () -> ((List<Object>) claims.get("roles")).add("admin"));
            assertThrows(UnsupportedOperationException.class,
                    () -> ((Map<String, Object>) claims.get("n")).put("x", 2));
            assertEquals(claims, e.claims(), "read once, the same every call");
        }
        // The exception made by hand without a token has neither.
        ExpiredJwtException bare = new ExpiredJwtException("expired", Instant.EPOCH);
        assertNull(bare.header());
        assertNull(bare.claims());
        // One made by hand with a header and claims keeps a frozen copy of the claims.
        JwtHeader header = new JwtHeader(Algorithm.ES256, "k1", null, Map.of("alg", "ES256", "kid", "k1"));
        Map<String, Object> given = new java.util.LinkedHashMap<>(Map.of("roles", new java.util.ArrayList<>(List.of("a"))));
        ExpiredJwtException made = new ExpiredJwtException("The JWT expired.", Instant.EPOCH, header, given);
        given.put("sub", "mallory");
        assertEquals(Map.of("roles", List.of("a")), made.claims());
        assertThrows(UnsupportedOperationException.class, () -> ((List<Object>) made.claims().get("roles")).add("b"));
        assertEquals(header, made.header());
    }

    @Test
    void anExpiredTokenWithABadSignatureIsABadSignature() {
        JwtVerifier v = TestTokens.verifier();
        String forged = TestTokens.hs("HS256", HEADER, EXPIRED, TestTokens.bytes(64, 99));
        assertThrows(BadSignatureException.class, () -> v.decode(forged));
        assertThrows(BadSignatureException.class, () -> v.decode(forged, Claims.class));
    }

    /** The decode stops at exp; what follows it is read only when claims() asks, and refused there if broken. */
    @Test
    void claimsAfterExpThatAreNotStrictJsonAreRefusedWhenRead() {
        JwtVerifier v = TestTokens.verifier();
        String token = TestTokens.hs256("{\"aud\":\"my-api\",\"exp\":1699999000,\"exp\":1}");
        ExpiredJwtException e = assertThrows(ExpiredJwtException.class, () -> v.decode(token));
        assertEquals(Algorithm.HS256, e.header().algorithm());
        Map<String, Object> claims = e.claims();
        MalformedJwtException m = assertThrows(MalformedJwtException.class, () -> claims.get("aud"));
        assertEquals(true, m.getMessage().contains("duplicate"), m.getMessage());
    }

    @Test
    void aWrongTypIsAHeaderRefusalNotAClaimOne() {
        JwtVerifier typed = JwtVerifier.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
                .audience(TestTokens.AUD).expectType("at+jwt").clock(TestTokens.CLOCK).build();
        for (String header : List.of("{\"alg\":\"HS256\",\"typ\":\"JWT\"}", "{\"alg\":\"HS256\"}")) {
            JwtException e = assertThrows(JwtException.class,
                    () -> typed.decode(TestTokens.hs256Header(header, TestTokens.CLAIMS)));
            InvalidHeaderException h = assertInstanceOf(InvalidHeaderException.class, e);
            assertEquals("typ", h.parameter());
        }
        // Refused before the signature is looked at, as an alg off the allow-list is.
        assertInstanceOf(InvalidHeaderException.class, assertThrows(JwtException.class,
                () -> typed.decode(TestTokens.hs("HS256", "{\"alg\":\"HS256\",\"typ\":\"JWT\"}", TestTokens.CLAIMS,
                        TestTokens.bytes(64, 99)))));
    }

    @Test
    void decodeJwtWithoutATypeGivesTheHeaderAndAMap() {
        JwtVerifier v = TestTokens.verifier();
        String token = TestTokens.hs256Header(HEADER, TestTokens.CLAIMS);
        byte[] bytes = token.getBytes(StandardCharsets.US_ASCII);
        byte[] padded = ("xx" + token + "yy").getBytes(StandardCharsets.US_ASCII);
        List<VerifiedJwt<Map<String, Object>>> jwts = List.of(v.decodeJwt(token), v.decodeJwt(padded, 2, bytes.length),
                v.decodeJwt(ByteBuffer.wrap(bytes)), v.decodeJwt(ByteBuffer.allocateDirect(bytes.length).put(bytes).flip()),
                v.decodeJwt(MemorySegment.ofArray(bytes)));
        for (VerifiedJwt<Map<String, Object>> jwt : jwts) {
            assertEquals("k1", jwt.header().keyId());
            Map<String, Object> claims = jwt.claims();
            assertEquals("alice", claims.get("sub"));
            assertEquals(v.decode(token), claims);
            claims.put("mine", true); // the caller's own map
        }
    }
}
