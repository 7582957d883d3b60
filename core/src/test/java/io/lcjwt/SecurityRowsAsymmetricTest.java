package io.lcjwt;

import io.lcjwt.internal.keys.Der;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SECURITY.md rows 1, 3, 4, 5, 19, 20 and 22: the asymmetric half. */
class SecurityRowsAsymmetricTest {

    static final String CLAIMS = "{\"sub\":\"alice\",\"exp\":1700003600}";

    static String input(String alg) {
        return TestTokens.b64("{\"alg\":\"" + alg + "\"}") + "." + TestTokens.b64(CLAIMS);
    }

    static <T extends JwtException> void rejects(Class<T> type, JwtVerifier v, String token) {
        JwtException e = assertThrows(JwtException.class, () -> v.decode(token));
        assertInstanceOf(type, e, () -> "expected " + type.getSimpleName() + " but got " + e);
    }

    static JwtVerifier verifier(JwtKey key, Algorithm... algs) {
        return JwtVerifier.builder(key).algorithms(algs).clock(TestTokens.CLOCK).build();
    }

    // Row 1 (issue #19.5): alg is matched exactly, so the misspelling ES521 is not ES512 in a token.
    @Test
    void row01_es521InATokenHeaderIsNotES512() throws Exception {
        var kpg = KeyPairGenerator.getInstance("EC");
        kpg.initialize(new java.security.spec.ECGenParameterSpec("secp521r1"));
        var kp = kpg.generateKeyPair();
        try (JwtPublicKey pub = JwtPublicKey.fromDer(kp.getPublic().getEncoded())) {
            JwtVerifier v = verifier(pub, Algorithm.ES512);
            for (String alg : List.of("ES512", "ES521")) {
                String in = input(alg);
                Signature p1363 = Signature.getInstance("SHA512withECDSAinP1363Format");
                p1363.initSign(kp.getPrivate());
                p1363.update(in.getBytes(StandardCharsets.US_ASCII));
                String token = in + "." + TestTokens.b64(p1363.sign());
                if (alg.equals("ES512")) {
                    assertEquals("alice", v.decode(token).get("sub"));
                } else {
                    rejects(AlgorithmNotAllowedException.class, v, token);
                    assertThrows(AlgorithmNotAllowedException.class, () -> Unverified.header(token));
                }
            }
        }
        assertEquals(null, Algorithm.fromJwsName("ES521"));
        assertEquals(Algorithm.ES512, Algorithm.fromJwsName("ES512"));
        // A JWK may still say ES521: there it only restricts the key to ES512.
        try (JwtPrivateKey priv = JwtPrivateKey.generate(Algorithm.ES512); JwtPublicKey pub = priv.publicKey()) {
            String jwk = pub.toJwk();
            try (JwtKey lenient = JwtKey.fromJwk(jwk.substring(0, jwk.length() - 1) + ",\"alg\":\"ES521\"}")) {
                assertTrue(lenient.supports(Algorithm.ES512));
                assertEquals(false, lenient.supports(Algorithm.ES256));
            }
        }
    }

    // Row 3
    @Test
    void row03_publicKeyAsHmacSecretIsImpossible() {
        try (JwtPrivateKey priv = JwtPrivateKey.generate(Algorithm.RS256); JwtPublicKey pub = priv.publicKey()) {
            for (byte[] confusable : List.of(pub.toPem().getBytes(StandardCharsets.US_ASCII), pub.toDer(),
                    pub.toJwk().getBytes(StandardCharsets.US_ASCII))) {
                assertThrows(InvalidJwtKeyException.class, () -> JwtSecretKey.of(confusable));
                // An attacker signs HS256 with the public key as secret: the RSA verifier refuses the alg.
                String forged = TestTokens.hs("HS256", "{\"alg\":\"HS256\"}", CLAIMS, confusable);
                rejects(AlgorithmNotAllowedException.class, verifier(pub, Algorithm.RS256), forged);
            }
            assertThrows(InvalidJwtKeyException.class, () -> verifier(pub, Algorithm.HS256));
            assertThrows(InvalidJwtKeyException.class, () -> verifier(pub, Algorithm.RS256, Algorithm.HS256));
        }
    }

