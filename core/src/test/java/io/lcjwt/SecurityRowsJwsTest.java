package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

import static io.lcjwt.TestTokens.KEY;
import static io.lcjwt.TestTokens.b64;
import static io.lcjwt.TestTokens.mac;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rows 24-26 of docs/security.md: the JWS forms beyond compact (RFC 7797 unencoded payloads,
 * the JSON serialization, detached content). Every crafted JWS is signed by the JDK's
 * {@code Mac} with the verifier's key, so each refusal is for the reason the row names and not
 * for a bad signature.
 */
class SecurityRowsJwsTest {

    static final byte[] BODY = "{\"amount\":\"10.00\",\"to\":\"GB33BUKB20201555555555\"}".getBytes(StandardCharsets.UTF_8);
    static final JwtVerifier UNENCODED = JwtVerifier.builder(JwtSecretKey.of(KEY).withKeyId("k1"))
            .algorithms(Algorithm.HS256).allowUnencodedPayload().build();
    static final JwtVerifier PLAIN = JwtVerifier.builder(JwtSecretKey.of(KEY).withKeyId("k1"))
            .algorithms(Algorithm.HS256).build();

    /** {@code header..signature} over {@code b64(header) '.' payload}, the payload unencoded. */
    static String detachedRaw(String headerJson, byte[] payload) {
        String head = b64(headerJson) + ".";
        String input = head + new String(payload, StandardCharsets.ISO_8859_1);
        return head + "." + b64(mac("HmacSHA256", KEY, input));
    }

    /** A flattened JWS JSON serialization, HS256 by the JDK over protected '.' payloadPart. */
    static String flattened(String protectedJson, String unprotectedJson, String payloadMember, String payloadPart) {
        String p = b64(protectedJson);
        String sig = b64(mac("HmacSHA256", KEY, p + "." + payloadPart));
        return "{" + (payloadMember == null ? "" : "\"payload\":" + payloadMember + ",")
                + "\"protected\":\"" + p + "\","
                + (unprotectedJson == null ? "" : "\"header\":" + unprotectedJson + ",")
                + "\"signature\":\"" + sig + "\"}";
    }

    static String sigEntry(String protectedJson, String unprotectedJson, String payloadPart, byte[] key) {
        String p = b64(protectedJson);
        return "{\"protected\":\"" + p + "\"," + (unprotectedJson == null ? "" : "\"header\":" + unprotectedJson + ",")
                + "\"signature\":\"" + b64(mac("HmacSHA256", key, p + "." + payloadPart)) + "\"}";
    }

    static <T extends JwtException> T rejects(Class<T> type, Supplier<?> call) {
        JwtException e = assertThrows(JwtException.class, call::get);
        assertInstanceOf(type, e, () -> "expected " + type.getSimpleName() + " but got " + e);
        assertFalse(e.getMessage().isBlank());
        assertFalse(e.getMessage().contains(b64(KEY)), "message must not leak the secret");
        return type.cast(e);
    }

    @Test
    void wellFormedUnencodedAndJsonFormsAreAccepted() {
        String good = "{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":false,\"crit\":[\"b64\"]}";
        assertEquals("k1", UNENCODED.verifyDetached(detachedRaw(good, BODY), BODY).keyId());
        String flat = flattened("{\"alg\":\"HS256\",\"kid\":\"k1\"}", null, "\"" + b64(BODY) + "\"", b64(BODY));
        assertArrayEquals(BODY, PLAIN.verifyJson(flat).payload());
    }

