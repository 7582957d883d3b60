package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.lcjwt.SdJwtTestKit.AUD;
import static io.lcjwt.SdJwtTestKit.EXP;
import static io.lcjwt.SdJwtTestKit.HOLDER;
import static io.lcjwt.SdJwtTestKit.NONCE;
import static io.lcjwt.SdJwtTestKit.NOW;
import static io.lcjwt.SdJwtTestKit.cnf;
import static io.lcjwt.SdJwtTestKit.digest;
import static io.lcjwt.SdJwtTestKit.disclosure;
import static io.lcjwt.SdJwtTestKit.kb;
import static io.lcjwt.SdJwtTestKit.kbClaims;
import static io.lcjwt.SdJwtTestKit.kbVerifier;
import static io.lcjwt.SdJwtTestKit.sdJwt;
import static io.lcjwt.SdJwtTestKit.verifier;
import static io.lcjwt.SdJwtTestKit.withKb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Security rows 37 (SD-JWT processing, RFC 9901 section 7.1) and 38 (key binding, section 7.3):
 * each refusal on its own, with the exception a service acts on and a message naming the rule.
 * The SD-JWTs are made by hand ({@link SdJwtTestKit}) so that each breaks exactly one rule.
 */
class SdJwtSecurityRowsTest {

    static final String GIVEN = disclosure("[\"2GLC42sKQveCfGfryNRN9w\", \"given_name\", \"John\"]");
    static final String FAMILY = disclosure("[\"eluV5Og3gSNII8EYnsxA_A\", \"family_name\", \"Doe\"]");
    static final String ELEMENT = disclosure("[\"lklxF5jMYlGTPUovMNIvCA\", \"FR\"]");

    /** A well-formed SD-JWT: given_name and family_name disclosable, one disclosable nationality. */
    static String payload(String extra) {
        return "{\"_sd\":[\"" + digest(GIVEN) + "\",\"" + digest(FAMILY) + "\"]," + EXP
                + ",\"nationalities\":[\"DE\",{\"...\":\"" + digest(ELEMENT) + "\"}]" + extra + "}";
    }

    static <T extends JwtException> T refused(Class<T> type, String fragment, Executable call) {
        JwtException e = assertThrows(JwtException.class, call::run);
        T t = assertInstanceOf(type, e, () -> "expected " + type.getSimpleName() + ", got " + e);
        assertTrue(e.getMessage().contains(fragment), () -> "message lacks \"" + fragment + "\": " + e.getMessage());
        return t;
    }

    interface Executable {
        void run() throws Exception;
    }

    @Test
    void theHandMadeSdJwtIsAccepted() {
        Map<String, Object> c = verifier().build().verify(sdJwt(payload(""), GIVEN, ELEMENT)).claims();
        assertEquals("John", c.get("given_name"));
        assertEquals(List.of("DE", "FR"), c.get("nationalities"));
        assertEquals("John", kbVerifier().verify(withKb(sdJwt(payload("," + cnf()), GIVEN)), NONCE).claims()
                .get("given_name"));
    }

    // ---- row 37: processing --------------------------------------------------------------------------

    @Test
    void row37_disclosureReferencedByNoDigest() {
        String stray = disclosure("[\"6Ij7tM-a5iVPGboS5tmvVA\", \"email\", \"johndoe@example.com\"]");
        SdJwtVerifier v = verifier().build();
        refused(MalformedJwtException.class, "referenced by no digest", () -> v.verify(sdJwt(payload(""), GIVEN, stray)));
        // a recursive disclosure sent without the disclosure that holds its digest
        String inner = disclosure("[\"Qg_O64zqAxe412a108iroA\", \"locality\", \"Köln\"]");
        String outer = disclosure("[\"AJx-095VPrpTtN4QMOqROA\", \"address\", {\"_sd\":[\"" + digest(inner) + "\"]}]");
        String p = "{\"_sd\":[\"" + digest(outer) + "\"]," + EXP + "}";
        assertEquals(Map.of("locality", "Köln"), v.verify(sdJwt(p, outer, inner)).claims().get("address"));
        refused(MalformedJwtException.class, "referenced by no digest", () -> v.verify(sdJwt(p, inner)));
    }

