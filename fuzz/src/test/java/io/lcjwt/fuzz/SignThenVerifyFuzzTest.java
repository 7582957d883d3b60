package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.JwtVerifier;
import org.junit.jupiter.api.Timeout;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The signer against the verifier (#20.5): the fuzz input describes a claims {@code Map} of
 * strings (any UTF-16 unit, unpaired surrogates included), numbers (longs, ints, big integers,
 * any double bit pattern), booleans, nulls, lists and nested maps, some nested very deep.
 *
 * <p>Oracle: {@code sign} refuses (with {@code IllegalArgumentException}, nothing else) exactly
 * when the claims hold what JSON or lcjwt's reader cannot take, judged independently here (NaN
 * and infinities, text the UTF-8 encoder cannot encode, integers over 100 digits, more than 32
 * levels of containers); otherwise the token verifies with the same key to equal claims.
 */
class SignThenVerifyFuzzTest {

    static final byte[] SECRET = "sign-then-verify fuzz secret, 32+ bytes".getBytes(StandardCharsets.US_ASCII);
    static final JwtSecretKey KEY = JwtSecretKey.of(SECRET);
    static final JwtSigner SIGNER = JwtSigner.builder(KEY).algorithm(Algorithm.HS256).build();
    static final JwtVerifier VERIFIER = JwtVerifier.builder(KEY).algorithms(Algorithm.HS256)
            .audience(FuzzKeys.AUDIENCE).clock(FuzzKeys.CLOCK).build();

    /** The reader's limit, counted as it does: the claims object is the first level. */
    static final int MAX_CONTAINERS = 32;

    @FuzzTest
    @Timeout(10)
    void signThenVerify(byte[] input) {
        check(claims(input));
    }

    /**
     * Hand-made inputs (SeedCorpus writes them): a plain member, an unpaired surrogate, 31 and 33
     * nested lists, NaN, a 114-digit integer, a nested map and list, a negative 8-byte long.
     */
    static final List<byte[]> SEEDS = List.of(
            bytes(2, 1, 65, 1, 66, 0, 3, 1, 65, 1, 66, 1, 67),
            bytes(1, 1, 75, 0, 1, 0, 0x00, 0xD8),
            bytes(1, 1, 65, 7, 31, 1, 130),
            bytes(1, 1, 65, 7, 33, 1, 130),
            bytes(0, 2, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0),
            concat(bytes(0, 9, 47), filled(47, 0xFF)),
            bytes(1, 1, 77, 6, 2, 1, 1, 65, 5, 3, 3, 1, 4, 0, 2, 0, 1, 0x3D, 0xD8, 0, 0x00, 0xDE, 1, 1, 66, 2, 0x40, 0x09,
                    0x21, 0xFB, 0x54, 0x44, 0x2D, 0x18),
            bytes(1, 1, 78, 129, 0x80, 0, 0, 0, 0, 0, 0, 0));

