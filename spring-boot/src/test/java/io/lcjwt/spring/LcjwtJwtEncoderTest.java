package io.lcjwt.spring;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtVerifier;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtEncodingException;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

import java.security.KeyPair;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.spec.SecretKeySpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The encoder's choice of key, its rotation, its refusals and its builders. */
class LcjwtJwtEncoderTest {
    static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    static final KeyPair RSA = SigningKeyFiles.pair("RSA");

    static JwtClaimsSet claims() {
        return JwtClaimsSet.builder().subject("alice").issuedAt(NOW).expiresAt(NOW.plusSeconds(300)).build();
    }

    static JwtEncoderParameters header(JwsHeader.Builder h) {
        return JwtEncoderParameters.from(h.build(), claims());
    }

    /** A clock the test moves. */
    static final class MovingClock extends Clock {
        final AtomicReference<Instant> now = new AtomicReference<>(NOW);

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    }

    @Test
    void severalKeysForOneAlgorithmAndNoKidIsAnErrorAsWithNimbus() {
        try (JwtPrivateKey a = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("a");
                JwtPrivateKey b = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("b")) {
            LcjwtJwtEncoder lcjwt = LcjwtJwtEncoder.withJwkSet(JwkSet.of(a, b)).build();
            JwtEncodingException e = assertThrows(JwtEncodingException.class,
                    () -> lcjwt.encode(header(JwsHeader.with(SignatureAlgorithm.ES256))));
            assertEquals("An error occurred while attempting to encode the Jwt: Several signing keys fit the JWS header"
                    + " (alg ES256, no kid): kid \"a\" (ES256), kid \"b\" (ES256). Name one with the header's kid, or"
                    + " give them activation times (the one activated last then signs).", e.getMessage());
            assertEquals("b", lcjwt.encode(header(JwsHeader.with(SignatureAlgorithm.ES256).keyId("b")))
                    .getHeaders().get("kid"));

            RSAKey one = new RSAKey.Builder((RSAPublicKey) RSA.getPublic()).privateKey((RSAPrivateKey) RSA.getPrivate())
                    .keyID("one").build();
            RSAKey two = new RSAKey.Builder(one).keyID("two").build();
            NimbusJwtEncoder nimbus = new NimbusJwtEncoder(new ImmutableJWKSet<>(new JWKSet(List.of(one, two))));
            assertTrue(assertThrows(JwtEncodingException.class, () -> nimbus.encode(header(JwsHeader.with(
                    SignatureAlgorithm.RS256)))).getMessage().contains("multiple"), "Nimbus refuses the same case");
        }
    }

    @Test
    void rotationTheKeyActivatedLastSignsAndANamedKeySignsBeforeItsTime() {
        MovingClock clock = new MovingClock();
        try (JwtPrivateKey old = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("2026-06");
                JwtPrivateKey next = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("2026-12");
                JwtPublicKey retired = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("2025-12").publicKey()) {
            LcjwtJwtEncoder encoder = LcjwtJwtEncoder.withJwkSet(JwkSet.of(old, next, retired))
                    .activeFrom("2026-06", NOW.minusSeconds(86400 * 180))
                    .activeFrom("2026-12", NOW.plusSeconds(3600)).clock(clock).build();
            JwtVerifier verifier = JwtVerifier.builder(List.<JwtKey>of(old.publicKey(), next.publicKey(), retired))
                    .algorithms(Algorithm.ES256).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();

            Jwt before = encoder.encode(JwtEncoderParameters.from(claims()));
            assertEquals("2026-06", before.getHeaders().get("kid"));
            assertEquals("2026-12", encoder.encode(header(JwsHeader.with(SignatureAlgorithm.ES256).keyId("2026-12")))
                    .getHeaders().get("kid"));
            clock.now.set(NOW.plusSeconds(3600));
            Jwt after = encoder.encode(JwtEncoderParameters.from(claims()));
            assertEquals("2026-12", after.getHeaders().get("kid"));
            assertEquals("alice", verifier.decode(before.getTokenValue()).get("sub"), "the old key's token still verifies");
            assertEquals("alice", verifier.decode(after.getTokenValue()).get("sub"));

            String jwks = encoder.jwkSetJson();
            for (String kid : List.of("2026-06", "2026-12", "2025-12")) {
                assertTrue(jwks.contains("\"kid\":\"" + kid + "\""), jwks);
            }
            assertFalse(jwks.contains("\"d\""), jwks);
            assertThrows(JwtEncodingException.class, () -> encoder.encode(header(JwsHeader.with(SignatureAlgorithm.ES256)
                    .keyId("2025-12"))), "a published public key never signs");
        }
    }

