package io.lcjwt.bench.race;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.IncorrectClaimException;
import com.auth0.jwt.exceptions.TokenExpiredException;
import com.auth0.jwt.interfaces.Claim;
import com.auth0.jwt.interfaces.DecodedJWT;

import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * auth0 java-jwt: {@code JWT.require(alg).withAudience(..)} built with a fixed clock. It takes JCA
 * keys (PEM through KeyFactory) and parses no JWK or JWKS (that is the separate jwks-rsa library).
 */
final class Auth0Contender extends Contender {

    private static final String NO_JWK = "java-jwt parses no JWK or JWKS (that is the separate jwks-rsa library)";

    Auth0Contender() {
        super("auth0", "com.auth0", "java-jwt", JWT.class,
                Map.of("EdDSA", "java-jwt has no EdDSA",
                        "ES256K", "java-jwt 4 has no ES256K (removed in 4.0)"),
                Map.of(KeySource.JWK, NO_JWK, KeySource.JWKS, NO_JWK, KeySource.JWKS_URL, NO_JWKS_URL_CLIENT));
    }

    @Override
    Decoder build(CaseSetup s) throws Exception {
        Algorithm a = switch (s.alg()) {
            case "HS256" -> Algorithm.HMAC256(s.secret());
            case "RS256" -> Algorithm.RSA256((RSAPublicKey) s.jcaPublicKey());
            case "PS256" -> Algorithm.RSA256PSS((RSAPublicKey) s.jcaPublicKey());
            case "ES256" -> Algorithm.ECDSA256((ECPublicKey) s.jcaPublicKey());
            case "ES384" -> Algorithm.ECDSA384((ECPublicKey) s.jcaPublicKey());
            case "ES512" -> Algorithm.ECDSA512((ECPublicKey) s.jcaPublicKey());
            default -> throw new Decoder.NotApplicable("java-jwt has no " + s.alg());
        };
        JWTVerifier v = ((JWTVerifier.BaseVerification) JWT.require(a).withAudience(s.audience())).build(s.clock());
        return new PeerDecoder(v::verify, Auth0Contender::claims,
                e -> e instanceof TokenExpiredException,
                e -> e instanceof IncorrectClaimException ice && "aud".equals(ice.getClaimName()));
    }

    private static Map<String, Object> claims(Object r) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Map.Entry<String, Claim> e : ((DecodedJWT) r).getClaims().entrySet()) {
            m.put(e.getKey(), e.getValue().as(Object.class));
        }
        return m;
    }
}
