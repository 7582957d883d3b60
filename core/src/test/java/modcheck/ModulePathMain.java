package modcheck;

import io.lcjwt.Algorithm;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweDecrypter;
import io.lcjwt.JweEncrypter;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtPrivateKey;
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
            // JWE and an EC key's export reach native memory in ways a signed token does not (pooled
            // scratch seen through an arena, a buffer libcrypto allocates): still no restricted
            // call from io.lcjwt, which has no native access here.
            byte[] aes = new byte[32];
            new java.security.SecureRandom().nextBytes(aes);
            try (JwtSecretKey cek = JwtSecretKey.forEncryption(aes);
                    JwtPrivateKey recipient = JwtPrivateKey.generate(Algorithm.ES256)) {
                String jwe = JweEncrypter.builder(cek).keyAlgorithm(JweKeyAlgorithm.DIR)
                        .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt("mod".getBytes());
                byte[] plain = JweDecrypter.builder(cek).keyAlgorithms(JweKeyAlgorithm.DIR)
                        .contentAlgorithms(JweContentAlgorithm.A256GCM).build().decrypt(jwe);
                String ecdh = JweEncrypter.builder(recipient.publicKey()).keyAlgorithm(JweKeyAlgorithm.ECDH_ES_A256KW)
                        .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt("mod".getBytes());
                byte[] plain2 = JweDecrypter.builder(recipient).keyAlgorithms(JweKeyAlgorithm.ECDH_ES_A256KW)
                        .contentAlgorithms(JweContentAlgorithm.A256GCM).build().decrypt(ecdh);
                System.out.println("module JWE " + new String(plain) + " " + new String(plain2));
            }
            // Types of an application module (compiled by ModulePathTest), known here only by name:
            // this class is on the class path and the packages are not exported to it.
            JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256).build();
            String claims = JwtSigner.builder(key).algorithm(Algorithm.HS256).build()
                    .sign(Map.of("sub", "mod", "exp", 4102444800L, "roles", java.util.List.of("a", "b")));
            for (String type : new String[] {"open.OpenRecord", "open.OpenBean", "exported.ExportedBean",
                    "hidden.HiddenRecord", "hidden.HiddenBean"}) {
                Class<?> c;
                try {
                    c = Class.forName("modcheck.claims." + type);
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
                try {
                    Object o = v.decode(claims, c);
                    System.out.println("module " + c.getModule().getName() + ": " + o);
                } catch (RuntimeException e) {
                    System.out.println("refused " + c.getSimpleName() + ": " + e.getClass().getSimpleName() + ": "
                            + e.getMessage());
                }
            }
        }
    }
}
