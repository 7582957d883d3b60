package io.lcjwt;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.lcjwt.TestTokens.AUD;
import static io.lcjwt.TestTokens.CLAIMS;
import static io.lcjwt.TestTokens.CLOCK;
import static io.lcjwt.TestTokens.KEY;
import static io.lcjwt.TestTokens.b64;
import static io.lcjwt.TestTokens.hs256;
import static io.lcjwt.TestTokens.hs256Header;
import static io.lcjwt.TestTokens.hsRaw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One test per row of SECURITY.md that applies to HMAC tokens (rows 1-3, 6-18). Each crafted
 * token is otherwise valid (correctly signed with the verifier's key unless the row is about the
 * signature), so the rejection is for the reason the row names.
 */
class SecurityRowsHmacTest {

    static final JwtVerifier V = TestTokens.verifier();
    static final String H = "{\"alg\":\"HS256\",\"typ\":\"JWT\"}";

    static <T extends JwtException> T rejects(Class<T> type, String token) {
        return rejects(type, V, token);
    }

    static <T extends JwtException> T rejects(Class<T> type, JwtVerifier v, String token) {
        JwtException e = assertThrows(JwtException.class, () -> v.decode(token));
        assertInstanceOf(type, e, () -> "expected " + type.getSimpleName() + " but got " + e);
        assertFalse(e.getMessage().isBlank());
        assertFalse(e.getMessage().contains(b64(KEY)), "message must not leak the secret");
        return type.cast(e);
    }

    @Test
    void validTokenIsAcceptedByTheSameVerifier() {
        assertEquals("alice", V.decode(hs256(CLAIMS)).get("sub"));
    }

    // Row 1
    @ParameterizedTest
    @ValueSource(strings = {"none", "None", "NONE", "nOnE"})
    void row01_algNoneInAnySpellingIsRefused(String alg) {
        String header = b64("{\"alg\":\"" + alg + "\",\"typ\":\"JWT\"}");
        rejects(AlgorithmNotAllowedException.class, header + "." + b64(CLAIMS) + ".");
        rejects(AlgorithmNotAllowedException.class, header + "." + b64(CLAIMS) + ".c2ln");
    }

    @ParameterizedTest
    @ValueSource(strings = {"hs256", "Hs256", "HS256 ", "HS-256", "HS512", "RS256", "ES256", "EdDSA"})
    void row01_algIsComparedExactlyAgainstTheAllowList(String alg) {
        rejects(AlgorithmNotAllowedException.class, hs256Header("{\"alg\":\"" + alg + "\"}", CLAIMS));
    }

    // Row 2
    @Test
    void row02_missingSignatureAndWrongSegmentCountsAreRefused() {
        String good = hs256(CLAIMS);
        String input = good.substring(0, good.lastIndexOf('.'));
        rejects(MalformedJwtException.class, input + ".");
        rejects(MalformedJwtException.class, input);
        rejects(MalformedJwtException.class, good + ".");
        rejects(MalformedJwtException.class, good + ".x");
        rejects(MalformedJwtException.class, "." + good.substring(good.indexOf('.') + 1));
        rejects(MalformedJwtException.class, "");
        rejects(MalformedJwtException.class, "..");
        MalformedJwtException json = rejects(MalformedJwtException.class,
                "{\"payload\":\"" + b64(CLAIMS) + "\",\"protected\":\"" + b64(H) + "\",\"signature\":\"x\"}");
        assertTrue(json.getMessage().contains("JSON serialization"), json.getMessage());
    }

