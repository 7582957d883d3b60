package io.lcjwt.cli;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;

/**
 * JWE algorithm names on the command line: as the JOSE registry spells them ({@code RSA-OAEP-256},
 * {@code A256GCM}), in any case, since a person types them; a header's names are still matched
 * exactly by lcjwt.
 */
final class JweNames {
    private JweNames() {}

    /** Converts {@code --alg} for encrypt and decrypt. */
    static final class KeyAlg implements ITypeConverter<JweKeyAlgorithm> {
        @Override
        public JweKeyAlgorithm convert(String value) {
            for (JweKeyAlgorithm a : JweKeyAlgorithm.values()) {
                if (a.joseName().equalsIgnoreCase(value)) {
                    return a;
                }
            }
            throw new TypeConversionException("Unknown key management algorithm " + Untrusted.quote(value)
                    + "; lcjwt knows " + names(Arrays.asList(JweKeyAlgorithm.values())) + ".");
        }
    }

    /** Converts {@code --enc}. */
    static final class ContentAlg implements ITypeConverter<JweContentAlgorithm> {
        @Override
        public JweContentAlgorithm convert(String value) {
            for (JweContentAlgorithm a : JweContentAlgorithm.values()) {
                if (a.joseName().equalsIgnoreCase(value)) {
                    return a;
                }
            }
            throw new TypeConversionException("Unknown content encryption algorithm " + Untrusted.quote(value)
                    + "; lcjwt knows " + names(Arrays.asList(JweContentAlgorithm.values())) + ".");
        }
    }

    /** The {@code --alg} names for help's completion candidates. */
    static final class KeyAlgNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(JweKeyAlgorithm.values()).map(JweKeyAlgorithm::joseName).iterator();
        }
    }

    /** The {@code --enc} names for help's completion candidates. */
    static final class ContentAlgNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(JweContentAlgorithm.values()).map(JweContentAlgorithm::joseName).iterator();
        }
    }

    static String names(Collection<?> algs) {
        return String.join(", ", algs.stream().map(Object::toString).toList());
    }

    /** The key management algorithms a key of this kind and size can serve, for a message. */
    static List<JweKeyAlgorithm> fitting(JwtKey key) {
        List<JweKeyAlgorithm> fit = new ArrayList<>();
        String type = switch (key) {
            case JwtPublicKey p -> p.keyType();
            case JwtPrivateKey p -> {
                try (JwtPublicKey pub = p.publicKey()) {
                    yield pub.keyType();
                }
            }
            case JwtSecretKey s -> "oct";
        };
        if (key.supports(io.lcjwt.Algorithm.EdDSA) || key.supports(io.lcjwt.Algorithm.ES256K)) {
            return fit; // Ed25519 and secp256k1 keys agree no JWE key
        }
        for (JweKeyAlgorithm a : JweKeyAlgorithm.values()) {
            String n = a.joseName();
            boolean fits = switch (type) {
                case "RSA" -> n.startsWith("RSA-OAEP");
                case "EC", "OKP" -> n.startsWith("ECDH-ES");
                case "oct" -> secretFits(a, ((JwtSecretKey) key).length());
                default -> false;
            };
            if (fits) {
                fit.add(a);
            }
        }
        return fit;
    }

    private static boolean secretFits(JweKeyAlgorithm a, int length) {
        return switch (a) {
            case DIR -> Arrays.stream(JweContentAlgorithm.values()).anyMatch(e -> e.keyBytes() == length);
            case A128KW, A128GCMKW -> length == 16;
            case A192KW, A192GCMKW -> length == 24;
            case A256KW, A256GCMKW -> length == 32;
            default -> false;
        };
    }

    /** {@code given}, or else the one algorithm the key's JWK names; a JWK's alg also refuses any other. */
    static JweKeyAlgorithm keyAlgorithm(JweKeyAlgorithm given, KeyFiles.ForJwe key) {
        if (given == null && key.alg() == null) {
            throw new CliException(Main.USAGE, "Name the key management algorithm with --alg: this key" + fits(key.key()));
        }
        check(given, key);
        return given != null ? given : key.alg();
    }

    static void check(JweKeyAlgorithm given, KeyFiles.ForJwe key) {
        if (given != null && key.alg() != null && given != key.alg()) {
            throw new CliException(Main.KEYS, "The key is for " + key.alg() + " (its JWK's alg), not " + given + ".");
        }
    }

    static String fits(JwtKey key) {
        List<JweKeyAlgorithm> fit = fitting(key);
        return fit.isEmpty() ? " serves no JWE algorithm." : " can be used with " + names(fit) + ".";
    }

    /**
     * The protected header of a compact JWE as JSON text, for output: only of a JWE lcjwt has just
     * made or decrypted (its header is then authenticated and well-formed).
     */
    static String header(String jwe) {
        int dot = jwe.indexOf('.');
        return new String(Base64.getUrlDecoder().decode(jwe.substring(0, dot)), StandardCharsets.UTF_8);
    }
}
