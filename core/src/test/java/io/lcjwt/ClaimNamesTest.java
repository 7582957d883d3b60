package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.lcjwt.TestTokens.hs256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #16.1: claims whose names are not Java identifiers ({@code @Claim}), a naming rule for
 * snake_case issuers, and members that would share one claim refused when the class is first met.
 */
class ClaimNamesTest {

    static final String BASE = "\"aud\":\"my-api\",\"exp\":1700003600";

    static JwtVerifier verifier(ClaimNaming naming) {
        return TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
                .audience(TestTokens.AUD).clock(TestTokens.CLOCK).claimNaming(naming).build();
    }

    static JwtSigner signer(ClaimNaming naming) {
        return JwtSigner.builder(JwtSecretKey.of(TestTokens.KEY)).algorithm(Algorithm.HS256).claimNaming(naming).build();
    }

    static Map<String, Object> payload(JwtVerifier v, String token) {
        Map<String, Object> m = v.decode(token);
        m.remove("aud");
        m.remove("exp");
        return m;
    }

    // ---- the naming rule, member by member --------------------------------------------------------

    static Stream<Arguments> snakeCase() {
        return Stream.of(
                Arguments.of("preferredUsername", "preferred_username"),
                Arguments.of("emailVerified", "email_verified"),
                Arguments.of("jobWorkflowRef", "job_workflow_ref"),
                Arguments.of("repositoryOwnerId", "repository_owner_id"),
                Arguments.of("tenantID", "tenant_id"),
                Arguments.of("HTTPServer", "http_server"),
                Arguments.of("address2Line", "address2_line"),
                Arguments.of("x5t", "x5t"),
                Arguments.of("already_snake", "already_snake"),
                Arguments.of("sub", "sub"),
                Arguments.of("exp", "exp"));
    }

    /** One component per row of {@link #snakeCase()}. */
    record Snake(String aud, long exp, String preferredUsername, String emailVerified, String jobWorkflowRef,
            String repositoryOwnerId, String tenantID, String HTTPServer, String address2Line, String x5t,
            String already_snake, String sub) {}

    static String snakeToken() {
        StringBuilder json = new StringBuilder("{" + BASE);
        snakeCase().filter(row -> !row.get()[1].equals("exp")).forEach(row -> json.append(",\"").append(row.get()[1]).append("\":\"").append(row.get()[1]).append('"'));
        return hs256(json.append('}').toString());
    }

    /** Each claim holds its own name, so each row shows which claim its member read. */
    @ParameterizedTest
    @MethodSource
    void snakeCase(String member, String claim) throws Exception {
        if (member.equals("exp")) {
            assertEquals(1700003600L, verifier(ClaimNaming.SNAKE_CASE).decode(snakeToken(), Snake.class).exp());
            return;
        }
        java.lang.reflect.Method accessor = Snake.class.getDeclaredMethod(member);
        assertEquals(claim, accessor.invoke(verifier(ClaimNaming.SNAKE_CASE).decode(snakeToken(), Snake.class)), member);
        // IDENTITY reads the member's own name, which the token has only when the rule left it alone.
        assertEquals(claim.equals(member) ? claim : null,
                accessor.invoke(verifier(ClaimNaming.IDENTITY).decode(snakeToken(), Snake.class)), member);
        Map<String, Object> written = lenient(ClaimNaming.SNAKE_CASE).decode(signer(ClaimNaming.SNAKE_CASE)
                .sign(verifier(ClaimNaming.SNAKE_CASE).decode(snakeToken(), Snake.class)));
        assertEquals(claim, written.get(claim), "the signer writes " + member + " as " + claim);
    }

    /** No audience and no exp demanded: for payloads written from types that carry neither. */
    static JwtVerifier lenient(ClaimNaming naming) {
        return TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
                .anyAudience().allowMissingExpiration().clock(TestTokens.CLOCK).claimNaming(naming).build();
    }

    // ---- @Claim on records and beans, read and written ---------------------------------------------

    record Cognito(String sub, @Claim("cognito:groups") List<String> groups, @Claim("custom:tenant") String tenant,
            @Claim("https://example.com/roles") List<String> roles, String tokenUse) {}

    public static class CognitoBean {
        private List<String> groups;
        @Claim("custom:tenant")
        private String tenant;
        private List<String> roles;
        private String tokenUse;

        @Claim("cognito:groups")
        public List<String> getGroups() {
            return groups;
        }

        public void setGroups(List<String> groups) {
            this.groups = groups;
        }

