package io.lcjwt.bench.race;

import io.jsonwebtoken.Claims;
import io.jsonwebtoken.ExpiredJwtException;
import io.jsonwebtoken.IncorrectClaimException;
import io.jsonwebtoken.JwsHeader;
import io.jsonwebtoken.JwtParser;
import io.jsonwebtoken.JwtParserBuilder;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.LocatorAdapter;
import io.jsonwebtoken.security.Jwk;
import io.jsonwebtoken.security.JwkSet;
import io.jsonwebtoken.security.Jwks;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import java.security.Key;
import java.security.PublicKey;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * jjwt: {@code Jwts.parser()} with {@code requireAudience} and a fixed clock. PEM through JCA's
 * KeyFactory (jjwt reads no PEM); a JWK with {@code Jwks.parser()}; a JWKS with
 * {@code Jwks.setParser()} and a key locator by {@code kid}.
 */
final class JjwtContender extends Contender {

    JjwtContender() {
        super("jjwt", "io.jsonwebtoken", "jjwt-api", Jwts.class,
                Map.of("ES256K", "jjwt 0.12+ has no ES256K (secp256k1 was dropped)"),
                Map.of(KeySource.JWKS_URL, NO_JWKS_URL_CLIENT));
    }

    @Override
    Decoder build(CaseSetup s) throws Exception {
        Date now = s.nowDate();
        JwtParserBuilder b = Jwts.parser().requireAudience(s.audience()).clock(() -> now);
        switch (s.source()) {
            case SECRET -> b.verifyWith(new SecretKeySpec(s.secret(), "HmacSHA256"));
            case PEM -> b.verifyWith(s.jcaPublicKey());
            case JWK -> verifyWith(b, Jwks.parser().build().parse(s.jwk()).toKey());
            case JWKS -> {
                JwkSet set = Jwks.setParser().build().parse(s.jwks());
                Map<String, Key> byKid = new HashMap<>();
                for (Jwk<?> k : set.getKeys()) {
                    byKid.put(k.getId(), k.toKey());
                }
                b.keyLocator(new LocatorAdapter<>() {
                    @Override
                    protected Key locate(JwsHeader header) {
                        return byKid.get(header.getKeyId());
                    }
                });
            }
            case JWKS_URL -> throw new IllegalStateException("declared n/a");
        }
        JwtParser p = b.build();
        return new PeerDecoder(t -> p.parseSignedClaims(t).getPayload(), r -> new LinkedHashMap<>((Claims) r),
                e -> e instanceof ExpiredJwtException,
                e -> e instanceof IncorrectClaimException ice && "aud".equals(ice.getClaimName()));
    }

    private static void verifyWith(JwtParserBuilder b, Key k) {
        if (k instanceof SecretKey sk) {
            b.verifyWith(sk);
        } else {
            b.verifyWith((PublicKey) k);
        }
    }
}
