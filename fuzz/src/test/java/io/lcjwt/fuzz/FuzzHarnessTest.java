package io.lcjwt.fuzz;

import io.lcjwt.Algorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The fuzz targets are only as good as their harness: every verifier they use must accept a good
 * token through every input/output kind, and the oracle must refuse what it should.
 */
class FuzzHarnessTest {

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void everyVerifierAcceptsAGoodTokenAndTheOracleAgrees(Algorithm alg) {
        FuzzKeys.Material m = FuzzKeys.ALL.get(alg);
        for (FuzzKeys.Source s : FuzzKeys.Source.values()) {
            byte[] token = Tokens.signed(m, Tokens.header(m, s == FuzzKeys.Source.JWKS).getBytes(StandardCharsets.UTF_8),
                    Tokens.GOOD_CLAIMS.getBytes(StandardCharsets.UTF_8));
            for (int kind = 0; kind < 7; kind++) {
                Tokens.Outcome o = Tokens.decode(m.verifiers().get(s), token, kind);
                if (!m.verifiable()) {
                    // ML-DSA where the libcrypto lacks it: a service that cannot verify it refuses it.
                    assertEquals(Tokens.Outcome.REFUSED, o, alg + " " + s + " kind " + kind);
                    continue;
                }
                assertEquals(kind >= 5 ? Tokens.Outcome.CONTENT : Tokens.Outcome.JWT, o, alg + " " + s + " kind " + kind);
                Oracle.acceptedToken(m, token, o == Tokens.Outcome.JWT);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void theOracleRefusesAForeignSignature(Algorithm alg) {
        FuzzKeys.Material m = FuzzKeys.ALL.get(alg);
        byte[] good = Tokens.signed(m, Tokens.header(m, false).getBytes(StandardCharsets.UTF_8),
                Tokens.GOOD_CLAIMS.getBytes(StandardCharsets.UTF_8));
        String t = new String(good, StandardCharsets.US_ASCII);
        String other = t.substring(0, t.lastIndexOf('.') + 1)
                + FuzzKeys.b64(m.sign("something else".getBytes(StandardCharsets.US_ASCII)));
        assertThrows(AssertionError.class, () -> Oracle.acceptedToken(m, other.getBytes(StandardCharsets.US_ASCII), true));
        assertEquals(Tokens.Outcome.REFUSED, Tokens.decode(m.verifiers().get(FuzzKeys.Source.DIRECT),
                other.getBytes(StandardCharsets.US_ASCII), 0));
    }

    /** ML-DSA tokens are verified wherever the libcrypto has ML-DSA, and only there. */
    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void mlDsaIsVerifiedWhereTheLibcryptoHasIt(Algorithm alg) {
        FuzzKeys.Material m = FuzzKeys.ALL.get(alg);
        assertEquals(io.lcjwt.LibCrypto.supports(alg), m.verifiable());
        byte[] msg = "abc".getBytes(StandardCharsets.US_ASCII);
        assertEquals(true, m.check(msg, m.sign(msg)), "the JDK's ML-DSA signs and checks on any libcrypto");
        if (!m.verifiable()) {
            try (io.lcjwt.JwtPrivateKey ec = io.lcjwt.JwtPrivateKey.generate(Algorithm.ES256)) {
                assertThrows(UnsupportedOperationException.class,
                        () -> io.lcjwt.JwtVerifier.builder(ec.publicKey()).algorithms(alg).build());
            }
        }
    }

    @Test
    void theOracleRefusesBrokenClaims() {
        for (String claims : new String[] {
            "{\"aud\":\"fuzz-aud\"}",
            "{\"aud\":\"other\",\"exp\":1700003600}",
            "{\"aud\":\"fuzz-aud\",\"exp\":1699999999}",
            "{\"aud\":\"fuzz-aud\",\"exp\":1700003600,\"nbf\":1700000001}",
            "{\"aud\":\"fuzz-aud\",\"exp\":1700003600,\"aud\":\"fuzz-aud\"}",
        }) {
            assertThrows(AssertionError.class,
                    () -> Oracle.acceptedClaims(claims.getBytes(StandardCharsets.UTF_8), claims), claims);
        }
    }

    @Test
    void ecdsaOnSecp256k1SignsAndVerifies() {
        FuzzKeys.Material m = FuzzKeys.ALL.get(Algorithm.ES256K);
        byte[] msg = "abc".getBytes(StandardCharsets.US_ASCII);
        byte[] sig = m.sign(msg);
        assertEquals(true, m.check(msg, sig));
        sig[10] ^= 1;
        assertEquals(false, m.check(msg, sig));
    }

    /** The sign-then-verify oracle reaches both outcomes, and the seeds start from each. */
    @Test
    void signThenVerifyJudgesBothWays() {
        java.util.List<Object> cycle = new java.util.ArrayList<>();
        cycle.add(cycle);
        Object[][] table = {
            {"plain", true}, {"\uD83D\uDE00", true}, {"\uD800", false}, {"a\uDFFFb", false},
            {Double.NaN, false}, {Double.NEGATIVE_INFINITY, false}, {-0.0, true}, {Long.MIN_VALUE, true},
            {java.math.BigInteger.TEN.pow(99), true}, {java.math.BigInteger.TEN.pow(100).negate(), false},
            {java.util.Map.of("k\uDBFF", 1), false}, {cycle, false},
        };
        for (Object[] row : table) {
            java.util.Map<String, Object> claims = new java.util.LinkedHashMap<>();
            claims.put("aud", FuzzKeys.AUDIENCE);
            claims.put("exp", FuzzKeys.NOW + 3600);
            claims.put("x", row[0]);
            assertEquals(row[1], SignThenVerifyFuzzTest.refuse(claims, 1) == Boolean.FALSE, "oracle on " + row[0]);
            assertEquals(row[1], SignThenVerifyFuzzTest.check(claims), "signer on " + row[0]);
        }
        boolean[] expected = {true, false, true, false, false, false};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], SignThenVerifyFuzzTest.check(SignThenVerifyFuzzTest.claims(SignThenVerifyFuzzTest.SEEDS.get(i))),
                    "seed " + i);
        }
    }

