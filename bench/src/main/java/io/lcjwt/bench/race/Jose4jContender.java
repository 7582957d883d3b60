package io.lcjwt.bench.race;

import org.jose4j.http.Get;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwk.HttpsJwks;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.EcKeyUtil;
import org.jose4j.keys.EdDsaKeyUtil;
import org.jose4j.keys.HmacKey;
import org.jose4j.keys.RsaKeyUtil;
import org.jose4j.keys.resolvers.HttpsJwksVerificationKeyResolver;
import org.jose4j.keys.resolvers.JwksVerificationKeyResolver;

import java.util.Map;
import java.util.LinkedHashMap;

/**
 * jose4j: a {@code JwtConsumer} requiring {@code exp} and the audience, evaluated at the fixture's
 * clock, permitting only the case's algorithm. PEM with jose4j's own key utils
 * ({@code RsaKeyUtil}/{@code EcKeyUtil}/{@code EdDsaKeyUtil.fromPemEncoded}); a JWK with
 * {@code JsonWebKey.Factory}; a JWKS with {@code JwksVerificationKeyResolver}; a JWKS URL with
 * {@code HttpsJwks} (cached per Cache-Control) over a {@code Get} that trusts the server.
 */
final class Jose4jContender extends Contender {

    Jose4jContender() {
        super("jose4j", "org.bitbucket.b_c", "jose4j", JwtConsumer.class,
                Map.of("ES256K", "jose4j verifies ES256K through JCA, and the JDK has no secp256k1"), Map.of());
    }

    @Override
    Decoder build(CaseSetup s) throws Exception {
        JwtConsumerBuilder b = new JwtConsumerBuilder()
                .setRequireExpirationTime()
                .setExpectedAudience(s.audience())
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, s.alg())
                .setEvaluationTime(NumericDate.fromSeconds(s.now().getEpochSecond()));
        switch (s.source()) {
            case SECRET -> b.setVerificationKey(new HmacKey(s.secret()));
            case PEM -> {
                String pem = s.pem();
                b.setVerificationKey(switch (s.family()) {
                    case "RS", "PS" -> new RsaKeyUtil().fromPemEncoded(pem);
                    case "ES" -> new EcKeyUtil().fromPemEncoded(pem);
                    default -> new EdDsaKeyUtil().fromPemEncoded(pem);
                });
            }
            case JWK -> b.setVerificationKey(JsonWebKey.Factory.newJwk(s.jwk()).getKey());
            case JWKS -> b.setVerificationKeyResolver(
                    new JwksVerificationKeyResolver(new JsonWebKeySet(s.jwks()).getJsonWebKeys()));
            case JWKS_URL -> {
                Get get = new Get();
                get.setSslSocketFactory(s.server().clientContext().getSocketFactory());
                HttpsJwks remote = new HttpsJwks(s.jwksUri().toString());
                remote.setSimpleHttpGet(get);
                b.setVerificationKeyResolver(new HttpsJwksVerificationKeyResolver(remote));
            }
        }
        JwtConsumer consumer = b.build();
        return new PeerDecoder(consumer::processToClaims, r -> new LinkedHashMap<>(((JwtClaims) r).getClaimsMap()),
                e -> e instanceof InvalidJwtException ije && ije.hasExpired(),
                e -> e instanceof InvalidJwtException ije && ije.hasErrorCode(ErrorCodes.AUDIENCE_INVALID));
    }
}