    // Row 4
    @Test
    void row04_ecdsaZeroAndOutOfRangeScalarsAreRefused() {
        try (JwtPrivateKey priv = JwtPrivateKey.generate(Algorithm.ES256); JwtPublicKey pub = priv.publicKey()) {
            JwtVerifier v = verifier(pub, Algorithm.ES256);
            byte[] n = HexFormat.of().parseHex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
            byte[] one = new byte[32];
            one[31] = 1;
            byte[] zero = new byte[32];
            byte[] above = new BigInteger(1, n).add(BigInteger.ONE).toByteArray();
            for (byte[][] rs : new byte[][][] {{zero, zero}, {zero, one}, {one, zero}, {n, one}, {one, n}, {above, one}}) {
                byte[] sig = new byte[64];
                System.arraycopy(rs[0], rs[0].length - 32, sig, 0, 32);
                System.arraycopy(rs[1], rs[1].length - 32, sig, 32, 32);
                rejects(BadSignatureException.class, v, input("ES256") + "." + TestTokens.b64(sig));
            }
            // a valid signature still verifies
            String ok = JwtSigner.builder(priv).algorithm(Algorithm.ES256).build().sign(Map.of("exp", 1700003600L));
            v.decode(ok);
        }
    }

    // Row 5
    @Test
    void row05_ecdsaSignaturesMustBeExactlyRConcatS() throws Exception {
        var kpg = KeyPairGenerator.getInstance("EC");
        kpg.initialize(new java.security.spec.ECGenParameterSpec("secp256r1"));
        var kp = kpg.generateKeyPair();
        try (JwtPublicKey pub = JwtPublicKey.fromDer(kp.getPublic().getEncoded())) {
            JwtVerifier v = verifier(pub, Algorithm.ES256);
            String in = input("ES256");
            Signature der = Signature.getInstance("SHA256withECDSA");
            der.initSign(kp.getPrivate());
            der.update(in.getBytes(StandardCharsets.US_ASCII));
            rejects(BadSignatureException.class, v, in + "." + TestTokens.b64(der.sign()));
            Signature p1363 = Signature.getInstance("SHA256withECDSAinP1363Format");
            p1363.initSign(kp.getPrivate());
            p1363.update(in.getBytes(StandardCharsets.US_ASCII));
            byte[] good = p1363.sign();
            assertEquals("alice", v.decode(in + "." + TestTokens.b64(good)).get("sub"));
            rejects(BadSignatureException.class, v, in + "." + TestTokens.b64(Arrays.copyOf(good, 63)));
            rejects(BadSignatureException.class, v, in + "." + TestTokens.b64(Arrays.copyOf(good, 65)));
            rejects(BadSignatureException.class, v, in + "." + TestTokens.b64(Arrays.copyOf(good, 132)));
            // high-S is valid in JWS: n - s verifies too
            BigInteger order = new BigInteger("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16);
            BigInteger s = new BigInteger(1, Arrays.copyOfRange(good, 32, 64));
            byte[] flipped = good.clone();
            byte[] hs = order.subtract(s).toByteArray();
            Arrays.fill(flipped, 32, 64, (byte) 0);
            System.arraycopy(hs, Math.max(0, hs.length - 32), flipped, 64 - Math.min(32, hs.length), Math.min(32, hs.length));
            assertEquals("alice", v.decode(in + "." + TestTokens.b64(flipped)).get("sub"));
        }
    }

    static byte[] rsaSpki(BigInteger n, BigInteger e) {
        return Der.seq(Der.seq(Der.oid("1.2.840.113549.1.1.1"), Der.nul()),
                Der.bitString(Der.seq(Der.integer(n), Der.integer(e))));
    }

    // Row 19
    @Test
    void row19_weakOrAbsurdRsaKeysAreRefusedAtImport() throws Exception {
        var kpg = KeyPairGenerator.getInstance("RSA");
        kpg.initialize(1024);
        byte[] small = kpg.generateKeyPair().getPublic().getEncoded();
        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwtPublicKey.fromDer(small));
        assertTrue(e.getMessage().contains("2048"), e.getMessage());
        BigInteger n2048 = BigInteger.ONE.shiftLeft(2047).add(BigInteger.valueOf(12345)).or(BigInteger.ONE);
        BigInteger n8200 = BigInteger.ONE.shiftLeft(8199).or(BigInteger.ONE);
        assertThrows(InvalidJwtKeyException.class, () -> JwtPublicKey.fromDer(rsaSpki(n8200, BigInteger.valueOf(65537))));
        for (long exp : new long[] {3, 17, 65536, 65538, 1}) {
            InvalidJwtKeyException ex = assertThrows(InvalidJwtKeyException.class,
                    () -> JwtPublicKey.fromDer(rsaSpki(n2048, BigInteger.valueOf(exp))));
            assertTrue(ex.getMessage().contains("exponent"), ex.getMessage());
        }
        // An exponent over 33 bits: aws-lc refuses it at parse, and OpenSSL 3 never verifies with
        // one over 64 bits on a modulus past 3072 bits (KeyImportFuzzTest found a 3496-bit key
        // with a 65-bit exponent that imported on OpenSSL). One bound on both backends.
        BigInteger n3496 = BigInteger.ONE.shiftLeft(3495).add(BigInteger.valueOf(4321)).or(BigInteger.ONE);
        for (int eBits : new int[] {34, 65, 256}) {
            BigInteger longE = BigInteger.ONE.shiftLeft(eBits - 1).or(BigInteger.ONE);
            for (BigInteger n : new BigInteger[] {n2048, n3496}) {
                InvalidJwtKeyException ex = assertThrows(InvalidJwtKeyException.class,
                        () -> JwtPublicKey.fromDer(rsaSpki(n, longE)), eBits + "-bit exponent");
                assertTrue(ex.getMessage().contains("33"), ex.getMessage());
            }
        }
        BigInteger e33 = BigInteger.ONE.shiftLeft(32).or(BigInteger.ONE);
        for (BigInteger n : new BigInteger[] {n2048, n3496}) {
            // The native key is made at first use: a decode makes it, and libcrypto must take it
            // (an RS256 signature of the modulus's length, all zero, so the decode fails there).
            try (JwtPublicKey k = JwtPublicKey.fromDer(rsaSpki(n, e33))) {
                String zeros = input("RS256") + "." + TestTokens.b64(new byte[(n.bitLength() + 7) / 8]);
                rejects(BadSignatureException.class, verifier(k, Algorithm.RS256), zeros);
            }
        }
        // An even modulus is no product of two odd primes: aws-lc refuses it at parse, and lcjwt on both.
        InvalidJwtKeyException even = assertThrows(InvalidJwtKeyException.class,
                () -> JwtPublicKey.fromDer(rsaSpki(n2048.clearBit(0), BigInteger.valueOf(65537))));
        assertTrue(even.getMessage().contains("even"), even.getMessage());
        assertThrows(InvalidJwtKeyException.class, () -> JwtPrivateKey.generateRsa(1024));
    }

