package io.lcjwt.bench;

import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSigner;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The inputs of {@code bench/dpop-load.sh}, which replays DPoP requests with wrk: wrk's Lua cannot
 * sign, so the proofs are made here, each good for one request, and wrk sends each once.
 *
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar io.lcjwt.bench.DpopLoadProofs init DIR
 *     -> DIR/jwks.json (the issuer's public key, which the apps fetch), DIR/client.jwk (the
 *        client's private key), DIR/token (an ES256 access token, a day long, bound to the client
 *        key by cnf.jkt)
 * java -cp bench/target/benchmarks.jar io.lcjwt.bench.DpopLoadProofs proofs DIR COUNT HTU
 *     -> DIR/proofs: COUNT ES256 proofs for GET HTU with the token's ath, issued now, one a line
 * }</pre>
 */
public final class DpopLoadProofs {
    /** At most this many proofs per file: a run is bounded in count as well as in time. */
    static final int MAX = 2_000_000;

    private DpopLoadProofs() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 2 && args[0].equals("init")) {
            init(Path.of(args[1]));
        } else if (args.length == 4 && args[0].equals("proofs")) {
            int count = Integer.parseInt(args[2]);
            if (count < 1 || count > MAX) {
                throw new IllegalArgumentException("COUNT must be between 1 and " + MAX + ", not " + count);
            }
            proofs(Path.of(args[1]), count, args[3]);
        } else {
            System.err.println("usage: DpopLoadProofs init DIR | proofs DIR COUNT HTU");
            System.exit(2);
        }
    }

    static void init(Path dir) throws IOException {
        Files.createDirectories(dir);
        try (JwtPrivateKey issuer = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("load-issuer");
                JwtPrivateKey client = JwtPrivateKey.generate(Algorithm.ES256)) {
            Files.writeString(dir.resolve("jwks.json"), JwkSet.of(issuer.publicKey()).toJson());
            Files.writeString(dir.resolve("client.jwk"), client.toJwk());
            long now = Instant.now().getEpochSecond();
            Map<String, Object> claims = new LinkedHashMap<>();
            claims.put("iss", "https://id.example");
            claims.put("sub", "load");
            claims.put("iat", now);
            claims.put("exp", now + 86_400);
            claims.put("cnf", Map.of("jkt", client.thumbprint()));
            Files.writeString(dir.resolve("token"), JwtSigner.builder(issuer).algorithm(Algorithm.ES256).keyId("load-issuer")
                    .build().sign(claims));
        }
    }

    static void proofs(Path dir, int count, String htu) throws IOException {
        String token = Files.readString(dir.resolve("token")).trim();
        String ath = DpopBench.sha256(token);
        try (JwtPrivateKey client = (JwtPrivateKey) JwtKey.fromJwk(Files.readString(dir.resolve("client.jwk")));
                BufferedWriter out = Files.newBufferedWriter(dir.resolve("proofs"), StandardCharsets.US_ASCII)) {
            JwtSigner signer = JwtSigner.builder(client).algorithm(Algorithm.ES256).type("dpop+jwt").jwkHeader().build();
            long iat = Instant.now().getEpochSecond();
            String run = Long.toString(System.nanoTime(), 36);
            Map<String, Object> c = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                c.put("jti", run + "-" + i);
                c.put("htm", "GET");
                c.put("htu", htu);
                c.put("iat", iat);
                c.put("ath", ath);
                out.write(signer.sign(c));
                out.write('\n');
            }
        }
    }
}
