package io.lcjwt;

import io.lcjwt.internal.keys.Jwk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The security page's ML-DSA rows (its section "Post-quantum signatures: ML-DSA"), one test each.
 * Where a refusal needs libcrypto's ML-DSA (a seed that must be expanded, a signature that must be
 * checked), a libcrypto without ML-DSA refuses the key itself, and the test asserts that instead;
 * refusals made in Java before any native call hold on both.
 */
class SecurityRowsMlDsaTest {

    private static final String CLAIMS = "{\"sub\":\"alice\",\"exp\":1700003600}";

    /** A compact JWS over exactly {@code headerJson} and {@link #CLAIMS}, signed by {@code key} whatever the header says. */
    private static String signedAs(JwtPrivateKey key, String headerJson) {
        String input = TestTokens.b64(headerJson) + "." + TestTokens.b64(CLAIMS);
        byte[] in = input.getBytes(StandardCharsets.US_ASCII);
        byte[] sig = key.impl().sign(key.impl().info().mlDsa().algorithm, MemorySegment.ofArray(in), in.length);
        return input + "." + TestTokens.b64(sig);
    }

    private static JwtVerifier verifier(List<JwtKey> keys, Algorithm... algs) {
        return JwtVerifier.builder(keys).algorithms(algs).clock(TestTokens.CLOCK).build();
    }

    private static Map<String, Object> publicJwk(Algorithm alg) {
        Map<String, Object> m = MlDsaTesting.exampleJwk(alg);
        m.remove("priv");
        m.remove("kid");
        return m;
    }

    private static InvalidJwtKeyException refusedJwk(Map<String, Object> jwk) {
        return assertThrows(InvalidJwtKeyException.class, () -> JwtKey.fromJwk(MlDsaTesting.json(jwk)));
    }

