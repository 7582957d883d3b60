package io.lcjwt.bench;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.LibCrypto;
import io.lcjwt.spring.LcjwtJwtEncoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.security.oauth2.jose.jws.JwsAlgorithm;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.crypto.spec.SecretKeySpec;

/**
 * Spring Security's {@link JwtEncoder#encode} as Spring Authorization Server calls it for every
 * access token: lcjwt's {@link LcjwtJwtEncoder} against the {@link NimbusJwtEncoder} the server
 * builds, on the same key, header and claims. Throughput (tokens per second); run with
 * {@code -prof gc} for bytes per token.
 *
 * <p><b>Configured as the Authorization Server configures them.</b> Without a {@code JwtEncoder}
 * bean, the server does {@code new NimbusJwtEncoder(jwkSource)} over the application's
 * {@code JWKSource} bean, here an {@code ImmutableJWKSet} of one key with a {@code kid} (as Boot's
 * own generated key); the lcjwt side is what lcjwt's auto-configuration registers for the same
 * key, {@code LcjwtJwtEncoder.withJwkSet(JwkSet.of(key))}. The parameters are what the server's
 * {@code JwtGenerator} passes for a {@code client_credentials} access token: a header of
 * {@code alg} alone (the key's {@code kid} is added by both encoders), and {@code iss} (a URL),
 * {@code sub}, {@code aud} (the client), {@code nbf}, {@code iat}, {@code exp} five minutes ahead,
 * {@code jti} (a UUID) and {@code scope} (a set of two scopes). They are built once: the
 * server's cost of building them is the same whichever encoder signs.
 *
 * <p><b>Keys</b> are made in setup with JCA only: P-256, RSA 2048, a 32-byte HMAC secret.
 *
 * <p><b>Before timing</b>, both encoders must return the same {@link Jwt} headers and claims and
 * the same signing input (header and payload, byte for byte); for RS256 and HS256, whose
 * signatures are deterministic, the same token; every token must verify with the JDK. A
 * disagreement fails the trial instead of producing a number.
 *
 * <p>Run: {@code bin/race jmh --regex SpringEncoderBench --page results-spring-encoder.md} (both
 * libcryptos, pinned), or {@code java --enable-native-access=ALL-UNNAMED -jar
 * bench/target/benchmarks.jar SpringEncoderBench -prof gc}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SpringEncoderBench {
    public static final String ISSUER = "https://id.example";
    public static final String CLIENT = "orders-service";
    public static final String KID = "signer";

    /** The algorithms. */
    public enum Alg {
        ES256, RS256, HS256
    }

    @Param({"ES256", "RS256", "HS256"})
    public Alg alg;

    private JwtEncoder lcjwt;
    private JwtEncoder nimbus;
    private JwtEncoderParameters parameters;
    private KeyPair pair;
    private byte[] secret;
    private JwtKey lcjwtKey;

    @Setup
    public void setup() throws Exception {
        System.out.println("# libcrypto: " + LibCrypto.describe());
        SecureRandom rnd = new SecureRandom();
        JWK jwk;
        JwsAlgorithm jws;
        if (alg == Alg.HS256) {
            secret = new byte[32];
            rnd.nextBytes(secret);
            jwk = new OctetSequenceKey.Builder(secret).keyID(KID).build();
            lcjwtKey = JwtSecretKey.of(secret).withKeyId(KID);
            jws = MacAlgorithm.HS256;
        } else {
            KeyPairGenerator g = KeyPairGenerator.getInstance(alg == Alg.RS256 ? "RSA" : "EC");
            if (alg == Alg.RS256) {
                g.initialize(2048, rnd);
            } else {
                g.initialize(new ECGenParameterSpec("secp256r1"), rnd);
            }
            pair = g.generateKeyPair();
            jwk = alg == Alg.RS256
                    ? new RSAKey.Builder((RSAPublicKey) pair.getPublic()).privateKey((RSAPrivateKey) pair.getPrivate())
                            .keyID(KID).build()
                    : new ECKey.Builder(Curve.P_256, (ECPublicKey) pair.getPublic())
                            .privateKey((ECPrivateKey) pair.getPrivate()).keyID(KID).build();
            lcjwtKey = JwtPrivateKey.from(pair.getPrivate()).withKeyId(KID);
            jws = SignatureAlgorithm.from(alg.name());
        }
        nimbus = new NimbusJwtEncoder(new ImmutableJWKSet<>(new JWKSet(jwk)));
        lcjwt = LcjwtJwtEncoder.withJwkSet(JwkSet.of(lcjwtKey)).build();
        parameters = accessToken(jws);
        validate();
    }

    /** What the Authorization Server's JwtGenerator passes for a client_credentials access token. */
    static JwtEncoderParameters accessToken(JwsAlgorithm alg) {
        Instant now = Instant.now();
        JwtClaimsSet claims = JwtClaimsSet.builder().issuer(ISSUER).subject(CLIENT).audience(List.of(CLIENT))
                .issuedAt(now).expiresAt(now.plus(Duration.ofMinutes(5))).id(UUID.randomUUID().toString())
                .notBefore(now).claim("scope", Set.of("orders.read", "orders.write")).build();
        return JwtEncoderParameters.from(JwsHeader.with(alg).build(), claims);
    }

    @TearDown
    public void tearDown() {
        lcjwtKey.close();
    }

    @Benchmark
    public Jwt lcjwt() {
        return lcjwt.encode(parameters);
    }

    @Benchmark
    public Jwt nimbus() {
        return nimbus.encode(parameters);
    }

    /** Same header, claims and signing input from both; the same token where signing is deterministic. */
    void validate() throws GeneralSecurityException {
        Jwt l = lcjwt.encode(parameters);
        Jwt n = nimbus.encode(parameters);
        String li = l.getTokenValue().substring(0, l.getTokenValue().lastIndexOf('.'));
        String ni = n.getTokenValue().substring(0, n.getTokenValue().lastIndexOf('.'));
        if (!li.equals(ni) || !String.valueOf(l.getHeaders()).equals(String.valueOf(n.getHeaders()))
                || !l.getClaims().keySet().equals(n.getClaims().keySet())) {
            throw new IllegalStateException("setup: the encoders disagree:\n  lcjwt  " + l.getTokenValue()
                    + "\n  Nimbus " + n.getTokenValue());
        }
        if (alg != Alg.ES256 && !l.getTokenValue().equals(n.getTokenValue())) {
            throw new IllegalStateException("setup: " + alg + " is deterministic, and the tokens differ:\n  lcjwt  "
                    + l.getTokenValue() + "\n  Nimbus " + n.getTokenValue());
        }
        for (Jwt jwt : List.of(l, n)) {
            if (!jdkVerifies(jwt.getTokenValue())) {
                throw new IllegalStateException("setup: the JDK does not verify " + jwt.getTokenValue());
            }
        }
        if (!KID.equals(l.getHeaders().get("kid")) || !CLIENT.equals(l.getSubject())) {
            throw new IllegalStateException("setup: the token lacks its kid or subject: " + l.getHeaders() + " " + l.getClaims());
        }
    }

    boolean jdkVerifies(String token) throws GeneralSecurityException {
        int dot = token.lastIndexOf('.');
        byte[] input = token.substring(0, dot).getBytes(StandardCharsets.US_ASCII);
        byte[] sig = Base64.getUrlDecoder().decode(token.substring(dot + 1));
        if (alg == Alg.HS256) {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return java.security.MessageDigest.isEqual(mac.doFinal(input), sig);
        }
        Signature s = Signature.getInstance(alg == Alg.RS256 ? "SHA256withRSA" : "SHA256withECDSAinP1363Format");
        s.initVerify(pair.getPublic());
        s.update(input);
        return s.verify(sig);
    }
}
