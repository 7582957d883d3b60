package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The claims JSON reader against RFC 8259, one row per trap: whatever a lenient parser would
 * accept must be a MalformedJwtException here, into a Map and into a record alike.
 */
class ClaimsJsonStrictnessTest {

    record Claims(String sub, long exp, Map<String, Object> x) {}

    static final String BASE = "\"aud\":\"my-api\",\"exp\":1700003600";

    @ParameterizedTest
    @ValueSource(strings = {
        "{" + BASE + ",\"n\":01}", "{" + BASE + ",\"n\":1.}", "{" + BASE + ",\"n\":.5}", "{" + BASE + ",\"n\":+1}",
        "{" + BASE + ",\"n\":-}", "{" + BASE + ",\"n\":1e}", "{" + BASE + ",\"n\":0x10}", "{" + BASE + ",}",
        "{" + BASE + ",\"a\":[1,]}", "{" + BASE + ",\"a\":[,1]}", "{" + BASE + " /* c */}", "{'aud':'my-api'}",
        "{" + BASE + ",\"s\":\"tab\there\"}", "{" + BASE + ",\"s\":\"\\x41\"}", "{" + BASE + ",\"s\":\"\\u12\"}",
        "{" + BASE + ",\"a\":1,\"\\u0061\":2}", "{" + BASE + ",\"x\":{\"k\":1,\"k\":2}}",
        "{" + BASE + ",\"skip\":[{\"k\":1,\"k\":2}]}", "{" + BASE + ",\"x\":{\"k\":1,\"\\u006b\":2}}",
        "{" + BASE + ",\"s\":\"open", "{" + BASE, "{" + BASE + ",\"t\":tru}", "{" + BASE + ",\"t\":nul}",
        "{" + BASE + ",\"n\":" + "11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111" + "}", "{" + BASE + ",\"a\" 1}", "{" + BASE + " \"b\":1}",
        "{" + BASE + "}}", "{\"aud\":\"my-api\",\"aud\":\"my-api\",\"exp\":1700003600}",
        // in a string that ends the document, where the string scan goes byte by byte
        "{" + BASE + ",\"sub\":\"a\u0001\"}", "{" + BASE + ",\"sub\":\"\u001f\"}", "{" + BASE + ",\"sub\":\"a\\q\"}",
        "{" + BASE + ",\"sub\":\"ab\"", "{" + BASE + ",\"sub\":\"a\u007f\"}x",
    })
    void lenientJsonIsRefused(String payload) {
        String token = TestTokens.hs256(payload);
        JwtVerifier v = TestTokens.verifier();
        assertInstanceOf(MalformedJwtException.class, assertThrows(JwtException.class, () -> v.decode(token)), payload);
        assertInstanceOf(MalformedJwtException.class, assertThrows(JwtException.class, () -> v.decode(token, Claims.class)), payload);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{ \"aud\" : \"my-api\" ,\n\t\"exp\" : 1700003600 , \"n\" : -0.5e-3 , \"e\" : \"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\" }",
        "{" + BASE + ",\"big\":123456789012345678901234567890,\"neg\":-9223372036854775808,\"x\":{}}",
        "{" + BASE + ",\"a\":[],\"o\":{\"a\":[{},[]]},\"\\u0062\":1}",
    })
    void strictJsonIsAccepted(String payload) {
        Map<String, Object> m = TestTokens.verifier().decode(TestTokens.hs256(payload));
        assertEquals("my-api", m.get("aud"));
        assertEquals(1700003600L, m.get("exp"));
    }

    record Named(String sub, String name, Map<String, Object> x) {}

    /** A token whose payload is exactly these bytes. */
    private static String hs256Bytes(byte[] payload) {
        return TestTokens.hsRaw("HS256", TestTokens.b64("{\"alg\":\"HS256\"}"), TestTokens.b64(payload), TestTokens.KEY);
    }

