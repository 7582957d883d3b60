package io.lcjwt.bench;

import com.nimbusds.jose.jwk.JWK;
import io.jsonwebtoken.security.Jwks;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPublicKey;
import org.jose4j.jwk.JsonWebKey;

import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each library of {@link JwkBench} checks when it imports a key, found by asking it: every
 * library is handed the same bad keys through the very call its benchmark times, and the page
 * says which it refused. A library that checks less does less work per key, so the JWK page's
 * timings are read beside this table.
 *
 * <p>The bad keys: a P-256 point off the curve (a fresh key with its y changed), three
 * Ed25519 keys (a point of order 8, a non-canonical y = p + 3, and y = 2, which is not the y of
 * any point) and an RSA modulus of 1024 bits. Run alone: {@code java -cp benchmarks.jar
 * io.lcjwt.bench.JwkImportChecks}.
 */
public final class JwkImportChecks {
    private JwkImportChecks() {}

    /** A JWK-parsing call of one library; throws when the library refuses the key. */
    private interface Importer {
        Object read(String jwk) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        System.out.print(section());
    }

    /** The JWK page's section: a sentence on how the table was made, then the table. */
    public static String section() throws Exception {
        return section(refusals());
    }

    /** As {@link #section()}, from refusals already found. */
    public static String section(Map<String, Map<String, Boolean>> refusals) {
        return "## What each library refuses when it imports a key\n\n"
                + "Each library was handed the same bad keys through the call its JwkBench row times (JWK parse;"
                + " for PEM, lcjwt's `JwtPublicKey.fromPem` and the JDK's `KeyFactory`); \"accepted\" means the"
                + " call returned a key. A library that checks less does less per key: read the timings above"
                + " beside this table. lcjwt ran on " + io.lcjwt.LibCrypto.version() + " here and refuses the"
                + " same keys on either libcrypto (its test suite asserts it). Made by `JwkImportChecks`.\n\n"
                + table(refusals) + "\n";
    }

    /** The libraries' columns, in the table's order: the JWK parsers, then the PEM readers. */
    static final List<String> LIBRARIES = List.of("lcjwt", "Nimbus", "jose4j", "jjwt", "lcjwt PEM", "JDK KeyFactory");