    @Test
    void row37_sameDisclosureTwice() {
        refused(MalformedJwtException.class, "are the same",
                () -> verifier().build().verify(sdJwt(payload(""), GIVEN, FAMILY, GIVEN)));
    }

    @Test
    void row37_digestAppearsTwice() {
        SdJwtVerifier v = verifier().build();
        String twiceInSd = "{\"_sd\":[\"" + digest(GIVEN) + "\",\"" + digest(GIVEN) + "\"]," + EXP + "}";
        refused(MalformedJwtException.class, "one digest twice", () -> v.verify(sdJwt(twiceInSd)));
        String decoy = digest("a decoy");
        String decoyTwice = "{\"_sd\":[\"" + decoy + "\"]," + EXP + ",\"a\":{\"_sd\":[\"" + decoy + "\"]}}";
        refused(MalformedJwtException.class, "one digest twice", () -> v.verify(sdJwt(decoyTwice)));
        String inSdAndArray = "{\"_sd\":[\"" + digest(ELEMENT) + "\"]," + EXP + ",\"n\":[{\"...\":\"" + digest(ELEMENT)
                + "\"}]}";
        refused(MalformedJwtException.class, "one digest twice", () -> v.verify(sdJwt(inSdAndArray)));
        // in the payload and again inside a disclosure's value
        String inner = disclosure("[\"Qg_O64zqAxe412a108iroA\", \"address\", {\"_sd\":[\"" + digest(GIVEN) + "\"]}]");
        String both = "{\"_sd\":[\"" + digest(GIVEN) + "\",\"" + digest(inner) + "\"]," + EXP + "}";
        refused(MalformedJwtException.class, "one digest twice", () -> v.verify(sdJwt(both, inner)));
    }

    @Test
    void row37_disclosedNameExistsAlreadyAtItsLevel() {
        SdJwtVerifier v = verifier().build();
        refused(MalformedJwtException.class, "already has",
                () -> v.verify(sdJwt(payload(",\"given_name\":\"Mallory\""), GIVEN)));
        String again = disclosure("[\"G02NSrQfjFXQ7Io09syajA\", \"given_name\", \"Mallory\"]");
        String p = "{\"_sd\":[\"" + digest(GIVEN) + "\",\"" + digest(again) + "\"]," + EXP + "}";
        refused(MalformedJwtException.class, "already has", () -> v.verify(sdJwt(p, GIVEN, again)));
        // "given_name" and "given\u005fname" are one name
        String escaped = disclosure("[\"G02NSrQfjFXQ7Io09syajA\", \"given\\u005fname\", \"Mallory\"]");
        String p2 = "{\"_sd\":[\"" + digest(escaped) + "\"]," + EXP + ",\"given_name\":\"John\"}";
        refused(MalformedJwtException.class, "already has", () -> v.verify(sdJwt(p2, escaped)));
    }

    @Test
    void row37_disclosedNameIsSdOrDots() {
        SdJwtVerifier v = verifier().build();
        for (String name : List.of("_sd", "...", "_sd_alg", "\\u005fsd")) {
            String d = disclosure("[\"Pc33JM2LchcU_lHggv_ufQ\", \"" + name + "\", [\"x\"]]");
            String p = "{\"_sd\":[\"" + digest(d) + "\"]," + EXP + "}";
            refused(MalformedJwtException.class, "reserves", () -> v.verify(sdJwt(p, d)));
        }
    }

