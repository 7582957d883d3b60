package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.Signature;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every algorithm through every form beyond compact: detached (encoded and unencoded, the
 * payload as {@code byte[]}, heap and direct {@code ByteBuffer} and native {@code MemorySegment}),
 * flattened and general JSON, attached and detached. The payload is 1 MiB plus a little, so the
 * signing input crosses the 64 KiB update boundary and the base64url chunking. The JDK (an
 * independent implementation) checks every signature lcjwt makes, and signs one lcjwt checks.
 */
class JwsFormsRoundTripTest {

    static final byte[] BODY = body(1024 * 1024 + 7);

    static byte[] body(int n) {
        byte[] b = TestTokens.bytes(n, 11);
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ('a' + (b[i] & 15)); // ASCII, so the JSON forms can carry it unencoded
        }
        return b;
    }

    record Keys(JwtKey signing, JwtKey verifying, java.security.Key jcaSign, java.security.Key jcaVerify) implements AutoCloseable {
        @Override
        public void close() {
            signing.close();
            verifying.close();
        }
    }

    static Keys keys(Algorithm alg) throws Exception {
        if (alg.family() == Algorithm.Family.HMAC) {
            JwtSecretKey k = JwtSecretKey.generate(alg);
            return new Keys(k, k, k.toJavaKey(), k.toJavaKey());
        }
        if (alg == Algorithm.ES256K) {
            JwtPrivateKey k = JwtPrivateKey.generate(alg);
            return new Keys(k, k.publicKey(), null, null);
        }
        KeyPair jdk = JcaAsymmetricCrossCheckTest.jcaKeyPair(alg, 2048);
        return new Keys(JwtPrivateKey.fromDer(jdk.getPrivate().getEncoded()), JwtPublicKey.fromDer(jdk.getPublic().getEncoded()),
                jdk.getPrivate(), jdk.getPublic());
    }

    /** The JDK's verdict on a signature over {@code head '.' payloadPart}. */
    static boolean jdkVerifies(Algorithm alg, Keys k, String protectedB64, byte[] payloadPart, String sigB64) throws Exception {
        byte[] head = (protectedB64 + ".").getBytes(StandardCharsets.US_ASCII);
        byte[] sig = Base64.getUrlDecoder().decode(sigB64);
        if (alg.family() == Algorithm.Family.HMAC) {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance(TestTokens.jca(alg.jwsName()));
            mac.init(k.jcaVerify);
            mac.update(head);
            return java.security.MessageDigest.isEqual(mac.doFinal(payloadPart), sig);
        }
        Signature s = JcaAsymmetricCrossCheckTest.jcaSignature(alg);
        s.initVerify((java.security.PublicKey) k.jcaVerify);
        s.update(head);
        s.update(payloadPart);
        return s.verify(sig);
    }

    static String jdkSigns(Algorithm alg, Keys k, String protectedB64, byte[] payloadPart) throws Exception {
        byte[] head = (protectedB64 + ".").getBytes(StandardCharsets.US_ASCII);
        if (alg.family() == Algorithm.Family.HMAC) {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance(TestTokens.jca(alg.jwsName()));
            mac.init(k.jcaSign);
            mac.update(head);
            return TestTokens.b64(mac.doFinal(payloadPart));
        }
        Signature s = JcaAsymmetricCrossCheckTest.jcaSignature(alg);
        s.initSign((java.security.PrivateKey) k.jcaSign);
        s.update(head);
        s.update(payloadPart);
        return TestTokens.b64(s.sign());
    }

    @ParameterizedTest
    // ML-DSA, which only some libcryptos have, goes through every form in MlDsaJwsFormsTest.
    @EnumSource(value = Algorithm.class, names = {"ML_DSA_44", "ML_DSA_65", "ML_DSA_87"}, mode = EnumSource.Mode.EXCLUDE)
    void detachedUnencodedAndJsonFormsRoundTrip(Algorithm alg) throws Exception {
        try (Keys k = keys(alg)) {
            JwtVerifier v = JwtVerifier.builder(k.verifying).algorithms(alg).allowUnencodedPayload()
                    .maxTokenBytes(4 << 20).build(); // the JSON forms carry the 1 MiB body
            JwtSigner encoded = JwtSigner.builder(k.signing).algorithm(alg).build();
            JwtSigner raw = JwtSigner.builder(k.signing).algorithm(alg).unencodedPayload().build();
            byte[] b64Body = Base64.getUrlEncoder().withoutPadding().encode(BODY);

            for (JwtSigner signer : List.of(encoded, raw)) {
                boolean unencoded = signer == raw;
                byte[] part = unencoded ? BODY : b64Body;
                String detached = signer.signDetached(BODY);
                String[] seg = detached.split("\\.", -1);
                assertEquals("", seg[1]);
                assertEquals(unencoded ? Map.of("alg", alg.jwsName(), "b64", false, "crit", List.of("b64")) : Map.of("alg", alg.jwsName()),
                        io.lcjwt.internal.keys.Jwk.readObject(new String(Base64.getUrlDecoder().decode(seg[0]), StandardCharsets.UTF_8)));
                if (k.jcaVerify != null) {
                    assertTrue(jdkVerifies(alg, k, seg[0], part, seg[2]), "the JDK verifies lcjwt's detached signature");
                }
                assertEquals(alg, v.verifyDetached(detached, BODY).algorithm());
                assertEquals(alg, v.verifyDetached(signer.signDetached(ByteBuffer.wrap(BODY)), BODY).algorithm());
                assertEquals(alg, v.verifyDetached(detached, ByteBuffer.wrap(BODY)).algorithm());
                assertEquals(alg, v.verifyDetached(detached, ByteBuffer.allocateDirect(BODY.length).put(BODY).flip()).algorithm());
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment native_ = arena.allocate(BODY.length).copyFrom(MemorySegment.ofArray(BODY));
                    assertEquals(alg, v.verifyDetached(detached, native_).algorithm());
                    assertEquals(detached.substring(0, detached.indexOf('.')), signer.signDetached(native_)
                            .substring(0, detached.indexOf('.')));
                }
                byte[] changed = BODY.clone();
                changed[BODY.length - 1] ^= 1;
                assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class, () -> v.verifyDetached(detached, changed)));

                // JSON, flattened and general, attached and detached
                VerifiedJws flat = v.verifyJson(signer.signFlattened(BODY));
                assertArrayEquals(BODY, flat.payload());
                assertNull(v.verifyJson(signer.signFlattenedDetached(BODY), BODY).payload());
                String general = JwtSigner.signGeneral(BODY, signer, signer);
                assertEquals(2, v.verifyJson(general).headers().size());
                assertEquals(2, v.verifyJsonAnySignature(JwtSigner.signGeneralDetached(BODY, signer, signer), BODY).headers().size());
                Map<String, Object> flatJson = io.lcjwt.internal.keys.Jwk.readObject(signer.signFlattened(BODY));
                if (k.jcaVerify != null) {
                    assertTrue(jdkVerifies(alg, k, (String) flatJson.get("protected"), part, (String) flatJson.get("signature")));
                }
                assertInstanceOf(BadSignatureException.class, assertThrows(JwtException.class,
                        () -> v.verifyJson(signer.signFlattenedDetached(BODY), changed)));
            }

            // the JDK signs a detached unencoded body; lcjwt verifies it
            if (k.jcaSign != null) {
                String protectedB64 = TestTokens.b64("{\"alg\":\"" + alg.jwsName() + "\",\"b64\":false,\"crit\":[\"b64\"]}");
                String jdk = protectedB64 + ".." + jdkSigns(alg, k, protectedB64, BODY);
                assertEquals(alg, v.verifyDetached(jdk, BODY).algorithm());
            }

            // compact with the unencoded payload between the dots
            String small = raw.signContent("no dots here".getBytes(StandardCharsets.US_ASCII));
            assertEquals("no dots here", new String(v.verifyContent(small), StandardCharsets.US_ASCII));
            assertThrows(IllegalArgumentException.class, () -> raw.signContent("a.b".getBytes(StandardCharsets.US_ASCII)));
        }
    }

    /**
     * Item 6 of issue 15, the part a unit test can hold to: verifying a detached unencoded 1 MiB
     * body allocates nothing proportional to it (the body reaches libcrypto in place, in
     * 64 KiB pieces). Bytes, not time, are measured, by the JVM's per-thread allocation counter.
     */
    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"HS256", "ES256", "RS256", "PS256"})
    void detachedUnencodedBodyIsNotCopied(Algorithm alg) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        try (Keys k = keys(alg)) {
            JwtVerifier v = JwtVerifier.builder(k.verifying).algorithms(alg).allowUnencodedPayload().build();
            String jws = JwtSigner.builder(k.signing).algorithm(alg).unencodedPayload().build().signDetached(BODY);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment nativeBody = arena.allocate(BODY.length).copyFrom(MemorySegment.ofArray(BODY));
                for (int i = 0; i < 20; i++) { // past the first calls' one-time costs (linking, pools)
                    v.verifyDetached(jws, BODY);
                    v.verifyDetached(jws, nativeBody);
                }
                long tid = Thread.currentThread().threadId();
                long before = threads.getThreadAllocatedBytes(tid);
                v.verifyDetached(jws, BODY);
                v.verifyDetached(jws, nativeBody);
                long allocated = threads.getThreadAllocatedBytes(tid) - before;
                assertTrue(allocated < 32 * 1024, alg + ": two verifications of a 1 MiB body allocated " + allocated + " bytes");
            }
        }
    }
}
