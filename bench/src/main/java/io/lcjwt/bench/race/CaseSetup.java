package io.lcjwt.bench.race;

import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a contender is built from for one case: the case, the key source, the fixture's audience
 * and clock, and (for {@code jwks-url}) the running HTTPS server. The key material is handed out
 * only in the form the source names.
 */
record CaseSetup(RaceFixture fixture, RaceFixture.Case c, KeySource source, JwksHttpsServer server) {

    String alg() {
        return c.alg();
    }

    /** {@code RS}, {@code PS}, {@code ES}, {@code HS} or {@code Ed} (EdDSA). */
    String family() {
        return alg().substring(0, 2);
    }

    String audience() {
        return fixture.audience();
    }

    Instant now() {
        return Instant.ofEpochSecond(fixture.clock());
    }

    Clock clock() {
        return Clock.fixed(now(), ZoneOffset.UTC);
    }

    Date nowDate() {
        return Date.from(now());
    }

    byte[] secret() {
        require(KeySource.SECRET);
        return c.secret().clone();
    }

    String pem() {
        require(KeySource.PEM);
        return c.key().publicPem();
    }

    /** The single public JWK; for an HS case an {@code oct} JWK of the secret, with the case's kid. */
    String jwk() {
        require(KeySource.JWK);
        return c.isHmac() ? octJwk() : c.key().jwk();
    }

    /**
     * An HS case's secret as an {@code oct} JWK with the case's {@code alg} and kid (the form some libraries
     * take secrets in). The {@code alg} matters: without it jjwt reads a 32-byte {@code oct} key as AES-256.
     */
    String octJwk() {
        if (!c.isHmac()) {
            throw new IllegalStateException("an asymmetric case has no secret");
        }
        Map<String, Object> oct = new LinkedHashMap<>();
        oct.put("kty", "oct");
        oct.put("alg", c.alg());
        if (c.kid() != null) {
            oct.put("kid", c.kid());
        }
        oct.put("k", Base64.getUrlEncoder().withoutPadding().encodeToString(c.secret()));
        try {
            return JSON.std.asString(oct);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String jwks() {
        require(KeySource.JWKS);
        return c.key().jwks();
    }

    URI jwksUri() {
        require(KeySource.JWKS_URL);
        return server.uri(c.key());
    }

    /**
     * The PEM's SPKI through JCA's {@link KeyFactory}, for libraries that take a
     * {@link PublicKey} and parse no PEM themselves.
     */
    PublicKey jcaPublicKey() throws GeneralSecurityException {
        String body = pem().replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        byte[] spki = Base64.getDecoder().decode(body.getBytes(StandardCharsets.US_ASCII));
        String type = switch (family()) {
            case "RS", "PS" -> "RSA";
            case "ES" -> "EC";
            case "Ed" -> "Ed25519";
            default -> throw new IllegalStateException("no public key for " + alg());
        };
        return KeyFactory.getInstance(type).generatePublic(new X509EncodedKeySpec(spki));
    }

    private void require(KeySource wanted) {
        if (source != wanted) {
            throw new IllegalStateException("contender asked for " + wanted.label + " key material in a "
                    + source.label + " run");
        }
    }
}