    private static byte[] concat(String before, byte[] middle, String after) {
        byte[] a = before.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] c = after.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] out = new byte[a.length + middle.length + c.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(middle, 0, out, a.length, middle.length);
        System.arraycopy(c, 0, out, a.length + middle.length, c.length);
        return out;
    }

    /**
     * Non-ASCII text is only checked inside the strings that hold it: valid UTF-8 (two, three and
     * four bytes, in values, names, skipped values and beside escapes) reads back exactly, into a
     * record and a Map.
     */
    @org.junit.jupiter.api.Test
    void utf8IsReadWhereverStringsAre() {
        String json = "{" + BASE + ",\"sub\":\"Zo\u00eb \u6771\u4eac \ud83d\ude00\",\"name\":\"caf\u00e9\\n\u00e9t\u00e9\","
                + "\"x\":{\"cl\u00e9\":\"\u00fcber\",\"\u6771\":[\"\u00e9\",{\"k\":\"\ud83d\ude00\"}]},"
                + "\"skipped\":[\"\u00e9\\u00e9\",\"\u6771\"]}";
        String token = hs256Bytes(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        JwtVerifier v = TestTokens.verifier();
        Named n = v.decode(token, Named.class);
        assertEquals("Zo\u00eb \u6771\u4eac \ud83d\ude00", n.sub());
        assertEquals("caf\u00e9\n\u00e9t\u00e9", n.name());
        assertEquals("\u00fcber", n.x().get("cl\u00e9"));
        assertEquals(java.util.List.of("\u00e9", Map.of("k", "\ud83d\ude00")), n.x().get("\u6771"));
        Map<String, Object> m = v.decode(token);
        assertEquals(java.util.List.of("\u00e9\u00e9", "\u6771"), m.get("skipped"));
        assertEquals(n.sub(), m.get("sub"));
    }

    /**
     * Bytes that are not UTF-8, wherever they stand: in a bound value, a name, a skipped value, a
     * string with escapes, a nested object, at a string's end, and outside any string.
     */
    @org.junit.jupiter.api.Test
    void invalidUtf8IsRefusedWhereverItStands() {
        byte[][] bad = {
            {(byte) 0xC3},                         // truncated two-byte sequence
            {(byte) 0xC3, 'x'},                    // lead byte without its continuation
            {(byte) 0xA9},                         // lone continuation byte
            {(byte) 0xC0, (byte) 0xAF},            // overlong '/'
            {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, // overlong, three bytes
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // an encoded surrogate
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
            {(byte) 0xFF},
        };
        JwtVerifier v = TestTokens.verifier();
        for (byte[] b : bad) {
            String[][] places = {
                {"{" + BASE + ",\"sub\":\"a", "\"}"},              // bound to a record component
                {"{" + BASE + ",\"skip\":\"", "\"}"},               // a value nobody reads
                {"{" + BASE + ",\"", "\":1}"},                        // a name
                {"{" + BASE + ",\"sub\":\"\\n", "\\t\"}"},          // beside escapes
                {"{" + BASE + ",\"x\":{\"k\":[\"", "\"]}}"},           // nested
                {"{" + BASE + ",\"skip\":[\"ok\",\"", "\"]}"},         // a skipped array element
                {"{" + BASE + ",\"n\":1", "}"},                       // outside any string
                {"{" + BASE + "}", ""},                               // after the object
                {"{" + BASE + "} ", " "},                             // after it, between spaces
            };
            for (String[] place : places) {
                String token = hs256Bytes(concat(place[0], b, place[1]));
                String where = place[0] + " + " + java.util.HexFormat.of().formatHex(b);
                assertThrows(MalformedJwtException.class, () -> v.decode(token, Claims.class), where);
                assertThrows(MalformedJwtException.class, () -> v.decode(token), where);
            }
        }
    }

    /** Objects of many members (past the bloom filter, into the hashed check) at every level. */
    @org.junit.jupiter.api.Test
    void duplicatesAreFoundInObjectsOfThousandsOfMembers() {
        JwtVerifier v = TestTokens.verifier();
        for (int n : new int[] {15, 16, 17, 100, 2000}) {
            StringBuilder members = new StringBuilder();
            for (int i = 0; i < n; i++) {
                members.append(",\"m").append(i).append("\":").append(i);
            }
            String many = members.substring(1);
            Map<String, Object> ok = v.decode(TestTokens.hs256("{" + BASE + "," + many + ",\"x\":{" + many + "}}"));
            assertEquals(n + 3, ok.size(), "every member read");
            assertEquals(n, ((Map<?, ?>) ok.get("x")).size());
            for (String dup : new String[] {
                "{" + BASE + "," + many + ",\"m0\":1}",                                // the first name again, at the end
                "{" + BASE + "," + many + ",\"m" + (n - 1) + "\":1}",                  // the last name again
                "{" + BASE + ",\"x\":{" + many + ",\"m" + n / 2 + "\":1}}",          // nested
                "{" + BASE + "," + many + ",\"\\u006d0\":1}",                       // escaped spelling of m0
                "{\"\\u0061ud\":\"my-api\"," + many + ",\"exp\":1700003600,\"aud\":\"x\"}", // escaped first, plain later
            }) {
                assertInstanceOf(MalformedJwtException.class,
                        assertThrows(JwtException.class, () -> v.decode(TestTokens.hs256(dup))), n + " members: " + dup.substring(0, 40));
                assertInstanceOf(MalformedJwtException.class,
                        assertThrows(JwtException.class, () -> v.decode(TestTokens.hs256(dup), Claims.class)), n + " members");
            }
        }
    }
    /**
     * Reading into a record or bean, the names the type or the policy knows are checked for
     * repeats by the claims reader and all other names by the cursor. Every kind of name is
     * repeated here, plainly and in escaped spellings, first and second, with other members
     * between, including names past the reader's 64-name bit set (60 required claims).
     */
    @org.junit.jupiter.api.Test
    void duplicatesAreFoundWhicheverSideChecksTheName() {
        String[] required = new String[60];
        StringBuilder requiredMembers = new StringBuilder();
        for (int i = 0; i < required.length; i++) {
            required[i] = "r" + i;
            requiredMembers.append(",\"r").append(i).append("\":").append(i);
        }
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.KEY)) {
            JwtVerifier plain = TestTokens.verifier();
            JwtVerifier strict = TestTokens.builder(key).algorithms(Algorithm.HS256).audience(TestTokens.AUD)
                    .requireClaims(required).clock(TestTokens.CLOCK).build();
            // names of the record, registered claims, a required claim, and names nobody declared
            List<String[]> cases = new ArrayList<>(List.of(new String[][] {
                {"sub", "\"s\""}, {"exp", "1700003600"}, {"aud", "\"my-api\""}, {"iat", "1"}, {"jti", "\"j\""},
                {"x", "{}"}, {"unknown", "[1]"}, {"a-much-longer-unknown-name", "null"},
            }));
            for (int i = 0; i < required.length; i++) { // every one, so those past the bit set are among them
                cases.add(new String[] {required[i], String.valueOf(i)});
            }
            for (String[] c : cases) {
                String name = c[0];
                String escaped = "\\u00" + Integer.toHexString(name.charAt(0)) + name.substring(1);
                for (String[] pair : new String[][] {{name, name}, {escaped, name}, {name, escaped}, {escaped, escaped}}) {
                    String first = "\"" + pair[0] + "\":" + c[1];
                    String second = "\"" + pair[1] + "\":" + c[1];
                    String members = BASE + requiredMembers;
                    if (name.equals("exp") || name.equals("aud") || name.matches("r\\d+")) {
                        // already in BASE or the required members: remove the first copy there
                        members = members.replaceFirst("\"" + name + "\":[^,]*,?", "");
                        members = members.endsWith(",") ? members.substring(0, members.length() - 1) : members;
                    }
                    String dup = "{" + first + "," + members + "," + second + "}";
                    for (JwtVerifier v : new JwtVerifier[] {plain, strict}) {
                        assertInstanceOf(MalformedJwtException.class,
                                assertThrows(JwtException.class, () -> v.decode(TestTokens.hs256(dup), Claims.class)), dup);
                        assertInstanceOf(MalformedJwtException.class, assertThrows(JwtException.class,
                                () -> v.decode(TestTokens.hs256(dup), RoundTripTest.Bean.class)), dup);
                        assertInstanceOf(MalformedJwtException.class,
                                assertThrows(JwtException.class, () -> v.decode(TestTokens.hs256(dup))), dup);
                    }
                    // the same members once each are accepted, so the refusal above is the repeat's
                    String once = "{" + first + "," + members + "}";
                    assertEquals(Claims.class, strict.decode(TestTokens.hs256(once), Claims.class).getClass(), once);
                }
            }
        }
    }
}
