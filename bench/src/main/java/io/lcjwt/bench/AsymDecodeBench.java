package io.lcjwt.bench;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.interfaces.DecodedJWT;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.proc.SingleKeyJWSKeySelector;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.fusionauth.jwt.InvalidJWTException;
import io.fusionauth.jwt.JWTDecoder;
import io.fusionauth.jwt.Verifier;
import io.fusionauth.jwt.ec.ECVerifier;
import io.fusionauth.jwt.ed.EdDSAVerifier;
import io.fusionauth.jwt.rsa.RSAVerifier;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.JwtParser;
import io.jsonwebtoken.Jwts;
import io.lcjwt.Algorithm;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.JwtException;
import io.lcjwt.JwtVerifier;
import io.lcjwt.LibCrypto;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.bench.Hs256DecodeBench.Claimed;
import io.lcjwt.bench.Hs256DecodeBench.VertxRejected;
import io.lcjwt.bench.fixtures.FixtureGenerator;
import io.lcjwt.bench.fixtures.Fixtures;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.User;
import io.vertx.ext.auth.authentication.TokenCredentials;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * RS256 (RSA 2048), ES256 (P-256) and EdDSA (Ed25519) decode of the typical token: verify the
 * signature, check {@code exp} and {@code aud}, and build the claims, for lcjwt, its Java peers,
 * and the bare libcrypto floor. The asymmetric counterpart of {@link Hs256DecodeBench}: same
 * claims (the HS256 typical fixture's, byte for byte), same checks before timing, same
 * one-contender-per-fork setup.
 *
 * <p><b>One benchmark class per algorithm.</b> Not every peer can do every algorithm (auth0,
 * nimbus and fusionauth have no usable EdDSA here), and JMH has no per-{@code @Param} skip: with
 * one class and an {@code alg} parameter, each unsupported pair would still be forked and would
 * produce a row timing an empty method. So {@link Rs256}, {@link Es256} and {@link EdDsa} each
 * declare only the {@code @Benchmark} methods of the contenders that support their algorithm;
 * there are no n/a rows to ignore. Setup, validation and the decode calls live here, shared.
 * {@link Contender#algs} records who supports what; the smoke test checks that it agrees with the
 * declared methods, and that every left-out pair really fails.
 *
 * <p><b>Keys and tokens</b> are made in setup, deterministically, with JCA only (never with the
 * library under test): a {@code SHA1PRNG} seeded with {@link #seed(Alg)} drives the key pair
 * generator (RSA 2048, secp256r1, Ed25519) and, for ECDSA, the signature nonce, so every fork sees
 * the same key and the same token bytes (the setup line prints the key's SPKI SHA-256 to show it).
 * The public key is exported as DER (SPKI) and every contender imports it from those bytes: lcjwt
 * with {@link JwtPublicKey#fromDer}, the Java peers through {@link KeyFactory}, vert.x as the same DER
 * in PEM armour, the floor with {@code d2i_PUBKEY}. Header: {@code alg}, {@code typ: JWT},
 * {@code kid: bench-k1}. Plus an expired and a wrong-audience token signed the same way.
 *
 * <p><b>Before timing</b>, like {@link Hs256DecodeBench}: the contender must return the fixture's
 * {@code sub}/{@code aud}/{@code exp} (lcjwt's record: every claim) and reject the expired,
 * wrong-audience and bad-signature tokens, or its trial fails instead of producing a number.
 *
 * <p><b>{@code bareLibcrypto} is the floor</b>, not a contender: libcrypto's verify only, over
 * native copies of the signing input and signature made in setup (ECDSA's r || s converted to DER
 * there, once). RS256/ES256: {@code EVP_MD_CTX_reset} + {@code EVP_DigestVerifyInit} +
 * {@code EVP_DigestVerify} on a reused context and the parsed {@code EVP_PKEY}. EdDSA: on aws-lc
 * {@code ED25519_verify} (what lcjwt calls there), on OpenSSL 3 the same EVP calls with no digest.
 * No base64, no JSON, no claims; one context per trial, so single-threaded (JMH's default).
 *
 * <p>Run: {@code java --enable-native-access=ALL-UNNAMED -jar bench/target/benchmarks.jar AsymDecodeBench}
 * (all three), or e.g. {@code AsymDecodeBench.Es256} for one algorithm.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public abstract class AsymDecodeBench {

    /** The HS256 fixture whose claims every asymmetric token carries (the secret is not used). */
    public static final String PAYLOAD = "typical";
    public static final int CLAIMS_FROM_SECRET_BYTES = 64;
    public static final int RSA_BITS = 2048;

    /** The algorithms, with how JCA makes their keys and signatures. */
    public enum Alg {
        RS256(Algorithm.RS256, "RSA", "SHA256withRSA", "RSA " + RSA_BITS),
        ES256(Algorithm.ES256, "EC", "SHA256withECDSAinP1363Format", "P-256"),
        EdDSA(Algorithm.EdDSA, "Ed25519", "Ed25519", "Ed25519");

        public final Algorithm lcjwt;
        public final String jcaKeyAlgorithm;
        public final String jcaSignature;
        public final String keyLabel;

        Alg(Algorithm lcjwt, String jcaKeyAlgorithm, String jcaSignature, String keyLabel) {
            this.lcjwt = lcjwt;
            this.jcaKeyAlgorithm = jcaKeyAlgorithm;
            this.jcaSignature = jcaSignature;
            this.keyLabel = keyLabel;
        }

        public String jwsName() {
            return lcjwt.jwsName();
        }

        void initialize(KeyPairGenerator g, SecureRandom rnd) throws GeneralSecurityException {
            switch (this) {
                case RS256 -> g.initialize(RSA_BITS, rnd);
                case ES256 -> g.initialize(new ECGenParameterSpec("secp256r1"), rnd);
                case EdDSA -> g.initialize(NamedParameterSpec.ED25519, rnd);
            }
        }
    }

    private static final Set<Alg> ALL = Collections.unmodifiableSet(EnumSet.allOf(Alg.class));
    private static final Set<Alg> RSA_EC = Collections.unmodifiableSet(EnumSet.of(Alg.RS256, Alg.ES256));

    /**
     * Each timed method, the algorithms it is declared for, and which {@link Hs256DecodeBench}
     * contender reads its result (the result types are the same).
     */
    public enum Contender {
        LCJWT_RECORD("lcjwtRecord", true, ALL, Hs256DecodeBench.Contender.LCJWT_RECORD),
        LCJWT_MAP("lcjwtMap", true, ALL, Hs256DecodeBench.Contender.LCJWT_MAP),
        /** java-jwt 4.6 has no EdDSA algorithm. */
        AUTH0("auth0", false, RSA_EC, Hs256DecodeBench.Contender.AUTH0),
        /**
         * fusionauth-jwt 6.0's algorithm enum has {@code Ed25519} and {@code Ed448} but no
         * {@code EdDSA}: a standard EdDSA header fails to parse ("The JWT could not be
         * de-serialized"), before its EdDSAVerifier is reached.
         */
        FUSIONAUTH("fusionauth", false, RSA_EC, Hs256DecodeBench.Contender.FUSIONAUTH),
        VERTX("vertx", false, ALL, Hs256DecodeBench.Contender.VERTX),
        JJWT("jjwt", false, ALL, Hs256DecodeBench.Contender.JJWT),
        /**
         * nimbus's verifier factory has no EdDSA for a JCA key ("Unsupported JWS algorithm: EdDSA");
         * its Ed25519Verifier takes an OctetKeyPair and needs Google Tink, an optional dependency
         * not taken.
         */
        NIMBUS("nimbus", false, RSA_EC, Hs256DecodeBench.Contender.NIMBUS),
        JOSE4J("jose4j", false, ALL, Hs256DecodeBench.Contender.JOSE4J),
        /** The floor: libcrypto's verify only. Its "result" is whether the signature verified. */
        BARE_LIBCRYPTO("bareLibcrypto", true, ALL, null);

        /** The {@code @Benchmark} method's name. */
        public final String method;
        /** Whether it goes through libcrypto (then the run is labelled with {@link LibCrypto#describe()}). */
        public final boolean nativeCrypto;
        /** The algorithms whose benchmark class declares this contender's method. */
        public final Set<Alg> algs;
        private final Hs256DecodeBench.Contender reader;

        Contender(String method, boolean nativeCrypto, Set<Alg> algs, Hs256DecodeBench.Contender reader) {
            this.method = method;
            this.nativeCrypto = nativeCrypto;
            this.algs = algs;
            this.reader = reader;
        }

        public boolean supports(Alg alg) {
            return algs.contains(alg);
        }

        public boolean isFloor() {
            return this == BARE_LIBCRYPTO;
        }

        Object decode(AsymDecodeBench b, String t) throws Exception {
            return switch (this) {
                case LCJWT_RECORD -> b.decodeLcjwtRecord(t);
                case LCJWT_MAP -> b.decodeLcjwtMap(t);
                case AUTH0 -> b.decodeAuth0(t);
                case FUSIONAUTH -> b.decodeFusionAuth(t);
                case VERTX -> b.decodeVertx(t);
                case JJWT -> b.decodeJjwt(t);
                case NIMBUS -> b.decodeNimbus(t);
                case JOSE4J -> b.decodeJose4j(t);
                case BARE_LIBCRYPTO -> b.bareVerifyToken(t);
            };
        }

        Claimed claimed(Object result) throws Exception {
            if (reader == null) {
                throw new UnsupportedOperationException("the floor returns no claims");
            }
            return reader.claimed(result);
        }

        public static Contender ofMethod(String method) {
            for (Contender c : values()) {
                if (c.method.equals(method)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("no contender for benchmark method " + method);
        }
    }

    // ---- the benchmark classes: each declares exactly the contenders of its algorithm ----

    /** RS256, RSA 2048: every contender. */
    public static class Rs256 extends AsymDecodeBench {
        public Rs256() {
            super(Alg.RS256);
        }

        @Benchmark public TypicalClaims lcjwtRecord() { return decodeLcjwtRecord(token); }
        @Benchmark public Map<String, Object> lcjwtMap() { return decodeLcjwtMap(token); }
        @Benchmark public DecodedJWT auth0() { return decodeAuth0(token); }
        @Benchmark public io.fusionauth.jwt.domain.JWT fusionauth() { return decodeFusionAuth(token); }
        @Benchmark public JsonObject vertx() { return decodeVertx(token); }
        @Benchmark public Claims jjwt() { return decodeJjwt(token); }
        @Benchmark public JWTClaimsSet nimbus() throws Exception { return decodeNimbus(token); }
        @Benchmark public JwtClaims jose4j() throws Exception { return decodeJose4j(token); }
        @Benchmark public boolean bareLibcrypto() { return bareVerify(nativeSig, nativeSigLength); }
    }

    /** ES256, P-256: every contender. */
    public static class Es256 extends AsymDecodeBench {
        public Es256() {
            super(Alg.ES256);
        }

        @Benchmark public TypicalClaims lcjwtRecord() { return decodeLcjwtRecord(token); }
        @Benchmark public Map<String, Object> lcjwtMap() { return decodeLcjwtMap(token); }
        @Benchmark public DecodedJWT auth0() { return decodeAuth0(token); }
        @Benchmark public io.fusionauth.jwt.domain.JWT fusionauth() { return decodeFusionAuth(token); }
        @Benchmark public JsonObject vertx() { return decodeVertx(token); }
        @Benchmark public Claims jjwt() { return decodeJjwt(token); }
        @Benchmark public JWTClaimsSet nimbus() throws Exception { return decodeNimbus(token); }
        @Benchmark public JwtClaims jose4j() throws Exception { return decodeJose4j(token); }
        @Benchmark public boolean bareLibcrypto() { return bareVerify(nativeSig, nativeSigLength); }
    }

    /**
     * EdDSA, Ed25519: no auth0 (no EdDSA in java-jwt), no nimbus (its Ed25519 needs Tink), no
     * fusionauth (it cannot parse an {@code "alg":"EdDSA"} header).
     */
    public static class EdDsa extends AsymDecodeBench {
        public EdDsa() {
            super(Alg.EdDSA);
        }

        @Benchmark public TypicalClaims lcjwtRecord() { return decodeLcjwtRecord(token); }
        @Benchmark public Map<String, Object> lcjwtMap() { return decodeLcjwtMap(token); }
        @Benchmark public JsonObject vertx() { return decodeVertx(token); }
        @Benchmark public Claims jjwt() { return decodeJjwt(token); }
        @Benchmark public JwtClaims jose4j() throws Exception { return decodeJose4j(token); }
        @Benchmark public boolean bareLibcrypto() { return bareVerify(nativeSig, nativeSigLength); }
    }

    /** The benchmark class of {@code alg}, new. */
    public static AsymDecodeBench forAlg(Alg alg) {
        return switch (alg) {
            case RS256 -> new Rs256();
            case ES256 -> new Es256();
            case EdDSA -> new EdDsa();
        };
    }

    // ---- fixture: keys and tokens, JCA only, deterministic ----

    /** Key pair seed per algorithm, derived from the HS256 fixtures' seed. */
    static long seed(Alg alg) {
        return FixtureGenerator.SEED + 0x5EED_0000L + alg.ordinal();
    }

    /**
     * One algorithm's key and tokens. {@code spki} is the public key as DER (X.509
     * SubjectPublicKeyInfo), the only form contenders receive it in.
     */
    public record AsymFixture(Alg alg, byte[] spki, String kid, String token, String expired, String wrongAudience,
                              Map<String, Object> claims, String aud, long clock) {

        public String sub() {
            return (String) claims.get("sub");
        }

        public long exp() {
            return ((Number) claims.get("exp")).longValue();
        }

        /** The first 8 bytes of SHA-256(SPKI), hex: shows that every fork made the same key. */
        public String keyFingerprint() {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(spki), 0, 8);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static final Map<Alg, AsymFixture> FIXTURES = Collections.synchronizedMap(new EnumMap<>(Alg.class));

    /** {@code alg}'s fixture, made once per JVM (a fork makes one; the smoke test reuses them). */
    public static AsymFixture fixture(Alg alg) {
        AsymFixture f = FIXTURES.get(alg);
        if (f == null) {
            try {
                f = generate(alg);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("JCA could not make the " + alg + " fixture", e);
            }
            FIXTURES.putIfAbsent(alg, f);
            f = FIXTURES.get(alg);
        }
        return f;
    }

    /** A fresh fixture for {@code alg}: same seed, so the same bytes every time. */
    static AsymFixture generate(Alg alg) throws GeneralSecurityException {
        Fixtures.Case hs = Fixtures.hs256().get(PAYLOAD, CLAIMS_FROM_SECRET_BYTES);
        SecureRandom rnd = SecureRandom.getInstance("SHA1PRNG");
        rnd.setSeed(seed(alg)); // before any output: SHA1PRNG is then a deterministic stream
        KeyPairGenerator g = KeyPairGenerator.getInstance(alg.jcaKeyAlgorithm);
        alg.initialize(g, rnd);
        KeyPair kp = g.generateKeyPair();
        byte[] spki = kp.getPublic().getEncoded();

        Map<String, Object> claims = hs.claims();
        Map<String, Object> expired = new LinkedHashMap<>(claims);
        expired.put("exp", FixtureGenerator.EXPIRED_EXP);
        Map<String, Object> wrongAud = new LinkedHashMap<>(claims);
        wrongAud.put("aud", FixtureGenerator.WRONG_AUDIENCE);
        String kid = hs.kid();
        String token = sign(alg, kp, kid, claims, rnd);
        // The same claims as the HS256 typical token, byte for byte: only header and signature differ.
        String hsPayload = hs.token().split("\\.")[1];
        if (!token.split("\\.")[1].equals(hsPayload)) {
            throw new IllegalStateException("the " + alg + " token's payload differs from the HS256 fixture's");
        }
        return new AsymFixture(alg, spki, kid, token, sign(alg, kp, kid, expired, rnd),
                sign(alg, kp, kid, wrongAud, rnd), claims, hs.aud(), Fixtures.hs256().clock());
    }

    private static String sign(Alg alg, KeyPair kp, String kid, Map<String, Object> claims, SecureRandom rnd)
            throws GeneralSecurityException {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("alg", alg.jwsName());
        header.put("typ", "JWT");
        header.put("kid", kid);
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String signingInput;
        try {
            signingInput = b64.encodeToString(FixtureGenerator.compact(header)) + "."
                    + b64.encodeToString(FixtureGenerator.compact(claims));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Signature s = Signature.getInstance(alg.jcaSignature);
        s.initSign(kp.getPrivate(), rnd); // ECDSA draws its nonce from rnd: deterministic too
        s.update(signingInput.getBytes(StandardCharsets.US_ASCII));
        return signingInput + "." + b64.encodeToString(s.sign());
    }

    // ---- state: only the timed contender's fields are set in a fork ----

    final Alg alg;
    Contender contender;
    String libcrypto;
    AsymFixture fixture;
    Instant now;
    String token;

    JwtPublicKey lcjwtKey;
    JwtVerifier lcjwt;
    JWTVerifier auth0;
    JWTDecoder fusionDecoder;
    Verifier fusionVerifier;
    Vertx vertx;
    JWTAuth vertxAuth;
    JwtParser jjwt;
    DefaultJWTProcessor<SecurityContext> nimbus;
    JwtConsumer jose4j;

    Arena nativeArena;
    MemorySegment pkey;
    MemorySegment mdCtx;
    MemorySegment md;
    boolean ed25519Direct;
    MemorySegment ed25519Pub;
    MemorySegment nativeInput;
    long nativeInputLength;
    MemorySegment nativeSig;
    long nativeSigLength;

    protected AsymDecodeBench(Alg alg) {
        this.alg = alg;
    }

    // ---- one decode per contender: the timed methods and the setup checks both call these ----

    TypicalClaims decodeLcjwtRecord(String t) {
        return lcjwt.decode(t, TypicalClaims.class);
    }

    Map<String, Object> decodeLcjwtMap(String t) {
        return lcjwt.decode(t);
    }

    DecodedJWT decodeAuth0(String t) {
        return auth0.verify(t);
    }

    io.fusionauth.jwt.domain.JWT decodeFusionAuth(String t) {
        return PeerCalls.fusionAuth(fusionDecoder, fusionVerifier, t, fixture.aud());
    }

    JsonObject decodeVertx(String t) {
        return PeerCalls.vertx(vertxAuth, t);
    }

    Claims decodeJjwt(String t) {
        return jjwt.parseSignedClaims(t).getPayload();
    }

    JWTClaimsSet decodeNimbus(String t) throws Exception {
        return nimbus.process(t, null);
    }

    JwtClaims decodeJose4j(String t) throws Exception {
        return jose4j.processToClaims(t);
    }

    /** The floor: one libcrypto verify of the prepared signing input against {@code sig}. */
    boolean bareVerify(MemorySegment sig, long sigLength) {
        if (ed25519Direct) {
            return libcrypto_h.ED25519_verify(nativeInput, nativeInputLength, sig, ed25519Pub) == 1;
        }
        MemorySegment ctx = mdCtx;
        libcrypto_h.EVP_MD_CTX_reset(ctx);
        boolean ok = libcrypto_h.EVP_DigestVerifyInit(ctx, MemorySegment.NULL, md, MemorySegment.NULL, pkey) == 1
                && libcrypto_h.EVP_DigestVerify(ctx, sig, sigLength, nativeInput, nativeInputLength) == 1;
        if (!ok) {
            Backend.get().clearErrors();
        }
        return ok;
    }

    /** The floor on another token (setup checks only): its signature, as the floor takes it, over the prepared input. */
    boolean bareVerifyToken(String t) {
        byte[] sig = floorSignature(alg, t);
        try (Arena a = Arena.ofConfined()) {
            return bareVerify(a.allocateFrom(ValueLayout.JAVA_BYTE, sig), sig.length);
        }
    }

    /** The JWS signature as libcrypto verifies it: ECDSA's r || s as DER, the others as they are. */
    static byte[] floorSignature(Alg alg, String t) {
        byte[] jws = Base64.getUrlDecoder().decode(t.substring(t.lastIndexOf('.') + 1));
        return alg == Alg.ES256 ? ecdsaDer(jws) : jws;
    }

    /** r || s (equal halves, big-endian) as DER {@code SEQUENCE { INTEGER r, INTEGER s }}. */
    static byte[] ecdsaDer(byte[] rs) {
        int half = rs.length / 2;
        byte[] r = derInteger(Arrays.copyOfRange(rs, 0, half));
        byte[] s = derInteger(Arrays.copyOfRange(rs, half, rs.length));
        int len = r.length + s.length;
        if (len > 127) {
            throw new IllegalArgumentException("ECDSA signature too long for this short-form encoder");
        }
        byte[] der = new byte[2 + len];
        der[0] = 0x30;
        der[1] = (byte) len;
        System.arraycopy(r, 0, der, 2, r.length);
        System.arraycopy(s, 0, der, 2 + r.length, s.length);
        return der;
    }

    private static byte[] derInteger(byte[] unsigned) {
        int i = 0;
        while (i < unsigned.length - 1 && unsigned[i] == 0) {
            i++;
        }
        boolean pad = (unsigned[i] & 0x80) != 0;
        int n = unsigned.length - i + (pad ? 1 : 0);
        byte[] out = new byte[2 + n];
        out[0] = 0x02;
        out[1] = (byte) n;
        System.arraycopy(unsigned, i, out, 2 + (pad ? 1 : 0), unsigned.length - i);
        return out;
    }

    // ---- setup ----

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws Exception {
        String benchmark = params.getBenchmark();
        setup(Contender.ofMethod(benchmark.substring(benchmark.lastIndexOf('.') + 1)));
        System.out.println("# contender " + contender.method + ": " + alg + " (" + alg.keyLabel + ", key sha256:"
                + fixture.keyFingerprint() + "), typical claims, " + token.length() + "-byte token"
                + (libcrypto != null ? ", libcrypto: " + libcrypto : "")
                + (contender.isFloor() ? ", floor via " + (ed25519Direct ? "ED25519_verify" : "EVP_DigestVerify") : ""));
    }

    /** Builds only {@code c}, then checks it accepts the token and rejects the bad ones. */
    public void setup(Contender c) throws Exception {
        if (!c.supports(alg)) {
            throw new IllegalArgumentException(c.method + " is not a " + alg + " contender (see Contender.algs)");
        }
        build(c);
        validate();
    }

    /** Builds {@code c} for this class's algorithm, without asking whether it is declared for it. */
    void build(Contender c) throws Exception {
        contender = c;
        if (c.nativeCrypto) {
            libcrypto = LibCrypto.describe(); // loads libcrypto before anything links against it
        }
        fixture = fixture(alg);
        now = Instant.ofEpochSecond(fixture.clock());
        token = fixture.token();
        String aud = fixture.aud();

        switch (c) {
            case LCJWT_RECORD, LCJWT_MAP -> {
                lcjwtKey = JwtPublicKey.fromDer(fixture.spki()).withKeyId(fixture.kid());
                lcjwt = JwtVerifier.builder(lcjwtKey)
                        .algorithms(alg.lcjwt)
                        .audience(aud)
                        .clock(Clock.fixed(now, ZoneOffset.UTC))
                        .build();
            }
            case AUTH0 -> {
                com.auth0.jwt.algorithms.Algorithm a = switch (alg) {
                    case RS256 -> com.auth0.jwt.algorithms.Algorithm.RSA256((RSAPublicKey) jcaPublicKey());
                    case ES256 -> com.auth0.jwt.algorithms.Algorithm.ECDSA256((ECPublicKey) jcaPublicKey());
                    case EdDSA -> throw new UnsupportedOperationException("auth0 java-jwt has no EdDSA algorithm");
                };
                auth0 = ((JWTVerifier.BaseVerification) JWT.require(a).withAudience(aud))
                        .build(Clock.fixed(now, ZoneOffset.UTC));
            }
            case FUSIONAUTH -> {
                fusionDecoder = io.fusionauth.jwt.domain.JWT.getTimeMachineDecoder(ZonedDateTime.ofInstant(now, ZoneOffset.UTC));
                fusionVerifier = switch (alg) {
                    case RS256 -> RSAVerifier.newVerifier(jcaPublicKey());
                    case ES256 -> ECVerifier.newVerifier(jcaPublicKey());
                    case EdDSA -> EdDSAVerifier.newVerifier(jcaPublicKey());
                };
            }
            case VERTX -> {
                // No clock option: vert.x checks exp against the system clock (the valid exp is in 2100).
                vertx = Vertx.vertx();
                vertxAuth = JWTAuth.create(vertx, new JWTAuthOptions()
                        .addPubSecKey(new PubSecKeyOptions()
                                .setAlgorithm(alg.jwsName())
                                .setId(fixture.kid())
                                .setBuffer(pem(fixture.spki())))
                        .setJWTOptions(new JWTOptions().setAudience(List.of(aud))));
            }
            case JJWT -> {
                Date fixed = Date.from(now);
                jjwt = Jwts.parser()
                        .verifyWith(jcaPublicKey())
                        .requireAudience(aud)
                        .clock(() -> fixed)
                        .build();
            }
            case NIMBUS -> {
                Date fixed = Date.from(now);
                DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
                p.setJWSKeySelector(new SingleKeyJWSKeySelector<>(JWSAlgorithm.parse(alg.jwsName()), jcaPublicKey()));
                p.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(aud, null, Set.of("exp")) {
                    @Override
                    protected Date currentTime() {
                        return fixed;
                    }
                });
                nimbus = p;
            }
            case JOSE4J -> jose4j = new JwtConsumerBuilder()
                    .setRequireExpirationTime()
                    .setExpectedAudience(aud)
                    .setVerificationKey(jcaPublicKey())
                    .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, alg.jwsName())
                    .setEvaluationTime(NumericDate.fromSeconds(now.getEpochSecond()))
                    .build();
            case BARE_LIBCRYPTO -> buildFloor();
        }
    }

    private void buildFloor() {
        Backend backend = Backend.get();
        nativeArena = Arena.ofShared(); // setup and the timed calls may run on different JMH threads
        byte[] spki = fixture.spki();
        MemorySegment der = nativeArena.allocateFrom(ValueLayout.JAVA_BYTE, spki);
        MemorySegment cursor = nativeArena.allocateFrom(ValueLayout.ADDRESS, der); // d2i_ advances it
        backend.clearErrors();
        pkey = libcrypto_h.d2i_PUBKEY(MemorySegment.NULL, cursor, spki.length);
        if (pkey.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("d2i_PUBKEY failed: " + backend.drainErrors());
        }
        mdCtx = libcrypto_h.EVP_MD_CTX_new();
        if (mdCtx.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("EVP_MD_CTX_new failed");
        }
        md = alg == Alg.EdDSA ? MemorySegment.NULL : backend.sha256();
        ed25519Direct = alg == Alg.EdDSA && backend.isAwsLc();
        if (ed25519Direct) { // the raw key: the last 32 bytes of an Ed25519 SPKI
            ed25519Pub = nativeArena.allocateFrom(ValueLayout.JAVA_BYTE, Arrays.copyOfRange(spki, spki.length - 32, spki.length));
        }
        int dot = token.lastIndexOf('.');
        nativeInput = nativeArena.allocateFrom(ValueLayout.JAVA_BYTE, token.substring(0, dot).getBytes(StandardCharsets.US_ASCII));
        nativeInputLength = dot;
        byte[] sig = floorSignature(alg, token);
        nativeSig = nativeArena.allocateFrom(ValueLayout.JAVA_BYTE, sig);
        nativeSigLength = sig.length;
    }

    /** The fixture's SPKI through JCA's {@link KeyFactory}, as each Java peer is given it. */
    java.security.PublicKey jcaPublicKey() throws GeneralSecurityException {
        return KeyFactory.getInstance(alg.jcaKeyAlgorithm).generatePublic(new X509EncodedKeySpec(fixture.spki()));
    }

    static String pem(byte[] spki) {
        return "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(spki)
                + "\n-----END PUBLIC KEY-----\n";
    }

    /** What {@link #validate()} saw each bad token rejected with, for the smoke test's report. */
    final LinkedHashMap<String, String> rejections = new LinkedHashMap<>();

    void validate() throws Exception {
        Contender c = contender;
        if (c.isFloor()) {
            check(bareVerify(nativeSig, nativeSigLength), "the floor does not verify the valid " + alg + " signature");
            check(Boolean.TRUE.equals(c.decode(this, token)), "the floor does not verify the valid token");
            byte[] flipped = nativeSig.toArray(ValueLayout.JAVA_BYTE);
            flipped[flipped.length - 5] ^= 0x01; // inside s for ECDSA's DER; any bit for RSA and Ed25519
            try (Arena a = Arena.ofConfined()) {
                check(!bareVerify(a.allocateFrom(ValueLayout.JAVA_BYTE, flipped), flipped.length),
                        "the floor accepts a flipped signature");
            }
            check(!Boolean.TRUE.equals(c.decode(this, Hs256DecodeBench.tamperedSignature(token))),
                    "the floor accepts the bad-signature token");
            // The expired and wrong-audience tokens carry valid signatures: the floor checks no claims.
            rejections.put("bad signature", "verify failed");
            return;
        }
        Object result = c.decode(this, token);
        Claimed got = c.claimed(result);
        Claimed want = new Claimed(fixture.sub(), fixture.aud(), fixture.exp());
        check(want.equals(got), c.method + " returned " + got + ", fixture has " + want);
        if (result instanceof TypicalClaims all) { // every field bound
            check(all.equals(Hs256DecodeBench.expectedTypical(fixture.claims())), c.method + " returned " + all
                    + ", fixture has " + fixture.claims());
        }
        boolean lcjwt = c.name().startsWith("LCJWT");
        mustReject(c, fixture.expired(), "expired", lcjwt ? ExpiredJwtException.class : Exception.class);
        mustReject(c, fixture.wrongAudience(), "wrong audience", lcjwt ? InvalidClaimException.class : Exception.class);
        mustReject(c, Hs256DecodeBench.tamperedSignature(token), "bad signature", lcjwt ? JwtException.class : Exception.class);
    }

    private void mustReject(Contender c, String bad, String what, Class<? extends Exception> expected) {
        Object accepted;
        try {
            accepted = c.decode(this, bad);
        } catch (Exception e) {
            if (!expected.isInstance(e)) {
                throw new IllegalStateException(c.method + " rejected the " + alg + " " + what + " token with "
                        + e.getClass().getName() + ", expected " + expected.getName(), e);
            }
            rejections.put(what, e.getClass().getSimpleName() + ": " + e.getMessage());
            return;
        }
        throw new IllegalStateException(c.method + " ACCEPTED the " + alg + " " + what + " token: " + accepted
                + " (it must check signature, exp and aud; not timing a contender that does not)");
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException(message);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (vertx != null) {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            vertx = null;
        }
        if (mdCtx != null) {
            libcrypto_h.EVP_MD_CTX_free(mdCtx);
            mdCtx = null;
        }
        if (pkey != null) {
            libcrypto_h.EVP_PKEY_free(pkey);
            pkey = null;
        }
        if (nativeArena != null) {
            nativeArena.close();
            nativeArena = null;
        }
        if (lcjwtKey != null) {
            lcjwtKey.close();
            lcjwtKey = null;
        }
    }
}
