package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtSecretKey;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Where verify and sign get their key. A secret is read from a file or the environment, never
 * from an argument, where it would land in shell history and in every process listing.
 */
final class KeySources {
    /** Reads the environment; tests replace it, since a JVM cannot set its own variables. */
    static UnaryOperator<String> environment = System::getenv;

    private KeySources() {}

    /** The secret options both commands take (picocli reads the fields of a superclass too). */
    abstract static class Secrets {
        @Option(names = "--secret-file", paramLabel = "FILE",
                description = "A file whose bytes, exactly, are the HMAC secret (at least 32 bytes).")
        Path secretFile;

        @Option(names = "--secret-env", paramLabel = "VAR",
                description = "An environment variable whose value (UTF-8) is the HMAC secret (at least 32 bytes).")
        String secretEnv;
    }

    /** The key options of {@code verify}: exactly one is required. */
    static final class ForVerify extends Secrets implements Verification.Source {
        @Option(names = "--key", paramLabel = "FILE",
                description = "A public (or private) key: PEM, DER or JWK. Or an HMAC secret as an \"oct\" JWK.")
        Path key;

        @Option(names = "--jwks", paramLabel = "FILE", description = "A JWK set file; the token's kid picks the key.")
        Path jwks;

        @Option(names = "--jwks-url", paramLabel = "URL",
                description = "A JWKS URL (https; plain http only to a loopback address).")
        String jwksUrl;

        @Option(names = "--issuer-url", paramLabel = "URL",
                description = "An issuer: its keys are found through its metadata (OpenID discovery, then RFC 8414),"
                        + " and the token's iss must be this URL unless --iss says otherwise.")
        String issuerUrl;

        @Override
        public Path key() {
            return key;
        }

        @Override
        public Path jwks() {
            return jwks;
        }

        @Override
        public String jwksUrl() {
            return jwksUrl;
        }

        @Override
        public String issuerUrl() {
            return issuerUrl;
        }

        @Override
        public Path secretFile() {
            return secretFile;
        }

        @Override
        public String secretEnv() {
            return secretEnv;
        }
    }

    /** The key options of {@code sign}: exactly one is required. */
    static final class ForSign extends Secrets {
        @Option(names = "--key", paramLabel = "FILE", description = "A private key: PEM, DER or JWK (with \"d\").")
        Path key;
    }

    /** The signing key options of {@code encrypt}, for claims signed before they are encrypted. */
    static final class ForNestedSign {
        @Option(names = "--sign-key", paramLabel = "FILE", description = "A private key: PEM, DER or JWK (with \"d\").")
        Path key;

        @Option(names = "--sign-secret-file", paramLabel = "FILE",
                description = "A file whose bytes, exactly, are the HMAC secret (at least 32 bytes).")
        Path secretFile;

        @Option(names = "--sign-secret-env", paramLabel = "VAR",
                description = "An environment variable whose value (UTF-8) is the HMAC secret (at least 32 bytes).")
        String secretEnv;
    }

    /** The secret options of {@code encrypt} and {@code decrypt}: a JWE key, not an HMAC secret. */
    abstract static class JweSecrets {
        @Option(names = "--secret-file", paramLabel = "FILE",
                description = "A file whose bytes, exactly, are the shared key for dir, A*KW or A*GCMKW (16, 24, 32,"
                        + " 48 or 64 bytes).")
        Path secretFile;

        @Option(names = "--secret-env", paramLabel = "VAR",
                description = "An environment variable whose value (UTF-8) is that shared key.")
        String secretEnv;
    }

    /** The recipient key options of {@code encrypt}: exactly one is required. */
    static final class ForEncrypt extends JweSecrets {
        @Option(names = "--to", paramLabel = "FILE",
                description = "The recipient's public key (RSA, EC or X25519): PEM, DER or JWK. Or a shared key as an"
                        + " \"oct\" JWK.")
        Path to;
    }

    /** The decryption key options of {@code decrypt}: exactly one is required. */
    static final class ForDecrypt extends JweSecrets {
        @Option(names = "--key", paramLabel = "FILE",
                description = "The recipient's private key (RSA, EC or X25519): PEM, DER or JWK (with \"d\"). Or a"
                        + " shared key as an \"oct\" JWK.")
        Path key;
    }

    /** The key options for verifying the JWT inside a JWE; named after verify's, with a verify- prefix. */
    static final class ForNestedVerify implements Verification.Source {
        @Option(names = "--verify-key", paramLabel = "FILE",
                description = "The issuer's public key: PEM, DER or JWK. Or an HMAC secret as an \"oct\" JWK.")
        Path key;