        public String getTenant() {
            return tenant;
        }

        public void setTenant(String tenant) {
            this.tenant = tenant;
        }

        public List<String> getRoles() {
            return roles;
        }

        @Claim("https://example.com/roles")
        public void setRoles(List<String> roles) {
            this.roles = roles;
        }

        public String getTokenUse() {
            return tokenUse;
        }

        public void setTokenUse(String tokenUse) {
            this.tokenUse = tokenUse;
        }
    }

    /** The annotation names the claim, on a record component and on any of a bean's setter, getter or field; the rule does the rest. */
    @Test
    void annotatedNamesAreReadAndWrittenAndWinOverTheRule() {
        String json = "{" + BASE + ",\"sub\":\"u1\",\"cognito:groups\":[\"admin\",\"dev\"],\"custom:tenant\":\"acme\","
                + "\"https:\\/\\/example.com\\/roles\":[\"r\"],\"token_use\":\"id\",\"groups\":[\"not-these\"]}";
        JwtVerifier v = verifier(ClaimNaming.SNAKE_CASE);
        Cognito c = v.decode(hs256(json), Cognito.class);
        assertEquals(new Cognito("u1", List.of("admin", "dev"), "acme", List.of("r"), "id"), c);
        CognitoBean b = v.decode(hs256(json), CognitoBean.class);
        assertEquals(List.of("admin", "dev"), b.getGroups());
        assertEquals("acme", b.getTenant());
        assertEquals(List.of("r"), b.getRoles());
        assertEquals("id", b.getTokenUse());

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("sub", "u1");
        expected.put("cognito:groups", List.of("admin", "dev"));
        expected.put("custom:tenant", "acme");
        expected.put("https://example.com/roles", List.of("r"));
        expected.put("token_use", "id");
        JwtSigner s = signer(ClaimNaming.SNAKE_CASE);
        assertEquals(expected, payload(v, s.sign(withBase(c))));
        assertEquals(c, v.decode(s.sign(withBase(c)), Cognito.class));
        Map<String, Object> beanJson = lenient(ClaimNaming.SNAKE_CASE).decode(s.sign(b));
        assertEquals(expected.keySet().stream().filter(k -> !k.equals("sub")).sorted().toList(),
                beanJson.keySet().stream().toList(), "a bean's members are written under their claim names, sorted");
    }

    record CognitoWithBase(String aud, long exp, String sub, @Claim("cognito:groups") List<String> groups,
            @Claim("custom:tenant") String tenant, @Claim("https://example.com/roles") List<String> roles, String tokenUse) {}

    static CognitoWithBase withBase(Cognito c) {
        return new CognitoWithBase("my-api", 1700003600L, c.sub(), c.groups(), c.tenant(), c.roles(), c.tokenUse());
    }

    record Renamed(@Claim("exp") Instant expiresAt, @Claim("aud") String audience, @Claim("sub") String subject) {}

    /** A registered claim under another Java name keeps its checks: exp still expires, aud still must match. */
    @Test
    void registeredClaimsKeepTheirMeaningUnderAnotherName() {
        JwtVerifier v = verifier(ClaimNaming.SNAKE_CASE);
        assertEquals(new Renamed(Instant.ofEpochSecond(1700003600), "my-api", "alice"),
                v.decode(hs256("{" + BASE + ",\"sub\":\"alice\"}"), Renamed.class));
        assertInstanceOf(ExpiredJwtException.class, assertThrows(JwtException.class,
                () -> v.decode(hs256("{\"aud\":\"my-api\",\"exp\":1690000000}"), Renamed.class)));
        assertEquals("aud", assertThrows(InvalidClaimException.class,
                () -> v.decode(hs256("{\"aud\":\"other\",\"exp\":1700003600}"), Renamed.class)).claim());
        assertEquals("exp", assertThrows(InvalidClaimException.class,
                () -> v.decode(hs256("{\"aud\":\"my-api\",\"exp\":\"soon\"}"), Renamed.class)).claim());
        assertEquals("sub", assertThrows(InvalidClaimException.class,
                () -> v.decode(hs256("{" + BASE + ",\"sub\":5}"), Renamed.class)).claim());
    }

    record Address(String streetAddress, String postalCode) {}

    record WithAddress(String aud, long exp, Address address, List<Address> previousAddresses, Map<String, Object> rawMap) {}

