package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtVerifier;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    @Option(names = "--alg", paramLabel = "ALG", converter = KeyOutput.Algorithms.Converter.class,
            completionCandidates = KeyOutput.Algorithms.Names.class,
            description = "An accepted algorithm (repeatable): ${COMPLETION-CANDIDATES}.")
    List<Algorithm> algorithms = new ArrayList<>();

    @Mixin
    Verification.ClaimChecks checks;

    @Override
    public Integer call() throws Exception {
        String t = Inputs.tokenArg(token, main.in);
        try (Verification.Opened v = Verification.open(source, algorithms, "--alg", checks)) {
            Verification.print(main, v.verifier().decodeJwt(t), Map.of(), null);
            return Main.OK;
        }
    }
}