    // Row 24
    @Test
    void row24_b64FalseNeedsCritProtectedAndBoolean() {
        // b64: false without "crit":["b64"] (RFC 7797 section 6)
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyDetached(
                detachedRaw("{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":false}", BODY), BODY));
        // b64 not a boolean
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyDetached(
                detachedRaw("{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":\"false\",\"crit\":[\"b64\"]}", BODY), BODY));
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyDetached(
                detachedRaw("{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":0,\"crit\":[\"b64\"]}", BODY), BODY));
        // b64 in an unprotected header, alone or beside a protected one
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyJson(flattened("{\"alg\":\"HS256\",\"kid\":\"k1\"}",
                "{\"b64\":false}", null, new String(BODY, StandardCharsets.ISO_8859_1)), BODY));
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyJson(flattened(
                "{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":false,\"crit\":[\"b64\"]}", "{\"b64\":false}", null,
                new String(BODY, StandardCharsets.ISO_8859_1)), BODY));
        // crit in an unprotected header
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyJson(flattened(
                "{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":false}", "{\"crit\":[\"b64\"]}", null,
                new String(BODY, StandardCharsets.ISO_8859_1)), BODY));
        // an unknown crit entry beside b64, and crit naming a member the header lacks
        rejects(UnsupportedJwtException.class, () -> UNENCODED.verifyDetached(detachedRaw(
                "{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":false,\"x\":1,\"crit\":[\"b64\",\"x\"]}", BODY), BODY));
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyDetached(detachedRaw(
                "{\"alg\":\"HS256\",\"kid\":\"k1\",\"crit\":[\"b64\"]}", BODY), BODY));
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyDetached(detachedRaw(
                "{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":false,\"crit\":[\"b64\",\"b64\"]}", BODY), BODY));
        // a verifier that did not opt in refuses even a well-formed one, naming the opt-in
        UnsupportedJwtException off = rejects(UnsupportedJwtException.class, () -> PLAIN.verifyDetached(
                detachedRaw("{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":false,\"crit\":[\"b64\"]}", BODY), BODY));
        assertTrue(off.getMessage().contains("allowUnencodedPayload()"), off.getMessage());
        // the compact form with the unencoded payload between the dots must hold no '.'
        String head = b64("{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":false,\"crit\":[\"b64\"]}") + ".";
        String dotted = "a.b";
        String compact = head + dotted + "." + b64(mac("HmacSHA256", KEY, head + dotted));
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyContent(compact));
        String clean = "ab";
        String ok = head + clean + "." + b64(mac("HmacSHA256", KEY, head + clean));
        assertEquals("ab", new String(UNENCODED.verifyContent(ok), StandardCharsets.US_ASCII));
        // a JWT must not use an unencoded payload (RFC 7797 section 7): the claims methods refuse it
        String claims = "{\"sub\":\"alice\",\"exp\":4102444800}";
        String jwt = head + claims + "." + b64(mac("HmacSHA256", KEY, head + claims));
        assertEquals(claims, new String(UNENCODED.verifyContent(jwt), StandardCharsets.US_ASCII));
        rejects(UnsupportedJwtException.class, () -> UNENCODED.decode(jwt));
        rejects(UnsupportedJwtException.class, () -> UNENCODED.decodeJwt(jwt));
        assertThrows(IllegalStateException.class, () -> JwtSigner.builder(JwtSecretKey.of(KEY)).algorithm(Algorithm.HS256)
                .unencodedPayload().build().sign(java.util.Map.of("sub", "alice")));
    }

    // Row 25
    @Test
    void row25_jsonSerializationRefusals() {
        String payload = "\"" + b64(BODY) + "\"";
        // a member in both the protected and the unprotected header
        rejects(MalformedJwtException.class, () -> PLAIN.verifyJson(
                flattened("{\"alg\":\"HS256\",\"kid\":\"k1\"}", "{\"kid\":\"k1\"}", payload, b64(BODY))));
        // alg only in the unprotected header, and no protected header at all
        String sig = b64(mac("HmacSHA256", KEY, "." + b64(BODY)));
        String algUnprotected = "{\"payload\":" + payload + ",\"header\":{\"alg\":\"HS256\",\"kid\":\"k1\"},\"signature\":\"" + sig + "\"}";
        rejects(UnsupportedJwtException.class, () -> PLAIN.verifyJson(algUnprotected));
        rejects(UnsupportedJwtException.class, () -> PLAIN.verifyJsonAnySignature(algUnprotected));
        // an empty signatures array
        rejects(MalformedJwtException.class, () -> PLAIN.verifyJson("{\"payload\":" + payload + ",\"signatures\":[]}"));
        rejects(MalformedJwtException.class, () -> PLAIN.verifyJsonAnySignature("{\"payload\":" + payload + ",\"signatures\":[]}"));
        // a signature by an unknown key under "all must verify"; "any" accepts the good one
        String good = sigEntry("{\"alg\":\"HS256\",\"kid\":\"k1\"}", null, b64(BODY), KEY);
        String stranger = sigEntry("{\"alg\":\"HS256\",\"kid\":\"k2\"}", null, b64(BODY), TestTokens.bytes(64, 99));
        String two = "{\"payload\":" + payload + ",\"signatures\":[" + good + "," + stranger + "]}";
        rejects(UnknownKeyException.class, () -> PLAIN.verifyJson(two));
        assertEquals(1, PLAIN.verifyJsonAnySignature(two).headers().size());
        // a bad signature beside a good one: refused under "all"
        String forged = sigEntry("{\"alg\":\"HS256\",\"kid\":\"k1\"}", null, b64(BODY), TestTokens.bytes(64, 98));
        rejects(BadSignatureException.class, () -> PLAIN.verifyJson(
                "{\"payload\":" + payload + ",\"signatures\":[" + good + "," + forged + "]}"));
        // general and flattened mixed; a duplicate member in the JSON; more than 16 signatures
        rejects(MalformedJwtException.class, () -> PLAIN.verifyJson(
                "{\"payload\":" + payload + ",\"signatures\":[" + good + "],\"signature\":\"AA\"}"));
        rejects(MalformedJwtException.class, () -> PLAIN.verifyJson(
                "{\"payload\":" + payload + ",\"payload\":" + payload + ",\"signatures\":[" + good + "]}"));
        rejects(MalformedJwtException.class, () -> PLAIN.verifyJson("{\"payload\":" + payload + ",\"signatures\":["
                + String.join(",", java.util.Collections.nCopies(17, good)) + "]}"));
        // signatures disagreeing on b64
        String raw = sigEntry("{\"alg\":\"HS256\",\"kid\":\"k1\",\"b64\":false,\"crit\":[\"b64\"]}", null, "x", KEY);
        rejects(MalformedJwtException.class, () -> UNENCODED.verifyJson(
                "{\"payload\":" + payload + ",\"signatures\":[" + good + "," + raw + "]}"));
    }

    // Row 26
    @Test
    void row26_compactAndJsonApisRefuseEachOther() {
        String flat = flattened("{\"alg\":\"HS256\",\"kid\":\"k1\"}", null, "\"" + b64(BODY) + "\"", b64(BODY));
        for (Supplier<?> call : java.util.List.<Supplier<?>>of(() -> PLAIN.decode(flat), () -> PLAIN.verifyContent(flat),
                () -> PLAIN.decodeJwt(flat), () -> PLAIN.verifyDetached(flat, BODY))) {
            MalformedJwtException e = rejects(MalformedJwtException.class, call);
            assertTrue(e.getMessage().contains("verifyJson"), e.getMessage());
        }
        String compact = JwtSigner.builder(JwtSecretKey.of(KEY).withKeyId("k1")).algorithm(Algorithm.HS256).build()
                .signContent(BODY);
        for (Supplier<?> call : java.util.List.<Supplier<?>>of(() -> PLAIN.verifyJson(compact),
                () -> PLAIN.verifyJsonAnySignature(compact), () -> PLAIN.verifyJson(compact, BODY))) {
            MalformedJwtException e = rejects(MalformedJwtException.class, call);
            assertTrue(e.getMessage().contains("verifyContent") && e.getMessage().contains("verifyDetached"), e.getMessage());
        }
        // a detached verification of a JWS that carries its payload, and the reverse
        MalformedJwtException attached = rejects(MalformedJwtException.class, () -> PLAIN.verifyDetached(compact, BODY));
        assertTrue(attached.getMessage().contains("verifyContent"), attached.getMessage());
        rejects(MalformedJwtException.class, () -> PLAIN.verifyJson(flat, BODY));
    }
}
