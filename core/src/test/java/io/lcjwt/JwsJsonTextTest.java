package io.lcjwt;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How a JWS JSON serialization's text reaches the signature check: ASCII in bulk, anything else
 * as strict UTF-8; plain string members a word at a time, and members with escapes, or a
 * document with whitespace, the general way. Each form must verify over exactly the bytes the
 * signer signed, and text that is not valid Unicode must be refused, whichever way it was read.
 * The signing inputs are built here by hand and MACed by the JDK, an independent implementation.
 */
class JwsJsonTextTest {

    static JwtSecretKey key;
    static JwtVerifier verifier;

    @BeforeAll
    static void keys() {
        key = JwtSecretKey.generate(Algorithm.HS256);
        verifier = JwtVerifier.builder(key).algorithms(Algorithm.HS256).allowUnencodedPayload().build();
    }

    @AfterAll
    static void close() {
        key.close();
    }

    static String b64(byte[] b) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    static String mac(String protectedB64, byte[] payloadPart) throws Exception {
        javax.crypto.Mac m = javax.crypto.Mac.getInstance("HmacSHA256");
        m.init(key.toJavaKey());
        m.update((protectedB64 + ".").getBytes(StandardCharsets.US_ASCII));
        return b64(m.doFinal(payloadPart));
    }

    static final String UNENCODED = b64("{\"alg\":\"HS256\",\"b64\":false,\"crit\":[\"b64\"]}".getBytes(StandardCharsets.UTF_8));
    static final String ENCODED = b64("{\"alg\":\"HS256\"}".getBytes(StandardCharsets.UTF_8));

    @Test
    void anUnencodedNonAsciiPayloadVerifiesOverItsUtf8Bytes() throws Exception {
        byte[] payload = "prix: 12 €, Grüße".getBytes(StandardCharsets.UTF_8);
        String json = "{\"payload\":\"prix: 12 €, Grüße\",\"protected\":\"" + UNENCODED + "\",\"signature\":\""
                + mac(UNENCODED, payload) + "\"}";
        assertArrayEquals(payload, verifier.verifyJson(json).payload());
        assertArrayEquals(payload, verifier.verifyJson(new StringBuilder(json)).payload(), "a CharSequence that is not a String");
    }

    @Test
    void anUnencodedPayloadWrittenWithEscapesVerifiesOverTheTextItStandsFor() throws Exception {
        byte[] payload = "a \"quoted\" €".getBytes(StandardCharsets.UTF_8);
        String json = "{\"payload\":\"a \\\"quoted\\\" \\u20ac\",\"protected\":\"" + UNENCODED + "\",\"signature\":\""
                + mac(UNENCODED, payload) + "\"}";
        assertArrayEquals(payload, verifier.verifyJson(json).payload());
    }

    @Test
    void aDocumentWithWhitespaceVerifiesLikeACompactOne() throws Exception {
        byte[] payload = "{\"sub\":\"alice\"}".getBytes(StandardCharsets.UTF_8);
        String sig = mac(ENCODED, b64(payload).getBytes(StandardCharsets.US_ASCII));
        String json = "{\n  \"payload\" : \"" + b64(payload) + "\",\n  \"protected\":\t\"" + ENCODED
                + "\",\r\n  \"signature\" :\"" + sig + "\"\n}\n";
        assertArrayEquals(payload, verifier.verifyJson(json).payload());
    }

    @Test
    void anAttachedPayloadSignedWithAnotherKeyIsRefused() throws Exception {
        byte[] payload = "{\"sub\":\"alice\"}".getBytes(StandardCharsets.UTF_8);
        String good = mac(ENCODED, b64(payload).getBytes(StandardCharsets.US_ASCII));
        String json = "{\"payload\":\"" + b64(payload) + "\",\"protected\":\"" + ENCODED + "\",\"signature\":\"%s\"}";
        assertArrayEquals(payload, verifier.verifyJson(json.formatted(good)).payload());
        byte[] other = Base64.getUrlDecoder().decode(good);
        other[0] ^= 1;
        BadSignatureException e = assertThrows(BadSignatureException.class,
                () -> verifier.verifyJson(json.formatted(b64(other))));
        assertTrue(e.getMessage().contains("HS256 signature does not match"), e.getMessage());
    }

