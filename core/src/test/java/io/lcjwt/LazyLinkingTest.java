package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #17, start-up: a native function is linked when first needed, never at load, because each
 * link costs milliseconds in a fresh JVM. A child JVM decodes one HS256 token, printing the
 * classes it loads; the bindings' holder classes show what was linked.
 */
class LazyLinkingTest {

    public static void main(String[] args) {
        JwtVerifier v = TestTokens.verifier();
        System.out.println("OK " + v.decode(TestTokens.hs256(TestTokens.CLAIMS)).get("sub"));
    }

    @Test
    void anHs256DecodeLinksOnlyWhatHmacNeeds() throws Exception {
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-verbose:class", "-cp", System.getProperty("java.class.path"),
                LazyLinkingTest.class.getName())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("OK alice"), out);
        assertTrue(out.contains("io.lcjwt.bindings.libcrypto.libcrypto_h$HMAC_Update"), "the decode ran HMAC");
        for (String notNeeded : List.of("Backend$Version", "Backend$Pbkdf2", "Backend$AesWrap", "Backend$RandBytes",
                "Backend$PkeyId", "Backend$PkeyBits", "Backend$PkeySize", "Backend$MdSize", "Backend$Err",
                "libcrypto_h$OpenSSL_version ", "libcrypto_h$EVP_DigestVerify ", "libcrypto_h$ECDSA_do_verify",
                "libcrypto_h$RSA_new", "libcrypto_h$EVP_PKEY_new ")) {
            assertTrue(!out.contains(notNeeded), notNeeded + " was loaded by an HS256 decode, so linked at start-up");
        }
    }
}
