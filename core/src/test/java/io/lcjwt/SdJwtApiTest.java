package io.lcjwt;

import io.lcjwt.internal.sdjwt.ClaimPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.lcjwt.SdJwtTestKit.AUD;
import static io.lcjwt.SdJwtTestKit.HOLDER;
import static io.lcjwt.SdJwtTestKit.ISSUER;
import static io.lcjwt.SdJwtTestKit.NONCE;
import static io.lcjwt.SdJwtTestKit.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SD-JWT API's contracts: the holder's choice of disclosures (ancestors included, nothing
 * else), the three kinds of exception at every entry point, immutability, thread safety, and
 * claim paths.
 */
class SdJwtApiTest {

    static Map<String, Object> claims() {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("iss", "https://issuer.example");
        c.put("exp", NOW + 3600);
        c.put("given_name", "Erika");
        c.put("address", Map.of("locality", "Köln", "country", "DE"));
        c.put("nationalities", List.of("DE", "FR", "UK"));
        c.put("https://example.com/claim", "x");
        return c;
    }

    static SdJwtIssuer issuer() {
        return SdJwtIssuer.builder(ISSUER).algorithm(Algorithm.ES256).type("example+sd-jwt")
                .disclosable("given_name", "address", "address.locality", "nationalities", "nationalities[*]",
                        "https://example\\.com/claim").build();
    }

    static List<String> paths(List<Disclosure> ds) {
        List<String> out = new ArrayList<>();
        for (Disclosure d : ds) {
            out.add(d.path());
        }
        return out;
    }

    @Test
    void presentingAClaimBringsTheDisclosuresThatLeadToItAndNothingElse() {
        SdJwt held = issuer().issue(claims(), HOLDER.publicKey());
        assertEquals(List.of("given_name", "address", "address.locality", "nationalities", "nationalities[0]",
                "nationalities[1]", "nationalities[2]", "https://example\\.com/claim"), paths(held.disclosures()));
        assertEquals(List.of("address", "address.locality"), paths(held.present("address.locality").disclosures()));
        assertEquals(List.of("address"), paths(held.present("address").disclosures()));
        assertEquals(List.of("nationalities", "nationalities[0]", "nationalities[1]", "nationalities[2]"),
                paths(held.present("nationalities[*]").disclosures()));
        assertEquals(List.of(), paths(held.present().disclosures()));
        assertEquals(List.of("https://example\\.com/claim"),
                paths(held.present("https://example\\.com/claim").disclosures()));
        SdJwtVerifier v = SdJwtTestKit.verifier().build();
        Map<String, Object> shown = v.verify(held.present("nationalities[1]").toString()).claims();
        assertEquals(List.of("FR"), shown.get("nationalities"));
        assertFalse(shown.containsKey("given_name"));
        assertEquals("x", v.verify(held.present("https://example\\.com/claim").toString()).claims()
                .get("https://example.com/claim"));
    }

    @Test
    void holderErrorsAreTheCallersMistakes() {
        SdJwt held = issuer().issue(claims());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> held.present("email"));
        assertTrue(e.getMessage().contains("\"email\"") && e.getMessage().contains("given_name"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> held.present("address..locality"));
        assertThrows(IllegalArgumentException.class, () -> held.present("nationalities[x]"));
        assertThrows(NullPointerException.class, () -> held.present((String[]) null));
        assertThrows(NullPointerException.class, () -> held.present((String) null));
        SdJwtPresentation p = held.present("given_name");
        assertThrows(NullPointerException.class, () -> p.withKeyBinding(null, Algorithm.ES256, AUD, NONCE));
        assertThrows(IllegalArgumentException.class, () -> p.withKeyBinding(HOLDER, Algorithm.ES256, "", NONCE));
        assertThrows(IllegalArgumentException.class, () -> p.withKeyBinding(HOLDER, Algorithm.ES256, AUD, ""));
        assertThrows(InvalidJwtKeyException.class, () -> p.withKeyBinding(HOLDER, Algorithm.RS256, AUD, NONCE));
        assertNull(p.keyBindingJwt());
        assertTrue(p.withKeyBinding(HOLDER, Algorithm.ES256, AUD, NONCE).keyBindingJwt().split("\\.").length == 3);
    }

