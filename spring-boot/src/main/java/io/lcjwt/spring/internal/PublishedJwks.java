package io.lcjwt.spring.internal;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.JSONObjectUtils;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;

import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The public keys an encoder publishes, as the Nimbus {@link JWKSource} Spring Authorization
 * Server's JWKS endpoint reads: the public half of every asymmetric signing key, then the keys that
 * only verify. Each JWK is lcjwt's export of the key with {@code "use":"sig"}, the {@code alg} when
 * the key signs one algorithm only, and its {@code x5t#S256} when it has one; secrets are never in
 * it. Nimbus only holds and serves the JSON: it never signs or verifies with these keys here.
 */
public final class PublishedJwks {
    private PublishedJwks() {}

    /**
     * @param keys the encoder's keys
     * @return the public JWKs, signing keys first
     */
    public static List<JWK> of(EncoderKeys keys) {
        List<JWK> out = new ArrayList<>();
        for (SigningKey k : keys.signing()) {
            if (k.key() instanceof JwtPrivateKey p) {
                try (JwtPublicKey pub = p.publicKey()) {
                    out.add(jwk(pub.toJwk(), k.algorithms().size() == 1 ? k.preferred().jwsName() : null, k.x509Sha256()));
                }
            }
        }
        for (JwtPublicKey pub : keys.verifyOnly()) {
            out.add(jwk(pub.toJwk(), null, null));
        }
        return List.copyOf(out);
    }

    /** {@return a Nimbus source over the JWKs} */
    public static JWKSource<SecurityContext> source(List<JWK> jwks) {
        return new ImmutableJWKSet<>(new JWKSet(jwks));
    }

    /** {@return the JWK set document the Authorization Server's JWKS endpoint serves} */
    public static String json(List<JWK> jwks) {
        return new JWKSet(jwks).toString(true);
    }

    private static JWK jwk(String json, String alg, String x509Sha256) {
        try {
            Map<String, Object> m = JSONObjectUtils.parse(json);
            if ("AKP".equals(m.get("kty"))) {
                // Spring Authorization Server serves its JWKS from Nimbus's JWK model, which has no
                // AKP key type: an ML-DSA key could be signed with but never published.
                throw new IllegalArgumentException("An ML-DSA (AKP) key cannot be published through the Nimbus JWK"
                        + " source that Spring Authorization Server serves, as Nimbus has no AKP keys; sign ML-DSA tokens"
                        + " with io.lcjwt.JwtSigner and publish the key with JwkSet.toJson().");
            }
            if (!m.containsKey("key_ops")) {
                m.putIfAbsent("use", "sig");
            }
            if (alg != null) {
                m.putIfAbsent("alg", alg);
            }
            if (x509Sha256 != null) {
                m.putIfAbsent("x5t#S256", x509Sha256);
            }
            return JWK.parse(m);
        } catch (ParseException e) {
            throw new IllegalStateException("Nimbus could not read lcjwt's public JWK: " + e.getMessage(), e);
        }
    }
}
