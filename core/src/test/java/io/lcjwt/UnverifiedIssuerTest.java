package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Unverified#issuer}: routing by {@code iss} without building the claims. */
class UnverifiedIssuerTest {

    static String token(String payloadJson) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString("{\"alg\":\"HS256\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(payloadJson.getBytes(StandardCharsets.UTF_8)) + ".c2ln";
    }

    @Test
    void readsIssWhereverItStandsAndSkipsTheRest() {
        assertEquals("https://a.example", Unverified.issuer(token("{\"iss\":\"https://a.example\"}")));
        assertEquals("https://b.example", Unverified.issuer(token(
                "{\"sub\":\"x\",\"aud\":[\"a\",{\"n\":[1,2.5,null,true]}],\"exp\":1e3,\"iss\":\"https://b.example\",\"z\":{}}")));
        // an escaped name is the same name, and an escaped value is decoded
        assertEquals("https://c.example/é", Unverified.issuer(token("{\"\\u0069ss\":\"https://c.example/\\u00e9\"}")));
        assertEquals("https://d.example", Unverified.issuer(token(" { \"issx\" : 1 , \"iss\" : \"https://d.example\" } ")));
        assertNull(Unverified.issuer(token("{\"sub\":\"x\"}")));
    }

    @Test
    void refusesWhatAVerifierWouldRefuse() {
        MalformedJwtException notString = assertThrows(MalformedJwtException.class,
                () -> Unverified.issuer(token("{\"iss\":42}")));
        assertTrue(notString.getMessage().contains("\"iss\""), notString.getMessage());
        MalformedJwtException dup = assertThrows(MalformedJwtException.class,
                () -> Unverified.issuer(token("{\"iss\":\"https://a.example\",\"iss\":\"https://evil.example\"}")));
        assertTrue(dup.getMessage().toLowerCase(java.util.Locale.ROOT).contains("duplicate"), dup.getMessage());
        assertThrows(MalformedJwtException.class, () -> Unverified.issuer(token("{\"iss\":\"a\"} x")));
        assertThrows(MalformedJwtException.class, () -> Unverified.issuer(token("[\"iss\"]")));
        assertThrows(MalformedJwtException.class, () -> Unverified.issuer(token("{\"iss\":\"a\",\"x\":[1,}")));
        assertThrows(MalformedJwtException.class, () -> Unverified.issuer("a.b"));
        assertThrows(MalformedJwtException.class, () -> Unverified.issuer(null));
        assertThrows(MalformedJwtException.class, () -> Unverified.issuer("x".repeat(70_000)));
    }
}
