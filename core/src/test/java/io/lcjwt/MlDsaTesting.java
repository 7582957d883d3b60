package io.lcjwt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the ML-DSA tests share: whether the loaded libcrypto has ML-DSA (the tests then check the
 * round trips, or else the refusal), the refusal's text, and RFC 9964's examples.
 */
final class MlDsaTesting {
    private MlDsaTesting() {}

    static final Algorithm[] LEVELS = {Algorithm.ML_DSA_44, Algorithm.ML_DSA_65, Algorithm.ML_DSA_87};

    /** Whether the loaded libcrypto has ML-DSA: aws-lc does, OpenSSL 3.0 does not. */
    static boolean available() {
        return LibCrypto.supports(Algorithm.ML_DSA_65);
    }

    /** The start of the refusal on a libcrypto without ML-DSA. */
    static String refusal() {
        return "ML-DSA needs aws-lc 1.40 or newer; the loaded libcrypto is " + LibCrypto.version() + " ("
                + LibCrypto.path() + ").";
    }

    /** Asserts that {@code action} is refused as a libcrypto without ML-DSA refuses it (the message may name the key first), with {@code type}. */
    static <T extends Throwable> void assertRefusedHere(Class<T> type, org.junit.jupiter.api.function.Executable action) {
        T e = assertThrows(type, action);
        assertTrue(e.getMessage().contains(refusal()), e.getMessage());
    }

    /** Sizes of FIPS 204 table 2: public key, signature. */
    static int publicBytes(Algorithm alg) {
        return switch (alg) {
            case ML_DSA_44 -> 1312;
            case ML_DSA_65 -> 1952;
            default -> 2592;
        };
    }

    static int signatureBytes(Algorithm alg) {
        return switch (alg) {
            case ML_DSA_44 -> 2420;
            case ML_DSA_65 -> 3309;
            default -> 4627;
        };
    }

    /** One of RFC 9964's JOSE examples, {@code src/test/resources/rfc9964/ML_DSA_nn.jose.json}. */
    static Map<String, Object> example(Algorithm alg) {
        String name = "/rfc9964/" + alg.name() + ".jose.json";
        try (InputStream in = MlDsaTesting.class.getResourceAsStream(name)) {
            return io.lcjwt.internal.keys.Jwk.readObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(name, e);
        }
    }

    /** The example's JWK (with its seed, {@code priv}). */
    @SuppressWarnings("unchecked")
    static Map<String, Object> exampleJwk(Algorithm alg) {
        return new LinkedHashMap<>((Map<String, Object>) example(alg).get("jwk"));
    }

    /** The example's public JWK: its JWK without {@code priv}. */
    static String examplePublicJwk(Algorithm alg) {
        Map<String, Object> m = exampleJwk(alg);
        m.remove("priv");
        return json(m);
    }

    static String json(Object o) {
        return new String(io.lcjwt.internal.claims.ClaimsWriter.toJson(o), StandardCharsets.UTF_8);
    }
}
