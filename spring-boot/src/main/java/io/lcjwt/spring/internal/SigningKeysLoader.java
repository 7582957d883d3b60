package io.lcjwt.spring.internal;

import com.nimbusds.jose.util.JSONObjectUtils;
import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.spring.LcjwtSigningProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code lcjwt.signing.keys} into an encoder's keys, at start-up: every problem is a
 * start-up failure naming the property, never a failed token later. Messages name the file and
 * what is wrong with it, never its content.
 */
public final class SigningKeysLoader {
    /** A key file is a few KB; a JWK set of 100 keys well under this. */
    private static final int MAX_FILE = 1 << 20;

    /**
     * The keys, and every key object made for them (the encoder frees them when it closes).
     *
     * @param keys the keys
     * @param made the lcjwt keys read from the files
     */
    public record Loaded(EncoderKeys keys, List<JwtKey> made) {}

    private SigningKeysLoader() {}

    /**
     * @param properties {@code lcjwt.signing.*}
     * @param resources where the locations are read
     * @return the keys
     * @throws InvalidConfigurationPropertyValueException naming the property at fault
     */
    public static Loaded load(LcjwtSigningProperties properties, ResourceLoader resources) {
        BootDecoders.requireLibCrypto();
        List<SigningKey> signing = new ArrayList<>();
        List<JwtPublicKey> verifyOnly = new ArrayList<>();
        List<JwtKey> made = new ArrayList<>();
        List<LcjwtSigningProperties.Key> keys = properties.keys();
        try {
            for (int i = 0; i < keys.size(); i++) {
                read(keys.get(i), "lcjwt.signing.keys[" + i + "].", resources, signing, verifyOnly, made);
            }
            if (signing.isEmpty()) {
                throw new InvalidConfigurationPropertyValueException("lcjwt.signing.keys", keys.size() + " key(s)",
                        "None of them is a private or secret key, so lcjwt has nothing to sign with; public keys"
                                + " are only published.");
            }
            try {
                return new Loaded(new EncoderKeys(signing, verifyOnly, Clock.systemUTC()), made);
            } catch (IllegalArgumentException e) {
                throw new InvalidConfigurationPropertyValueException("lcjwt.signing.keys", keys.size() + " key(s)",
                        e.getMessage());
            }
        } catch (RuntimeException e) {
            made.forEach(JwtKey::close);
            throw e;
        }
    }

    private static void read(LcjwtSigningProperties.Key p, String prefix, ResourceLoader resources,
            List<SigningKey> signing, List<JwtPublicKey> verifyOnly, List<JwtKey> made) {
        if (p.location() == null || p.location().isBlank()) {
            throw new InvalidConfigurationPropertyValueException(prefix + "location", p.location(),
                    "Name the key's file, such as file:/etc/issuer/key.pem.");
        }
        String text = text(resources, p.location(), prefix + "location").strip();
        if (text.startsWith("{")) {
            Map<String, Object> json;
            try {
                json = JSONObjectUtils.parse(text);
            } catch (ParseException e) {
                throw new InvalidConfigurationPropertyValueException(prefix + "location", p.location(),
                        "The file is neither PEM nor JSON lcjwt can read.");
            }
            if (json.containsKey("keys")) {
                if (p.kid() != null || p.algorithm() != null || p.activeFrom() != null) {
                    throw new InvalidConfigurationPropertyValueException(prefix + "location", p.location(),
                            "The file is a JWK set, whose keys name their own kid and alg; kid, algorithm and"
                                    + " active-from are for a single key.");
                }
                JwkSet set = attempt(() -> JwkSet.parseTrusted(text), prefix, p.location(), "a JWK set lcjwt can use");
                made.addAll(set.keys());
                List<?> members = json.get("keys") instanceof List<?> l ? l : List.of();
                for (int i = 0; i < set.keys().size(); i++) {
                    JwtKey k = set.keys().get(i);
                    if (java.util.Arrays.stream(Algorithm.values()).noneMatch(k::supports)) {
                        continue; // an encryption key of the set: neither signs nor verifies a JWS
                    }
                    String x5t = i < members.size() && members.get(i) instanceof Map<?, ?> m
                            && m.get("x5t#S256") instanceof String s ? s : null;
                    add(k, p, prefix, x5t, signing, verifyOnly, made);
                }
                return;
            }
            JwtKey key = attempt(() -> JwtKey.fromJwk(text), prefix, p.location(), "a JWK lcjwt can use");
            made.add(key);
            add(key, p, prefix, json.get("x5t#S256") instanceof String s ? s : null, signing, verifyOnly, made);
            return;
        }
        JwtKey key;
        try {
            key = JwtPrivateKey.fromPem(text);
        } catch (RuntimeException privateFailed) {
            key = attempt(() -> JwtPublicKey.fromPem(text), prefix, p.location(),
                    "a PEM private key (PKCS#8, PKCS#1 RSA or SEC1 EC), public key or certificate lcjwt can use");
        }
        made.add(key);
        add(key, p, prefix, null, signing, verifyOnly, made);
    }

