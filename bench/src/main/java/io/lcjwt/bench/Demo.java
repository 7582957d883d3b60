package io.lcjwt.bench;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtSigner;
import io.lcjwt.JwtVerifier;
import io.lcjwt.LibCrypto;
import io.lcjwt.JwtSecretKey;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;

/** The README's demo: sign a token, verify it, print the claims and the libcrypto in use. */
public final class Demo {
    private Demo() {}

    /** The claims the demo signs and reads back. */
    public record Claims(String sub, List<String> aud, Instant exp, String scope) {}

    public static void main(String[] args) {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        try (JwtSecretKey key = JwtSecretKey.of(secret)) {
            JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
            String token = signer.sign(new Claims("alice", List.of("demo-api"), Instant.now().plusSeconds(300), "read"));
            JwtVerifier verifier = JwtVerifier.builder(key).algorithms(Algorithm.HS256).audience("demo-api").build();
            Claims claims = verifier.decode(token, Claims.class);
            System.out.println("libcrypto: " + LibCrypto.describe());
            System.out.println("token:     " + token);
            System.out.println("verified:  " + claims);
        }
    }
}
