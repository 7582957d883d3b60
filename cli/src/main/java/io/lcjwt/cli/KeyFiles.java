package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/** Keys from files: PEM (public or private), DER (SPKI or PKCS#8), or a JWK. */
final class KeyFiles {
    private KeyFiles() {}

    static JwtKey read(Path p) throws IOException {
        byte[] b = Inputs.file(p);
        return parse(p, b, new String(b, StandardCharsets.UTF_8).strip());
    }

    private static JwtKey parse(Path p, byte[] b, String text) {
        try {
            if (text.startsWith("{")) {
                if (text.contains("\"keys\"")) {
                    throw new CliException(Main.KEYS, p + " is a JWKS (a set of keys); give one key, or use --jwks.");
                }
                // One JWK may be private or a secret, which a JWK set refuses to hold.
                return JwtKey.fromJwk(text);
            }
            if (text.startsWith("-----BEGIN")) {
                return text.contains("PRIVATE KEY") ? JwtPrivateKey.fromPem(text) : JwtPublicKey.fromPem(text);
            }
            try {
                return JwtPublicKey.fromDer(b);
            } catch (InvalidJwtKeyException notSpki) {
                return JwtPrivateKey.fromDer(b);
            }
        } catch (InvalidJwtKeyException e) {
            throw new CliException(Main.KEYS, p + ": " + e.getMessage(), e);
        }
    }

    /** A key for JWE, and the key management algorithm its JWK names (null when it names none). */
    record ForJwe(JwtKey key, JweKeyAlgorithm alg) {}

    /**
     * A key for encrypt or decrypt: as {@link #read}, except that a JWK may name a JWE algorithm
     * ({@code RSA-OAEP-256}, {@code A128KW}...), which then is the only one the key serves, and an
     * {@code oct} JWK may be a 16- or 24-byte AES key. A JWK marked for signatures ({@code use:
     * sig}, or a JWS {@code alg}) is refused: one key for both invites cross-protocol attacks.
     */
    static ForJwe readForJwe(Path p) throws IOException {
        byte[] b = Inputs.file(p);
        String text = new String(b, StandardCharsets.UTF_8).strip();
        if (!text.startsWith("{")) {
            return new ForJwe(parse(p, b, text), null);
        }
        Map<String, Object> jwk;
        try {
            jwk = new LinkedHashMap<>(Json.object(text, p.toString()));
        } catch (CliException notJson) {
            throw new CliException(Main.KEYS, notJson.getMessage(), notJson);
        }
        if (jwk.containsKey("keys")) {
            throw new CliException(Main.KEYS, p + " is a JWKS (a set of keys); give one key.");
        }
        JweKeyAlgorithm alg = null;
        Object a = jwk.remove("alg");
        if (a != null) {
            String name = a instanceof String s ? s : String.valueOf(a);
            alg = JweKeyAlgorithm.fromJoseName(name);
            if (alg == null) {
                throw new CliException(Main.KEYS, p + ": the JWK's alg " + Untrusted.quote(name) + " is not a JWE"
                        + " key management algorithm" + (Algorithm.fromJwsName(name) != null
                        ? "; this key is for signatures, and lcjwt will not encrypt with it." : " lcjwt supports."));
            }
        }
        if ("sig".equals(jwk.get("use"))) {
            throw new CliException(Main.KEYS, p + ": the JWK's use is \"sig\"; lcjwt will not encrypt with a signing key.");
        }
        try {
            if ("oct".equals(jwk.get("kty"))) {
                return new ForJwe(octKey(p, jwk), alg);
            }
            return new ForJwe(JwtKey.fromJwk(Json.compact(jwk)), alg);
        } catch (InvalidJwtKeyException e) {
            throw new CliException(Main.KEYS, p + ": " + e.getMessage(), e);
        }
    }

    /** A shared JWE key from an oct JWK; lcjwt's JWK reader takes HMAC secrets only (32 bytes and more). */
    private static JwtSecretKey octKey(Path p, Map<String, Object> jwk) {
        if (!(jwk.get("k") instanceof String k) || !k.matches("[A-Za-z0-9_-]*")) {
            throw new CliException(Main.KEYS, p + ": the JWK's k must be a base64url string (RFC 7518 section 6.4.1).");
        }
        byte[] bytes = Base64.getUrlDecoder().decode(k);
        try {
            JwtSecretKey key = JwtSecretKey.forEncryption(bytes);
            // withKeyId shares the native key: closing the one returned frees it
            return jwk.get("kid") instanceof String kid && !kid.isEmpty() ? key.withKeyId(kid) : key;
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    static String thumbprint(JwtKey key) {
        return switch (key) {
            case JwtPublicKey k -> k.thumbprint();
            case JwtPrivateKey k -> k.publicKey().thumbprint();
            case JwtSecretKey k -> k.thumbprint();
        };
    }
}
