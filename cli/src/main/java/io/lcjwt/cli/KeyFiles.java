package io.lcjwt.cli;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Keys from files: PEM (public or private), DER (SPKI or PKCS#8), or a JWK. */
final class KeyFiles {
    private KeyFiles() {}

    static JwtKey read(Path p) throws IOException {
        byte[] b = Inputs.file(p);
        String text = new String(b, StandardCharsets.UTF_8).strip();
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

    static String thumbprint(JwtKey key) {
        return switch (key) {
            case JwtPublicKey k -> k.thumbprint();
            case JwtPrivateKey k -> k.publicKey().thumbprint();
            case JwtSecretKey k -> k.thumbprint();
        };
    }
}
