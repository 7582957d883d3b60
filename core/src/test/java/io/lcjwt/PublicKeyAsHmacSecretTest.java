package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Security row 3 (issue #20.3): the algorithm-confusion attack signs HS256 with the issuer's
 * public key as the secret. {@code JwtSecretKey.of} must refuse every public-key encoding that
 * {@code JwtPublicKey.fromPem} or {@code fromDer} reads (SubjectPublicKeyInfo, X.509 certificate,
 * PKCS#1 RSAPublicKey), as DER and as base64 text without PEM armour in every spelling a
 * configuration file might hold it.
 */
class PublicKeyAsHmacSecretTest {

    /** Every way the DER might be written down, by name. */
    static final Map<String, UnaryOperator<byte[]>> SPELLINGS = new LinkedHashMap<>();

    static {
        Base64.Encoder std = Base64.getEncoder();
        Base64.Encoder url = Base64.getUrlEncoder();
        SPELLINGS.put("DER", d -> d);
        SPELLINGS.put("base64", std::encode);
        SPELLINGS.put("base64 unpadded", d -> std.withoutPadding().encode(d));
        SPELLINGS.put("base64url", url::encode);
        SPELLINGS.put("base64url unpadded", d -> url.withoutPadding().encode(d));
        SPELLINGS.put("base64, 64-character lines", d -> Base64.getMimeEncoder(64, new byte[] {'\n'}).encode(d));
        SPELLINGS.put("base64, MIME CRLF lines", d -> Base64.getMimeEncoder().encode(d));
        SPELLINGS.put("base64 with surrounding whitespace", d -> ("  \n" + std.encodeToString(d) + "\n\t").getBytes(StandardCharsets.US_ASCII));
        SPELLINGS.put("base64url unpadded, 64-character lines", d ->
                Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(d).replace('+', '-').replace('/', '_')
                        .replace("=", "").getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void row03_everyPublicKeyEncodingLcjwtReadsIsRefusedAsASecret() throws Exception {
        Map<String, byte[]> ders = new LinkedHashMap<>();
        Map<String, String> pems = new LinkedHashMap<>();
        for (String[] kind : new String[][] {{"RSA", "2048"}, {"RSA", "1024"}, {"EC", "secp256r1"}, {"EC", "secp521r1"},
                {"Ed25519", null}}) {
            KeyPairGenerator g = KeyPairGenerator.getInstance(kind[0]);
            if (kind[0].equals("RSA")) {
                g.initialize(Integer.parseInt(kind[1]));
            } else if (kind[1] != null) {
                g.initialize(new ECGenParameterSpec(kind[1]));
            }
            PublicKey pub = g.generateKeyPair().getPublic();
            String name = kind[0] + (kind[1] == null ? "" : " " + kind[1]);
            ders.put(name + " SubjectPublicKeyInfo", pub.getEncoded());
            pems.put(name + " SubjectPublicKeyInfo", MismatchedKeyPairTest.pem("PUBLIC KEY", pub.getEncoded()));
            if (pub instanceof RSAPublicKey rsa) {
                byte[] pkcs1 = MismatchedKeyPairTest.seq(MismatchedKeyPairTest.integer(rsa.getModulus()),
                        MismatchedKeyPairTest.integer(rsa.getPublicExponent()));
                ders.put(name + " PKCS#1 RSAPublicKey", pkcs1);
                pems.put(name + " PKCS#1 RSAPublicKey", MismatchedKeyPairTest.pem("RSA PUBLIC KEY", pkcs1));
            }
        }
        String certPem;
        try (InputStream in = getClass().getResourceAsStream("/certs/rsa2048-selfsigned.pem")) {
            certPem = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
        String certBody = certPem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        ders.put("X.509 certificate", Base64.getDecoder().decode(certBody));
        pems.put("X.509 certificate", certPem);

        // The encodings are ones lcjwt really imports as public keys (the 1024-bit RSA key is
        // refused for its size, which is no reason to take it as a secret).
        for (Map.Entry<String, String> e : pems.entrySet()) {
            if (!e.getKey().contains("1024")) {
                JwtPublicKey.fromPem(e.getValue()).close();
            }
        }

        List<String> accepted = new ArrayList<>();
        for (Map.Entry<String, byte[]> der : ders.entrySet()) {
            for (Map.Entry<String, UnaryOperator<byte[]>> spelling : SPELLINGS.entrySet()) {
                byte[] candidate = spelling.getValue().apply(der.getValue());
                try (JwtSecretKey k = JwtSecretKey.of(candidate)) {
                    accepted.add(der.getKey() + " as " + spelling.getKey() + " (" + k + ")");
                } catch (InvalidJwtKeyException expected) {
                    if (!expected.getMessage().contains("look like")) {
                        accepted.add(der.getKey() + " as " + spelling.getKey() + ": wrong reason: " + expected.getMessage());
                    }
                }
            }
        }
        assertEquals(List.of(), accepted);
    }

    @Test
    void randomSecretsInAnySpellingAreStillAccepted() {
        SecureRandom random = new SecureRandom();
        List<String> refused = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            byte[] secret = new byte[32 + random.nextInt(64)];
            random.nextBytes(secret);
            secret[0] = 0x30; // starts like DER, as one random secret in 256 does
            for (Map.Entry<String, UnaryOperator<byte[]>> spelling : SPELLINGS.entrySet()) {
                try (JwtSecretKey k = JwtSecretKey.of(spelling.getValue().apply(secret))) {
                    assertEquals(Algorithm.HS256, k.supports(Algorithm.HS256) ? Algorithm.HS256 : null);
                } catch (InvalidJwtKeyException e) {
                    refused.add(spelling.getKey() + " of " + new BigInteger(1, secret).toString(16) + ": " + e.getMessage());
                }
            }
        }
        assertEquals(List.of(), refused);
    }
}