    @Test
    void row37_malformedDisclosures() {
        SdJwtVerifier v = verifier().build();
        String good = "[\"2GLC42sKQveCfGfryNRN9w\", \"given_name\", \"John\"]";
        Map<String, String> bad = new java.util.LinkedHashMap<>();
        bad.put(SdJwtTestKit.b64(good) + "=", "not strict base64url");              // padding
        bad.put(SdJwtTestKit.b64(good).replace('_', '/') + "+", "not strict base64url");
        bad.put(SdJwtTestKit.b64("not json"), "not a JSON array");
        bad.put(SdJwtTestKit.b64("{\"salt\":\"x\"}"), "not a JSON array");
        bad.put(SdJwtTestKit.b64("[\"only a salt\"]"), "1 element");
        bad.put(SdJwtTestKit.b64("[]"), "0 elements");
        bad.put(SdJwtTestKit.b64("[\"s\", \"n\", \"v\", \"extra\"]"), "more than three elements");
        bad.put(SdJwtTestKit.b64("[42, \"given_name\", \"John\"]"), "salt that is not a string");
        bad.put(SdJwtTestKit.b64("[\"s\", 42, \"John\"]"), "claim name that is not a string");
        bad.put(SdJwtTestKit.b64(good + " trailing"), "after its JSON object");
        bad.put(SdJwtTestKit.b64("[\"s\", \"n\", \"v\",]"), "not valid JSON");
        for (Map.Entry<String, String> e : bad.entrySet()) {
            String p = "{\"_sd\":[\"" + digest(e.getKey()) + "\"]," + EXP + "}";
            refused(MalformedJwtException.class, e.getValue(), () -> v.verify(sdJwt(p, e.getKey())));
        }
        // a disclosure of the wrong kind for where its digest is
        String p1 = "{\"_sd\":[\"" + digest(ELEMENT) + "\"]," + EXP + "}";
        refused(MalformedJwtException.class, "array-element disclosure", () -> v.verify(sdJwt(p1, ELEMENT)));
        String p2 = "{" + EXP + ",\"n\":[{\"...\":\"" + digest(GIVEN) + "\"}]}";
        refused(MalformedJwtException.class, "object-property disclosure", () -> v.verify(sdJwt(p2, GIVEN)));
    }

    @Test
    void row37_sdAlgNotAllowed() {
        SdJwtVerifier v = verifier().build();
        for (String alg : List.of("SHA-256", "sha256", "sha-1", "md5", "")) {
            refused(AlgorithmNotAllowedException.class, "is not a hash lcjwt knows",
                    () -> v.verify(sdJwt(payload(",\"_sd_alg\":\"" + alg + "\""), GIVEN)));
        }
        refused(AlgorithmNotAllowedException.class, "does not allow",
                () -> v.verify(sdJwt(payload(",\"_sd_alg\":\"sha-512\""), GIVEN)));
        refused(MalformedJwtException.class, "not a string",
                () -> v.verify(sdJwt(payload(",\"_sd_alg\":256"), GIVEN)));
        // only sha-384 allowed: an SD-JWT without _sd_alg is sha-256, refused
        SdJwtVerifier only384 = verifier().hashAlgorithms("sha-384").build();
        refused(AlgorithmNotAllowedException.class, "sha-256", () -> only384.verify(sdJwt(payload(""), GIVEN)));
    }