    /** Per bad key (by what is wrong with it), per library: whether it refused the key. */
    public static Map<String, Map<String, Boolean>> refusals() throws Exception {
        Map<String, Importer> readers = new LinkedHashMap<>();
        readers.put("lcjwt", JwtKey::fromJwk);
        readers.put("Nimbus", j -> JwkBench.nimbusKey(JWK.parse(j)));
        readers.put("jose4j", j -> JsonWebKey.Factory.newJwk(j).getKey());
        readers.put("jjwt", j -> Jwks.parser().build().parse(j).toKey());
        readers.put("lcjwt PEM", j -> JwtPublicKey.fromPem(pemOf(j)));
        readers.put("JDK KeyFactory", j -> jdkPem(pemOf(j)));
        Map<String, Map<String, Boolean>> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : badJwks().entrySet()) {
            Map<String, Boolean> row = new LinkedHashMap<>();
            for (Map.Entry<String, Importer> r : readers.entrySet()) {
                row.put(r.getKey(), refused(r.getValue(), e.getValue()));
            }
            out.put(e.getKey(), row);
        }
        return out;
    }

    /** The page's table: one row per bad key, one column per library, JWK and PEM. */
    public static String table() throws Exception {
        return table(refusals());
    }

    static String table(Map<String, Map<String, Boolean>> refusals) {
        StringBuilder s = new StringBuilder("| bad key | ").append(String.join(" | ", LIBRARIES)).append(" |\n|---|");
        s.append("---|".repeat(LIBRARIES.size())).append('\n');
        for (Map.Entry<String, Map<String, Boolean>> e : refusals.entrySet()) {
            s.append("| ").append(e.getKey()).append(" |");
            for (String lib : LIBRARIES) {
                s.append(' ').append(e.getValue().get(lib) ? "**refused**" : "accepted").append(" |");
            }
            s.append('\n');
        }
        return s.toString();
    }

    private static boolean refused(Importer r, String input) {
        try {
            Object key = r.read(input);
            if (key instanceof AutoCloseable c) {
                c.close();
            }
            return false;
        } catch (Exception | LinkageError e) {
            return true;
        }
    }

    /** The bad keys as JWKs, by what is wrong with them. */
    static Map<String, String> badJwks() throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        KeyPairGenerator eg = KeyPairGenerator.getInstance("EC");
        eg.initialize(new java.security.spec.ECGenParameterSpec("secp256r1"));
        java.security.interfaces.ECPublicKey ecKey = (java.security.interfaces.ECPublicKey) eg.generateKeyPair().getPublic();
        Map<String, Object> ecJwk = new LinkedHashMap<>();
        ecJwk.put("kty", "EC");
        ecJwk.put("crv", "P-256");
        ecJwk.put("x", b64(fixed(ecKey.getW().getAffineX().toByteArray(), 32)));
        byte[] y = fixed(ecKey.getW().getAffineY().toByteArray(), 32);
        y[y.length - 1] ^= 1; // y and p - y are the only points with this x; y + 1 or y - 1 is neither
        ecJwk.put("y", b64(y));
        out.put("P-256 point off the curve", com.fasterxml.jackson.jr.ob.JSON.std.asString(ecJwk));
        out.put("Ed25519 point of order 8", okp("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"));
        out.put("Ed25519 y = p + 3 (not canonical)", okp("f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"));
        out.put("Ed25519 y = 2 (no such point)", okp("0200000000000000000000000000000000000000000000000000000000000000"));
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(1024);
        RSAPublicKey rsa = (RSAPublicKey) g.generateKeyPair().getPublic();
        out.put("RSA-1024", "{\"kty\":\"RSA\",\"n\":\"" + b64(unsigned(rsa.getModulus().toByteArray()))
                + "\",\"e\":\"" + b64(unsigned(rsa.getPublicExponent().toByteArray())) + "\"}");
        return out;
    }

    private static String okp(String hex) {
        return "{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":\"" + b64(HexFormat.of().parseHex(hex)) + "\"}";
    }

    /** The same key as a PEM SubjectPublicKeyInfo, built by hand so that no library vets it first. */
    private static String pemOf(String jwk) throws Exception {
        Map<String, Object> m = com.fasterxml.jackson.jr.ob.JSON.std.mapFrom(jwk);
        byte[] spki = switch ((String) m.get("kty")) {
            case "OKP" -> concat(HexFormat.of().parseHex("302a300506032b6570032100"), dec(m, "x"));
            case "EC" -> concat(HexFormat.of().parseHex("3059301306072a8648ce3d020106082a8648ce3d03010703420004"),
                    concat(dec(m, "x"), dec(m, "y")));
            default -> KeyFactory.getInstance("RSA").generatePublic(new java.security.spec.RSAPublicKeySpec(
                    new java.math.BigInteger(1, dec(m, "n")), new java.math.BigInteger(1, dec(m, "e")))).getEncoded();
        };
        return "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(spki)
                + "\n-----END PUBLIC KEY-----\n";
    }

    /** What JwkBench's jdkParsePem does: the JDK's KeyFactory over the PEM's DER. */
    private static Object jdkPem(String pem) throws Exception {
        String b64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        byte[] der = Base64.getDecoder().decode(b64);
        String alg = der.length < 100 ? (der[6] == 0x2b ? "Ed25519" : "EC") : "RSA"; // 2b: 1.3.101.x; 2a: 1.2.840.x
        return KeyFactory.getInstance(alg).generatePublic(new X509EncodedKeySpec(der));
    }

    private static byte[] dec(Map<String, Object> m, String k) {
        return Base64.getUrlDecoder().decode((String) m.get(k));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** A non-negative two's-complement integer as exactly {@code n} big-endian bytes. */
    private static byte[] fixed(byte[] twos, int n) {
        byte[] u = unsigned(twos);
        byte[] out = new byte[n];
        System.arraycopy(u, 0, out, n - u.length, u.length);
        return out;
    }

    private static byte[] unsigned(byte[] twos) {
        return twos.length > 1 && twos[0] == 0 ? Arrays.copyOfRange(twos, 1, twos.length) : twos;
    }

    private static String b64(byte[] b) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
