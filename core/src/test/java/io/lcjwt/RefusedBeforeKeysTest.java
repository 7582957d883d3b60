package io.lcjwt;

import io.lcjwt.testkit.LoopbackServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A token that is malformed, unsigned or off the allow-list is refused as such before a verifier
 * asks for keys: it gets a 401's exception, not the JWKS's 503, and costs the issuer no request.
 */
class RefusedBeforeKeysTest {

    private static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void badTokensNeverReachTheJwksUrl() {
        AtomicInteger requests = new AtomicInteger();
        try (LoopbackServer idp = LoopbackServer.start()) {
            URI jwks = idp.serve("/jwks", () -> {
                requests.incrementAndGet();
                return "{\"keys\":[]}";
            });
            try (JwksClient client = JwksClient.builder(jwks).build()) {
                JwtVerifier v = JwtVerifier.builder(client).algorithms(Algorithm.RS256).build();
                String claims = b64("{\"sub\":\"x\",\"exp\":4102444800}");
                List<String> none = List.of("xxx.yyy.zzz", b64("{\"alg\":\"none\"}") + "." + claims + ".c2ln",
                        b64("{\"alg\":\"HS256\"}") + "." + claims + ".c2ln", b64("{\"alg\":\"RS256\",\"crit\":[\"x\"],\"x\":1}") + "." + claims + ".c2ln");
                assertThrows(MalformedJwtException.class, () -> v.decode(none.get(0)));
                assertThrows(AlgorithmNotAllowedException.class, () -> v.decode(none.get(1)));
                assertThrows(AlgorithmNotAllowedException.class, () -> v.decode(none.get(2)));
                assertThrows(UnsupportedJwtException.class, () -> v.decode(none.get(3)));
                assertEquals(0, requests.get(), "no JWKS request for tokens refused by their header");
                // A well-formed RS256 token does ask for keys (and the issuer publishes none).
                assertThrows(JwtException.class, () -> v.decode(b64("{\"alg\":\"RS256\",\"kid\":\"k\"}")
                        + "." + claims + ".c2ln"));
                assertEquals(1, requests.get());
            }
        }
    }
}
