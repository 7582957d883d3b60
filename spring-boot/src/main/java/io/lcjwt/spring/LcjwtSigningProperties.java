package io.lcjwt.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Instant;
import java.util.List;

/**
 * The keys lcjwt signs with, under {@code lcjwt.signing.*}: with any of them set, and no
 * {@code JwtEncoder} or {@code JWKSource} bean of the application's own,
 * {@link LcjwtSigningAutoConfiguration} registers an {@link LcjwtJwtEncoder} over them (and, with
 * Spring Authorization Server, the {@code JWKSource} its JWKS endpoint publishes).
 *
 * <pre>{@code
 * lcjwt:
 *   signing:
 *     keys:
 *       - location: file:/etc/issuer/2026-12.pem
 *         kid: 2026-12
 *         active-from: 2026-12-01T00:00:00Z
 *       - location: file:/etc/issuer/2026-06.pub.pem   # retired: published, never signs
 *         kid: 2026-06
 * }</pre>
 *
 * @param keys the keys, in any order: the one activated last signs
 */
@ConfigurationProperties("lcjwt.signing")
public record LcjwtSigningProperties(@DefaultValue List<Key> keys) {

    /**
     * One key, or one JWK set.
     *
     * @param location where it is (a Spring resource location, such as {@code classpath:} or
     *        {@code file:}): a PEM private key (PKCS#8, PKCS#1 RSA or SEC1 EC), which signs; a PEM
     *        public key or certificate, which is only published; a JWK (a private or {@code oct}
     *        one signs, a public one is only published); or a JWK set, every key as one of those
     * @param kid the key's {@code kid} (default: the JWK's own, else the RFC 7638 thumbprint);
     *        not for a JWK set
     * @param algorithm the one JWS algorithm it signs, such as {@code ES256} (default: RS256 for
     *        RSA, the curve's for EC, EdDSA for Ed25519, HS256 for a secret, or the JWK's
     *        {@code alg}); not for a JWK set
     * @param activeFrom when it starts signing for headers that name no key, so that it can be
     *        published ahead (default: at once); not for a JWK set
     */
    public record Key(String location, String kid, String algorithm, Instant activeFrom) {
    }
}
