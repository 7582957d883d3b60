package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Base64;
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

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("rs256")) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            KeyPair kp = g.generateKeyPair();
            String signingInput = TestTokens.b64("{\"alg\":\"RS256\"}") + "." + TestTokens.b64(TestTokens.CLAIMS);
            Signature jca = Signature.getInstance("SHA256withRSA"); // the oracle signs; lcjwt only verifies
            jca.initSign(kp.getPrivate());
            jca.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            String pem = "-----BEGIN PUBLIC KEY-----\n"
                    + Base64.getMimeEncoder().encodeToString(kp.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n";
            JwtVerifier v = TestTokens.builder(JwtPublicKey.fromPem(pem)).algorithms(Algorithm.RS256)
                    .audience(TestTokens.AUD).clock(TestTokens.CLOCK).build();
            System.out.println("OK " + v.decode(signingInput + "." + TestTokens.b64(jca.sign())).get("sub"));
            return;
        }
        JwtVerifier v = TestTokens.verifier();
        System.out.println("OK " + v.decode(TestTokens.hs256(TestTokens.CLAIMS)).get("sub"));
    }

    /**
     * The refusals a successful decode never makes, and the classes that build them: a method
     * that throws one directly would load its class on the first decode (about 0.2 ms each).
     */
    private static final List<String> REFUSALS = List.of("io.lcjwt.ExpiredJwtException ",
            "io.lcjwt.NotYetValidException ", "io.lcjwt.MissingClaimException ", "io.lcjwt.UnknownKeyException ",
            "io.lcjwt.BadSignatureException ", "io.lcjwt.InvalidHeaderException ",
            "io.lcjwt.AlgorithmNotAllowedException ", "io.lcjwt.UnsupportedJwtException ",
            "io.lcjwt.internal.jws.Refusals ", "io.lcjwt.internal.claims.ClaimErrors ");

    private static String classesLoadedBy(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-verbose:class", "-cp", System.getProperty("java.class.path"),
                LazyLinkingTest.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("OK alice"), out);
        return out;
    }

    @Test
    void anHs256DecodeLinksOnlyWhatHmacNeeds() throws Exception {
        String out = classesLoadedBy();
        assertTrue(out.contains("io.lcjwt.bindings.Critical$Hmac "), "the decode ran HMAC");
        for (String notNeeded : List.of("Backend$Version", "Backend$Pbkdf2", "Backend$AesWrap", "Backend$RandBytes",
                "Backend$PkeyId", "Backend$PkeyBits", "Backend$PkeySize", "Backend$MdSize", "Backend$Err",
                "libcrypto_h$OpenSSL_version ", "libcrypto_h$EVP_DigestVerify ", "libcrypto_h$ECDSA_do_verify",
                "io.lcjwt.bindings.Evp",
                "libcrypto_h$RSA_new", "libcrypto_h$EVP_PKEY_new ", "Critical$Digest",
                // HS256 needs one digest, not all three
                "Backend$Sha384", "Backend$Sha512",
                // a generated holder links a (non-critical) handle of its own: touching one for a
                // critical call linked every HMAC function twice
                "libcrypto_h$HMAC_Init_ex", "libcrypto_h$HMAC_Update", "libcrypto_h$HMAC_Final",
                "libcrypto_h$CRYPTO_memcmp", "libcrypto_h$HMAC_CTX_new", "libcrypto_h$EVP_sha256",
                // the generated header class itself: a 100 KB class and the JDK's system lookup
                "io.lcjwt.bindings.libcrypto.libcrypto_h ",
                // a lambda spins a hidden class at first use: none on the first key, build and decode
                "CursorClaimsReader$$Lambda", "ObjectBinding$$Lambda", "Readers$$Lambda", "SharedNative$$Lambda",
                "JwtSecretKey$$Lambda",
                // so does a pattern switch (SwitchBootstraps)
                "io.lcjwt.Keys$$TypeSwitch",
                // a secret that is no DER and no base64 of DER is not parsed as a public key
                "io.lcjwt.internal.keys.Spki ")) {
            assertTrue(!out.contains(notNeeded), notNeeded + " was loaded by an HS256 decode: start-up work it does not need");
        }
        for (String refusal : REFUSALS) {
            assertTrue(!out.contains(refusal), refusal + " was loaded by an HS256 decode that refused nothing");
        }
    }

    @Test
    void anRs256DecodeLinksNoHmac() throws Exception {
        String out = classesLoadedBy("rs256");
        assertTrue(out.contains("io.lcjwt.bindings.Evp$Verify "), "the decode ran RSA");
        for (String notNeeded : List.of("Critical$Hmac", "Backend$HmacInitCritical", "libcrypto_h$HMAC_",
                "libcrypto_h$CRYPTO_memcmp", "libcrypto_h$EVP_DigestVerifyUpdate", "libcrypto_h$EVP_DigestSignUpdate",
                "Backend$Sha384", "Backend$Sha512",
                // a lambda or method reference spins a class at first use: none on the PEM key's path
                "KeyFactory$$Lambda", "Der$$Lambda", "JwtPublicKey$$Lambda", "SharedNative$$Lambda",
                "EvpKey$$Lambda", "Pem$$Lambda", "Spki$$Lambda",
                // the generated header class: an RS256 key and decode go through Evp's own links
                "io.lcjwt.bindings.libcrypto.libcrypto_h ")) {
            assertTrue(!out.contains(notNeeded), notNeeded + " was loaded by an RS256 decode, so linked at start-up");
        }
        for (String refusal : REFUSALS) {
            assertTrue(!out.contains(refusal), refusal + " was loaded by an RS256 decode that refused nothing");
        }
    }
}
