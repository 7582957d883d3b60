package io.lcjwt;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hand-made SD-JWTs for the refusal tests: payloads signed as written (duplicates, misplaced
 * digests and all), disclosures encoded from raw JSON text, digests and {@code sd_hash} computed
 * by the JDK's {@code MessageDigest}, KB-JWTs with any header and claims.
 */
final class SdJwtTestKit {
    private SdJwtTestKit() {}

    static final long NOW = 1_800_000_000L;
    static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC);
    static final String AUD = "https://verifier.example";
    static final String NONCE = "nonce-4711";
    static final JwtPrivateKey ISSUER = JwtPrivateKey.generate(Algorithm.ES256);
    static final JwtPrivateKey HOLDER = JwtPrivateKey.generate(Algorithm.ES256);
    static final String EXP = "\"exp\":" + (NOW + 3600);

    static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    /** A disclosure of the JSON array text {@code json}. */
    static String disclosure(String json) {
        return b64(json);
    }

    /** The base64url SHA-256 of {@code text}'s ASCII bytes, by the JDK. */
    static String digest(String text) {
        try {
            return Base64.getUrlEncoder().withoutPadding().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** The payload JSON text signed as it is by the issuer (ES256, typ example+sd-jwt). */
    static String jwt(String payloadJson) {
        return JwtSigner.builder(ISSUER).algorithm(Algorithm.ES256).type("example+sd-jwt").build()
                .signContent(payloadJson.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code jwt~d1~...~dn~}. */
    static String sdJwt(String payloadJson, String... disclosures) {
        StringBuilder sb = new StringBuilder(jwt(payloadJson)).append('~');
        for (String d : disclosures) {
            sb.append(d).append('~');
        }
        return sb.toString();
    }

    static String cnf() {
        return "\"cnf\":{\"jwk\":" + HOLDER.publicKey().toJwk() + "}";
    }

    static SdJwtVerifier.Builder verifier() {
        return SdJwtVerifier.builder(ISSUER.publicKey()).algorithms(Algorithm.ES256).clock(CLOCK);
    }

    static SdJwtVerifier kbVerifier() {
        return verifier().keyBinding(AUD).keyBindingAlgorithms(Algorithm.ES256).build();
    }

    /** The KB-JWT claims a presentation of {@code sdJwt} should have. */
    static Map<String, Object> kbClaims(String sdJwt) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("nonce", NONCE);
        c.put("aud", AUD);
        c.put("iat", NOW - 10);
        c.put("sd_hash", digest(sdJwt));
        return c;
    }

    /** A KB-JWT over {@code claims}, signed by {@code key} with {@code typ}. */
    static String kb(JwtPrivateKey key, Algorithm alg, String typ, Map<String, Object> claims) {
        JwtSigner.Builder b = JwtSigner.builder(key).algorithm(alg);
        b.type(typ);
        return b.build().sign(claims);
    }

    /** {@code sdJwt} with a correct KB-JWT. */
    static String withKb(String sdJwt) {
        return sdJwt + kb(HOLDER, Algorithm.ES256, "kb+jwt", kbClaims(sdJwt));
    }
}
