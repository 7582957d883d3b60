package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Signature;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.lcjwt.RfcAsymmetricVectorsTest.fixture;
import static io.lcjwt.RfcAsymmetricVectorsTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RFC 9901's examples, transcribed under {@code src/test/resources/rfc/rfc9901-*.json} from the
 * published text (the oauth-wg/oauth-selective-disclosure-jwt repository's rendering of
 * draft-ietf-oauth-selective-disclosure-jwt-22, the draft that became RFC 9901): section 5
 * (issuance and presentation with key binding), section 6 (flat, structured and recursive
 * address), section 8 (JWS JSON serialization) and Appendix A.1-A.4, with the Appendix A.5
 * issuer key. Every disclosure's digest matches the RFC's, computed by lcjwt and by the JDK's
 * {@code MessageDigest}; every issuer signature verifies, by lcjwt and by the JDK's
 * {@code Signature}; and every presentation's processed claims equal the RFC's.
 */
class Rfc9901ExamplesTest {

    /** After the examples' KB-JWTs were made (iat 1748537243) and before their SD-JWTs expire. */
    static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(1_748_537_243L + 60), ZoneOffset.UTC);
    static final String NONCE = "1234567890";
    static final String AUDIENCE = "https://verifier.example.org";

    static JwtPublicKey issuerKey() throws Exception {
        return (JwtPublicKey) JwtKey.fromJwk(json(fixture("rfc9901-A.5.json")));
    }

    static SdJwtVerifier.Builder verifier() throws Exception {
        return SdJwtVerifier.builder(issuerKey()).algorithms(Algorithm.ES256).clock(CLOCK);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> disclosures(Map<String, Object> f) {
        return (List<Map<String, Object>>) f.get("disclosures");
    }

    // ---- digests ---------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"section5", "section6.1", "section6.2", "section6.3", "A.1", "A.2", "A.3", "A.4"})
    void everyDisclosureDigestMatchesTheRfcByLcjwtAndByTheJdk(String example) throws Exception {
        Map<String, Object> f = fixture("rfc9901-" + example + ".json");
        MessageDigest jdk = MessageDigest.getInstance("SHA-256");
        int n = 0;
        for (Map<String, Object> d : disclosures(f)) {
            String text = (String) d.get("disclosure");
            byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
            String oracle = Base64.getUrlEncoder().withoutPadding().encodeToString(jdk.digest(ascii));
            assertEquals(d.get("digest"), oracle, "the fixture's digest, by the JDK");
            assertEquals(d.get("digest"), io.lcjwt.internal.sdjwt.SdHash.SHA_256.digestText(ascii, 0, ascii.length),
                    "the RFC's digest, by lcjwt (libcrypto)");
            n++;
        }
        assertTrue(n > 0);
    }

    @Test
    void section4_2_3FamilyNameDigest() {
        byte[] d = "WyJfMjZiYzRMVC1hYzZxMktJNmNCVzVlcyIsICJmYW1pbHlfbmFtZSIsICJNw7ZiaXVzIl0"
                .getBytes(StandardCharsets.US_ASCII);
        assertEquals("X9yH0Ajrdm1Oij4tWso9UzzKJvPoDxwmuEcO3XAdRC0",
                io.lcjwt.internal.sdjwt.SdHash.SHA_256.digestText(d, 0, d.length));
    }

    // ---- section 5: issuance and presentation ---------------------------------------------------------

    @Test
    void section5IssuedSdJwtVerifiesWithTheAppendixA5KeyAndHoldsTheUserClaims() throws Exception {
        Map<String, Object> f = fixture("rfc9901-section5.json");
        String issued = (String) f.get("issued");
        jdkVerifies(issued);
        SdJwt held = verifier().expectType("example+sd-jwt").build().verifyIssued(issued);
        assertEquals(f.get("issuerJwt"), held.issuerJwt());
        assertEquals(10, held.disclosures().size());
        assertEquals("sha-256", held.hashAlgorithm());
        @SuppressWarnings("unchecked")
        Map<String, Object> payload = (Map<String, Object>) f.get("payload");
        @SuppressWarnings("unchecked")
        Map<String, Object> expected = new LinkedHashMap<>((Map<String, Object>) f.get("userClaims"));
        for (String k : List.of("iss", "iat", "exp", "cnf")) {
            expected.put(k, payload.get(k));
        }
        assertEquals(expected, held.claims(), "every disclosure applied: the user claims the issuer started from");
        List<String> paths = new ArrayList<>();
        for (Disclosure d : held.disclosures()) {
            paths.add(d.path());
        }
        assertEquals(List.of("given_name", "family_name", "email", "phone_number", "phone_number_verified", "address",
                "birthdate", "updated_at", "nationalities[0]", "nationalities[1]"), paths);
        assertEquals(issued, held.toString());
    }

    @Test
    void section5PresentationWithKeyBindingGivesTheRfcProcessedPayload() throws Exception {
        Map<String, Object> f = fixture("rfc9901-section5.json");
        SdJwtVerifier v = verifier().expectType("example+sd-jwt").keyBinding(AUDIENCE)
                .keyBindingAlgorithms(Algorithm.ES256).build();
        VerifiedSdJwt<Map<String, Object>> r = v.verify((String) f.get("presentation"), NONCE);
        assertEquals(f.get("processed"), r.claims());
        List<String> paths = new ArrayList<>();
        for (Disclosure d : r.disclosures()) {
            paths.add(d.path());
        }
        assertEquals(List.of("family_name", "address", "given_name", "nationalities[0]"), paths);
    }

    // ---- Appendix A ---------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"A.1", "A.2"})
    void appendixPresentationsWithoutKeyBindingGiveTheRfcProcessedPayload(String example) throws Exception {
        Map<String, Object> f = fixture("rfc9901-" + example + ".json");
        String presentation = (String) f.get("presentation");
        jdkVerifies(presentation);
        VerifiedSdJwt<Map<String, Object>> r = verifier().expectType("example+sd-jwt").build().verify(presentation);
        assertEquals(f.get("processed"), r.claims());
    }

    @Test
    void appendixA3SdJwtVcWithKeyBinding() throws Exception {
        Map<String, Object> f = fixture("rfc9901-A.3.json");
        String presentation = (String) f.get("presentation");
        jdkVerifies(presentation);
        SdJwtVerifier v = verifier().vcProfile().keyBinding(AUDIENCE).keyBindingAlgorithms(Algorithm.ES256).build();
        assertEquals(f.get("processed"), v.verify(presentation, NONCE).claims());
    }

    @Test
    void appendixA4W3cCredentialWithKeyBindingAndNoExp() throws Exception {
        Map<String, Object> f = fixture("rfc9901-A.4.json");
        String presentation = (String) f.get("presentation");
        jdkVerifies(presentation);
        SdJwtVerifier v = verifier().allowMissingExpiration().keyBinding(AUDIENCE)
                .keyBindingAlgorithms(Algorithm.ES256).build();
        assertEquals(f.get("processed"), v.verify(presentation, NONCE).claims());
        // lcjwt's default: exp is required, and this credential has none
        SdJwtVerifier strict = verifier().keyBinding(AUDIENCE).keyBindingAlgorithms(Algorithm.ES256).build();
        MissingClaimException e = org.junit.jupiter.api.Assertions.assertThrows(MissingClaimException.class,
                () -> strict.verify(presentation, NONCE));
        assertEquals("exp", e.claim());
    }

    // ---- section 6: the same address, flat, structured and recursive -----------------------------------

    static final Map<String, Object> SCHULPFORTA = Map.of("street_address", "Schulstr. 12", "locality", "Schulpforta",
            "region", "Sachsen-Anhalt", "country", "DE");

    @ParameterizedTest
    @ValueSource(strings = {"section6.1", "section6.2", "section6.3"})
    void section6PayloadsProcessedWithTheRfcDisclosures(String example) throws Exception {
        Map<String, Object> f = fixture("rfc9901-" + example + ".json");
        // The RFC shows these payloads unsigned: lcjwt signs them as they are written.
        JwtPrivateKey key = JwtPrivateKey.generate(Algorithm.ES256);
        String jwt = JwtSigner.builder(key).algorithm(Algorithm.ES256).build().sign(f.get("payload"));
        StringBuilder sd = new StringBuilder(jwt).append('~');
        for (Map<String, Object> d : disclosures(f)) {
            sd.append(d.get("disclosure")).append('~');
        }
        SdJwtVerifier v = SdJwtVerifier.builder(key.publicKey()).algorithms(Algorithm.ES256).clock(CLOCK).build();
        Map<String, Object> claims = v.verify(sd.toString()).claims();
        assertEquals(Map.of("iss", "https://issuer.example.com", "iat", 1683000000L, "exp", 1883000000L,
                "sub", "6c5c0a49-b589-431d-bae7-219122a9ec2c", "address", SCHULPFORTA), claims);
    }

    // ---- section 8: the JWS JSON serialization ----------------------------------------------------------

    @Test
    @SuppressWarnings("unchecked")
    void section8FlattenedAndGeneralJsonSerializations() throws Exception {
        Map<String, Object> f = fixture("rfc9901-section8.json");
        String issued = json(f.get("flattened"));
        SdJwt held = verifier().expectType("example+sd-jwt").build().verifyIssued(issued);
        assertEquals(4, held.disclosures().size());
        assertEquals("john_doe_42", held.claims().get("sub"));

        SdJwtVerifier kb = verifier().keyBinding(AUDIENCE).keyBindingAlgorithms(Algorithm.ES256).build();
        Map<String, Object> flat = kb.verifyJson(json(f.get("flattenedKb")), NONCE).claims();
        assertEquals("Doe", flat.get("family_name"));
        assertEquals("John", flat.get("given_name"));

        // General: two signatures, by issuer-key-1 (the A.5 key) and issuer-key-2 (unpublished);
        // one by a configured key suffices, as verifyJsonAnySignature.
        SdJwtVerifier general = SdJwtVerifier.builder(issuerKey().withKeyId("issuer-key-1")).algorithms(Algorithm.ES256)
                .clock(CLOCK).keyBinding(AUDIENCE).keyBindingAlgorithms(Algorithm.ES256).build();
        VerifiedSdJwt<Map<String, Object>> g = general.verifyJson(json(f.get("generalKb")), NONCE);
        assertEquals(Map.of("family_name", "Doe", "given_name", "John"),
                Map.of("family_name", g.claims().get("family_name"), "given_name", g.claims().get("given_name")));
        assertEquals(2, g.disclosures().size());
    }

    // ---- the JDK as the oracle for the issuer's signature ---------------------------------------------

    static void jdkVerifies(String sdJwt) throws Exception {
        String jwt = sdJwt.substring(0, sdJwt.indexOf('~'));
        int dot = jwt.lastIndexOf('.');
        Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
        s.initVerify(issuerKey().toJavaKey());
        s.update(jwt.substring(0, dot).getBytes(StandardCharsets.US_ASCII));
        assertTrue(s.verify(Base64.getUrlDecoder().decode(jwt.substring(dot + 1))), "the JDK verifies the RFC's signature");
    }
}
