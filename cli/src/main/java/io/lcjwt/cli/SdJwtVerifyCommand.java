package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.Disclosure;
import io.lcjwt.SdJwtVerifier;
import io.lcjwt.VerifiedSdJwt;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcjwt sd-jwt verify PRESENTATION|-}: verifies with lcjwt's {@link SdJwtVerifier} and prints the processed claims. */
@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Verify an SD-JWT presentation (RFC 9901 section 7; compact or JSON) and print its processed"
                + " claims and which claims were disclosed. One issuer key source is required.",
                "With --kb-aud and --nonce, key binding is required: the presentation must end with a Key Binding JWT"
                + " for that audience and nonce, signed by the key in the SD-JWT's cnf.jwk."})
final class SdJwtVerifyCommand implements Callable<Integer> {
    @ParentCommand
    SdJwtCommand parent;

    @Parameters(paramLabel = "PRESENTATION", description = "An SD-JWT or SD-JWT+KB, or - to read it from standard input.")
    String presentation;

    @ArgGroup(exclusive = true, multiplicity = "1", heading = "Issuer key source (exactly one):%n")
    KeySources.ForVerify source;

    @Option(names = "--alg", paramLabel = "ALG", converter = KeyOutput.Algorithms.Converter.class,
            completionCandidates = KeyOutput.Algorithms.Names.class, description = "An accepted issuer algorithm (repeatable): ${COMPLETION-CANDIDATES}.")
    List<Algorithm> algorithms = new ArrayList<>();

    @Option(names = "--typ", paramLabel = "TYPE", description = "The issuer JWT's required typ, such as example+sd-jwt.")
    String type;

    @Option(names = "--hash", paramLabel = "NAME", description = "An accepted _sd_alg (repeatable; default sha-256).")
    List<String> hashes = new ArrayList<>();

    @Option(names = "--vc", description = "The SD-JWT VC profile (a draft): typ dc+sd-jwt, vct required, registered claims in the clear.")
    boolean vc;

    @Option(names = "--kb-aud", paramLabel = "AUD", description = "Require key binding, with this aud (this verifier).")
    String kbAudience;

    @Option(names = "--nonce", paramLabel = "NONCE", description = "The nonce the Key Binding JWT must carry.")
    String nonce;

    @Option(names = "--kb-alg", paramLabel = "ALG", converter = KeyOutput.Algorithms.Converter.class,
            completionCandidates = KeyOutput.Algorithms.Names.class, description = "An accepted Key Binding JWT algorithm (repeatable; default ES256).")
    List<Algorithm> kbAlgorithms = new ArrayList<>();

    @Mixin
    Verification.ClaimChecks checks;

    @Override
    public Integer call() throws Exception {
        Main main = parent.main;
        if ((kbAudience == null) != (nonce == null)) {
            throw new CliException(Main.USAGE, "Key binding needs both --kb-aud and --nonce.");
        }
        String text = Inputs.tokenArg(presentation, main.in);
        try (Verification.Keys k = Verification.keys(source, algorithms, "--alg", checks.issuer)) {
            SdJwtVerifier v = verifier(k);
            boolean json = text.startsWith("{");
            VerifiedSdJwt<Map<String, Object>> r = nonce == null ? (json ? v.verifyJson(text) : v.verify(text))
                    : (json ? v.verifyJson(text, nonce) : v.verify(text, nonce));
            print(main, r);
        }
        return Main.OK;
    }

    private SdJwtVerifier verifier(Verification.Keys k) {
        SdJwtVerifier.Builder b = k.key() != null ? SdJwtVerifier.builder(k.key())
                : k.set() != null ? SdJwtVerifier.builder(k.set()) : SdJwtVerifier.builder(k.client());
        try {
            b.algorithms(k.algorithms().toArray(Algorithm[]::new));
            if (!checks.audiences.isEmpty()) {
                b.audience(checks.audiences.toArray(String[]::new));
            }
            if (k.issuer() != null) {
                b.issuer(k.issuer());
            }
            if (checks.leeway != null) {
                b.leeway(checks.leeway);
            }
            if (!checks.required.isEmpty()) {
                b.requireClaims(checks.required.toArray(String[]::new));
            }
            if (checks.allowMissingExp) {
                b.allowMissingExpiration();
            }
            if (type != null) {
                b.expectType(type);
            }
            if (!hashes.isEmpty()) {
                b.hashAlgorithms(hashes.toArray(String[]::new));
            }
            if (vc) {
                b.vcProfile();
            }
            if (kbAudience != null) {
                b.keyBinding(kbAudience).keyBindingAlgorithms(kbAlgorithms.isEmpty() ? new Algorithm[] {Algorithm.ES256}
                        : kbAlgorithms.toArray(Algorithm[]::new));
            }
            return b.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        }
    }

    private static void print(Main main, VerifiedSdJwt<Map<String, Object>> r) throws java.io.IOException {
        List<String> disclosed = r.disclosures().stream().map(Disclosure::path).toList();
        Instant now = Instant.now();
        if (main.json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("verified", true);
            m.put("header", r.header().parameters());
            m.put("claims", r.claims());
            m.put("disclosed", disclosed);
            m.put("times", ClaimsView.times(r.claims(), now));
            Json.print(main.out, m);
        } else {
            String kid = r.header().keyId();
            main.out.println("VERIFIED (" + r.header().algorithm().jwsName()
                    + (kid == null ? "" : ", kid " + Untrusted.text(kid)) + ")");
            main.out.println("Disclosed: " + (disclosed.isEmpty() ? "(nothing)" : String.join(", ", disclosed)));
            ClaimsView.print(main.out, r.header().parameters(), r.claims(), now);
        }
    }
}
