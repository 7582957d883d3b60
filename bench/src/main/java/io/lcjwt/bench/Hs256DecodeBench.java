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
import io.fusionauth.jwt.hmac.HMACVerifier;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.JwtParser;
import io.jsonwebtoken.Jwts;
import io.lcjwt.Algorithm;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.JwtException;
import io.lcjwt.JwtVerifier;
import io.lcjwt.LibCrypto;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.bench.fixtures.Fixtures;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Critical;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.User;
import io.vertx.ext.auth.authentication.TokenCredentials;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.HmacKey;
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

import javax.crypto.spec.SecretKeySpec;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.TemporalAccessor;
import java.util.Base64;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * HS256 decode of the typical fixture token (about 660 bytes, 64-byte secret): verify the
 * signature, check {@code exp} and {@code aud}, and build the claims, for lcjwt and its peers.
 *
 * <p>Every contender is configured to require audience {@code lcjwt-bench}, and to use the
 * fixtures' fixed clock where the library takes one. Before timing, {@link #setup(Contender)}
 * checks that the contender returns the fixture's {@code sub}/{@code aud}/{@code exp} and rejects
 * the expired, wrong-audience and bad-signature tokens; a contender that does not, fails its
 * trial instead of producing a number.
 *
 * <p>Each JMH fork builds only the contender it times (taken from {@link BenchmarkParams}), so no
 * other library's classes are loaded or profiled there.
 *
 * <p>{@code bareLibcryptoHmac} is the floor, not a contender: HMAC-SHA256 over the signing input
 * with a reused {@code HMAC_CTX} (key absorbed once) and {@code CRYPTO_memcmp} against the
 * signature decoded in setup; it parses no JSON and checks no claims. It shares one context per
 * trial, so it is single-threaded (JMH's default).
 *
 * <p>Run: {@code java --enable-native-access=ALL-UNNAMED -jar bench/target/benchmarks.jar Hs256DecodeBench}
 * (warm-up and measurement below are small defaults; override with {@code -wi/-i/-w/-r/-f}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class Hs256DecodeBench {

    public static final String PAYLOAD = "typical";
    public static final int SECRET_BYTES = 64;

    /** The result fields every contender's output is compared on. */
    public record Claimed(String sub, String aud, long exp) {}

    /** Each timed method, with how to call it on a token and how to read its result. */
    public enum Contender {
        LCJWT_RECORD("lcjwtRecord", true) {
            @Override Object decode(Hs256DecodeBench b, String t) { return b.decodeLcjwtRecord(t); }
            @Override Claimed claimed(Object r) {
                TypicalClaims c = (TypicalClaims) r;
                return new Claimed(c.sub(), c.aud(), c.exp().getEpochSecond());
            }
        },
        LCJWT_BEAN("lcjwtBean", true) {
            @Override Object decode(Hs256DecodeBench b, String t) { return b.decodeLcjwtBean(t); }
            @Override Claimed claimed(Object r) {
                TypicalClaimsBean c = (TypicalClaimsBean) r;
                return new Claimed(c.getSub(), c.getAud(), c.getExp().getEpochSecond());
            }
        },
        LCJWT_MAP("lcjwtMap", true) {
            @Override Object decode(Hs256DecodeBench b, String t) { return b.decodeLcjwtMap(t); }
            @Override Claimed claimed(Object r) {
                Map<?, ?> m = (Map<?, ?>) r;
                return new Claimed((String) m.get("sub"), aud(m.get("aud")), epochSeconds(m.get("exp")));
            }
        },
        LCJWT_BYTES_RECORD("lcjwtBytesRecord", true) {
            @Override Object decode(Hs256DecodeBench b, String t) {
                return b.decodeLcjwtBytesRecord(t.getBytes(StandardCharsets.US_ASCII));
            }
            @Override Claimed claimed(Object r) throws Exception { return LCJWT_RECORD.claimed(r); }
        },
        AUTH0("auth0", false) {
            @Override Object decode(Hs256DecodeBench b, String t) { return b.decodeAuth0(t); }
            @Override Claimed claimed(Object r) {
                DecodedJWT j = (DecodedJWT) r;
                return new Claimed(j.getSubject(), aud(j.getAudience()), epochSeconds(j.getExpiresAt()));
            }
        },
        FUSIONAUTH("fusionauth", false) {
            @Override Object decode(Hs256DecodeBench b, String t) { return b.decodeFusionAuth(t); }
            @Override Claimed claimed(Object r) {
                io.fusionauth.jwt.domain.JWT j = (io.fusionauth.jwt.domain.JWT) r;
                return new Claimed(j.subject, aud(j.audience), epochSeconds(j.expiration));
            }
        },
        VERTX("vertx", false) {
            @Override Object decode(Hs256DecodeBench b, String t) { return b.decodeVertx(t); }
            @Override Claimed claimed(Object r) {
                JsonObject j = (JsonObject) r;
                return new Claimed(j.getString("sub"), aud(j.getValue("aud")), epochSeconds(j.getValue("exp")));
            }
        },
        JJWT("jjwt", false) {
            @Override Object decode(Hs256DecodeBench b, String t) { return b.decodeJjwt(t); }
            @Override Claimed claimed(Object r) {
                Claims c = (Claims) r;
                return new Claimed(c.getSubject(), aud(c.getAudience()), epochSeconds(c.getExpiration()));
            }
        },
        NIMBUS("nimbus", false) {
            @Override Object decode(Hs256DecodeBench b, String t) throws Exception { return b.decodeNimbus(t); }
            @Override Claimed claimed(Object r) {
                JWTClaimsSet c = (JWTClaimsSet) r;
                return new Claimed(c.getSubject(), aud(c.getAudience()), epochSeconds(c.getExpirationTime()));
            }
        },
        JOSE4J("jose4j", false) {
            @Override Object decode(Hs256DecodeBench b, String t) throws Exception { return b.decodeJose4j(t); }
            @Override Claimed claimed(Object r) throws Exception {
                JwtClaims c = (JwtClaims) r;
                return new Claimed(c.getSubject(), aud(c.getAudience()), c.getExpirationTime().getValue());
            }
        },
        /** The floor: signature only. Its "result" is whether the MAC matched. */
        BARE_LIBCRYPTO_HMAC("bareLibcryptoHmac", true) {
            @Override Object decode(Hs256DecodeBench b, String t) {
                byte[] bytes = t.getBytes(StandardCharsets.US_ASCII);
                int dot = t.lastIndexOf('.');
                return b.bareHmac(bytes, dot, Base64.getUrlDecoder().decode(t.substring(dot + 1)));
            }
            @Override Claimed claimed(Object r) {
                throw new UnsupportedOperationException("the floor returns no claims");
            }
        };

        /** The {@code @Benchmark} method's name. */
        public final String method;
        /** Whether it goes through libcrypto (then the run is labelled with {@link LibCrypto#describe()}). */
        public final boolean nativeCrypto;

        Contender(String method, boolean nativeCrypto) {
            this.method = method;
            this.nativeCrypto = nativeCrypto;
        }

        abstract Object decode(Hs256DecodeBench b, String token) throws Exception;

        abstract Claimed claimed(Object result) throws Exception;

        public boolean isFloor() {
            return this == BARE_LIBCRYPTO_HMAC;
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

    // ---- state: only the timed contender's fields are set in a fork ----

    Contender contender;
    String libcrypto;
    Fixtures.Case fixture;
    Instant now;
    String token;
    byte[] tokenBytes;

    JwtSecretKey lcjwtKey;
    JwtVerifier lcjwt;
    JWTVerifier auth0;
    JWTDecoder fusionDecoder;
    HMACVerifier fusionVerifier;
    Vertx vertx;
    JWTAuth vertxAuth;
    JwtParser jjwt;
    DefaultJWTProcessor<SecurityContext> nimbus;
    JwtConsumer jose4j;

    MemorySegment hmacCtx;
    int signingInputLength;
    byte[] signature;
    final byte[] mac = new byte[32];

    // ---- the timed methods ----

    @Benchmark
    public TypicalClaims lcjwtRecord() {
        return decodeLcjwtRecord(token);
    }

    @Benchmark
    public TypicalClaimsBean lcjwtBean() {
        return decodeLcjwtBean(token);
    }

    @Benchmark
    public Map<String, Object> lcjwtMap() {
        return decodeLcjwtMap(token);
    }

    @Benchmark
    public TypicalClaims lcjwtBytesRecord() {
        return decodeLcjwtBytesRecord(tokenBytes);
    }

    @Benchmark
    public DecodedJWT auth0() {
        return decodeAuth0(token);
    }

    @Benchmark
    public io.fusionauth.jwt.domain.JWT fusionauth() {
        return decodeFusionAuth(token);
    }

    @Benchmark
    public JsonObject vertx() {
        return decodeVertx(token);
    }

    @Benchmark
    public Claims jjwt() {
        return decodeJjwt(token);
    }

    @Benchmark
    public JWTClaimsSet nimbus() throws Exception {
        return decodeNimbus(token);
    }

    @Benchmark
    public JwtClaims jose4j() throws Exception {
        return decodeJose4j(token);
    }

    @Benchmark
    public boolean bareLibcryptoHmac() {
        return bareHmac(tokenBytes, signingInputLength, signature);
    }

    // ---- one decode per contender: the timed methods and the setup checks both call these ----

    TypicalClaims decodeLcjwtRecord(String t) {
        return lcjwt.decode(t, TypicalClaims.class);
    }

    TypicalClaimsBean decodeLcjwtBean(String t) {
        return lcjwt.decode(t, TypicalClaimsBean.class);
    }

    Map<String, Object> decodeLcjwtMap(String t) {
        return lcjwt.decode(t);
    }

    TypicalClaims decodeLcjwtBytesRecord(byte[] t) {
        return lcjwt.decode(t, 0, t.length, TypicalClaims.class);
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

    boolean bareHmac(byte[] t, int inputLength, byte[] sig) {
        MemorySegment ctx = hmacCtx;
        byte[] out = mac;
        int ok = Critical.hmacInit(ctx, MemorySegment.NULL, 0, MemorySegment.NULL)
                & Critical.hmacUpdate(ctx, MemorySegment.ofArray(t), inputLength)
                & Critical.hmacFinal(ctx, MemorySegment.ofArray(out));
        if (ok != 1) {
            throw new IllegalStateException("HMAC failed");
        }
        return sig.length == out.length
                && Critical.memcmp(MemorySegment.ofArray(out), MemorySegment.ofArray(sig), out.length) == 0;
    }

    /** A vert.x authentication failure, thrown so every contender rejects the same way. */
    static final class VertxRejected extends RuntimeException {
        private static final long serialVersionUID = 1L;

        VertxRejected(Throwable cause) {
            super(String.valueOf(cause == null ? null : cause.getMessage()), cause);
        }
    }

    // ---- setup ----

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws Exception {
        String benchmark = params.getBenchmark();
        setup(Contender.ofMethod(benchmark.substring(benchmark.lastIndexOf('.') + 1)));
        System.out.println("# contender " + contender.method + ": " + fixture.name() + " fixture, "
                + fixture.token().length() + "-byte token"
                + (libcrypto != null ? ", libcrypto: " + libcrypto : ""));
    }

    /** Builds only {@code c}, then checks it accepts the fixture and rejects the bad tokens. */
    public void setup(Contender c) throws Exception {
        contender = c;
        if (c.nativeCrypto) {
            // Loads libcrypto before anything links against it. Also works around an lcjwt
            // 0.1.0-SNAPSHOT bug: JwtSecretKey.of(..) + decode as a JVM's first lcjwt calls link
            // HMAC_CTX_new before Backend has System.load()ed libcrypto (NoSuchElementException
            // in libcrypto_h$HMAC_CTX_new.<clinit>).
            libcrypto = LibCrypto.describe();
        }
        fixture = Fixtures.hs256().get(PAYLOAD, SECRET_BYTES);
        now = Instant.ofEpochSecond(Fixtures.hs256().clock());
        token = fixture.token();
        tokenBytes = token.getBytes(StandardCharsets.US_ASCII);
        byte[] secret = fixture.secret();
        String aud = fixture.aud();
        SecretKeySpec jcaKey = new SecretKeySpec(secret, "HmacSHA256");

        switch (c) {
            case LCJWT_RECORD, LCJWT_BEAN, LCJWT_MAP, LCJWT_BYTES_RECORD -> {
                lcjwtKey = JwtSecretKey.of(secret).withKeyId(fixture.kid());
                lcjwt = JwtVerifier.builder(lcjwtKey)
                        .algorithms(Algorithm.HS256)
                        .audience(aud)
                        .clock(Clock.fixed(now, ZoneOffset.UTC))
                        .build();
            }
            case AUTH0 -> auth0 = ((JWTVerifier.BaseVerification) JWT
                    .require(com.auth0.jwt.algorithms.Algorithm.HMAC256(secret))
                    .withAudience(aud))
                    .build(Clock.fixed(now, ZoneOffset.UTC));
            case FUSIONAUTH -> {
                fusionDecoder = io.fusionauth.jwt.domain.JWT.getTimeMachineDecoder(ZonedDateTime.ofInstant(now, ZoneOffset.UTC));
                fusionVerifier = HMACVerifier.newVerifier(secret);
            }
            case VERTX -> {
                // No clock option: vert.x checks exp against the system clock (the valid exp is in 2100).
                vertx = Vertx.vertx();
                vertxAuth = JWTAuth.create(vertx, new JWTAuthOptions()
                        .addJwk(new JsonObject()
                                .put("kty", "oct")
                                .put("kid", fixture.kid())
                                .put("alg", "HS256")
                                .put("k", Base64.getUrlEncoder().withoutPadding().encodeToString(secret)))
                        .setJWTOptions(new JWTOptions().setAudience(List.of(aud))));
            }
            case JJWT -> {
                Date fixed = Date.from(now);
                jjwt = Jwts.parser()
                        .verifyWith(jcaKey)
                        .requireAudience(aud)
                        .clock(() -> fixed)
                        .build();
            }
            case NIMBUS -> {
                Date fixed = Date.from(now);
                DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
                p.setJWSKeySelector(new SingleKeyJWSKeySelector<>(JWSAlgorithm.HS256, jcaKey));
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
                    .setVerificationKey(new HmacKey(secret))
                    .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.HMAC_SHA256)
                    .setEvaluationTime(NumericDate.fromSeconds(now.getEpochSecond()))
                    .build();
            case BARE_LIBCRYPTO_HMAC -> {
                hmacCtx = libcrypto_h.HMAC_CTX_new();
                if (hmacCtx.equals(MemorySegment.NULL)) {
                    throw new IllegalStateException("HMAC_CTX_new failed");
                }
                try (Arena arena = Arena.ofConfined()) { // HMAC_Init_ex keeps the padded key state, not the key
                    MemorySegment key = arena.allocate(secret.length);
                    key.copyFrom(MemorySegment.ofArray(secret));
                    if (Backend.get().hmacInitEx(hmacCtx, key, secret.length, Backend.get().sha256()) != 1) {
                        throw new IllegalStateException("HMAC_Init_ex failed: " + Backend.get().drainErrors());
                    }
                }
                signingInputLength = token.lastIndexOf('.');
                signature = Base64.getUrlDecoder().decode(token.substring(signingInputLength + 1));
            }
        }
        validate();
    }

    /** What {@link #validate()} saw each bad token rejected with, for the smoke test's report. */
    final java.util.LinkedHashMap<String, String> rejections = new java.util.LinkedHashMap<>();

    void validate() throws Exception {
        Contender c = contender;
        if (c.isFloor()) {
            check(Boolean.TRUE.equals(c.decode(this, token)), "the floor's MAC does not match the valid token");
            check(!bareHmac(tokenBytes, signingInputLength, signature(tamperedSignature(token))),
                    "the floor accepts a bad signature");
            // The expired and wrong-audience tokens carry valid signatures: the floor checks no claims.
            rejections.put("bad signature", "MAC mismatch");
            return;
        }
        Object result = c.decode(this, token);
        Claimed got = c.claimed(result);
        Claimed want = new Claimed(fixture.sub(), fixture.aud(), fixture.exp());
        check(want.equals(got), c.method + " returned " + got + ", fixture has " + want);
        if (result instanceof TypicalClaims || result instanceof TypicalClaimsBean) { // every field bound
            TypicalClaims all = result instanceof TypicalClaimsBean b ? asRecord(b) : (TypicalClaims) result;
            check(all.equals(expectedTypical(fixture.claims())), c.method + " returned " + all
                    + ", fixture has " + fixture.claims());
        }
        boolean lcjwt = c.name().startsWith("LCJWT");
        mustReject(c, fixture.expired(), "expired", lcjwt ? ExpiredJwtException.class : Exception.class);
        mustReject(c, fixture.wrongAudience(), "wrong audience", lcjwt ? InvalidClaimException.class : Exception.class);
        mustReject(c, tamperedSignature(token), "bad signature", lcjwt ? JwtException.class : Exception.class);
    }

    private void mustReject(Contender c, String bad, String what, Class<? extends Exception> expected) {
        Object accepted;
        try {
            accepted = c.decode(this, bad);
        } catch (Exception e) {
            if (!expected.isInstance(e)) {
                throw new IllegalStateException(c.method + " rejected the " + what + " token with "
                        + e.getClass().getName() + ", expected " + expected.getName(), e);
            }
            rejections.put(what, e.getClass().getSimpleName() + ": " + e.getMessage());
            return;
        }
        throw new IllegalStateException(c.method + " ACCEPTED the " + what + " token: " + accepted
                + " (it must check signature, exp and aud; not timing a contender that does not)");
    }

    /** The token with one signature character changed (not the last, whose low bits may be padding). */
    static String tamperedSignature(String t) {
        char[] c = t.toCharArray();
        int i = c.length - 10;
        c[i] = c[i] == 'A' ? 'B' : 'A';
        return new String(c);
    }

    private static byte[] signature(String t) {
        return Base64.getUrlDecoder().decode(t.substring(t.lastIndexOf('.') + 1));
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException(message);
        }
    }

    @SuppressWarnings("unchecked")
    static TypicalClaims expectedTypical(Map<String, Object> m) {
        return new TypicalClaims((String) m.get("sub"), (String) m.get("iss"), (String) m.get("aud"),
                Instant.ofEpochSecond(epochSeconds(m.get("iat"))), Instant.ofEpochSecond(epochSeconds(m.get("nbf"))),
                Instant.ofEpochSecond(epochSeconds(m.get("exp"))), (String) m.get("jti"), (String) m.get("sid"),
                (String) m.get("email"), (String) m.get("name"), (String) m.get("scope"),
                List.copyOf((List<String>) m.get("roles")), List.copyOf((List<String>) m.get("amr")));
    }

    static TypicalClaims asRecord(TypicalClaimsBean b) {
        return new TypicalClaims(b.getSub(), b.getIss(), b.getAud(), b.getIat(), b.getNbf(), b.getExp(),
                b.getJti(), b.getSid(), b.getEmail(), b.getName(), b.getScope(), b.getRoles(), b.getAmr());
    }

    static String aud(Object aud) {
        if (aud instanceof Collection<?> c && c.size() == 1) {
            return String.valueOf(c.iterator().next());
        }
        return aud instanceof String s ? s : String.valueOf(aud);
    }

    static long epochSeconds(Object v) {
        return switch (v) {
            case Number n -> n.longValue();
            case Date d -> d.getTime() / 1000;
            case Instant i -> i.getEpochSecond();
            case ZonedDateTime z -> z.toEpochSecond();
            case TemporalAccessor t -> Instant.from(t).getEpochSecond();
            case null, default -> throw new IllegalStateException("no exp in result: " + v);
        };
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
        if (lcjwtKey != null) {
            lcjwtKey.close();
            lcjwtKey = null;
        }
    }
}
