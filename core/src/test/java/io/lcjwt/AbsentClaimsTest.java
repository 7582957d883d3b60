package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static io.lcjwt.TestTokens.hs256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #16.2: {@code Optional} members read empty when their claim is absent or null; a
 * primitive member whose claim is absent is a {@link MissingClaimException} naming it (a zero
 * would pass for a real value); a registered claim of the wrong type is never "absent".
 */
class AbsentClaimsTest {

    static final JwtVerifier V = TestTokens.verifier();
    static final String BASE = "\"aud\":\"my-api\",\"exp\":1700003600";
    static final JwtVerifier NO_EXP = TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256)
            .audience(TestTokens.AUD).allowMissingExpiration().clock(TestTokens.CLOCK).build();

    record Inner(String city, Optional<Long> zip) {}

    record Opt(String aud, Instant exp, Optional<String> name, Optional<Long> authTime, Optional<List<String>> roles,
            Optional<Instant> nbf, Optional<String> sub, Optional<Inner> home, Optional<Boolean> emailVerified) {}

    public static class OptBean {
        private Optional<String> name;
        private Optional<Instant> iat;

        public Optional<String> getName() {
            return name;
        }

        public void setName(Optional<String> name) {
            this.name = name;
        }

        public Optional<Instant> getIat() {
            return iat;
        }

        public void setIat(Optional<Instant> iat) {
            this.iat = iat;
        }
    }

    static Stream<Arguments> optionalMembers() {
        Instant exp = Instant.ofEpochSecond(1700003600);
        Opt empty = new Opt("my-api", exp, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty());
        return Stream.of(
                Arguments.of("absent", "", empty),
                Arguments.of("null", ",\"name\":null,\"authTime\":null,\"roles\":null,\"home\":null,\"emailVerified\":null", empty),
                Arguments.of("present",
                        ",\"name\":\"Ann\",\"authTime\":1699999000,\"roles\":[\"a\",\"b\"],\"nbf\":1699999999,\"sub\":\"u\","
                                + "\"home\":{\"city\":\"Oslo\"},\"emailVerified\":false",
                        new Opt("my-api", exp, Optional.of("Ann"), Optional.of(1699999000L), Optional.of(List.of("a", "b")),
                                Optional.of(Instant.ofEpochSecond(1699999999)), Optional.of("u"),
                                Optional.of(new Inner("Oslo", Optional.empty())), Optional.of(false))),
                Arguments.of("nested present", ",\"home\":{\"city\":\"Oslo\",\"zip\":150}",
                        new Opt("my-api", exp, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                                Optional.empty(), Optional.of(new Inner("Oslo", Optional.of(150L))), Optional.empty())));
    }

    /** Absent and null read empty, present reads the value bound as usual; the signer writes it back the same. */
    @ParameterizedTest(name = "{0}")
    @MethodSource
    void optionalMembers(String row, String members, Opt expected) {
        Opt read = V.decode(hs256("{" + BASE + members + "}"), Opt.class);
        assertEquals(expected, read, row);
        String signed = ClaimNamesTest.signer(ClaimNaming.IDENTITY).sign(read);
        assertEquals(read, V.decode(signed, Opt.class), row + ": signed back");
        Map<String, Object> json = V.decode(signed);
        assertTrue(read.name().isPresent() == json.containsKey("name"), "an empty Optional is left out, a present one written: " + json);
    }

    @Test
    void aBeansOptionalMembersReadEmptyWhenAbsent() {
        OptBean b = V.decode(hs256("{" + BASE + "}"), OptBean.class);
        assertEquals(Optional.empty(), b.getName());
        assertEquals(Optional.empty(), b.getIat());
        b = V.decode(hs256("{" + BASE + ",\"name\":\"Ann\",\"iat\":1699999999}"), OptBean.class);
        assertEquals(Optional.of("Ann"), b.getName());
        assertEquals(Optional.of(Instant.ofEpochSecond(1699999999)), b.getIat());
    }

    static Stream<Arguments> wrongTypesAreNeverAbsent() {
        return Stream.of("\"nbf\":\"soon\"", "\"nbf\":null", "\"nbf\":[1]", "\"sub\":null", "\"sub\":5",
                "\"authTime\":\"x\"", "\"roles\":\"a\"", "\"emailVerified\":\"true\"", "\"home\":[]")
                .map(Arguments::of);
    }

    /** An Optional member is empty only when its claim is absent (or, unless registered, null); a wrong type is refused. */
    @ParameterizedTest
    @MethodSource
    void wrongTypesAreNeverAbsent(String member) {
        String claim = member.substring(1, member.indexOf('"', 1));
        InvalidClaimException e = assertThrows(InvalidClaimException.class,
                () -> V.decode(hs256("{" + BASE + "," + member + "}"), Opt.class), member);
        assertEquals(claim, e.claim());
    }

    // ---- primitives ---------------------------------------------------------------------------------

    record Prims(String aud, long exp, long authTime, boolean emailVerified, int count, double score, char grade) {}

    record Home(String city, int zip) {}

    record WithHome(String aud, long exp, Home home, List<Home> homes) {}

    public static class PrimBean {
        private long authTime;

        public long getAuthTime() {
            return authTime;
        }

        public void setAuthTime(long authTime) {
            this.authTime = authTime;
        }
    }

    record NoExp(String aud, long exp) {}

    static final String ALL_PRIMS = ",\"authTime\":1699999000,\"emailVerified\":true,\"count\":3,\"score\":0.5,\"grade\":\"A\"";

    static Stream<Arguments> absentPrimitivesAreMissingClaims() {
        return Stream.of(
                Arguments.of(Prims.class, V, ALL_PRIMS.replace(",\"authTime\":1699999000", ""), "authTime", "Prims.authTime (long)"),
                Arguments.of(Prims.class, V, ALL_PRIMS.replace(",\"emailVerified\":true", ""), "emailVerified", "Prims.emailVerified (boolean)"),
                Arguments.of(Prims.class, V, ALL_PRIMS.replace(",\"grade\":\"A\"", ""), "grade", "Character or Optional<Character>"),
                Arguments.of(Prims.class, V, "", "authTime", "Long or Optional<Long>"),
                Arguments.of(PrimBean.class, V, "", "authTime", "PrimBean.authTime (long)"),
                Arguments.of(WithHome.class, V, ",\"home\":{\"city\":\"Oslo\"}", "home", "\"home\" has no \"zip\" member"),
                Arguments.of(WithHome.class, V, ",\"home\":{\"city\":\"Oslo\",\"zip\":1},\"homes\":[{\"zip\":2},{\"city\":\"x\"}]",
                        "homes", "Home.zip (int)"),
                Arguments.of(NoExp.class, NO_EXP, "", "exp", "NoExp.exp (long)"));
    }

    /**
     * A primitive cannot say "absent", and a zero would pass for a real value (an
     * {@code auth_time} of 1970), so the token is refused, naming the claim and the member.
     */
    @ParameterizedTest
    @MethodSource
    void absentPrimitivesAreMissingClaims(Class<?> type, JwtVerifier v, String members, String claim, String says) {
        String base = type == NoExp.class ? "\"aud\":\"my-api\"" : BASE;
        MissingClaimException e = assertThrows(MissingClaimException.class, () -> v.decode(hs256("{" + base + members + "}"), type));
        assertEquals(claim, e.claim());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }

    @Test
    void presentPrimitivesBindAndAPrimitiveNullIsInvalid() {
        assertEquals(new Prims("my-api", 1700003600L, 1699999000L, true, 3, 0.5, 'A'),
                V.decode(hs256("{" + BASE + ALL_PRIMS + "}"), Prims.class));
        assertEquals(new WithHome("my-api", 1700003600L, new Home("Oslo", 1), null),
                V.decode(hs256("{" + BASE + ",\"home\":{\"city\":\"Oslo\",\"zip\":1}}"), WithHome.class));
        JwtException e = assertThrows(JwtException.class,
                () -> V.decode(hs256("{" + BASE + ALL_PRIMS.replace("true", "null") + "}"), Prims.class));
        assertInstanceOf(InvalidClaimException.class, e);
    }
}
