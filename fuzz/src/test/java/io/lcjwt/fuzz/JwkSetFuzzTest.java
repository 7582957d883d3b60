package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtException;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.JwtVerifier;
import io.lcjwt.LibCrypto;
import io.lcjwt.UnknownKeyException;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JWK sets from untrusted bytes: the strict, lenient and trusted parses, and the key a set then
 * chooses for a token. Byte 0 picks the parse, bytes 1 and 2 the token's {@code alg} and
 * {@code kid}, the rest is the document.
 *
 * <p>Oracles, each independent of lcjwt's code: only {@code InvalidJwtKeyException} escapes a
 * parse; a cost oracle, that reading the document costs a bounded number of name-table slots per
 * member name ({@link Oracle#linearCost}) and that every entry of {@code "keys"} (at most 100) is
 * handled exactly once, kept or skipped with a reason; a published document read by Jackson holds
 * no secret; no two keys a strict parse keeps under one kid serve a common algorithm; a set mixing
 * secret and asymmetric keys gives no verifier; and a verifier over the keys chooses as a plain
 * count says it must: a token whose kid and alg match exactly one key reaches that key's signature
 * check, any other is refused as an unknown key.
 */
class JwkSetFuzzTest {

    private static final Set<String> PRIVATE = Set.of("d", "p", "q", "dp", "dq", "qi", "oth");
    private static final String[] KIDS = {null, "1", "2", "k1", "made-up"};

    @FuzzTest
    @Timeout(10)
    void parseSet(byte[] input) {
        if (input.length < 3) {
            return;
        }
        int mode = Math.floorMod(input[0], 3);
        Algorithm alg = Algorithm.values()[Math.floorMod(input[1], Algorithm.values().length)];
        String text = new String(input, 3, input.length - 3, StandardCharsets.UTF_8);
        byte[] json = text.getBytes(StandardCharsets.UTF_8);
        Oracle.linearCost(json, text);
        JwkSet set;
        try {
            set = switch (mode) {
                case 0 -> JwkSet.parse(text);
                case 1 -> JwkSet.parseLenient(text);
                default -> JwkSet.parseTrusted(text);
            };
        } catch (InvalidJwtKeyException refused) {
            Oracle.require(refused.getMessage() != null && !refused.getMessage().isBlank(), "a refusal without a message", text);
            return;
        }
        try {
            checkSet(set, mode, json, text);
            String kid = Math.floorMod(input[2], 2) == 0 || set.keys().isEmpty() ? KIDS[Math.floorMod(input[2], KIDS.length)]
                    : set.keys().get(Math.floorMod(input[2] >> 1, set.keys().size())).keyId();
            if (kid == null || !kid.isEmpty() && wellFormed(kid)) {
                checkChoice(set, alg, kid, text);
            }
        } finally {
            set.keys().forEach(JwtKey::close);
        }
    }

    private static void checkSet(JwkSet set, int mode, byte[] json, String text) {
        Object doc = Oracle.json(json, text);
        Oracle.require(doc instanceof Map<?, ?> m && m.get("keys") instanceof List<?>, "no keys array", text);
        List<?> entries = (List<?>) ((Map<?, ?>) doc).get("keys");
        Oracle.require(entries.size() <= 100, "more than 100 keys", text);
        // Every entry is handled once: kept, or skipped with its reason (lenient only).
        int skipped = mode == 1 ? set.skipped() : 0;
        Oracle.require(set.keys().size() + skipped == entries.size(), set.keys().size() + " kept and " + skipped
                + " skipped of " + entries.size(), text);
        Oracle.require(!set.keys().isEmpty(), "an empty set accepted", text);
        Set<Integer> seen = new HashSet<>();
        for (JwkSet.SkippedKey s : set.skippedKeys()) {
            Oracle.require(s.index() >= 0 && s.index() < entries.size() && seen.add(s.index()), "skipped index " + s.index(), text);
            Oracle.require(s.reason() != null && !s.reason().isBlank(), "a skip without a reason", text);
            Object kid = entries.get(s.index()) instanceof Map<?, ?> e ? e.get("kid") : null;
            Oracle.require(s.keyId() == null || s.keyId().equals(kid), "a skipped key's kid is not its entry's", text);
        }
        if (mode != 2) {
            for (Object e : entries) {
                if (e instanceof Map<?, ?> jwk) {
                    Oracle.require(!"oct".equals(jwk.get("kty")), "a published document with a secret key accepted", text);
                    for (String p : PRIVATE) {
                        Oracle.require(!jwk.containsKey(p), "a published document with private member " + p + " accepted", text);
                    }
                }
            }
        }
        if (mode != 1) {
            List<JwtKey> keys = set.keys();
            for (int i = 0; i < keys.size(); i++) {
                for (int j = i + 1; j < keys.size(); j++) {
                    if (keys.get(i).keyId() != null && keys.get(i).keyId().equals(keys.get(j).keyId())) {
                        for (Algorithm a : Algorithm.values()) {
                            Oracle.require(!(keys.get(i).supports(a) && keys.get(j).supports(a)),
                                    "two keys with kid " + keys.get(i).keyId() + " both serve " + a, text);
                        }
                    }
                }
            }
        }
        boolean secret = false;
        boolean asymmetric = false;
        for (JwtKey k : set.keys()) {
            boolean verifies = Arrays.stream(Algorithm.values()).anyMatch(k::supports);
            secret |= verifies && k instanceof JwtSecretKey;
            asymmetric |= verifies && !(k instanceof JwtSecretKey);
        }
        boolean mixed = secret && asymmetric;
        try {
            JwtVerifier.builder(set);
            Oracle.require(!mixed, "a verifier over a set mixing secret and asymmetric keys", text);
        } catch (InvalidJwtKeyException refused) {
            Oracle.require(mixed, "a verifier over a set refused though it mixes nothing: " + refused.getMessage(), text);
        }
    }

    /** The choice for a token with {@code alg} and {@code kid}, against a count of the keys that could serve it. */
    private static void checkChoice(JwkSet set, Algorithm alg, String kid, String text) {
        if (!LibCrypto.supports(alg)) {
            return; // a verifier for it is refused by name when built (ML-DSA on OpenSSL 3.0)
        }
        List<JwtKey> keys = set.keys();
        int named = 0;
        int serving = 0;
        for (JwtKey k : keys) {
            if (kid == null || kid.equals(k.keyId())) {
                named++;
                serving += k.supports(alg) ? 1 : 0;
            }
        }
        boolean onlyKeyWithoutKid = kid != null && named == 0 && keys.size() == 1 && keys.get(0).keyId() == null
                && keys.get(0).supports(alg);
        boolean chosen = serving == 1 || onlyKeyWithoutKid;
        JwtVerifier v;
        try {
            v = JwtVerifier.builder(keys).algorithms(alg).allowMissingExpiration().build();
        } catch (InvalidJwtKeyException noKeyForAlg) {
            Oracle.require(keys.stream().noneMatch(k -> k.supports(alg)), "no verifier though a key serves " + alg, text);
            return;
        }
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String header = "{\"alg\":\"" + alg.jwsName() + "\"" + (kid == null ? "" : ",\"kid\":\"" + escape(kid) + "\"") + "}";
        String token = b64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString("{\"sub\":\"fuzz\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(new byte[alg.family() == Algorithm.Family.HMAC ? 32 : 64]);
        try {
            v.decode(token);
            throw new AssertionError("a token with a zero signature verified: " + text);
        } catch (UnknownKeyException e) {
            Oracle.require(!chosen, "refused as an unknown key though exactly one key serves kid " + kid + " and " + alg
                    + ": " + e.getMessage(), text);
        } catch (JwtException e) {
            Oracle.require(chosen, "kid " + kid + " and " + alg + " match " + serving + " keys, yet one was tried: "
                    + e.getClass().getSimpleName() + " " + e.getMessage(), text);
        }
    }

    /** Whether {@code s} has no unpaired surrogate, so that a header can carry it as it is. */
    private static boolean wellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** JSON string content for {@code s}: every character outside printable ASCII, and the quote and backslash, escaped. */
    private static String escape(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return b.toString();
    }

    /** The hand-made seeds (written by {@link SeedCorpus}): byte 0 the parse, 1 the alg, 2 the kid. */
    static List<byte[]> seeds() {
        // RFC 7517 appendix A.1's public keys, under kid "1" both (RFC 7517 section 4.5 allows it).
        String ec = "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4\","
                + "\"y\":\"4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM\",\"use\":\"sig\",\"kid\":\"1\"}";
        String rsa = "{\"kty\":\"RSA\",\"n\":\"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6"
                + "tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQ"
                + "MicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHa"
                + "Q-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw\",\"e\":\"AQAB\",\"alg\":\"RS256\",\"kid\":\"1\"}";
        String oct = "{\"kty\":\"oct\",\"kid\":\"k1\",\"alg\":\"HS256\",\"k\":\"AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS"
                + "0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow\"}";
        List<String> docs = List.of(
                "{\"keys\":[" + ec + "," + rsa + "]}",
                "{\"keys\":[" + ec + "," + ec + "]}",
                "{\"keys\":[" + ec + ",{\"kty\":\"XYZ\",\"kid\":\"2\"},7,\"x\"]}",
                "{\"keys\":[" + oct + "]}",
                "{\"keys\":[" + oct + "," + ec + "]}",
                "{\"keys\":[" + ec.replace("\"use\":\"sig\"", "\"use\":\"enc\"") + "," + ec + "]}",
                "{\"keys\":[]}");
        List<byte[]> out = new ArrayList<>();
        int i = 0;
        for (String d : docs) {
            for (int mode = 0; mode < 3; mode++) {
                byte[] doc = d.getBytes(StandardCharsets.UTF_8);
                byte[] in = new byte[doc.length + 3];
                in[0] = (byte) mode;
                in[1] = (byte) (i++ % Algorithm.values().length);
                in[2] = (byte) (mode * 3 + 1);
                System.arraycopy(doc, 0, in, 3, doc.length);
                out.add(in);
            }
        }
        return out;
    }
}