    /** The rule reaches nested records, but not the keys of a Map, which are claim names already. */
    @Test
    void theRuleAppliesToNestedRecordsButNotToMapKeys() {
        JwtVerifier v = verifier(ClaimNaming.SNAKE_CASE);
        String json = "{" + BASE + ",\"address\":{\"street_address\":\"1 Main St\",\"postal_code\":\"0150\"},"
                + "\"previous_addresses\":[{\"street_address\":\"2 Side St\"}],\"raw_map\":{\"camelKey\":1}}";
        WithAddress w = v.decode(hs256(json), WithAddress.class);
        assertEquals(new WithAddress("my-api", 1700003600L, new Address("1 Main St", "0150"),
                List.of(new Address("2 Side St", null)), Map.of("camelKey", 1L)), w);
        String signed = signer(ClaimNaming.SNAKE_CASE).sign(w);
        assertEquals(v.decode(hs256(json)), v.decode(signed), "what the signer writes under the rule is the JSON read");
        assertEquals(w, v.decode(signed, WithAddress.class));
    }

    // ---- two members, one claim ---------------------------------------------------------------------

    record TwoByAnnotation(@Claim("sub") String subject, String sub) {}

    record TwoByRule(String preferredUsername, String preferred_username) {}

    record TwoByBoth(@Claim("user_name") String login, String userName) {}

    public static class BeanTwoByAnnotation {
        @Claim("tid")
        public String tenant;

        private String tid;

        public void setTid(String tid) {
            this.tid = tid;
        }

        public String getTid() {
            return tid;
        }

        public String getTenant() {
            return tenant;
        }
    }

    public static class BeanConflictingAnnotations {
        @Claim("a")
        private String x;

        @Claim("b")
        public String getX() {
            return x;
        }

        public void setX(String x) {
            this.x = x;
        }
    }

    record EmptyName(@Claim("") String x) {}

    static Stream<Arguments> twoMembersOneClaim() {
        return Stream.of(
                Arguments.of(TwoByAnnotation.class, ClaimNaming.IDENTITY, List.of("TwoByAnnotation.sub", "TwoByAnnotation.subject", "\"sub\"")),
                Arguments.of(TwoByRule.class, ClaimNaming.SNAKE_CASE,
                        List.of("TwoByRule.preferredUsername", "TwoByRule.preferred_username", "\"preferred_username\"")),
                Arguments.of(TwoByBoth.class, ClaimNaming.SNAKE_CASE, List.of("TwoByBoth.login", "TwoByBoth.userName", "\"user_name\"")),
                Arguments.of(BeanTwoByAnnotation.class, ClaimNaming.IDENTITY,
                        List.of("BeanTwoByAnnotation.tenant", "BeanTwoByAnnotation.tid", "\"tid\"")),
                Arguments.of(BeanConflictingAnnotations.class, ClaimNaming.IDENTITY, List.of("@Claim(\"a\")", "@Claim(\"b\")", "x")),
                Arguments.of(EmptyName.class, ClaimNaming.IDENTITY, List.of("EmptyName.x", "empty @Claim")));
    }

    /**
     * Refused when the verifier first meets the class, before the signature (a forged token is
     * refused the same way), and by the signer; the message names both members and the claim.
     */
    @ParameterizedTest
    @MethodSource
    void twoMembersOneClaim(Class<?> type, ClaimNaming naming, List<String> named) throws Exception {
        String good = hs256("{" + BASE + "}");
        String forged = good.substring(0, good.lastIndexOf('.') + 1) + "AAAA";
        for (String token : List.of(good, forged)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> verifier(naming).decode(token, type));
            for (String n : named) {
                assertTrue(e.getMessage().contains(n), n + " in " + e.getMessage());
            }
        }
        if (type == EmptyName.class) {
            return;
        }
        Object instance = type.isRecord() ? type.getDeclaredConstructors()[0].newInstance("a", "b")
                : type.getConstructor().newInstance();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> signer(naming).sign(instance));
        for (String n : named) {
            assertTrue(e.getMessage().contains(n), n + " in " + e.getMessage());
        }
    }

    public static class OverloadedSetters {
        public void setX(String x) {}

        public void setX(long x) {}
    }

    /** Which overload reflection lists last is unspecified, so neither is picked. */
    @Test
    void overloadedSettersAreRefusedNamingBoth() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> verifier(ClaimNaming.IDENTITY).decode(hs256("{" + BASE + ",\"x\":\"a\"}"), OverloadedSetters.class));
        assertTrue(e.getMessage().contains("setX(String)") && e.getMessage().contains("setX(long)"), e.getMessage());
    }
}
