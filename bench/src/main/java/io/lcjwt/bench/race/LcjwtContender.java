package io.lcjwt.bench.race;

import io.lcjwt.Algorithm;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtVerifier;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.bench.TypicalClaims;
import io.lcjwt.bench.TypicalClaimsBean;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * lcjwt, decoding into {@link TypicalClaims} ({@code lcjwt-record}), {@link TypicalClaimsBean}
 * ({@code lcjwt-bean}) or a {@code Map} ({@code lcjwt-map}). Every algorithm and every key source:
 * {@code JwtSecretKey.of}, {@code JwtPublicKey.fromPem}, {@code JwtKey.fromJwk}, {@code JwkSet.parse},
 * {@code JwksClient} with the server's trust.
 */
final class LcjwtContender extends Contender {

    /** The result type a variant decodes into. */
    enum Into {
        RECORD("lcjwt-record"), BEAN("lcjwt-bean"), MAP("lcjwt-map");

        final String contender;

        Into(String contender) {
            this.contender = contender;
        }
    }

    /** The claims {@link TypicalClaims} (and the bean) bind. */
    static final Set<String> TYPED_CLAIMS = Arrays.stream(TypicalClaims.class.getRecordComponents())
            .map(RecordComponent::getName)
            .collect(Collectors.toUnmodifiableSet());

    private static final Predicate<Throwable> EXPIRED = e -> e instanceof ExpiredJwtException;
    private static final Predicate<Throwable> WRONG_AUDIENCE = e -> e instanceof InvalidClaimException ic
            && "aud".equals(ic.claim());

    private final Into into;

    LcjwtContender(Into into) {
        super(into.contender, "io.lcjwt", "lcjwt", JwtVerifier.class, Map.of(), Map.of());
        this.into = into;
    }

    @Override
    boolean nativeCrypto() {
        return true;
    }

    @Override
    Decoder build(CaseSetup s) throws Exception {
        AutoCloseable owned = null;
        JwtVerifier.Builder b = switch (s.source()) {
            case SECRET -> {
                JwtSecretKey k = JwtSecretKey.of(s.secret());
                k = s.c().kid() != null ? k.withKeyId(s.c().kid()) : k;
                owned = k;
                yield JwtVerifier.builder(k);
            }
            case PEM -> {
                JwtPublicKey k = JwtPublicKey.fromPem(s.pem());
                k = s.c().kid() != null ? k.withKeyId(s.c().kid()) : k;
                owned = k;
                yield JwtVerifier.builder(k);
            }
            case JWK -> {
                JwtKey k = JwtKey.fromJwk(s.jwk());
                owned = k;
                yield JwtVerifier.builder(k);
            }
            case JWKS -> JwtVerifier.builder(JwkSet.parse(s.jwks()));
            case JWKS_URL -> {
                JwksClient client = JwksClient.builder(s.jwksUri()).sslContext(s.server().clientContext()).build();
                owned = client;
                yield JwtVerifier.builder(client);
            }
        };
        JwtVerifier v = b.algorithms(Algorithm.fromJwsName(s.alg()))
                .audience(s.audience())
                .clock(s.clock())
                .build();
        PeerDecoder d = switch (into) {
            case RECORD -> new PeerDecoder(t -> v.decode(t, TypicalClaims.class), LcjwtContender::recordClaims,
                    EXPIRED, WRONG_AUDIENCE).binding(TYPED_CLAIMS);
            case BEAN -> new PeerDecoder(t -> v.decode(t, TypicalClaimsBean.class), LcjwtContender::beanClaims,
                    EXPIRED, WRONG_AUDIENCE).binding(TYPED_CLAIMS);
            case MAP -> new PeerDecoder(v::decode, r -> mapOf(r), EXPIRED, WRONG_AUDIENCE);
        };
        return d.closing(owned);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mapOf(Object r) {
        return (Map<String, Object>) r;
    }

    private static Map<String, Object> recordClaims(Object r) throws ReflectiveOperationException {
        Map<String, Object> m = new LinkedHashMap<>();
        for (RecordComponent c : TypicalClaims.class.getRecordComponents()) {
            m.put(c.getName(), c.getAccessor().invoke(r));
        }
        return m;
    }

    private static Map<String, Object> beanClaims(Object r) throws ReflectiveOperationException {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String name : TYPED_CLAIMS) {
            String getter = "get" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
            m.put(name, TypicalClaimsBean.class.getMethod(getter).invoke(r));
        }
        return m;
    }
}