    @Test
    void aLoneSurrogateIsRefusedAsNotUnicode() throws Exception {
        byte[] payload = "x".getBytes(StandardCharsets.UTF_8);
        String json = "{\"payload\":\"x\",\"protected\":\"" + UNENCODED + "\",\"signature\":\"" + mac(UNENCODED, payload)
                + "\",\"note\":\"\uD800\"}";
        MalformedJwtException e = assertThrows(MalformedJwtException.class, () -> verifier.verifyJson(json));
        assertEquals("The JWS contains a lone surrogate; it is not valid Unicode text.", e.getMessage());
        assertThrows(MalformedJwtException.class, () -> verifier.verifyJson(new StringBuilder(json)));
    }

    @Test
    void anEncodedPayloadWrittenWithEscapesIsNotStrictBase64url() throws Exception {
        byte[] payload = "{\"sub\":\"alice\"}".getBytes(StandardCharsets.UTF_8);
        String text = b64(payload);
        String sig = mac(ENCODED, text.getBytes(StandardCharsets.US_ASCII));
        // "\u0065" is 'e': the same JSON string, but a JWS member is base64url text as written.
        String json = "{\"payload\":\"\\u00" + Integer.toHexString(text.charAt(0)) + text.substring(1)
                + "\",\"protected\":\"" + ENCODED + "\",\"signature\":\"" + sig + "\"}";
        MalformedJwtException e = assertThrows(MalformedJwtException.class, () -> verifier.verifyJson(json));
        assertTrue(e.getMessage().contains("not strict base64url"), e.getMessage());
    }

    @Test
    void anUnencodedPayloadIsCheckedAsJsonTextThoughItsEndIsFoundByItsQuoteAlone() throws Exception {
        byte[] payload = "a\u0001b".getBytes(StandardCharsets.UTF_8);
        String raw = "{\"payload\":\"a\u0001b\",\"protected\":\"" + UNENCODED + "\",\"signature\":\""
                + mac(UNENCODED, payload) + "\"}";
        MalformedJwtException e = assertThrows(MalformedJwtException.class, () -> verifier.verifyJson(raw));
        assertTrue(e.getMessage().contains("control character"), e.getMessage());
        String escapedEnd = "{\"payload\":\"x\\\\\",\"protected\":\"" + UNENCODED + "\",\"signature\":\""
                + mac(UNENCODED, "x\\".getBytes(StandardCharsets.UTF_8)) + "\"}";
        assertArrayEquals("x\\".getBytes(StandardCharsets.UTF_8), verifier.verifyJson(escapedEnd).payload(),
                "a payload ending in an escaped backslash is read the general way");
    }

    @Test
    void aBase64urlMemberWithAControlCharacterIsNotBase64url() throws Exception {
        byte[] payload = "{}".getBytes(StandardCharsets.UTF_8);
        String sig = mac(ENCODED, b64(payload).getBytes(StandardCharsets.US_ASCII));
        String json = "{\"payload\":\"" + b64(payload) + "\u0001\",\"protected\":\"" + ENCODED
                + "\",\"signature\":\"" + sig + "\"}";
        MalformedJwtException e = assertThrows(MalformedJwtException.class, () -> verifier.verifyJson(json));
        assertTrue(e.getMessage().contains("not strict base64url"), e.getMessage());
        String badSig = "{\"payload\":\"" + b64(payload) + "\",\"protected\":\"" + ENCODED
                + "\",\"signature\":\"" + sig + "\t\"}";
        e = assertThrows(MalformedJwtException.class, () -> verifier.verifyJson(badSig));
        assertTrue(e.getMessage().contains("not strict base64url"), e.getMessage());
    }
}
