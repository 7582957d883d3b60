package io.lcjwt.spring;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.web.SecurityFilterChain;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Boot resource server configured only with Boot's properties, switched to lcjwt by the
 * dependency alone, over real HTTP: Tomcat on 127.0.0.1, the JWKS on a loopback server, tokens
 * signed by the JDK.
 */
class ServletResourceServerTest {
    static TestIdp idp;
    static TestIdp.Key rsa = TestIdp.rsa("rsa-1");
    static TestIdp.Key ec = TestIdp.ec("ec-1");
    static TestIdp.Key ed = TestIdp.ed("ed-1");
    static ConfigurableApplicationContext app;

    @BeforeAll
    static void start() throws Exception {
        idp = new TestIdp("demo", rsa, ec, ed);
        app = Apps.servlet(Map.of(
                "spring.security.oauth2.resourceserver.jwt.jwk-set-uri", idp.jwksUri(),
                "spring.security.oauth2.resourceserver.jwt.issuer-uri", idp.issuer,
                "spring.security.oauth2.resourceserver.jwt.jws-algorithms", "RS256,ES256,EdDSA",
                "spring.security.oauth2.resourceserver.jwt.audiences", "api"));
    }

    @AfterAll
    static void stop() {
        app.close();
        idp.close();
    }

    @Test
    void theDependencyAloneMakesLcjwtTheDecoderAndBootsFilterChainStays() {
        assertInstanceOf(LcjwtJwtDecoder.class, app.getBean(JwtDecoder.class));
        assertEquals(1, app.getBeansOfType(SecurityFilterChain.class).size(), "Boot's default resource-server chain");
    }

    static Stream<TestIdp.Key> keys() {
        return Stream.of(rsa, ec, ed);
    }

    @ParameterizedTest
    @MethodSource("keys")
    void aValidTokenIsAcceptedAndTheControllerSeesSpringsTypes(TestIdp.Key key) {
        String token = TestIdp.sign(key, idp.claims(""));
        HttpResponse<String> r = Apps.get(app, "/me", token);
        assertEquals(200, r.statusCode(), r.body());
        String b = r.body();
        assertTrue(b.contains("\"name\":\"alice\""), b);
        assertTrue(b.contains("\"exp\":\"Instant\"") && b.contains("\"iat\":\"Instant\""), b);
        assertTrue(b.contains("\"aud\":\"List[api]\""), b);
        assertTrue(b.contains("\"iss\":\"String\""), b);
        assertTrue(b.contains("\"alg\":\"" + key.alg() + "\"") && b.contains("\"kid\":\"" + key.kid() + "\""), b);
        assertTrue(b.contains("\"tokenLength\":" + token.length()), b);
        assertTrue(b.contains("\"SCOPE_read\",\"SCOPE_write\""), b);
    }

    static long now() {
        return System.currentTimeMillis() / 1000;
    }

    static String claims(String iss, String aud, long exp, String extra) {
        return "{\"iss\":\"" + iss + "\",\"sub\":\"alice\",\"aud\":\"" + aud + "\",\"exp\":" + exp
                + (extra.isEmpty() ? "" : "," + extra) + "}";
    }

    static Stream<Object[]> badTokens() {
        String ok = idp.claims("");
        String rsaPem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(rsa.pair().getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n";
        String good = TestIdp.sign(rsa, ok);
        char last = good.charAt(good.length() - 2);
        String badSig = good.substring(0, good.length() - 2) + (last == 'A' ? 'B' : 'A') + good.charAt(good.length() - 1);
        return Stream.of(
                new Object[] {"expired", TestIdp.sign(rsa, claims(idp.issuer, "api", now() - 3600, "")), "expired"},
                new Object[] {"nbf in the future", TestIdp.sign(rsa, claims(idp.issuer, "api", now() + 7200,
                        "\"nbf\":" + (now() + 3600))), "not valid before"},
                new Object[] {"wrong audience", TestIdp.sign(rsa, claims(idp.issuer, "other", now() + 3600, "")), "audience"},
                new Object[] {"wrong issuer", TestIdp.sign(rsa, claims("https://evil.example", "api", now() + 3600, "")), "issuer"},
                new Object[] {"bad signature", badSig, "signature"},
                new Object[] {"alg none", TestIdp.b64("{\"alg\":\"none\"}") + "." + TestIdp.b64(ok) + ".", "none"},
                new Object[] {"HS256 with the RSA public key as secret", TestIdp.hs256(
                        rsaPem.getBytes(StandardCharsets.US_ASCII), "{\"alg\":\"HS256\",\"kid\":\"rsa-1\"}", ok), "HS256"},
                new Object[] {"header alg does not match the key", TestIdp.sign(ec, "{\"alg\":\"RS256\",\"kid\":\"ec-1\"}", ok), ""},
                new Object[] {"unknown kid", TestIdp.sign(TestIdp.rsa("nope"), ok), "kid"},
                new Object[] {"malformed", "not-a-jwt", ""},
                new Object[] {"malformed base64", "eyJhbGciOiJSUzI1NiJ9.@@@.xyz", ""});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badTokens")
    void aBadTokenIsA401WithInvalidToken(String why, String token, String described) {
        HttpResponse<String> r = Apps.get(app, "/me", token);
        assertEquals(401, r.statusCode(), why + ": " + r.body());
        String h = Apps.wwwAuthenticate(r);
        assertTrue(h.startsWith("Bearer ") && h.contains("error=\"invalid_token\""), why + ": " + h);
        assertTrue(h.toLowerCase(java.util.Locale.ROOT).contains(described.toLowerCase(java.util.Locale.ROOT)),
                why + ": the description says why: " + h);
        assertFalse(h.contains("BEGIN PUBLIC KEY"), "no key material in the answer");
    }

    @Test
    void noTokenIsA401Challenge() {
        HttpResponse<String> r = Apps.get(app, "/me", null);
        assertEquals(401, r.statusCode());
        String h = Apps.wwwAuthenticate(r);
        assertTrue(h.startsWith("Bearer") && !h.contains("error="), h);
    }
}
