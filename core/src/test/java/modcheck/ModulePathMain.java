package modcheck;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtSigner;
import io.lcjwt.JwtVerifier;
import io.lcjwt.LibCrypto;
import io.lcjwt.JwtSecretKey;

import java.util.Map;

/** Run by {@code ModulePathTest} in a child JVM with lcjwt and its dependencies on the module path. */
public final class ModulePathMain {
    private ModulePathMain() {}

    public static void main(String[] args) {
        byte[] secret = new byte[32];
        new java.security.SecureRandom().nextBytes(secret);
        try (JwtSecretKey key = JwtSecretKey.of(secret)) {
            String t = JwtSigner.builder(key).algorithm(Algorithm.HS256).build()
                    .sign(Map.of("sub", "mod", "exp", java.time.Instant.now().plusSeconds(60)));
            Object sub = JwtVerifier.builder(key).algorithms(Algorithm.HS256).build().decode(t).get("sub");
            System.out.println("module " + JwtVerifier.class.getModule().getName() + " sub " + sub + " on "
                    + LibCrypto.name());
        }
    }
}