    @Test
    void row37_sdOrDotsInTheWrongPlace() {
        SdJwtVerifier v = verifier().build();
        String d = digest(GIVEN);
        Map<String, String> bad = new java.util.LinkedHashMap<>();
        bad.put("{\"_sd\":\"" + d + "\"," + EXP + "}", "_sd is not an array");
        bad.put("{\"_sd\":[42]," + EXP + "}", "other than a digest string");
        bad.put("{\"_sd\":[{\"...\":\"" + d + "\"}]," + EXP + "}", "other than a digest string");
        bad.put("{\"...\":\"" + d + "\"," + EXP + "}", "not an array element");
        bad.put("{" + EXP + ",\"a\":{\"...\":\"" + d + "\"}}", "not an array element");
        bad.put("{" + EXP + ",\"a\":[{\"...\":\"" + d + "\",\"x\":1}]}", "another member");
        bad.put("{" + EXP + ",\"a\":[{\"x\":1,\"...\":\"" + d + "\"}]}", "not an array element");
        bad.put("{" + EXP + ",\"a\":[{\"...\":5}]}", "not a digest string");
        bad.put("{" + EXP + ",\"a\":{\"_sd_alg\":\"sha-256\"}}", "below the payload's top level");
        bad.put("{\"_sd\":[\"" + d.substring(1) + "\"]," + EXP + "}", "not the base64url of a 256-bit digest");
        bad.put("{\"_sd\":[\"" + d + "=\"]," + EXP + "}", "not the base64url of a 256-bit digest");
        bad.put("{\"_sd\":[\"" + d.substring(0, 5) + "\u00e9" + d.substring(6) + "\"]," + EXP + "}", "not plain base64url");
        for (Map.Entry<String, String> e : bad.entrySet()) {
            refused(MalformedJwtException.class, e.getValue(), () -> v.verify(sdJwt(e.getKey(), GIVEN)));
        }
    }

    @Test
    void row37_unsignedOrNoneIssuerJwt() {
        SdJwtVerifier v = verifier().build();
        String signed = sdJwt(payload(""), GIVEN);
        String jwt = signed.substring(0, signed.indexOf('~'));
        String unsigned = jwt.substring(0, jwt.lastIndexOf('.') + 1) + "~" + GIVEN + "~";
        refused(MalformedJwtException.class, "no signature", () -> v.verify(unsigned));
        String none = SdJwtTestKit.b64("{\"alg\":\"none\"}") + "." + jwt.split("\\.")[1] + ".~" + GIVEN + "~";
        assertThrows(JwtException.class, () -> v.verify(none));
        String noneSigned = SdJwtTestKit.b64("{\"alg\":\"none\"}") + "." + jwt.split("\\.")[1] + "." + jwt.split("\\.")[2]
                + "~" + GIVEN + "~";
        JwtException e = assertThrows(JwtException.class, () -> v.verify(noneSigned));
        assertTrue(e instanceof AlgorithmNotAllowedException || e instanceof UnsupportedJwtException, e.toString());
        // signed, but with a key this verifier does not have
        String forged = SdJwtTestKit.b64("{\"alg\":\"ES256\",\"typ\":\"example+sd-jwt\"}") + "." + jwt.split("\\.")[1] + "."
                + jwt.split("\\.")[2].substring(0, 10) + "AAAA" + jwt.split("\\.")[2].substring(14) + "~";
        assertThrows(BadSignatureException.class, () -> v.verify(forged));
        SdJwtVerifier.Builder rs = SdJwtVerifier.builder(JwtPrivateKey.generate(Algorithm.ES256).publicKey())
                .algorithms(Algorithm.ES384).clock(SdJwtTestKit.CLOCK);
        assertThrows(InvalidJwtKeyException.class, rs::build);
        SdJwtVerifier es384 = SdJwtVerifier.builder(JwtPrivateKey.generate(Algorithm.ES384).publicKey())
                .algorithms(Algorithm.ES384).clock(SdJwtTestKit.CLOCK).build();
        refused(AlgorithmNotAllowedException.class, "ES256", () -> es384.verify(signed));
    }

