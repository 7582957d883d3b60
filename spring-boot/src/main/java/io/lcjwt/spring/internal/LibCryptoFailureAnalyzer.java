package io.lcjwt.spring.internal;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a start-up without native access (or without a libcrypto) into lcjwt's one-line reason. */
public final class LibCryptoFailureAnalyzer extends AbstractFailureAnalyzer<LibCryptoUnavailableException> {
    @Override
    protected FailureAnalysis analyze(Throwable root, LibCryptoUnavailableException cause) {
        return new FailureAnalysis("lcjwt cannot verify JWTs: " + cause.getMessage(),
                "For java -jar, add the manifest attribute 'Enable-Native-Access: ALL-UNNAMED' (the Spring Boot"
                        + " Maven plugin's <manifestEntries>); otherwise start the JVM with"
                        + " --enable-native-access=ALL-UNNAMED (for tests: surefire's <argLine>).", cause);
    }
}
