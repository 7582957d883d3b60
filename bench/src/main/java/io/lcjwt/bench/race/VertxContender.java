package io.lcjwt.bench.race;

import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.bench.PeerCalls;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * vert.x {@code JWTAuth} with the audience set, through {@link PeerCalls#vertx} (its Future completes
 * synchronously). No clock option: it checks {@code exp} against the system clock, which works
 * because the fixtures' valid {@code exp} is in 2100. The secret goes in as an {@code oct} JWK
 * (vert.x takes HMAC keys as JWKs or as string buffers, and the secret is not text); PEM through
 * {@code PubSecKeyOptions}; JWKs with {@code addJwk}, the JWKS as all three of them.
 */
final class VertxContender extends Contender {

    VertxContender() {
        super("vertx", "io.vertx", "vertx-auth-jwt", JWTAuth.class,
                Map.of("ES256K", "vert.x verifies ES256K through JCA, and the JDK has no secp256k1 (\"Curve not supported\")"),
                Map.of(KeySource.JWKS_URL, NO_JWKS_URL_CLIENT));
    }

    /** The algorithm vert.x gives a JWK that has no {@code alg}, by {@code kty} (vert.x's JWK constructor). */
    private static final Map<String, String> ALG_WHEN_ABSENT = Map.of("RSA", "RS256", "EC", "ES256", "OKP", "EdDSA",
            "oct", "HS256");

    @Override
    Decoder build(CaseSetup s) throws Exception {
        if (s.source() == KeySource.JWK || s.source() == KeySource.JWKS) {
            JsonObject signer = signerJwk(s);
            String assumed = signer.getString("alg", ALG_WHEN_ABSENT.get(signer.getString("kty")));
            if (!s.alg().equals(assumed)) {
                throw new Decoder.NotApplicable("vert.x takes a JWK without \"alg\" as RS256 (RSA) or ES256 (EC),"
                        + " and the fixture's JWKs have no alg: its " + signer.getString("kty") + " key is not used for "
                        + s.alg());
            }
        }
        JWTAuthOptions options = new JWTAuthOptions().setJWTOptions(new JWTOptions().setAudience(List.of(s.audience())));
        switch (s.source()) {
            case SECRET -> options.addJwk(new JsonObject(s.octJwk()));
            case PEM -> options.addPubSecKey(new PubSecKeyOptions()
                    .setAlgorithm(s.alg())
                    .setId(s.c().kid())
                    .setBuffer(s.pem()));
            case JWK -> options.addJwk(new JsonObject(s.jwk()));
            case JWKS -> {
                for (Object k : new JsonObject(s.jwks()).getJsonArray("keys")) {
                    options.addJwk((JsonObject) k);
                }
            }
            case JWKS_URL -> throw new IllegalStateException("declared n/a");
        }
        Vertx vertx = Vertx.vertx();
        JWTAuth auth;
        try {
            auth = JWTAuth.create(vertx, options);
        } catch (RuntimeException e) {
            close(vertx);
            throw e;
        }
        return new PeerDecoder(t -> PeerCalls.vertx(auth, t), r -> JSON.std.mapFrom(((JsonObject) r).encode()),
                e -> PeerDecoder.mentions(e, "expired"),
                e -> PeerDecoder.mentions(e, "audience"))
                .closing(() -> close(vertx));
    }

    /** The JWK that verifies the case: the single JWK, or the JWKS member with the case's kid. */
    private static JsonObject signerJwk(CaseSetup s) {
        if (s.source() == KeySource.JWK) {
            return new JsonObject(s.jwk());
        }
        for (Object k : new JsonObject(s.jwks()).getJsonArray("keys")) {
            JsonObject jwk = (JsonObject) k;
            if (s.c().kid() != null && s.c().kid().equals(jwk.getString("kid"))) {
                return jwk;
            }
        }
        throw new IllegalStateException("no JWK with kid " + s.c().kid() + " in the JWKS");
    }

    private static void close(Vertx vertx) throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