    // Row 3
    @Test
    void row03_publicKeysAreRefusedAsSecrets() {
        String pem = "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE...\n-----END PUBLIC KEY-----\n";
        String jwk = "{\"kty\":\"RSA\",\"n\":\"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw\",\"e\":\"AQAB\"}";
        String ssh = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl user@host";
        byte[] der = java.util.HexFormat.of().parseHex("3059301306072a8648ce3d020106082a8648ce3d030107034200"
                + "04".repeat(1) + "11".repeat(64));
        for (byte[] b : List.of(pem.getBytes(StandardCharsets.US_ASCII), jwk.getBytes(StandardCharsets.US_ASCII),
                ssh.getBytes(StandardCharsets.US_ASCII), der)) {
            InvalidJwtKeyException e = assertThrows(InvalidJwtKeyException.class, () -> JwtSecretKey.of(b));
            assertTrue(e.getMessage().contains("look like"), e.getMessage());
        }
        // And a JwtSecretKey can never verify an asymmetric algorithm: keys are typed.
        try (JwtSecretKey k = JwtSecretKey.of(KEY)) {
            assertFalse(k.supports(Algorithm.RS256));
            assertThrows(InvalidJwtKeyException.class,
                    () -> JwtVerifier.builder(k).algorithms(Algorithm.RS256).build());
        }
    }

    // Row 6
    @Test
    void row06_nonCanonicalBase64urlIsRefused() {
        String h = b64(H);
        String p = b64(CLAIMS);
        String good = hs256(CLAIMS);
        String sig = good.substring(good.lastIndexOf('.') + 1);
        // padding, re-signed so the signature matches the padded text
        rejects(MalformedJwtException.class, hsRaw("HS256", h + "=", p, KEY));
        rejects(MalformedJwtException.class, hsRaw("HS256", h, p + "==", KEY));
        rejects(MalformedJwtException.class, good + "=");
        // '+' and '/' instead of '-' and '_'
        String std = java.util.Base64.getEncoder().withoutPadding().encodeToString(
                "{\"sub\":\"???>>>\",\"aud\":\"my-api\",\"exp\":1700003600}".getBytes(StandardCharsets.UTF_8));
        assertTrue(std.contains("+") || std.contains("/"), std);
        rejects(MalformedJwtException.class, hsRaw("HS256", h, std, KEY));
        // whitespace
        rejects(MalformedJwtException.class, hsRaw("HS256", h, p.substring(0, 8) + " " + p.substring(8), KEY));
        rejects(MalformedJwtException.class, hsRaw("HS256", h, p.substring(0, 8) + "\n" + p.substring(8), KEY));
        rejects(MalformedJwtException.class, " " + good);
        // a character that truncates to a base64url letter (U+0141 -> 0x41 'A') is not that letter
        int i = good.indexOf('A', good.indexOf('.') + 1);
        assertTrue(i > 0, good);
        rejects(MalformedJwtException.class, good.substring(0, i) + '\u0141' + good.substring(i + 1));
        // the same in every segment and as a StringBuilder; and Latin-1 letters above 0x7F, and
        // surrogate pairs (one character short once narrowed), wherever they stand
        for (int at : new int[] {3, good.indexOf('.') + 5, good.lastIndexOf('.') + 5, good.length() - 1}) {
            for (String odd : new String[] {"\u0141", "\u012E", "\u00C1", "\u00E9", "\uD83D\uDE00", "\u0000"}) {
                int cut = Math.min(good.length(), at + ("\uD83D\uDE00".equals(odd) ? 2 : 1));
                String bad = good.substring(0, at) + odd + good.substring(cut);
                rejects(MalformedJwtException.class, bad);
                assertThrows(MalformedJwtException.class, () -> V.decode(new StringBuilder(bad)));
            }
        }
        // length 1 mod 4
        rejects(MalformedJwtException.class, hsRaw("HS256", h, p + "A" + (p.length() % 4 == 0 ? "" : "AAA".substring(0, (5 - p.length() % 4) % 4)), KEY));
        // non-zero unused bits in the signature's last character (43 chars: 2 unused bits)
        char last = sig.charAt(sig.length() - 1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        char sibling = alphabet.charAt(alphabet.indexOf(last) ^ 1);
        String malleated = good.substring(0, good.length() - 1) + sibling;
        assertEquals(java.util.Arrays.toString(java.util.Base64.getUrlDecoder().decode(sig)),
                java.util.Arrays.toString(java.util.Base64.getUrlDecoder().decode(malleated.substring(malleated.lastIndexOf('.') + 1))),
                "the JDK's lenient decoder reads both spellings as the same bytes");
        rejects(MalformedJwtException.class, malleated);
    }

    // Row 7
    @Test
    void row07_embeddedKeysAndKeyUrlsAreNeverTrustedNorFetched() throws Exception {
        AtomicInteger hits = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            hits.incrementAndGet();
            ex.sendResponseHeaders(500, -1);
            ex.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/keys";
            byte[] attackerKey = TestTokens.bytes(64, 666);
            String header = "{\"alg\":\"HS256\",\"jwk\":{\"kty\":\"oct\",\"k\":\"" + b64(attackerKey) + "\"},"
                    + "\"jku\":\"" + url + "\",\"x5u\":\"" + url + "\",\"x5c\":[\"MIIB\"]}";
            // Signed by the attacker with the key they embedded: refused.
            rejects(BadSignatureException.class, TestTokens.hs("HS256", header, CLAIMS, attackerKey));
            // Signed with the configured key: accepted, the members are inert data.
            VerifiedJwt<Map> jwt = V.decodeJwt(TestTokens.hs("HS256", header, CLAIMS, KEY), Map.class);
            assertEquals(url, jwt.header().get("jku"));
            assertEquals(0, hits.get(), "no URL from a token is ever fetched");
        } finally {
            server.stop(0);
        }
    }