    @Test
    void row37_capsOnDisclosuresDigestsDepthAndSize() {
        // 1,001 disclosures
        List<String> many = new ArrayList<>();
        StringBuilder sd = new StringBuilder("{\"_sd\":[");
        for (int i = 0; i <= 1000; i++) {
            String d = disclosure("[\"s" + i + "\",\"c" + i + "\",1]");
            many.add(d);
            sd.append(i == 0 ? "" : ",").append('"').append(digest(d)).append('"');
        }
        sd.append("],").append(EXP).append('}');
        SdJwtVerifier big = verifier().maxTokenBytes(1 << 20).build();
        refused(MalformedJwtException.class, "more than 1000 disclosures",
                () -> big.verify(sdJwt(sd.toString(), many.toArray(String[]::new))));
        assertEquals(1000, big.verify(sdJwt(sd.toString(), many.subList(0, 1000).toArray(String[]::new)))
                .claims().size() - 1, "1,000 are accepted");
        // 4,001 digests
        StringBuilder decoys = new StringBuilder("{\"_sd\":[");
        for (int i = 0; i <= 4000; i++) {
            decoys.append(i == 0 ? "" : ",").append('"').append(digest("decoy " + i)).append('"');
        }
        decoys.append("],").append(EXP).append('}');
        refused(MalformedJwtException.class, "more than 4000 digests", () -> big.verify(sdJwt(decoys.toString())));
        // 33 levels of recursive disclosures
        String value = "1";
        List<String> chain = new ArrayList<>();
        for (int i = 0; i < 33; i++) {
            String d = disclosure("[\"salt" + i + "\",\"n\"," + value + "]");
            chain.add(0, d);
            value = "{\"_sd\":[\"" + digest(d) + "\"]}";
        }
        String deep = "{\"_sd\":[\"" + digest(chain.get(0)) + "\"]," + EXP + "}";
        refused(MalformedJwtException.class, "deeper than 32 levels",
                () -> big.verify(sdJwt(deep, chain.toArray(String[]::new))));
        // the whole size, as for a JWS
        String presentation = sdJwt(payload(""), GIVEN, FAMILY);
        SdJwtVerifier small = verifier().maxTokenBytes(presentation.length() - 1).build();
        refused(MalformedJwtException.class, "maxTokenBytes", () -> small.verify(presentation));
    }

    @Test
    void row37_notAnSdJwt() {
        SdJwtVerifier v = verifier().build();
        String jwt = SdJwtTestKit.jwt(payload(""));
        refused(MalformedJwtException.class, "no '~'", () -> v.verify(jwt));
        // without the trailing '~' the last disclosure reads as a KB-JWT, which this verifier does not take
        refused(MalformedJwtException.class, "ends with a Key Binding JWT", () -> v.verify(jwt + "~" + GIVEN));
        refused(MalformedJwtException.class, "empty disclosure", () -> v.verify(jwt + "~" + GIVEN + "~~"));
        refused(MalformedJwtException.class, "verifyJson", () -> v.verify("{\"payload\":\"x\"}"));
        refused(MalformedJwtException.class, "null", () -> v.verify((String) null));
        refused(MalformedJwtException.class, "compact SD-JWT", () -> v.verifyJson(jwt + "~"));
    }

    @Test
    void row37_undisclosedExpIsMissing() {
        String exp = disclosure("[\"2GLC42sKQveCfGfryNRN9w\", \"exp\", " + (NOW + 60) + "]");
        String p = "{\"_sd\":[\"" + digest(exp) + "\"],\"sub\":\"x\"}";
        SdJwtVerifier v = verifier().build();
        assertEquals(NOW + 60, v.verify(sdJwt(p, exp)).claims().get("exp"));
        MissingClaimException e = refused(MissingClaimException.class, "exp", () -> v.verify(sdJwt(p)));
        assertEquals("exp", e.claim());
        String expired = disclosure("[\"2GLC42sKQveCfGfryNRN9w\", \"exp\", " + (NOW - 60) + "]");
        String p2 = "{\"_sd\":[\"" + digest(expired) + "\"],\"sub\":\"x\"}";
        assertThrows(ExpiredJwtException.class, () -> v.verify(sdJwt(p2, expired)));
        assertEquals("x", verifier().allowMissingExpiration().build().verify(sdJwt(p)).claims().get("sub"));
    }

    // ---- row 38: key binding -------------------------------------------------------------------------

