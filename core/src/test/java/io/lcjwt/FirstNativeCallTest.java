package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whatever a fresh JVM does first with lcjwt must load libcrypto first. Importing an EC private
 * key checks its scalar against the curve order, read from libcrypto through the bindings; when
 * that was the process's first native call, the binding failed to link (the library was not yet
 * loaded) and stayed broken for the JVM's life. Each case runs in its own child JVM.
 */
class FirstNativeCallTest {

    /** Runs one case as the child JVM's very first use of lcjwt. */
    public static void main(String[] args) throws Exception {
        byte[] secret = new byte[32];
        String out = switch (args[0]) {
            case "ec-private-pem" -> JwtPrivateKey.fromPem(Files.readString(Path.of(args[1]))).thumbprint();
            case "ec-private-der" -> JwtPrivateKey.fromDer(Files.readAllBytes(Path.of(args[1]))).thumbprint();
            case "secret-thumbprint" -> JwtSecretKey.of(secret).thumbprint();
            case "secret-jwk" -> JwtKey.fromJwk("{\"kty\":\"oct\",\"k\":\"" + Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(secret) + "\"}").thumbprint();
            default -> throw new IllegalArgumentException(args[0]);
        };
        System.out.println("OK " + out);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ec-private-pem", "ec-private-der", "secret-thumbprint", "secret-jwk"})
    void theFirstCallInAFreshJvmWorks(String what) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        byte[] pkcs8 = g.generateKeyPair().getPrivate().getEncoded();
        Path file = Files.createTempFile("first-call", what.endsWith("der") ? ".der" : ".pem");
        try {
            if (what.endsWith("der")) {
                Files.write(file, pkcs8);
            } else {
                Files.writeString(file, "-----BEGIN PRIVATE KEY-----\n"
                        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(pkcs8)
                        + "\n-----END PRIVATE KEY-----\n");
            }
            Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                    FirstNativeCallTest.class.getName(), what, file.toString())).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.startsWith("OK "), out);
        } finally {
            Files.delete(file);
        }
    }
}
