package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** RFC 9068: the JWT profile for OAuth 2.0 access tokens, as {@code accessTokenProfile()} checks it. */
class Rfc9068AccessTokenProfileTest {
    static final String ISS = "https://id.example";
    static final String CLAIMS = "{\"iss\":\"" + ISS + "\",\"exp\":1700003600,\"aud\":\"my-api\",\"sub\":\"alice\","
            + "\"client_id\":\"app-1\",\"iat\":1700000000,\"jti\":\"t-1\"}";

    static JwtVerifier verifier() {
        return TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256).issuer(ISS)
                .audience(TestTokens.AUD).clock(TestTokens.CLOCK).accessTokenProfile().build();
    }

    static String token(String typ, String claims) {
        return TestTokens.hs256Header("{\"alg\":\"HS256\"" + (typ == null ? "" : ",\"typ\":\"" + typ + "\"") + "}", claims);
    }

    @ParameterizedTest
    @ValueSource(strings = {"at+jwt", "application/at+jwt", "AT+JWT", "Application/At+Jwt"})
    void section2_1_typIsAtJwtWithOrWithoutApplicationInAnyCase(String typ) {
        Map<String, Object> claims = verifier().decode(token(typ, CLAIMS));
        assertEquals("app-1", claims.get("client_id"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"JWT", "at+jwt2", "application/jwt", "dpop+jwt"})
    void section4_anotherTypIsRefusedBeforeTheSignature(String typ) {
        InvalidHeaderException e = assertThrows(InvalidHeaderException.class, () -> verifier().decode(token(typ, CLAIMS)));
        assertEquals("typ", e.parameter());
    }

    @Test
    void section4_noTypIsRefused() {
        assertThrows(InvalidHeaderException.class, () -> verifier().decode(token(null, CLAIMS)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"iss", "exp", "aud", "sub", "client_id", "iat", "jti"})
    void section2_2_eachRequiredClaimIsRequired(String name) {
        String without = CLAIMS.replaceFirst("\"" + name + "\":(\"[^\"]*\"|[0-9]+),?", "").replace(",}", "}");
        JwtVerifier v = name.equals("aud") || name.equals("iss")
                ? TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256).anyAudience()
                        .clock(TestTokens.CLOCK).accessTokenProfile().build()
                : verifier();
        MissingClaimException e = assertThrows(MissingClaimException.class, () -> v.decode(token("at+jwt", without)));
        assertEquals(name, e.claim());
    }

    @Test
    void theProfileUndoesAllowMissingExpiration() {
        JwtVerifier v = TestTokens.builder(JwtSecretKey.of(TestTokens.KEY)).algorithms(Algorithm.HS256).issuer(ISS)
                .audience(TestTokens.AUD).clock(TestTokens.CLOCK).allowMissingExpiration().accessTokenProfile().build();
        String noExp = CLAIMS.replace("\"exp\":1700003600,", "");
        assertThrows(MissingClaimException.class, () -> v.decode(token("at+jwt", noExp)));
    }
}