    static String kbSdJwt() {
        return sdJwt(payload("," + cnf()), GIVEN);
    }

    @Test
    void row38_keyBindingMissingWhenRequired() {
        refused(MalformedJwtException.class, "requires key binding", () -> kbVerifier().verify(kbSdJwt(), NONCE));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> kbVerifier().verify(kbSdJwt()));
        assertTrue(e.getMessage().contains("nonce"));
    }

    @Test
    void row38_keyBindingJwtOfAnotherType() {
        String sd = kbSdJwt();
        for (String typ : List.of("JWT", "dpop+jwt", "example+sd-jwt")) {
            InvalidHeaderException e = refused(InvalidHeaderException.class, "kb+jwt",
                    () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, typ, kbClaims(sd)), NONCE));
            assertEquals("typ", e.parameter());
        }
        String untyped = sd + JwtSigner.builder(HOLDER).algorithm(Algorithm.ES256).type(null).build().sign(kbClaims(sd));
        refused(InvalidHeaderException.class, "absent", () -> kbVerifier().verify(untyped, NONCE));
        // application/kb+jwt is the same media type
        assertEquals("John", kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "application/kb+jwt", kbClaims(sd)),
                NONCE).claims().get("given_name"));
    }

    @Test
    void row38_keyBindingJwtForAnotherAudience() {
        String sd = kbSdJwt();
        Map<String, Object> c = kbClaims(sd);
        c.put("aud", "https://other.example");
        InvalidClaimException e = refused(InvalidClaimException.class, "Key Binding JWT",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
        assertEquals("aud", e.claim());
        c.put("aud", List.of(AUD, "https://other.example"));
        refused(InvalidClaimException.class, "one string",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
        c.remove("aud");
        refused(MissingClaimException.class, "aud",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
    }

    @Test
    void row38_keyBindingJwtWithAnotherNonce() {
        String p = withKb(kbSdJwt());
        InvalidClaimException e = refused(InvalidClaimException.class, "nonce", () -> kbVerifier().verify(p, "other"));
        assertEquals("nonce", e.claim());
        String sd = kbSdJwt();
        Map<String, Object> c = kbClaims(sd);
        c.remove("nonce");
        refused(MissingClaimException.class, "nonce",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
        c.put("nonce", 4711);
        refused(InvalidClaimException.class, "nonce",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
    }

    @Test
    void row38_keyBindingJwtSignedByAnotherKey() {
        String sd = kbSdJwt();
        JwtPrivateKey mallory = JwtPrivateKey.generate(Algorithm.ES256);
        refused(BadSignatureException.class, "cnf.jwk",
                () -> kbVerifier().verify(sd + kb(mallory, Algorithm.ES256, "kb+jwt", kbClaims(sd)), NONCE));
        // the KB-JWT naming its own key in a jwk header changes nothing: only cnf.jwk counts
        String withJwkHeader = sd + JwtSigner.builder(mallory).algorithm(Algorithm.ES256).type("kb+jwt")
                .header("jwk", io.lcjwt.internal.keys.Jwk.readObject(mallory.publicKey().toJwk())).build()
                .sign(kbClaims(sd));
        refused(BadSignatureException.class, "cnf.jwk", () -> kbVerifier().verify(withJwkHeader, NONCE));
        // an algorithm off the key binding allow-list, checked before any signature work
        JwtPrivateKey ed = JwtPrivateKey.generate(Algorithm.EdDSA);
        refused(AlgorithmNotAllowedException.class, "keyBindingAlgorithms",
                () -> kbVerifier().verify(sd + kb(ed, Algorithm.EdDSA, "kb+jwt", kbClaims(sd)), NONCE));
        // an algorithm the cnf key cannot serve
        SdJwtVerifier both = SdJwtTestKit.verifier().keyBinding(AUD).keyBindingAlgorithms(Algorithm.ES256, Algorithm.EdDSA)
                .build();
        refused(UnknownKeyException.class, "cannot serve",
                () -> both.verify(sd + kb(ed, Algorithm.EdDSA, "kb+jwt", kbClaims(sd)), NONCE));
        // unsigned
        String kb = kb(HOLDER, Algorithm.ES256, "kb+jwt", kbClaims(sd));
        refused(MalformedJwtException.class, "no signature",
                () -> kbVerifier().verify(sd + kb.substring(0, kb.lastIndexOf('.') + 1), NONCE));
        assertThrows(IllegalArgumentException.class, () -> SdJwtTestKit.verifier().keyBinding(AUD)
                .keyBindingAlgorithms(Algorithm.HS256));
    }

    @Test
    void row38_cnfThatCannotBindAKey() {
        SdJwtVerifier v = kbVerifier();
        refused(MissingClaimException.class, "no cnf", () -> v.verify(withKb(sdJwt(payload(""), GIVEN)), NONCE));
        refused(InvalidClaimException.class, "no jwk",
                () -> v.verify(withKb(sdJwt(payload(",\"cnf\":{\"kid\":\"k1\"}"), GIVEN)), NONCE));
        refused(InvalidClaimException.class, "private key material",
                () -> v.verify(withKb(sdJwt(payload(",\"cnf\":{\"jwk\":" + HOLDER.toJwk() + "}"), GIVEN)), NONCE));
        refused(InvalidClaimException.class, "symmetric",
                () -> v.verify(withKb(sdJwt(payload(",\"cnf\":{\"jwk\":{\"kty\":\"oct\",\"k\":\""
                        + SdJwtTestKit.b64("0123456789abcdef0123456789abcdef") + "\"}}"), GIVEN)), NONCE));
        refused(InvalidClaimException.class, "not a public key lcjwt can use",
                () -> v.verify(withKb(sdJwt(payload(",\"cnf\":{\"jwk\":{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"AA\","
                        + "\"y\":\"AA\"}}"), GIVEN)), NONCE));
    }

    @Test
    void row38_staleOrFutureIat() {
        String sd = kbSdJwt();
        Map<String, Object> c = kbClaims(sd);
        c.put("iat", NOW - 301);
        InvalidClaimException e = refused(InvalidClaimException.class, "stale",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
        assertEquals("iat", e.claim());
        c.put("iat", NOW + 5);
        refused(InvalidClaimException.class, "in the future",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
        SdJwtVerifier lenient = SdJwtTestKit.verifier().leeway(Duration.ofSeconds(10)).keyBinding(AUD)
                .keyBindingAlgorithms(Algorithm.ES256).keyBindingMaxAge(Duration.ofMinutes(10)).build();
        assertEquals("John", lenient.verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE).claims().get("given_name"));
        c.put("iat", NOW - 301);
        assertEquals("John", lenient.verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE).claims().get("given_name"));
        c.remove("iat");
        refused(MissingClaimException.class, "iat",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
        c.put("iat", "yesterday");
        refused(InvalidClaimException.class, "iat",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
        Map<String, Object> expired = kbClaims(sd);
        expired.put("exp", NOW - 1);
        refused(ExpiredJwtException.class, "Key Binding JWT",
                () -> kbVerifier().verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", expired), NONCE));
    }

    @Test
    void row38_wrongSdHash() {
        String sd = sdJwt(payload("," + cnf()), GIVEN, FAMILY);
        String kb = kb(HOLDER, Algorithm.ES256, "kb+jwt", kbClaims(sd));
        SdJwtVerifier v = kbVerifier();
        assertEquals("Doe", v.verify(sd + kb, NONCE).claims().get("family_name"));
        // a disclosure removed, added or moved after the holder signed
        String removed = sd.replace(FAMILY + "~", "");
        InvalidClaimException e = refused(InvalidClaimException.class, "sd_hash", () -> v.verify(removed + kb, NONCE));
        assertEquals("sd_hash", e.claim());
        refused(InvalidClaimException.class, "sd_hash", () -> v.verify(sd + ELEMENT + "~" + kb, NONCE));
        String moved = sd.replace(GIVEN + "~" + FAMILY, FAMILY + "~" + GIVEN);
        refused(InvalidClaimException.class, "sd_hash", () -> v.verify(moved + kb, NONCE));
        Map<String, Object> c = kbClaims(sd);
        c.put("sd_hash", digest(sd + "x"));
        refused(InvalidClaimException.class, "sd_hash", () -> v.verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
        c.remove("sd_hash");
        refused(MissingClaimException.class, "sd_hash", () -> v.verify(sd + kb(HOLDER, Algorithm.ES256, "kb+jwt", c), NONCE));
    }

    @Test
    void row38_keyBindingJwtGivenToAVerifierThatDoesNotCheckIt() {
        refused(MalformedJwtException.class, "does not check", () -> verifier().build().verify(withKb(kbSdJwt())));
        assertThrows(IllegalStateException.class, () -> verifier().build().verify(withKb(kbSdJwt()), NONCE));
        // and the holder refuses an SD-JWT+KB from its issuer (RFC 9901 section 7.2)
        refused(MalformedJwtException.class, "never an SD-JWT+KB", () -> verifier().build().verifyIssued(withKb(kbSdJwt())));
    }

    // ---- the SD-JWT VC profile (draft) ------------------------------------------------------------------

    @Test
    void vcProfileKeepsRegisteredClaimsInTheClearAndRequiresVct() {
        SdJwtVerifier vc = SdJwtVerifier.builder(SdJwtTestKit.ISSUER.publicKey()).algorithms(Algorithm.ES256)
                .clock(SdJwtTestKit.CLOCK).vcProfile().build();
        JwtSigner dc = JwtSigner.builder(SdJwtTestKit.ISSUER).algorithm(Algorithm.ES256).type("dc+sd-jwt").build();
        String ok = dc.signContent(payload(",\"vct\":\"urn:example:pid\"").getBytes()) + "~" + GIVEN + "~";
        assertEquals("urn:example:pid", vc.verify(ok).claims().get("vct"));
        String wrongTyp = SdJwtTestKit.sdJwt(payload(",\"vct\":\"urn:example:pid\""), GIVEN);
        refused(InvalidHeaderException.class, "dc+sd-jwt", () -> vc.verify(wrongTyp));
        String noVct = dc.signContent(payload("").getBytes()) + "~" + GIVEN + "~";
        refused(MissingClaimException.class, "vct", () -> vc.verify(noVct));
        String numericVct = dc.signContent(payload(",\"vct\":7").getBytes()) + "~" + GIVEN + "~";
        refused(InvalidClaimException.class, "not a string", () -> vc.verify(numericVct));
        for (String name : List.of("iss", "exp", "vct", "cnf", "status")) {
            String d = disclosure("[\"2GLC42sKQveCfGfryNRN9w\", \"" + name + "\", \"x\"]");
            String p = "{\"_sd\":[\"" + digest(d) + "\"]" + (name.equals("exp") ? "" : "," + EXP)
                    + (name.equals("vct") ? "" : ",\"vct\":\"urn:example:pid\"") + "}";
            String token = dc.signContent(p.getBytes()) + "~" + d + "~";
            refused(InvalidClaimException.class, "in the clear", () -> vc.verify(token));
        }
        // a member of cnf disclosed selectively
        String kid = disclosure("[\"2GLC42sKQveCfGfryNRN9w\", \"kid\", \"k1\"]");
        String p = "{" + EXP + ",\"vct\":\"urn:example:pid\",\"cnf\":{\"_sd\":[\"" + digest(kid) + "\"]}}";
        refused(InvalidClaimException.class, "in the clear", () -> vc.verify(dc.signContent(p.getBytes()) + "~" + kid + "~"));
    }
}
