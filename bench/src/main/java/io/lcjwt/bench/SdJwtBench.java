package io.lcjwt.bench;

import io.lcjwt.Algorithm;
import io.lcjwt.Disclosure;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.SdJwt;
import io.lcjwt.SdJwtIssuer;
import io.lcjwt.SdJwtVerifier;
import io.lcjwt.Unverified;
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

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * SD-JWT (RFC 9901), lcjwt against {@code com.authlete:sd-jwt} with Nimbus ({@link AuthleteSdJwt})
 * in the same run, on the same tokens: ES256 issuer, ES256 holder, sha-256 digests.
 *
 * <p><b>Shapes</b> ({@link #shape}). {@code section5}: RFC 9901 section 5's example (its user
 * claims with {@code iss}, {@code iat}, {@code exp} and {@code cnf} in the clear; given_name,
 * family_name, email, phone_number, phone_number_verified, address, birthdate and updated_at
 * selectively disclosable, and each of the two nationalities): 10 disclosures.
 * {@code disclosures100}: {@code iss}, {@code iat}, {@code exp}, {@code cnf} and 100 selectively
 * disclosable string claims {@code claim_00} to {@code claim_99}.
 *
 * <p><b>Benchmarks.</b> {@code lcjwtVerify} and {@code authleteVerify} verify the same
 * presentation, made once in setup by lcjwt: every disclosure presented, and a KB-JWT (ES256,
 * {@code aud}, {@code nonce}, {@code iat}, {@code sd_hash}) by the holder; each checks both
 * signatures, both {@code typ}s, {@code exp}, {@code aud}, {@code nonce}, an {@code iat} window
 * (one day) and {@code sd_hash}, and returns the processed claims as a {@code Map}.
 * {@code lcjwtIssue} and {@code authleteIssue} issue the shape's claims to the holder's key
 * (fresh salts, an ES256 signature) and return the compact SD-JWT. lcjwt: an
 * {@link SdJwtVerifier} and an {@link SdJwtIssuer} built once. authlete: see
 * {@link AuthleteSdJwt}; its {@code ECDSASigner} and {@code ECDSAVerifier} are built once.
 *
 * <p><b>Before timing</b> ({@link #setup}): each library verifies the other's output: authlete
 * verifies lcjwt's presentation, and each library's issued SD-JWT is verified by both (for
 * lcjwt, after a presentation with key binding is made of authlete's); every result must be the
 * shape's claims. Both must refuse the presentation with a disclosure removed after the holder
 * signed. A failure stops the run: nothing is timed.
 *
 * <p>Run (writes {@code bench/results-sd-jwt.md}, both libcryptos):
 * {@code bin/race jmh --regex SdJwtBench --page results-sd-jwt.md}; {@code --lib aws-lc} for one
 * libcrypto, {@code --from-json} to re-render from {@code bench/results-sd-jwt-<libcrypto>.json}.
 * The page ({@link io.lcjwt.bench.report.SdJwtPage}) gives µs/op and B/op per library and lcjwt's
 * speed-up against the targets.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class SdJwtBench {

    public static final List<String> SHAPES = List.of("section5", "disclosures100");
    static final String AUDIENCE = "https://verifier.example";
    static final String NONCE = "bench-nonce-7f3a";
    static final String TYPE = "example+sd-jwt";
    static final Duration MAX_AGE = Duration.ofDays(1);

    @Param({"section5", "disclosures100"})
    public String shape;

    /** What every verify benchmark reads: lcjwt's presentation with every disclosure and a KB-JWT. */
    String presentation;
    /** The claims every verification must give (issued claims plus cnf). */
    Map<String, Object> expected;

    Map<String, Object> claims;
    List<String> paths;
    Map<String, Object> authleteClear;
    Map<String, Object> authleteDisclosable;
    Map<String, Object> holderJwk;
    JwtPrivateKey holderKey;
    JwtPublicKey holderPublic;
    SdJwtIssuer lcjwtIssuer;
    SdJwtVerifier lcjwtVerifier;
    SdJwtVerifier lcjwtIssuedVerifier;
    AuthleteSdJwt authlete;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair issuer = g.generateKeyPair();
        KeyPair holder = g.generateKeyPair();
        JwtPrivateKey issuerKey = JwtPrivateKey.from(issuer.getPrivate());
        holderKey = JwtPrivateKey.from(holder.getPrivate());
        holderPublic = holderKey.publicKey();
        holderJwk = com.fasterxml.jackson.jr.ob.JSON.std.mapFrom(holderPublic.toJwk());
        shape(shape);
        lcjwtIssuer = SdJwtIssuer.builder(issuerKey).algorithm(Algorithm.ES256).type(TYPE)
                .disclosable(paths.toArray(String[]::new)).build();
        SdJwtVerifier.Builder vb = SdJwtVerifier.builder(issuerKey.publicKey()).algorithms(Algorithm.ES256).expectType(TYPE);
        lcjwtIssuedVerifier = vb.build();
        lcjwtVerifier = vb.keyBinding(AUDIENCE).keyBindingAlgorithms(Algorithm.ES256).keyBindingMaxAge(MAX_AGE).build();
        authlete = new AuthleteSdJwt((ECPrivateKey) issuer.getPrivate(), (ECPublicKey) issuer.getPublic(), TYPE, AUDIENCE,
                NONCE, MAX_AGE.toSeconds());
        expected = new LinkedHashMap<>(claims);
        expected.put("cnf", Map.of("jwk", holderJwk));
        presentation = presentAll(lcjwtIssuer.issue(claims, holderPublic));
        validate();
    }

    private void shape(String s) {
        claims = new LinkedHashMap<>();
        long now = Instant.now().getEpochSecond();
        claims.put("iss", "https://issuer.example.com");
        claims.put("iat", now);
        claims.put("exp", now + 365L * 24 * 3600);
        authleteClear = new LinkedHashMap<>(claims);
        authleteDisclosable = new LinkedHashMap<>();
        paths = new ArrayList<>();
        if (s.equals("section5")) {
            claims.put("sub", "user_42");
            authleteClear.put("sub", "user_42");
            disclosable("given_name", "John");
            disclosable("family_name", "Doe");
            disclosable("email", "johndoe@example.com");
            disclosable("phone_number", "+1-202-555-0101");
            disclosable("phone_number_verified", true);
            disclosable("address", Map.of("street_address", "123 Main St", "locality", "Anytown", "region", "Anystate",
                    "country", "US"));
            disclosable("birthdate", "1940-01-01");
            disclosable("updated_at", 1570000000L);
            claims.put("nationalities", List.of("US", "DE"));
            authleteDisclosable.put("nationalities", List.of("US", "DE"));
            paths.add("nationalities[*]");
        } else if (s.equals("disclosures100")) {
            for (int i = 0; i < 100; i++) {
                disclosable(String.format("claim_%02d", i), "value of claim " + i);
            }
        } else {
            throw new IllegalArgumentException("unknown shape " + s + " (have " + SHAPES + ")");
        }
    }

    private void disclosable(String name, Object value) {
        claims.put(name, value);
        authleteDisclosable.put(name, value);
        paths.add(name);
    }

    /** {@code sdJwt} presented with every disclosure and a KB-JWT by the holder. */
    String presentAll(SdJwt sdJwt) {
        List<String> all = new ArrayList<>();
        for (Disclosure d : sdJwt.disclosures()) {
            all.add(d.path());
        }
        return sdJwt.present(all).withKeyBinding(holderKey, Algorithm.ES256, AUDIENCE, NONCE).toString();
    }

    /** Each library reads the other's output to the shape's claims; both refuse a tampered presentation. */
    void validate() throws Exception {
        check("lcjwt verifying lcjwt's presentation", lcjwtVerify());
        check("authlete verifying lcjwt's presentation", authleteVerify());
        String lcjwtIssued = lcjwtIssue();
        check("lcjwt verifying lcjwt's issued SD-JWT", lcjwtIssuedVerifier.verifyIssued(lcjwtIssued).claims());
        check("authlete verifying lcjwt's issued SD-JWT", authlete.verifyIssued(lcjwtIssued));
        String authleteIssued = authleteIssue();
        check("authlete verifying authlete's issued SD-JWT", authlete.verifyIssued(authleteIssued));
        check("lcjwt verifying authlete's issued SD-JWT", lcjwtIssuedVerifier.verifyIssued(authleteIssued).claims());
        String fromAuthlete = presentAll(Unverified.sdJwt(authleteIssued));
        check("lcjwt verifying a presentation of authlete's SD-JWT", lcjwtVerifier.verify(fromAuthlete, NONCE).claims());
        check("authlete verifying a presentation of authlete's SD-JWT", authlete.verify(fromAuthlete));
        // a disclosure dropped after the holder signed: sd_hash no longer matches
        int first = presentation.indexOf('~');
        String tampered = presentation.substring(0, first) + presentation.substring(presentation.indexOf('~', first + 1));
        if (refuses(() -> lcjwtVerifier.verify(tampered, NONCE)) + refuses(() -> authlete.verify(tampered)) != 2) {
            throw new IllegalStateException("a presentation with a disclosure removed was accepted");
        }
    }

    private void check(String what, Map<String, Object> got) {
        if (!same(expected, got)) {
            throw new IllegalStateException(what + " gave " + got + ", expected " + expected);
        }
    }

    interface Call {
        Object run() throws Exception;
    }

    private static int refuses(Call c) {
        try {
            c.run();
            return 0;
        } catch (Exception refused) {
            return 1;
        }
    }

    /** Equal as JSON: numbers by value. */
    static boolean same(Object a, Object b) {
        return io.lcjwt.bench.race.ClaimsMatch.sameJson(a, b);
    }

    @Benchmark
    public Map<String, Object> lcjwtVerify() {
        return lcjwtVerifier.verify(presentation, NONCE).claims();
    }

    @Benchmark
    public Map<String, Object> authleteVerify() throws Exception {
        return authlete.verify(presentation);
    }

    @Benchmark
    public String lcjwtIssue() {
        return lcjwtIssuer.issue(claims, holderPublic).toString();
    }

    @Benchmark
    public String authleteIssue() throws Exception {
        return authlete.issue(authleteClear, authleteDisclosable, holderJwk);
    }
}
