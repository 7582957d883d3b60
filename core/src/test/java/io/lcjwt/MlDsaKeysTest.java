package io.lcjwt;

import io.lcjwt.internal.keys.Jwk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ML-DSA keys in every form lcjwt reads and writes (AKP JWK, RFC 9881 SPKI and PKCS#8 in DER and
 * PEM, generated keys, JWK sets), each round trip ending in a signature that verifies. On a
 * libcrypto without ML-DSA, each entry point refuses, naming what is needed.
 */
class MlDsaKeysTest {

    private static final byte[] PAYLOAD = "lcjwt".getBytes(StandardCharsets.UTF_8);

    /** Signs with {@code priv}, verifies with {@code pub}. */
    private static void assertPair(Algorithm alg, JwtPrivateKey priv, JwtPublicKey pub) {
        String jws = JwtSigner.builder(priv).algorithm(alg).build().signContent(PAYLOAD);
        assertArrayEquals(PAYLOAD, JwtVerifier.builder(pub).algorithms(alg).build().verifyContent(jws));
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void generatedKeysRoundTripThroughEveryForm(Algorithm alg) {
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(alg));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(alg).withKeyId("pq-1"); JwtPublicKey pub = key.publicKey()) {
            assertTrue(key.supports(alg));
            for (Algorithm other : Algorithm.values()) {
                assertEquals(other == alg, pub.supports(other), other + " on " + alg + "'s key");
            }
            assertEquals("AKP", pub.keyType());
            assertEquals(8 * MlDsaTesting.publicBytes(alg), pub.bits());
            assertTrue(key.toString().contains(alg.jwsName()), key.toString());
            assertFalse(key.toString().contains(Jwk.readObject(key.toJwk()).get("priv").toString()), "no seed in toString");

            Map<String, Object> jwk = Jwk.readObject(key.toJwk());
            assertEquals(List.of("kty", "alg", "pub", "priv", "kid"), List.copyOf(jwk.keySet()));
            assertEquals(32, Base64.getUrlDecoder().decode((String) jwk.get("priv")).length);
            Map<String, Object> pubJwk = Jwk.readObject(pub.toJwk());
            assertEquals(List.of("kty", "alg", "pub", "kid"), List.copyOf(pubJwk.keySet()));
            assertEquals(key.thumbprint(), pub.thumbprint());

            try (JwtPrivateKey fromJwk = (JwtPrivateKey) JwtKey.fromJwk(key.toJwk());
                 JwtPrivateKey fromPem = JwtPrivateKey.fromPem(new String(pemOf("PRIVATE KEY", key.toDer()), StandardCharsets.US_ASCII));
                 JwtPrivateKey fromDer = JwtPrivateKey.fromDer(key.toDer());
                 JwtPublicKey pubFromJwk = (JwtPublicKey) JwtKey.fromJwk(pub.toJwk());
                 JwtPublicKey pubFromPem = JwtPublicKey.fromPem(pub.toPem());
                 JwtPublicKey pubFromDer = JwtPublicKey.fromDer(pub.toDer())) {
                assertEquals("pq-1", fromJwk.keyId());
                for (JwtPrivateKey p : List.of(fromJwk, fromPem, fromDer)) {
                    assertArrayEquals(key.toDer(), p.toDer());
                    assertPair(alg, p, pub);
                }
                for (JwtPublicKey p : List.of(pubFromJwk, pubFromPem, pubFromDer)) {
                    assertArrayEquals(pub.toDer(), p.toDer());
                    assertPair(alg, key, p);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"})
    void derIsRfc9881s(Algorithm alg) {
        // SubjectPublicKeyInfo: AlgorithmIdentifier with the id-ml-dsa OID and no parameters; the
        // PKCS#8 private key is the seed form, [0] IMPLICIT OCTET STRING of 32 bytes.
        String oid = switch (alg) {
            case ML_DSA_44 -> "11";
            case ML_DSA_65 -> "12";
            default -> "13";
        };
        String alg9881 = "300b0609608648016503040311".replace("0311", "03" + oid);
        if (!MlDsaTesting.available()) {
            byte[] spki = spkiOf(alg, new byte[MlDsaTesting.publicBytes(alg)]);
            assertTrue(HexFormat.of().formatHex(spki).contains(alg9881));
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtPublicKey.fromDer(spki));
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwtPrivateKey.fromDer(seedPkcs8(alg, new byte[32])));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(alg); JwtPublicKey pub = key.publicKey()) {
            String spki = HexFormat.of().formatHex(pub.toDer());
            assertTrue(spki.startsWith("3082") && spki.substring(8).startsWith(alg9881), spki.substring(0, 40));
            String pkcs8 = HexFormat.of().formatHex(key.toDer());
            assertTrue(pkcs8.startsWith("3034020100" + alg9881 + "04228020"), pkcs8.substring(0, 40));
            assertEquals(2 * 54, pkcs8.length());
        }
    }

    @Test
    void theBothFormIsReadWhenItsExpandedKeyIsTheSeeds() throws Exception {
        Algorithm alg = Algorithm.ML_DSA_44;
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(alg));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(alg); JwtPublicKey pub = key.publicKey()) {
            byte[] seed = Base64.getUrlDecoder().decode((String) Jwk.readObject(key.toJwk()).get("priv"));
            byte[] expanded = expandedOf(key);
            try (JwtPrivateKey both = JwtPrivateKey.fromDer(bothPkcs8(alg, seed, expanded));
                 JwtPrivateKey bothPem = JwtPrivateKey.fromPem(new String(pemOf("PRIVATE KEY", bothPkcs8(alg, seed, expanded)),
                         StandardCharsets.US_ASCII))) {
                assertArrayEquals(key.toDer(), both.toDer(), "kept, and written back, as the seed form");
                assertArrayEquals(key.toDer(), bothPem.toDer());
                assertPair(alg, both, pub);
            }
        }
    }

    @Test
    void aVersion2Pkcs8CarryingItsOwnPublicKeyIsRead() {
        Algorithm alg = Algorithm.ML_DSA_65;
        if (!MlDsaTesting.available()) {
            MlDsaTesting.assertRefusedHere(UnsupportedOperationException.class, () -> JwtPrivateKey.generate(alg));
            return;
        }
        try (JwtPrivateKey key = JwtPrivateKey.generate(alg); JwtPublicKey pub = key.publicKey()) {
            byte[] seed = Base64.getUrlDecoder().decode((String) Jwk.readObject(key.toJwk()).get("priv"));
            byte[] raw = Base64.getUrlDecoder().decode((String) Jwk.readObject(pub.toJwk()).get("pub"));
            try (JwtPrivateKey v2 = JwtPrivateKey.fromDer(v2Pkcs8(alg, seed, raw))) {
                assertPair(alg, v2, pub);
            }
        }
    }

    @Test
    void aJwkSetPublishesAndReadsAkpKeysBesideOthers() {
        if (!MlDsaTesting.available()) {
            String doc = "{\"keys\":[" + MlDsaTesting.examplePublicJwk(Algorithm.ML_DSA_65) + "]}";
            MlDsaTesting.assertRefusedHere(InvalidJwtKeyException.class, () -> JwkSet.parse(doc));
            return;
        }
        try (JwtPrivateKey pq = JwtPrivateKey.generate(Algorithm.ML_DSA_65).withKeyId("pq");
             JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("ec")) {
            String published = JwkSet.of(pq, ec).toJson();
            assertFalse(published.contains("\"priv\""), published);
            JwkSet read = JwkSet.parse(published);
            assertEquals(2, read.keys().size());
            JwtPublicKey pqPub = (JwtPublicKey) read.byKeyId("pq").orElseThrow();
            assertEquals("AKP", pqPub.keyType());
            assertEquals(pq.thumbprint(), pqPub.thumbprint());
            Map<String, Object> entry = Jwk.readObject(pqPub.toJwk());
            assertEquals("ML-DSA-65", entry.get("alg"));
            JwtVerifier v = JwtVerifier.builder(read).algorithms(Algorithm.ML_DSA_65, Algorithm.ES256).build();
            assertArrayEquals(PAYLOAD, v.verifyContent(JwtSigner.builder(pq).algorithm(Algorithm.ML_DSA_65).build().signContent(PAYLOAD)));
            assertArrayEquals(PAYLOAD, v.verifyContent(JwtSigner.builder(ec).algorithm(Algorithm.ES256).build().signContent(PAYLOAD)));
            read.keys().forEach(JwtKey::close);
        }
    }

    @Test
    void describeSaysWhetherMlDsaIsAvailable() {
        String d = LibCrypto.describe();
        assertTrue(d.startsWith(LibCrypto.name() + " (" + LibCrypto.version() + ") from " + LibCrypto.path()), d);
        assertTrue(d.endsWith(MlDsaTesting.available() ? "; ML-DSA available"
                : "; ML-DSA not available (needs aws-lc 1.40 or newer)"), d);
        for (Algorithm a : Algorithm.values()) {
            assertEquals(a.family() != Algorithm.Family.ML_DSA || MlDsaTesting.available(), LibCrypto.supports(a), a.name());
        }
    }

    // ---- encodings built by hand, as another implementation would write them -------------------

    static byte[] pemOf(String label, byte[] der) {
        return ("-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + label + "-----\n").getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] oid(Algorithm alg) {
        byte last = (byte) switch (alg) {
            case ML_DSA_44 -> 0x11;
            case ML_DSA_65 -> 0x12;
            default -> 0x13;
        };
        return new byte[] {0x06, 0x09, 0x60, (byte) 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, last};
    }

    static byte[] tlv(int tag, byte[]... parts) {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            body.writeBytes(p);
        }
        int n = body.size();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.write(tag);
        if (n < 0x80) {
            out.write(n);
        } else if (n < 0x100) {
            out.write(0x81);
            out.write(n);
        } else {
            out.write(0x82);
            out.write(n >> 8);
            out.write(n & 0xFF);
        }
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    static byte[] spkiOf(Algorithm alg, byte[] pub) {
        byte[] bits = new byte[pub.length + 1];
        System.arraycopy(pub, 0, bits, 1, pub.length);
        return tlv(0x30, tlv(0x30, oid(alg)), tlv(0x03, bits));
    }

    static byte[] pkcs8Of(Algorithm alg, byte[] choice) {
        return tlv(0x30, new byte[] {0x02, 0x01, 0x00}, tlv(0x30, oid(alg)), tlv(0x04, choice));
    }

    static byte[] seedPkcs8(Algorithm alg, byte[] seed) {
        return pkcs8Of(alg, tlv(0x80, seed));
    }

    static byte[] bothPkcs8(Algorithm alg, byte[] seed, byte[] expanded) {
        return pkcs8Of(alg, tlv(0x30, tlv(0x04, seed), tlv(0x04, expanded)));
    }

    static byte[] expandedPkcs8(Algorithm alg, byte[] expanded) {
        return pkcs8Of(alg, tlv(0x04, expanded));
    }

    static byte[] v2Pkcs8(Algorithm alg, byte[] seed, byte[] pub) {
        byte[] bits = new byte[pub.length + 1];
        System.arraycopy(pub, 0, bits, 1, pub.length);
        return tlv(0x30, new byte[] {0x02, 0x01, 0x01}, tlv(0x30, oid(alg)), tlv(0x04, tlv(0x80, seed)), tlv(0x81, bits));
    }

    /** The expanded private key of {@code key}: the content of RFC 9881's expandedKey form, which ends it. */
    static byte[] expandedOf(JwtPrivateKey key) {
        byte[] form = io.lcjwt.internal.keys.MlDsaKeys.expandedPkcs8(key.impl());
        int n = switch (key.impl().info().mlDsa()) {
            case ML_DSA_44 -> 2560;
            case ML_DSA_65 -> 4032;
            case ML_DSA_87 -> 4896;
        };
        return java.util.Arrays.copyOfRange(form, form.length - n, form.length);
    }
}
