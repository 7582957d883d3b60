package io.lcjwt.example;

import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSigner;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The demo's own token issuer: an ES256 key made at start-up, whose public half is served as the
 * JWKS the resource server's {@code jwk-set-uri} points at. A real deployment gets its tokens from
 * an identity provider instead; nothing else in the app would change.
 */
@Component
public class DemoIssuer implements DisposableBean {
    /** Short, so a copied token soon stops working. */
    static final Duration LIFETIME = Duration.ofMinutes(5);

    private final JwtPrivateKey key;
    private final JwtSigner signer;
    private final String jwks;
    private final String issuer;
    private final String audience;

    /**
     * Makes the key; iss and aud come from Boot's own resource-server properties, so the tokens
     * always fit what the decoder checks.
     *
     * @param issuer {@code spring.security.oauth2.resourceserver.jwt.issuer-uri}
     * @param audiences {@code spring.security.oauth2.resourceserver.jwt.audiences}
     */
    public DemoIssuer(@Value("${spring.security.oauth2.resourceserver.jwt.issuer-uri}") String issuer,
            @Value("${spring.security.oauth2.resourceserver.jwt.audiences}") List<String> audiences) {
        this.key = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("demo-" + UUID.randomUUID());
        this.signer = JwtSigner.builder(key).algorithm(Algorithm.ES256).build();
        this.jwks = JwkSet.of(key).toJson();
        this.issuer = issuer;
        this.audience = audiences.getFirst();
    }

    /** {@return the public key as a JWK set document} */
    public String jwks() {
        return jwks;
    }

    /**
     * Signs a token for {@code subject}, valid for {@link #LIFETIME}.
     *
     * @param subject the {@code sub} claim
     * @return the compact JWS
     */
    public String mint(String subject) {
        Instant now = Instant.now();
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", issuer);
        claims.put("sub", subject);
        claims.put("aud", audience);
        claims.put("iat", now);
        claims.put("exp", now.plus(LIFETIME));
        claims.put("scope", "hello");
        return sign(claims);
    }

    /** Signs any claims with the demo key; the tests use it for tokens {@code /token} never makes. */
    String sign(Map<String, ?> claims) {
        return signer.sign(claims);
    }

    @Override
    public void destroy() {
        key.close();
    }
}
