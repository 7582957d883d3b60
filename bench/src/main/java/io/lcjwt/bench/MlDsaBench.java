package io.lcjwt.bench;

import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.JwtVerifier;
import io.lcjwt.LibCrypto;
import io.lcjwt.bench.fixtures.Fixtures;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Evp;
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

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * ML-DSA (RFC 9964) verify and sign of the typical claims, at the three levels, with ES256 and
 * EdDSA in the same run for scale ({@code bench/results-mldsa.md}). Per algorithm, three ways:
 * <ul>
 *   <li><b>lcjwt</b>: {@code JwtVerifier.decode(token)} into a {@code Map} (signature, {@code exp},
 *       {@code aud} checked), and {@code JwtSigner.sign(map)};</li>
 *   <li><b>bare</b>, the floor: aws-lc through lcjwt's bindings alone, over a signing input and
 *       signature already in native memory, with no base64, JSON or String. For ML-DSA the
 *       {@code EVP_MD_CTX} is initialized with the key once and then only
 *       {@code EVP_DigestVerify}/{@code EVP_DigestSign} are called, the leanest use aws-lc allows;
 *       for ES256 and EdDSA each operation is {@code EVP_MD_CTX_reset},
 *       {@code EVP_Digest*Init} and the one-shot call (ES256's signature in DER);</li>
 *   <li><b>jdk</b>: the JDK's own {@code Signature} (JEP 497's {@code ML-DSA}, and
 *       {@code SHA256withECDSAinP1363Format}, {@code Ed25519}) called by hand as a user without a
 *       JOSE library would: verify splits the token, base64url-decodes the signature, checks it
 *       with a {@code Signature} kept per trial, decodes the payload, reads it with Jackson-jr and
 *       checks {@code exp} and {@code aud}; sign writes the claims with Jackson-jr, base64url-encodes
 *       them after the header (encoded once), signs, and joins the three parts.</li>
 * </ul>
 *
 * <p>The claims are the HS256 {@code typical} fixture's (13 claims), the header {@code alg},
 * {@code typ: JWT}, {@code kid}. Keys are fixed, so every fork uses the same one: an ML-DSA key
 * from a seed derived from the algorithm's name (SHA-256 of {@code lcjwt-bench-ML-DSA-65}, say);
 * ES256 and Ed25519 the keys {@link SignBench#keys} makes. The JDK gets lcjwt's keys through
 * their encodings (its ML-DSA private key from {@code toJavaKey()}).
 *
 * <p><b>Before timing</b> ({@link #setup()}), each way's token and signature are checked by the
 * two others: lcjwt's token verifies with the JDK and with the bare call, the JDK's with lcjwt,
 * the bare signature with the JDK; a signature with one bit changed fails all three.
 *
 * <p>ML-DSA needs aws-lc: on a libcrypto without it, setup for an ML-DSA parameter fails with
 * lcjwt's refusal. Run: {@code bin/race jmh --lib aws-lc --regex MlDsaBench --page results-mldsa.md}
 * (pinned, {@code -prof gc}; the page is written by {@link io.lcjwt.bench.report.MlDsaPage}, with
 * the token and key sizes {@link MlDsaSizes} prints), or directly {@code LCJWT_LIBCRYPTO=... java
 * --enable-native-access=ALL-UNNAMED -jar bench/target/benchmarks.jar MlDsaBench}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class MlDsaBench {

    /** The algorithms, in the page's order. */
    public static final List<String> ALGORITHMS = List.of("ML-DSA-44", "ML-DSA-65", "ML-DSA-87", "ES256", "EdDSA");

    @Param({"ML-DSA-44", "ML-DSA-65", "ML-DSA-87", "ES256", "EdDSA"})
    public String alg;

    Algorithm algorithm;
    Map<String, Object> claims;
    String token;
    String libcrypto;

    JwtPrivateKey privateKey;
    JwtPublicKey publicKey;
    JwtVerifier verifier;
    JwtSigner signer;

    PublicKey jdkPublic;
    PrivateKey jdkPrivate;
    Signature jdkVerify;
    Signature jdkSign;
    byte[] encodedHeaderDot;
    String audience;
    long now;

    Arena arena;
    MemorySegment pkey;
    MemorySegment verifyCtx;
    MemorySegment signCtx;
    MemorySegment pctxOut;
    MemorySegment input;
    long inputLen;
    MemorySegment sig;
    long sigLen;
    MemorySegment sigOut;
    MemorySegment sizeOut;

    /** The benchmark methods, in the page's order. */
    public static final List<String> METHODS = List.of("verifyLcjwt", "verifyBare", "verifyJdk", "signLcjwt", "signBare",
            "signJdk");

    @Setup(Level.Trial)
    public void setup() throws Exception {
        algorithm = Algorithm.fromJwsName(alg);
        libcrypto = LibCrypto.describe();
        LibCrypto.requireSupported(algorithm); // ML-DSA needs aws-lc: refused here, before any key is made
        Fixtures.Case fixture = Fixtures.hs256().get(SignBench.PAYLOAD, SignBench.SECRET_BYTES);
        claims = new LinkedHashMap<>(fixture.claims());
        audience = fixture.aud();
        now = Fixtures.hs256().clock();
        String kid = fixture.kid();
        privateKey = key(algorithm).withKeyId(kid);
        signer = JwtSigner.builder(privateKey).algorithm(algorithm).build();
        publicKey = privateKey.publicKey();
        verifier = JwtVerifier.builder(publicKey).algorithms(algorithm).audience(audience)
                .clock(Clock.fixed(Instant.ofEpochSecond(now), ZoneOffset.UTC)).build();
        jdkPublic = KeyFactory.getInstance(jdkKeyType(algorithm)).generatePublic(new X509EncodedKeySpec(publicKey.toDer()));
        jdkPrivate = privateKey.toJavaKey();
        jdkVerify = Signature.getInstance(jdkSignature(algorithm));
        jdkSign = Signature.getInstance(jdkSignature(algorithm));
        token = signer.sign(claims);
        String signingInput = token.substring(0, token.lastIndexOf('.'));
        encodedHeaderDot = token.substring(0, token.indexOf('.') + 1).getBytes(StandardCharsets.US_ASCII);
        setupBare(signingInput, Base64.getUrlDecoder().decode(token.substring(token.lastIndexOf('.') + 1)));
        validate();
        System.out.println("# " + alg + " on " + libcrypto + "; token " + token.length() + " characters");
    }

    /** A fixed key: ML-DSA from a seed named after the algorithm, ES256 and Ed25519 from {@link SignBench#keys}. */
    static JwtPrivateKey key(Algorithm alg) throws GeneralSecurityException {
        return switch (alg) {
            case ES256 -> JwtPrivateKey.fromDer(SignBench.keys(SignBench.KeyKind.P_256).pkcs8());
            case EdDSA -> JwtPrivateKey.fromDer(SignBench.keys(SignBench.KeyKind.ED25519).pkcs8());
            default -> {
                byte[] seed = MessageDigest.getInstance("SHA-256").digest(("lcjwt-bench-" + alg.jwsName())
                        .getBytes(StandardCharsets.US_ASCII));
                yield JwtPrivateKey.fromDer(seedPkcs8(alg, seed));
            }
        };
    }

    /** RFC 9881's seed form: PrivateKeyInfo { 0, id-ml-dsa-nn, OCTET STRING { [0] seed } }. */
    static byte[] seedPkcs8(Algorithm alg, byte[] seed) {
        byte last = (byte) switch (alg) {
            case ML_DSA_44 -> 0x11;
            case ML_DSA_65 -> 0x12;
            default -> 0x13;
        };
        byte[] head = {0x30, 0x34, 0x02, 0x01, 0x00, 0x30, 0x0b, 0x06, 0x09, 0x60, (byte) 0x86, 0x48, 0x01, 0x65, 0x03,
            0x04, 0x03, last, 0x04, 0x22, (byte) 0x80, 0x20};
        byte[] out = Arrays.copyOf(head, head.length + 32);
        System.arraycopy(seed, 0, out, head.length, 32);
        return out;
    }

    static String jdkKeyType(Algorithm alg) {
        return switch (alg) {
            case ES256 -> "EC";
            case EdDSA -> "Ed25519";
            default -> "ML-DSA";
        };
    }

    static String jdkSignature(Algorithm alg) {
        return switch (alg) {
            case ES256 -> "SHA256withECDSAinP1363Format";
            case EdDSA -> "Ed25519";
            default -> "ML-DSA";
        };
    }

    private void setupBare(String signingInput, byte[] jwsSignature) {
        Backend backend = Backend.get();
        arena = Arena.ofShared();
        byte[] in = signingInput.getBytes(StandardCharsets.US_ASCII);
        input = arena.allocateFrom(ValueLayout.JAVA_BYTE, in);
        inputLen = in.length;
        byte[] s = algorithm == Algorithm.ES256 ? der(jwsSignature) : jwsSignature;
        sig = arena.allocateFrom(ValueLayout.JAVA_BYTE, s);
        sigLen = s.length;
        sigOut = arena.allocate(8192);
        sizeOut = arena.allocate(ValueLayout.JAVA_LONG);
        pctxOut = arena.allocate(ValueLayout.ADDRESS);
        pkey = Evp.d2iPrivateKey(pointerTo(privateKey.toDer()), privateKey.toDer().length);
        if (pkey.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("libcrypto did not read the " + alg + " key: " + backend.drainErrors());
        }
        verifyCtx = Evp.mdCtxNew();
        signCtx = Evp.mdCtxNew();
        if (algorithm.family() == Algorithm.Family.ML_DSA) {
            // Initialized once: aws-lc's pure ML-DSA keeps no per-message state in the context.
            if (Evp.digestVerifyInit(verifyCtx, pctxOut, MemorySegment.NULL, pkey) != 1
                    || Evp.digestSignInit(signCtx, pctxOut, MemorySegment.NULL, pkey) != 1) {
                throw new IllegalStateException("EVP_Digest*Init failed: " + backend.drainErrors());
            }
        }
    }

    private MemorySegment pointerTo(byte[] der) {
        MemorySegment data = arena.allocateFrom(ValueLayout.JAVA_BYTE, der);
        MemorySegment pp = arena.allocate(ValueLayout.ADDRESS);
        pp.set(ValueLayout.ADDRESS, 0, data);
        return pp;
    }

    /** r || s as DER, for the ES256 floor. */
    static byte[] der(byte[] rs) {
        byte[] r = new BigInteger(1, Arrays.copyOfRange(rs, 0, rs.length / 2)).toByteArray();
        byte[] s = new BigInteger(1, Arrays.copyOfRange(rs, rs.length / 2, rs.length)).toByteArray();
        byte[] out = new byte[6 + r.length + s.length];
        out[0] = 0x30;
        out[1] = (byte) (4 + r.length + s.length);
        out[2] = 0x02;
        out[3] = (byte) r.length;
        System.arraycopy(r, 0, out, 4, r.length);
        out[4 + r.length] = 0x02;
        out[5 + r.length] = (byte) s.length;
        System.arraycopy(s, 0, out, 6 + r.length, s.length);
        return out;
    }

    /** Each way's output checked by the two others, and a changed signature refused by all three. */
    void validate() throws Exception {
        check(verifyLcjwt().get("sub").equals(claims.get("sub")), "lcjwt reads back its own token");
        check(verifyJdk(token), "the JDK verifies lcjwt's token");
        check(verifyBare() == 1, "the bare call verifies lcjwt's token");
        String jdkToken = signJdk();
        check(verifier.decode(jdkToken).get("sub").equals(claims.get("sub")), "lcjwt verifies the JDK's token");
        int n = signBare();
        byte[] bareSig = sigOut.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
        Signature s = Signature.getInstance(algorithm == Algorithm.ES256 ? "SHA256withECDSA" : jdkSignature(algorithm));
        s.initVerify(jdkPublic);
        s.update(input.toArray(ValueLayout.JAVA_BYTE));
        check(s.verify(bareSig), "the JDK verifies the bare signature");
        byte[] raw = Base64.getUrlDecoder().decode(token.substring(token.lastIndexOf('.') + 1));
        raw[raw.length / 2] ^= 1;
        String forged = token.substring(0, token.lastIndexOf('.') + 1) + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        boolean lcjwtRefuses;
        try {
            verifier.decode(forged);
            lcjwtRefuses = false;
        } catch (io.lcjwt.BadSignatureException expected) {
            lcjwtRefuses = true;
        }
        check(lcjwtRefuses, "lcjwt refuses a changed signature");
        check(!verifyJdk(forged), "the JDK refuses a changed signature");
        byte flipped = sig.get(ValueLayout.JAVA_BYTE, sigLen / 2);
        sig.set(ValueLayout.JAVA_BYTE, sigLen / 2, (byte) (flipped ^ 1));
        check(verifyBare() != 1, "the bare call refuses a changed signature");
        sig.set(ValueLayout.JAVA_BYTE, sigLen / 2, flipped);
        Backend.get().clearErrors();
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("MlDsaBench check failed: " + what);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Evp.mdCtxFree(verifyCtx);
        Evp.mdCtxFree(signCtx);
        Evp.pkeyFree(pkey);
        arena.close();
        publicKey.close();
        privateKey.close();
    }

    // ---- verify ----------------------------------------------------------------------------------

    @Benchmark
    public Map<String, Object> verifyLcjwt() {
        return verifier.decode(token);
    }

    @Benchmark
    public int verifyBare() {
        if (algorithm.family() != Algorithm.Family.ML_DSA) {
            Evp.mdCtxReset(verifyCtx);
            if (Evp.digestVerifyInit(verifyCtx, pctxOut, algorithm == Algorithm.ES256 ? Backend.get().sha256()
                    : MemorySegment.NULL, pkey) != 1) {
                return -1;
            }
        }
        return Evp.digestVerify(verifyCtx, sig, sigLen, input, inputLen);
    }

    @Benchmark
    public boolean verifyJdk() throws Exception {
        return verifyJdk(token);
    }

    /** A hand-made JOSE verify with the JDK: signature, then the claims read and checked. */
    boolean verifyJdk(String t) throws Exception {
        int dot1 = t.indexOf('.');
        int dot2 = t.lastIndexOf('.');
        byte[] signature = Base64.getUrlDecoder().decode(t.substring(dot2 + 1));
        jdkVerify.initVerify(jdkPublic);
        jdkVerify.update(t.substring(0, dot2).getBytes(StandardCharsets.US_ASCII));
        if (!jdkVerify.verify(signature)) {
            return false;
        }
        Map<String, Object> c = JSON.std.mapFrom(Base64.getUrlDecoder().decode(t.substring(dot1 + 1, dot2)));
        return c.get("exp") instanceof Number exp && exp.longValue() > now && audience.equals(c.get("aud"));
    }

    // ---- sign ------------------------------------------------------------------------------------

    @Benchmark
    public String signLcjwt() {
        return signer.sign(claims);
    }

    @Benchmark
    public int signBare() {
        if (algorithm.family() != Algorithm.Family.ML_DSA) {
            Evp.mdCtxReset(signCtx);
            if (Evp.digestSignInit(signCtx, pctxOut, algorithm == Algorithm.ES256 ? Backend.get().sha256()
                    : MemorySegment.NULL, pkey) != 1) {
                return -1;
            }
        }
        sizeOut.set(ValueLayout.JAVA_LONG, 0, sigOut.byteSize());
        return Evp.digestSign(signCtx, sigOut, sizeOut, input, inputLen) == 1
                ? (int) sizeOut.get(ValueLayout.JAVA_LONG, 0) : -1;
    }

    /** A hand-made JOSE sign with the JDK: claims as JSON, base64url after the encoded header, signed, joined. */
    @Benchmark
    public String signJdk() throws Exception {
        byte[] payload = Base64.getUrlEncoder().withoutPadding().encode(JSON.std.asBytes(claims));
        byte[] in = new byte[encodedHeaderDot.length + payload.length];
        System.arraycopy(encodedHeaderDot, 0, in, 0, encodedHeaderDot.length);
        System.arraycopy(payload, 0, in, encodedHeaderDot.length, payload.length);
        jdkSign.initSign(jdkPrivate);
        jdkSign.update(in);
        return new String(in, StandardCharsets.US_ASCII) + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(jdkSign.sign());
    }
}
