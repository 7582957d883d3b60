package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.Disclosure;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.SdJwt;
import io.lcjwt.SdJwtPresentation;
import io.lcjwt.Unverified;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcjwt sd-jwt present SDJWT|-}: a presentation revealing the claims named by {@code --disclose}. */
@Command(name = "present", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Make a presentation of an SD-JWT that reveals only the claims named by --disclose (the"
                + " disclosures they need come along), and, with --holder-key, --aud and --nonce, a Key Binding JWT"
                + " signed by the holder's key.",
                "The SD-JWT's own signature is not checked here; the verifier checks it."})
final class SdJwtPresentCommand implements Callable<Integer> {
    @ParentCommand
    SdJwtCommand parent;

    @Parameters(paramLabel = "SDJWT", description = "The SD-JWT the issuer sent (compact or JSON), or - for standard input.")
    String sdJwt;

    @Option(names = "--disclose", paramLabel = "PATH", description = "A claim path to reveal (repeatable).")
    List<String> disclose = new ArrayList<>();

    @Option(names = "--holder-key", paramLabel = "FILE", description = "The holder's private key, to sign a Key Binding JWT.")
    Path holderKey;

    @Option(names = "--alg", paramLabel = "ALG", converter = KeyOutput.Algorithms.Converter.class,
            completionCandidates = KeyOutput.Algorithms.Names.class, description = "The Key Binding JWT's algorithm (default: the one the key serves).")
    Algorithm algorithm;

    @Option(names = "--aud", paramLabel = "AUD", description = "The verifier, as the Key Binding JWT's aud.")
    String audience;

    @Option(names = "--nonce", paramLabel = "NONCE", description = "The nonce the verifier gave.")
    String nonce;

    @Option(names = "--format", paramLabel = "FORMAT", description = "compact (default), flattened or general JSON.")
    SdJwtCommand.Format format = SdJwtCommand.Format.compact;

    @Override
    public Integer call() throws Exception {
        Main main = parent.main;
        boolean kb = holderKey != null || audience != null || nonce != null;
        if (kb && (holderKey == null || audience == null || nonce == null)) {
            throw new CliException(Main.USAGE, "Key binding needs all three of --holder-key, --aud and --nonce.");
        }
        SdJwt held = Unverified.sdJwt(Inputs.tokenArg(sdJwt, main.in));
        SdJwtPresentation p;
        try {
            p = held.present(disclose);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        }
        if (kb) {
            try (JwtKey key = KeyFiles.read(holderKey)) {
                if (!(key instanceof JwtPrivateKey pk)) {
                    throw new CliException(Main.KEYS, holderKey + " is not a private key; the holder signs with its"
                            + " private key.");
                }
                Algorithm a = algorithm != null ? algorithm
                        : KeySources.algorithms(List.of(), List.of(key)).iterator().next();
                p = p.withKeyBinding(pk, a, audience, nonce);
            } catch (InvalidJwtKeyException e) {
                throw new CliException(Main.KEYS, e.getMessage(), e);
            } catch (IllegalArgumentException e) {
                throw new CliException(Main.USAGE, e.getMessage(), e);
            }
        }
        String text = switch (format) {
            case compact -> p.toString();
            case flattened -> p.toFlattenedJson();
            case general -> p.toGeneralJson();
        };
        if (main.json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("presentation", text);
            m.put("disclosed", p.disclosures().stream().map(Disclosure::path).toList());
            m.put("keyBinding", kb);
            Json.print(main.out, m);
        } else {
            main.out.println(text);
        }
        return Main.OK;
    }
}
