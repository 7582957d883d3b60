package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static io.lcjwt.RfcAsymmetricVectorsTest.fixture;
import static io.lcjwt.RfcAsymmetricVectorsTest.json;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Unverified#jws}: a JWS read without verifying, in each form, against the RFC 7515 and
 * RFC 7797 examples (their payloads and headers are known), and the refusals a verifier would
 * make of the same text before any signature.
 */
class UnverifiedJwsTest {

    @Test
    void rfc7515GeneralFormGivesBothSignaturesHeadersAndThePayload() throws Exception {
        Map<String, Object> f = fixture("rfc7515-a6.json");
        UnverifiedJws jws = Unverified.jws(json(f.get("jws")));
        assertArrayEquals(((String) f.get("payload")).getBytes(StandardCharsets.UTF_8), jws.payload());
        assertEquals(List.of(Algorithm.RS256, Algorithm.ES256), jws.headers().stream().map(JwtHeader::algorithm).toList());
        assertEquals(List.of(Map.of("kid", "2010-12-29"), Map.of("kid", "e9bc097a-ce51-4036-9562-d2ade882db0d")),
                jws.unprotectedHeaders());
        assertNull(jws.headers().get(0).keyId(), "an unprotected kid passed for a protected one");
        assertThrows(UnsupportedOperationException.class, () -> jws.unprotectedHeaders().get(0).put("kid", "x"));
        jws.payload()[0] = 'X';
        assertEquals('{', jws.payload()[0], "the payload given out is a copy");
    }

    @Test
    void rfc7515FlattenedForm() throws Exception {
        Map<String, Object> f = fixture("rfc7515-a7.json");
        UnverifiedJws jws = Unverified.jws(json(f.get("jws")));
        assertArrayEquals(((String) f.get("payload")).getBytes(StandardCharsets.UTF_8), jws.payload());
        assertEquals(Algorithm.ES256, jws.headers().get(0).algorithm());
        assertEquals(1, jws.headers().size());
        assertEquals("e9bc097a-ce51-4036-9562-d2ade882db0d", jws.unprotectedHeaders().get(0).get("kid"));
    }

    @Test
    void rfc7797UnencodedPayloadIsGivenAsWritten() throws Exception {
        Map<String, Object> f = fixture("rfc7797-4.json");
        @SuppressWarnings("unchecked")
        Map<String, Object> u = (Map<String, Object>) f.get("unencoded");
        String text = json(Map.of("protected", u.get("protected"), "payload", f.get("payload"), "signature", u.get("signature")));
        UnverifiedJws jws = Unverified.jws(text);
        assertArrayEquals("$.02".getBytes(StandardCharsets.US_ASCII), jws.payload());
        assertEquals(Boolean.FALSE, jws.headers().get(0).get("b64"));

        @SuppressWarnings("unchecked")
        Map<String, Object> e = (Map<String, Object>) f.get("encoded");
        assertArrayEquals("$.02".getBytes(StandardCharsets.US_ASCII), Unverified.jws((String) e.get("compact")).payload());
        UnverifiedJws detached = Unverified.jws(json(Map.of("protected", u.get("protected"), "signature", u.get("signature"))));
        assertNull(detached.payload());
        assertTrue(detached.toString().contains("detached"), detached.toString());
    }

    @Test
    void aCompactTokenGivesItsHeaderAndItsClaimsBytes() {
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.bytes(32, 9)).withKeyId("k9")) {
            String token = JwtSigner.builder(key).algorithm(Algorithm.HS256).build().sign(Map.of("sub", "ann"));
            UnverifiedJws jws = Unverified.jws(token);
            assertEquals(Algorithm.HS256, jws.headers().get(0).algorithm());
            assertEquals("k9", jws.headers().get(0).keyId());
            assertEquals(List.of(Map.of()), jws.unprotectedHeaders());
            assertEquals("{\"sub\":\"ann\"}", new String(jws.payload(), StandardCharsets.UTF_8));
            assertEquals(Unverified.claims(token), Map.of("sub", "ann"));
        }
    }

    @Test
    void whatAVerifierRefusesBeforeTheSignatureIsRefused() {
        String hs = TestTokens.b64("{\"alg\":\"HS256\"}");
        String payload = TestTokens.b64("{}");
        assertThrows(MalformedJwtException.class, () -> Unverified.jws(null));
        MalformedJwtException neither = assertThrows(MalformedJwtException.class, () -> Unverified.jws("not a jws"));
        assertTrue(neither.getMessage().contains("two dots"), neither.getMessage());
        assertThrows(MalformedJwtException.class, () -> Unverified.jws(hs + "." + payload + ".sig.extra"));
        assertThrows(MalformedJwtException.class, () -> Unverified.jws(hs + ".e30=.sig"), "padding in the payload");
        assertThrows(MalformedJwtException.class, () -> Unverified.jws("x".repeat(65_537)));
        assertThrows(JwtException.class, () -> Unverified.jws(TestTokens.b64("{\"alg\":\"none\"}") + "." + payload + "."));
        assertThrows(JwtException.class, () -> Unverified.jws(TestTokens.b64("{\"alg\":\"HS256\",\"crit\":[\"exp\"]}")
                + "." + payload + ".c2ln"));

        UnsupportedJwtException unprotectedAlg = assertThrows(UnsupportedJwtException.class, () -> Unverified.jws(
                json(Map.of("payload", payload, "protected", hs, "header", Map.of("alg", "HS256"), "signature", "c2ln"))));
        assertTrue(unprotectedAlg.getMessage().contains("unprotected"), unprotectedAlg.getMessage());
        MalformedJwtException both = assertThrows(MalformedJwtException.class, () -> Unverified.jws(json(Map.of(
                "payload", payload, "protected", TestTokens.b64("{\"alg\":\"HS256\",\"kid\":\"a\"}"),
                "header", Map.of("kid", "b"), "signature", "c2ln"))));
        assertTrue(both.getMessage().contains("\"kid\" is in both"), both.getMessage());
        assertThrows(MalformedJwtException.class, () -> Unverified.jws(json(Map.of("payload", payload,
                "signatures", List.of()))), "no signature at all");
        assertThrows(MalformedJwtException.class, () -> Unverified.jws("{\"payload\":\"" + payload
                + "\",\"protected\":\"" + hs + "\",\"signature\":\"c2ln\",\"payload\":\"e30\"}"), "a duplicate member");
    }
}
