package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweDecrypter;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code lcjwt decrypt JWE|-}: decrypts a compact JWE with {@link JweDecrypter} and prints its
 * content, or, given a verify key, verifies the JWT inside it and prints the verified claims.
 */
@Command(name = "decrypt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Decrypt a compact JWE and print its content, byte for byte. With a --verify-* key source,"
                + " the content must be a signed JWT (a nested JWT, cty JWT): it is verified as verify does, and its"
                + " verified claims are printed.",
                "--alg and --enc are allow-lists, checked before any decryption; --alg may be left out when the key"
                + " is a JWK that names its algorithm, --enc when a dir key's length fits one algorithm.",
                "Decryption is not authentication: anyone with the recipient's public key can make a JWE that"
                + " decrypts. Verify a nested JWT when the content must come from a known issuer."},
        footerHeading = "%n--json prints:%n",
        footer = {"  {\"decrypted\": true, \"verified\": false, \"jweHeader\": the JWE's protected header,"
                + " \"content\": the content as text} (\"contentBase64url\" instead when it is not UTF-8);",
                "  with a --verify-* key: {\"decrypted\": true, \"jweHeader\": ..., \"verified\": true, \"header\": the"
                + " nested JWT's header, \"claims\": its verified claims, \"times\": exp, nbf, iat as times}, as verify"
                + " prints."})