    @Test
    void jwsJsonSeedsReachTheAcceptingPathAndTheOracleCanFail() throws Exception {
        java.nio.file.Path dir = java.nio.file.Path.of("src/test/resources/io/lcjwt/fuzz/JwsJsonFuzzTestInputs/jsonSerialization");
        int accepted = 0;
        try (var files = java.nio.file.Files.list(dir)) {
            for (java.nio.file.Path f : files.toList()) {
                // as the fuzz test reads its input: a regression input (a past finding) need not be UTF-8
                String text = new String(java.nio.file.Files.readAllBytes(f), java.nio.charset.StandardCharsets.UTF_8);
                for (var v : java.util.List.of(JwsJsonFuzzTest.COOKBOOK_V, JwsJsonFuzzTest.RFC7797_V)) {
                    byte[] secret = v == JwsJsonFuzzTest.COOKBOOK_V ? JwsJsonFuzzTest.COOKBOOK : JwsJsonFuzzTest.RFC7515_A1;
                    for (byte[] detached : new byte[][] {null, JwsJsonFuzzTest.DETACHED_COOKBOOK, JwsJsonFuzzTest.DETACHED_7797}) {
                        try {
                            io.lcjwt.VerifiedJws r = detached == null ? v.verifyJson(text) : v.verifyJson(text, detached);
                            JwsJsonFuzzTest.accepted(text, secret, detached, true, r);
                            accepted++;
                            // the oracle refuses the same result judged against another key
                            assertThrows(AssertionError.class, () -> JwsJsonFuzzTest.accepted(text, new byte[32], detached, true, r));
                        } catch (io.lcjwt.JwtException refused) {
                            // most seed/verifier pairs do not match
                        }
                    }
                }
            }
        }
        assertEquals(7, accepted, "cookbook 4.5 (2 forms, detached), 4.6 (2 forms), RFC 7797 (flattened, flattened detached, general)");
    }