        @Option(names = "--verify-jwks", paramLabel = "FILE", description = "A JWK set file; the inner JWT's kid picks the key.")
        Path jwks;

        @Option(names = "--verify-jwks-url", paramLabel = "URL",
                description = "A JWKS URL (https; plain http only to a loopback address).")
        String jwksUrl;

        @Option(names = "--verify-issuer-url", paramLabel = "URL",
                description = "An issuer whose keys are found through its metadata (OpenID discovery, then RFC 8414);"
                        + " the inner JWT's iss must be this URL"
                        + " unless --iss says otherwise.")
        String issuerUrl;

        @Option(names = "--verify-secret-file", paramLabel = "FILE",
                description = "A file whose bytes, exactly, are the HMAC secret (at least 32 bytes).")
        Path secretFile;

        @Option(names = "--verify-secret-env", paramLabel = "VAR",
                description = "An environment variable whose value (UTF-8) is the HMAC secret (at least 32 bytes).")
        String secretEnv;

        @Override
        public Path key() {
            return key;
        }

        @Override
        public Path jwks() {
            return jwks;
        }

        @Override
        public String jwksUrl() {
            return jwksUrl;
        }

        @Override
        public String issuerUrl() {
            return issuerUrl;
        }

        @Override
        public Path secretFile() {
            return secretFile;
        }

        @Override
        public String secretEnv() {
            return secretEnv;
        }

        @Override
        public String optionPrefix() {
            return "--verify-";
        }
    }

    /** The HMAC secret from {@code file}, or else from the variable {@code env}. */
    static JwtSecretKey secret(Path file, String env) throws IOException {
        return secret(file, env, "HMAC secret", JwtSecretKey::of);
    }

    /** A JWE key (dir, A*KW, A*GCMKW: 16 to 64 bytes) from {@code file}, or else from the variable {@code env}. */
    static JwtSecretKey jweSecret(Path file, String env) throws IOException {
        return secret(file, env, "JWE key", JwtSecretKey::forEncryption);
    }

    private static JwtSecretKey secret(Path file, String env, String what,
            java.util.function.Function<byte[], JwtSecretKey> make) throws IOException {
        byte[] b;
        String where;
        if (file != null) {
            b = Inputs.file(file);
            where = file.toString();
        } else {
            String v = environment.apply(env);
            where = "The environment variable " + Untrusted.text(env);
            if (v == null) {
                throw new CliException(Main.KEYS, where + " is not set; export it with the " + what + ".");
            }
            b = v.getBytes(StandardCharsets.UTF_8);
        }
        try {
            return make.apply(b);
        } catch (InvalidJwtKeyException e) {
            throw new CliException(Main.KEYS, where + ": " + e.getMessage(), e);
        } finally {
            Arrays.fill(b, (byte) 0);
        }
    }

    /**
     * The algorithms to allow: those given, or else the one algorithm each key serves. A key that
     * serves several (an RSA key, a long secret) leaves the choice to the user: lcjwt never takes
     * it from the token.
     */
    static Set<Algorithm> algorithms(List<Algorithm> given, Collection<? extends JwtKey> keys) {
        return algorithms(given, keys, "--alg");
    }

    /** As {@link #algorithms(List, Collection)}, naming the option {@code algOption} in its message. */
    static Set<Algorithm> algorithms(List<Algorithm> given, Collection<? extends JwtKey> keys, String algOption) {
        if (given != null && !given.isEmpty()) {
            return EnumSet.copyOf(given);
        }
        Set<Algorithm> chosen = EnumSet.noneOf(Algorithm.class);
        for (JwtKey k : keys) {
            List<String> served = new ArrayList<>();
            Algorithm one = null;
            for (Algorithm a : Algorithm.values()) {
                if (k.supports(a)) {
                    served.add(a.jwsName());
                    one = a;
                }
            }
            if (served.size() != 1) {
                String which = k.keyId() == null ? "The key" : "The key " + Untrusted.text(k.keyId());
                throw new CliException(Main.USAGE, "Name the algorithm with " + algOption + ": " + which
                        + (served.isEmpty() ? " serves no JWS algorithm." : " can be used with " + String.join(", ", served) + "."));
            }
            chosen.add(one);
        }
        return chosen;
    }

    static String names(Collection<Algorithm> algs) {
        return String.join(", ", algs.stream().map(Algorithm::jwsName).toList());
    }
}
