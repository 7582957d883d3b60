package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue #19.3: a verifier caches a verified header and hands the same {@link JwtHeader} to every
 * later token that carries it, on every thread. So the header must be unmodifiable at every
 * depth, or one caller could change what every other caller sees.
 */
class SharedHeaderImmutabilityTest {

    private static final String HEADER = "{\"alg\":\"HS256\",\"typ\":\"JWT\",\"ext\":{\"roles\":[\"a\",{\"x\":1}]},"
            + "\"list\":[[1,2],{\"y\":null}]}";

    @SuppressWarnings("unchecked")
    @Test
    void nestedHeaderValuesCannotBeChangedThroughOneDecodeForTheNext() {
        JwtVerifier v = TestTokens.verifier();
        String token = TestTokens.hs256Header(HEADER, TestTokens.CLAIMS);
        VerifiedJwt<Map<String, Object>> first = v.decodeJwt(token);
        JwtHeader h = first.header();

        Map<String, Object> ext = (Map<String, Object>) h.get("ext");
        List<Object> roles = (List<Object>) ext.get("roles");
        Map<String, Object> inRoles = (Map<String, Object>) roles.get(1);
        List<Object> list = (List<Object>) h.get("list");
        List<Object> inList = (List<Object>) list.get(0);
        Map<String, Object> nullHolder = (Map<String, Object>) list.get(1);
        List<Executable> mutations = List.of(
                () -> h.parameters().put("alg", "none"),
                () -> ext.put("roles", "admin"),
                () -> ext.remove("roles"),
                () -> roles.add("admin"),
                () -> roles.set(0, "admin"),
                () -> inRoles.put("x", 2),
                () -> list.clear(),
                () -> inList.add(3),
                () -> nullHolder.put("y", "set"),
                () -> ext.entrySet().iterator().next().setValue("admin"));
        for (Executable m : mutations) {
            assertThrows(UnsupportedOperationException.class, m);
        }

        // The second decode is a cache hit: the very same header object, still as the token says.
        JwtHeader again = v.decodeJwt(token).header();
        assertSame(h, again, "a cache hit hands out the cached header");
        assertEquals(Map.of("roles", List.of("a", Map.of("x", 1L))), again.get("ext"));
        assertEquals(List.of(1L, 2L), ((List<Object>) again.get("list")).get(0));
        assertEquals(java.util.Collections.singletonMap("y", null), ((List<Object>) again.get("list")).get(1));
        assertEquals("HS256", again.get("alg"));
        // Through the record-typed path too: the same cached header.
        assertSame(h, v.decodeJwt(token, Map.class).header());
    }

    @Test
    void aHeaderBuiltByHandIsCopiedDeeplyAndKeepsNulls() {
        List<Object> inner = new ArrayList<>(List.of("a"));
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("inner", inner);
        nested.put("none", null);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("alg", "HS256");
        params.put("nested", nested);
        JwtHeader h = new JwtHeader(Algorithm.HS256, null, null, params);
        inner.add("b");
        nested.put("late", 1);
        params.put("late", 1);
        assertEquals(List.of("alg", "nested"), List.copyOf(h.parameters().keySet()));
        @SuppressWarnings("unchecked")
        Map<String, Object> copy = (Map<String, Object>) h.get("nested");
        assertEquals(List.of("a"), copy.get("inner"));
        assertEquals(List.of("inner", "none"), List.copyOf(copy.keySet()));
        assertThrows(UnsupportedOperationException.class, () -> copy.put("x", 1));
    }

    /** The claims map is built fresh by every decode: nothing in it is shared with a cache or another call. */
    @SuppressWarnings("unchecked")
    @Test
    void claimsMapsAreTheCallersOwn() {
        JwtVerifier v = TestTokens.verifier();
        String token = TestTokens.hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"roles\":[\"a\"],\"o\":{\"k\":[1]}}");
        Map<String, Object> first = v.decode(token);
        ((List<Object>) first.get("roles")).add("admin");
        ((List<Object>) ((Map<String, Object>) first.get("o")).get("k")).add(2);
        first.put("aud", "someone-else");
        Map<String, Object> second = v.decodeJwt(token).claims();
        assertNotSame(first, second);
        assertEquals(List.of("a"), second.get("roles"));
        assertEquals(Map.of("k", List.of(1L)), second.get("o"));
        assertEquals("my-api", second.get("aud"));
    }
}
