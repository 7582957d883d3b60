package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
}
