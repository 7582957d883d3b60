package io.lcjwt.bench;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtHeader;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.JwtVerifier;
import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Critical;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
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
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The "signed HTTP body" case (RFC 7797 unencoded payload, detached, as in open-banking
 * {@code x-jws-signature}): verifying a 1 MiB body. {@code lcjwtVerifyDetached} is the whole
 * public call ({@code verifyDetached(jws, body)}: compact-form checks, header cache, key, the
 * signing input streamed to libcrypto in place); {@code bareLibcrypto} is the floor: the same
 * digest-and-verify through the bindings with every object prepared in setup (a keyed
 * {@code HMAC_CTX}, or an {@code EVP_PKEY} and DER signature), one update for the header and one
 * for the whole body. The target: lcjwt within 1.1x of the floor, and {@code -prof gc} showing no
 * allocation proportional to the body (bytes/op far below 1 MiB).
 *
 * <p>{@code body=heap} hands a {@code byte[]} (passed in place by critical downcalls);
 * {@code body=native} a {@code MemorySegment} in native memory.
 *
 * <p>Run: {@code bin/bench DetachedBodyBench -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DetachedBodyBench {

    static final int BODY_BYTES = 1 << 20;

    @Param({"HS256", "ES256"})
    public String alg;

    @Param({"heap", "native"})
    public String body;

    byte[] heapBody;
    MemorySegment nativeBody;
    String jws;
    JwtKey signingKey;
    JwtKey verifyingKey;
    JwtVerifier verifier;

    Arena arena;
    MemorySegment head;        // BASE64URL(protected) '.'
    long headLength;
    MemorySegment hmacCtx;
    MemorySegment mac;
    MemorySegment expectedMac;
    MemorySegment pkey;
    MemorySegment mdCtx;
    MemorySegment derSig;
    long derSigLength;

    @Setup(Level.Trial)
    public void setup() {
        Algorithm a = Algorithm.valueOf(alg);
        heapBody = new byte[BODY_BYTES];
        new SplittableRandom(42).nextBytes(heapBody);
        arena = Arena.ofShared();
        nativeBody = arena.allocate(BODY_BYTES).copyFrom(MemorySegment.ofArray(heapBody));

        byte[] secret = null;
        if (a == Algorithm.HS256) {
            secret = new byte[32];
            new SplittableRandom(7).nextBytes(secret);
            signingKey = JwtSecretKey.of(secret);
            verifyingKey = signingKey;
        } else {
            JwtPrivateKey priv = JwtPrivateKey.generate(a);
            signingKey = priv;
            verifyingKey = priv.publicKey();
        }
        jws = JwtSigner.builder(signingKey).algorithm(a).unencodedPayload().build().signDetached(heapBody);
        verifier = JwtVerifier.builder(verifyingKey).algorithms(a).allowUnencodedPayload().build();

        int dot = jws.indexOf('.');
        byte[] h = jws.substring(0, dot + 1).getBytes(StandardCharsets.US_ASCII);
        head = arena.allocateFrom(ValueLayout.JAVA_BYTE, h);
        headLength = h.length;
        byte[] sig = Base64.getUrlDecoder().decode(jws.substring(jws.lastIndexOf('.') + 1));
        Backend backend = Backend.get();
        if (a == Algorithm.HS256) {
            hmacCtx = libcrypto_h.HMAC_CTX_new();
            if (Critical.hmacInit(hmacCtx, arena.allocateFrom(ValueLayout.JAVA_BYTE, secret), secret.length,
                    backend.sha256()) != 1) {
                throw new IllegalStateException("HMAC_Init_ex failed");
            }
            mac = arena.allocate(32);
            expectedMac = arena.allocateFrom(ValueLayout.JAVA_BYTE, sig);
        } else {
            byte[] spki = ((JwtPrivateKey) signingKey).publicKey().toDer();
            MemorySegment der = arena.allocateFrom(ValueLayout.JAVA_BYTE, spki);
            MemorySegment cursor = arena.allocateFrom(ValueLayout.ADDRESS, der);
            pkey = libcrypto_h.d2i_PUBKEY(MemorySegment.NULL, cursor, spki.length);
            mdCtx = libcrypto_h.EVP_MD_CTX_new();
            byte[] d = AsymDecodeBench.ecdsaDer(sig);
            derSig = arena.allocateFrom(ValueLayout.JAVA_BYTE, d);
            derSigLength = d.length;
        }
        // Both sides must accept the real body and refuse a changed one before anything is timed.
        if (lcjwtVerifyDetached() == null || !bareLibcrypto()) {
            throw new IllegalStateException("a side refuses the valid body");
        }
        heapBody[BODY_BYTES / 2] ^= 1;
        nativeBody.set(ValueLayout.JAVA_BYTE, BODY_BYTES / 2, heapBody[BODY_BYTES / 2]);
        boolean lcjwtRefuses;
        try {
            lcjwtVerifyDetached();
            lcjwtRefuses = false;
        } catch (io.lcjwt.BadSignatureException expected) {
            lcjwtRefuses = true;
        }
        if (!lcjwtRefuses || bareLibcrypto()) {
            throw new IllegalStateException("a side accepts a changed body");
        }
        heapBody[BODY_BYTES / 2] ^= 1;
        nativeBody.set(ValueLayout.JAVA_BYTE, BODY_BYTES / 2, heapBody[BODY_BYTES / 2]);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (hmacCtx != null) {
            libcrypto_h.HMAC_CTX_free(hmacCtx);
        }
        if (mdCtx != null) {
            libcrypto_h.EVP_MD_CTX_free(mdCtx);
            libcrypto_h.EVP_PKEY_free(pkey);
        }
        verifyingKey.close();
        signingKey.close();
        arena.close();
    }

    @Benchmark
    public JwtHeader lcjwtVerifyDetached() {
        return body.equals("heap") ? verifier.verifyDetached(jws, heapBody) : verifier.verifyDetached(jws, nativeBody);
    }

    /** The floor: the signing input's two pieces digested and verified, nothing else. */
    @Benchmark
    public boolean bareLibcrypto() {
        MemorySegment b = body.equals("heap") ? MemorySegment.ofArray(heapBody) : nativeBody;
        if (hmacCtx != null) {
            int ok = Critical.hmacInit(hmacCtx, MemorySegment.NULL, 0, MemorySegment.NULL)
                    & Critical.hmacUpdate(hmacCtx, head, headLength)
                    & Critical.hmacUpdate(hmacCtx, b, BODY_BYTES)
                    & Critical.hmacFinal(hmacCtx, mac);
            return ok == 1 && Critical.memcmp(mac, expectedMac, 32) == 0;
        }
        MemorySegment ctx = mdCtx;
        libcrypto_h.EVP_MD_CTX_reset(ctx);
        boolean ok = libcrypto_h.EVP_DigestVerifyInit(ctx, MemorySegment.NULL, Backend.get().sha256(), MemorySegment.NULL, pkey) == 1
                && Critical.digestVerifyUpdate(ctx, head, headLength) == 1
                && Critical.digestVerifyUpdate(ctx, b, BODY_BYTES) == 1
                && libcrypto_h.EVP_DigestVerifyFinal(ctx, derSig, derSigLength) == 1;
        if (!ok) {
            Backend.get().clearErrors();
        }
        return ok;
    }
}