    private static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }

    private static byte[] filled(int n, int v) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) v);
        return b;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Signs {@code claims} and applies the oracle; returns whether the signer accepted them. */
    static boolean check(Map<String, Object> claims) {
        boolean refuse = refuse(claims, 1);
        String token;
        try {
            token = SIGNER.sign(claims);
        } catch (IllegalArgumentException e) {
            assertTrue(refuse, "the signer refused claims the verifier takes: " + e.getMessage());
            assertTrue(e.getMessage() != null && e.getMessage().contains("claims"), "the message names the member: " + e);
            return false;
        }
        if (refuse) {
            fail("the signer wrote claims the verifier must refuse: " + token);
        }
        same(claims, VERIFIER.decode(token), "$");
        return true;
    }

    /** The claims the input describes: aud and exp that the verifier accepts, then fuzzed members. */
    static Map<String, Object> claims(byte[] input) {
        Gen g = new Gen(input);
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("aud", FuzzKeys.AUDIENCE);
        claims.put("exp", FuzzKeys.NOW + 3600);
        while (g.more()) {
            // "x-" keeps fuzzed members away from the registered claims, whose rules are not the subject here.
            claims.put("x-" + g.string(), g.value(1));
        }
        return claims;
    }

    /** Reads claims out of fuzz bytes; past the end every byte reads as -1. */
    static final class Gen {
        private final byte[] in;
        private int pos;

        Gen(byte[] in) {
            this.in = in;
        }

        boolean more() {
            return pos < in.length;
        }

        int next() {
            return pos < in.length ? in[pos++] & 0xFF : -1;
        }

        int small(int bound) {
            return Math.floorMod(next(), bound);
        }

        long eight() {
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = v << 8 | (next() & 0xFF);
            }
            return v;
        }

        String string() {
            int n = small(12);
            StringBuilder sb = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                int a = next();
                int b = next();
                // mostly printable ASCII; else any UTF-16 unit, surrogates and controls included
                sb.append(a % 4 != 0 ? (char) (32 + Math.floorMod(b, 95)) : (char) ((next() & 0xFF) << 8 | (b & 0xFF)));
            }
            return sb.toString();
        }

        Object value(int depth) {
            int op = next();
            if (op < 0 || depth > 80) {
                return "end";
            }
            return switch (op % 10) {
                case 0 -> string();
                case 1 -> op >= 128 ? eight() : (long) (next() - 128);
                case 2 -> Double.longBitsToDouble(eight());
                case 3 -> (next() & 1) == 1;
                case 4 -> null;
                case 5 -> {
                    List<Object> l = new ArrayList<>();
                    for (int n = small(5); n > 0; n--) {
                        l.add(value(depth + 1));
                    }
                    yield l;
                }
                case 6 -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    for (int n = small(5); n > 0; n--) {
                        m.put(string(), value(depth + 1));
                    }
                    yield m;
                }
                case 7 -> {
                    int k = small(40);
                    Object v = value(depth + k);
                    for (int i = 0; i < k; i++) {
                        v = List.of(v == null ? "null" : v);
                    }
                    yield v;
                }
                case 8 -> (int) eight();
                default -> {
                    byte[] mag = new byte[small(48)];
                    for (int i = 0; i < mag.length; i++) {
                        mag[i] = (byte) next();
                    }
                    BigInteger b = new BigInteger(1, mag);
                    yield op >= 128 ? b.negate() : b;
                }
            };
        }
    }

    /** Whether lcjwt must refuse to sign {@code v} found at {@code containers} levels of nesting. */
    static boolean refuse(Object v, int containers) {
        if (v instanceof String s) {
            return !StandardCharsets.UTF_8.newEncoder().canEncode(s);
        }
        if (v instanceof Double d) {
            return d.isNaN() || d.isInfinite();
        }
        if (v instanceof BigInteger b) {
            return b.toString().length() > 100;
        }
        if (v instanceof List<?> l) {
            if (containers > MAX_CONTAINERS) {
                return true;
            }
            for (Object o : l) {
                if (refuse(o, containers + 1)) {
                    return true;
                }
            }
            return false;
        }
        if (v instanceof Map<?, ?> m) {
            if (containers > MAX_CONTAINERS) {
                return true;
            }
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (refuse(e.getKey(), containers) || refuse(e.getValue(), containers + 1)) {
                    return true;
                }
            }
            return false;
        }
        return false;
    }

    /** The claims signed against the claims verified: integers by value, doubles bit for bit. */
    static void same(Object expected, Object actual, String path) {
        if (expected == null) {
            assertEquals(null, actual, path);
        } else if (expected instanceof Map<?, ?> e) {
            assertTrue(actual instanceof Map<?, ?>, path + " is " + actual);
            Map<?, ?> a = (Map<?, ?>) actual;
            assertEquals(e.keySet(), a.keySet(), path);
            for (Map.Entry<?, ?> en : e.entrySet()) {
                same(en.getValue(), a.get(en.getKey()), path + "." + en.getKey());
            }
        } else if (expected instanceof List<?> e) {
            assertTrue(actual instanceof List<?>, path + " is " + actual);
            List<?> a = (List<?>) actual;
            assertEquals(e.size(), a.size(), path);
            for (int i = 0; i < e.size(); i++) {
                same(e.get(i), a.get(i), path + "[" + i + "]");
            }
        } else if (expected instanceof Double e) {
            assertEquals(e, actual, path);
        } else if (expected instanceof Number e) {
            assertTrue(actual instanceof Long || actual instanceof BigInteger, path + " is " + actual);
            assertEquals(new BigInteger(e.toString()), new BigInteger(actual.toString()), path);
        } else {
            assertEquals(expected, actual, path);
        }
    }
}
