package io.lcjwt;

import io.lcjwt.testkit.JcaDpop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static io.lcjwt.testkit.JcaDpop.claims;
import static io.lcjwt.testkit.JcaDpop.header;
import static io.lcjwt.testkit.JcaDpop.sign;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RFC 9449 section 4.3, check by check: proofs made by the JDK, each row one way a proof can be
 * wrong, and the refusal it must meet (a {@link DpopException} with {@code invalid_dpop_proof}
 * and a message that says which check failed).
 */
class Rfc9449ProofCheckTest {
    static final long NOW = 1_700_000_000L;
    static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC);
    static final String URL = "https://api.example/orders";
    static final URI TARGET = URI.create(URL + "?page=2");
    static final String TOKEN = "an.access-token.value";
    static final String ATH = "\"ath\":\"" + JcaDpop.ath(TOKEN) + "\"";
    static final JcaDpop.Key KEY = JcaDpop.ec();
    static final JcaDpop.Key OTHER = JcaDpop.ec();
    static int jti;

    static DpopVerifier verifier() {
        return DpopVerifier.builder().algorithms(Algorithm.ES256, Algorithm.RS256, Algorithm.PS256, Algorithm.EdDSA)
                .clock(CLOCK).build();
    }

    /** A proof of {@code KEY} for GET on the target, now, with a fresh jti, the ath and {@code extra}. */
    static String good(String extra) {
        return sign(KEY, header(KEY), claims("GET", URL, NOW, "j" + jti++, ATH + (extra.isEmpty() ? "" : "," + extra)));
    }

    record Row(String name, Supplier<List<String>> proofs, String jkt, String refusal) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Row ok(String name, Supplier<String> proof) {
        return new Row(name, () -> List.of(proof.get()), KEY.thumbprint(), null);
    }

    static Row refused(String name, Supplier<String> proof, String refusal) {
        return new Row(name, () -> List.of(proof.get()), KEY.thumbprint(), refusal);
    }

    static Stream<Row> rows() {
        String b64Header = JcaDpop.b64(header(KEY));
        return Stream.of(
                ok("valid ES256 proof", () -> good("")),
                ok("htu with another spelling of the same URI (RFC 3986 normalization)",
                        () -> sign(KEY, header(KEY), claims("GET", "HTTPS://API.Example:443/x/../%6Frders", NOW,
                                "n" + jti++, ATH))),
                ok("htu with a query and fragment, ignored", () -> sign(KEY, header(KEY),
                        claims("GET", URL + "?x=1#f", NOW, "q" + jti++, ATH))),
                ok("typ in another case, with application/", () -> sign(KEY,
                        header(KEY).replace("dpop+jwt", "application/DPoP+JWT"), claims("GET", URL, NOW, "t" + jti++, ATH))),
                ok("iat at the edge of the window, in the past", () -> sign(KEY, header(KEY),
                        claims("GET", URL, NOW - 60, "e" + jti++, ATH))),
                new Row("check 1: two proofs", () -> List.of(good(""), good("")), KEY.thumbprint(), "2 DPoP headers"),
                new Row("check 1: no proof", List::of, KEY.thumbprint(), "no DPoP header"),
                refused("check 2: not a JWT", () -> "not-a-proof", "compact JWS"),
                refused("check 2: unsigned (alg none)", () -> JcaDpop.b64("{\"typ\":\"dpop+jwt\",\"alg\":\"none\",\"jwk\":"
                        + KEY.jwk() + "}") + "." + JcaDpop.b64(claims("GET", URL, NOW, "x", ATH)) + ".", "none"),
                refused("check 4: typ JWT", () -> sign(KEY, header(KEY).replace("dpop+jwt", "JWT"),
                        claims("GET", URL, NOW, "y" + jti++, ATH)), "typ"),
                refused("check 4: no typ", () -> sign(KEY, header(KEY).replace("\"typ\":\"dpop+jwt\",", ""),
                        claims("GET", URL, NOW, "z" + jti++, ATH)), "typ"),
                refused("check 5: HS256 proof", () -> TestTokens.hs("HS256", "{\"typ\":\"dpop+jwt\",\"alg\":\"HS256\",\"jwk\":"
                        + KEY.jwk() + "}", claims("GET", URL, NOW, "h" + jti++, ATH), TestTokens.KEY), "HS256"),
                refused("check 5: ES384 not allowed", () -> sign(KEY, header(KEY).replace("ES256", "ES384"),
                        claims("GET", URL, NOW, "a" + jti++, ATH)), "ES384"),
                refused("check 6: signed by another key than its jwk", () -> sign(OTHER, header(KEY),
                        claims("GET", URL, NOW, "s" + jti++, ATH)), "signature"),
                refused("check 7: jwk with the private key", () -> sign(KEY, header(KEY).replace(KEY.jwk(),
                        KEY.privateJwk()), claims("GET", URL, NOW, "d" + jti++, ATH)), "\"d\""),
                refused("check 7: jwk is an oct key", () -> sign(KEY, header(KEY).replace(KEY.jwk(),
                        "{\"kty\":\"oct\",\"k\":\"" + JcaDpop.B64.encodeToString(TestTokens.KEY) + "\"}"),
                        claims("GET", URL, NOW, "o" + jti++, ATH)), "\"k\""),
                refused("check 7: no jwk", () -> sign(KEY, "{\"typ\":\"dpop+jwt\",\"alg\":\"ES256\"}",
                        claims("GET", URL, NOW, "w" + jti++, ATH)), "no \"jwk\""),
                refused("check 7: jwk of another kind than alg", () -> sign(KEY, header(KEY).replace("ES256", "RS256"),
                        claims("GET", URL, NOW, "r" + jti++, ATH)), "cannot verify"),
                refused("check 7: EC point off the curve", () -> sign(KEY, header(KEY).replace(KEY.jwk(),
                        offCurve(KEY.jwk())), claims("GET", URL, NOW, "p" + jti++, ATH)), "jwk"),
                refused("check 8: htm POST for a GET", () -> sign(KEY, header(KEY), claims("POST", URL, NOW, "m" + jti++,
                        ATH)), "htm"),
                refused("check 8: htm in lower case", () -> sign(KEY, header(KEY), claims("get", URL, NOW, "l" + jti++,
                        ATH)), "htm"),
                refused("check 9: htu of another path", () -> sign(KEY, header(KEY), claims("GET",
                        "https://api.example/admin", NOW, "u" + jti++, ATH)), "htu"),
                refused("check 9: htu of another host", () -> sign(KEY, header(KEY), claims("GET",
                        "https://evil.example/orders", NOW, "v" + jti++, ATH)), "htu"),
                refused("check 9: htu over http", () -> sign(KEY, header(KEY), claims("GET", "http://api.example/orders",
                        NOW, "g" + jti++, ATH)), "htu"),
                refused("check 9: htu not a string", () -> sign(KEY, header(KEY), "{\"jti\":\"n1\",\"htm\":\"GET\","
                        + "\"htu\":1,\"iat\":" + NOW + "," + ATH + "}"), "htu"),
                refused("check 11: iat 61 s ago", () -> sign(KEY, header(KEY), claims("GET", URL, NOW - 61, "i" + jti++,
                        ATH)), "iat"),
                refused("check 11: iat 61 s ahead", () -> sign(KEY, header(KEY), claims("GET", URL, NOW + 61, "f" + jti++,
                        ATH)), "future"),
                refused("check 11: no iat", () -> sign(KEY, header(KEY), "{\"jti\":\"n2\",\"htm\":\"GET\",\"htu\":\""
                        + URL + "\"," + ATH + "}"), "iat"),
                refused("check 11: iat a string", () -> sign(KEY, header(KEY), "{\"jti\":\"n3\",\"htm\":\"GET\",\"htu\":\""
                        + URL + "\",\"iat\":\"" + NOW + "\"," + ATH + "}"), "iat"),
                refused("check 10: no jti", () -> sign(KEY, header(KEY), "{\"htm\":\"GET\",\"htu\":\"" + URL
                        + "\",\"iat\":" + NOW + "," + ATH + "}"), "jti"),
                refused("check 10: a jti of 257 characters", () -> sign(KEY, header(KEY), claims("GET", URL, NOW,
                        "x".repeat(257), ATH)), "jti"),
                refused("check 12: no ath", () -> sign(KEY, header(KEY), claims("GET", URL, NOW, "b" + jti++, "")),
                        "\"ath\""),
                refused("check 12: ath of another token", () -> sign(KEY, header(KEY), claims("GET", URL, NOW,
                        "c" + jti++, "\"ath\":\"" + JcaDpop.ath("another.token") + "\"")), "ath"),
                new Row("check 12: key not the token's cnf.jkt", () -> List.of(good("")), OTHER.thumbprint(), "cnf.jkt"),
                new Row("check 12: token without cnf.jkt", () -> List.of(good("")), null, "cnf.jkt"),
                refused("a proof over the size cap", () -> sign(KEY, header(KEY), claims("GET", URL, NOW, "big" + jti++,
                        ATH + ",\"pad\":\"" + "p".repeat(9000) + "\"")), "cap"),
                refused("header segment not base64url", () -> "@" + b64Header.substring(1) + ".e30.AAAA", "base64url"));
    }

    /** The JWK with its y coordinate changed in the last byte: a point that is not on P-256. */
    static String offCurve(String jwk) {
        int y = jwk.indexOf("\"y\":\"") + 5;
        byte[] raw = java.util.Base64.getUrlDecoder().decode(jwk.substring(y, y + 43));
        raw[31] ^= 1;
        return jwk.substring(0, y) + JcaDpop.B64.encodeToString(raw) + jwk.substring(y + 43);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void section4_3(Row row) {
        DpopVerifier dpop = verifier();
        List<String> proofs = row.proofs().get();
        if (row.refusal() == null) {
            VerifiedDpopProof p = dpop.verify(proofs, "GET", TARGET, TOKEN, row.jkt());
            assertEquals(KEY.thumbprint(), p.thumbprint(), "the thumbprint is the JDK's RFC 7638 one");
            assertEquals("GET", p.claims().get("htm"));
            return;
        }
        DpopException e = assertThrows(DpopException.class, () -> dpop.verify(proofs, "GET", TARGET, TOKEN, row.jkt()));
        assertEquals(DpopException.INVALID_DPOP_PROOF, e.errorCode(), row.name());
        assertNull(e.nonce());
        assertTrue(e.getMessage().contains(row.refusal()), row.name() + ": " + e.getMessage());
        assertFalse(e.getMessage().contains(KEY.privateScalar()), "no private key in the message");
    }

    @Test
    void section11_1_aProofIsAcceptedOnceAndItsReplayIsRefused() {
        DpopVerifier dpop = verifier();
        String proof = good("");
        dpop.verify(List.of(proof), "GET", TARGET, TOKEN, KEY.thumbprint());
        DpopException e = assertThrows(DpopException.class,
                () -> dpop.verify(List.of(proof), "GET", TARGET, TOKEN, KEY.thumbprint()));
        assertTrue(e.getMessage().contains("used before"), e.getMessage());
        // The same jti from another key is another proof: the replay entry is per key.
        String fromOther = sign(OTHER, header(OTHER), claims("GET", URL, NOW, "shared", ATH));
        String fromKey = sign(KEY, header(KEY), claims("GET", URL, NOW, "shared", ATH));
        dpop.verify(List.of(fromKey), "GET", TARGET, TOKEN, KEY.thumbprint());
        dpop.verify(List.of(fromOther), "GET", TARGET, TOKEN, OTHER.thumbprint());
    }

    @Test
    void section11_1_aReplayInsideTheWindowIsRefusedAfterThousandsOfOtherProofs() {
        // Spring's own cache remembers the last 1,000 jtis; this store remembers every one for the window.
        MutableClock clock = new MutableClock(NOW * 1000);
        DpopReplayStore store = DpopReplayStore.inMemory(100_000);
        DpopVerifier dpop = DpopVerifier.builder().algorithms(Algorithm.ES256).clock(clock).replayStore(store).build();
        String first = good("");
        dpop.verify(List.of(first), "GET", TARGET, TOKEN, KEY.thumbprint());
        for (int i = 0; i < 5000; i++) { // the store sees what the verifier would ask it, 5,000 times
            assertTrue(store.firstUse(JcaDpop.B64.encodeToString(JcaDpop.sha256("other" + i)),
                    clock.instant(), clock.instant().plusSeconds(60)));
        }
        clock.millis += 59_000;
        assertThrows(DpopException.class, () -> dpop.verify(List.of(first), "GET", TARGET, TOKEN, KEY.thumbprint()));
    }

    @Test
    void theKeyKindsAProofMayUse() {
        DpopVerifier dpop = verifier();
        for (JcaDpop.Key k : List.of(JcaDpop.rsa("RS256"), JcaDpop.rsa("PS256"), JcaDpop.ed())) {
            String proof = sign(k, header(k), claims("GET", URL, NOW, "k" + jti++, ATH));
            assertEquals(k.thumbprint(), dpop.verify(List.of(proof), "GET", TARGET, TOKEN, k.thumbprint()).thumbprint(),
                    k.alg());
        }
    }

    @Test
    void aProofFromLcjwtsOwnSignerWithJwkHeaderVerifies() {
        try (JwtPrivateKey client = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("not-in-the-jwk")) {
            JwtSigner proofs = JwtSigner.builder(client).algorithm(Algorithm.ES256).type("dpop+jwt").jwkHeader().build();
            String proof = proofs.sign(Map.of("jti", "own-1", "htm", "GET", "htu", URL, "iat", NOW,
                    "ath", JcaDpop.ath(TOKEN)));
            VerifiedDpopProof p = verifier().verify(List.of(proof), "GET", TARGET, TOKEN, client.thumbprint());
            assertEquals(client.thumbprint(), p.thumbprint());
            assertEquals(java.util.Set.of("kty", "crv", "x", "y"), ((Map<?, ?>) p.header().get("jwk")).keySet(),
                    "public members only: no kid, no d");
        }
        assertThrows(IllegalStateException.class, () -> JwtSigner.builder(JwtSecretKey.of(TestTokens.KEY))
                .algorithm(Algorithm.HS256).jwkHeader().build(), "a secret is never published");
    }

    @Test
    void aFloodOfProofsWithFreshKeysLeavesNoNativeKeysBehind() throws Exception {
        // Every proof's jwk is imported into libcrypto before its signature is checked; the keys of
        // refused proofs, and of accepted ones the header cache has let go, must be freed.
        DpopVerifier dpop = verifier();
        long before = LibCrypto.liveNativeObjects().keys();
        for (int i = 0; i < 300; i++) {
            JcaDpop.Key fresh = JcaDpop.ec();
            String badSignature = sign(OTHER, header(fresh), claims("GET", URL, NOW, "f-" + i, ATH));
            String good = sign(fresh, header(fresh), claims("GET", URL, NOW, "g-" + i, ATH));
            assertThrows(DpopException.class, () -> dpop.verify(List.of(badSignature), "GET", TARGET, TOKEN,
                    fresh.thumbprint()));
            dpop.verify(List.of(good), "GET", TARGET, TOKEN, fresh.thumbprint());
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        long live;
        do {
            System.gc();
            Thread.sleep(50);
            live = LibCrypto.liveNativeObjects().keys();
        } while (live > before + 16 && System.nanoTime() < deadline);
        assertTrue(live <= before + 16, "native keys left: " + (live - before) + " (the header cache holds at most 16)");
    }

    @Test
    void aTokenEndpointProofNeedsNoAth() {
        String proof = sign(KEY, header(KEY), claims("POST", "https://as.example/token", NOW, "te" + jti++, ""));
        VerifiedDpopProof p = verifier().verify(List.of(proof), "POST", URI.create("https://as.example/token"));
        assertEquals(KEY.thumbprint(), p.thumbprint());
    }

    @Test
    void section9_aRequiredNonceIsAskedForThenAccepted() {
        MutableClock clock = new MutableClock(NOW * 1000);
        DpopNonces nonces = DpopNonces.builder().rotation(Duration.ofMinutes(5)).clock(clock).build();
        DpopVerifier dpop = DpopVerifier.builder().algorithms(Algorithm.ES256).nonces(nonces).clock(clock).build();

        DpopException asked = assertThrows(DpopException.class,
                () -> dpop.verify(List.of(good("")), "GET", TARGET, TOKEN, KEY.thumbprint()));
        assertEquals(DpopException.USE_DPOP_NONCE, asked.errorCode());
        assertEquals(nonces.current(), asked.nonce());

        String withNonce = good("\"nonce\":\"" + asked.nonce() + "\"");
        dpop.verify(List.of(withNonce), "GET", TARGET, TOKEN, KEY.thumbprint());

        clock.millis += Duration.ofMinutes(5).toMillis(); // one rotation: the old nonce is still good
        List<String> late = List.of(sign(KEY, header(KEY), claims("GET", URL, clock.millis / 1000, "late" + jti++,
                ATH + ",\"nonce\":\"" + asked.nonce() + "\"")));
        dpop.verify(late, "GET", TARGET, TOKEN, KEY.thumbprint());

        clock.millis += Duration.ofMinutes(5).toMillis(); // two rotations: it is stale
        List<String> stale = List.of(sign(KEY, header(KEY), claims("GET", URL, clock.millis / 1000, "stale" + jti++,
                ATH + ",\"nonce\":\"" + asked.nonce() + "\"")));
        DpopException again = assertThrows(DpopException.class, () -> dpop.verify(stale, "GET", TARGET, TOKEN,
                KEY.thumbprint()));
        assertEquals(DpopException.USE_DPOP_NONCE, again.errorCode());
        assertTrue(!again.nonce().equals(asked.nonce()), "a new nonce is handed out");
    }

    @Test
    void aNonceIsRefusedBeforeTheReplayStoreRemembersTheProof() {
        DpopNonces nonces = DpopNonces.builder().clock(CLOCK).build();
        List<String> seen = new ArrayList<>();
        DpopVerifier dpop = DpopVerifier.builder().algorithms(Algorithm.ES256).nonces(nonces).clock(CLOCK)
                .replayStore((id, now, exp) -> seen.add(id)).build();
        assertThrows(DpopException.class, () -> dpop.verify(List.of(good("")), "GET", TARGET, TOKEN, KEY.thumbprint()));
        assertTrue(seen.isEmpty(), "only a proof that passed every other check reaches the store");
    }

    @Test
    void theBuilderRefusesSymmetricAlgorithmsAndAnEmptyAllowList() {
        assertThrows(IllegalArgumentException.class, () -> DpopVerifier.builder().algorithms(Algorithm.HS256));
        assertThrows(IllegalStateException.class, () -> DpopVerifier.builder().build());
        assertThrows(IllegalArgumentException.class, () -> DpopVerifier.builder().window(Duration.ofMinutes(11)));
    }

    @Test
    void aProofsJwkNeverVerifiesAnOrdinaryToken() {
        // Row 7 holds for JwtVerifier: a token whose jwk header is the signer's key is refused by a
        // verifier configured with another key.
        String token = sign(KEY, "{\"alg\":\"ES256\",\"jwk\":" + KEY.jwk() + "}", TestTokens.CLAIMS);
        JwtVerifier v = JwtVerifier.builder(JwtKey.fromJwk(OTHER.jwk())).algorithms(Algorithm.ES256)
                .audience(TestTokens.AUD).clock(TestTokens.CLOCK).build();
        assertThrows(BadSignatureException.class, () -> v.decode(token));
    }

    static final class MutableClock extends Clock {
        long millis;

        MutableClock(long millis) {
            this.millis = millis;
        }

        @Override
        public long millis() {
            return millis;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
