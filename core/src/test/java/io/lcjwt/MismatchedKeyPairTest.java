package io.lcjwt;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A private key whose members come from two different key pairs, or whose EC scalar is outside
 * 1..n-1 (issue #20.2). OpenSSL 3 keeps whatever public half it is given, so such a key would sign
 * as one key while {@code publicKey()}, {@code toJwk()} and {@code thumbprint()} report another.
 * Every such key must be refused at import, in every form lcjwt reads (JWK, PKCS#8, PKCS#1 and
 * SEC1), on both libcryptos. The JDK generates the two key pairs; the encodings are written here
 * byte by byte, and each form has a consistent control row that must import and sign as JCA expects.
 */
class MismatchedKeyPairTest {

    record Row(String name, boolean valid, Supplier<JwtKey> importer) {}

    static KeyPair rsaA;
    static KeyPair rsaB;

    @BeforeAll
    static void rsaPairs() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        rsaA = g.generateKeyPair();
        rsaB = g.generateKeyPair();
    }

    @Test
    void mixedOrOutOfRangeEcKeysAreRefusedInEveryForm() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (String[] c : new String[][] {{"secp256r1", "P-256", "06082a8648ce3d030107", "ES256"},
                {"secp384r1", "P-384", "06052b81040022", "ES384"}, {"secp521r1", "P-521", "06052b81040023", "ES512"}}) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec(c[0]));
            KeyPair a = g.generateKeyPair();
            KeyPair b = g.generateKeyPair();
            ECPublicKey pubA = (ECPublicKey) a.getPublic();
            ECPublicKey pubB = (ECPublicKey) b.getPublic();
            BigInteger dA = ((ECPrivateKey) a.getPrivate()).getS();
            BigInteger n = pubA.getParams().getOrder();
            int size = (pubA.getParams().getCurve().getField().getFieldSize() + 7) / 8;
            byte[] curveOid = HexFormat.of().parseHex(c[2]);
            Algorithm alg = Algorithm.valueOf(c[3]);
            record Ec(String what, BigInteger d, ECPublicKey pub) {}
            List<Ec> cases = List.of(new Ec("consistent", dA, pubA), new Ec("d of A, x/y of B", dA, pubB),
                    new Ec("d = 0", BigInteger.ZERO, pubA), new Ec("d = n", n, pubA),
                    new Ec("d = n + dA", n.add(dA), pubA), new Ec("d = n - 1 + n", n.add(n).subtract(BigInteger.ONE), pubA));
            for (Ec e : cases) {
                String name = c[1] + " " + e.what();
                boolean valid = e.what().equals("consistent");
                byte[] point = point(e.pub(), size);
                byte[] d = fixed(e.d(), Math.max(size, (e.d().bitLength() + 7) / 8));
                String jwk = "{\"kty\":\"EC\",\"crv\":\"" + c[1] + "\",\"x\":\"" + b64(Arrays.copyOfRange(point, 1, 1 + size))
                        + "\",\"y\":\"" + b64(Arrays.copyOfRange(point, 1 + size, point.length)) + "\",\"d\":\"" + b64(d) + "\"}";
                byte[] sec1WithPoint = seq(integer(BigInteger.ONE), tlv(0x04, d), tlv(0xA0, curveOid), tlv(0xA1, bitString(point)));
                byte[] sec1NoParams = seq(integer(BigInteger.ONE), tlv(0x04, d), tlv(0xA1, bitString(point)));
                byte[] sec1NoPoint = seq(integer(BigInteger.ONE), tlv(0x04, d), tlv(0xA0, curveOid));
                byte[] ecAlg = seq(HexFormat.of().parseHex("06072a8648ce3d0201"), curveOid);
                rows.add(new Row(name + " (JWK)", valid, () -> JwtKey.fromJwk(jwk)));
                rows.add(new Row(name + " (PKCS#8)", valid,
                        () -> JwtPrivateKey.fromDer(seq(integer(BigInteger.ZERO), ecAlg, tlv(0x04, sec1NoParams)))));
                rows.add(new Row(name + " (SEC1 PEM)", valid, () -> JwtPrivateKey.fromPem(pem("EC PRIVATE KEY", sec1WithPoint))));
                if (!e.what().contains("of B")) {
                    // Without a public point, libcrypto computes d·G itself: only the range of d is at stake.
                    rows.add(new Row(name + " (PKCS#8, no public point)", valid, () -> JwtPrivateKey.fromDer(
                            seq(integer(BigInteger.ZERO), ecAlg, tlv(0x04, seq(integer(BigInteger.ONE), tlv(0x04, d)))))));
                    rows.add(new Row(name + " (SEC1 PEM, no public point)", valid,
                            () -> JwtPrivateKey.fromPem(pem("EC PRIVATE KEY", sec1NoPoint))));
                }
            }
            for (Row r : rows) {
                if (r.valid() && r.name().startsWith(c[1])) {
                    signsAs(r, alg, "SHA" + c[3].substring(2) + "withECDSAinP1363Format", pubA);
                }
            }
        }
        assertRefused(rows);
    }

    @Test
    void rsaKeysMixedFromTwoPairsAreRefusedInEveryForm() throws Exception {
        RSAPrivateCrtKey a = (RSAPrivateCrtKey) rsaA.getPrivate();
        RSAPrivateCrtKey b = (RSAPrivateCrtKey) rsaB.getPrivate();
        record Rsa(String what, BigInteger[] m) {}
        List<Rsa> cases = List.of(
                new Rsa("consistent", members(a)),
                new Rsa("n of A, d p q dp dq qi of B", mix(a, b, 0)),
                new Rsa("n e d of A, p q dp dq qi of B", mix(a, b, 0, 1, 2)),
                new Rsa("d of B", swap(a, b, 2)),
                new Rsa("p and q of B", swap(a, b, 3, 4)),
                new Rsa("dp of B", swap(a, b, 5)),
                new Rsa("dq of B", swap(a, b, 6)),
                new Rsa("qi of B", swap(a, b, 7)),
                new Rsa("p and q swapped", swapPQ(a)),
                new Rsa("d = 0", with(members(a), 2, BigInteger.ZERO)),
                new Rsa("d + n", with(members(a), 2, a.getPrivateExponent().add(a.getModulus()))));
        List<Row> rows = new ArrayList<>();
        for (Rsa c : cases) {
            BigInteger[] m = c.m();
            boolean valid = c.what().equals("consistent");
            String jwk = "{\"kty\":\"RSA\",\"n\":\"" + b64u(m[0]) + "\",\"e\":\"" + b64u(m[1]) + "\",\"d\":\"" + b64u(m[2])
                    + "\",\"p\":\"" + b64u(m[3]) + "\",\"q\":\"" + b64u(m[4]) + "\",\"dp\":\"" + b64u(m[5])
                    + "\",\"dq\":\"" + b64u(m[6]) + "\",\"qi\":\"" + b64u(m[7]) + "\"}";
            ByteArrayOutputStream ints = new ByteArrayOutputStream();
            ints.writeBytes(integer(BigInteger.ZERO));
            for (BigInteger v : m) {
                ints.writeBytes(integer(v));
            }
            byte[] pkcs1 = tlv(0x30, ints.toByteArray());
            byte[] pkcs8 = seq(integer(BigInteger.ZERO), seq(HexFormat.of().parseHex("06092a864886f70d010101"),
                    new byte[] {5, 0}), tlv(0x04, pkcs1));
            rows.add(new Row("RSA " + c.what() + " (JWK)", valid, () -> JwtKey.fromJwk(jwk)));
            rows.add(new Row("RSA " + c.what() + " (PKCS#8)", valid, () -> JwtPrivateKey.fromDer(pkcs8)));
            rows.add(new Row("RSA " + c.what() + " (PKCS#1 PEM)", valid, () -> JwtPrivateKey.fromPem(pem("RSA PRIVATE KEY", pkcs1))));
        }
        for (Row r : rows) {
            if (r.valid()) {
                signsAs(r, Algorithm.RS256, "SHA256withRSA", rsaA.getPublic());
            }
        }
        assertRefused(rows);
    }

    @Test
    void ed25519SeedWithAnotherKeysPublicKeyIsRefused() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519");
        KeyPair a = g.generateKeyPair();
        KeyPair b = g.generateKeyPair();
        byte[] seedA = Arrays.copyOfRange(a.getPrivate().getEncoded(), 16, 48); // RFC 8410 v1: 16 header bytes
        byte[] pubA = Arrays.copyOfRange(a.getPublic().getEncoded(), 12, 44);
        byte[] pubB = Arrays.copyOfRange(b.getPublic().getEncoded(), 12, 44);
        byte[] edAlg = seq(HexFormat.of().parseHex("06032b6570"));
        List<Row> rows = new ArrayList<>();
        for (byte[][] c : new byte[][][] {{pubA}, {pubB}}) {
            boolean valid = c[0] == pubA;
            String what = valid ? "consistent" : "seed of A, public key of B";
            byte[] v2 = seq(integer(BigInteger.ONE), edAlg, tlv(0x04, tlv(0x04, seedA)), tlv(0x81, concat(new byte[1], c[0])));
            String jwk = "{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":\"" + b64(c[0]) + "\",\"d\":\"" + b64(seedA) + "\"}";
            rows.add(new Row("Ed25519 " + what + " (PKCS#8 v2)", valid, () -> JwtPrivateKey.fromDer(v2)));
            rows.add(new Row("Ed25519 " + what + " (JWK)", valid, () -> JwtKey.fromJwk(jwk)));
        }
        for (Row r : rows) {
            if (r.valid()) {
                signsAs(r, Algorithm.EdDSA, "Ed25519", a.getPublic());
            }
        }
        assertRefused(rows);
    }

    /** The control rows must import and sign as the JDK's key A; every other row must be refused. */
    private static void assertRefused(List<Row> rows) {
        List<String> problems = new ArrayList<>();
        for (Row r : rows) {
            try (JwtKey k = r.importer().get()) {
                if (!r.valid()) {
                    problems.add(r.name() + ": imported as " + k + " (thumbprint " + k.thumbprint() + ")");
                }
            } catch (InvalidJwtKeyException e) {
                if (r.valid()) {
                    problems.add(r.name() + ": the consistent key was refused: " + e.getMessage());
                }
            } catch (RuntimeException e) {
                problems.add(r.name() + ": " + e);
            }
        }
        assertEquals(List.of(), problems, LibCrypto.describe());
    }

    private static void signsAs(Row r, Algorithm alg, String jcaAlg, java.security.PublicKey expected) throws Exception {
        try (JwtPrivateKey k = (JwtPrivateKey) r.importer().get(); JwtPublicKey pub = k.publicKey()) {
            String token = JwtSigner.builder(k).algorithm(alg).build().sign(Map.of("sub", "alice"));
            int dot = token.lastIndexOf('.');
            Signature s = Signature.getInstance(jcaAlg);
            s.initVerify(expected);
            s.update(token.substring(0, dot).getBytes(StandardCharsets.US_ASCII));
            assertTrue(s.verify(Base64.getUrlDecoder().decode(token.substring(dot + 1))), r.name() + ": JCA refuses the signature");
            assertTrue(Arrays.equals(expected.getEncoded(), pub.toDer()), r.name() + ": publicKey() is not the signing key");
        }
    }

    // ---- key members ------------------------------------------------------------------------

    private static BigInteger[] members(RSAPrivateCrtKey k) {
        return new BigInteger[] {k.getModulus(), k.getPublicExponent(), k.getPrivateExponent(), k.getPrimeP(),
                k.getPrimeQ(), k.getPrimeExponentP(), k.getPrimeExponentQ(), k.getCrtCoefficient()};
    }

    /** The members of {@code b}, except those at {@code fromA}, which are {@code a}'s. */
    private static BigInteger[] mix(RSAPrivateCrtKey a, RSAPrivateCrtKey b, int... fromA) {
        BigInteger[] m = members(b);
        BigInteger[] ma = members(a);
        for (int i : fromA) {
            m[i] = ma[i];
        }
        return m;
    }

    /** The members of {@code a}, except those at {@code fromB}, which are {@code b}'s. */
    private static BigInteger[] swap(RSAPrivateCrtKey a, RSAPrivateCrtKey b, int... fromB) {
        BigInteger[] m = members(a);
        BigInteger[] mb = members(b);
        for (int i : fromB) {
            m[i] = mb[i];
        }
        return m;
    }

    private static BigInteger[] swapPQ(RSAPrivateCrtKey a) {
        BigInteger[] m = members(a);
        BigInteger p = m[3];
        m[3] = m[4];
        m[4] = p;
        return m;
    }

    private static BigInteger[] with(BigInteger[] m, int i, BigInteger v) {
        m[i] = v;
        return m;
    }

    // ---- DER, written here so the parser under test is not its own oracle -------------------

    static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int len = content.length;
        if (len < 0x80) {
            out.write(len);
        } else if (len < 0x100) {
            out.write(0x81);
            out.write(len);
        } else {
            out.write(0x82);
            out.write(len >> 8);
            out.write(len);
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    static byte[] seq(byte[]... parts) {
        return tlv(0x30, concat(parts));
    }

    static byte[] integer(BigInteger v) {
        return tlv(0x02, v.toByteArray());
    }

    static byte[] bitString(byte[] b) {
        return tlv(0x03, concat(new byte[1], b));
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder().encodeToString(der) + "\n-----END " + label + "-----\n";
    }

    static byte[] point(ECPublicKey k, int size) {
        return concat(new byte[] {4}, fixed(k.getW().getAffineX(), size), fixed(k.getW().getAffineY(), size));
    }

    static byte[] fixed(BigInteger v, int len) {
        byte[] b = v.toByteArray();
        int skip = b.length > 1 && b[0] == 0 ? 1 : 0;
        byte[] out = new byte[len];
        System.arraycopy(b, skip, out, len - (b.length - skip), b.length - skip);
        return out;
    }

    static String b64(byte[] b) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    static String b64u(BigInteger v) {
        byte[] b = v.toByteArray();
        return b64(b.length > 1 && b[0] == 0 ? Arrays.copyOfRange(b, 1, b.length) : b);
    }
}