    // Row 20
    @Test
    void row20_badCurvesPointsAndEd25519Keys() {
        try (JwtPrivateKey p256 = JwtPrivateKey.generate(Algorithm.ES256); JwtPrivateKey p384 = JwtPrivateKey.generate(Algorithm.ES384)) {
            byte[] spki = p256.publicKey().toDer();
            spki[spki.length - 1] ^= 1; // y no longer matches x
            assertThrows(InvalidJwtKeyException.class, () -> JwtPublicKey.fromDer(spki));
            JwtPublicKey pub384 = p384.publicKey();
            assertThrows(InvalidJwtKeyException.class, () -> verifier(pub384, Algorithm.ES256));
            String es256 = JwtSigner.builder(p256).algorithm(Algorithm.ES256).build().sign(Map.of("exp", 1700003600L));
            rejects(AlgorithmNotAllowedException.class, verifier(pub384, Algorithm.ES384), es256);
        }
        String[] smallOrder = {
            "0100000000000000000000000000000000000000000000000000000000000000", // identity
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // order 2
            "0000000000000000000000000000000000000000000000000000000000000000", // order 4
            "0000000000000000000000000000000000000000000000000000000000000080", // order 4
        };
        for (String hex : smallOrder) {
            byte[] der = Der.seq(Der.seq(Der.oid("1.3.101.112")), Der.bitString(HexFormat.of().parseHex(hex)));
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwtPublicKey.fromDer(der));
            assertTrue(e.getMessage().contains("small order") || e.getMessage().contains("canonical"), e.getMessage());
        }
        byte[] nonCanonical = Der.seq(Der.seq(Der.oid("1.3.101.112")),
                Der.bitString(HexFormat.of().parseHex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")));
        assertThrows(InvalidJwtKeyException.class, () -> JwtPublicKey.fromDer(nonCanonical));

        // Non-canonical S (S + L) must not verify.
        try (JwtPrivateKey ed = JwtPrivateKey.generate(Algorithm.EdDSA); JwtPublicKey pub = ed.publicKey()) {
            JwtVerifier v = verifier(pub, Algorithm.EdDSA);
            String t = JwtSigner.builder(ed).algorithm(Algorithm.EdDSA).build().sign(Map.of("exp", 1700003600L));
            v.decode(t);
            byte[] sig = java.util.Base64.getUrlDecoder().decode(t.substring(t.lastIndexOf('.') + 1));
            BigInteger l = BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));
            byte[] sLe = Arrays.copyOfRange(sig, 32, 64);
            byte[] sBe = new byte[32];
            for (int i = 0; i < 32; i++) {
                sBe[i] = sLe[31 - i];
            }
            byte[] bigger = new BigInteger(1, sBe).add(l).toByteArray();
            byte[] out = sig.clone();
            for (int i = 0; i < 32; i++) {
                out[32 + i] = i < bigger.length ? bigger[bigger.length - 1 - i] : 0;
            }
            rejects(BadSignatureException.class, v, t.substring(0, t.lastIndexOf('.') + 1) + TestTokens.b64(out));
        }
    }

    // Row 22
    @Test
    void row22_pssAndPkcs1AreNotInterchangeableAndSaltIsFixed() throws Exception {
        var kpg = KeyPairGenerator.getInstance("RSA");
        kpg.initialize(2048);
        var kp = kpg.generateKeyPair();
        try (JwtPublicKey pub = JwtPublicKey.fromDer(kp.getPublic().getEncoded())) {
            JwtVerifier v = verifier(pub, Algorithm.RS256, Algorithm.PS256);
            String rsIn = input("RS256");
            String psIn = input("PS256");
            Signature pkcs1 = Signature.getInstance("SHA256withRSA");
            pkcs1.initSign(kp.getPrivate());
            pkcs1.update(psIn.getBytes(StandardCharsets.US_ASCII));
            rejects(BadSignatureException.class, v, psIn + "." + TestTokens.b64(pkcs1.sign()));

            for (PSSParameterSpec spec : List.of(
                    new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1),
                    new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 20, 1),
                    new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 0, 1),
                    new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA1, 32, 1))) {
                Signature pss = Signature.getInstance("RSASSA-PSS");
                pss.setParameter(spec);
                pss.initSign(kp.getPrivate());
                pss.update(psIn.getBytes(StandardCharsets.US_ASCII));
                String token = psIn + "." + TestTokens.b64(pss.sign());
                boolean canonical = spec.getSaltLength() == 32 && spec.getMGFParameters() == MGF1ParameterSpec.SHA256;
                if (canonical) {
                    assertEquals("alice", v.decode(token).get("sub"));
                    // the same PSS signature presented as RS256 is refused
                    pss.initSign(kp.getPrivate());
                    pss.update(rsIn.getBytes(StandardCharsets.US_ASCII));
                    rejects(BadSignatureException.class, v, rsIn + "." + TestTokens.b64(pss.sign()));
                } else {
                    rejects(BadSignatureException.class, v, token);
                }
            }
        }
    }
}
