package io.lcjwt;

import io.lcjwt.testkit.LoopbackServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A key rotated out of a JWKS is freed, native memory included, once the verifier has moved on:
 * nothing a verifier keeps for speed (its header cache) holds it after the set that replaced it
 * has served a token. Found by the Spring soak, where the native count rose by one key and its
 * pooled contexts after a rotation.
 */
class RotatedKeysFreedTest {

    @Test
    void aKeyDroppedFromTheSetIsFreedAfterTheNextSetServesAToken() throws Exception {
        AtomicReference<String> published = new AtomicReference<>();
        try (LoopbackServer idp = LoopbackServer.start()) {
            URI uri = idp.serve("/jwks", published::get);
            String k1Token;
            String k2Token;
            try (JwtPrivateKey k1 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k1");
                 JwtPrivateKey k2 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k2")) {
                k1Token = JwtSigner.builder(k1).algorithm(Algorithm.ES256).build().sign(Map.of("sub", "alice", "exp", 4102444800L));
                k2Token = JwtSigner.builder(k2).algorithm(Algorithm.ES256).build().sign(Map.of("sub", "bob", "exp", 4102444800L));
                published.set(JwkSet.of(k1).toJson());
                long before = settledKeys();
                try (JwksClient client = JwksClient.builder(uri).build()) {
                    JwtVerifier verifier = JwtVerifier.builder(client).algorithms(Algorithm.ES256).build();
                    for (int i = 0; i < 3; i++) {
                        assertEquals("alice", verifier.decode(k1Token).get("sub"));
                    }
                    assertEquals(before + 1, settledKeys(), "the fetched set holds k1's public key");

                    published.set(JwkSet.of(k2).toJson());
                    client.refresh();
                    assertEquals("bob", verifier.decode(k2Token).get("sub"));
                    assertThrows(UnknownKeyException.class, () -> verifier.decode(k1Token));
                    assertEquals(before + 1, settledKeys(),
                            "k1's public key was dropped from the set but is still alive after a GC");
                }
            }
        }
    }

    /** Live native keys once collection and the Cleaners have settled (other tests' keys too). */
    private static long settledKeys() throws InterruptedException {
        long last = -1;
        for (int stable = 0, round = 0; stable < 3 && round < 200; round++) {
            System.gc();
            Thread.sleep(20);
            long now = LibCrypto.liveNativeObjects().keys();
            stable = now == last ? stable + 1 : 0;
            last = now;
        }
        return last;
    }
}
