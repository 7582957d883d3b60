package io.lcjwt.bench;

import com.fasterxml.jackson.jr.ob.JSON;
import com.nimbusds.jose.jwk.AsymmetricJWK;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import io.jsonwebtoken.security.Jwks;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.file.Files;
import java.security.Key;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * JWK and JWKS work (issue #17 item 2), lcjwt against Nimbus, jose4j and jjwt: parse a JWK into a
 * usable key, compute its RFC 7638 thumbprint, serialize a public one ({@link Write}); parse a 3-key and a 50-key JWKS
 * document into usable keys and serialize it; read a PEM public key (against the JDK's
 * {@code KeyFactory}, which is what the peers would use).
 *
 * <p>"Usable" means checked and ready to verify with: lcjwt's {@code JwtKey} has passed every
 * import check (an HMAC key is absorbed; a public key's {@code EVP_PKEY} is made at its first
 * verification, which {@link FirstUse} times with the import), so each peer is timed to its JCA
 * key too: Nimbus {@code JWK.parse} then
 * {@code toPublicKey()} / {@code toSecretKey()}, jose4j {@code JsonWebKey.Factory.newJwk} (which
 * builds the key), jjwt {@code Jwks.parser().build().parse} (which builds it too). Nimbus cannot
 * export an Ed25519 JWK to a JCA key (it verifies through Tink from the JWK itself), so its OKP
 * rows time {@code JWK.parse} alone. lcjwt closes
 * each key it makes, as a long-lived service would not need to; the peers leave theirs to the GC.
 *
 * <p>Inputs come from {@code bench/fixtures/asym.json} (RSA-2048, P-256, Ed25519, each as JWK and
 * PEM) and a 32-byte {@code oct} key; the 3-key JWKS holds those three, the 50-key one P-256 and
 * Ed25519 keys from a seeded generator. Before timing, every library's key must have the JDK's own
 * encoding, every thumbprint must agree, and what each library writes must parse back to the
 * same key.
 *
 * <p>The libraries do not check the same things on import; {@link JwkImportChecks} finds out what
 * each refuses, and the page prints it beside the timings. {@link Ed25519Floor} times the one check
 * only lcjwt makes, the Ed25519 point decoding, which is the floor under its OKP rows.
 *
 * <p>{@link Jws} adds the JWS rows of the same benchmarks: read a JWS without verifying it,
 * compact and JSON, and write one.
 *
 * <p>Run: {@code bin/race jmh --regex JwkBench --page results-jwk.md}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class JwkBench {

    @Param({"RSA", "EC", "OKP", "oct"})
    public String kty;

    String json;
    JwtKey lcjwtKey;
    JWK nimbusJwk;
    JsonWebKey jose4jJwk;
    io.jsonwebtoken.security.Jwk<?> jjwtJwk;

    /** {@code bench/fixtures/asym.json}: its keys and its signed cases. */
    static Map<String, Object> asymFixture() throws java.io.IOException {
        return JSON.std.mapFrom(Files.readString(io.lcjwt.bench.fixtures.Fixtures.locate("asym.json")));
    }

    /** The fixture's keys by kty, as JWK JSON text; oct is a fixed 32-byte secret. */
    static Map<String, Map<String, Object>> fixtureKeys() throws java.io.IOException {
        Map<String, Object> root = asymFixture();
        Map<String, Map<String, Object>> byKty = new LinkedHashMap<>();
        for (Object o : (List<?>) root.get("keys")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> k = (Map<String, Object>) o;
            String name = (String) k.get("name");
            String kty = switch (name) {
                case "RSA-2048" -> "RSA";
                case "P-256" -> "EC";
                case "Ed25519" -> "OKP";
                default -> null;
            };
            if (kty != null) {
                byKty.put(kty, k);
            }
        }
        return byKty;
    }

    static String jwkJson(String kty) throws java.io.IOException {
        if (kty.equals("oct")) {
            byte[] secret = new byte[32];
            Arrays.fill(secret, (byte) 0x5a);
            return "{\"kty\":\"oct\",\"kid\":\"bench-oct\",\"k\":\"" + Base64.getUrlEncoder().withoutPadding().encodeToString(secret) + "\"}";
        }
        return JSON.std.asString(fixtureKeys().get(kty).get("jwk"));
    }

    @Setup(Level.Trial)
    public void setup() throws Exception {
        json = jwkJson(kty);
        lcjwtKey = JwtKey.fromJwk(json);
        nimbusJwk = JWK.parse(json);
        jose4jJwk = JsonWebKey.Factory.newJwk(json);
        jjwtJwk = Jwks.parser().build().parse(json);
        byte[] expected = encoded(lcjwtKey);
        check(Arrays.equals(expected, nimbusEncoded(nimbusJwk)), "Nimbus's key");
        check(Arrays.equals(expected, jose4jJwk.getKey().getEncoded()), "jose4j's key");
        check(Arrays.equals(expected, ((Key) jjwtJwk.toKey()).getEncoded()), "jjwt's key");
        String t = lcjwtKey.thumbprint();
        check(t.equals(nimbusJwk.computeThumbprint().toString()), "Nimbus's thumbprint");
        check(t.equals(jose4jJwk.calculateBase64urlEncodedThumbprint("SHA-256")), "jose4j's thumbprint");
        check(t.equals(jjwtJwk.thumbprint().toString()), "jjwt's thumbprint");
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what + " differs from the JDK's / lcjwt's; nothing is timed");
        }
    }

    /** The key's JDK encoding: X.509 for public keys, the raw bytes for a secret. */
    static byte[] encoded(JwtKey key) {
        return switch (key) {
            case JwtPublicKey p -> p.toJavaKey().getEncoded();
            case JwtSecretKey s -> s.toJavaKey().getEncoded();
            default -> throw new IllegalStateException(key.getClass().getName());
        };
    }

    /**
     * What Nimbus verifies with: a JCA key, except for Ed25519, which Nimbus verifies (through
     * Tink) from the {@code OctetKeyPair} itself and cannot export to a JCA key.
     */
    static Object nimbusKey(JWK jwk) throws Exception {
        return switch (jwk) {
            case OctetSequenceKey oct -> oct.toSecretKey();
            case com.nimbusds.jose.jwk.OctetKeyPair okp -> okp;
            default -> ((AsymmetricJWK) jwk).toPublicKey();
        };
    }

    /** The X.509 (or raw secret) encoding of Nimbus's key; an Ed25519 one rebuilt from its {@code x}. */
    static byte[] nimbusEncoded(JWK jwk) throws Exception {
        if (nimbusKey(jwk) instanceof com.nimbusds.jose.jwk.OctetKeyPair okp) {
            byte[] prefix = java.util.HexFormat.of().parseHex("302a300506032b6570032100");
            byte[] x = okp.getDecodedX();
            byte[] out = Arrays.copyOf(prefix, prefix.length + x.length);
            System.arraycopy(x, 0, out, prefix.length, x.length);
            return out;
        }
        return ((Key) nimbusKey(jwk)).getEncoded();
    }

    @Benchmark
    public Object lcjwtParse() {
        try (JwtKey k = JwtKey.fromJwk(json)) {
            return k;
        }
    }

    @Benchmark
    public Object nimbusParse() throws Exception {
        return nimbusKey(JWK.parse(json));
    }

    @Benchmark
    public Key jose4jParse() throws Exception {
        return JsonWebKey.Factory.newJwk(json).getKey();
    }

    @Benchmark
    public Object jjwtParse() {
        return Jwks.parser().build().parse(json).toKey();
    }

    @Benchmark
    public String lcjwtThumbprint() {
        return lcjwtKey.thumbprint();
    }

    @Benchmark
    public String nimbusThumbprint() throws Exception {
        return nimbusJwk.computeThumbprint().toString();
    }

    @Benchmark
    public String jose4jThumbprint() throws Exception {
        return jose4jJwk.calculateBase64urlEncodedThumbprint("SHA-256");
    }

    @Benchmark
    public String jjwtThumbprint() {
        return jjwtJwk.thumbprint().toString();
    }

    /**
     * A JWKS of {@code n} distinct public keys: for 3, the fixture's RSA, EC and OKP keys; beyond,
     * P-256 and Ed25519 keys in turn, made from a seeded generator (some libraries keep a JWKS's
     * keys in a set, so repeated key material would shrink it).
     */
    static String jwks(int n) throws Exception {
        Map<String, Map<String, Object>> fixture = fixtureKeys();
        List<Object> out = new ArrayList<>();
        java.security.SecureRandom random = java.security.SecureRandom.getInstance("SHA1PRNG");
        random.setSeed(17L);
        java.security.KeyPairGenerator ec = java.security.KeyPairGenerator.getInstance("EC");
        ec.initialize(new java.security.spec.ECGenParameterSpec("secp256r1"), random);
        java.security.KeyPairGenerator ed = java.security.KeyPairGenerator.getInstance("Ed25519");
        ed.initialize(255, random);
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        for (int i = 0; i < n; i++) {
            Map<String, Object> jwk;
            if (n == 3) {
                @SuppressWarnings("unchecked")
                Map<String, Object> k = new LinkedHashMap<>((Map<String, Object>) fixture.get(List.of("RSA", "EC", "OKP").get(i)).get("jwk"));
                jwk = k;
            } else if (i % 2 == 0) {
                java.security.interfaces.ECPublicKey k = (java.security.interfaces.ECPublicKey) ec.generateKeyPair().getPublic();
                jwk = new LinkedHashMap<>(Map.of("kty", "EC", "crv", "P-256",
                        "x", b64.encodeToString(fixed32(k.getW().getAffineX())), "y", b64.encodeToString(fixed32(k.getW().getAffineY()))));
            } else {
                byte[] x509 = ed.generateKeyPair().getPublic().getEncoded();
                jwk = new LinkedHashMap<>(Map.of("kty", "OKP", "crv", "Ed25519",
                        "x", b64.encodeToString(Arrays.copyOfRange(x509, x509.length - 32, x509.length))));
            }
            jwk.put("kid", "bench-" + i);
            out.add(jwk);
        }
        return JSON.std.asString(Map.of("keys", out));
    }

    private static byte[] fixed32(java.math.BigInteger v) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[32];
        int len = Math.min(32, b.length);
        System.arraycopy(b, b.length - len, out, 32 - len, len);
        return out;
    }

    /** Writing a public JWK (lcjwt publishes no secret as a JWK, so oct is not here). */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @State(Scope.Benchmark)
    @Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class Write {
        @Param({"RSA", "EC", "OKP"})
        public String kty;
        JwtPublicKey lcjwtKey;
        JWK nimbusJwk;
        JsonWebKey jose4jJwk;
        io.jsonwebtoken.security.PublicJwk<?> jjwtJwk;

        @Setup(Level.Trial)
        public void setup() throws Exception {
            String json = jwkJson(kty);
            lcjwtKey = (JwtPublicKey) JwtKey.fromJwk(json);
            nimbusJwk = JWK.parse(json);
            jose4jJwk = JsonWebKey.Factory.newJwk(json);
            jjwtJwk = (io.jsonwebtoken.security.PublicJwk<?>) Jwks.parser().build().parse(json);
            byte[] expected = encoded(lcjwtKey);
            check(Arrays.equals(expected, encoded(JwtKey.fromJwk(lcjwtWrite()))), "lcjwt's JWK read back");
            check(Arrays.equals(expected, nimbusEncoded(JWK.parse(nimbusWrite()))), "Nimbus's JWK read back");
            check(Arrays.equals(expected, JsonWebKey.Factory.newJwk(jose4jWrite()).getKey().getEncoded()), "jose4j's JWK read back");
            check(Arrays.equals(expected, ((Key) Jwks.parser().build().parse(jjwtWrite()).toKey()).getEncoded()), "jjwt's JWK read back");
        }

        @Benchmark
        public String lcjwtWrite() {
            return lcjwtKey.toJwk();
        }

        @Benchmark
        public String nimbusWrite() {
            return nimbusJwk.toJSONString();
        }

        @Benchmark
        public String jose4jWrite() {
            return jose4jJwk.toJson();
        }

        @Benchmark
        public String jjwtWrite() {
            return Jwks.json(jjwtJwk);
        }
    }

    /** PEM public keys: lcjwt against the JDK's KeyFactory (what Nimbus, jose4j and jjwt take). */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @State(Scope.Benchmark)
    @Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class Pem {
        @Param({"RSA", "EC", "OKP"})
        public String kty;
        String pem;
        String jdkAlg;

        @Setup(Level.Trial)
        public void setup() throws Exception {
            pem = (String) fixtureKeys().get(kty).get("publicPem");
            jdkAlg = switch (kty) {
                case "RSA" -> "RSA";
                case "EC" -> "EC";
                default -> "Ed25519";
            };
            try (JwtPublicKey k = JwtPublicKey.fromPem(pem)) {
                check(Arrays.equals(k.toJavaKey().getEncoded(), jdkParsePem().getEncoded()), "lcjwt's PEM key");
            }
        }

        @Benchmark
        public Object lcjwtParsePem() {
            try (JwtPublicKey k = JwtPublicKey.fromPem(pem)) {
                return k;
            }
        }

        @Benchmark
        public PublicKey jdkParsePem() throws Exception {
            String b64 = pem.replace("-----BEGIN PUBLIC KEY-----", "").replace("-----END PUBLIC KEY-----", "")
                    .replaceAll("\\s", "");
            return KeyFactory.getInstance(jdkAlg).generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(b64)));
        }
    }

    /**
     * The floor under lcjwt's OKP rows: the Ed25519 point decoding alone (does the key's y belong
     * to a point of the curve?), which lcjwt makes on every import and no peer makes (the page's
     * table of refusals): lcjwt's own decoding in Java on both libcryptos (reached by reflection,
     * as it is internal). The fixture's key, every time.
     */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @State(Scope.Benchmark)
    @Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class Ed25519Floor {
        byte[] key;
        java.lang.reflect.Method javaDecode;

        @Setup(Level.Trial)
        public void setup() throws Exception {
            @SuppressWarnings("unchecked")
            Map<String, Object> jwk = (Map<String, Object>) fixtureKeys().get("OKP").get("jwk");
            key = Base64.getUrlDecoder().decode((String) jwk.get("x"));
            javaDecode = Class.forName("io.lcjwt.internal.keys.Ed25519Points").getDeclaredMethod("decodes", byte[].class);
            javaDecode.setAccessible(true);
            check(pointDecode(), "the fixture's Ed25519 point decoding");
        }

        @Benchmark
        public boolean pointDecode() throws Exception {
            return (boolean) javaDecode.invoke(null, (Object) key);
        }
    }

    /** JWKS documents of 3 and 50 keys: parsed into usable keys, and written. */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @State(Scope.Benchmark)
    @Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class Set {
        @Param({"3", "50"})
        public int keys;
        String json;
        JwkSet lcjwtSet;
        JWKSet nimbusSet;
        JsonWebKeySet jose4jSet;

        @Setup(Level.Trial)
        public void setup() throws Exception {
            json = jwks(keys);
            lcjwtSet = JwkSet.parse(json);
            nimbusSet = JWKSet.parse(json);
            jose4jSet = new JsonWebKeySet(json);
            check(lcjwtSet.keys().size() == keys && nimbusSet.getKeys().size() == keys
                    && jose4jSet.getJsonWebKeys().size() == keys && jjwtParseJwks() == keys, "a JWKS's key count");
            for (int i = 0; i < keys; i++) {
                byte[] expected = encoded(lcjwtSet.keys().get(i));
                check(Arrays.equals(expected, nimbusEncoded(nimbusSet.getKeys().get(i))), "Nimbus's JWKS key");
                check(Arrays.equals(expected, jose4jSet.getJsonWebKeys().get(i).getKey().getEncoded()), "jose4j's JWKS key");
            }
            check(JwkSet.parse(lcjwtWriteJwks()).keys().size() == keys, "lcjwt's JWKS read back");
        }

        @Benchmark
        public int lcjwtParseJwks() {
            JwkSet set = JwkSet.parse(json);
            int n = set.keys().size();
            for (JwtKey k : set.keys()) {
                k.close();
            }
            return n;
        }

        @Benchmark
        public int nimbusParseJwks() throws Exception {
            int n = 0;
            for (JWK k : JWKSet.parse(json).getKeys()) {
                n += nimbusKey(k) != null ? 1 : 0;
            }
            return n;
        }

        @Benchmark
        public int jose4jParseJwks() throws Exception {
            return new JsonWebKeySet(json).getJsonWebKeys().size();
        }

        @Benchmark
        public int jjwtParseJwks() {
            int n = 0;
            for (io.jsonwebtoken.security.Jwk<?> k : Jwks.setParser().build().parse(json).getKeys()) {
                n += k.toKey() != null ? 1 : 0;
            }
            return n;
        }

        @Benchmark
        public String lcjwtWriteJwks() {
            return lcjwtSet.toJson();
        }

        @Benchmark
        public String nimbusWriteJwks() {
            return nimbusSet.toString(true);
        }

        @Benchmark
        public String jose4jWriteJwks() {
            return jose4jSet.toJson();
        }
    }

    /**
     * A JWK imported, then its first verification: what a service pays for a key it has just
     * fetched. lcjwt makes a public key's {@code EVP_PKEY} at its first verification, so this is
     * where that cost shows; each library verifies the fixture's "typical" token of the key's
     * algorithm with a verifier made for the key, parsing the token in the timed part. Nimbus
     * verifies Ed25519 only through Tink, which is not on the bench's class path, so its rows
     * are RSA and EC ({@link NimbusFirstUse}).
     */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @State(Scope.Benchmark)
    @Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class FirstUse {
        @Param({"RSA", "EC", "OKP"})
        public String kty;

        String json;
        String token;
        io.lcjwt.Algorithm alg;
        byte[] payload;

        @Setup(Level.Trial)
        public void setup() throws Exception {
            json = jwkJson(kty);
            String caseName = switch (kty) {
                case "RSA" -> "RS256-RSA-2048-typical";
                case "EC" -> "ES256-P-256-typical";
                default -> "EdDSA-Ed25519-typical";
            };
            alg = switch (kty) {
                case "RSA" -> io.lcjwt.Algorithm.RS256;
                case "EC" -> io.lcjwt.Algorithm.ES256;
                default -> io.lcjwt.Algorithm.EdDSA;
            };
            for (Object o : (List<?>) asymFixture().get("cases")) {
                Map<?, ?> c = (Map<?, ?>) o;
                if (caseName.equals(c.get("name"))) {
                    token = (String) c.get("token");
                }
            }
            check(token != null, "the fixture's " + caseName + " token");
            payload = Base64.getUrlDecoder().decode(token.substring(token.indexOf('.') + 1, token.lastIndexOf('.')));
            check(Arrays.equals(payload, lcjwtImportAndVerify()), "lcjwt's verified payload");
            check(Arrays.equals(payload, jose4jImportAndVerify()), "jose4j's verified payload");
            String good = token;
            token = tampered(good);
            check(refuses(this::lcjwtImportAndVerify) && refuses(this::jose4jImportAndVerify),
                    "both libraries refuse a changed signature");
            token = good;
        }

        @Benchmark
        public byte[] lcjwtImportAndVerify() {
            try (JwtKey k = JwtKey.fromJwk(json)) {
                return io.lcjwt.JwtVerifier.builder(k).algorithms(alg).build().verifyContent(token);
            }
        }

        @Benchmark
        public byte[] jose4jImportAndVerify() throws Exception {
            JsonWebKey jwk = JsonWebKey.Factory.newJwk(json);
            org.jose4j.jws.JsonWebSignature jws = new org.jose4j.jws.JsonWebSignature();
            jws.setCompactSerialization(token);
            jws.setKey(jwk.getKey());
            if (!jws.verifySignature()) {
                throw new IllegalStateException("jose4j refused the signature");
            }
            return jws.getPayloadBytes();
        }
    }

    /** {@link FirstUse}'s rows for Nimbus: RSA and EC (its Ed25519 verifier needs Tink). */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @State(Scope.Benchmark)
    @Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class NimbusFirstUse {
        @Param({"RSA", "EC"})
        public String kty;

        final FirstUse fixture = new FirstUse();

        @Setup(Level.Trial)
        public void setup() throws Exception {
            fixture.kty = kty;
            fixture.setup();
            check(Arrays.equals(fixture.payload, nimbusImportAndVerify()), "Nimbus's verified payload");
            String good = fixture.token;
            fixture.token = tampered(good);
            check(refuses(this::nimbusImportAndVerify), "Nimbus refuses a changed signature");
            fixture.token = good;
        }

        @Benchmark
        public byte[] nimbusImportAndVerify() throws Exception {
            JWK jwk = JWK.parse(fixture.json);
            com.nimbusds.jose.JWSVerifier v = switch (jwk) {
                case com.nimbusds.jose.jwk.RSAKey r -> new com.nimbusds.jose.crypto.RSASSAVerifier(r);
                case com.nimbusds.jose.jwk.ECKey e -> new com.nimbusds.jose.crypto.ECDSAVerifier(e);
                default -> throw new IllegalStateException(jwk.getKeyType().getValue());
            };
            com.nimbusds.jose.JWSObject o = com.nimbusds.jose.JWSObject.parse(fixture.token);
            if (!o.verify(v)) {
                throw new IllegalStateException("Nimbus refused the signature");
            }
            return o.getPayload().toBytes();
        }
    }

    /** The token with the first characters of its signature changed. */
    static String tampered(String token) {
        int sig = token.lastIndexOf('.') + 1;
        return token.substring(0, sig) + (token.startsWith("AAAA", sig) ? "BBBB" : "AAAA") + token.substring(sig + 4);
    }

    /** Whether {@code verify} throws, as every library here does for a signature it refuses. */
    static boolean refuses(java.util.concurrent.Callable<byte[]> verify) {
        try {
            verify.call();
            return false;
        } catch (Exception e) {
            return true;
        }
    }

    /**
     * The JWS rows of jwx's benchmarks: read a JWS without verifying it (header and payload
     * decoded), compact and flattened JSON, and write one (HS256, signing included, as every
     * library's writer signs). The payload is a typical 240-byte claims set; the secret 32 bytes.
     * jose4j has no JWS JSON serialization, so it is in the compact rows only. Before timing,
     * every library must read the same payload and algorithm, and what each writes must verify
     * with lcjwt's verifier and give back the payload.
     */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @State(Scope.Benchmark)
    @Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class Jws {
        static final byte[] PAYLOAD = ("{\"iss\":\"https://issuer.example.com\",\"sub\":\"user-4711\","
                + "\"aud\":\"https://api.example.com\",\"iat\":1767225600,\"nbf\":1767225600,\"exp\":1767229200,"
                + "\"jti\":\"5d7c8a1e-1f0b-4c52-9d3a-2f6e8b1c0a44\",\"scope\":\"read:orders write:orders\","
                + "\"roles\":[\"buyer\",\"admin\"]}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] secret;
        String compact;
        String flattened;
        JwtSecretKey lcjwtKey;
        io.lcjwt.JwtSigner lcjwtSigner;
        com.nimbusds.jose.crypto.MACSigner nimbusSigner;
        java.security.Key jose4jKey;

        @Setup(Level.Trial)
        public void setup() throws Exception {
            secret = new byte[32];
            Arrays.fill(secret, (byte) 0x3c);
            lcjwtKey = JwtSecretKey.of(secret);
            lcjwtSigner = io.lcjwt.JwtSigner.builder(lcjwtKey).algorithm(io.lcjwt.Algorithm.HS256).build();
            nimbusSigner = new com.nimbusds.jose.crypto.MACSigner(secret);
            jose4jKey = new org.jose4j.keys.HmacKey(secret);
            compact = lcjwtSigner.signContent(PAYLOAD);
            flattened = lcjwtSigner.signFlattened(PAYLOAD);

            check(Arrays.equals(PAYLOAD, lcjwtParseCompact().payload()), "lcjwt's compact payload");
            check(Arrays.equals(PAYLOAD, nimbusParseCompact().getPayload().toBytes()), "Nimbus's compact payload");
            check(Arrays.equals(PAYLOAD, jose4jParseCompact().getUnverifiedPayloadBytes()), "jose4j's compact payload");
            check(Arrays.equals(PAYLOAD, lcjwtParseJson().payload()), "lcjwt's JSON payload");
            check(Arrays.equals(PAYLOAD, nimbusParseJson().getPayload().toBytes()), "Nimbus's JSON payload");
            check(nimbusParseJson().getSignatures().get(0).getHeader().getAlgorithm().getName().equals("HS256"),
                    "Nimbus's JSON header");
            io.lcjwt.JwtVerifier v = io.lcjwt.JwtVerifier.builder(lcjwtKey).algorithms(io.lcjwt.Algorithm.HS256).build();
            for (String written : List.of(lcjwtSignCompact(), nimbusSignCompact(), jose4jSignCompact())) {
                check(Arrays.equals(PAYLOAD, v.verifyContent(written)), "a written compact JWS verified by lcjwt");
            }
            for (String written : List.of(lcjwtSignFlattened(), nimbusSignFlattened())) {
                check(Arrays.equals(PAYLOAD, v.verifyJson(written).payload()), "a written JSON JWS verified by lcjwt");
            }
        }

        @Benchmark
        public io.lcjwt.UnverifiedJws lcjwtParseCompact() {
            return io.lcjwt.Unverified.jws(compact);
        }

        @Benchmark
        public com.nimbusds.jose.JWSObject nimbusParseCompact() throws Exception {
            com.nimbusds.jose.JWSObject o = com.nimbusds.jose.JWSObject.parse(compact);
            o.getPayload().toBytes(); // decoded, as lcjwt's and jose4j's are
            return o;
        }

        @Benchmark
        public org.jose4j.jws.JsonWebSignature jose4jParseCompact() throws Exception {
            org.jose4j.jws.JsonWebSignature jws = new org.jose4j.jws.JsonWebSignature();
            jws.setCompactSerialization(compact);
            jws.getUnverifiedPayloadBytes();
            return jws;
        }

        @Benchmark
        public io.lcjwt.UnverifiedJws lcjwtParseJson() {
            return io.lcjwt.Unverified.jws(flattened);
        }

        @Benchmark
        public com.nimbusds.jose.JWSObjectJSON nimbusParseJson() throws Exception {
            com.nimbusds.jose.JWSObjectJSON o = com.nimbusds.jose.JWSObjectJSON.parse(flattened);
            o.getPayload().toBytes();
            return o;
        }

        @Benchmark
        public String lcjwtSignCompact() {
            return lcjwtSigner.signContent(PAYLOAD);
        }

        @Benchmark
        public String nimbusSignCompact() throws Exception {
            com.nimbusds.jose.JWSObject o = new com.nimbusds.jose.JWSObject(
                    new com.nimbusds.jose.JWSHeader(com.nimbusds.jose.JWSAlgorithm.HS256), new com.nimbusds.jose.Payload(PAYLOAD));
            o.sign(nimbusSigner);
            return o.serialize();
        }

        @Benchmark
        public String jose4jSignCompact() throws Exception {
            org.jose4j.jws.JsonWebSignature jws = new org.jose4j.jws.JsonWebSignature();
            jws.setPayloadBytes(PAYLOAD);
            jws.setAlgorithmHeaderValue(org.jose4j.jws.AlgorithmIdentifiers.HMAC_SHA256);
            jws.setKey(jose4jKey);
            return jws.getCompactSerialization();
        }

        @Benchmark
        public String lcjwtSignFlattened() {
            return lcjwtSigner.signFlattened(PAYLOAD);
        }

        @Benchmark
        public String nimbusSignFlattened() throws Exception {
            com.nimbusds.jose.JWSObjectJSON o = new com.nimbusds.jose.JWSObjectJSON(new com.nimbusds.jose.Payload(PAYLOAD));
            o.sign(new com.nimbusds.jose.JWSHeader(com.nimbusds.jose.JWSAlgorithm.HS256), nimbusSigner);
            return o.serializeFlattened();
        }
    }
}
