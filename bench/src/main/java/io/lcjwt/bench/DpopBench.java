package io.lcjwt.bench;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import io.lcjwt.Algorithm;
import io.lcjwt.DpopReplayStore;
import io.lcjwt.DpopVerifier;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.LibCrypto;
import io.lcjwt.spring.LcjwtDpopProofVerifierFactory;
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
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.DPoPAuthenticationProvider;
import org.springframework.security.oauth2.server.resource.authentication.DPoPAuthenticationToken;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationProvider;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;

import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A DPoP-protected request's verification (RFC 9449) as Spring Security 7.0 does it on every
 * request: {@link DPoPAuthenticationProvider#authenticate} with the access token and its proof,
 * both ES256. Two sides:
 * <ul>
 *   <li>{@code lcjwt}: the provider's token manager verifies the access token with
 *       {@link LcjwtJwtDecoder}, and its proof verifier factory is
 *       {@link LcjwtDpopProofVerifierFactory} (lcjwt's DpopVerifier, in-memory replay store of
 *       1,000,000), as lcjwt's auto-configuration sets them;</li>
 *   <li>{@code spring}: Boot's defaults, a {@link NimbusJwtDecoder} for the token and Spring's own
 *       {@code DPoPProofJwtDecoderFactory} (Nimbus, with Spring's {@code ath} and {@code cnf.jkt}
 *       checks and its 1,000-entry jti cache).</li>
 * </ul>
 * Average time per request; with {@code -prof gc} for bytes per request.
 *
 * <p><b>Inputs.</b> Made with lcjwt's signer in setup (never timed): an issuer key and a client
 * key (P-256), one access token ({@code iss}, {@code sub}, {@code aud}, {@code iat}, {@code exp},
 * {@code scope}, {@code cnf.jkt}), and proofs. A proof is good for one request (lcjwt remembers
 * every {@code jti}) and for 60 seconds (both sides check {@code iat}), so each iteration's setup
 * signs a fresh batch, three times as many as the previous iteration used (at least 20,000), and
 * the timed method takes the next one; running out fails the run rather than replaying a proof.
 *
 * <p><b>Before timing</b> both sides must authenticate a good request to the same subject, and
 * refuse a proof for another token ({@code ath}), a proof by another key ({@code cnf.jkt}) and a
 * replay; a side that does not fails the trial.
 *
 * <p>Run: {@code bin/race dpop} (both libcryptos, pinned, writes {@code bench/results-dpop.md}),
 * or {@code java --enable-native-access=ALL-UNNAMED -jar bench/target/benchmarks.jar DpopBench -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class DpopBench {
    static final String URL = "https://api.example/orders";
    static final String ISSUER = "https://id.example";
    static final String AUDIENCE = "lcjwt-bench";
    static final String SUBJECT = "f3b2c1d0-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

    @Param({"lcjwt", "spring"})
    public String side;

    private JwtPrivateKey issuerKey;
    private JwtPrivateKey clientKey;
    private JwtSigner proofSigner;
    private String accessToken;
    private String ath;
    private DPoPAuthenticationProvider provider;
    private String[] proofs = new String[0];
    private int next;
    /** The least proofs an iteration gets; the smoke test lowers it. */
    int batch = 20_000;
    private long jti;

    @Setup(Level.Trial)
    public void setup() {
        System.out.println("# libcrypto: " + LibCrypto.describe());
        issuerKey = JwtPrivateKey.generate(Algorithm.ES256);
        clientKey = JwtPrivateKey.generate(Algorithm.ES256);
        proofSigner = JwtSigner.builder(clientKey).algorithm(Algorithm.ES256).type("dpop+jwt").jwkHeader().build();
        long now = Instant.now().getEpochSecond();
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", ISSUER);
        claims.put("sub", SUBJECT);
        claims.put("aud", AUDIENCE);
        claims.put("iat", now);
        claims.put("exp", now + 86_400);
        claims.put("scope", "orders:read");
        claims.put("cnf", Map.of("jkt", clientKey.thumbprint()));
        accessToken = JwtSigner.builder(issuerKey).algorithm(Algorithm.ES256).keyId("signer").build().sign(claims);
        ath = sha256(accessToken);
        provider = side.equals("lcjwt") ? lcjwtProvider() : springProvider();
        validate();
    }

    private DPoPAuthenticationProvider lcjwtProvider() {
        JwtDecoder decoder = LcjwtJwtDecoder.withPublicKey(issuerKey.publicKey()).jwsAlgorithm(SignatureAlgorithm.ES256)
                .issuer(ISSUER).audience(AUDIENCE).build();
        DPoPAuthenticationProvider p = new DPoPAuthenticationProvider(tokenManager(decoder));
        p.setDPoPProofVerifierFactory(new LcjwtDpopProofVerifierFactory(DpopVerifier.builder()
                .algorithms(Algorithm.ES256, Algorithm.RS256).window(Duration.ofSeconds(60))
                .replayStore(DpopReplayStore.inMemory(1_000_000)).build()));
        return p;
    }

    private DPoPAuthenticationProvider springProvider() {
        ECKey jwk = new ECKey.Builder(Curve.P_256, (ECPublicKey) issuerKey.publicKey().toJavaKey()).keyID("signer")
                .keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256).build();
        NimbusJwtDecoder decoder = NimbusJwtDecoder.withJwkSource(new ImmutableJWKSet<>(new JWKSet(jwk)))
                .jwsAlgorithm(SignatureAlgorithm.ES256).build();
        decoder.setJwtValidator(SpringDecoderBench.bootValidatorFor(ISSUER, AUDIENCE));
        return new DPoPAuthenticationProvider(tokenManager(decoder));
    }

    /** The resource server's token manager: a provider manager over Spring's JWT provider. */
    private static AuthenticationManager tokenManager(JwtDecoder decoder) {
        return new ProviderManager(new JwtAuthenticationProvider(decoder));
    }

    /** Signs a fresh batch of proofs, three times what the last iteration used; not timed. */
    @Setup(Level.Iteration)
    public void freshProofs() {
        batch = Math.max(batch, 3 * next);
        proofs = new String[batch];
        for (int i = 0; i < batch; i++) {
            proofs[i] = proof(URL, ath);
        }
        next = 0;
    }

    String proof(String htu, String athValue) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("jti", "j-" + (jti++) + "-" + System.nanoTime());
        c.put("htm", "GET");
        c.put("htu", htu);
        c.put("iat", Instant.now().getEpochSecond());
        c.put("ath", athValue);
        return proofSigner.sign(c);
    }

    @Benchmark
    public Authentication authenticate() {
        if (next == proofs.length) {
            throw new IllegalStateException("ran out of fresh proofs (" + proofs.length + " this iteration); a replayed"
                    + " proof would measure a refusal");
        }
        return provider.authenticate(new DPoPAuthenticationToken(accessToken, proofs[next++], "GET", URL));
    }

    /** Both sides accept a good request and refuse a proof for another token, by another key, or replayed. */
    private void validate() {
        freshProofs();
        Authentication a = authenticate();
        if (!(a instanceof JwtAuthenticationToken t) || !SUBJECT.equals(t.getToken().getSubject())) {
            throw new IllegalStateException("setup: " + side + " did not authenticate the good request: " + a);
        }
        String used = proofs[0];
        JwtSigner other = JwtSigner.builder(JwtPrivateKey.generate(Algorithm.ES256)).algorithm(Algorithm.ES256)
                .type("dpop+jwt").jwkHeader().build();
        Map<String, Object> c = Map.of("jti", "other", "htm", "GET", "htu", URL, "iat", Instant.now().getEpochSecond(),
                "ath", ath);
        refused("a proof for another access token", proof(URL, sha256(accessToken + "x")));
        refused("a proof by a key the token is not bound to", other.sign(c));
        refused("a replayed proof", used);
        freshProofs(); // none of the proofs above is handed out again
    }

    private void refused(String what, String proof) {
        try {
            provider.authenticate(new DPoPAuthenticationToken(accessToken, proof, "GET", URL));
        } catch (AuthenticationException expected) {
            return;
        }
        throw new IllegalStateException("setup: " + side + " accepted " + what);
    }

    /** RFC 9449's {@code ath}, by the JDK. */
    static String sha256(String text) {
        try {
            return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(java.security.MessageDigest
                    .getInstance("SHA-256").digest(text.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** For the smoke test: the proofs this iteration has. */
    int batchSize() {
        return proofs.length;
    }

    /** For the smoke test: as if the iteration had used every proof. */
    void exhaust() {
        next = proofs.length;
    }
}
