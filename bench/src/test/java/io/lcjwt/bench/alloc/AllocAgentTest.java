package io.lcjwt.bench.alloc;

import io.lcjwt.bench.SignAllocations;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The allocation-counting agent, in a JVM of its own: exact on our code, and the JDK's allocations counted too. */
class AllocAgentTest {

    /** Run under the agent: prints the count of 1,000 int arrays, then of 1,000 StringBuilder round trips. */
    public static final class Probe {
        static Object sink;

        public static void main(String[] args) {
            for (int i = 0; i < 5_000; i++) { // load and warm what the loops use
                sink = new int[4];
                sink = new StringBuilder().append('x').toString();
            }
            AllocCounter.start();
            for (int i = 0; i < 1_000; i++) {
                sink = new int[4];
            }
            long arrays = AllocCounter.stop();
            AllocCounter.start();
            for (int i = 0; i < 1_000; i++) {
                sink = new StringBuilder().append('x').toString();
            }
            long builders = AllocCounter.stop();
            System.out.println("counts " + arrays + " " + builders);
        }
    }

    @Test
    void countsEveryAllocationInstructionOnTheCountedThread() throws Exception {
        Path agent = SignAllocations.agentJar();
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + agent, "-cp", System.getProperty("java.class.path"), Probe.class.getName())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        String line = out.lines().filter(l -> l.startsWith("counts ")).findFirst().orElseThrow(() -> new AssertionError(out));
        List<Long> n = java.util.Arrays.stream(line.substring(7).split(" ")).map(Long::parseLong).toList();
        assertEquals(1_000, n.get(0), "one newarray per iteration, whatever escape analysis would do: " + out);
        // new StringBuilder, its byte[] (in the JDK's AbstractStringBuilder), the String and its byte[]
        // (in the JDK's String): at least four per iteration, so the JDK's classes were rewritten too.
        assertTrue(n.get(1) >= 4_000, "the JDK's own allocations are counted: " + out);
    }
}