    @Test
    void headerAlgOfAnotherLevelThanTheKeyIsRefused() {
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(Algorithm.ML_DSA_65));
            return;
        }
        try (JwtPrivateKey k65 = JwtPrivateKey.generate(Algorithm.ML_DSA_65).withKeyId("pq");
             JwtPrivateKey k44 = JwtPrivateKey.generate(Algorithm.ML_DSA_44).withKeyId("pq-44")) {
            JwtVerifier v = verifier(List.of(k65.publicKey(), k44.publicKey()), Algorithm.ML_DSA_44, Algorithm.ML_DSA_65);
            assertEquals("alice", v.decode(signedAs(k65, "{\"alg\":\"ML-DSA-65\",\"kid\":\"pq\"}")).get("sub"));
            // The 65 key's own signature under a header that says ML-DSA-44 (and under 87, not allowed).
            JwtException e = assertThrows(JwtException.class,
                    () -> v.decode(signedAs(k65, "{\"alg\":\"ML-DSA-44\",\"kid\":\"pq\"}")));
            assertInstanceOf(UnknownKeyException.class, e);
            assertTrue(e.getMessage().contains("does not serve ML-DSA-44"), e.getMessage());
            assertInstanceOf(AlgorithmNotAllowedException.class, assertThrows(JwtException.class,
                    () -> v.decode(signedAs(k65, "{\"alg\":\"ML-DSA-87\",\"kid\":\"pq\"}"))));
            // Without a kid the 44 key is the one that serves ML-DSA-44, and the 65 key's signature fails it.
            assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class,
                    () -> v.decode(signedAs(k65, "{\"alg\":\"ML-DSA-44\"}"))));
            // A verifier whose only key is of another level is refused when it is built.
            InvalidJwtKeyException built = assertThrows(InvalidJwtKeyException.class,
                    () -> JwtVerifier.builder(k65.publicKey()).algorithms(Algorithm.ML_DSA_44).build());
            assertTrue(built.getMessage().contains("ML-DSA-65 key, which cannot serve ML-DSA-44"), built.getMessage());
            assertThrows(InvalidJwtKeyException.class, () -> JwtSigner.builder(k65).algorithm(Algorithm.ML_DSA_87).build());
        }
    }

    @Test
    void anotherKeyTypeIsRefusedForTheHeadersAlg() {
        try (JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k")) {
            if (!MlDsaTesting.available()) {
                MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class,
                        () -> JwtVerifier.builder(ec.publicKey()).algorithms(Algorithm.ML_DSA_65).build());
                return;
            }
            try (JwtPrivateKey pq = JwtPrivateKey.generate(Algorithm.ML_DSA_65).withKeyId("k")) {
                // An EC key asked to verify ML-DSA, and an ML-DSA key asked to verify ES256.
                assertThrows(InvalidJwtKeyException.class,
                        () -> JwtVerifier.builder(ec.publicKey()).algorithms(Algorithm.ML_DSA_65).build());
                assertThrows(InvalidJwtKeyException.class,
                        () -> JwtVerifier.builder(pq.publicKey()).algorithms(Algorithm.ES256).build());
                assertThrows(InvalidJwtKeyException.class, () -> JwtSigner.builder(pq).algorithm(Algorithm.EdDSA).build());
                JwtVerifier onlyPq = verifier(List.of(pq.publicKey()), Algorithm.ML_DSA_65);
                JwtVerifier onlyEc = verifier(List.of(ec.publicKey()), Algorithm.ES256);
                String pqToken = signedAs(pq, "{\"alg\":\"ML-DSA-65\",\"kid\":\"k\"}");
                String ecToken = JwtSigner.builder(ec).algorithm(Algorithm.ES256).build().sign(Map.of("sub", "alice",
                        "exp", 1700003600));
                assertEquals("alice", onlyPq.decode(pqToken).get("sub"));
                assertInstanceOf(AlgorithmNotAllowedException.class, assertThrows(JwtException.class, () -> onlyEc.decode(pqToken)));
                assertInstanceOf(AlgorithmNotAllowedException.class, assertThrows(JwtException.class, () -> onlyPq.decode(ecToken)));
                // The ML-DSA signature under a header that names ES256, the EC key's algorithm.
                String relabelled = TestTokens.b64("{\"alg\":\"ES256\",\"kid\":\"k\"}") + pqToken.substring(pqToken.indexOf('.'));
                JwtVerifier ecAndPq = verifier(List.of(ec.publicKey(), JwtKey.fromJwk(pq.publicKey().toJwk().replace(
                        "\"kid\":\"k\"", "\"kid\":\"k2\""))), Algorithm.ES256, Algorithm.ML_DSA_65);
                assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> ecAndPq.decode(relabelled)));
            }
        }
    }

    @Test
    void akpJwkWithoutAlgIsRefused() {
        Map<String, Object> jwk = publicJwk(Algorithm.ML_DSA_65);
        jwk.remove("alg");
        assertTrue(refusedJwk(jwk).getMessage().startsWith("The AKP JWK has no \"alg\""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ES256", "EdDSA", "RS256", "HS256", "A128KW", "ML-DSA-99", "ml-dsa-65", "ML-DSA"})
    void akpJwkWithANonMlDsaAlgIsRefused(String alg) {
        Map<String, Object> jwk = publicJwk(Algorithm.ML_DSA_65);
        jwk.put("alg", alg);
        assertTrue(refusedJwk(jwk).getMessage().startsWith("The AKP JWK's alg \"" + alg + "\" is not an ML-DSA algorithm"));
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void akpJwkWithAPubOfTheWrongLengthIsRefused(Algorithm alg) {
        byte[] pub = Base64.getUrlDecoder().decode((String) publicJwk(alg).get("pub"));
        for (int len : new int[] {pub.length - 1, pub.length + 1, 1312, 1952, 2592, 32}) {
            if (len == pub.length) {
                continue;
            }
            Map<String, Object> jwk = publicJwk(alg);
            jwk.put("pub", TestTokens.b64(java.util.Arrays.copyOf(pub, len)));
            assertEquals("An " + alg.jwsName() + " public key is " + pub.length + " bytes (FIPS 204 table 2), not " + len + ".",
                    refusedJwk(jwk).getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void akpJwkWhoseSeedDoesNotYieldPubIsRefused(Algorithm alg) {
        Map<String, Object> jwk = MlDsaTesting.exampleJwk(alg); // the all-zero seed and its public key
        byte[] other = new byte[32];
        other[31] = 1;
        jwk.put("priv", TestTokens.b64(other));
        InvalidJwtKeyException e = refusedJwk(jwk);
        if (!MlDsaTesting.available()) {
            assertTrue(e.getMessage().contains(MlDsaTesting.refusal()), e.getMessage());
            return;
        }
        assertEquals("The AKP JWK's seed (\"priv\") does not yield its public key (\"pub\"): they belong to different "
                + alg.jwsName() + " keys.", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 31, 33, 64, 2560})
    void akpJwkWhosePrivIsNotA32ByteSeedIsRefused(int len) {
        Map<String, Object> jwk = MlDsaTesting.exampleJwk(Algorithm.ML_DSA_44);
        jwk.put("priv", len == 0 ? "" : TestTokens.b64(new byte[len])); // 2560: the expanded key's size
        InvalidJwtKeyException e = refusedJwk(jwk);
        assertTrue(len == 0 ? e.getMessage().contains("\"priv\" member is not non-empty strict base64url")
                : e.getMessage().equals("An ML-DSA-44 private key (\"priv\") is its 32-byte seed (RFC 9964), not " + len
                        + " bytes."), e.getMessage());
    }

    @Test
    void pkcs8ExpandedKeyOnlyIsRefusedAsUncheckable() {
        byte[] der = MlDsaKeysTest.expandedPkcs8(Algorithm.ML_DSA_65, new byte[4032]);
        for (org.junit.jupiter.api.function.Executable importIt : List.<org.junit.jupiter.api.function.Executable>of(
                () -> JwtPrivateKey.fromDer(der),
                () -> JwtPrivateKey.fromPem(new String(MlDsaKeysTest.pemOf("PRIVATE KEY", der), StandardCharsets.US_ASCII)))) {
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, importIt);
            assertTrue(e.getMessage().startsWith("The ML-DSA-65 private key holds only its expanded form, which lcjwt"
                    + " cannot check for consistency"), e.getMessage());
        }
    }

    @Test
    void pkcs8BothFormWhoseExpandedKeyIsNotTheSeedsIsRefused() {
        Algorithm alg = Algorithm.ML_DSA_44;
        // Of the wrong size: refused before libcrypto is asked, on both.
        InvalidJwtKeyException size = assertThrows(InvalidJwtKeyException.class,
                () -> JwtPrivateKey.fromDer(MlDsaKeysTest.bothPkcs8(alg, new byte[32], new byte[2559])));
        assertTrue(size.getMessage().contains("expanded key is 2559 bytes"), size.getMessage());
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class,
                    () -> JwtPrivateKey.fromDer(MlDsaKeysTest.bothPkcs8(alg, new byte[32], new byte[2560])));
            return;
        }
        try (JwtPrivateKey a = JwtPrivateKey.generate(alg); JwtPrivateKey b = JwtPrivateKey.generate(alg)) {
            byte[] seedA = Base64.getUrlDecoder().decode((String) Jwk.readObject(a.toJwk()).get("priv"));
            byte[] expandedB = MlDsaKeysTest.expandedOf(b);
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class,
                    () -> JwtPrivateKey.fromDer(MlDsaKeysTest.bothPkcs8(alg, seedA, expandedB)));
            assertEquals("The ML-DSA-44 private key's expanded key is not the one its seed yields: its two forms belong"
                    + " to different keys.", e.getMessage());
            byte[] expandedA = MlDsaKeysTest.expandedOf(a);
            expandedA[1000] ^= 1; // one bit of the right key's expanded form
            assertThrows(InvalidJwtKeyException.class, () -> JwtPrivateKey.fromDer(MlDsaKeysTest.bothPkcs8(alg, seedA, expandedA)));
        }
    }

    @Test
    void pkcs8CarryingAnotherKeysPublicKeyIsRefused() {
        Algorithm alg = Algorithm.ML_DSA_65;
        byte[] otherPub = Base64.getUrlDecoder().decode((String) publicJwk(alg).get("pub"));
        byte[] seed = new byte[32];
        seed[0] = 7;
        byte[] der = MlDsaKeysTest.v2Pkcs8(alg, seed, otherPub);
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtPrivateKey.fromDer(der));
            return;
        }
        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwtPrivateKey.fromDer(der));
        assertEquals("The ML-DSA-65 private key carries a public key that is not its own: its private and public parts"
                + " belong to different keys.", e.getMessage());
    }

    @Test
    void spkiWithParametersOrOfTheWrongLengthIsRefused() {
        byte[] pub = Base64.getUrlDecoder().decode((String) publicJwk(Algorithm.ML_DSA_87).get("pub"));
        byte[] bits = new byte[pub.length + 1];
        System.arraycopy(pub, 0, bits, 1, pub.length);
        byte[] withNull = MlDsaKeysTest.tlv(0x30, MlDsaKeysTest.tlv(0x30, MlDsaKeysTest.oid(Algorithm.ML_DSA_87),
                new byte[] {0x05, 0x00}), MlDsaKeysTest.tlv(0x03, bits));
        assertEquals("The ML-DSA-87 key's AlgorithmIdentifier has parameters; RFC 9881 says they must be absent.",
                assertThrows(InvalidJwtKeyException.class, () -> JwtPublicKey.fromDer(withNull)).getMessage());
        // An ML-DSA-87 public key under ML-DSA-65's OID.
        byte[] wrongLevel = MlDsaKeysTest.spkiOf(Algorithm.ML_DSA_65, pub);
        assertEquals("An ML-DSA-65 public key is 1952 bytes (FIPS 204 table 2), not 2592.",
                assertThrows(InvalidJwtKeyException.class, () -> JwtPublicKey.fromDer(wrongLevel)).getMessage());
    }

    @Test
    void aLibcryptoWithoutMlDsaRefusesAtImportAndBuildNamingWhatIsNeeded() throws Throwable {
        String publicJwk = MlDsaTesting.examplePublicJwk(Algorithm.ML_DSA_65);
        String privateJwk = MlDsaTesting.json(MlDsaTesting.exampleJwk(Algorithm.ML_DSA_65));
        byte[] spki = MlDsaKeysTest.spkiOf(Algorithm.ML_DSA_65, Base64.getUrlDecoder().decode(
                (String) publicJwk(Algorithm.ML_DSA_65).get("pub")));
        byte[] pkcs8 = MlDsaKeysTest.seedPkcs8(Algorithm.ML_DSA_65, new byte[32]);
        String spkiPem = new String(MlDsaKeysTest.pemOf("PUBLIC KEY", spki), StandardCharsets.US_ASCII);
        try (JwksClient client = JwksClient.builder(URI.create("http://127.0.0.1:9/jwks.json")).build();
             JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256)) {
            List<org.junit.jupiter.api.function.Executable> imports = List.of(
                    () -> JwtKey.fromJwk(publicJwk).close(), () -> JwtKey.fromJwk(privateJwk).close(),
                    () -> JwtPublicKey.fromDer(spki).close(), () -> JwtPublicKey.fromPem(spkiPem).close(),
                    () -> JwtPrivateKey.fromDer(pkcs8).close(), () -> JwkSet.parse("{\"keys\":[" + publicJwk + "]}"));
            List<org.junit.jupiter.api.function.Executable> builds = List.of(
                    () -> JwtVerifier.builder(client).algorithms(Algorithm.ML_DSA_65).build(),
                    () -> JwtVerifier.builder(ec.publicKey()).algorithms(Algorithm.ES256, Algorithm.ML_DSA_44).build(),
                    () -> JwtSigner.builder(ec).algorithm(Algorithm.ML_DSA_87).build(),
                    () -> JwtPrivateKey.generate(Algorithm.ML_DSA_65).close());
            if (!MlDsaTesting.available()) {
                for (var i : imports) {
                    MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, i);
                }
                for (var b : builds) {
                    MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, b);
                }
                return;
            }
            for (var i : imports) {
                i.execute();
            }
            // Here the builders go past the libcrypto check: the JWKS verifier builds (its keys come later),
            // and the others fail for their keys, not for the library.
            builds.get(0).execute();
            assertThrows(InvalidJwtKeyException.class, builds.get(1));
            assertThrows(InvalidJwtKeyException.class, builds.get(2));
            builds.get(3).execute();
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void oneByteChangedAnywhereIsRefused(Algorithm alg) {
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(alg));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(alg)) {
            JwtVerifier v = verifier(List.of(key.publicKey()), alg);
            String token = signedAs(key, "{\"alg\":\"" + alg.jwsName() + "\",\"typ\":\"JWT\"}");
            assertEquals("alice", v.decode(token).get("sub"));
            int dot = token.lastIndexOf('.');
            // Every character of the signing input, replaced by another base64url character.
            for (int i = 0; i < dot; i++) {
                char c = token.charAt(i);
                if (c == '.') {
                    continue;
                }
                String changed = token.substring(0, i) + (c == 'A' ? 'B' : 'A') + token.substring(i + 1);
                assertThrows(JwtException.class, () -> v.decode(changed), "signing input character " + i);
            }
            // Every 7th byte of the signature, and its first and last.
            byte[] sig = Base64.getUrlDecoder().decode(token.substring(dot + 1));
            for (int i = 0; i < sig.length; i = i == sig.length - 1 ? sig.length : Math.min(i + 7, sig.length - 1)) {
                byte[] s = sig.clone();
                s[i] ^= (byte) (1 << (i % 8));
                String changed = token.substring(0, dot + 1) + TestTokens.b64(s);
                assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> v.decode(changed)),
                        "signature byte " + i);
            }
        }
    }

    @Test
    void signaturesOfAnotherLengthAreRefused() {
        Algorithm alg = Algorithm.ML_DSA_44;
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(alg));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(alg)) {
            JwtVerifier v = verifier(List.of(key.publicKey()), alg);
            String token = signedAs(key, "{\"alg\":\"ML-DSA-44\"}");
            int dot = token.lastIndexOf('.');
            byte[] sig = Base64.getUrlDecoder().decode(token.substring(dot + 1));
            for (int len : new int[] {1, sig.length - 1, sig.length + 1, 3309, 4627}) {
                String changed = token.substring(0, dot + 1) + TestTokens.b64(java.util.Arrays.copyOf(sig, len));
                assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> v.decode(changed)),
                        "a signature of " + len + " bytes");
            }
            // Longer than any ML-DSA signature: refused before any crypto, as the scratch holds at most 4,627 bytes.
            String huge = token.substring(0, dot + 1) + TestTokens.b64(new byte[4700]);
            assertInstanceOf(MalformedJwtException.class, assertThrows(JwtException.class, () -> v.decode(huge)));
        }
    }

    @Test
    void aPublishedJwkSetCarryingASeedIsRefusedWhole() {
        String doc = "{\"keys\":[" + MlDsaTesting.json(MlDsaTesting.exampleJwk(Algorithm.ML_DSA_44)) + "]}";
        for (var parse : List.<org.junit.jupiter.api.function.Executable>of(() -> JwkSet.parse(doc),
                () -> JwkSet.parseLenient(doc))) {
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, parse);
            assertEquals("The JWK set publishes private key material (\"priv\"); refusing the whole document.", e.getMessage());
        }
    }

    @Test
    void lenientParsingKeepsTheOtherKeysWhenAnAkpKeyIsUnusableHere() throws Exception {
        try (JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("ec")) {
            Map<String, Object> unknownAlg = publicJwk(Algorithm.ML_DSA_44);
            unknownAlg.put("alg", "SLH-DSA-SHA2-128s");
            unknownAlg.put("kid", "slh");
            String doc = "{\"keys\":[" + ec.publicKey().toJwk() + "," + MlDsaTesting.examplePublicJwk(Algorithm.ML_DSA_65)
                    + "," + MlDsaTesting.json(unknownAlg) + ",{\"kty\":\"FUTURE\",\"kid\":\"f\",\"k2\":\"AA\"}]}";
            JwkSet set = JwkSet.parseLenient(doc);
            // An AKP key of an algorithm lcjwt has not, and a kty it has not, are skipped everywhere; an
            // ML-DSA key is kept where the libcrypto has ML-DSA, and skipped where not.
            assertEquals(MlDsaTesting.available() ? 2 : 3, set.skipped());
            assertEquals(MlDsaTesting.available() ? List.of("ec", "Suiu29qbfuaBaR4Ats-c6XQBePB_OpAxAwcTR_0KXVM") : List.of("ec"),
                    set.keys().stream().map(JwtKey::keyId).toList());
            assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(doc), "the strict parse refuses the document");
            set.keys().forEach(JwtKey::close);
        }
    }
}
