package io.lcjwt.internal.keys;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link CurveField}'s Montgomery arithmetic and on-curve check against {@link BigInteger}'s:
 * products, reductions and sums of random and edge values, and the curve equation for random coordinates
 * (almost all off the curve) and for points built on it from random x (y a square root of
 * x^3 + ax + b, which every prime here, being 3 mod 4, gives by one exponentiation).
 */
class CurveFieldTest {

    private static final int ROUNDS = 3000;

    private static BigInteger r(Curve c) {
        return BigInteger.TWO.pow(64 * ((c.prime().bitLength() + 63) / 64));
    }

    private static long[] limbs(Curve c, BigInteger v) {
        return CurveField.limbs(v, (c.prime().bitLength() + 63) / 64);
    }

    private static List<BigInteger> values(Curve c, Random rnd) {
        BigInteger p = c.prime();
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                p.subtract(BigInteger.ONE), p.subtract(BigInteger.TWO), p.shiftRight(1), r(c).mod(p)));
        for (int i = 0; i < ROUNDS; i++) {
            v.add(new BigInteger(p.bitLength() + 8, rnd).mod(p));
        }
        return v;
    }

    @ParameterizedTest
    @EnumSource(Curve.class)
    void productsAndSumsAreBigIntegers(Curve c) {
        CurveField f = new CurveField(c.prime(), c.a(), c.b(), c.coordBytes);
        BigInteger p = c.prime();
        BigInteger rInv = r(c).modInverse(p);
        Random rnd = new Random(c.ordinal() + 7);
        List<BigInteger> vs = values(c, rnd);
        for (int i = 0; i < vs.size(); i++) {
            BigInteger u = vs.get(i);
            BigInteger v = vs.get((i * 31 + 5) % vs.size());
            assertArrayEquals(limbs(c, u.multiply(v).multiply(rInv).mod(p)), f.mul(limbs(c, u), limbs(c, v)), u + " * " + v);
            assertArrayEquals(limbs(c, u.add(v).mod(p)), f.add(limbs(c, u), limbs(c, v)), u + " + " + v);
            assertArrayEquals(limbs(c, u.multiply(rInv).mod(p)), f.redc(limbs(c, u)), u + " R^-1");
        }
    }

    @ParameterizedTest
    @EnumSource(Curve.class)
    void theCurveEquationIsBigIntegers(Curve c) {
        BigInteger p = c.prime();
        assertEquals(3, p.mod(BigInteger.valueOf(4)).intValue(), "square roots by one exponentiation");
        Random rnd = new Random(c.ordinal() + 11);
        int on = 0;
        for (BigInteger x : values(c, rnd)) {
            BigInteger rhs = x.pow(3).add(c.a().multiply(x)).add(c.b()).mod(p);
            BigInteger y = rhs.modPow(p.add(BigInteger.ONE).shiftRight(2), p);
            boolean square = y.multiply(y).mod(p).equals(rhs);
            byte[] xb = Jwk.fixed(x, c.coordBytes);
            assertEquals(square, c.hasPoint(xb, Jwk.fixed(y, c.coordBytes)), "x = " + x);
            if (square) {
                on++;
                assertTrue(c.hasPoint(xb, Jwk.fixed(p.subtract(y).mod(p), c.coordBytes)), "-y as well");
            }
            BigInteger other = new BigInteger(p.bitLength() + 8, rnd).mod(p);
            boolean expected = other.multiply(other).subtract(rhs).mod(p).signum() == 0;
            assertEquals(expected, c.hasPoint(xb, Jwk.fixed(other, c.coordBytes)), "a random y for x = " + x);
        }
        assertTrue(on > ROUNDS / 3, on + " of the x values had a point, where about half should");
    }
}
