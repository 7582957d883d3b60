package io.lcjwt.internal.claims;

import com.fasterxml.jackson.core.JsonGenerator;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * lcjwt's own JSON writer against jackson-core's generator, which wrote lcjwt's tokens before:
 * the same values must give the same bytes (so headers, thumbprints and tokens do not change),
 * for every ASCII character, characters of each UTF-8 length, surrogate pairs, and the number
 * forms a claims set holds.
 */
class JsonOutTest {

    /** What jackson-core writes for {@code v} (strings, numbers, booleans, null, maps and lists). */
    static String jackson(Object v) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = StrictJackson.FACTORY.createGenerator(out)) {
            write(g, v);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static void write(JsonGenerator g, Object v) throws Exception {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Long || v instanceof Integer) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Float f) {
            g.writeNumber(f);
        } else if (v instanceof BigInteger b) {
            g.writeNumber(b);
        } else if (v instanceof BigDecimal b) {
            g.writeNumber(b);
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName((String) e.getKey());
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else {
            g.writeStartArray();
            for (Object o : (List<?>) v) {
                write(g, o);
            }
            g.writeEndArray();
        }
    }

    static String lcjwt(Object claims) {
        return new String(ClaimsWriter.toJson(claims), StandardCharsets.UTF_8);
    }

    static void same(Map<String, Object> claims) throws Exception {
        assertEquals(jackson(claims), lcjwt(claims));
    }

    static Map<String, Object> ordered(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void everyAsciiCharacterIsEscapedAsJacksonEscapesIt() throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        for (char c = 0; c < 128; c++) {
            m.put("k" + (int) c + c, "a" + c + "b" + c);
        }
        same(m);
    }

    @Test
    void utf8OfEveryLengthAndSurrogatePairs() throws Exception {
        same(ordered("latin", "Grüße ÿ \u0080\u009f", "bmp", "€ \u0800 \uffff \ufeff 日本",
                "pairs", "😀 \uD800\uDC00 \uDBFF\uDFFF", "ключ", "значение"));
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 500; i++) {
            StringBuilder sb = new StringBuilder();
            for (int j = r.nextInt(40); j > 0; j--) {
                int cp = switch (r.nextInt(4)) {
                    case 0 -> r.nextInt(0x80);
                    case 1 -> 0x80 + r.nextInt(0x780);
                    case 2 -> 0xE000 + r.nextInt(0x2000);
                    default -> 0x10000 + r.nextInt(0xFFFFF);
                };
                sb.appendCodePoint(cp);
            }
            same(ordered("s", sb.toString()));
        }
    }

    @Test
    void numbersBooleansNullsAndNesting() throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("min", Long.MIN_VALUE);
        m.put("max", Long.MAX_VALUE);
        m.put("zero", 0L);
        m.put("neg", -42);
        m.put("int", Integer.MIN_VALUE);
        m.put("doubles", List.of(0.1, -0.0, 1.0, 1e-7, 1.0E21, 123456.789, Double.MIN_VALUE, Double.MAX_VALUE));
        m.put("floats", List.of(0.1f, 3.4028235E38f, 1.0E-10f));
        m.put("big", new BigInteger("123456789012345678901234567890"));
        m.put("dec", List.of(new BigDecimal("1.50"), new BigDecimal("1E+3"), new BigDecimal("-0.000001")));
        m.put("t", true);
        m.put("f", false);
        m.put("n", null);
        m.put("nested", ordered("a", List.of(List.of(), Map.of(), List.of(1L, "x"))));
        same(m);
    }

    @Test
    void collectionsThatAreNotRandomAccessListsAndArrays() {
        assertEquals("{\"l\":[1,2,3],\"s\":[\"x\"],\"a\":[1,2]}",
                lcjwt(ordered("l", new LinkedList<>(List.of(1L, 2L, 3L)), "s", Set.of("x"), "a", new int[] {1, 2})));
    }

    @Test
    void numbersOfEveryLengthAndAroundEachPowerOfTen() throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        long p = 1;
        for (int d = 0; d < 19; d++, p *= 10) {
            m.put("p" + d, List.of(p - 1, p, p + 1, -p, -(p - 1), -(p + 1), p * 3 + 7));
        }
        m.put("ends", List.of(Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 99L, 100L, 101L));
        same(m);
        assertEquals("{\"n\":[0,9,10,99,100,1000000000,4102444800]}",
                lcjwt(ordered("n", List.of(0L, 9L, 10L, 99L, 100L, 1_000_000_000L, 4_102_444_800L))));
    }

    /**
     * Names are remembered by identity in a small table on the writer, which a signer reuses:
     * names whose hashes collide ("Aa" and "BB" have one hash), equal names that are different
     * String instances, names that need escapes and names too long to remember must all come
     * out as jackson-core writes them, document after document on one writer.
     */
    @Test
    void rememberedNamesStayRightAcrossDocumentsOnOneWriter() throws Exception {
        String[] pool = {"Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "sub", "iss", "email", "iat", "q\"uote",
                "back\\slash", "tab\t", "ключ", "😀", "x".repeat(47), "y".repeat(48), "z".repeat(200), ""};
        SplittableRandom r = new SplittableRandom(5);
        JsonOut out = new JsonOut();
        for (int doc = 0; doc < 2000; doc++) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int k = r.nextInt(12); k > 0; k--) {
                String name = pool[r.nextInt(pool.length)];
                if (r.nextBoolean()) {
                    name = new String(name.toCharArray()); // equal, not identical
                }
                m.put(name, r.nextBoolean() ? name : Map.of(name, (long) doc));
            }
            ClaimsWriter.write(out.reset("claims"), m, io.lcjwt.ClaimNaming.IDENTITY);
            assertEquals(jackson(m), new String(out.toByteArray(), StandardCharsets.UTF_8), "document " + doc);
        }
    }

    /** Subclasses of the number and date types take their parent's form, as they did before the kinds were cached. */
    @Test
    void subclassesOfNumberAndDateTypesAreWrittenAsTheirParents() {
        BigInteger big = new BigInteger("12345678901234567890") { };
        BigDecimal dec = new BigDecimal("1.25") { };
        java.util.Date ts = new java.util.Date(1_700_000_000_999L) { };
        assertEquals("{\"b\":12345678901234567890,\"d\":1.25,\"t\":1700000000,\"e\":\"B\"}",
                lcjwt(ordered("b", big, "d", dec, "t", ts, "e", Shape.B)));
    }

    /** An enum whose constant has a body: the constant's class is a subclass of the enum's. */
    enum Shape {
        A, B { @Override public String toString() { return "bee"; } }
    }

    @Test
    void refusalsNameTheMember() {
        List<Object> roles = new ArrayList<>(List.of("a", "b", "bad\uD800"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClaimsWriter.toJson(Map.of("user", Map.of("roles", roles))));
        assertEquals("claim claims.user.roles[2] holds an unpaired surrogate (U+D800 at index 3), which is not"
                + " text and has no UTF-8 encoding", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ClaimsWriter.toJson(Map.of("a", Map.of("x\uDC00", 1))));
        assertEquals("claim claims.a.<name> holds an unpaired surrogate (U+DC00 at index 1), which is not text and"
                + " has no UTF-8 encoding", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ClaimsWriter.toJson(Map.of("a", List.of(1.0, Double.NaN))));
        assertEquals("claim claims.a[1] is NaN, which JSON cannot represent", e.getMessage());
    }
}
