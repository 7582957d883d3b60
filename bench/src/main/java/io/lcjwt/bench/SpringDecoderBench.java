package io.lcjwt.bench;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.sun.net.httpserver.HttpServer;
import io.lcjwt.LibCrypto;
import io.lcjwt.spring.LcjwtJwtDecoder;
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
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * Spring Security's {@link JwtDecoder#decode} as a resource server calls it on every request:
 * lcjwt's {@link LcjwtJwtDecoder} against the {@link NimbusJwtDecoder} Spring Boot 4.0 builds, on
 * the same keys, the same tokens and the same Spring validators. Throughput (decodes per second);
 * run with {@code -prof gc} for bytes per decode.
 *
 * <p><b>Configured as Boot configures them.</b> For a JWKS URL (ES256, RS256), Boot's
 * {@code OAuth2ResourceServerJwtConfiguration} does {@code NimbusJwtDecoder.withJwkSetUri(uri)
 * .jwsAlgorithms(...).build()} and then {@code setJwtValidator(JwtValidators
 * .createDefaultWithValidators([JwtIssuerValidator(issuer-uri), aud validator]))}; the lcjwt side
 * is {@code LcjwtJwtDecoder.withJwkSetUri(uri).jwsAlgorithm(..).audience(aud).issuer(iss).build()}
 * and the same {@code setJwtValidator}, so Spring's checks run on both and lcjwt's own exp, aud and
 * iss checks come on top. Boot has no property for an HMAC secret; HS256 is the nearest thing a
 * user writes: {@code withSecretKey(key)} on both sides, HS256 named, the same validators.
 *
 * <p><b>Keys and tokens</b> are made in setup with JCA only (never with either library under
 * test): RSA 2048, P-256, a 32-byte HMAC secret. Each JWKS holds three keys, decoy, signer,
 * decoy ({@code kid}, {@code use: sig}, {@code alg}), as an identity provider publishes them. The
 * claims are an access token's: {@code iss}, {@code sub}, {@code aud}, {@code iat}, {@code exp}
 * a day ahead, {@code scope}; the header {@code alg}, {@code typ: JWT} and (JWKS only) {@code kid}.
 *
 * <p><b>The JWKS</b> is served from a JDK {@code HttpServer} on 127.0.0.1, one path per decoder,
 * with {@code Cache-Control: max-age=86400}. Each decoder fetches it once, during setup's
 * validation; every iteration's tear-down checks that neither path was asked again, so no
 * measured decode includes a fetch (Nimbus ignores the header and caches for 5 minutes; a fork
 * lasts well under that, and the check would fail the run if it did not).
 *
 * <p><b>Before timing</b>, both decoders must return the same {@link Jwt} (claims, headers and
 * token value equal, with the expected values), and both must refuse the expired, wrong-audience,
 * wrong-issuer and bad-signature tokens with the same Spring exception type
 * ({@code JwtValidationException} for claims, {@code BadJwtException} for the signature); a
 * decoder that does not fails the trial instead of producing a number.
 *
 * <p>Run: {@code bin/race spring} (both libcryptos, pinned, writes {@code bench/results-spring.md}),
 * or directly {@code java --enable-native-access=ALL-UNNAMED -jar bench/target/benchmarks.jar
 * SpringDecoderBench -prof gc}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SpringDecoderBench {

    public static final String ISSUER = "https://id.example/realms/bench";
    public static final String AUDIENCE = "lcjwt-bench";
    public static final String SUBJECT = "f3b2c1d0-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
    public static final String SCOPE = "openid profile email orders:read";
    public static final String KID = "signer";

    /** The algorithms; the asymmetric ones read their keys from a JWKS URL, HS256 from the secret. */
    public enum Alg {
        ES256, RS256, HS256
    }

    @Param({"ES256", "RS256", "HS256"})
    public Alg alg;

    private HttpServer server;
    private final AtomicInteger lcjwtFetches = new AtomicInteger();
    private final AtomicInteger nimbusFetches = new AtomicInteger();
    private JwtDecoder lcjwt;
    private JwtDecoder nimbus;
    private String token;

    /** The tokens setup makes: the one timed, and the ones both decoders must refuse. */
    public record Tokens(String valid, String expired, String wrongAudience, String wrongIssuer, String badSignature) {}

    @Setup
    public void setup() throws IOException, GeneralSecurityException {
        System.out.println("# libcrypto: " + LibCrypto.describe());
        SecureRandom rnd = new SecureRandom();
        Tokens tokens;
        if (alg == Alg.HS256) {
            byte[] secret = new byte[32];
            rnd.nextBytes(secret);
            SecretKey key = new SecretKeySpec(secret, "HmacSHA256");
            tokens = tokens(input -> {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(key);
                return mac.doFinal(input);
            }, false);
            NimbusJwtDecoder n = NimbusJwtDecoder.withSecretKey(key).macAlgorithm(MacAlgorithm.HS256).build();
            n.setJwtValidator(bootValidator());
            LcjwtJwtDecoder l = LcjwtJwtDecoder.withSecretKey(key).jwsAlgorithm(MacAlgorithm.HS256)
                    .audience(AUDIENCE).issuer(ISSUER).build();
            l.setJwtValidator(bootValidator());
            nimbus = n;
            lcjwt = l;
        } else {
            KeyPairGenerator g = KeyPairGenerator.getInstance(alg == Alg.RS256 ? "RSA" : "EC");
            if (alg == Alg.RS256) {
                g.initialize(2048, rnd);
            } else {
                g.initialize(new ECGenParameterSpec("secp256r1"), rnd);
            }
            KeyPair decoy1 = g.generateKeyPair();
            KeyPair signer = g.generateKeyPair();
            KeyPair decoy2 = g.generateKeyPair();
            byte[] jwks = new JWKSet(List.of(jwk(decoy1, "decoy-1"), jwk(signer, KID), jwk(decoy2, "decoy-2")))
                    .toString(true).getBytes(StandardCharsets.UTF_8);
            String sigAlg = alg == Alg.RS256 ? "SHA256withRSA" : "SHA256withECDSAinP1363Format";
            tokens = tokens(input -> {
                Signature s = Signature.getInstance(sigAlg);
                s.initSign(signer.getPrivate(), rnd);
                s.update(input);
                return s.sign();
            }, true);
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            serve("/lcjwt/jwks.json", jwks, lcjwtFetches);
            serve("/nimbus/jwks.json", jwks, nimbusFetches);
            server.start();
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            SignatureAlgorithm sa = SignatureAlgorithm.from(alg.name());
            // Boot: withJwkSetUri(jwk-set-uri).jwsAlgorithms(add each of jws-algorithms).build()
            NimbusJwtDecoder n = NimbusJwtDecoder.withJwkSetUri(base + "/nimbus/jwks.json")
                    .jwsAlgorithms(set -> set.add(sa)).build();
            n.setJwtValidator(bootValidator());
            LcjwtJwtDecoder l = LcjwtJwtDecoder.withJwkSetUri(base + "/lcjwt/jwks.json").jwsAlgorithm(sa)
                    .audience(AUDIENCE).issuer(ISSUER).build();
            l.setJwtValidator(bootValidator());
            nimbus = n;
            lcjwt = l;
        }
        token = tokens.valid();
        validate(tokens);
        if (server != null && (lcjwtFetches.get() != 1 || nimbusFetches.get() != 1)) {
            throw new IllegalStateException("setup: expected one JWKS fetch per decoder, saw lcjwt "
                    + lcjwtFetches.get() + ", Nimbus " + nimbusFetches.get());
        }
    }

    /** Fails the run if a decoder went back to the JWKS URL during the iteration just measured. */
    @TearDown(Level.Iteration)
    public void noFetchWhileTiming() {
        if (server != null && (lcjwtFetches.get() != 1 || nimbusFetches.get() != 1)) {
            throw new IllegalStateException("a JWKS fetch happened while timing (lcjwt " + lcjwtFetches.get()
                    + ", Nimbus " + nimbusFetches.get() + " fetches in all): this iteration's number is not a cached decode");
        }
    }

    @TearDown
    public void tearDown() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Benchmark
    public Jwt lcjwt() {
        return lcjwt.decode(token);
    }

    @Benchmark
    public Jwt nimbus() {
        return nimbus.decode(token);
    }

    /** For the smoke test: the decoders and the token, after setup. */
    JwtDecoder lcjwtDecoder() {
        return lcjwt;
    }

    JwtDecoder nimbusDecoder() {
        return nimbus;
    }

    int[] fetches() {
        return new int[] {lcjwtFetches.get(), nimbusFetches.get()};
    }

    /**
     * What Boot's {@code jwtDecoderByJwkKeySetUri} sets with {@code issuer-uri} and
     * {@code audiences} configured: the issuer validator and its audience validator (aud not
     * disjoint from the configured list), inside {@code createDefaultWithValidators}, which adds
     * the {@code typ}, timestamp and X.509 thumbprint validators.
     */
    static OAuth2TokenValidator<Jwt> bootValidator() {
        return bootValidatorFor(ISSUER, AUDIENCE);
    }

    /** As {@link #bootValidator()}, for another issuer and audience (DpopBench's). */
    static OAuth2TokenValidator<Jwt> bootValidatorFor(String issuer, String audience) {
        List<String> audiences = List.of(audience);
        List<OAuth2TokenValidator<Jwt>> validators = new ArrayList<>();
        validators.add(new JwtIssuerValidator(issuer));
        validators.add(new JwtClaimValidator<List<String>>(JwtClaimNames.AUD,
                aud -> aud != null && !Collections.disjoint(aud, audiences)));
        return JwtValidators.createDefaultWithValidators(validators);
    }

    private void serve(String path, byte[] body, AtomicInteger hits) {
        server.createContext(path, ex -> {
            try (ex) {
                hits.incrementAndGet();
                ex.getResponseHeaders().add("Content-Type", "application/json");
                ex.getResponseHeaders().add("Cache-Control", "public, max-age=86400");
                ex.sendResponseHeaders(200, body.length);
                ex.getResponseBody().write(body);
            }
        });
    }

    private JWK jwk(KeyPair kp, String kid) {
        JWSAlgorithm a = JWSAlgorithm.parse(alg.name());
        return kp.getPublic() instanceof RSAPublicKey rsa
                ? new RSAKey.Builder(rsa).keyID(kid).keyUse(KeyUse.SIGNATURE).algorithm(a).build()
                : new ECKey.Builder(Curve.P_256, (ECPublicKey) kp.getPublic()).keyID(kid).keyUse(KeyUse.SIGNATURE)
                        .algorithm(a).build();
    }

    /** Signs over the JWS signing input. */
    interface Signer {
        byte[] sign(byte[] input) throws GeneralSecurityException;
    }

    private Tokens tokens(Signer signer, boolean kid) throws GeneralSecurityException {
        long now = Instant.now().getEpochSecond();
        String valid = sign(signer, kid, ISSUER, AUDIENCE, now - 5, now + 86_400);
        String expired = sign(signer, kid, ISSUER, AUDIENCE, now - 7_200, now - 3_600);
        String wrongAud = sign(signer, kid, ISSUER, "another-api", now - 5, now + 86_400);
        String wrongIss = sign(signer, kid, "https://evil.example", AUDIENCE, now - 5, now + 86_400);
        int dot = valid.lastIndexOf('.');
        char c = valid.charAt(dot + 5);
        String badSig = valid.substring(0, dot + 5) + (c == 'A' ? 'B' : 'A') + valid.substring(dot + 6);
        return new Tokens(valid, expired, wrongAud, wrongIss, badSig);
    }

    private String sign(Signer signer, boolean kid, String iss, String aud, long iat, long exp)
            throws GeneralSecurityException {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String header = "{\"alg\":\"" + alg.name() + "\",\"typ\":\"JWT\"" + (kid ? ",\"kid\":\"" + KID + "\"" : "") + "}";
        String claims = "{\"iss\":\"" + iss + "\",\"sub\":\"" + SUBJECT + "\",\"aud\":\"" + aud + "\",\"iat\":" + iat
                + ",\"exp\":" + exp + ",\"scope\":\"" + SCOPE + "\"}";
        String input = b64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
        return input + "." + b64.encodeToString(signer.sign(input.getBytes(StandardCharsets.US_ASCII)));
    }

    /** Same Jwt from both; the same refusals from both; or the trial fails. */
    private void validate(Tokens t) {
        Jwt l = lcjwt.decode(t.valid());
        Jwt n = nimbus.decode(t.valid());
        if (!l.getClaims().equals(n.getClaims()) || !l.getHeaders().equals(n.getHeaders())
                || !l.getTokenValue().equals(n.getTokenValue()) || !l.getExpiresAt().equals(n.getExpiresAt())
                || !l.getIssuedAt().equals(n.getIssuedAt())) {
            throw new IllegalStateException("setup: the decoders disagree on the token:\n  lcjwt  " + l.getHeaders() + " "
                    + l.getClaims() + "\n  Nimbus " + n.getHeaders() + " " + n.getClaims());
        }
        if (!SUBJECT.equals(l.getSubject()) || !ISSUER.equals(l.getClaimAsString(JwtClaimNames.ISS))
                || !List.of(AUDIENCE).equals(l.getAudience()) || !SCOPE.equals(l.getClaimAsString("scope"))
                || !l.getExpiresAt().isAfter(Instant.now().plusSeconds(3_600))) {
            throw new IllegalStateException("setup: the decoded token lacks the claims it was signed with: " + l.getClaims());
        }
        refused("expired", t.expired(), JwtValidationException.class);
        refused("wrong-audience", t.wrongAudience(), JwtValidationException.class);
        refused("wrong-issuer", t.wrongIssuer(), JwtValidationException.class);
        refused("bad-signature", t.badSignature(), BadJwtException.class);
    }

    private void refused(String what, String bad, Class<? extends JwtException> expected) {
        for (Map.Entry<String, JwtDecoder> d : Map.of("lcjwt", lcjwt, "Nimbus", nimbus).entrySet()) {
            try {
                d.getValue().decode(bad);
            } catch (JwtException e) {
                if (!expected.isInstance(e)) {
                    throw new IllegalStateException("setup: " + d.getKey() + " refused the " + what + " token with "
                            + e.getClass().getSimpleName() + ", not " + expected.getSimpleName() + ": " + e.getMessage(), e);
                }
                continue;
            }
            throw new IllegalStateException("setup: " + d.getKey() + " accepted the " + what + " token");
        }
    }
}
