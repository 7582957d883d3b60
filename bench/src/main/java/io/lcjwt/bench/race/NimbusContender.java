package io.lcjwt.bench.race;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.proc.SingleKeyJWSKeySelector;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;

import javax.crypto.spec.SecretKeySpec;
import java.security.Key;
import java.util.Map;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Set;

/**
 * nimbus-jose-jwt: a {@code DefaultJWTProcessor} whose claims verifier requires the audience and
 * {@code exp} at the fixture's clock. PEM through JCA's KeyFactory (nimbus's own PEM reader needs
 * BouncyCastle); a JWK with {@code JWK.parse}; a JWKS as {@code JWKSet} + {@code JWSVerificationKeySelector};
 * a JWKS URL with {@code JWKSourceBuilder} (cached) over a {@code DefaultResourceRetriever} that
 * trusts the server.
 */
final class NimbusContender extends Contender {

    NimbusContender() {
        super("nimbus", "com.nimbusds", "nimbus-jose-jwt", JWSAlgorithm.class,
                Map.of("EdDSA", "nimbus verifies Ed25519 only through Google Tink (optional dependency, not taken)",
                        "ES256K", "nimbus verifies ES256K through JCA, and the JDK has no secp256k1"
                                + " (needs BouncyCastle, not taken)"),
                Map.of());
    }

    @Override
    Decoder build(CaseSetup s) throws Exception {
        JWSAlgorithm alg = JWSAlgorithm.parse(s.alg());
        AutoCloseable[] owned = {null};
        JWSKeySelector<SecurityContext> selector = switch (s.source()) {
            case SECRET -> new SingleKeyJWSKeySelector<>(alg, new SecretKeySpec(s.secret(), "HmacSHA256"));
            case PEM -> new SingleKeyJWSKeySelector<>(alg, s.jcaPublicKey());
            case JWK -> new SingleKeyJWSKeySelector<>(alg, keyOf(JWK.parse(s.jwk())));
            case JWKS -> new JWSVerificationKeySelector<>(alg, new ImmutableJWKSet<>(JWKSet.parse(s.jwks())));
            case JWKS_URL -> {
                DefaultResourceRetriever retriever = new DefaultResourceRetriever(5_000, 5_000, 512 * 1024, true,
                        s.server().clientContext().getSocketFactory());
                JWKSource<SecurityContext> remote = JWKSourceBuilder.<SecurityContext>create(s.jwksUri().toURL(), retriever)
                        .build();
                owned[0] = remote instanceof AutoCloseable c ? c : null; // its refresh-ahead executor
                yield new JWSVerificationKeySelector<>(alg, remote);
            }
        };
        Date now = s.nowDate();
        DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
        p.setJWSKeySelector(selector);
        p.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(s.audience(), null, Set.of("exp")) {
            @Override
            protected Date currentTime() {
                return now;
            }
        });
        return new PeerDecoder(t -> p.process(t, null), r -> new LinkedHashMap<>(((JWTClaimsSet) r).getClaims()),
                e -> e instanceof BadJWTException && PeerDecoder.mentions(e, "expired"),
                e -> e instanceof BadJWTException && PeerDecoder.mentions(e, "aud claim rejected")).closing(owned[0]);
    }

    private static Key keyOf(JWK jwk) throws Exception {
        return switch (jwk) {
            case OctetSequenceKey oct -> oct.toSecretKey("HmacSHA256");
            case RSAKey rsa -> rsa.toRSAPublicKey();
            case ECKey ec -> ec.toECPublicKey();
            default -> throw new Decoder.NotApplicable("nimbus JWK type " + jwk.getKeyType() + " is not a verification key here");
        };
    }
}
