package io.lcjwt.internal.keys;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.security.KeyPairGenerator;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Ed25519Points decides at import whether a public key is canonical, on the curve and not of
 * small order. Its decoding is a Legendre symbol and its identity test needs no inversion; this
 * test holds every verdict to a textbook reference written the long way
 * (x^2 = u / v by an inversion, a square root by Euler's exponent, 8P in affine coordinates),
 * over the eight points of small order in every encoding, the non-canonical encodings, keys the
 * JDK makes, and random encodings (about half of which are not points).
 */
class Ed25519PointsTest {

    private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger D = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
    private static final BigInteger I = BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P);

    /** Whether the loaded libcrypto is an aws-lc with {@code ED25519_check_public_key}, a second oracle. */
    private static final boolean AWS_LC_CHECK = io.lcjwt.bindings.Backend.get().exports("ED25519_check_public_key");

    /** The reference: null when acceptable, else which of the three faults. */
    static String reference(byte[] key) {
        byte[] be = new byte[32];
        for (int i = 0; i < 32; i++) {
            be[i] = key[31 - i];
        }
        boolean sign = (be[0] & 0x80) != 0;
        be[0] &= 0x7F;
        BigInteger y = new BigInteger(1, be);
        if (y.compareTo(P) >= 0) {
            return "canonical";
        }
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger x2 = y2.subtract(BigInteger.ONE).multiply(D.multiply(y2).add(BigInteger.ONE).modInverse(P)).mod(P);
        BigInteger x = x2.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P);
        if (!x.multiply(x).mod(P).equals(x2)) {
            x = x.multiply(I).mod(P);
        }
        if (!x.multiply(x).mod(P).equals(x2)) {
            return "curve";
        }
        if (x.signum() == 0 && sign) {
            return "canonical";
        }
        if (x.testBit(0) != sign) {
            x = P.subtract(x);
        }
        BigInteger[] pt = {x, y};
        for (int i = 0; i < 3; i++) {
            pt = add(pt, pt);
        }
        return pt[0].signum() == 0 && pt[1].equals(BigInteger.ONE) ? "small order" : null;
    }

    /** Affine addition on -x^2 + y^2 = 1 + d x^2 y^2. */
    private static BigInteger[] add(BigInteger[] a, BigInteger[] b) {
        BigInteger t = D.multiply(a[0]).multiply(b[0]).multiply(a[1]).multiply(b[1]).mod(P);
        BigInteger x = a[0].multiply(b[1]).add(a[1].multiply(b[0]))
                .multiply(BigInteger.ONE.add(t).modInverse(P)).mod(P);
        BigInteger y = a[1].multiply(b[1]).add(a[0].multiply(b[0]))
                .multiply(BigInteger.ONE.subtract(t).mod(P).modInverse(P)).mod(P);
        return new BigInteger[] {x, y};
    }

    private static String verdict(byte[] key) {
        String problem = Ed25519Points.problem(key);
        if (problem == null) {
            return null;
        }
        for (String kind : new String[] {"canonical", "curve", "small order"}) {
            if (problem.contains(kind)) {
                return kind;
            }
        }
        return problem;
    }

    private static byte[] le(BigInteger y, boolean sign) {
        byte[] out = new byte[32];
        byte[] be = y.toByteArray();
        for (int i = 0; i < be.length && i < 32; i++) {
            out[i] = be[be.length - 1 - i];
        }
        if (sign) {
            out[31] |= (byte) 0x80;
        }
        return out;
    }

    @Test
    void everySmallOrderPointInEveryEncodingIsRefused() {
        // The y of the eight points of order 1, 2, 4 and 8: 1, -1, 0 and the two of order 8.
        BigInteger y8 = new BigInteger(1, reverse(HexFormat.of().parseHex(
                "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")));
        List<BigInteger> ys = List.of(BigInteger.ONE, P.subtract(BigInteger.ONE), BigInteger.ZERO, y8, P.subtract(y8));
        java.util.Set<String> smallOrder = new java.util.TreeSet<>();
        for (BigInteger y : ys) {
            for (boolean sign : new boolean[] {false, true}) {
                byte[] key = le(y, sign);
                String expected = reference(key);
                assertEquals(expected, verdict(key), HexFormat.of().formatHex(key));
                if ("small order".equals(expected)) {
                    smallOrder.add(HexFormat.of().formatHex(key));
                }
            }
        }
        // x = 0 for y = 1 and y = -1, so their sign-bit forms are non-canonical: 8 points remain,
        // all there are (the torsion subgroup has order 8), and exactly the ones Ed25519Points lists.
        assertEquals(8, smallOrder.size(), "the eight points of small order");
        java.util.Set<String> listed = new java.util.TreeSet<>();
        for (byte[] k : Ed25519Points.SMALL_ORDER) {
            listed.add(HexFormat.of().formatHex(k));
        }
        assertEquals(smallOrder, listed);
    }

    @Test
    void nonCanonicalEncodingsAreRefused() {
        for (int k = 0; k < 19; k++) { // y = p + k fits in 255 bits for k < 19
            for (boolean sign : new boolean[] {false, true}) {
                byte[] key = le(P.add(BigInteger.valueOf(k)), sign);
                assertEquals("canonical", reference(key));
                assertEquals("canonical", verdict(key), "y = p + " + k);
            }
        }
    }

    @Test
    void keysTheJdkMakesAreAccepted() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519");
        for (int i = 0; i < 200; i++) {
            byte[] spki = g.generateKeyPair().getPublic().getEncoded();
            byte[] key = java.util.Arrays.copyOfRange(spki, spki.length - 32, spki.length);
            assertNull(verdict(key), HexFormat.of().formatHex(key));
        }
    }

    @Test
    void randomEncodingsGetTheReferenceVerdict() {
        SplittableRandom random = new SplittableRandom(25519);
        List<String> kinds = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            byte[] key = new byte[32];
            random.nextBytes(key);
            String expected = reference(key);
            assertEquals(expected, verdict(key), HexFormat.of().formatHex(key));
            if (Ed25519Points.canonicalY(key)) {
                boolean decodes = Ed25519Points.decodes(key);
                assertEquals(!"curve".equals(expected), decodes, HexFormat.of().formatHex(key));
                if (AWS_LC_CHECK) {
                    // aws-lc's own point decoding, a second oracle where the loaded libcrypto has it
                    assertEquals(decodes, io.lcjwt.bindings.Evp.ed25519CheckPublicKey(
                            java.lang.foreign.MemorySegment.ofArray(key)) == 1, "aws-lc, " + HexFormat.of().formatHex(key));
                }
            }
            kinds.add(String.valueOf(expected));
        }
        // both outcomes were met many times, so the comparison was not one-sided
        assertEquals(true, kinds.stream().filter("null"::equals).count() > 1000, "points");
        assertEquals(true, kinds.stream().filter("curve"::equals).count() > 1000, "not points");
    }

    @Test
    void edgeValuesOfYDecodeAsTheReferenceSays() {
        List<BigInteger> ys = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                BigInteger.valueOf(3), BigInteger.TWO.pow(51).subtract(BigInteger.ONE), BigInteger.TWO.pow(51),
                BigInteger.TWO.pow(102), BigInteger.TWO.pow(204).add(BigInteger.ONE), BigInteger.TWO.pow(254),
                P.shiftRight(1), P.shiftRight(1).add(BigInteger.ONE)));
        for (int k = 1; k <= 40; k++) {
            ys.add(P.subtract(BigInteger.valueOf(k)));
        }
        int points = 0;
        for (BigInteger y : ys) {
            byte[] key = le(y, false);
            boolean expected = !"curve".equals(reference(key));
            assertEquals(expected, Ed25519Points.decodes(key), "y = " + y);
            points += expected ? 1 : 0;
        }
        assertEquals(true, points > 5 && points < ys.size() - 5, "both outcomes among the edge values: " + points);
    }

    @Test
    void limbArithmeticAgreesWithBigInteger() {
        SplittableRandom random = new SplittableRandom(2255);
        List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, P.subtract(BigInteger.ONE),
                P.subtract(BigInteger.TWO), BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(20)),
                BigInteger.TWO.pow(51).subtract(BigInteger.ONE), BigInteger.TWO.pow(204)));
        for (int i = 0; i < 500; i++) {
            byte[] b = new byte[32];
            random.nextBytes(b);
            values.add(new BigInteger(1, b).mod(P));
        }
        for (int i = 0; i < values.size(); i++) {
            BigInteger a = values.get(i);
            BigInteger b = values.get((i * 7 + 3) % values.size());
            long[] product = Ed25519Points.Fe.canonical(
                    Ed25519Points.Fe.mul(Ed25519Points.Fe.fromBigInteger(a), Ed25519Points.Fe.fromBigInteger(b)));
            assertEquals(a.multiply(b).mod(P), toBigInteger(product), a + " * " + b);
            long[] square = Ed25519Points.Fe.canonical(Ed25519Points.Fe.sq(Ed25519Points.Fe.fromBigInteger(a)));
            assertEquals(a.multiply(a).mod(P), toBigInteger(square), a + " squared");
            long[] less = Ed25519Points.Fe.canonical(Ed25519Points.Fe.subOne(Ed25519Points.Fe.fromBigInteger(a)));
            assertEquals(a.subtract(BigInteger.ONE).mod(P), toBigInteger(less), a + " - 1");
        }
    }

    /**
     * The binary Jacobi symbol against Euler's criterion in BigInteger: a^((p-1)/2) is 1 for a
     * square, p - 1 for a non-square, 0 for zero. Edge values (0, 1, p - 1, values with whole
     * zero words, small numbers with many factors of two) and random ones; both verdicts occur.
     */
    @Test
    void legendreSymbolAgreesWithEulersCriterion() {
        SplittableRandom random = new SplittableRandom(19);
        List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                BigInteger.valueOf(4), P.subtract(BigInteger.ONE), P.subtract(BigInteger.TWO),
                BigInteger.TWO.pow(64), BigInteger.TWO.pow(128).add(BigInteger.ONE), BigInteger.TWO.pow(254),
                BigInteger.TWO.pow(192).multiply(BigInteger.valueOf(3)), P.shiftRight(1)));
        for (int i = 0; i < 2000; i++) {
            byte[] b = new byte[32];
            random.nextBytes(b);
            values.add(new BigInteger(1, b).mod(P));
        }
        int squares = 0;
        int nonSquares = 0;
        for (BigInteger a : values) {
            BigInteger euler = a.modPow(P.shiftRight(1), P);
            int expected = euler.signum() == 0 ? 0 : euler.equals(BigInteger.ONE) ? 1 : -1;
            assertEquals(expected, Ed25519Points.legendre(Ed25519Points.Fe.fromBigInteger(a)), "(" + a + " | p)");
            squares += expected == 1 ? 1 : 0;
            nonSquares += expected == -1 ? 1 : 0;
        }
        assertEquals(true, squares > 900 && nonSquares > 900, squares + " squares, " + nonSquares + " non-squares");
    }

    private static BigInteger toBigInteger(long[] limbs) {
        BigInteger v = BigInteger.ZERO;
        for (int i = 4; i >= 0; i--) {
            v = v.shiftLeft(51).add(BigInteger.valueOf(limbs[i]));
        }
        return v;
    }

    private static byte[] reverse(byte[] b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = b[b.length - 1 - i];
        }
        return out;
    }
}
