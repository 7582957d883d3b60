package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static io.lcjwt.TestTokens.hs256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issues #19 and #20: what the signer writes is what the verifier reads back, or refused when
 * signing; typed binding never narrows; a type lcjwt cannot bind is refused before any crypto.
 */
class ClaimsBindingTest {

    static final JwtVerifier V = TestTokens.verifier();
    static final String BASE = "\"aud\":\"my-api\",\"exp\":1700003600";

    static String sign(Object claims) {
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.KEY)) {
            return JwtSigner.builder(key).algorithm(Algorithm.HS256).build().sign(claims);
        }
    }

    static Map<String, Object> claims(String name, Object value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("aud", "my-api");
        m.put("exp", 1700003600L);
        m.put(name, value);
        return m;
    }

    // ---- #19.4: JDK types in signed claims ------------------------------------------------------

    static Stream<Arguments> jdkTypesTheSignerWrites() {
        Instant t = Instant.ofEpochSecond(1700001234);
        return Stream.of(
                Arguments.of(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), "123e4567-e89b-12d3-a456-426614174000"),
                Arguments.of(URI.create("https://id.example/a?b=c"), "https://id.example/a?b=c"),
                Arguments.of(t, 1700001234L),
                Arguments.of(OffsetDateTime.ofInstant(t, ZoneOffset.ofHours(5)), 1700001234L),
                Arguments.of(ZonedDateTime.ofInstant(t, ZoneId.of("Europe/Paris")), 1700001234L),
                Arguments.of('x', "x"),
                Arguments.of(new StringBuilder("sb"), "sb"));
    }

    @ParameterizedTest
    @MethodSource
    void jdkTypesTheSignerWrites(Object value, Object json) {
        assertEquals(json, V.decode(sign(claims("x", value))).get("x"), value.getClass().getName());
    }

    static Stream<Arguments> jdkTypesTheSignerRefuses() {
        return Stream.of(
                Arguments.of(LocalDate.of(2026, 12, 1)),
                Arguments.of(LocalDateTime.of(2026, 12, 1, 9, 0)),
                Arguments.of(Optional.of("x")),
                Arguments.of(Duration.ofSeconds(5)),
                Arguments.of(new AtomicLong(3)),
                Arguments.of(new Object()),
                Arguments.of(Thread.currentThread()));
    }

    @ParameterizedTest
    @MethodSource
    void jdkTypesTheSignerRefuses(Object value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sign(claims("when", List.of(value))));
        assertTrue(e.getMessage().contains("claims.when[0]") && e.getMessage().contains(value.getClass().getName()),
                e.getMessage());
    }

    static Stream<Arguments> claimsThatAreNotAnObject() {
        return Stream.of(Arguments.of(UUID.randomUUID()), Arguments.of(Instant.EPOCH), Arguments.of(URI.create("urn:x")),
                Arguments.of('c'), Arguments.of(new java.util.Date(0)), Arguments.of("text"), Arguments.of(List.of()),
                Arguments.of(5), Arguments.of(Optional.empty()));
    }

    /** The verifier takes only a JSON object as the claims set. */
    @ParameterizedTest
    @MethodSource
    void claimsThatAreNotAnObject(Object claims) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sign(claims));
        assertTrue(e.getMessage().contains("claims must be a Map, a record or a bean"), e.getMessage());
    }

    public static class NoGetters {
        public void setX(String x) {}
    }

    @Test
    void aBeanWithNoGetterIsRefusedNamingTheMember() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sign(claims("thing", new NoGetters())));
        assertTrue(e.getMessage().contains("claims.thing") && e.getMessage().contains("NoGetters"), e.getMessage());
    }

    record Dated(String aud, OffsetDateTime exp, ZonedDateTime iat, UUID jti, URI site, UUID other) {}

    @Test
    void offsetAndZonedDateTimesAreNumericDatesBothWays() {
        Instant exp = Instant.ofEpochSecond(1700003600);
        Dated in = new Dated("my-api", OffsetDateTime.ofInstant(exp, ZoneOffset.UTC),
                ZonedDateTime.ofInstant(Instant.ofEpochSecond(1699999999), ZoneOffset.UTC),
                UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), URI.create("urn:x:y"),
                UUID.fromString("00000000-0000-0000-0000-00000000000a"));
        String token = sign(in);
        assertEquals(1700003600L, V.decode(token).get("exp"));
        assertEquals(in, V.decode(token, Dated.class));
        // an OffsetDateTime exp in another offset is the same instant
        Dated paris = new Dated("my-api", OffsetDateTime.ofInstant(exp, ZoneOffset.ofHours(1)), null, null, null, null);
        assertEquals(exp, V.decode(sign(paris), Dated.class).exp().toInstant());
        for (String bad : List.of("\"jti\":\"1-2-3-4-5\"", "\"other\":\"123e4567e89b12d3a456426614174000\"",
                "\"other\":\"123e4567-e89b-12d3-a456-42661417400g\"", "\"site\":\"a b\"", "\"other\":5")) {
            String claim = bad.substring(1, bad.indexOf('"', 1));
            assertEquals(claim, assertThrows(InvalidClaimException.class,
                    () -> V.decode(hs256("{" + BASE + "," + bad + "}"), Dated.class), bad).claim(), bad);
        }
    }

    // ---- #20.5: tokens the signer must not write ------------------------------------------------

    static Stream<Arguments> unpairedSurrogates() {
        return Stream.of(
                Arguments.of(claims("name", "\uD800"), "claims.name"),
                Arguments.of(claims("name", "ab\uDC00cd"), "claims.name"),
                Arguments.of(claims("name", "ab\uDBFF"), "claims.name"),
                Arguments.of(claims("name", "\uDC00\uD800"), "claims.name"),
                Arguments.of(claims("list", List.of("ok", "x\uD83D")), "claims.list[1]"),
                Arguments.of(claims("k\uD800", "v"), "claims.<name>"),
                Arguments.of(claims("nested", Map.of("k\uDFFF", 1)), "claims.nested.<name>"),
                Arguments.of(claims("c", '\uD800'), "claims.c"));
    }

    @ParameterizedTest
    @MethodSource
    void unpairedSurrogates(Map<String, Object> claims, String member) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sign(claims));
        assertTrue(e.getMessage().contains(member) && e.getMessage().contains("unpaired surrogate"), e.getMessage());
    }

    @Test
    void surrogatePairsAreText() {
        assertEquals("a\uD83D\uDE00b", V.decode(sign(claims("emoji", "a\uD83D\uDE00b"))).get("emoji"));
    }

    public static class TwoActive {
        public boolean isActive() {
            return true;
        }

        public Boolean getActive() {
            return false;
        }
    }

    public static class TwoFoo {
        public String getFoo() {
            return "a";
        }

        public String getfoo() {
            return "b";
        }
    }

    public interface HasValue {
        Object getValue();
    }

    /** A covariant override leaves a bridge getValue() behind: still one member. */
    public static class Covariant implements HasValue {
        @Override
        public String getValue() {
            return "v";
        }
    }

    static Stream<Arguments> beansWithTwoAccessorsOfOneName() {
        return Stream.of(
                Arguments.of(new TwoActive(), "getActive()", "isActive()"),
                Arguments.of(new TwoFoo(), "getFoo()", "getfoo()"));
    }

    @ParameterizedTest
    @MethodSource
    void beansWithTwoAccessorsOfOneName(Object bean, String one, String other) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sign(claims("b", bean)));
        assertTrue(e.getMessage().contains(one) && e.getMessage().contains(other) && e.getMessage().contains("claims.b"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sign(bean));
    }

    @Test
    void aCovariantGetterIsOneMember() {
        assertEquals(Map.of("value", "v"), V.decode(sign(claims("b", new Covariant()))).get("b"));
    }

    static Object nest(int lists) {
        Object v = List.of();
        for (int i = 1; i < lists; i++) {
            v = List.of(v);
        }
        return v;
    }

    /** The reader takes 32 levels of containers, the claims object included. */
    @Test
    void nestingTheVerifierRefusesIsRefusedWhenSigning() {
        assertEquals(nest(31), V.decode(sign(claims("deep", nest(31)))).get("deep"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sign(claims("deep", nest(32))));
        assertTrue(e.getMessage().contains("deeper than 32"), e.getMessage());
        List<Object> cycle = new ArrayList<>();
        cycle.add(cycle);
        assertThrows(IllegalArgumentException.class, () -> sign(claims("cycle", cycle)));
    }

    static Stream<Arguments> numbersTheVerifierRefuses() {
        return Stream.of(
                Arguments.of(BigInteger.TEN.pow(100)),
                Arguments.of(new BigDecimal("1E+400")),
                Arguments.of(new BigDecimal("-1E+309")),
                Arguments.of(new BigDecimal(BigInteger.TEN.pow(101), 5)));
    }

    @ParameterizedTest
    @MethodSource
    void numbersTheVerifierRefuses(Number n) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sign(claims("n", n)));
        assertTrue(e.getMessage().contains("claims.n"), e.getMessage());
    }

    @Test
    void largeNumbersTheVerifierTakesAreSigned() {
        assertEquals(BigInteger.TEN.pow(99), V.decode(sign(claims("n", BigInteger.TEN.pow(99)))).get("n"));
        assertEquals(1e300, V.decode(sign(claims("n", new BigDecimal("1E+300")))).get("n"));
    }

    // ---- #20.4: typed binding never narrows -----------------------------------------------------

    record Narrow(String aud, long exp, byte b, Byte bb, byte[] arr, List<Byte> lb, char ch, Character cc,
            float f, Float ff, short s, int i, Long l, double d, BigDecimal dec) {}

    static Stream<Arguments> valuesThatDoNotFit() {
        return Stream.of("\"b\":300", "\"b\":-129", "\"b\":128", "\"b\":1.5", "\"bb\":256", "\"arr\":[1,300]",
                "\"arr\":[1,-200]", "\"lb\":[1,300]", "\"ch\":\"ab\"", "\"ch\":\"\"", "\"ch\":65", "\"ch\":null",
                "\"cc\":\"ab\"", "\"cc\":\"\\ud83d\\ude00\"", "\"f\":1e39", "\"f\":-1e39", "\"f\":1e-50", "\"ff\":3.5e38",
                "\"s\":32768", "\"s\":-32769", "\"i\":2147483648", "\"i\":-2147483649", "\"l\":9223372036854775808",
                "\"l\":-9223372036854775809", "\"d\":1e400", "\"d\":-1e400", "\"b\":1e2", "\"b\":null",
                "\"dec\":1e400", "\"dec\":1e-99999999", "\"dec\":\"1\"")
                .map(Arguments::of);
    }

    @ParameterizedTest
    @MethodSource
    void valuesThatDoNotFit(String member) {
        String claim = member.substring(1, member.indexOf('"', 1));
        InvalidClaimException e = assertThrows(InvalidClaimException.class,
                () -> V.decode(hs256("{" + BASE + "," + member + "}"), Narrow.class), member);
        assertEquals(claim, e.claim(), member);
        assertTrue(e.getMessage().contains("\"" + claim + "\""), e.getMessage());
    }

    @Test
    void valuesThatFitAreKept() {
        Narrow n = V.decode(hs256("{" + BASE + ",\"b\":-128,\"bb\":127,\"arr\":[1,-1,127],\"lb\":[-128,5],"
                + "\"ch\":\"a\",\"cc\":\"\\u00e9\",\"f\":3.4e38,\"ff\":-1.5,\"s\":-32768,\"i\":2147483647,"
                + "\"l\":-9223372036854775808,\"d\":1e300,\"dec\":0.1000000000000000055511151231257827}"), Narrow.class);
        assertEquals(-128, n.b());
        assertEquals((byte) 127, n.bb());
        assertArrayEquals(new byte[] {1, -1, 127}, n.arr());
        assertEquals(List.of((byte) -128, (byte) 5), n.lb());
        assertEquals('a', n.ch());
        assertEquals('\u00e9', n.cc());
        assertEquals(3.4e38f, n.f());
        assertEquals(-1.5f, n.ff());
        assertEquals(-32768, n.s());
        assertEquals(Integer.MAX_VALUE, n.i());
        assertEquals(Long.MIN_VALUE, n.l());
        assertEquals(1e300, n.d());
        assertEquals(new BigDecimal("0.1000000000000000055511151231257827"), n.dec());
    }

    record WithTreeMap(long exp, TreeMap<String, Object> m) {}

    record WithTreeSet(long exp, TreeSet<String> s) {}

    record WithLocalDate(long exp, LocalDate day) {}

    /** Optional only as a member itself: inside a list it would have no JSON meaning of its own. */
    record WithOptional(long exp, List<Optional<String>> o) {}

    record WithClass(long exp, Class<?> type) {}

    record Inner(AtomicLong counter) {}

    record WithBadInner(long exp, List<Inner> inner) {}

    record Node(String name, List<Node> kids) {}

    /** Not a bean (no public constructor): Jackson-jr used to take it and wrap 300 into 44. */
    public static class PrivateCtor {
        public byte b;

        private PrivateCtor() {}
    }

    /** A value class Jackson-jr used to build from a string. */
    public static class FromString {
        public FromString(String s) {}
    }

    record WithPrivateCtor(long exp, PrivateCtor p) {}

    record WithFromString(long exp, FromString f) {}

    static Stream<Arguments> typesRefusedBeforeTheSignature() {
        return Stream.of(
                Arguments.of(TreeMap.class, "TreeMap"),
                Arguments.of(HashMapSubclass.class, "HashMapSubclass"),
                Arguments.of(WithTreeMap.class, "WithTreeMap.m"),
                Arguments.of(WithTreeSet.class, "WithTreeSet.s"),
                Arguments.of(WithLocalDate.class, "java.time.LocalDate"),
                Arguments.of(WithOptional.class, "java.util.Optional"),
                Arguments.of(WithClass.class, "java.lang.Class"),
                Arguments.of(WithBadInner.class, "Inner.counter"),
                Arguments.of(WithPrivateCtor.class, "PrivateCtor"),
                Arguments.of(WithFromString.class, "FromString"),
                Arguments.of(String.class, "String"));
    }

    public static class HashMapSubclass extends HashMap<String, Object> {}

    /** A badly signed token proves the refusal comes before the signature check. */
    @ParameterizedTest
    @MethodSource
    void typesRefusedBeforeTheSignature(Class<?> type, String named) {
        String good = hs256("{" + BASE + ",\"m\":{},\"s\":[],\"day\":1,\"o\":\"x\",\"type\":\"java.lang.Runtime\"}");
        String forged = good.substring(0, good.lastIndexOf('.') + 1) + "AAAA";
        for (String token : List.of(good, forged)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> V.decode(token, type));
            assertTrue(e.getMessage().contains(named), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> V.decodeJwt(token, type));
        }
    }

    @Test
    void aRecursiveRecordBinds() {
        Node n = V.decode(hs256("{" + BASE + ",\"name\":\"a\",\"kids\":[{\"name\":\"b\",\"kids\":[]}]}"), Node.class);
        assertEquals(new Node("a", List.of(new Node("b", List.of()))), n);
    }
}
