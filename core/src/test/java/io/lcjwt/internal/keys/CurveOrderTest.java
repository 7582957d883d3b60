package io.lcjwt.internal.keys;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.spec.ECFieldFp;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.util.HexFormat;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The group orders {@link Curve} carries as constants (they bound ECDSA's r and s, and a private
 * scalar) are the loaded libcrypto's, and, for the curves the JDK still has, the JDK's. So are the
 * primes and coefficients of the on-curve check that EC public keys pass on import.
 */
class CurveOrderTest {

    /** The JDK's names for the curves it knows; it dropped secp256k1. */
    private static final Map<Curve, String> JDK_NAMES = Map.of(
            Curve.P256, "secp256r1", Curve.P384, "secp384r1", Curve.P521, "secp521r1");

    @ParameterizedTest
    @EnumSource(Curve.class)
    void theOrderIsLibcryptos(Curve curve) {
        Backend.get();
        MemorySegment key = libcrypto_h.EC_KEY_new_by_curve_name(curve.nid);
        assertNotEquals(MemorySegment.NULL, key, "libcrypto knows " + curve.jwkName);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment bn = libcrypto_h.EC_GROUP_get0_order(libcrypto_h.EC_KEY_get0_group(key));
            MemorySegment out = arena.allocate(curve.coordBytes);
            assertEquals(curve.coordBytes, libcrypto_h.BN_bn2binpad(bn, out, curve.coordBytes));
            assertEquals(HexFormat.of().formatHex(out.toArray(ValueLayout.JAVA_BYTE)), HexFormat.of().formatHex(curve.order()));
        } finally {
            libcrypto_h.EC_KEY_free(key);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Curve.class, names = {"P256", "P384", "P521"})
    void theOrderIsTheJdks(Curve curve) throws Exception {
        AlgorithmParameters params = AlgorithmParameters.getInstance("EC");
        params.init(new ECGenParameterSpec(JDK_NAMES.get(curve)));
        BigInteger n = params.getParameterSpec(ECParameterSpec.class).getOrder();
        assertEquals(n, new BigInteger(1, curve.order()));
        assertEquals(curve.coordBytes, curve.order().length);
    }

    @ParameterizedTest
    @EnumSource(value = Curve.class, names = {"P256", "P384", "P521"})
    void theFieldAndTheCoefficientsAreTheJdks(Curve curve) throws Exception {
        AlgorithmParameters params = AlgorithmParameters.getInstance("EC");
        params.init(new ECGenParameterSpec(JDK_NAMES.get(curve)));
        java.security.spec.EllipticCurve c = params.getParameterSpec(ECParameterSpec.class).getCurve();
        BigInteger p = ((ECFieldFp) c.getField()).getP();
        assertEquals(p, curve.prime());
        assertEquals(c.getA(), curve.a().mod(p));
        assertEquals(c.getB(), curve.b());
        java.security.spec.ECPoint g = params.getParameterSpec(ECParameterSpec.class).getGenerator();
        assertTrue(curve.hasPoint(Jwk.fixed(g.getAffineX(), curve.coordBytes), Jwk.fixed(g.getAffineY(), curve.coordBytes)),
                "the generator is on the curve");
    }

    /**
     * Points libcrypto makes (secp256k1 too, which the JDK dropped) pass the check; the same point
     * with y + 1, or with x + p where the coordinate has room for it, does not.
     */
    @ParameterizedTest
    @EnumSource(Curve.class)
    void libcryptosPointsAreOnTheCurveAndTheirNeighboursAreNot(Curve curve) {
        for (int i = 0; i < 8; i++) {
            KeyFactory.PrivateParts parts = KeyFactory.generate(curve.algorithm, 0, null);
            try {
                byte[] x = parts.pub().x();
                byte[] y = parts.pub().y();
                assertTrue(curve.hasPoint(x, y), curve.jwkName + " point " + i);
                BigInteger yPlusOne = new BigInteger(1, y).add(BigInteger.ONE).mod(curve.prime());
                assertFalse(curve.hasPoint(x, Jwk.fixed(yPlusOne, curve.coordBytes)), "y + 1");
                BigInteger xPlusP = new BigInteger(1, x).add(curve.prime());
                if (xPlusP.bitLength() <= 8 * curve.coordBytes) {
                    assertFalse(curve.hasPoint(Jwk.fixed(xPlusP, curve.coordBytes), y), "x + p is not a field element");
                }
            } finally {
                parts.key().close();
            }
        }
    }
}
