package io.lcjwt.bench;

import com.auth0.jwt.JWT;
import com.fasterxml.jackson.jr.ob.JSON;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.fusionauth.jwt.JWTEncoder;
import io.fusionauth.jwt.Signer;
import io.fusionauth.jwt.ec.ECSigner;
import io.fusionauth.jwt.hmac.HMACSigner;
import io.fusionauth.jwt.rsa.RSAPSSSigner;
import io.fusionauth.jwt.rsa.RSASigner;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.security.SecureDigestAlgorithm;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.LibCrypto;
import io.lcjwt.bench.fixtures.FixtureGenerator;
import io.lcjwt.bench.fixtures.Fixtures;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Critical;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.keys.HmacKey;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Signing the typical claims (the HS256 {@code typical} fixture's claims set: {@code sub},
 * {@code iss}, {@code aud}, {@code iat}, {@code nbf}, {@code exp}, {@code jti}, {@code sid},
 * {@code email}, {@code name}, {@code scope}, {@code roles}, {@code amr}; NumericDates as the
 * fixture's numbers) as a compact JWS with header {@code alg}, {@code typ: JWT},
 * {@code kid: bench-k1}: lcjwt against jjwt, auth0 java-jwt, nimbus-jose-jwt, jose4j,
 * fusionauth-jwt and vert.x auth-jwt, and the bare libcrypto sign through lcjwt's bindings
 * (issue #17, {@code bench/results-sign.md}).
 *
 * <p><b>The matrix.</b> HS256/384/512 ({@link Hmac}, {@code @Param alg}), RS256 and PS256 on RSA
 * 2048 and 4096 ({@link Rsa}, {@code @Param alg} and {@code bits}), ES256/384/512 on P-256,
 * P-384, P-521 ({@link Ecdsa}, {@code @Param alg}), EdDSA on Ed25519 ({@link EdDsa}). The split
 * follows who supports what, as in {@link AsymDecodeBench}: JMH cannot skip a
 * {@code @Param} value for one method, so a class with an unsupported pair would fork a JVM to
 * fail it. Each class declares only the methods of the contenders that can sign its algorithms
 * ({@link Contender#algs}); the smoke test checks the two agree and that every left-out pair
 * really fails:
 * <ul>
 *   <li>auth0 java-jwt 4.6: no EdDSA ({@code Algorithm} has HMAC, RSA, RSA-PSS and ECDSA factories);</li>
 *   <li>nimbus-jose-jwt 10: no EdDSA (its {@code Ed25519Signer} takes an {@code OctetKeyPair} and
 *       needs Google Tink, an optional dependency not taken);</li>
 *   <li>fusionauth-jwt 6: no standard EdDSA ({@code EdDSASigner} writes {@code "alg":"Ed25519"},
 *       not RFC 8037's {@code "EdDSA"}).</li>
 * </ul>
 *
 * <p><b>What each contender does per operation</b>: it is handed the same {@code Map} of claims
 * and makes a token from it with its own API; what can be made once (key, signer object, header
 * where the library keeps one) is made in setup:
 * <ul>
 *   <li>lcjwt: {@code JwtSigner.builder(key).algorithm(a).build()} once, {@code sign(map)};</li>
 *   <li>jjwt: {@code Jwts.builder().header().keyId(kid).type("JWT").and().claims(map).signWith(key, alg).compact()};</li>
 *   <li>auth0: {@code JWT.create().withKeyId(kid).withPayload(map).sign(algorithm)} ({@code typ} is its
 *       default; PS256 is {@code Algorithm.RSA256PSS});</li>
 *   <li>nimbus: {@code new SignedJWT(header, JWTClaimsSet.parse(map))}, {@code sign(signer)}, {@code serialize()};</li>
 *   <li>jose4j: a {@code JwtClaims} filled from the map, {@code JsonWebSignature} with its JSON, key,
 *       {@code alg}, {@code kid}, {@code typ}, {@code getCompactSerialization()};</li>
 *   <li>fusionauth: a {@code JWT} filled with {@code addClaim}, {@code JWTEncoder.encode(jwt, signer)}
 *       (the signer carries the {@code kid});</li>
 *   <li>vert.x: {@code JWTAuth.generateToken(new JsonObject(map), options)} with
 *       {@code setNoTimestamp(true)} (the claims have their own {@code iat}); the key's id is the {@code kid}.</li>
 * </ul>
 *
 * <p><b>{@code bareLibcrypto} is the floor</b>, not a contender: libcrypto's signature alone,
 * over a copy of the signing input made in setup, into a buffer made in setup; no JSON, no
 * base64, no String. HMAC: a reused {@code HMAC_CTX} with the key absorbed once
 * ({@code HMAC_Init_ex} with a NULL key, {@code HMAC_Update}, {@code HMAC_Final}, as critical
 * downcalls on heap arrays), which is what lcjwt's own HMAC keys do;
 * {@code bareLibcryptoOneShot} is the one-shot {@code HMAC()} beside it, which absorbs the key on
 * every call. RSA, PSS, ECDSA and Ed25519: {@code EVP_MD_CTX_reset}, {@code EVP_DigestSignInit}
 * (plus the PKCS#1 or PSS padding, salt = hash length, MGF1 over the same hash, as lcjwt sets
 * them), {@code EVP_DigestSign} on a reused context and the {@code EVP_PKEY} parsed once
 * ({@code d2i_AutoPrivateKey}); ECDSA's output stays DER (turning it into r || s is the
 * library's work). One context per trial, so single-threaded (JMH's default).
 *
 * <p><b>Keys</b> are made in setup with JCA from a {@code SHA1PRNG} seeded per key (see
 * {@link #keys(KeyKind)}), so every fork signs with the same key (the setup line prints its
 * SPKI SHA-256); every contender gets it from the same PKCS#8 bytes (lcjwt
 * {@code JwtPrivateKey.fromDer}, the Java peers through {@code KeyFactory}, vert.x as PEM, the
 * floor {@code d2i_AutoPrivateKey}). HMAC: the fixture's 64-byte secret for all three.
 *
 * <p><b>Before timing</b> ({@link #validate()}, throwing if wrong): each contender signs (twice
 * for ECDSA and PSS, which are randomised), and each token must have the header's {@code alg},
 * {@code typ: JWT} and {@code kid}, a payload that reads as the same claims as the fixture's
 * token (compared as parsed JSON, so member order and spacing may differ), and a signature the
 * JDK verifies over {@code header.payload} ({@code Mac}, or {@code Signature} with the public
 * key; ECDSA must be r || s of twice the curve's coordinate length, checked with the JDK's
 * P1363 form). The floor's signature must verify with the JDK the same way (ECDSA as DER, HMAC
 * equal to the JDK's MAC).
 *
 * <p>Run: {@code bin/race jmh --lib aws-lc --regex SignBench --page results-sign.md} (pinned,
 * {@code -prof gc}, writes the page with {@link io.lcjwt.bench.report.SignPage}), or directly
 * {@code java --enable-native-access=ALL-UNNAMED -jar bench/target/benchmarks.jar SignBench}, or
 * e.g. {@code 'SignBench.Ecdsa' -p alg=ES256} for part of it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
public abstract class SignBench {

    /** The HS256 fixture whose claims every token carries (and whose secret the HMAC algorithms use). */
    public static final String PAYLOAD = "typical";
    public static final int SECRET_BYTES = 64;

    /** The keys, one per JCA key pair the asymmetric algorithms use. */
    public enum KeyKind {
        RSA_2048("RSA", 2048), RSA_4096("RSA", 4096), P_256("EC", 256), P_384("EC", 384), P_521("EC", 521),
        ED25519("Ed25519", 255);

        public final String jca;
        public final int bits;

        KeyKind(String jca, int bits) {
            this.jca = jca;
            this.bits = bits;
        }

        void initialize(KeyPairGenerator g, SecureRandom rnd) throws GeneralSecurityException {
            switch (this) {
                case RSA_2048, RSA_4096 -> g.initialize(bits, rnd);
                case P_256 -> g.initialize(new ECGenParameterSpec("secp256r1"), rnd);
                case P_384 -> g.initialize(new ECGenParameterSpec("secp384r1"), rnd);
                case P_521 -> g.initialize(new ECGenParameterSpec("secp521r1"), rnd);
                case ED25519 -> g.initialize(NamedParameterSpec.ED25519, rnd);
            }
        }

        static KeyKind rsa(int bits) {
            return switch (bits) {
                case 2048 -> RSA_2048;
                case 4096 -> RSA_4096;
                default -> throw new IllegalArgumentException("no RSA " + bits + " key here (2048 or 4096)");
            };
        }
    }

    /** The algorithms, with how the JDK checks them. */
    public enum Alg {
        HS256(Algorithm.HS256, "HmacSHA256", 0),
        HS384(Algorithm.HS384, "HmacSHA384", 0),
        HS512(Algorithm.HS512, "HmacSHA512", 0),
        RS256(Algorithm.RS256, "SHA256withRSA", 0),
        PS256(Algorithm.PS256, "RSASSA-PSS", 0),
        ES256(Algorithm.ES256, "SHA256withECDSAinP1363Format", 32),
        ES384(Algorithm.ES384, "SHA384withECDSAinP1363Format", 48),
        ES512(Algorithm.ES512, "SHA512withECDSAinP1363Format", 66),
        EdDSA(Algorithm.EdDSA, "Ed25519", 0);

        public final Algorithm lcjwt;
        /** The JDK's {@code Mac} or {@code Signature} name that checks it (JWS form for ECDSA). */
        public final String jca;
        /** ECDSA: the curve's coordinate length in bytes (r || s is twice this); else 0. */
        public final int coordBytes;

        Alg(Algorithm lcjwt, String jca, int coordBytes) {
            this.lcjwt = lcjwt;
            this.jca = jca;
            this.coordBytes = coordBytes;
        }

        public String jwsName() {
            return lcjwt.jwsName();
        }

        public boolean isHmac() {
            return lcjwt.family() == Algorithm.Family.HMAC;
        }

        /** The key this algorithm signs with at {@code bits} (RSA only; the others have one size). */
        KeyKind key(int bits) {
            return switch (this) {
                case HS256, HS384, HS512 -> null;
                case RS256, PS256 -> KeyKind.rsa(bits);
                case ES256 -> KeyKind.P_256;
                case ES384 -> KeyKind.P_384;
                case ES512 -> KeyKind.P_521;
                case EdDSA -> KeyKind.ED25519;
            };
        }

        String hmacJca() {
            return "HmacSHA" + lcjwt.hashBytes() * 8;
        }
    }

    private static final Set<Alg> ALL = Collections.unmodifiableSet(EnumSet.allOf(Alg.class));
    private static final Set<Alg> NO_EDDSA = Collections.unmodifiableSet(EnumSet.complementOf(EnumSet.of(Alg.EdDSA)));

    /** Each timed method, and the algorithms whose benchmark class declares it. */
    public enum Contender {
        LCJWT("lcjwt", true, ALL),
        JJWT("jjwt", false, ALL),
        /** java-jwt 4.6's {@code Algorithm} has HMAC, RSA (PKCS#1 and PSS) and ECDSA: no EdDSA. */
        AUTH0("auth0", false, NO_EDDSA),
        /** Its Ed25519Signer takes an OctetKeyPair and needs Google Tink, an optional dependency not taken. */
        NIMBUS("nimbus", false, NO_EDDSA),
        JOSE4J("jose4j", false, ALL),
        /** Its EdDSASigner writes {@code "alg":"Ed25519"}, which no RFC 8037 verifier takes as EdDSA. */
        FUSIONAUTH("fusionauth", false, NO_EDDSA),
        VERTX("vertx", false, ALL),
        /** The floor: libcrypto's signature alone. */
        BARE_LIBCRYPTO("bareLibcrypto", true, ALL),
        /** The one-shot {@code HMAC()} (key absorbed on every call), beside the HMAC floor. */
        BARE_LIBCRYPTO_ONE_SHOT("bareLibcryptoOneShot", true, EnumSet.of(Alg.HS256, Alg.HS384, Alg.HS512));

        /** The {@code @Benchmark} method's name. */
        public final String method;
        /** Whether it goes through libcrypto (then the run is labelled with {@link LibCrypto#describe()}). */
        public final boolean nativeCrypto;
        /** The algorithms whose benchmark class declares this contender's method. */
        public final Set<Alg> algs;

        Contender(String method, boolean nativeCrypto, Set<Alg> algs) {
            this.method = method;
            this.nativeCrypto = nativeCrypto;
            this.algs = algs;
        }

        public boolean supports(Alg alg) {
            return algs.contains(alg);
        }

        public boolean isFloor() {
            return this == BARE_LIBCRYPTO || this == BARE_LIBCRYPTO_ONE_SHOT;
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

    // ---- the benchmark classes: each declares exactly the contenders of its algorithms ----

    /** HS256, HS384, HS512 with the fixture's 64-byte secret: every contender. */
    public static class Hmac extends SignBench {
        @Param({"HS256", "HS384", "HS512"})
        public String alg;

        @Override Alg alg() { return Alg.valueOf(alg); }

        @Benchmark public String lcjwt() { return signLcjwt(); }
        @Benchmark public String jjwt() { return signJjwt(); }
        @Benchmark public String auth0() { return signAuth0(); }
        @Benchmark public String nimbus() throws Exception { return signNimbus(); }
        @Benchmark public String jose4j() throws Exception { return signJose4j(); }
        @Benchmark public String fusionauth() { return signFusionAuth(); }
        @Benchmark public String vertx() { return signVertx(); }
        @Benchmark public int bareLibcrypto() { return bareSign(); }
        @Benchmark public int bareLibcryptoOneShot() { return bareHmacOneShot(); }
    }

    /** RS256 (PKCS#1 v1.5) and PS256 (PSS, salt 32) on RSA 2048 and 4096: every contender. */
    public static class Rsa extends SignBench {
        @Param({"RS256", "PS256"})
        public String alg;

        @Param({"2048", "4096"})
        public int bits;

        @Override Alg alg() { return Alg.valueOf(alg); }
        @Override int bits() { return bits; }

        @Benchmark public String lcjwt() { return signLcjwt(); }
        @Benchmark public String jjwt() { return signJjwt(); }
        @Benchmark public String auth0() { return signAuth0(); }
        @Benchmark public String nimbus() throws Exception { return signNimbus(); }
        @Benchmark public String jose4j() throws Exception { return signJose4j(); }
        @Benchmark public String fusionauth() { return signFusionAuth(); }
        @Benchmark public String vertx() { return signVertx(); }
        @Benchmark public int bareLibcrypto() { return bareSign(); }
    }

    /** ES256 (P-256), ES384 (P-384), ES512 (P-521): every contender. */
    public static class Ecdsa extends SignBench {
        @Param({"ES256", "ES384", "ES512"})
        public String alg;

        @Override Alg alg() { return Alg.valueOf(alg); }

        @Benchmark public String lcjwt() { return signLcjwt(); }
        @Benchmark public String jjwt() { return signJjwt(); }
        @Benchmark public String auth0() { return signAuth0(); }
        @Benchmark public String nimbus() throws Exception { return signNimbus(); }
        @Benchmark public String jose4j() throws Exception { return signJose4j(); }
        @Benchmark public String fusionauth() { return signFusionAuth(); }
        @Benchmark public String vertx() { return signVertx(); }
        @Benchmark public int bareLibcrypto() { return bareSign(); }
    }

    /** EdDSA on Ed25519: no auth0, no nimbus, no fusionauth. */
    public static class EdDsa extends SignBench {
        @Override Alg alg() { return Alg.EdDSA; }

        @Benchmark public String lcjwt() { return signLcjwt(); }
        @Benchmark public String jjwt() { return signJjwt(); }
        @Benchmark public String jose4j() throws Exception { return signJose4j(); }
        @Benchmark public String vertx() { return signVertx(); }
        @Benchmark public int bareLibcrypto() { return bareSign(); }
    }

    /** This trial's algorithm (set by the subclass's {@code @Param}, or fixed). */
    abstract Alg alg();

    /** This trial's RSA modulus size; 0 where the algorithm has one key size. */
    int bits() {
        return 0;
    }

    /** The benchmark class that declares {@code alg}, new, with its {@code @Param} set to {@code alg} (and {@code bits}). */
    public static SignBench forAlg(Alg alg, int bits) {
        return switch (alg) {
            case HS256, HS384, HS512 -> {
                Hmac h = new Hmac();
                h.alg = alg.name();
                yield h;
            }
            case RS256, PS256 -> {
                Rsa r = new Rsa();
                r.alg = alg.name();
                r.bits = bits;
                yield r;
            }
            case ES256, ES384, ES512 -> {
                Ecdsa e = new Ecdsa();
                e.alg = alg.name();
                yield e;
            }
            case EdDSA -> new EdDsa();
        };
    }

    // ---- keys: JCA only, deterministic ----

    /** A key pair with its encodings. */
    public record Keys(KeyKind kind, KeyPair pair, byte[] pkcs8, byte[] spki) {
        /** The first 8 bytes of SHA-256(SPKI), hex: shows that every fork made the same key. */
        public String fingerprint() {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(spki), 0, 8);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static final Keys[] KEYS = new Keys[KeyKind.values().length];
    private static final Object[] KEY_LOCKS = new Object[KeyKind.values().length];

    static {
        for (int i = 0; i < KEY_LOCKS.length; i++) {
            KEY_LOCKS[i] = new Object();
        }
    }

    /**
     * {@code kind}'s key pair, made once per JVM (RSA 4096 takes seconds; the smoke test reuses
     * them). One lock per kind, so a thread making the RSA 4096 key does not hold up the others.
     */
    public static Keys keys(KeyKind kind) {
        synchronized (KEY_LOCKS[kind.ordinal()]) {
            Keys k = KEYS[kind.ordinal()];
            if (k == null) {
                KEYS[kind.ordinal()] = k = generate(kind);
            }
            return k;
        }
    }

    private static Keys generate(KeyKind k) {
        try {
            SecureRandom rnd = SecureRandom.getInstance("SHA1PRNG");
            rnd.setSeed(FixtureGenerator.SEED + 0x5167_0000L + k.ordinal()); // before any output: deterministic
            KeyPairGenerator g = KeyPairGenerator.getInstance(k.jca);
            k.initialize(g, rnd);
            KeyPair kp = g.generateKeyPair();
            return new Keys(k, kp, kp.getPrivate().getEncoded(), kp.getPublic().getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("JCA could not make the " + k + " key", e);
        }
    }

    // ---- state: only the timed contender's fields are set in a fork ----

    Alg a;
    Contender contender;
    String libcrypto;
    Fixtures.Case fixture;
    /** What every contender signs: the fixture's claims, in the fixture's order. */
    Map<String, Object> claims;
    /** The fixture's claims as its token's payload reads back: what every token's payload must read as. */
    Map<String, Object> expectedClaims;
    String kid;
    Keys keys;
    byte[] secret;
    /** The signing input lcjwt's header and the fixture's payload make, made with the JDK: the floor signs it. */
    byte[] signingInput;

    JwtKey lcjwtKey;
    JwtSigner lcjwt;
    java.security.Key jjwtKey;
    SecureDigestAlgorithm<java.security.Key, ?> jjwtAlg;
    com.auth0.jwt.algorithms.Algorithm auth0;
    JWSHeader nimbusHeader;
    JWSSigner nimbus;
    java.security.Key jose4jKey;
    Signer fusionSigner;
    JWTEncoder fusionEncoder;
    Vertx vertx;
    JWTAuth vertxAuth;
    JWTOptions vertxOptions;

    MemorySegment hmacCtx;
    byte[] mac;
    Arena nativeArena;
    MemorySegment pkey;
    MemorySegment mdCtx;
    MemorySegment md;
    MemorySegment pctxOut;
    MemorySegment sizeInOut;
    MemorySegment nativeInput;
    MemorySegment nativeSig;
    MemorySegment nativeKey;
    int padding;

    // ---- one sign per contender: the timed methods and the setup checks both call these ----

    String signLcjwt() {
        return lcjwt.sign(claims);
    }

    String signJjwt() {
        return Jwts.builder()
                .header().keyId(kid).type("JWT").and()
                .claims(claims)
                .signWith(jjwtKey, jjwtAlg)
                .compact();
    }

    String signAuth0() {
        return JWT.create().withKeyId(kid).withPayload(claims).sign(auth0);
    }

    String signNimbus() throws Exception {
        SignedJWT jwt = new SignedJWT(nimbusHeader, JWTClaimsSet.parse(claims));
        jwt.sign(nimbus);
        return jwt.serialize();
    }

    String signJose4j() throws Exception {
        JwtClaims c = new JwtClaims();
        for (Map.Entry<String, Object> e : claims.entrySet()) {
            c.setClaim(e.getKey(), e.getValue());
        }
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(c.toJson());
        jws.setKey(jose4jKey);
        jws.setAlgorithmHeaderValue(a.jwsName());
        jws.setHeader("typ", "JWT");
        jws.setKeyIdHeaderValue(kid);
        return jws.getCompactSerialization();
    }

    String signFusionAuth() {
        io.fusionauth.jwt.domain.JWT jwt = new io.fusionauth.jwt.domain.JWT();
        for (Map.Entry<String, Object> e : claims.entrySet()) {
            jwt.addClaim(e.getKey(), e.getValue());
        }
        return fusionEncoder.encode(jwt, fusionSigner);
    }

    String signVertx() {
        return vertxAuth.generateToken(new JsonObject(claims), vertxOptions);
    }

    /** The floor: one signature over the prepared input into the prepared buffer; its length. */
    int bareSign() {
        if (hmacCtx != null) {
            MemorySegment ctx = hmacCtx;
            byte[] out = mac;
            int ok = Critical.hmacInit(ctx, MemorySegment.NULL, 0, MemorySegment.NULL)
                    & Critical.hmacUpdate(ctx, MemorySegment.ofArray(signingInput), signingInput.length)
                    & Critical.hmacFinal(ctx, MemorySegment.ofArray(out));
            if (ok != 1) {
                throw new IllegalStateException("HMAC failed");
            }
            return out.length;
        }
        MemorySegment ctx = mdCtx;
        libcrypto_h.EVP_MD_CTX_reset(ctx);
        MemorySegment size = sizeInOut;
        size.set(ValueLayout.JAVA_LONG, 0, nativeSig.byteSize());
        if (libcrypto_h.EVP_DigestSignInit(ctx, pctxOut, md, MemorySegment.NULL, pkey) != 1
                || !padding(pctxOut.get(ValueLayout.ADDRESS, 0))
                || libcrypto_h.EVP_DigestSign(ctx, nativeSig, size, nativeInput, nativeInput.byteSize()) != 1) {
            throw new IllegalStateException("libcrypto could not sign: " + Backend.get().drainErrors());
        }
        return (int) size.get(ValueLayout.JAVA_LONG, 0);
    }

    private boolean padding(MemorySegment pctx) {
        if (padding == 0) {
            return true;
        }
        if (libcrypto_h.EVP_PKEY_CTX_set_rsa_padding(pctx, padding) != 1) {
            return false;
        }
        return padding != libcrypto_h.RSA_PKCS1_PSS_PADDING()
                || libcrypto_h.EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, libcrypto_h.RSA_PSS_SALTLEN_DIGEST()) == 1
                && libcrypto_h.EVP_PKEY_CTX_set_rsa_mgf1_md(pctx, md) == 1;
    }

    /** The one-shot {@code HMAC()}, key and input in native memory made in setup; the MAC's length. */
    int bareHmacOneShot() {
        int n = Backend.get().hmac(md, nativeKey, nativeKey.byteSize(), nativeInput, nativeInput.byteSize(),
                nativeSig, sizeInOut);
        if (n < 0) {
            throw new IllegalStateException("HMAC failed");
        }
        return n;
    }

    /** The floor's last signature, as bytes (setup checks only). */
    byte[] bareSignature(int length) {
        return hmacCtx != null ? mac.clone() : nativeSig.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE);
    }

    // ---- setup ----

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws Exception {
        String benchmark = params.getBenchmark();
        setup(Contender.ofMethod(benchmark.substring(benchmark.lastIndexOf('.') + 1)));
        System.out.println("# contender " + contender.method + ": " + a
                + (keys != null ? " (" + keys.kind() + ", key sha256:" + keys.fingerprint() + ")" : " (64-byte secret)")
                + ", typical claims" + (libcrypto != null ? ", libcrypto: " + libcrypto : ""));
    }

    /** Builds only {@code c}, then checks what it signs. */
    public void setup(Contender c) throws Exception {
        if (!c.supports(alg())) {
            throw new IllegalArgumentException(c.method + " is not a " + alg() + " contender (see Contender.algs)");
        }
        build(c);
        validate();
    }

    /** Builds {@code c} for this trial's algorithm, without asking whether it is declared for it. */
    void build(Contender c) throws Exception {
        contender = c;
        a = alg();
        if (c.nativeCrypto) {
            libcrypto = LibCrypto.describe(); // loads libcrypto before anything links against it
        }
        fixture = Fixtures.hs256().get(PAYLOAD, SECRET_BYTES);
        kid = fixture.kid();
        claims = new LinkedHashMap<>(fixture.claims());
        String payload = fixture.token().split("\\.")[1];
        expectedClaims = JSON.std.mapFrom(Base64.getUrlDecoder().decode(payload));
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("alg", a.jwsName());
        header.put("typ", "JWT");
        header.put("kid", kid);
        signingInput = (Base64.getUrlEncoder().withoutPadding().encodeToString(FixtureGenerator.compact(header))
                + "." + payload).getBytes(StandardCharsets.US_ASCII);
        KeyKind kind = a.key(bits());
        keys = kind == null ? null : keys(kind);
        secret = fixture.secret();
        PrivateKey priv = keys == null ? null : jcaPrivateKey();

        switch (c) {
            case LCJWT -> {
                lcjwtKey = keys == null ? JwtSecretKey.of(secret).withKeyId(kid)
                        : JwtPrivateKey.fromDer(keys.pkcs8()).withKeyId(kid);
                lcjwt = JwtSigner.builder(lcjwtKey).algorithm(a.lcjwt).build();
            }
            case JJWT -> {
                jjwtKey = keys == null ? new SecretKeySpec(secret, a.hmacJca()) : priv;
                jjwtAlg = jjwtAlgorithm(a);
            }
            case AUTH0 -> auth0 = switch (a) {
                case HS256 -> com.auth0.jwt.algorithms.Algorithm.HMAC256(secret);
                case HS384 -> com.auth0.jwt.algorithms.Algorithm.HMAC384(secret);
                case HS512 -> com.auth0.jwt.algorithms.Algorithm.HMAC512(secret);
                case RS256 -> com.auth0.jwt.algorithms.Algorithm.RSA256((RSAPublicKey) keys.pair().getPublic(),
                        (RSAPrivateKey) priv);
                case ES256 -> com.auth0.jwt.algorithms.Algorithm.ECDSA256((ECPublicKey) keys.pair().getPublic(),
                        (ECPrivateKey) priv);
                case ES384 -> com.auth0.jwt.algorithms.Algorithm.ECDSA384((ECPublicKey) keys.pair().getPublic(),
                        (ECPrivateKey) priv);
                case ES512 -> com.auth0.jwt.algorithms.Algorithm.ECDSA512((ECPublicKey) keys.pair().getPublic(),
                        (ECPrivateKey) priv);
                case PS256 -> com.auth0.jwt.algorithms.Algorithm.RSA256PSS((RSAPublicKey) keys.pair().getPublic(),
                        (RSAPrivateKey) priv);
                case EdDSA -> throw new UnsupportedOperationException("auth0 java-jwt has no EdDSA algorithm");
            };
            case NIMBUS -> {
                nimbusHeader = new JWSHeader.Builder(JWSAlgorithm.parse(a.jwsName()))
                        .type(JOSEObjectType.JWT).keyID(kid).build();
                nimbus = switch (a) {
                    case HS256, HS384, HS512 -> new MACSigner(secret);
                    case RS256, PS256 -> new RSASSASigner(priv);
                    case ES256, ES384, ES512 -> new ECDSASigner((ECPrivateKey) priv);
                    case EdDSA -> throw new UnsupportedOperationException(
                            "nimbus signs EdDSA only with an OctetKeyPair through Google Tink, which is not on the class path");
                };
            }
            case JOSE4J -> jose4jKey = keys == null ? new HmacKey(secret) : priv;
            case FUSIONAUTH -> {
                fusionEncoder = io.fusionauth.jwt.domain.JWT.getEncoder();
                fusionSigner = switch (a) {
                    case HS256 -> HMACSigner.newSHA256Signer(secret, kid);
                    case HS384 -> HMACSigner.newSHA384Signer(secret, kid);
                    case HS512 -> HMACSigner.newSHA512Signer(secret, kid);
                    case RS256 -> RSASigner.newSHA256Signer(priv, kid);
                    case PS256 -> RSAPSSSigner.newSHA256Signer(priv, kid);
                    case ES256 -> ECSigner.newSHA256Signer(priv, kid);
                    case ES384 -> ECSigner.newSHA384Signer(priv, kid);
                    case ES512 -> ECSigner.newSHA512Signer(priv, kid);
                    case EdDSA -> io.fusionauth.jwt.ed.EdDSASigner.newSigner(priv, kid);
                };
            }
            case VERTX -> {
                vertx = Vertx.vertx();
                JWTAuthOptions options = new JWTAuthOptions();
                if (keys == null) {
                    options.addJwk(new JsonObject()
                            .put("kty", "oct")
                            .put("kid", kid)
                            .put("alg", a.jwsName())
                            .put("k", Base64.getUrlEncoder().withoutPadding().encodeToString(secret)));
                } else {
                    options.addPubSecKey(new PubSecKeyOptions()
                            .setAlgorithm(a.jwsName())
                            .setId(kid)
                            .setBuffer(pem("PRIVATE KEY", keys.pkcs8())));
                }
                vertxAuth = JWTAuth.create(vertx, options);
                vertxOptions = new JWTOptions().setAlgorithm(a.jwsName()).setNoTimestamp(true);
            }
            case BARE_LIBCRYPTO -> buildFloor();
            case BARE_LIBCRYPTO_ONE_SHOT -> buildOneShot();
        }
    }

    @SuppressWarnings("unchecked")
    private static SecureDigestAlgorithm<java.security.Key, ?> jjwtAlgorithm(Alg a) {
        Object alg = switch (a) {
            case HS256 -> Jwts.SIG.HS256;
            case HS384 -> Jwts.SIG.HS384;
            case HS512 -> Jwts.SIG.HS512;
            case RS256 -> Jwts.SIG.RS256;
            case PS256 -> Jwts.SIG.PS256;
            case ES256 -> Jwts.SIG.ES256;
            case ES384 -> Jwts.SIG.ES384;
            case ES512 -> Jwts.SIG.ES512;
            case EdDSA -> Jwts.SIG.EdDSA;
        };
        return (SecureDigestAlgorithm<java.security.Key, ?>) alg;
    }

    private MemorySegment digest() {
        Backend b = Backend.get();
        return switch (a.lcjwt.hashBytes()) {
            case 32 -> b.sha256();
            case 48 -> b.sha384();
            case 64 -> b.sha512();
            default -> MemorySegment.NULL; // Ed25519 hashes inside
        };
    }

    private void buildFloor() {
        Backend backend = Backend.get();
        md = digest();
        if (a.isHmac()) {
            hmacCtx = libcrypto_h.HMAC_CTX_new();
            if (hmacCtx.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("HMAC_CTX_new failed");
            }
            mac = new byte[a.lcjwt.hashBytes()];
            try (Arena arena = Arena.ofConfined()) { // HMAC_Init_ex keeps the padded key state, not the key
                MemorySegment key = arena.allocateFrom(ValueLayout.JAVA_BYTE, secret);
                if (backend.hmacInitEx(hmacCtx, key, secret.length, md) != 1) {
                    throw new IllegalStateException("HMAC_Init_ex failed: " + backend.drainErrors());
                }
            }
            return;
        }
        nativeArena = Arena.ofShared(); // setup and the timed calls may run on different JMH threads
        byte[] der = keys.pkcs8();
        MemorySegment in = nativeArena.allocateFrom(ValueLayout.JAVA_BYTE, der);
        MemorySegment cursor = nativeArena.allocateFrom(ValueLayout.ADDRESS, in); // d2i_ advances it
        backend.clearErrors();
        pkey = libcrypto_h.d2i_AutoPrivateKey(MemorySegment.NULL, cursor, der.length);
        if (pkey.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("d2i_AutoPrivateKey failed: " + backend.drainErrors());
        }
        mdCtx = libcrypto_h.EVP_MD_CTX_new();
        if (mdCtx.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("EVP_MD_CTX_new failed");
        }
        pctxOut = nativeArena.allocate(ValueLayout.ADDRESS);
        sizeInOut = nativeArena.allocate(ValueLayout.JAVA_LONG);
        padding = switch (a) {
            case RS256 -> libcrypto_h.RSA_PKCS1_PADDING();
            case PS256 -> libcrypto_h.RSA_PKCS1_PSS_PADDING();
            default -> 0;
        };
        nativeInput = nativeArena.allocateFrom(ValueLayout.JAVA_BYTE, signingInput);
        nativeSig = nativeArena.allocate(1024); // RSA 4096: 512 bytes; ECDSA P-521 DER: at most 139
    }

    private void buildOneShot() {
        md = digest();
        nativeArena = Arena.ofShared();
        nativeKey = nativeArena.allocateFrom(ValueLayout.JAVA_BYTE, secret);
        nativeInput = nativeArena.allocateFrom(ValueLayout.JAVA_BYTE, signingInput);
        nativeSig = nativeArena.allocate(64); // EVP_MAX_MD_SIZE
        sizeInOut = nativeArena.allocate(ValueLayout.JAVA_INT);
    }

    PrivateKey jcaPrivateKey() throws GeneralSecurityException {
        return KeyFactory.getInstance(keys.kind().jca).generatePrivate(new PKCS8EncodedKeySpec(keys.pkcs8()));
    }

    PublicKey jcaPublicKey() throws GeneralSecurityException {
        return KeyFactory.getInstance(keys.kind().jca).generatePublic(new X509EncodedKeySpec(keys.spki()));
    }

    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    // ---- validation ----

    /** The header of the last token {@link #validate()} checked, for the smoke test's report. */
    String lastHeader;

    /** Signs (twice where the signature is randomised) and checks each result with the JDK; throws if anything is off. */
    void validate() throws Exception {
        Contender c = contender;
        if (c.isFloor()) {
            for (int i = 0; i < 2; i++) {
                int n = c == Contender.BARE_LIBCRYPTO ? bareSign() : bareHmacOneShot();
                byte[] sig = c == Contender.BARE_LIBCRYPTO ? bareSignature(n)
                        : nativeSig.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
                check(jdkVerifies(signingInput, sig, true), c.method + ": the JDK does not verify the floor's " + a
                        + " signature (" + n + " bytes)");
            }
            lastHeader = new String(Base64.getUrlDecoder().decode(new String(signingInput, 0,
                    indexOf(signingInput, (byte) '.'), StandardCharsets.US_ASCII)), StandardCharsets.UTF_8);
            return;
        }
        // ECDSA and PSS draw fresh randomness per signature: check two; the others give the same bytes again.
        int rounds = a == Alg.PS256 || a.coordBytes > 0 ? 2 : 1;
        for (int i = 0; i < rounds; i++) {
            String token = sign(c);
            String[] parts = token.split("\\.", -1);
            check(parts.length == 3, c.method + " did not make a compact JWS: " + token);
            Map<String, Object> header = JSON.std.mapFrom(Base64.getUrlDecoder().decode(parts[0]));
            check(a.jwsName().equals(header.get("alg")), c.method + " wrote header " + header + ", expected alg " + a.jwsName());
            check("JWT".equals(header.get("typ")), c.method + " wrote header " + header + ", expected typ JWT");
            check(kid.equals(header.get("kid")), c.method + " wrote header " + header + ", expected kid " + kid);
            Map<String, Object> payload = JSON.std.mapFrom(Base64.getUrlDecoder().decode(parts[1]));
            check(expectedClaims.equals(payload), c.method + " signed claims " + payload + ", the fixture's are " + expectedClaims);
            byte[] sig = Base64.getUrlDecoder().decode(parts[2]);
            if (a.coordBytes > 0) {
                check(sig.length == 2 * a.coordBytes, c.method + ": " + a + " signature of " + sig.length
                        + " bytes, r || s is " + 2 * a.coordBytes);
            }
            byte[] input = (parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII);
            check(jdkVerifies(input, sig, false), c.method + ": the JDK does not verify its " + a + " signature");
            lastHeader = new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8);
        }
    }

    /** One token from {@code c}, the way its timed method makes it. */
    String sign(Contender c) throws Exception {
        return switch (c) {
            case LCJWT -> signLcjwt();
            case JJWT -> signJjwt();
            case AUTH0 -> signAuth0();
            case NIMBUS -> signNimbus();
            case JOSE4J -> signJose4j();
            case FUSIONAUTH -> signFusionAuth();
            case VERTX -> signVertx();
            case BARE_LIBCRYPTO, BARE_LIBCRYPTO_ONE_SHOT -> throw new UnsupportedOperationException("the floor makes no token");
        };
    }

    /** The JDK's verdict on {@code sig} over {@code input}; {@code der}: ECDSA as libcrypto gives it. */
    boolean jdkVerifies(byte[] input, byte[] sig, boolean der) throws GeneralSecurityException {
        if (a.isHmac()) {
            Mac m = Mac.getInstance(a.hmacJca());
            m.init(new SecretKeySpec(secret, a.hmacJca()));
            return MessageDigest.isEqual(m.doFinal(input), sig);
        }
        String name = der && a.coordBytes > 0 ? a.jca.replace("inP1363Format", "") : a.jca;
        Signature s = Signature.getInstance(name);
        if (a == Alg.PS256) {
            s.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
        }
        s.initVerify(jcaPublicKey());
        s.update(input);
        try {
            return s.verify(sig);
        } catch (java.security.SignatureException e) {
            return false;
        }
    }

    private static int indexOf(byte[] b, byte x) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == x) {
                return i;
            }
        }
        return -1;
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
        if (hmacCtx != null) {
            libcrypto_h.HMAC_CTX_free(hmacCtx);
            hmacCtx = null;
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