    // Row 8
    @Test
    void row08_kidIsAnOpaqueExactMatchWithNoFallback() {
        byte[] k2 = TestTokens.bytes(64, 2);
        try (JwtSecretKey key1 = JwtSecretKey.of(KEY).withKeyId("k1"); JwtSecretKey key2 = JwtSecretKey.of(k2).withKeyId("k2")) {
            JwtVerifier two = JwtVerifier.builder(List.of(key1, key2)).algorithms(Algorithm.HS256)
                    .audience(AUD).clock(CLOCK).build();
            assertEquals("alice", two.decode(hs256Header("{\"alg\":\"HS256\",\"kid\":\"k1\"}", CLAIMS)).get("sub"));
            for (String kid : List.of("../../../etc/passwd", "' OR '1'='1' --", "k1 ", "K1", "k1\\u0000", "")) {
                rejects(UnknownKeyException.class, two, hs256Header("{\"alg\":\"HS256\",\"kid\":\"" + kid + "\"}", CLAIMS));
            }
            // kid names k2 but the token is signed with k1's secret: no fallback to k1.
            rejects(BadSignatureException.class, two, hs256Header("{\"alg\":\"HS256\",\"kid\":\"k2\"}", CLAIMS));
            // no kid and two candidate keys: refused rather than tried in turn
            rejects(UnknownKeyException.class, two, hs256(CLAIMS));
            for (String kid : List.of("123", "null", "true", "{\"a\":1}", "[\"k1\"]")) {
                rejects(MalformedJwtException.class, two, hs256Header("{\"alg\":\"HS256\",\"kid\":" + kid + "}", CLAIMS));
            }
            String huge = "k".repeat(64 * 1024);
            rejects(MalformedJwtException.class, two, hs256Header("{\"alg\":\"HS256\",\"kid\":\"" + huge + "\"}", CLAIMS));
            JwtVerifier roomy = JwtVerifier.builder(List.of(key1, key2)).algorithms(Algorithm.HS256)
                    .audience(AUD).clock(CLOCK).maxTokenBytes(256 * 1024).build();
            rejects(UnknownKeyException.class, roomy, hs256Header("{\"alg\":\"HS256\",\"kid\":\"" + huge + "\"}", CLAIMS));
        }
    }