    @Test
    void aKeyThatCannotMakeTheAlgorithmIsNoCandidate() {
        try (JwtPrivateKey p256 = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("p256");
                JwtPrivateKey p384 = JwtPrivateKey.generate(Algorithm.ES384).withKeyId("p384")) {
            LcjwtJwtEncoder encoder = LcjwtJwtEncoder.withJwkSet(JwkSet.of(p256, p384)).build();
            assertEquals("p256", encoder.encode(header(JwsHeader.with(SignatureAlgorithm.ES256))).getHeaders().get("kid"));
            assertEquals("p384", encoder.encode(header(JwsHeader.with(SignatureAlgorithm.ES384))).getHeaders().get("kid"));
            JwtEncodingException e = assertThrows(JwtEncodingException.class,
                    () -> encoder.encode(header(JwsHeader.with(SignatureAlgorithm.RS256))));
            assertTrue(e.getMessage().contains("No signing key fits the JWS header (alg RS256, no kid); this encoder"
                    + " signs with kid \"p256\" (ES256), kid \"p384\" (ES384). Spring Authorization Server asks for"
                    + " RS256 unless"), e.getMessage());
        }
    }

    @Test
    void whatLcjwtCannotWriteIsAJwtEncodingExceptionWithoutKeyMaterial() {
        try (LcjwtJwtEncoder encoder = LcjwtJwtEncoder.withSecretKey(new SecretKeySpec(new byte[32], "HmacSHA256"))
                .build()) {
            assertTrue(assertThrows(JwtEncodingException.class, () -> encoder.encode(header(JwsHeader.with(() -> "none"))))
                    .getMessage().contains("lcjwt does not sign with alg \"none\""));
            String nan = assertThrows(JwtEncodingException.class, () -> encoder.encode(JwtEncoderParameters.from(
                    JwtClaimsSet.from(claims()).claim("score", Double.NaN).build()))).getMessage();
            assertTrue(nan.contains("score") && nan.contains("NaN"), nan);
            assertTrue(assertThrows(JwtEncodingException.class, () -> encoder.encode(JwtEncoderParameters.from(
                    JwtClaimsSet.from(claims()).expiresAt(NOW.minusSeconds(1)).build()))).getMessage()
                    .contains("is not after their iat"));
            assertTrue(assertThrows(JwtEncodingException.class, () -> encoder.encode(header(JwsHeader.with(
                    MacAlgorithm.HS256).header("zip", "DEF")))).getMessage().contains("zip"));
            try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256)) {
                Map<String, Object> jwk = new HashMap<>(com.nimbusds.jose.util.JSONObjectUtils.parse(k.toJwk()));
                String d = (String) jwk.get("d");
                JwtEncodingException e = assertThrows(JwtEncodingException.class,
                        () -> encoder.encode(header(JwsHeader.with(MacAlgorithm.HS256).jwk(jwk))));
                assertTrue(e.getMessage().contains("holds a private key") && !e.getMessage().contains(d), e.getMessage());
            } catch (java.text.ParseException ex) {
                throw new AssertionError(ex);
            }
            assertTrue(assertThrows(JwtEncodingException.class, () -> encoder.encode(header(JwsHeader.with(
                    MacAlgorithm.HS256).header("crit", List.of("kid"))))).getMessage().contains("crit"));
        }
    }

    @Test
    void closingFreesTheKeysItMadeAndLeavesTheCallersAlone() {
        LcjwtJwtEncoder own = LcjwtJwtEncoder.withKeyPair((RSAPublicKey) RSA.getPublic(), (RSAPrivateKey) RSA.getPrivate())
                .build();
        own.close();
        own.close();
        assertTrue(assertThrows(JwtEncodingException.class, () -> own.encode(JwtEncoderParameters.from(claims())))
                .getMessage().contains("closed"));
        try (JwtPrivateKey mine = JwtPrivateKey.generate(Algorithm.EdDSA)) {
            LcjwtJwtEncoder.withKeyPair(mine).keyId("ed").build().close();
            LcjwtJwtEncoder.withKeyPair(mine).build().encode(header(JwsHeader.with(() -> "EdDSA")));
        }
    }

    @Test
    void theBuildersRefuseWhatCouldNotWork() {
        KeyPair other = SigningKeyFiles.pair("RSA");
        assertThrows(InvalidJwtKeyException.class, () -> LcjwtJwtEncoder.withKeyPair((RSAPublicKey) other.getPublic(),
                (RSAPrivateKey) RSA.getPrivate()));
        KeyPair ec = SigningKeyFiles.pair("EC");
        assertThrows(IllegalArgumentException.class, () -> LcjwtJwtEncoder.withKeyPair((ECPublicKey) ec.getPublic(),
                (ECPrivateKey) ec.getPrivate()).algorithm(SignatureAlgorithm.ES384));
        assertThrows(IllegalArgumentException.class, () -> LcjwtJwtEncoder.withKeyPair((ECPublicKey) ec.getPublic(),
                (ECPrivateKey) ec.getPrivate()).algorithm(SignatureAlgorithm.PS256));
        assertThrows(IllegalArgumentException.class, () -> LcjwtJwtEncoder.withSecretKey(
                new SecretKeySpec(new byte[32], "HmacSHA512")).algorithm(MacAlgorithm.HS512));
        assertThrows(IllegalArgumentException.class, () -> LcjwtJwtEncoder.withSecretKey(
                new SecretKeySpec(new byte[16], "HmacSHA256")));
        assertThrows(IllegalArgumentException.class, () -> LcjwtJwtEncoder.withKeyPair(
                (RSAPublicKey) RSA.getPublic(), (RSAPrivateKey) RSA.getPrivate()).keyId(""));
        try (JwtPrivateKey a = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("a")) {
            assertThrows(IllegalArgumentException.class, () -> LcjwtJwtEncoder.withJwkSet(JwkSet.of(a))
                    .activeFrom("nope", NOW).build());
            assertThrows(IllegalArgumentException.class, () -> LcjwtJwtEncoder.withJwkSet(JwkSet.of(a.publicKey()))
                    .build(), "public keys alone cannot sign");
        }
    }

    @Test
    void manyHeadersAndThreadsEachGetTheirOwnHeader() throws Exception {
        byte[] secret = new byte[32];
        new java.security.SecureRandom().nextBytes(secret);
        LcjwtJwtEncoder encoder = LcjwtJwtEncoder.withSecretKey(new SecretKeySpec(secret, "HmacSHA256")).build();
        JwtVerifier verifier = JwtVerifier.builder(io.lcjwt.JwtSecretKey.of(secret)).algorithms(Algorithm.HS256)
                .clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    // 100 distinct headers per thread: more than the encoder keeps signers for
                    for (int i = 0; i < 100; i++) {
                        String jku = "https://id" + (i % 7) + ".example/jwks";
                        Jwt jwt = encoder.encode(header(JwsHeader.with(MacAlgorithm.HS256).jwkSetUrl(jku)
                                .header("n", thread * 1000 + i)));
                        String h = new String(Base64.getUrlDecoder().decode(jwt.getTokenValue().split("\\.")[0]),
                                java.nio.charset.StandardCharsets.UTF_8);
                        assertTrue(h.contains("\"n\":" + (thread * 1000 + i)) && h.contains("\"jku\":\"" + jku + "\""), h);
                        assertEquals("alice", verifier.decode(jwt.getTokenValue()).get("sub"));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