    @Test
    void jweSeedsDecryptToTheirPlaintextAndTheOracleCanFail() throws Exception {
        java.nio.file.Path dir = java.nio.file.Path.of("src/test/resources/io/lcjwt/fuzz/JweDecryptFuzzTestInputs/decrypt");
        int accepted = 0;
        try (var files = java.nio.file.Files.list(dir)) {
            for (java.nio.file.Path f : files.toList()) {
                String text = java.nio.file.Files.readString(f);
                int before = accepted;
                for (io.lcjwt.JweDecrypter d : JweDecryptFuzzTest.DECRYPTERS) {
                    for (boolean json : new boolean[] {false, true}) {
                        byte[] plain;
                        try {
                            plain = json ? d.decryptJson(text) : d.decrypt(text);
                        } catch (io.lcjwt.JwtException refused) {
                            continue; // most seed/decrypter pairs do not match
                        }
                        org.junit.jupiter.api.Assertions.assertArrayEquals(JweDecryptFuzzTest.PLAINTEXT, plain, f.toString());
                        JweDecryptFuzzTest.accepted(d, text, json, plain);
                        accepted++;
                        // the oracle refuses another plaintext for the same JWE
                        assertThrows(AssertionError.class, () -> JweDecryptFuzzTest.accepted(d, text, json, new byte[] {'x'}));
                    }
                }
                org.junit.jupiter.api.Assertions.assertTrue(accepted > before, "seed " + f + " decrypts with no decrypter");
            }
        }
        assertEquals(23, accepted, "10 compact, 4 general JSON (A128KW and PBES2 each), 5 flattened");
    }

    @Test
    void sdJwtSeedsReachTheAcceptingPathsAndTheReferenceCanFail() {
        java.util.List<byte[]> seeds = SdJwtFuzzTest.seeds();
        // structured seeds 0-2: SD-JWTs without key binding; 3-4: with; 5-7: refused by both
        for (int i = 0; i < 8; i++) {
            String in = new String(seeds.get(i), 1, seeds.get(i).length - 1, StandardCharsets.UTF_8);
            SdJwtFuzzTest.Assembled a = SdJwtFuzzTest.assemble(in);
            boolean plain = accepts(() -> SdJwtFuzzTest.PLAIN.verify(a.text()));
            boolean bound = accepts(() -> SdJwtFuzzTest.BOUND.verify(a.text(), SdJwtFuzzTest.NONCE));
            assertEquals(i < 3, plain, "seed " + i + " without key binding");
            assertEquals(i == 3 || i == 4, bound, "seed " + i + " with key binding");
            if (i < 3) {
                assertEquals(true, SdJwtFuzzTest.same(SdJwtFuzzTest.Reference.process(a, a.text()),
                        SdJwtFuzzTest.PLAIN.verify(a.text()).claims()), "seed " + i);
                // the raw text of an accepted seed is taken apart again by the JDK alone
                assertEquals(true, SdJwtFuzzTest.same(SdJwtFuzzTest.Reference.process(SdJwtFuzzTest.split(a.text()),
                        a.text()), SdJwtFuzzTest.PLAIN.verify(a.text()).claims()));
            }
            if (i >= 5) {
                assertThrows(AssertionError.class, () -> SdJwtFuzzTest.Reference.process(a, a.text()), "seed " + i);
            }
        }
        // the reference notices a disclosure nothing references, and claims that differ
        SdJwtFuzzTest.Assembled stray = SdJwtFuzzTest.assemble("{\"exp\":1900000000}\u0000[\"s\",\"n\",1]");
        assertThrows(AssertionError.class, () -> SdJwtFuzzTest.Reference.process(stray, stray.text()));
        assertEquals(false, SdJwtFuzzTest.same(java.util.Map.of("a", 1L), java.util.Map.of("a", 2L)));
        assertEquals(false, SdJwtFuzzTest.same(java.util.Map.of("a", java.util.List.of(1L)), java.util.Map.of("a",
                java.util.List.of(1L, 2L))));
    }

    private static boolean accepts(Runnable r) {
        try {
            r.run();
            return true;
        } catch (io.lcjwt.JwtException refused) {
            return false;
        }
    }
}