final class DecryptCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "JWE", description = "A compact JWE, or - to read it from standard input.")
    String jwe;

    @ArgGroup(exclusive = true, multiplicity = "1", heading = "Decryption key (exactly one):%n")
    KeySources.ForDecrypt source;

    @Option(names = "--alg", paramLabel = "ALG", converter = JweNames.KeyAlg.class,
            completionCandidates = JweNames.KeyAlgNames.class,
            description = "An accepted key management algorithm (repeatable): ${COMPLETION-CANDIDATES}.")
    List<JweKeyAlgorithm> keyAlgorithms = new ArrayList<>();

    @Option(names = "--enc", paramLabel = "ENC", converter = JweNames.ContentAlg.class,
            completionCandidates = JweNames.ContentAlgNames.class,
            description = "An accepted content encryption algorithm (repeatable): ${COMPLETION-CANDIDATES}.")
    List<JweContentAlgorithm> contentAlgorithms = new ArrayList<>();

    @ArgGroup(exclusive = true, multiplicity = "0..1",
            heading = "Verifying a nested JWT (at most one key source, as for verify):%n")
    KeySources.ForNestedVerify verify;

    @Option(names = "--verify-alg", paramLabel = "ALG",
            converter = KeyOutput.Algorithms.Converter.class, completionCandidates = KeyOutput.Algorithms.Names.class,
            description = "An accepted signature algorithm for the nested JWT (repeatable): ${COMPLETION-CANDIDATES}.")
    List<Algorithm> verifyAlgorithms = new ArrayList<>();

    @Mixin
    Verification.ClaimChecks checks;

    @Override
    public Integer call() throws Exception {
        if (verify == null) {
            String given = !verifyAlgorithms.isEmpty() ? "--verify-alg" : checks.firstGiven();
            if (given != null) {
                throw new CliException(Main.USAGE, given + " checks a nested JWT: give its key with --verify-key (or"
                        + " another --verify-* source).");
            }
        }
        String t = Inputs.tokenArg(jwe, main.in);
        KeyFiles.ForJwe k = source.key != null ? KeyFiles.readForJwe(source.key)
                : new KeyFiles.ForJwe(KeySources.jweSecret(source.secretFile, source.secretEnv), null);
        try (JwtKey key = k.key()) {
            if (key instanceof JwtPublicKey) {
                throw new CliException(Main.KEYS, source.key + " holds a public key, which cannot decrypt; give the"
                        + " private key.");
            }
            Set<JweKeyAlgorithm> algs = keyAlgorithms(k);
            JweDecrypter decrypter = decrypter(key, algs, contentAlgorithms(key, algs));
            if (verify != null) {
                nested(decrypter, t);
            } else {
                plain(decrypter.decrypt(t), t);
            }
        }
        return Main.OK;
    }

    private Set<JweKeyAlgorithm> keyAlgorithms(KeyFiles.ForJwe k) {
        if (keyAlgorithms.isEmpty()) {
            return EnumSet.of(JweNames.keyAlgorithm(null, k));
        }
        keyAlgorithms.forEach(a -> JweNames.check(a, k));
        return EnumSet.copyOf(keyAlgorithms);
    }

    private Set<JweContentAlgorithm> contentAlgorithms(JwtKey key, Set<JweKeyAlgorithm> algs) {
        if (!contentAlgorithms.isEmpty()) {
            return EnumSet.copyOf(contentAlgorithms);
        }
        // A direct key is the content key: its length can leave one algorithm (48 or 64 bytes: CBC-HS).
        if (algs.equals(EnumSet.of(JweKeyAlgorithm.DIR)) && key instanceof JwtSecretKey s) {
            List<JweContentAlgorithm> fit = Arrays.stream(JweContentAlgorithm.values())
                    .filter(e -> e.keyBytes() == s.length()).toList();
            if (fit.size() == 1) {
                return EnumSet.copyOf(fit);
            }
        }
        throw new CliException(Main.USAGE, "Name the accepted content encryption algorithms with --enc (repeatable): "
                + JweNames.names(Arrays.asList(JweContentAlgorithm.values())) + ".");
    }

    private static JweDecrypter decrypter(JwtKey key, Set<JweKeyAlgorithm> algs, Set<JweContentAlgorithm> encs) {
        try {
            return JweDecrypter.builder(key)
                    .keyAlgorithms(algs.toArray(JweKeyAlgorithm[]::new))
                    .contentAlgorithms(encs.toArray(JweContentAlgorithm[]::new))
                    // the user chose this input, so the caps are the command's own, not a server's
                    .maxTokenBytes(Inputs.MAX_BYTES)
                    .maxInflatedBytes(Inputs.MAX_BYTES)
                    .build();
        } catch (InvalidJwtKeyException e) {
            throw new CliException(Main.KEYS, e.getMessage(), e);
        }
    }

    private void plain(byte[] content, String t) throws java.io.IOException {
        if (main.json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("decrypted", true);
            m.put("verified", false);
            m.put("jweHeader", Json.object(JweNames.header(t), "The JWE header"));
            String text = utf8(content);
            if (text != null) {
                m.put("content", text);
            } else {
                m.put("contentBase64url", Base64.getUrlEncoder().withoutPadding().encodeToString(content));
            }
            Json.print(main.out, m);
        } else {
            main.out.write(content);
            main.out.flush();
        }
        Arrays.fill(content, (byte) 0);
    }

    private void nested(JweDecrypter decrypter, String t) throws Exception {
        // The verify key is read first: key trouble is reported before any decryption.
        try (Verification.Opened v = Verification.open(verify, verifyAlgorithms, "--verify-alg", checks)) {
            byte[] content = decrypter.decrypt(t);
            try {
                verified(v, content, t);
            } finally {
                Arrays.fill(content, (byte) 0);
            }
        }
    }

    private void verified(Verification.Opened v, byte[] content, String t) throws java.io.IOException {
        Map<String, Object> header = Json.object(JweNames.header(t), "The JWE header");
        Object cty = header.get("cty");
        if (!(cty instanceof String s) || !(s.equalsIgnoreCase("JWT") || s.equalsIgnoreCase("application/jwt"))) {
            throw new CliException(Main.REFUSED, "The JWE's content type (cty) is "
                    + (cty == null ? "absent" : Untrusted.quote(String.valueOf(cty)))
                    + ", not JWT: it holds no nested JWT to verify. Drop the --verify-* options to print its content.");
        }
        String inner = new String(content, StandardCharsets.US_ASCII);
        var jwt = v.verifier().decodeJwt(inner);
        Map<String, Object> before = new LinkedHashMap<>();
        before.put("decrypted", true);
        before.put("jweHeader", header);
        Object kid = header.get("kid");
        Verification.print(main, jwt, before, "DECRYPTED (" + header.get("alg") + ", " + header.get("enc")
                + (kid == null ? "" : ", kid " + Untrusted.text(String.valueOf(kid))) + ")");
    }

    /** The bytes as text when they are well-formed UTF-8, else null. */
    private static String utf8(byte[] b) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
