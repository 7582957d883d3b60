package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #19.7: {@code of(bytes).withKeyId(kid)} and its asymmetric twins give a key its kid without
 * a second native key; the two share one, and closing either closes both.
 */
class WithKeyIdTest {

    @Test
    void secretKeyWithKeyIdSharesTheAbsorbedContexts() {
        JwtSecretKey plain = JwtSecretKey.of(TestTokens.bytes(64, 3));
        JwtSigner.builder(plain).algorithm(Algorithm.HS256).build().sign(Map.of("sub", "a")); // absorbs the key once
        long contexts = LibCrypto.liveNativeObjects().hmacContexts();
        JwtSecretKey k1 = plain.withKeyId("k1");
        String token = JwtSigner.builder(k1).algorithm(Algorithm.HS256).build().sign(Map.of("sub", "a"));
        assertEquals(contexts, LibCrypto.liveNativeObjects().hmacContexts(), "withKeyId absorbed the secret again");
        assertEquals("k1", k1.keyId());
        assertEquals(plain.thumbprint(), k1.thumbprint());
        String header = new String(java.util.Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))),
                java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(header.contains("\"kid\":\"k1\""), header);

        k1.close();
        assertTrue(plain.toString().contains("closed"), "closing the kid key closes the key it shares with");
        assertThrows(IllegalStateException.class, () -> JwtVerifier.builder(plain).algorithms(Algorithm.HS256).build());
        assertEquals(contexts - 1, LibCrypto.liveNativeObjects().hmacContexts(), "closing freed the shared context");
        assertThrows(IllegalStateException.class, () -> plain.withKeyId("k2"));
        plain.close(); // idempotent across sharers
    }

    @Test
    void asymmetricKeysWithKeyIdShareOneNativeKey() {
        long before = LibCrypto.liveNativeObjects().keys();
        JwtPrivateKey priv = JwtPrivateKey.generate(Algorithm.ES256);
        JwtPublicKey pub = priv.publicKey();
        assertEquals(before + 1, LibCrypto.liveNativeObjects().keys(), "a public key's native key is made at its first use");
        JwtPrivateKey privK1 = priv.withKeyId("k1");
        JwtPublicKey pubK1 = pub.withKeyId("k1");
        assertEquals(before + 1, LibCrypto.liveNativeObjects().keys(), "withKeyId parsed a key again");

        String token = JwtSigner.builder(privK1).algorithm(Algorithm.ES256).build().sign(Map.of("sub", "a", "exp", TestTokens.NOW + 60));
        assertEquals("a", JwtVerifier.builder(pubK1).algorithms(Algorithm.ES256).clock(TestTokens.CLOCK).build().decode(token).get("sub"));
        assertEquals(before + 2, LibCrypto.liveNativeObjects().keys(), "the decode made the public key's native key");
        assertEquals("a", JwtVerifier.builder(pub).algorithms(Algorithm.ES256).clock(TestTokens.CLOCK).build().decode(token).get("sub"));
        assertEquals(before + 2, LibCrypto.liveNativeObjects().keys(), "the key without a kid uses the one its sharer made");
        assertEquals("k1", privK1.publicKey().keyId()); // another public key, never used: no native key
        assertEquals(priv.thumbprint(), privK1.thumbprint());

        priv.close();
        pubK1.close();
        assertEquals(before, LibCrypto.liveNativeObjects().keys(), "closing one of the sharers freed the native key");
        assertThrows(IllegalStateException.class, () -> JwtSigner.builder(privK1).algorithm(Algorithm.ES256).build());
        assertThrows(IllegalStateException.class, () -> JwtVerifier.builder(pub).algorithms(Algorithm.ES256).build());
        assertThrows(IllegalArgumentException.class, () -> pub.withKeyId(""));
    }

    @Test
    void aKeyIdIsNonEmptyAndTheMessageNamesIt() {
        try (JwtSecretKey k = JwtSecretKey.of(TestTokens.KEY)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> k.withKeyId(""));
            assertTrue(e.getMessage().contains("kid"), e.getMessage());
            NullPointerException npe = assertThrows(NullPointerException.class, () -> k.withKeyId(null));
            assertEquals("kid", npe.getMessage());
        }
    }
}