    private static void add(JwtKey key, LcjwtSigningProperties.Key p, String prefix, String x5t,
            List<SigningKey> signing, List<JwtPublicKey> verifyOnly, List<JwtKey> made) {
        if (key instanceof JwtPublicKey pub) {
            if (p.algorithm() != null || p.activeFrom() != null) {
                throw new InvalidConfigurationPropertyValueException(prefix + "location", p.location(),
                        "The file holds a public key, which is only published: algorithm and active-from are for"
                                + " keys that sign.");
            }
            if (p.kid() != null && !p.kid().equals(pub.keyId())) {
                pub = pub.withKeyId(p.kid());
                made.add(pub);
            } else if (pub.keyId() == null) {
                pub = pub.withKeyId(pub.thumbprint());
                made.add(pub);
            }
            verifyOnly.add(pub);
            return;
        }
        String kid = p.kid() != null ? p.kid() : key.keyId() != null ? key.keyId() : thumbprint(key);
        JwtKey k = key;
        if (!kid.equals(key.keyId())) {
            k = key instanceof JwtPrivateKey priv ? priv.withKeyId(kid) : ((JwtSecretKey) key).withKeyId(kid);
            made.add(k);
        }
        Algorithm alg;
        if (p.algorithm() != null) {
            alg = Algorithm.fromJwsName(p.algorithm().strip());
            if (alg == null || !k.supports(alg)) {
                throw new InvalidConfigurationPropertyValueException(prefix + "algorithm", p.algorithm(),
                        alg == null ? "Not a JWS algorithm lcjwt signs with (names are case-sensitive, such as ES256)."
                                : "This key cannot sign " + alg.jwsName() + "; " + describe(k) + ".");
            }
        } else {
            alg = SigningKey.defaultAlgorithm(k);
            if (alg == null) {
                throw new InvalidConfigurationPropertyValueException(prefix + "location", p.location(),
                        "This key cannot sign any JWS algorithm (its JWK allows encryption only).");
            }
        }
        signing.add(SigningKey.of(k, alg, p.activeFrom(), x5t));
    }

    private static String thumbprint(JwtKey key) {
        return key instanceof JwtPrivateKey p ? p.thumbprint() : ((JwtSecretKey) key).thumbprint();
    }

    private static String describe(JwtKey k) {
        return "it signs " + String.join(", ", java.util.Arrays.stream(Algorithm.values()).filter(k::supports)
                .map(Algorithm::jwsName).toList());
    }

    private static <T> T attempt(java.util.function.Supplier<T> read, String prefix, String location, String what) {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            // lcjwt's key import messages describe the problem, never the key
            throw new InvalidConfigurationPropertyValueException(prefix + "location", location,
                    "The file is not " + what + ": " + e.getMessage());
        }
    }

    private static String text(ResourceLoader resources, String location, String property) {
        Resource r = resources.getResource(location);
        try (InputStream in = r.getInputStream()) {
            byte[] b = in.readNBytes(MAX_FILE + 1);
            if (b.length > MAX_FILE) {
                throw new InvalidConfigurationPropertyValueException(property, location,
                        "The file is larger than " + MAX_FILE + " bytes; a key file is a few KB.");
            }
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidConfigurationPropertyValueException(property, location,
                    "The key could not be read: " + e.getMessage());
        }
    }
}
