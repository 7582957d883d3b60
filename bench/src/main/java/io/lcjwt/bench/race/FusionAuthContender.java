package io.lcjwt.bench.race;

import io.fusionauth.jwks.JSONWebKeyParser;
import io.fusionauth.jwks.JSONWebKeySetHelper.JSONWebKeySetResponse;
import io.fusionauth.jwks.domain.JSONWebKey;
import io.fusionauth.jwt.InvalidJWTException;
import io.fusionauth.jwt.JWTDecoder;
import io.fusionauth.jwt.JWTExpiredException;
import io.fusionauth.jwt.Verifier;
import io.fusionauth.jwt.domain.JWT;
import io.fusionauth.jwt.ec.ECVerifier;
import io.fusionauth.jwt.hmac.HMACVerifier;
import io.fusionauth.jwt.json.Mapper;
import io.fusionauth.jwt.rsa.RSAPSSVerifier;
import io.fusionauth.jwt.rsa.RSAVerifier;
import io.lcjwt.bench.PeerCalls;

import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * fusionauth-jwt: the time-machine decoder at the fixture's clock; it has no audience option, so
 * {@link PeerCalls#fusionAuthAudience} checks {@code aud} after each decode. PEM with its own
 * verifiers' PEM readers; a JWK with {@code Mapper} + {@code JSONWebKeyParser}; a JWKS the same,
 * into the {@code kid -> Verifier} map its decoder selects from.
 */
final class FusionAuthContender extends Contender {

    FusionAuthContender() {
        super("fusionauth", "io.fusionauth", "fusionauth-jwt", JWT.class,
                Map.of("EdDSA", "fusionauth-jwt's algorithm enum has Ed25519/Ed448 but no EdDSA:"
                                + " a standard \"alg\":\"EdDSA\" header does not parse",
                        "ES256K", "fusionauth-jwt has no ES256K"),
                Map.of(KeySource.JWKS_URL, NO_JWKS_URL_CLIENT));
    }

    @Override
    Decoder build(CaseSetup s) throws Exception {
        String aud = s.audience();
        JWTDecoder decoder = JWT.getTimeMachineDecoder(ZonedDateTime.ofInstant(s.now(), ZoneOffset.UTC));
        PeerDecoder.Decode decode = switch (s.source()) {
            case SECRET -> {
                Verifier v = HMACVerifier.newVerifier(s.secret());
                yield t -> PeerCalls.fusionAuth(decoder, v, t, aud);
            }
            case PEM -> {
                Verifier v = switch (s.family()) {
                    case "RS" -> RSAVerifier.newVerifier(s.pem());
                    case "PS" -> RSAPSSVerifier.newVerifier(s.pem());
                    default -> ECVerifier.newVerifier(s.pem());
                };
                yield t -> PeerCalls.fusionAuth(decoder, v, t, aud);
            }
            case JWK -> {
                if (s.c().isHmac()) {
                    throw new Decoder.NotApplicable("fusionauth-jwt's JSONWebKeyParser reads RSA and EC keys only (no oct)");
                }
                Verifier v = verifier(s, parse(s.jwk(), JSONWebKey.class));
                yield t -> PeerCalls.fusionAuth(decoder, v, t, aud);
            }
            case JWKS -> {
                Map<String, Verifier> byKid = new HashMap<>();
                for (JSONWebKey k : parse(s.jwks(), JSONWebKeySetResponse.class).keys) {
                    byKid.put(k.kid, verifier(s, k));
                }
                yield t -> PeerCalls.fusionAuthAudience(decoder.decode(t, byKid), aud);
            }
            case JWKS_URL -> throw new IllegalStateException("declared n/a");
        };
        return new PeerDecoder(decode, r -> new LinkedHashMap<>(((JWT) r).getAllClaims()),
                e -> e instanceof JWTExpiredException,
                e -> e instanceof InvalidJWTException && PeerDecoder.mentions(e, "audience"));
    }

    private static <T> T parse(String json, Class<T> type) {
        return Mapper.deserialize(json.getBytes(StandardCharsets.UTF_8), type);
    }

    /** The verifier for key {@code k} when the case's algorithm is used: EC keys get an ECVerifier. */
    private static Verifier verifier(CaseSetup s, JSONWebKey k) {
        PublicKey pk = new JSONWebKeyParser().parse(k);
        if (pk instanceof ECPublicKey) {
            return ECVerifier.newVerifier(pk);
        }
        return "PS".equals(s.family()) ? RSAPSSVerifier.newVerifier(pk) : RSAVerifier.newVerifier(pk);
    }
}
