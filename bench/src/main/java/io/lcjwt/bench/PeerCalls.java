package io.lcjwt.bench;

import io.fusionauth.jwt.InvalidJWTException;
import io.fusionauth.jwt.JWTDecoder;
import io.fusionauth.jwt.Verifier;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.User;
import io.vertx.ext.auth.authentication.TokenCredentials;
import io.vertx.ext.auth.jwt.JWTAuth;

import java.util.Collection;

/**
 * The two peer decodes that need more than one call, shared by the HS256 and asymmetric benchmarks
 * and the race's contenders ({@code io.lcjwt.bench.race}).
 */
public final class PeerCalls {
    private PeerCalls() {}

    /** fusionauth-jwt checks signature, exp and nbf but has no audience option: the caller checks aud. */
    public static io.fusionauth.jwt.domain.JWT fusionAuth(JWTDecoder decoder, Verifier verifier, String token, String audience) {
        return fusionAuthAudience(decoder.decode(token, verifier), audience);
    }

    /** fusionauth-jwt's decoded {@code jwt}, if its {@code aud} is or contains {@code audience}. */
    public static io.fusionauth.jwt.domain.JWT fusionAuthAudience(io.fusionauth.jwt.domain.JWT jwt, String audience) {
        Object aud = jwt.audience;
        if (!(audience.equals(aud) || aud instanceof Collection<?> c && c.contains(audience))) {
            throw new InvalidJWTException("The JWT audience [" + aud + "] is not accepted");
        }
        return jwt;
    }

    /**
     * vert.x's provider answers with an already-completed Future (a failed one becomes an exception);
     * the verified payload is the User's {@code accessToken} attribute.
     */
    public static JsonObject vertx(JWTAuth auth, String token) {
        Future<User> f = auth.authenticate(new TokenCredentials(token));
        if (f.succeeded()) {
            return f.result().attributes().getJsonObject("accessToken");
        }
        throw new Hs256DecodeBench.VertxRejected(f.isComplete() ? f.cause()
                : new IllegalStateException("vert.x did not complete synchronously"));
    }
}
