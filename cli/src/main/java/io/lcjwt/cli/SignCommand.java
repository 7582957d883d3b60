package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSigner;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcjwt sign}: a compact JWS over claims from a file, stdin and {@code --claim}, by {@link JwtSigner}. */
@Command(name = "sign", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sign claims into a compact JWS and print it. Claims come from --claims (a JSON object in a"
                + " file, or - for standard input), then --claim k=v in order, each overriding the ones before; then"
                + " --iat and --exp.",
                "Without --alg, the key decides only when it serves exactly one algorithm (an EC or Ed25519 key, a JWK"
                + " with \"alg\")."})
final class SignCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @ArgGroup(exclusive = true, multiplicity = "1", heading = "Key source (exactly one):%n")
    KeySources.ForSign source;

    @Mixin
    ClaimOptions claims;

    @Option(names = "--kid", paramLabel = "KID", description = "The header's kid (default: the key's own, if any).")
    String kid;

    @Option(names = "--alg", paramLabel = "ALG", converter = KeyOutput.Algorithms.Converter.class,
            completionCandidates = KeyOutput.Algorithms.Names.class,
            description = "The algorithm: ${COMPLETION-CANDIDATES}.")
    Algorithm algorithm;

    @Option(names = "--typ", paramLabel = "TYPE", description = "The header's typ (default JWT), such as at+jwt.")
    String type;

    @Override
    public Integer call() throws Exception {
        Map<String, Object> c = claims.read(main.in);
        try (JwtKey key = key(source.key, source.secretFile, source.secretEnv)) {
            String token;
            try {
                token = signer(key, source.key, algorithm, kid, type).sign(c);
            } catch (IllegalArgumentException e) {
                // the claims are the user's: one that cannot be written is a usage error
                throw new CliException(Main.USAGE, e.getMessage(), e);
            }
            if (main.json) {
                Json.print(main.out, Map.of("token", token));
            } else {
                main.out.println(token);
            }
        }
        return Main.OK;
    }

    /** The signing key from a key file or, if none was given, a secret. Shared with {@code encrypt}. */
    static JwtKey key(Path keyFile, Path secretFile, String secretEnv) throws IOException {
        return keyFile != null ? KeyFiles.read(keyFile) : KeySources.secret(secretFile, secretEnv);
    }

    /**
     * A signer for {@code key}: {@code alg}, or else the one algorithm the key serves. Refuses a
     * public key. Shared with {@code encrypt}, which signs before it encrypts.
     */
    static JwtSigner signer(JwtKey key, Path keyFile, Algorithm alg, String kid, String type) {
        if (key instanceof JwtPublicKey) {
            throw new CliException(Main.KEYS, keyFile + " holds a public key, which cannot sign; give the"
                    + " private key.");
        }
        Algorithm a = alg != null ? alg : KeySources.algorithms(List.of(), List.of(key)).iterator().next();
        try {
            JwtSigner.Builder b = JwtSigner.builder(key).algorithm(a);
            if (kid != null) {
                b.keyId(kid);
            }
            if (type != null) {
                b.type(type);
            }
            return b.build();
        } catch (InvalidJwtKeyException e) {
            throw new CliException(Main.KEYS, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        }
    }
}
