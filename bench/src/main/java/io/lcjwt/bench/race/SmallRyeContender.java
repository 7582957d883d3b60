package io.lcjwt.bench.race;

import com.fasterxml.jackson.jr.ob.JSON;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTParser;
import jakarta.json.JsonValue;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;

import javax.crypto.spec.SecretKeySpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * smallrye-jwt, standalone: a {@code DefaultJWTParser} over a {@code JWTAuthContextInfo} with the
 * expected audience and the case's algorithm (smallrye's defaults otherwise, e.g. 60 s clock skew).
 * It has no clock option (jose4j underneath evaluates at the system time, which works because the
 * valid {@code exp} is in 2100). Keys as smallrye reads them: the secret as a {@code JwtSecretKey};
 * PEM, JWK and JWKS as {@code publicKeyContent} (or {@code secretKeyContent} for an oct JWK), key
 * chosen by {@code kid}; a JWKS URL as {@code publicKeyLocation} with the server's certificate as
 * {@code tlsCertificatePath}. Rejections are a {@code ParseException} caused by jose4j's
 * {@code InvalidJwtException}.
 */
final class SmallRyeContender extends Contender {

    /** What smallrye puts in every token's claims on its own: the raw token. */
    static final Set<String> ADDED = Set.of("raw_token");

    SmallRyeContender() {
        super("smallrye", "io.smallrye", "smallrye-jwt", DefaultJWTParser.class, Map.of(), Map.of());
    }

    @Override
    Decoder build(CaseSetup s) throws Exception {
        SignatureAlgorithm alg;
        try {
            alg = SignatureAlgorithm.fromAlgorithm(s.alg());
        } catch (IllegalArgumentException e) {
            throw new Decoder.NotApplicable("smallrye-jwt has no " + s.alg() + " (not in its SignatureAlgorithm)");
        }
        JWTAuthContextInfo ctx = new JWTAuthContextInfo();
        ctx.setExpectedAudience(Set.of(s.audience()));
        ctx.setSignatureAlgorithm(Set.of(alg));
        switch (s.source()) {
            case SECRET -> ctx.setSecretVerificationKey(new SecretKeySpec(s.secret(), "HmacSHA256"));
            case PEM -> ctx.setPublicKeyContent(s.pem());
            case JWK -> {
                if (s.c().isHmac()) {
                    ctx.setSecretKeyContent(s.jwk());
                } else {
                    ctx.setPublicKeyContent(s.jwk());
                }
            }
            case JWKS -> ctx.setPublicKeyContent(s.jwks());
            case JWKS_URL -> {
                ctx.setPublicKeyLocation(s.jwksUri().toString());
                ctx.setTlsCertificatePath(s.server().certificate().toString());
            }
        }
        JWTParser parser = new DefaultJWTParser(ctx);
        return new PeerDecoder(parser::parse, SmallRyeContender::claims,
                e -> PeerDecoder.causedBy(e, InvalidJwtException.class, InvalidJwtException::hasExpired),
                e -> PeerDecoder.causedBy(e, InvalidJwtException.class, ije -> ije.hasErrorCode(ErrorCodes.AUDIENCE_INVALID)))
                .adding(ADDED);
    }

    /** Claims from the JsonWebToken: JSON-P values back to plain JSON, collections to lists. */
    private static Map<String, Object> claims(Object r) throws Exception {
        JsonWebToken jwt = (JsonWebToken) r;
        Map<String, Object> m = new LinkedHashMap<>();
        for (String name : jwt.getClaimNames()) {
            m.put(name, plain(jwt.getClaim(name)));
        }
        return m;
    }

    private static Object plain(Object v) throws Exception {
        if (v instanceof JsonValue j) {
            return JSON.std.anyFrom(j.toString());
        }
        if (v instanceof Collection<?> c) {
            ArrayList<Object> l = new ArrayList<>();
            for (Object o : c) {
                l.add(plain(o));
            }
            return l;
        }
        return v;
    }
}
