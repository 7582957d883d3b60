package io.lcjwt.spring;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Boot app whose JVM lacks native access fails at start-up, not at its first request, and says
 * in one line what to add.
 */
class NativeAccessTest {

    /** Starts the test app; run in a JVM without --enable-native-access. */
    public static void main(String[] args) {
        Apps.servlet(Map.of("spring.security.oauth2.resourceserver.jwt.jwk-set-uri", "http://127.0.0.1:9/jwks.json"));
        System.out.println("STARTED");
        System.exit(0);
    }

    @Test
    void withoutNativeAccessStartUpFailsWithLcjwtsReason() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                NativeAccessTest.class.getName())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertFalse(out.contains("STARTED"), out);
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.contains("lcjwt cannot verify JWTs: ") && out.contains("--enable-native-access=ALL-UNNAMED"), out);
        assertTrue(out.contains("Enable-Native-Access: ALL-UNNAMED"), "the action names the manifest attribute: " + out);
    }
}
