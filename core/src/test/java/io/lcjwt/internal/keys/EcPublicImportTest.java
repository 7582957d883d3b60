package io.lcjwt.internal.keys;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.bindings.Backend;
import io.lcjwt.internal.crypto.AsymmetricKey;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECFieldFp;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * EC public keys are imported by {@code d2i_PUBKEY} on aws-lc and, on OpenSSL 3 (whose decoder
 * is many times slower), as a copy of the curve's template given the point. Both paths must give libcrypto the key the JDK
 * sees, and both must refuse a point off the curve and a coordinate not below the field prime.
 */
class EcPublicImportTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"secp256r1, P256", "secp384r1, P384", "secp521r1, P521"})
    void theImportedKeyIsTheJdksAndBadPointsAreRefused(String jcaName, Curve curve) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec(jcaName));
        ECPublicKey pub = (ECPublicKey) g.generateKeyPair().getPublic();
        byte[] spki = pub.getEncoded();

        AsymmetricKey key = KeyFactory.publicFromInfo(Spki.parse(spki), null, KeyUse.ANY);
        try {
            assertArrayEquals(spki, key.evp().spki(), "libcrypto holds the JDK's key");
            assertEquals(curve, key.info().curve());
        } finally {
            key.close();
        }

        int n = curve.coordBytes;
        byte[] offCurve = spki.clone();
        offCurve[offCurve.length - 1] ^= 1; // y changed: off the curve (y and p - y are the only two)
        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class,
                () -> KeyFactory.publicFromInfo(Spki.parse(offCurve), null, KeyUse.ANY));
        assertTrue(e.getMessage().contains("not on its curve"), e.getMessage());

        // x replaced by x + p: the same residue, so "on the curve" modulo p, but not a field element.
        // Only P-521's 66-byte coordinates have room for it (p is just under 2^256 and 2^384).
        BigInteger p = ((ECFieldFp) pub.getParams().getCurve().getField()).getP();
        BigInteger xPlusP = pub.getW().getAffineX().add(p);
        if (Jwk.unsigned(xPlusP).length <= n) {
            byte[] big = spki.clone();
            System.arraycopy(Jwk.fixed(xPlusP, n), 0, big, big.length - 2 * n, n);
            assertThrows(InvalidJwtKeyException.class,
                    () -> KeyFactory.publicFromInfo(Spki.parse(big), null, KeyUse.ANY).close());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"P-256, secp256r1"})
    void onlyOpenSslImportsFromThePoint(String group, String jcaName) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec(jcaName));
        byte[] spki = g.generateKeyPair().getPublic().getEncoded();
        byte[] point = Arrays.copyOfRange(spki, spki.length - 65, spki.length);
        Backend b = Backend.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, point);
            if (b.isAwsLc()) {
                assertThrows(UnsupportedOperationException.class, () -> b.ecPublicKeyFromPoint(group, p, 65));
            } else {
                MemorySegment pkey = b.ecPublicKeyFromPoint(group, p, 65);
                assertTrue(!pkey.equals(MemorySegment.NULL), "OpenSSL made the key");
                io.lcjwt.bindings.libcrypto.libcrypto_h.EVP_PKEY_free(pkey);
                assertEquals(MemorySegment.NULL, b.ecPublicKeyFromPoint(group, p, 64), "a truncated point");
                b.clearErrors();
            }
        }
    }
}
