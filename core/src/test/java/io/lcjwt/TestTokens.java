package io.lcjwt;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;

/**
 * Builds tokens byte by byte, signed with the JDK's {@code Mac} (an implementation independent of
 * lcjwt, used in tests only), so a test can craft exactly the header and payload it needs.
 */
final class TestTokens {
    private TestTokens() {}

    /** A fixed "now": 2023-11-14T22:13:20Z. */
    static final long NOW = 1_700_000_000L;
    static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC);
    static final byte[] KEY = bytes(64, 7);
    static final String AUD = "my-api";

    static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            b[i] = (byte) r.nextInt(256);
        }
        return b;
    }

    static String b64(String s) {
        return b64(s.getBytes(StandardCharsets.UTF_8));
    }

    static String b64(byte[] b) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    static byte[] mac(String jcaAlg, byte[] key, String input) {
        try {
            Mac mac = Mac.getInstance(jcaAlg);
            mac.init(new SecretKeySpec(key, jcaAlg));
            return mac.doFinal(input.getBytes(StandardCharsets.ISO_8859_1));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static String jca(String alg) {
        return switch (alg) {
            case "HS384" -> "HmacSHA384";
            case "HS512" -> "HmacSHA512";
            default -> "HmacSHA256";
        };
    }

    /** header.payload.signature over raw JSON texts, HMAC-signed by the JDK with {@code key}. */
    static String hs(String alg, String headerJson, String payloadJson, byte[] key) {
        String input = b64(headerJson) + "." + b64(payloadJson);
        return input + "." + b64(mac(jca(alg), key, input));
    }

    /** Signs raw header/payload bytes already base64url-encoded (for encoding tricks). */
    static String hsRaw(String alg, String headerB64, String payloadB64, byte[] key) {
        String input = headerB64 + "." + payloadB64;
        return input + "." + b64(mac(jca(alg), key, input));
    }

    static String hs256(String payloadJson) {
        return hs("HS256", "{\"alg\":\"HS256\",\"typ\":\"JWT\"}", payloadJson, KEY);
    }

    static String hs256Header(String headerJson, String payloadJson) {
        return hs("HS256", headerJson, payloadJson, KEY);
    }

    /** A valid claims set for {@link #verifier()}: aud my-api, exp an hour after NOW. */
    static final String CLAIMS = "{\"sub\":\"alice\",\"aud\":\"my-api\",\"iat\":1700000000,\"exp\":1700003600}";

    /**
     * The claims reader the claims tests run with: lcjwt's, or Jackson-jr's in the build's second
     * run of them (core/pom.xml, execution {@code claims-on-jackson-jr}), which sets
     * {@code lcjwt.test.claims-reader=jackson-jr}. One suite, both readers.
     */
    static final ClaimsReader READER = readerUnderTest();

    private static ClaimsReader readerUnderTest() {
        String name = System.getProperty("lcjwt.test.claims-reader", "lcjwt");
        return switch (name) {
            case "lcjwt" -> ClaimsReader.lcjwt();
            case "jackson-jr" -> ClaimsReader.jacksonJr(com.fasterxml.jackson.jr.ob.JSON.std);
            default -> throw new IllegalArgumentException("lcjwt.test.claims-reader: " + name);
        };
    }

    /** A verifier builder for {@code key} that reads claims with {@link #READER}. */
    static JwtVerifier.Builder builder(JwtKey key) {
        return JwtVerifier.builder(key).claimsReader(READER);
    }

    static JwtVerifier verifier() {
        return builder(JwtSecretKey.of(KEY)).algorithms(Algorithm.HS256).audience(AUD).clock(CLOCK).build();
    }
}
