package io.lcjwt.spring;

import io.lcjwt.JwtPrivateKey;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;

/** Key files as an operator would have them (PEM by the JDK, JWK by lcjwt's export), for the signing tests. */
final class SigningKeyFiles {
    private SigningKeyFiles() {}

    static KeyPair pair(String alg) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance(alg);
            switch (alg) {
                case "RSA" -> g.initialize(2048);
                case "EC" -> g.initialize(new ECGenParameterSpec("secp256r1"));
                default -> { }
            }
            return g.generateKeyPair();
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    /** Writes the private key as PKCS#8 PEM; returns its {@code file:} location. */
    static String privatePem(Path dir, String name, KeyPair pair) {
        return write(dir, name, pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
    }

    /** Writes the public key as SPKI PEM; returns its {@code file:} location. */
    static String publicPem(Path dir, String name, KeyPair pair) {
        return write(dir, name, pem("PUBLIC KEY", pair.getPublic().getEncoded()));
    }

    /** Writes the private JWK lcjwt exports for the pair, with a kid; returns its location. */
    static String privateJwk(Path dir, String name, KeyPair pair, String kid) {
        try (JwtPrivateKey k = JwtPrivateKey.from(pair.getPrivate()).withKeyId(kid)) {
            return write(dir, name, k.toJwk());
        }
    }

    static String write(Path dir, String name, String text) {
        try {
            Path f = dir.resolve(name);
            Files.createDirectories(f.getParent());
            Files.writeString(f, text);
            return f.toUri().toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
