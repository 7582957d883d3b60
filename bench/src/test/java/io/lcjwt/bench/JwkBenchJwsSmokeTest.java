package io.lcjwt.bench;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link JwkBench.Jws}: its set-up checks pass (every library reads the same payload, what each
 * writes verifies with lcjwt's verifier), each {@code @Benchmark} runs once, and the check
 * refuses a JWS that is not the payload's.
 */
class JwkBenchJwsSmokeTest {

    @Test
    void setupChecksPassAndEveryBenchmarkRuns() throws Exception {
        JwkBench.Jws b = new JwkBench.Jws();
        b.setup();
        List<Method> benches = Arrays.stream(JwkBench.Jws.class.getMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class)).toList();
        assertEquals(10, benches.size(), "five libraries' readers and writers, compact and JSON");
        for (Method m : benches) {
            assertNotNull(m.invoke(b), m.getName());
        }
    }

    @Test
    void aReaderGivingAnotherPayloadStopsTheRun() throws Exception {
        JwkBench.Jws b = new JwkBench.Jws();
        b.setup();
        b.compact = b.lcjwtSigner.signContent("{\"sub\":\"someone else\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> JwkBench.check(Arrays.equals(JwkBench.Jws.PAYLOAD, b.lcjwtParseCompact().payload()), "lcjwt's compact payload"));
        assertEquals("lcjwt's compact payload differs from the JDK's / lcjwt's; nothing is timed", e.getMessage());
    }
}
