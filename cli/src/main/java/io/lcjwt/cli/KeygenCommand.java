package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.cli.KeyOutput.Algorithms;
import io.lcjwt.cli.KeyOutput.Jwks;
import io.lcjwt.cli.KeyOutput.Pem;
import io.lcjwt.cli.KeyOutput.SecretFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code lcjwt keygen}: a fresh key from libcrypto's generator. The private key or secret goes
 * only where it was asked to go ({@code --out}, or stdout with {@code --print-private}); the
 * public key and thumbprint are always printed.
 */
@Command(name = "keygen", mixinStandardHelpOptions = true,
        description = {"Generate a key: an RSA, EC, Ed25519 or ML-DSA key pair, or an HMAC secret.",
                "The private key or secret is written to --out (mode 600), or printed only with --print-private;"
                        + " the public key (for HS*, nothing) and the thumbprint are printed."})
final class KeygenCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = "--alg", required = true, paramLabel = "ALG",
            description = "The algorithm the key is for: ES256, ES256K, ES384, ES512, EdDSA, RS256..RS512, PS256..PS512,"
                    + " ML-DSA-44, ML-DSA-65, ML-DSA-87 (with a libcrypto that has ML-DSA), HS256, HS384, HS512.")
    String alg;

    @Option(names = "--bits", paramLabel = "N", description = "RSA modulus size: 2048 (default), 3072 or 4096.")
    Integer bits;

    @Option(names = "--kid", paramLabel = "KID", description = "The key id (default: the key's RFC 7638 thumbprint).")
    String kid;

    @Option(names = "--format", paramLabel = "pem|jwk", defaultValue = "pem",
            description = "How keys are written and printed: pem (default; raw base64url for an HMAC secret) or jwk.")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the private key or secret here, owner-only (600).")
    Path out;

    @Option(names = "--public-out", paramLabel = "FILE", description = "Write the public key here too.")
    Path publicOut;

    @Option(names = "--force", description = "Overwrite --out and --public-out if they exist.")
    boolean force;

    @Option(names = "--print-private", description = "Print the private key or secret on stdout.")
    boolean printPrivate;

    @Override
    public Integer call() throws Exception {
        Algorithm algorithm = Algorithms.parse(alg);
        boolean jwk = switch (format.toLowerCase(java.util.Locale.ROOT)) {
            case "pem" -> false;
            case "jwk" -> true;
            default -> throw new CliException(Main.USAGE, "--format is pem or jwk, not " + Untrusted.quote(format) + ".");
        };
        if (bits != null && bits != 2048 && bits != 3072 && bits != 4096) {
            throw new CliException(Main.USAGE, "--bits is 2048, 3072 or 4096, not " + bits + ".");
        }
        boolean rsa = algorithm.family() == Algorithm.Family.RSA || algorithm.family() == Algorithm.Family.RSA_PSS;
        if (bits != null && !rsa) {
            throw new CliException(Main.USAGE, "--bits is for RSA keys (RS*, PS*), not " + algorithm.jwsName() + ".");
        }
        if (kid != null && kid.isEmpty()) {
            throw new CliException(Main.USAGE, "--kid must not be empty.");
        }
        if (out != null && publicOut != null && out.toAbsolutePath().normalize().equals(publicOut.toAbsolutePath().normalize())) {
            throw new CliException(Main.USAGE, "--out and --public-out name the same file.");
        }
        // Checked before generating, so a refused overwrite costs nothing and writes nothing.
        SecretFiles.checkWritable(out, force);
        SecretFiles.checkWritable(publicOut, force);
        return algorithm.family() == Algorithm.Family.HMAC ? secret(algorithm, jwk) : pair(algorithm, rsa, jwk);
    }

    private int pair(Algorithm algorithm, boolean rsa, boolean jwk) throws Exception {
        try (JwtPrivateKey generated = rsa && bits != null ? JwtPrivateKey.generateRsa(bits) : JwtPrivateKey.generate(algorithm)) {
            String tp = generated.thumbprint();
            String id = kid != null ? kid : tp;
            JwtPrivateKey key = generated.withKeyId(id);
            try (JwtPublicKey pub = key.publicKey()) {
                String publicText = jwk ? Jwks.withAlg(pub.toJwk(), algorithm) + "\n" : pub.toPem();
                String privateText = jwk ? Jwks.withAlg(key.toJwk(), algorithm) + "\n" : Pem.privateKey(key.toDer());
                if (out != null) {
                    SecretFiles.writePrivate(out, privateText, force);
                }
                if (publicOut != null) {
                    SecretFiles.writePublic(publicOut, publicText, force);
                }
                if (main.json) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("kid", id);
                    m.put("alg", algorithm.jwsName());
                    m.put("kty", pub.keyType());
                    m.put("bits", pub.bits());
                    m.put("thumbprint", tp);
                    m.put("publicJwk", Json.object(Jwks.withAlg(pub.toJwk(), algorithm), "the public JWK"));
                    m.put("publicPem", pub.toPem());
                    files(m);
                    if (printPrivate) {
                        m.put("privateKey", jwk ? Json.object(privateText, "the private JWK") : privateText);
                    }
                    Json.print(main.out, m);
                } else {
                    if (printPrivate) {
                        main.out.print(privateText);
                    }
                    main.out.print(publicText);
                    main.out.println("kid: " + id);
                    main.out.println("thumbprint: " + tp);
                    written();
                }
            }
        }
        return Main.OK;
    }

    private int secret(Algorithm algorithm, boolean jwk) throws Exception {
        if (publicOut != null) {
            throw new CliException(Main.USAGE, "An HMAC secret has no public key; drop --public-out.");
        }
        if (out == null && !printPrivate) {
            throw new CliException(Main.USAGE, "An HMAC secret is all secret: give --out FILE, or --print-private to"
                    + " print it.");
        }
        try (JwtSecretKey key = JwtSecretKey.generate(algorithm)) {
            String tp = key.thumbprint();
            String id = kid != null ? kid : tp;
            String k = Jwks.secretBase64(key);
            String secretText = jwk ? Jwks.octJwk(k, id, algorithm) + "\n" : k + "\n";
            if (out != null) {
                SecretFiles.writePrivate(out, secretText, force);
            }
            if (main.json) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("kid", id);
                m.put("alg", algorithm.jwsName());
                m.put("kty", "oct");
                m.put("bits", key.length() * 8);
                m.put("thumbprint", tp);
                m.put("publicJwk", null);
                files(m);
                if (printPrivate) {
                    m.put("secret", jwk ? Json.object(secretText, "the secret JWK") : k);
                }
                Json.print(main.out, m);
            } else {
                if (printPrivate) {
                    main.out.print(secretText);
                }
                main.out.println("kid: " + id);
                main.out.println("thumbprint: " + tp);
                written();
            }
        }
        return Main.OK;
    }

    private void files(Map<String, Object> m) {
        m.put("privateFile", out == null ? null : out.toString());
        m.put("publicFile", publicOut == null ? null : publicOut.toString());
    }

    private void written() {
        if (out != null) {
            main.err.println("Wrote the " + (alg.toUpperCase(java.util.Locale.ROOT).startsWith("HS") ? "secret" : "private key")
                    + " to " + out + " (mode 600).");
        }
        if (publicOut != null) {
            main.err.println("Wrote the public key to " + publicOut + ".");
        }
    }
}
