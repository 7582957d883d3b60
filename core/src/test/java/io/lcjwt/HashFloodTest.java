package io.lcjwt;

import io.lcjwt.internal.codec.JsonCursor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hash flooding (issue #20, finding 1): member names chosen to collide in the duplicate check's
 * table must not make reading a JSON object cost more than linear time. Work is counted, not
 * timed: {@link JsonCursor#tableWork()} is every table slot the duplicate checks visited or
 * cleared. Each crafted document is read the way {@code HeaderParser.readObject} reads headers,
 * {@link Unverified}'s claims and JWK sets, and must cost at most 3x as much per name as a
 * document of the same size with random names.
 */
class HashFloodTest {

    /** Printable characters a name may hold unescaped, quote and backslash left out. */
    private static final String PRINTABLE;

    static {
        StringBuilder sb = new StringBuilder();
        for (char c = '!'; c <= '~'; c++) {
            if (c != '"' && c != '\\') {
                sb.append(c);
            }
        }
        PRINTABLE = sb.toString();
    }

    /** {@code "!!","!#",...}: the first {@code n} two-character names, which h*31+b packs into one run of slots. */
    static List<String> twoCharNames(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < PRINTABLE.length() && out.size() < n; i++) {
            for (int j = 0; j < PRINTABLE.length() && out.size() < n; j++) {
                out.add("" + PRINTABLE.charAt(i) + PRINTABLE.charAt(j));
            }
        }
        return out;
    }

    /**
     * Twelve-character names equal under h*31+b: six two-character blocks, each block any of the
     * pairs (a, b) with the same 31a + b, so every group of 3^6 names has one hash.
     */
    static List<String> equalUnder31(int n) {
        List<List<String>> classes = new ArrayList<>();
        for (int v = 0; v < 200 * 31; v++) {
            List<String> pairs = new ArrayList<>();
            for (char a : PRINTABLE.toCharArray()) {
                int b = v - 31 * a;
                if (b >= 0 && b < 128 && PRINTABLE.indexOf(b) >= 0) {
                    pairs.add("" + a + (char) b);
                }
            }
            if (pairs.size() >= 3) {
                classes.add(pairs);
            }
        }
        List<String> out = new ArrayList<>();
        for (int g = 0; out.size() < n; g++) {
            List<String> first = classes.get(g);
            List<String> rest = classes.get(classes.size() / 2);
            for (int m = 0; m < 729 && out.size() < n; m++) {
                StringBuilder name = new StringBuilder(first.get(m % 3));
                for (int k = 1, x = m / 3; k < 6; k++, x /= 3) {
                    name.append(rest.get(x % 3));
                }
                out.add(name.toString());
            }
        }
        return out;
    }

    /** Distinct random names of four lower-case letters, enough that {@code members} reaches {@code bytes}. */
    static List<String> randomNames(long seed, String before, String after, int bytes) {
        Random r = new Random(seed);
        Set<String> names = new LinkedHashSet<>();
        int size = before.length() + after.length();
        while (size < bytes) {
            char[] c = new char[4];
            for (int i = 0; i < 4; i++) {
                c[i] = (char) ('a' + r.nextInt(26));
            }
            if (names.add(new String(c))) {
                size += 9; // "abcd":0,
            }
        }
        return new ArrayList<>(names);
    }

    static String members(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (String n : names) {
            if (!sb.isEmpty()) {
                sb.append(',');
            }
            sb.append('"').append(n).append("\":0");
        }
        return sb.toString();
    }

    /** A document {@code before + names + after}, and one of the same size with random names. */
    static Arguments pair(String attack, String before, List<String> names, String after) {
        String crafted = before + members(names) + after;
        String random = before + members(randomNames(attack.hashCode(), before, after, crafted.length())) + after;
        return Arguments.of(attack, crafted, random);
    }

    static String jwkSetOf(List<String> names, int keys) {
        StringBuilder sb = new StringBuilder("{\"keys\":[");
        for (int k = 0; k < keys; k++) {
            sb.append(k == 0 ? "" : ",").append("{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"k").append(k)
                    .append("\",").append(members(names)).append('}');
        }
        return sb.append("]}").toString();
    }

    /** Many objects of 17 members (each just past the switch to a table), optionally after one very large one. */
    static String smallObjects(String first, int bytes) {
        StringBuilder sb = new StringBuilder("{").append(first);
        List<String> seventeen = twoCharNames(17);
        for (int i = 0; sb.length() < bytes; i++) {
            sb.append(sb.length() == 1 ? "" : ",").append("\"s").append(i).append("\":{").append(members(seventeen)).append('}');
        }
        return sb.append('}').toString();
    }

    static Stream<Arguments> floods() {
        String big = "\"big\":{" + members(randomNames(7, "", "", 40_000)) + "}";
        String afterBig = smallObjects(big, 56_000);
        return Stream.of(
                pair("header: 6,000 two-character names", "{\"alg\":\"HS256\",", twoCharNames(6000), "}"),
                pair("header: 12-character names equal under h*31+b", "{\"alg\":\"HS256\",", equalUnder31(3300), "}"),
                pair("Unverified claims: two-character names in a nested object", "{\"sub\":\"x\",\"ext\":{",
                        twoCharNames(8000), "}}"),
                Arguments.of("JWK set: six keys of 6,000 two-character names (248 KB)",
                        jwkSetOf(twoCharNames(6000), 6),
                        "{\"keys\":[" + String.join(",", java.util.stream.IntStream.range(0, 6).mapToObj(k ->
                                "{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"k" + k + "\","
                                        + members(randomNames(k, "", "", 6000 * 7)) + "}").toList()) + "]}"),
                Arguments.of("small objects after one of 4,400 members (a stale large table)", afterBig,
                        smallObjects("", afterBig.length())));
    }

    /** Table work per name checked through a table, reading {@code json} as lcjwt reads headers and JWK sets. */
    static double workPerName(String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        JsonCursor c = new JsonCursor().openObject(b, 0, b.length, "test document");
        c.readNatural();
        c.endDocument();
        assertTrue(c.tableNames() > 0, "the document must reach the name table");
        return (double) c.tableWork() / c.tableNames();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("floods")
    void craftedNamesCostAtMostThreeTimesRandomOnes(String attack, String crafted, String random) {
        assertTrue(Math.abs(crafted.length() - random.length()) < crafted.length() / 50, "same size");
        double craftedWork = workPerName(crafted);
        double randomWork = workPerName(random);
        assertTrue(craftedWork <= 3 * randomWork, attack + ": " + craftedWork + " slots per name against "
                + randomWork + " for random names");
    }

    @Test
    void theCrossOverAndGrowthKeepWorkPerNameSmall() {
        // an object just past the switch to a table, and one far past several growths
        for (int n : new int[] {17, 33, 1000, 20_000}) {
            String doc = "{" + members(randomNames(n, "", "", n * 9)) + "}";
            double w = workPerName(doc);
            assertTrue(w <= 8, n + " names: " + w + " slots per name");
        }
    }

    // ---- the caps --------------------------------------------------------------------------------

    private static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void unverifiedRefusesWhatAVerifierRefusesBySize() {
        String claims = "{" + members(twoCharNames(8000)) + "," + members(equalUnder31(14_000)) + "}"; // 300 KB
        String huge = b64("{\"alg\":\"HS256\"}") + "." + b64(claims) + ".c2ln";
        for (var read : List.<java.util.function.Consumer<String>>of(Unverified::header, Unverified::claims)) {
            MalformedJwtException e = assertThrows(MalformedJwtException.class, () -> read.accept(huge));
            assertTrue(e.getMessage().contains("cap of 65536 bytes"), e.getMessage());
        }
        String header = "{\"alg\":\"HS256\"," + members(twoCharNames(6000)) + "}";
        String under = b64(header) + "." + b64("{\"sub\":\"x\"}") + ".c2ln";
        assertTrue(under.length() <= 65536, "the 56 KB flood fits under the cap");
        assertEquals(6001, Unverified.header(under).parameters().size(), "a token under the cap is still read");
    }

    private static String ecJwk() {
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("real")) {
            String set = JwkSet.of(k).toJson();
            return set.substring("{\"keys\":[".length(), set.length() - 2);
        }
    }

    private static String withJunk(String jwk, int extra) {
        return jwk.substring(0, jwk.length() - 1) + "," + members(twoCharNames(extra)) + "}";
    }

    @Test
    void aJwkSetHasAtMost100Keys() {
        String unusable = "{\"kty\":\"EC\",\"use\":\"enc\"}";
        String hundred = "{\"keys\":[" + String.join(",", java.util.Collections.nCopies(100, unusable)) + "]}";
        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parseLenient(hundred));
        assertTrue(e.getMessage().contains("(100 skipped; the first: "), "100 keys are read: " + e.getMessage());

        String many = "{\"keys\":[" + String.join(",", java.util.Collections.nCopies(101, unusable)) + "]}";
        for (var parse : List.<java.util.function.Function<String, JwkSet>>of(JwkSet::parse, JwkSet::parseLenient)) {
            e = assertThrows(InvalidJwtKeyException.class, () -> parse.apply(many));
            assertEquals("The JWK set has 101 keys; lcjwt reads at most 100.", e.getMessage());
        }
    }

    @Test
    void aJwkHasAtMost64Members() {
        String jwk = ecJwk();
        int members = ((Map<?, ?>) io.lcjwt.internal.keys.Jwk.readObject(jwk)).size();
        String full = withJunk(jwk, 64 - members);
        assertEquals(1, JwkSet.parseLenient("{\"keys\":[" + full + "]}").keys().size(), "64 members are read");

        String flood = "{\"keys\":[" + jwk + "," + withJunk(jwk, 6000) + "]}";
        InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwkSet.parse(flood));
        assertEquals("Key #2 of the JWK set has " + (members + 6000) + " members; lcjwt reads at most 64 per key.",
                e.getMessage());
        // A fetched set skips that key unread and keeps the other.
        JwkSet lenient = JwkSet.parseLenient(flood);
        assertEquals(1, lenient.keys().size());
        assertEquals("it has " + (members + 6000) + " members; lcjwt reads at most 64 per key",
                lenient.skippedKeys().get(0).reason());
    }
}
