package io.lcjwt;

import io.lcjwt.internal.sdjwt.ClaimPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue, hold, present and verify, for every nesting shape RFC 9901 allows (flat, structured,
 * array elements, recursive objects and arrays, members of disclosed array elements) with every
 * algorithm family for the issuer (HS, RS, PS, ES, EdDSA) and for the holder's key binding, in
 * the compact form and both JSON forms: the verifier's processed claims are exactly the claims
 * the holder chose to reveal, and nothing undisclosed appears in the presentation. The JDK
 * recomputes every digest.
 */
class SdJwtRoundTripTest {

    static final long NOW = 1_800_000_000L;
    static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC);
    static final String AUD = "https://verifier.example";

    static final Map<Algorithm, JwtKey> KEYS = new EnumMap<>(Algorithm.class);

    static synchronized JwtKey key(Algorithm alg) {
        return KEYS.computeIfAbsent(alg, a -> a.family() == Algorithm.Family.HMAC
                ? JwtSecretKey.of(TestTokens.bytes(64, a.ordinal())) : JwtPrivateKey.generate(a));
    }

    static JwtKey verifyKey(Algorithm alg) {
        JwtKey k = key(alg);
        return k instanceof JwtPrivateKey p ? p.publicKey() : k;
    }

    static Map<String, Object> claims() {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("iss", "https://issuer.example");
        c.put("iat", NOW - 60);
        c.put("exp", NOW + 3600);
        c.put("sub", "user_42");
        c.put("given_name", "Erika");
        c.put("family_name", "Mustermann");
        c.put("address", new LinkedHashMap<>(Map.of("street_address", "Heidestraße 17", "locality", "Köln",
                "country", "DE")));
        c.put("nationalities", new ArrayList<>(List.of("DE", "FR", "UK")));
        c.put("degrees", new ArrayList<>(List.of(new LinkedHashMap<>(Map.of("type", "BSc", "university", "Köln")),
                new LinkedHashMap<>(Map.of("type", "MSc", "university", "Bonn")))));
        c.put("age_over", new LinkedHashMap<>(Map.of("18", true, "21", true, "65", false)));
        return c;
    }

    /** A nesting shape: what is disclosable, and what the holder reveals. */
    record Shape(String name, List<String> disclosable, List<String> revealed) {}

    static final List<Shape> SHAPES = List.of(
            new Shape("flat", List.of("given_name", "family_name", "address"), List.of("family_name", "address")),
            new Shape("structured", List.of("address.street_address", "address.locality", "address.country"),
                    List.of("address.country")),
            new Shape("array elements", List.of("nationalities[*]"), List.of("nationalities[1]")),
            new Shape("one element", List.of("nationalities[2]"), List.of()),
            new Shape("recursive object", List.of("address", "address.street_address", "address.locality"),
                    List.of("address.locality")),
            new Shape("recursive array", List.of("nationalities", "nationalities[*]"),
                    List.of("nationalities[0]", "nationalities[2]")),
            new Shape("members of elements", List.of("degrees[*].type", "degrees[1]"),
                    List.of("degrees[0].type", "degrees[1]")),
            new Shape("nested everywhere", List.of("given_name", "age_over.18", "age_over.21", "age_over.65",
                    "degrees[*]", "degrees[*].university", "nationalities[0]"),
                    List.of("age_over.18", "degrees[1].university", "nationalities[0]")),
            new Shape("nothing disclosable", List.of(), List.of()));

    static Stream<Arguments> shapesAndAlgorithms() {
        List<Algorithm> issuers = List.of(Algorithm.HS256, Algorithm.RS256, Algorithm.PS256, Algorithm.ES256,
                Algorithm.ES384, Algorithm.EdDSA);
        List<Algorithm> holders = List.of(Algorithm.ES256, Algorithm.EdDSA, Algorithm.RS256, Algorithm.PS384,
                Algorithm.ES512, Algorithm.ES256);
        List<Arguments> out = new ArrayList<>();
        for (Shape s : SHAPES) {
            for (int i = 0; i < issuers.size(); i++) {
                out.add(Arguments.of(s, issuers.get(i), holders.get(i)));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} issued with {1}, bound with {2}")
    @MethodSource("shapesAndAlgorithms")
    void issueHoldPresentVerify(Shape shape, Algorithm issuerAlg, Algorithm holderAlg) throws Exception {
        SdJwtIssuer issuer = SdJwtIssuer.builder(key(issuerAlg)).algorithm(issuerAlg).type("example+sd-jwt")
                .disclosable(shape.disclosable().toArray(String[]::new)).decoyDigests(3).build();
        JwtPrivateKey holder = (JwtPrivateKey) key(holderAlg);
        SdJwt issued = issuer.issue(claims(), holder.publicKey());
        checkDigestsByTheJdk(issued);

        SdJwtVerifier.Builder vb = SdJwtVerifier.builder(verifyKey(issuerAlg)).algorithms(issuerAlg)
                .expectType("example+sd-jwt").clock(CLOCK);
        SdJwt held = vb.build().verifyIssued(issued.toString());
        Map<String, Object> all = new LinkedHashMap<>(claims());
        all.put("cnf", Map.of("jwk", Jwk(holder)));
        assertEquals(all, held.claims(), "the holder sees every claim");

        SdJwtPresentation p = held.present(shape.revealed().toArray(String[]::new))
                .withKeyBinding(holder, holderAlg, AUD, "n-0S6_WzA2Mj", Instant.ofEpochSecond(NOW - 5));
        String text = p.toString();
        Map<String, Object> expected = expectedClaims(shape, held);
        expected.put("cnf", Map.of("jwk", Jwk(holder)));
        for (Disclosure d : held.disclosures()) {
            if (!p.disclosures().contains(d)) {
                assertFalse(text.contains(d.encoded()), "an undisclosed disclosure is not in the presentation");
            }
        }

        SdJwtVerifier v = vb.keyBinding(AUD).keyBindingAlgorithms(holderAlg).build();
        assertEquals(expected, v.verify(text, "n-0S6_WzA2Mj").claims());
        assertEquals(expected, v.verifyJson(p.toFlattenedJson(), "n-0S6_WzA2Mj").claims());
        assertEquals(expected, v.verifyJson(p.toGeneralJson(), "n-0S6_WzA2Mj").claims());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> Jwk(JwtPrivateKey holder) {
        return io.lcjwt.internal.keys.Jwk.readObject(holder.publicKey().toJwk());
    }

    /** The claims with every disclosable one removed unless the presentation reveals it (or a member of it). */
    static Map<String, Object> expectedClaims(Shape shape, SdJwt held) {
        List<List<Object>> disclosable = new ArrayList<>();
        for (Disclosure d : held.disclosures()) {
            disclosable.add(ClaimPaths.parse(d.path()));
        }
        List<List<Object>> shown = new ArrayList<>();
        for (String r : shape.revealed()) {
            List<Object> pattern = ClaimPaths.parse(r);
            for (int i = 0; i <= pattern.size(); i++) {
                shown.add(pattern.subList(0, i)); // a revealed claim brings its ancestors
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> out = (Map<String, Object>) prune(claims(), List.of(), disclosable, shown);
        return out;
    }

    private static Object prune(Object v, List<Object> at, List<List<Object>> disclosable, List<List<Object>> shown) {
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                List<Object> here = new ArrayList<>(at);
                here.add(e.getKey());
                if (!disclosable.contains(here) || shown.contains(here)) {
                    out.put((String) e.getKey(), prune(e.getValue(), here, disclosable, shown));
                }
            }
            return out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < l.size(); i++) {
                List<Object> here = new ArrayList<>(at);
                here.add(i);
                if (!disclosable.contains(here) || shown.contains(here)) {
                    out.add(prune(l.get(i), here, disclosable, shown));
                }
            }
            return out;
        }
        return v;
    }

    /** Every disclosure's digest, recomputed by the JDK, is embedded in the payload or in another disclosure. */
    static void checkDigestsByTheJdk(SdJwt sdJwt) throws Exception {
        String alg = switch (sdJwt.hashAlgorithm()) {
            case "sha-384" -> "SHA-384";
            case "sha-512" -> "SHA-512";
            default -> "SHA-256";
        };
        String jwt = sdJwt.issuerJwt();
        String payload = new String(Base64.getUrlDecoder().decode(jwt.substring(jwt.indexOf('.') + 1,
                jwt.lastIndexOf('.'))), StandardCharsets.UTF_8);
        StringBuilder everything = new StringBuilder(payload);
        for (Disclosure d : sdJwt.disclosures()) {
            everything.append(new String(Base64.getUrlDecoder().decode(d.encoded()), StandardCharsets.UTF_8));
        }
        for (Disclosure d : sdJwt.disclosures()) {
            String digest = Base64.getUrlEncoder().withoutPadding().encodeToString(
                    MessageDigest.getInstance(alg).digest(d.encoded().getBytes(StandardCharsets.US_ASCII)));
            assertEquals(digest, d.digest());
            assertTrue(everything.indexOf("\"" + digest + "\"") >= 0, "the digest of " + d.path() + " is embedded");
            // 128-bit salts: 22 base64url characters
            String decoded = new String(Base64.getUrlDecoder().decode(d.encoded()), StandardCharsets.UTF_8);
            assertTrue(decoded.matches("^\\[\"[A-Za-z0-9_-]{22}\",.*"), decoded);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sha-256", "sha-384", "sha-512"})
    void everyHashAlgorithm(String hash) throws Exception {
        SdJwtIssuer issuer = SdJwtIssuer.builder(key(Algorithm.ES256)).algorithm(Algorithm.ES256)
                .hashAlgorithm(hash).disclosable("given_name", "address.locality").build();
        SdJwt issued = issuer.issue(claims());
        assertEquals(hash, issued.hashAlgorithm());
        checkDigestsByTheJdk(issued);
        String presented = issued.present("address.locality").toString();
        SdJwtVerifier.Builder vb = SdJwtVerifier.builder(verifyKey(Algorithm.ES256)).algorithms(Algorithm.ES256)
                .clock(CLOCK);
        Map<String, Object> got = vb.hashAlgorithms(hash).build().verify(presented).claims();
        assertEquals("Köln", ((Map<?, ?>) got.get("address")).get("locality"));
        assertFalse(got.containsKey("given_name"));
        assertFalse(got.containsKey("_sd_alg"));
    }

    @Test
    void decoysAreDigestsOfNothingAndDigestsAreSorted() {
        SdJwtIssuer issuer = SdJwtIssuer.builder(key(Algorithm.ES256)).algorithm(Algorithm.ES256)
                .disclosable("given_name", "family_name", "nationalities[*]").decoyDigests(5).build();
        for (int round = 0; round < 5; round++) {
            SdJwt issued = issuer.issue(claims());
            Map<String, Object> payload = Unverified.claims(issued.issuerJwt());
            @SuppressWarnings("unchecked")
            List<String> sd = (List<String>) payload.get("_sd");
            assertTrue(sd.size() >= 3 && sd.size() <= 7, "2 disclosures and 1 to 5 decoys: " + sd.size());
            List<String> sorted = new ArrayList<>(sd);
            sorted.sort(null);
            assertEquals(sorted, sd, "RFC 9901 section 4.2.4.1: sorted, so the order says nothing");
            @SuppressWarnings("unchecked")
            List<Object> nats = (List<Object>) payload.get("nationalities");
            assertTrue(nats.size() >= 4 && nats.size() <= 8, "3 elements and 1 to 5 decoys: " + nats.size());
            assertEquals(5, issued.disclosures().size(), "decoys have no disclosure");
            assertEquals(claims().get("nationalities"), issued.claims().get("nationalities"));
        }
    }

    /** A record whose components are named by @Claim and the naming rule, on both sides. */
    record Person(@Claim("given_name") String givenName, String familyName, Address address, Instant exp,
            java.util.Optional<String> birthdate) {}

    record Address(String locality, String country) {}

    @Test
    void recordsAndClaimNamingOnBothSides() {
        Person in = new Person("Erika", "Mustermann", new Address("Köln", "DE"), Instant.ofEpochSecond(NOW + 60),
                java.util.Optional.of("1963-08-12"));
        SdJwtIssuer issuer = SdJwtIssuer.builder(key(Algorithm.EdDSA)).algorithm(Algorithm.EdDSA)
                .claimNaming(ClaimNaming.SNAKE_CASE).disclosable("given_name", "family_name", "birthdate",
                        "address.locality").build();
        SdJwt issued = issuer.issue(in);
        assertEquals(Set.of("given_name", "family_name", "birthdate", "address.locality"),
                Set.copyOf(issued.disclosures().stream().map(Disclosure::path).toList()));
        SdJwtVerifier v = SdJwtVerifier.builder(verifyKey(Algorithm.EdDSA)).algorithms(Algorithm.EdDSA)
                .claimNaming(ClaimNaming.SNAKE_CASE).clock(CLOCK).build();
        VerifiedSdJwt<Person> out = v.verify(issued.present("given_name", "address.locality").toString(), Person.class);
        assertEquals(new Person("Erika", null, new Address("Köln", "DE"), in.exp(), java.util.Optional.empty()),
                out.claims());
        assertNotNull(out.header());
        assertEquals(Set.of("given_name", "address.locality"),
                Set.copyOf(out.disclosures().stream().map(Disclosure::path).toList()));
    }

    @Test
    void aBeanToo() {
        Map<String, Object> c = claims();
        SdJwt issued = SdJwtIssuer.builder(key(Algorithm.HS256)).algorithm(Algorithm.HS256).disclosable("given_name")
                .build().issue(c);
        SdJwtVerifier v = SdJwtVerifier.builder(key(Algorithm.HS256)).algorithms(Algorithm.HS256).clock(CLOCK).build();
        NameBean bean = v.verify(issued.present("given_name").toString(), NameBean.class).claims();
        assertEquals("Erika", bean.getGiven_name());
        assertEquals("user_42", bean.getSub());
    }

    public static class NameBean {
        private String given_name;
        private String sub;

        public String getGiven_name() {
            return given_name;
        }

        public void setGiven_name(String v) {
            given_name = v;
        }

        public String getSub() {
            return sub;
        }

        public void setSub(String v) {
            sub = v;
        }
    }
}
