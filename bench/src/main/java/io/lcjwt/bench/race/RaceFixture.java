package io.lcjwt.bench.race;

import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Either committed fixture file, {@code bench/fixtures/hs256.json} or {@code bench/fixtures/asym.json}
 * (see {@code bench/fixtures/README.md}), read into one shape: cases, each with its algorithm and
 * the key material it can be verified with.
 *
 * <p>HS cases carry a base64url {@code secret} and take the file's top-level {@code alg}; asymmetric
 * cases carry {@code alg} and a {@code key} naming an entry of the file's {@code keys} (SPKI PEM, one
 * public JWK, a JWKS of decoy, signer, decoy). Loading checks that every field a contender needs is
 * there, so a bad file is an argument error, not a contender failure.
 */
record RaceFixture(Path path, String audience, long clock, Map<String, Case> cases) {

    /** An asymmetric key entry; {@code jwk} and {@code jwks} are the JSON documents, as text. */
    record Key(String name, String kid, String publicPem, String jwk, String jwks) {}

    /** One case. Exactly one of {@code secret} (HS) and {@code key} (asymmetric) is set. */
    record Case(String name, String alg, String kid, byte[] secret, Key key, String token, String expired,
                String wrongAudience, Map<String, Object> claims) {

        boolean isHmac() {
            return secret != null;
        }
    }

    /** A fixture file that is missing, unreadable or lacks a field. */
    static final class BadFixture extends Exception {
        private static final long serialVersionUID = 1L;

        BadFixture(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static RaceFixture load(Path path) throws BadFixture {
        Map<String, Object> root;
        try {
            root = JSON.std.mapFrom(Files.readAllBytes(path));
        } catch (IOException e) {
            throw new BadFixture("cannot read fixture " + path + ": " + e, e);
        }
        try {
            return parse(path, root);
        } catch (RuntimeException | IOException e) {
            throw new BadFixture("bad fixture " + path + ": " + e.getMessage(), e);
        }
    }

    private static RaceFixture parse(Path path, Map<String, Object> root) throws IOException {
        Map<String, Key> keys = new LinkedHashMap<>();
        for (Object o : list(root, "keys", false)) {
            Map<String, Object> k = map(o, "keys[]");
            String name = string(k, "name");
            keys.put(name, new Key(name, string(k, "kid"), string(k, "publicPem"),
                    JSON.std.asString(map(k.get("jwk"), name + ".jwk")),
                    JSON.std.asString(map(k.get("jwks"), name + ".jwks"))));
        }
        String topAlg = (String) root.get("alg");
        Map<String, Case> cases = new LinkedHashMap<>();
        for (Object o : list(root, "cases", true)) {
            Map<String, Object> c = map(o, "cases[]");
            String name = string(c, "name");
            String alg = c.get("alg") instanceof String a ? a : topAlg;
            if (alg == null) {
                throw new IllegalArgumentException("case " + name + " has no alg, and the file has no top-level alg");
            }
            byte[] secret = null;
            Key key = null;
            if (c.get("secret") instanceof String s) {
                secret = Base64.getUrlDecoder().decode(s);
            } else {
                key = keys.get(string(c, "key"));
                if (key == null) {
                    throw new IllegalArgumentException("case " + name + " names key " + c.get("key") + ", not in keys[]");
                }
            }
            cases.put(name, new Case(name, alg, (String) c.get("kid"), secret, key, string(c, "token"),
                    string(c, "expired"), string(c, "wrongAudience"),
                    Collections.unmodifiableMap(map(c.get("claims"), name + ".claims"))));
        }
        Object clock = root.get("clock");
        if (!(clock instanceof Number n)) {
            throw new IllegalArgumentException("no numeric top-level clock");
        }
        return new RaceFixture(path, string(root, "audience"), n.longValue(), Collections.unmodifiableMap(cases));
    }

    /** The directory of the TLS material for {@code jwks-url}: {@code tls/} beside the fixture file. */
    Path tlsDir() {
        Path dir = path.toAbsolutePath().getParent();
        return dir.resolve("tls");
    }

    private static String string(Map<String, Object> m, String field) {
        if (m.get(field) instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException("missing string field " + field + (m.get("name") instanceof String n ? " in " + n : ""));
    }

    private static List<?> list(Map<String, Object> m, String field, boolean required) {
        Object v = m.get(field);
        if (v instanceof List<?> l) {
            return l;
        }
        if (v == null && !required) {
            return List.of();
        }
        throw new IllegalArgumentException("missing array field " + field);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object v, String what) {
        if (v instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new IllegalArgumentException(what + " is not a JSON object");
    }
}
