package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The short soak, in a JVM of its own with a fixed, pre-touched heap: 200,000 tokens on 4 threads
 * with key churn; native-object counters back at baseline and RSS flat (see {@link SoakRun}).
 * {@code bin/soak} runs the long one (10 million).
 */
class SoakTest {

    @Test
    void shortSoakLeavesNoNativeObjectsAndFlatRss() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch",
                "-cp", System.getProperty("java.class.path"), SoakRun.class.getName(), "200000", "4"))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "soak did not finish");
        System.out.print(out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("SOAK OK"), out);
    }
}
