package io.lcjwt.cli;

import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweEncrypter;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSigner;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code lcjwt encrypt}: a compact JWE to one recipient, by {@link JweEncrypter}, of a file's bytes
 * or of claims signed first (a nested JWT).
 */
@Command(name = "encrypt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Encrypt to one recipient and print the compact JWE. The content is FILE's bytes (- for"
                + " standard input), or claims (--claims, --claim, as for sign) that are first signed with"
                + " --sign-key or a --sign-secret-* and then encrypted as a nested JWT (cty JWT).",
                "Without --alg, the key decides only when it is a JWK that names its algorithm."},
        footerHeading = "%n--json prints:%n",
        footer = {"  {\"jwe\": the compact JWE, \"header\": its protected header (alg, enc, kid, cty, epk, zip...)}"})
final class EncryptCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "The content to encrypt, or - for standard input.")
    String input;

    @ArgGroup(exclusive = true, multiplicity = "1", heading = "Recipient key (exactly one):%n")
    KeySources.ForEncrypt recipient;

    @Option(names = "--alg", paramLabel = "ALG", converter = JweNames.KeyAlg.class,
            completionCandidates = JweNames.KeyAlgNames.class,
            description = "The key management algorithm: ${COMPLETION-CANDIDATES}.")
    JweKeyAlgorithm keyAlgorithm;

    @Option(names = "--enc", paramLabel = "ENC", converter = JweNames.ContentAlg.class,
            completionCandidates = JweNames.ContentAlgNames.class, defaultValue = "A256GCM",
            description = "The content encryption algorithm (default ${DEFAULT-VALUE}): ${COMPLETION-CANDIDATES}.")
    JweContentAlgorithm contentAlgorithm;

    @Option(names = "--zip", description = "Compress the content first (zip DEF). Off by default: compression lets"
            + " the length of the JWE tell about its content.")
    boolean zip;

    @Option(names = "--kid", paramLabel = "KID", description = "The JWE header's kid (default: the recipient key's own, if any).")
    String kid;

    @Option(names = "--cty", paramLabel = "TYPE", description = "The JWE header's cty, the content's media type (not with claims).")
    String contentType;

    @ArgGroup(exclusive = true, multiplicity = "0..1",
            heading = "Signing key, for claims signed before they are encrypted (at most one):%n")
    KeySources.ForNestedSign signing;

    @Option(names = "--sign-alg", paramLabel = "ALG",
            converter = KeyOutput.Algorithms.Converter.class, completionCandidates = KeyOutput.Algorithms.Names.class,
            description = "The signature algorithm, when the signing key serves several: ${COMPLETION-CANDIDATES}.")
    Algorithm signAlgorithm;

    @Option(names = "--sign-kid", paramLabel = "KID", description = "The signed JWT's kid (default: the signing key's own, if any).")
    String signKid;

    @Mixin
    ClaimOptions claims;

    @Override
    public Integer call() throws Exception {
        boolean nested = signing != null;
        if (nested && input != null) {
            throw new CliException(Main.USAGE, "Give claims to sign (--claims, --claim) or a FILE to encrypt, not both.");
        }
        if (!nested && claims.given()) {
            throw new CliException(Main.USAGE, "Claims are signed before they are encrypted: give --sign-key FILE (or"
                    + " --sign-secret-file, --sign-secret-env).");
        }
        if (!nested && (signAlgorithm != null || signKid != null)) {
            throw new CliException(Main.USAGE, "--sign-alg and --sign-kid go with a signing key (--sign-key ...).");
        }
        if (!nested && input == null) {
            throw new CliException(Main.USAGE, "Give the FILE to encrypt (- for standard input), or claims with"
                    + " --sign-key.");
        }
        if (nested && contentType != null) {
            throw new CliException(Main.USAGE, "A nested JWT's cty is JWT; drop --cty.");
        }
        KeyFiles.ForJwe to = recipient.to != null ? KeyFiles.readForJwe(recipient.to)
                : new KeyFiles.ForJwe(KeySources.jweSecret(recipient.secretFile, recipient.secretEnv), null);
        try (JwtKey key = to.key()) {
            if (key instanceof JwtPrivateKey) {
                throw new CliException(Main.KEYS, recipient.to + " holds a private key; encrypt to the recipient's"
                        + " public key (keygen --public-out, jwks to-pem), which is all a sender should hold.");
            }
            JweEncrypter encrypter = encrypter(key, JweNames.keyAlgorithm(keyAlgorithm, to));
            String jwe = nested ? nested(encrypter) : encrypter.encrypt(content());
            if (main.json) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("jwe", jwe);
                m.put("header", Json.object(JweNames.header(jwe), "The JWE header"));
                Json.print(main.out, m);
            } else {
                main.out.println(jwe);
            }
        }
        return Main.OK;
    }

    private JweEncrypter encrypter(JwtKey key, JweKeyAlgorithm alg) {
        try {
            JweEncrypter.Builder b = JweEncrypter.builder(key).keyAlgorithm(alg).contentAlgorithm(contentAlgorithm);
            if (zip) {
                b.deflate();
            }
            if (kid != null) {
                b.keyId(kid);
            }
            if (contentType != null) {
                b.contentType(contentType);
            }
            return b.build();
        } catch (InvalidJwtKeyException e) {
            throw new CliException(Main.KEYS, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, e.getMessage(), e);
        }
    }

    private String nested(JweEncrypter encrypter) throws IOException {
        Map<String, Object> c = claims.read(main.in);
        try (JwtKey key = SignCommand.key(signing.key, signing.secretFile, signing.secretEnv)) {
            JwtSigner signer = SignCommand.signer(key, signing.key, signAlgorithm, signKid, null);
            try {
                return encrypter.encryptJwt(c, signer);
            } catch (IllegalArgumentException e) {
                // the claims are the user's: one that cannot be written is a usage error
                throw new CliException(Main.USAGE, e.getMessage(), e);
            }
        }
    }

    private byte[] content() throws IOException {
        return input.equals("-") ? Inputs.bounded(main.in, "standard input") : Inputs.file(Path.of(input));
    }
}
