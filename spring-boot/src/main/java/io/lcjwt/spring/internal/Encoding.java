package io.lcjwt.spring.internal;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtSigner;
import org.springframework.security.oauth2.jose.jws.JwsAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtEncodingException;
import org.springframework.util.Assert;
import org.springframework.util.StringUtils;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What {@code LcjwtJwtEncoder.encode} does, as {@code NimbusJwtEncoder} does it: the header (or
 * the encoder's default) chooses the key, the key's {@code kid} and {@code x5t#S256} are added
 * when the header lacks them, and the token is signed by a {@link JwtSigner} made once per key
 * and header and kept (at most {@value #SIGNERS_PER_KEY} per key; a header beyond that, or one
 * with values that cannot be compared safely, gets a signer of its own each time). Thread-safe.
 */
public final class Encoding {
    /** Nimbus's wording, so that logs read the same; lcjwt's reason follows. */
    public static final String PREFIX = "An error occurred while attempting to encode the Jwt: ";
    static final int SIGNERS_PER_KEY = 64;

    private final EncoderKeys keys;
    private final JwsHeader defaultHeader;
    private final Map<SigningKey, Map<Map<String, Object>, JwtSigner>> signers = new IdentityHashMap<>();

    /**
     * @param keys the keys
     * @param defaultHeader the header for parameters without one, or null for the newest active
     *        key's algorithm alone
     */
    public Encoding(EncoderKeys keys, JwsHeader defaultHeader) {
        this.keys = keys;
        this.defaultHeader = defaultHeader;
        for (SigningKey k : keys.signing()) {
            signers.put(k, new ConcurrentHashMap<>());
        }
    }

    /** {@return the keys} */
    public EncoderKeys keys() {
        return keys;
    }

    /**
     * Encodes as {@code JwtEncoder.encode} does.
     *
     * @param parameters the header (optional) and claims
     * @return Spring's Jwt, with the header as sent
     * @throws JwtEncodingException if no key fits, or the header or claims cannot be written
     */
    public Jwt encode(JwtEncoderParameters parameters) {
        Assert.notNull(parameters, "parameters cannot be null");
        JwsHeader h = parameters.getJwsHeader();
        if (h == null) {
            h = defaultHeader != null ? defaultHeader : JwsHeader.with(SpringAlgorithms.of(keys.newestActive().preferred())).build();
        }
        JwsAlgorithm requested = h.getAlgorithm();
        Assert.notNull(requested, "JWS header algorithm must not be null");
        Algorithm alg = Algorithm.fromJwsName(requested.getName());
        if (alg == null) {
            throw new JwtEncodingException(PREFIX + "lcjwt does not sign with alg \"" + Text.shorten(requested.getName())
                    + "\"; it signs with " + String.join(", ", Arrays.stream(Algorithm.values()).map(Algorithm::jwsName)
                    .toList()) + ".");
        }
        SigningKey key = keys.select(alg, h.getKeyId(), h.getX509SHA256Thumbprint());
        h = withKeyIdentifiers(h, key);
        NimbusLayout.Claims claims = NimbusLayout.claims(parameters.getClaims());
        String token;
        try {
            token = signer(key, alg, h).sign(claims.members());
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new JwtEncodingException(PREFIX + e.getMessage(), e);
        }
        JwtClaimsSet c = parameters.getClaims();
        return new Jwt(token, claims.issuedAt(), claims.expiresAt(), h.getHeaders(), c.getClaims());
    }

    /** Nimbus's rule: the key's kid and x5t#S256 go into a header that has none. */
    private static JwsHeader withKeyIdentifiers(JwsHeader h, SigningKey key) {
        boolean addKid = !StringUtils.hasText(h.getKeyId()) && StringUtils.hasText(key.kid());
        boolean addX5t = !StringUtils.hasText(h.getX509SHA256Thumbprint()) && key.x509Sha256() != null;
        if (!addKid && !addX5t) {
            return h;
        }
        JwsHeader.Builder b = JwsHeader.from(h);
        if (addKid) {
            b.keyId(key.kid());
        }
        if (addX5t) {
            b.x509SHA256Thumbprint(key.x509Sha256());
        }
        return b.build();
    }

    private JwtSigner signer(SigningKey key, Algorithm alg, JwsHeader h) {
        Map<Map<String, Object>, JwtSigner> cache = signers.get(key);
        Map<String, Object> cacheKey = HeaderKeys.of(h.getHeaders());
        if (cacheKey != null) {
            JwtSigner s = cache.get(cacheKey);
            if (s != null) {
                return s;
            }
        }
        JwtSigner s = JwtSigner.builder(key.key()).algorithm(alg).protectedHeader(NimbusLayout.header(h, alg.jwsName()))
                .build();
        if (cacheKey != null && cache.size() < SIGNERS_PER_KEY) {
            Map<String, Object> stored = HeaderKeys.copy(cacheKey);
            if (stored != null) {
                cache.putIfAbsent(stored, s);
            }
        }
        return s;
    }
}
