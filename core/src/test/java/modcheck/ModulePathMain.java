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
