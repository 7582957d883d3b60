package io.lcjwt.bench;

import com.fasterxml.jackson.jr.ob.JSON;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSigner;
import io.lcjwt.LibCrypto;
import io.lcjwt.bench.fixtures.Fixtures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sizes beside {@link MlDsaBench}'s times: per algorithm, the compact token of the typical
 * claims lcjwt signs, its signature, and the keys in each form lcjwt writes (raw public key, public
 * JWK, SubjectPublicKeyInfo, PKCS#8, private JWK), for the same keys the benchmark uses. Written
 * as JSON for {@link io.lcjwt.bench.report.MlDsaPage}: {@code java ... io.lcjwt.bench.MlDsaSizes FILE}
 * ({@code bin/race jmh --regex MlDsaBench} runs it). Sizes are counted, not timed.
 */
public final class MlDsaSizes {
    private MlDsaSizes() {}

    public static void main(String[] args) throws Exception {
        String json = JSON.std.asString(Map.of("libcrypto", LibCrypto.describe(), "rows", rows()));
        if (args.length == 1) {
            Files.writeString(Path.of(args[0]), json);
        } else {
            System.out.println(json);
        }
    }

    /** One row per algorithm of {@link MlDsaBench#ALGORITHMS} this libcrypto can sign. */
    static List<Map<String, Object>> rows() throws Exception {
        Fixtures.Case fixture = Fixtures.hs256().get(SignBench.PAYLOAD, SignBench.SECRET_BYTES);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String name : MlDsaBench.ALGORITHMS) {
            Algorithm alg = Algorithm.fromJwsName(name);
            if (!LibCrypto.supports(alg)) {
                continue;
            }
            try (JwtPrivateKey key = MlDsaBench.key(alg).withKeyId(fixture.kid()); JwtPublicKey pub = key.publicKey()) {
                String token = JwtSigner.builder(key).algorithm(alg).build().sign(new LinkedHashMap<>(fixture.claims()));
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("alg", name);
                r.put("token", token.length());
                r.put("signature", Base64.getUrlDecoder().decode(token.substring(token.lastIndexOf('.') + 1)).length);
                r.put("publicKey", raw(pub));
                r.put("publicJwk", pub.toJwk().length());
                r.put("spki", pub.toDer().length);
                r.put("pkcs8", key.toDer().length);
                r.put("privateJwk", key.toJwk().length());
                rows.add(r);
            }
        }
        return rows;
    }

    /** The raw public key: x || y for ES256, the key itself for Ed25519 and ML-DSA (both end their SPKI). */
    private static int raw(JwtPublicKey pub) throws Exception {
        Map<String, Object> jwk = JSON.std.mapFrom(pub.toJwk());
        return switch (pub.keyType()) {
            case "EC" -> Base64.getUrlDecoder().decode((String) jwk.get("x")).length
                    + Base64.getUrlDecoder().decode((String) jwk.get("y")).length;
            case "OKP" -> Base64.getUrlDecoder().decode((String) jwk.get("x")).length;
            default -> Base64.getUrlDecoder().decode((String) jwk.get("pub")).length;
        };
    }
}