    @Test
    void issuerErrors() {
        SdJwtIssuer.Builder b = SdJwtIssuer.builder(ISSUER);
        assertThrows(IllegalStateException.class, b::build);
        assertThrows(InvalidJwtKeyException.class, () -> SdJwtIssuer.builder(ISSUER.publicKey()).algorithm(Algorithm.ES256).build());
        assertThrows(InvalidJwtKeyException.class, () -> SdJwtIssuer.builder(ISSUER).algorithm(Algorithm.RS256).build());
        assertThrows(IllegalArgumentException.class, () -> b.decoyDigests(101));
        assertThrows(IllegalArgumentException.class, () -> b.decoyDigests(-1));
        assertThrows(IllegalArgumentException.class, () -> b.hashAlgorithm("SHA-256"));
        assertThrows(IllegalArgumentException.class, () -> b.disclosable("a["));
        assertThrows(NullPointerException.class, () -> b.disclosable((String) null));
        assertThrows(IllegalArgumentException.class, () -> b.type(""));
        SdJwtIssuer i = SdJwtIssuer.builder(ISSUER).algorithm(Algorithm.ES256).disclosable("email").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> i.issue(claims()));
        assertTrue(e.getMessage().contains("email"), e.getMessage());
        SdJwtIssuer plain = SdJwtIssuer.builder(ISSUER).algorithm(Algorithm.ES256).build();
        for (String reserved : List.of("_sd", "...", "_sd_alg")) {
            Map<String, Object> c = claims();
            c.put("nested", Map.of(reserved, 1));
            assertThrows(IllegalArgumentException.class, () -> plain.issue(c), reserved);
        }
        Map<String, Object> withCnf = claims();
        withCnf.put("cnf", Map.of("kid", "k"));
        assertThrows(IllegalArgumentException.class, () -> plain.issue(withCnf, HOLDER.publicKey()));
        assertThrows(NullPointerException.class, () -> plain.issue(null));
        assertThrows(NullPointerException.class, () -> plain.issue(claims(), null));
        // the SD-JWT VC profile
        assertThrows(IllegalArgumentException.class, () -> SdJwtIssuer.builder(ISSUER).algorithm(Algorithm.ES256)
                .vcProfile().disclosable("exp").build());
        assertThrows(IllegalArgumentException.class, () -> SdJwtIssuer.builder(ISSUER).algorithm(Algorithm.ES256)
                .vcProfile().disclosable("cnf.jwk").build());
        assertThrows(IllegalStateException.class, () -> SdJwtIssuer.builder(ISSUER).algorithm(Algorithm.ES256)
                .vcProfile().type("example+sd-jwt").build());
        SdJwtIssuer vc = SdJwtIssuer.builder(ISSUER).algorithm(Algorithm.ES256).vcProfile().build();
        assertThrows(IllegalArgumentException.class, () -> vc.issue(claims()));
        Map<String, Object> pid = claims();
        pid.put("vct", "urn:example:pid");
        assertEquals("dc+sd-jwt", vc.issue(pid).header().type());
    }

    @Test
    void verifierBuilderAndCallErrors() {
        assertThrows(IllegalStateException.class, () -> SdJwtTestKit.verifier().keyBinding(AUD).build());
        assertThrows(IllegalStateException.class, () -> SdJwtTestKit.verifier().keyBindingAlgorithms(Algorithm.ES256).build());
        assertThrows(IllegalStateException.class, () -> SdJwtVerifier.builder(ISSUER.publicKey()).build());
        assertThrows(IllegalStateException.class, () -> SdJwtTestKit.verifier().vcProfile().expectType("x+sd-jwt").build());
        assertThrows(IllegalArgumentException.class, () -> SdJwtTestKit.verifier().hashAlgorithms("SHA-256"));
        assertThrows(IllegalArgumentException.class, () -> SdJwtTestKit.verifier().hashAlgorithms());
        assertThrows(IllegalArgumentException.class, () -> SdJwtTestKit.verifier().keyBinding(""));
        assertThrows(IllegalArgumentException.class, () -> SdJwtTestKit.verifier().keyBindingMaxAge(Duration.ofDays(2)));
        assertThrows(IllegalArgumentException.class, () -> SdJwtTestKit.verifier().keyBindingMaxAge(Duration.ZERO));
        assertThrows(NullPointerException.class, () -> SdJwtTestKit.kbVerifier().verify("x~", (String) null));
        assertThrows(IllegalStateException.class, () -> SdJwtTestKit.verifier().build().verify("x~", NONCE));
        assertThrows(IllegalStateException.class, () -> SdJwtTestKit.kbVerifier().verifyJson("{}"));
        // a type lcjwt cannot bind is refused before anything else, as for JwtVerifier
        assertThrows(IllegalArgumentException.class, () -> SdJwtTestKit.verifier().build().verify("garbage", Thread.class));
        assertThrows(MalformedJwtException.class, () -> SdJwtTestKit.verifier().build().verify("garbage", Map.class));
    }

    @Test
    void unverifiedReadsAnyFormAndIsCapped() {
        SdJwt held = issuer().issue(claims(), HOLDER.publicKey());
        String p = held.present("given_name").withKeyBinding(HOLDER, Algorithm.ES256, AUD, NONCE).toString();
        SdJwt read = Unverified.sdJwt(p);
        assertEquals(List.of("given_name"), paths(read.disclosures()));
        assertEquals(p.substring(p.lastIndexOf('~') + 1), read.keyBindingJwt());
        assertEquals(p, read.toString());
        assertEquals(paths(held.disclosures()), paths(Unverified.sdJwt(held.toGeneralJson()).disclosures()));
        assertEquals(held.toString(), Unverified.sdJwt(held.toFlattenedJson()).toString());
        assertThrows(MalformedJwtException.class, () -> Unverified.sdJwt(null));
        assertThrows(MalformedJwtException.class, () -> Unverified.sdJwt(held + "A".repeat(70_000) + "~"));
    }

    @Test
    void disclosuresAndClaimsAreImmutableAndValuesStayOutOfToString() {
        SdJwt held = issuer().issue(claims());
        Disclosure address = held.disclosures().get(1);
        assertEquals("Disclosure[address]", address.toString());
        assertFalse(address.toString().contains("DE"));
        @SuppressWarnings("unchecked")
        Map<String, Object> v = (Map<String, Object>) address.value();
        assertThrows(UnsupportedOperationException.class, () -> v.put("x", 1));
        assertTrue(v.containsKey("_sd"), "the value as disclosed: the locality is a digest in it");
        assertThrows(UnsupportedOperationException.class, () -> held.claims().put("x", 1));
        @SuppressWarnings("unchecked")
        List<Object> nats = (List<Object>) held.claims().get("nationalities");
        assertThrows(UnsupportedOperationException.class, () -> nats.add("US"));
        assertEquals(address, Unverified.sdJwt(held.toString()).disclosures().get(1));
        assertEquals(address.hashCode(), Unverified.sdJwt(held.toString()).disclosures().get(1).hashCode());
        assertTrue(held.disclosures().get(4).isArrayElement());
        assertNull(held.disclosures().get(4).name());
    }

    @Test
    void aVerifierIsSharedBetweenThreads() throws Exception {
        SdJwt held = issuer().issue(claims(), HOLDER.publicKey());
        SdJwtVerifier v = SdJwtTestKit.kbVerifier();
        List<String> presentations = new ArrayList<>();
        List<Map<String, Object>> expected = new ArrayList<>();
        for (String[] paths : List.of(new String[] {"given_name"}, new String[] {"address.locality"},
                new String[] {"nationalities[2]"}, new String[] {})) {
            String p = held.present(paths).withKeyBinding(HOLDER, Algorithm.ES256, AUD, NONCE,
                    java.time.Instant.ofEpochSecond(NOW - 1)).toString();
            presentations.add(p);
            expected.add(v.verify(p, NONCE).claims());
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int offset = t;
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 100; i++) {
                        int k = (i + offset) % presentations.size();
                        if (!expected.get(k).equals(v.verify(presentations.get(k), NONCE).claims())) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : results) {
                assertTrue(f.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void issuerKeysFromAJwkSetAndAJwksUrl() throws Exception {
        JwtPrivateKey signer = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k2");
        String jwks = "{\"keys\":[" + JwtPrivateKey.generate(Algorithm.ES256).publicKey().withKeyId("k1").toJwk() + ","
                + signer.publicKey().toJwk() + "," + JwtPrivateKey.generate(Algorithm.ES256).publicKey().withKeyId("k3").toJwk()
                + "]}";
        String sd = SdJwtIssuer.builder(signer).algorithm(Algorithm.ES256).disclosable("given_name").build()
                .issue(claims()).present("given_name").toString();
        SdJwtVerifier fromSet = SdJwtVerifier.builder(JwkSet.parse(jwks)).algorithms(Algorithm.ES256)
                .clock(SdJwtTestKit.CLOCK).build();
        assertEquals("Erika", fromSet.verify(sd).claims().get("given_name"));
        try (io.lcjwt.testkit.LoopbackServer server = io.lcjwt.testkit.LoopbackServer.start();
             JwksClient client = JwksClient.builder(server.serve("/jwks.json", jwks)).build()) {
            SdJwtVerifier fromUrl = SdJwtVerifier.builder(client).algorithms(Algorithm.ES256).clock(SdJwtTestKit.CLOCK)
                    .build();
            assertEquals("Erika", fromUrl.verify(sd).claims().get("given_name"));
            String unknownKid = SdJwtIssuer.builder(JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k9"))
                    .algorithm(Algorithm.ES256).build().issue(claims()).toString();
            assertThrows(UnknownKeyException.class, () -> fromUrl.verify(unknownKid));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "a.b", "a[0]", "a[*].b", "a[12][0]", "https://x\\.y/z", "w\\[x\\]y\\\\", "é.ü[3]"})
    void claimPathsParseAndFormatBack(String path) {
        assertEquals(path, ClaimPaths.format(ClaimPaths.parse(path)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "[0]", "a.", ".a", "a..b", "a[", "a[]", "a[01]", "a[-1]", "a]", "a\\", "a[0]b", "a.[0]"})
    void malformedClaimPathsAreRefused(String path) {
        assertThrows(IllegalArgumentException.class, () -> ClaimPaths.parse(path));
    }
}
