package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.Disclosure;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.SdJwt;
import io.lcjwt.SdJwtIssuer;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcjwt sd-jwt issue}: an SD-JWT over claims, with the claims named by {@code --sd} selectively disclosable. */
@Command(name = "issue", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Issue an SD-JWT (RFC 9901) and print it: the claims (as for 'lcjwt sign') signed with the"
                + " issuer's key, each claim named by --sd replaced by the digest of a salted disclosure.",
                "Claim paths: name.member, array[0], array[*] (every element); a path and a member of it make a"
                + " recursive disclosure."})
final class SdJwtIssueCommand implements Callable<Integer> {
    @ParentCommand
    SdJwtCommand parent;

    @ArgGroup(exclusive = true, multiplicity = "1", heading = "Issuer key (exactly one):%n")
    KeySources.ForSign source;

    @Mixin
    ClaimOptions claims;

    @Option(names = "--sd", paramLabel = "PATH", description = "A claim path to make selectively disclosable (repeatable).")
    List<String> disclosable = new ArrayList<>();

    @Option(names = "--holder-key", paramLabel = "FILE",
            description = "The holder's public key (PEM, DER or JWK; a private key's public half is used), put in cnf.jwk"
                    + " for key binding.")
    Path holderKey;

    @Option(names = "--alg", paramLabel = "ALG", converter = KeyOutput.Algorithms.Converter.class,
            completionCandidates = KeyOutput.Algorithms.Names.class, description = "The algorithm: ${COMPLETION-CANDIDATES}.")
    Algorithm algorithm;

    @Option(names = "--kid", paramLabel = "KID", description = "The header's kid (default: the key's own, if any).")
    String kid;

    @Option(names = "--typ", paramLabel = "TYPE", description = "The header's typ, such as example+sd-jwt (default: none).")
    String type;

    @Option(names = "--hash", paramLabel = "NAME", description = "The digests' hash: sha-256 (default), sha-384 or sha-512.")
    String hash;

    @Option(names = "--decoys", paramLabel = "N", description = "Up to N decoy digests per object or array with disclosable members.")
    int decoys;

    @Option(names = "--vc", description = "The SD-JWT VC profile (a draft): typ dc+sd-jwt, vct required, registered claims in the clear.")
    boolean vc;

    @Option(names = "--format", paramLabel = "FORMAT", description = "compact (default), flattened or general JSON.")
    SdJwtCommand.Format format = SdJwtCommand.Format.compact;

    @Override
    public Integer call() throws Exception {
        Main main = parent.main;
        Map<String, Object> c = claims.read(main.in);
        try (JwtKey key = SignCommand.key(source.key, source.secretFile, source.secretEnv);
             JwtKey holder = holderKey == null ? null : KeyFiles.read(holderKey)) {
            SdJwt issued;
            try {
                SdJwtIssuer issuer = issuer(key);
                issued = holder == null ? issuer.issue(c) : issuer.issue(c, publicHalf(holder));
            } catch (IllegalArgumentException e) {
                throw new CliException(Main.USAGE, e.getMessage(), e);
            }
            String text = switch (format) {
                case compact -> issued.toString();
                case flattened -> issued.toFlattenedJson();
                case general -> issued.toGeneralJson();
            };
            if (main.json) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("sdJwt", text);
                List<Map<String, Object>> ds = new ArrayList<>();
                for (Disclosure d : issued.disclosures()) {
                    ds.add(Map.of("path", d.path(), "digest", d.digest()));
                }
                m.put("disclosures", ds);
                Json.print(main.out, m);
            } else {
                main.out.println(text);
            }
        }
        return Main.OK;
    }

    private SdJwtIssuer issuer(JwtKey key) {
        if (key instanceof JwtPublicKey) {
            throw new CliException(Main.KEYS, source.key + " holds a public key, which cannot sign; give the private key.");
        }
        Algorithm a = algorithm != null ? algorithm : KeySources.algorithms(List.of(), List.of(key)).iterator().next();
        try {
            SdJwtIssuer.Builder b = SdJwtIssuer.builder(key).algorithm(a)
                    .disclosable(disclosable.toArray(String[]::new)).decoyDigests(decoys);
            if (kid != null) {
                b.keyId(kid);
            }
            if (type != null) {
                b.type(type);
            }
            if (hash != null) {
                b.hashAlgorithm(hash);
            }
            if (vc) {
                b.vcProfile();
            }
            return b.build();
        } catch (InvalidJwtKeyException e) {
            throw new CliException(Main.KEYS, e.getMessage(), e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        }
    }

    private JwtPublicKey publicHalf(JwtKey key) {
        if (key instanceof JwtPrivateKey p) {
            return p.publicKey();
        }
        if (key instanceof JwtPublicKey p) {
            return p;
        }
        throw new CliException(Main.KEYS, holderKey + " is a secret key; key binding needs the holder's public key.");
    }
}