    // Row 9
    @Test
    void row09_critIsRefusedUnlessUnderstood() {
        rejects(UnsupportedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"crit\":[\"exp\"],\"exp\":1}", CLAIMS));
        rejects(UnsupportedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"crit\":[\"x\",\"y\"],\"x\":1,\"y\":2}", CLAIMS));
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"crit\":[]}", CLAIMS));
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"crit\":\"b64\"}", CLAIMS));
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"crit\":[1]}", CLAIMS));
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"crit\":null}", CLAIMS));
    }

    // Row 10
    @Test
    void row10_unencodedPayloadsAreRefused() {
        rejects(UnsupportedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"b64\":false,\"crit\":[\"b64\"]}", CLAIMS));
        rejects(UnsupportedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"b64\":false}", CLAIMS));
        // b64 must be a boolean (RFC 7797 section 3): a string is a malformed header
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"b64\":\"false\"}", CLAIMS));
        // b64: true is the default meaning and changes nothing
        assertEquals("alice", V.decode(hs256Header("{\"alg\":\"HS256\",\"b64\":true}", CLAIMS)).get("sub"));
    }

    // Row 11
    @Test
    void row11_duplicateMembersAreRefused() {
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"alg\":\"HS256\"}", CLAIMS));
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"kid\":\"a\",\"kid\":\"b\"}", CLAIMS));
        rejects(MalformedJwtException.class, hs256("{\"sub\":\"alice\",\"sub\":\"mallory\",\"aud\":\"my-api\",\"exp\":1700003600}"));
        rejects(MalformedJwtException.class, hs256("{\"exp\":1700003600,\"aud\":\"my-api\",\"exp\":1}"));
        // checked while streaming: an invalid first copy fails on its own, the duplicate never binds
        assertThrows(ExpiredJwtException.class, () -> V.decode(hs256("{\"exp\":1,\"aud\":\"my-api\",\"exp\":1700003600}")));
        rejects(MalformedJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"x\":{\"a\":1,\"a\":2}}"));
        JwtException typed = assertThrows(JwtException.class,
                () -> V.decode(hs256("{\"sub\":\"a\",\"sub\":\"b\",\"aud\":\"my-api\",\"exp\":1700003600}"), RoundTripTest.Claims.class));
        assertInstanceOf(MalformedJwtException.class, typed);
    }

    // Row 12
    @ParameterizedTest
    @ValueSource(strings = {"exp", "nbf", "iat"})
    void row12_numericDatesOfTheWrongTypeAreRefusedNeverIgnored(String claim) {
        for (String bad : List.of("\"1700003600\"", "true", "null", "[1700003600]", "{}", "-1",
                "1e400", "99999999999999999999", "253402300800")) {
            String payload = "{\"aud\":\"my-api\",\"exp\":1700003600," + "\"" + claim + "\":" + bad + "}";
            if (claim.equals("exp")) {
                payload = "{\"aud\":\"my-api\",\"exp\":" + bad + "}";
            }
            InvalidClaimException e = rejects(InvalidClaimException.class, hs256(payload));
            assertEquals(claim, e.claim());
        }
        // NaN and Infinity are not JSON at all
        rejects(MalformedJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"" + claim + "\":NaN}"));
        rejects(MalformedJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"" + claim + "\":Infinity}"));
    }

    // Row 13
    @Test
    void row13_expAndNbfHonourTheLeewayExactly() {
        long now = TestTokens.NOW;
        rejects(ExpiredJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":" + now + "}"));
        rejects(ExpiredJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":" + (now - 1) + "}"));
        assertEquals(now + 1, V.decode(hs256("{\"aud\":\"my-api\",\"exp\":" + (now + 1) + "}")).get("exp"));
        rejects(NotYetValidException.class, hs256("{\"aud\":\"my-api\",\"exp\":" + (now + 99) + ",\"nbf\":" + (now + 1) + "}"));
        V.decode(hs256("{\"aud\":\"my-api\",\"exp\":" + (now + 99) + ",\"nbf\":" + now + "}"));
        rejects(MissingClaimException.class, hs256("{\"aud\":\"my-api\"}"));

        try (JwtSecretKey key = JwtSecretKey.of(KEY)) {
            JwtVerifier lenient = JwtVerifier.builder(key).algorithms(Algorithm.HS256).audience(AUD)
                    .clock(CLOCK).leeway(Duration.ofSeconds(30)).build();
            lenient.decode(hs256("{\"aud\":\"my-api\",\"exp\":" + (now - 29) + "}"));
            rejects(ExpiredJwtException.class, lenient, hs256("{\"aud\":\"my-api\",\"exp\":" + (now - 30) + "}"));
            lenient.decode(hs256("{\"aud\":\"my-api\",\"exp\":" + (now + 99) + ",\"nbf\":" + (now + 30) + "}"));
            rejects(NotYetValidException.class, lenient, hs256("{\"aud\":\"my-api\",\"exp\":" + (now + 99) + ",\"nbf\":" + (now + 31) + "}"));
            // fractional NumericDates are compared exactly
            rejects(ExpiredJwtException.class, lenient, hs256("{\"aud\":\"my-api\",\"exp\":" + (now - 30) + ".0}"));
            lenient.decode(hs256("{\"aud\":\"my-api\",\"exp\":" + (now - 30) + ".5}"));
            JwtVerifier noExp = JwtVerifier.builder(key).algorithms(Algorithm.HS256).audience(AUD)
                    .clock(CLOCK).allowMissingExpiration().build();
            assertEquals("my-api", noExp.decode(hs256("{\"aud\":\"my-api\"}")).get("aud"));
        }
    }

    // Row 14
    @Test
    void row14_audienceAcceptsOnlyAMatch() {
        String exp = ",\"exp\":1700003600}";
        assertEquals("my-api", V.decode(hs256("{\"aud\":\"my-api\"" + exp)).get("aud"));
        assertEquals(List.of("other", "my-api"), V.decode(hs256("{\"aud\":[\"other\",\"my-api\"]" + exp)).get("aud"));
        for (String aud : List.of("[]", "\"\"", "[1]", "[\"my-api\",1]", "[\"my-api\",null]", "[\"\"]",
                "\"other\"", "[\"other\"]", "\"MY-API\"", "{\"aud\":\"my-api\"}", "null", "1", "true")) {
            InvalidClaimException e = rejects(InvalidClaimException.class, hs256("{\"aud\":" + aud + exp));
            assertEquals("aud", e.claim());
        }
        MissingClaimException missing = rejects(MissingClaimException.class, hs256("{\"sub\":\"x\"" + exp));
        assertEquals("aud", missing.claim());
        try (JwtSecretKey key = JwtSecretKey.of(KEY)) {
            JwtVerifier none = JwtVerifier.builder(key).algorithms(Algorithm.HS256).clock(CLOCK).build();
            rejects(InvalidClaimException.class, none, hs256("{\"aud\":\"my-api\"" + exp));
            assertEquals("x", none.decode(hs256("{\"sub\":\"x\"" + exp)).get("sub"));
        }
    }

    // Row 15
    @Test
    void row15_compressionAndNestedTokensAreRefused() {
        rejects(UnsupportedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"zip\":\"DEF\"}", CLAIMS));
        for (String cty : List.of("JWT", "jwt", "application/jwt")) {
            rejects(UnsupportedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"cty\":\"" + cty + "\"}", CLAIMS));
        }
    }

    // Row 16
    @Test
    void row16_oversizedTokensAndDotBombsAreRefusedBeforeDecoding() {
        String big = hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"pad\":\"" + "x".repeat(70_000) + "\"}");
        MalformedJwtException e = rejects(MalformedJwtException.class, big);
        assertTrue(e.getMessage().contains("cap"), e.getMessage());
        rejects(MalformedJwtException.class, ".".repeat(60_000));
        rejects(MalformedJwtException.class, "a.".repeat(30_000) + "a");
        try (JwtSecretKey key = JwtSecretKey.of(KEY)) {
            JwtVerifier small = JwtVerifier.builder(key).algorithms(Algorithm.HS256).audience(AUD).clock(CLOCK)
                    .maxTokenBytes(100).build();
            rejects(MalformedJwtException.class, small, hs256(CLAIMS));
        }
    }

    // Row 17
    @Test
    void row17_hostileJsonIsRefused() {
        String deep = "[".repeat(40) + "]".repeat(40);
        rejects(MalformedJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"x\":" + deep + "}"));
        String deepObj = "{\"a\":".repeat(40) + "1" + "}".repeat(40);
        rejects(MalformedJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"x\":" + deepObj + "}"));
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"x\":" + deep + "}", CLAIMS));
        // invalid UTF-8: stray byte, overlong '/', encoded surrogate, truncated sequence, > U+10FFFF
        for (String hex : List.of("ff", "c0af", "eda080", "e282", "f4908080")) {
            byte[] bad = java.util.HexFormat.of().parseHex(hex);
            byte[] prefix = "{\"aud\":\"my-api\",\"exp\":1700003600,\"x\":\"".getBytes(StandardCharsets.US_ASCII);
            byte[] payload = new byte[prefix.length + bad.length + 2];
            System.arraycopy(prefix, 0, payload, 0, prefix.length);
            System.arraycopy(bad, 0, payload, prefix.length, bad.length);
            payload[payload.length - 2] = '"';
            payload[payload.length - 1] = '}';
            rejects(MalformedJwtException.class, hsRaw("HS256", b64(H), b64(payload), KEY));
        }
        // valid multi-byte UTF-8 is fine
        assertEquals("Zoë 𝄞", V.decode(hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"n\":\"Zoë 𝄞\"}")).get("n"));
        // lone surrogates through escapes, in values and in names
        rejects(MalformedJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"x\":\"\\ud800\"}"));
        rejects(MalformedJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"x\":\"\\udc00\\ud800\"}"));
        rejects(MalformedJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"\\udc00\":1}"));
        rejects(MalformedJwtException.class, hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"a\\ud800\":1}"));
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\",\"x\":\"\\ud800x\"}", CLAIMS));
        assertEquals("\ud834\udd1e", V.decode(hs256("{\"aud\":\"my-api\",\"exp\":1700003600,\"x\":\"\\ud834\\udd1e\"}")).get("x"));
        // trailing garbage, and payloads that are not objects
        for (String p : List.of(CLAIMS + " x", CLAIMS + "{}", CLAIMS + "]", "[]", "\"s\"", "123", "null", "", " ")) {
            rejects(MalformedJwtException.class, hs256(p));
        }
        rejects(MalformedJwtException.class, hs256Header("[\"alg\",\"HS256\"]", CLAIMS));
        rejects(MalformedJwtException.class, hs256Header("{\"alg\":\"HS256\"} x", CLAIMS));
    }

    // Row 18
    @Test
    void row18_shortSecretsAreRefusedAtImport() {
        assertThrows(InvalidJwtKeyException.class, () -> JwtSecretKey.of(new byte[31]));
        assertThrows(InvalidJwtKeyException.class, () -> JwtSecretKey.of(new byte[0]));
        assertThrows(NullPointerException.class, () -> JwtSecretKey.of(null));
        assertThrows(InvalidJwtKeyException.class, () -> JwtSecretKey.ofInsecureShortSecret(new byte[0]));
        try (JwtSecretKey k40 = JwtSecretKey.of(TestTokens.bytes(40, 1)); JwtSecretKey k48 = JwtSecretKey.of(TestTokens.bytes(48, 1))) {
            assertThrows(InvalidJwtKeyException.class, () -> JwtVerifier.builder(k40).algorithms(Algorithm.HS384).build());
            assertThrows(InvalidJwtKeyException.class, () -> JwtSigner.builder(k48).algorithm(Algorithm.HS512).build());
            JwtVerifier.builder(k48).algorithms(Algorithm.HS384).build();
        }
        // explicit opt-in for legacy secrets
        byte[] legacy = "legacy-secret".getBytes(StandardCharsets.US_ASCII);
        try (JwtSecretKey k = JwtSecretKey.ofInsecureShortSecret(legacy)) {
            String t = JwtSigner.builder(k).algorithm(Algorithm.HS256).build().sign(Map.of("exp", TestTokens.NOW + 5));
            assertEquals(TestTokens.NOW + 5, JwtVerifier.builder(k).algorithms(Algorithm.HS256).clock(CLOCK).build()
                    .decode(t).get("exp"));
        }
    }
}
