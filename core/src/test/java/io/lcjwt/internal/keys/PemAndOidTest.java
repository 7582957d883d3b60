package io.lcjwt.internal.keys;

import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PEM text as people paste it, and the OIDs keys are read by. */
class PemAndOidTest {

    @Test
    void lineBreaksTabsAndBlanksInsideTheBase64AreSkipped() {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256); JwtPublicKey pub = k.publicKey()) {
            String pem = pub.toPem();
            String body = pem.substring(pem.indexOf('\n') + 1, pem.indexOf("-----END"));
            String messy = "-----BEGIN PUBLIC KEY-----\r\n\t" + body.replace("\n", " \r\n  ") + "-----END PUBLIC KEY-----\r\n";
            try (JwtPublicKey back = JwtPublicKey.fromPem(messy)) {
                assertArrayEquals(pub.toDer(), back.toDer());
            }
        }
    }

    @Test
    void aCharacterOutsideBase64IsRefusedEvenWhenItsLowByteWouldBeBase64() {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256); JwtPublicKey pub = k.publicKey()) {
            String pem = pub.toPem();
            int at = pem.indexOf('\n') + 5;
            // U+0141's low byte is 'A': cut to a byte, it would decode to another key. U+00E9 (a
            // Latin-1 letter) and U+0100 (low byte NUL) lie outside ASCII too.
            for (String bad : List.of("\u0141", "\u00e9", "\u0100", "*", "-")) {
                String text = pem.substring(0, at) + bad + pem.substring(at + 1);
                InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwtPublicKey.fromPem(text));
                assertTrue(e.getMessage().contains("is not valid base64"), e.getMessage());
            }
        }
    }

    @Test
    void aKnownOidReadsAsDecodingItWould() {
        for (String oid : List.of("1.2.840.10045.2.1", "1.2.840.10045.3.1.7", "1.2.840.113549.1.1.1", "1.3.101.112",
                "1.3.132.0.35", "2.16.840.1.101.3.4.3.18", "1.2.3.4.5.1000000")) {
            byte[] der = Der.encodeOid(oid);
            assertEquals(oid, Der.decodeOid(java.util.Arrays.copyOfRange(der, 2, der.length)));
        }
        assertThrows(InvalidJwtKeyException.class, () -> Der.decodeOid(new byte[0]));
    }
}
