package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwksClient;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtVerifier;
import io.lcjwt.Jwt;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code lcjwt verify TOKEN|-}: verifies a token with lcjwt's {@link JwtVerifier} and prints its claims. */
@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Verify a token's signature and claims (exp, nbf, aud, iss, required claims) and print its"
                + " claims. One key source is required.",
                "Without --alg, the key decides only when it serves exactly one algorithm (an EC or Ed25519 key, a JWK"
                + " with \"alg\"); lcjwt never takes the algorithm from the token."})
final class VerifyCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "TOKEN", description = "A compact JWS, or - to read it from standard input.")
    String token;

    @ArgGroup(exclusive = true, multiplicity = "1", heading = "Key source (exactly one):%n")
    KeySources.ForVerify source;

    @Option(names = "--alg", paramLabel = "ALG", description = "An accepted algorithm (repeatable): ${COMPLETION-CANDIDATES}.")
    List<Algorithm> algorithms = new ArrayList<>();

    @Option(names = "--aud", paramLabel = "AUD",
            description = "An accepted audience (repeatable). Without one, a token that carries aud is refused.")
    List<String> audiences = new ArrayList<>();

    @Option(names = "--iss", paramLabel = "ISS", description = "The required issuer, compared exactly.")
    String issuer;

    @Option(names = "--leeway", paramLabel = "DURATION", converter = Durations.class,
            description = "Allowed clock skew for exp and nbf, such as 30s or 2m (at most 10 min; default 0).")
    Duration leeway;

    @Option(names = "--require", paramLabel = "CLAIM", description = "A claim that must be present (repeatable).")
    List<String> required = new ArrayList<>();

    @Option(names = "--allow-missing-exp", description = "Accept a token without exp (it never expires).")
    boolean allowMissingExp;

    @Override
    public Integer call() throws Exception {
        String t = Inputs.tokenArg(token, main.in);
        List<JwtKey> owned = new ArrayList<>();
        JwksClient client = null;
        try {
            JwtVerifier.Builder b;
            Set<Algorithm> algs;
            String iss = issuer;
            if (source.key != null) {
                JwtKey key = KeyFiles.read(source.key);
                owned.add(key);
                algs = KeySources.algorithms(algorithms, List.of(key));
                b = JwtVerifier.builder(key);
            } else if (source.jwks != null) {
                JwkSet set = jwkSet(source.jwks);
                owned.addAll(set.keys());
                algs = KeySources.algorithms(algorithms, set.keys());
                b = JwtVerifier.builder(set);
            } else if (source.jwksUrl != null || source.issuerUrl != null) {
                URI uri;
                if (source.jwksUrl != null) {
                    uri = Discovery.url(source.jwksUrl, "--jwks-url");
                } else {
                    uri = Discovery.jwksUri(source.issuerUrl);
                    iss = iss == null ? source.issuerUrl : iss;
                }
                client = jwksClient(uri);
                // Only when the keys must choose the algorithm is the set fetched before the decode.
                algs = algorithms.isEmpty() ? KeySources.algorithms(algorithms, client.current().keys())
                        : KeySources.algorithms(algorithms, List.of());
                b = JwtVerifier.builder(client);
            } else {
                JwtKey key = KeySources.secret(source.secretFile, source.secretEnv);
                owned.add(key);
                algs = KeySources.algorithms(algorithms, List.of(key));
                b = JwtVerifier.builder(key);
            }
            JwtVerifier verifier = configure(b, algs, iss);
            Jwt<Map<String, Object>> jwt = verifier.decodeJwt(t);
            print(jwt);
            return Main.OK;
        } finally {
            if (client != null) {
                client.close();
            }
            owned.forEach(JwtKey::close);
        }
    }

    private JwtVerifier configure(JwtVerifier.Builder b, Set<Algorithm> algs, String iss) {
        try {
            b.algorithms(algs.toArray(Algorithm[]::new));
            if (!audiences.isEmpty()) {
                b.audience(audiences.toArray(String[]::new));
            }
            if (iss != null) {
                b.issuer(iss);
            }
            if (leeway != null) {
                b.leeway(leeway);
            }
            if (!required.isEmpty()) {
                b.requireClaims(required.toArray(String[]::new));
            }
            if (allowMissingExp) {
                b.allowMissingExpiration();
            }
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        }
        return b.build();
    }

    private static JwkSet jwkSet(java.nio.file.Path p) throws java.io.IOException {
        String text = Inputs.text(p);
        try {
            return JwkSet.parse(text);
        } catch (io.lcjwt.InvalidJwtKeyException e) {
            throw new CliException(Main.KEYS, p + ": " + e.getMessage(), e);
        }
    }

    private static JwksClient jwksClient(URI uri) {
        try {
            return JwksClient.builder(uri).build();
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        }
    }

    private void print(Jwt<Map<String, Object>> jwt) throws java.io.IOException {
        Map<String, Object> header = jwt.header().parameters();
        Instant now = Instant.now();
        if (main.json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("verified", true);
            m.put("header", header);
            m.put("claims", jwt.claims());
            m.put("times", ClaimsView.times(jwt.claims(), now));
            Json.print(main.out, m);
        } else {
            String kid = jwt.header().keyId();
            main.out.println("VERIFIED (" + jwt.header().algorithm().jwsName()
                    + (kid == null ? "" : ", kid " + Untrusted.text(kid)) + ")");
            ClaimsView.print(main.out, header, jwt.claims(), now);
        }
    }
}
