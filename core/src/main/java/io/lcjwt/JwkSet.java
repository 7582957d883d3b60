package io.lcjwt;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.keys.Jwk;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A JWK set (RFC 7517 section 5): the public keys an issuer verifies with, selected by {@code kid}.
 *
 * <pre>{@code
 * JwkSet set = JwkSet.parse(Files.readString(Path.of("jwks.json")));
 * JwtVerifier verifier = JwtVerifier.builder(set.keys()).algorithms(Algorithm.RS256, Algorithm.ES256).build();
 *
 * String published = JwkSet.of(signingKey.publicKey()).toJson();   // for your own /.well-known/jwks.json
 * }</pre>
 *
 * <p>{@link #parse} is strict: any key lcjwt would not verify with is an error. {@link
 * #parseLenient} is for documents fetched from an identity provider: keys that are merely unusable
 * here (weak, {@code use} other than {@code sig}, {@code key_ops} without {@code verify},
 * unsupported type or curve) are skipped and counted, but private key members, symmetric
 * ({@code oct}) keys, duplicate {@code kid}s, invalid JSON and a set with no usable key still
 * fail the document. A JWK's {@code alg}, when present, restricts its key to that algorithm.
 *
 * <p>Both refuse a set of more than 100 keys, or with a key of more than 64 members (a JWK has
 * about a dozen), so that a hostile document costs a bounded amount of work per key (the
 * {@link JwksClient} also caps the size of what it fetches).
 *
 * <p>A set is immutable and thread-safe. It has no native state of its own and no
 * {@code close()}: the keys hold that. Keys made by {@link #parse} or {@link #parseLenient}
 * are freed by the {@link java.lang.ref.Cleaner} once unreachable, or at once with
 * {@code set.keys().forEach(JwtKey::close)}; after that, verifiers built on them fail their next
 * decode with {@link IllegalStateException} (see {@link JwtKey}).
 */
public final class JwkSet {

    // Far beyond any real set (a few keys, a dozen members each), low enough that a hostile
    // document's cost stays bounded per key.
    private static final int MAX_KEYS = 100;
    private static final int MAX_MEMBERS_PER_KEY = 64;

    private static final Set<String> PRIVATE_MEMBERS = Set.of("d", "p", "q", "dp", "dq", "qi", "oth");

    private final List<JwtKey> keys;
    private final int skipped;

    private JwkSet(List<JwtKey> keys, int skipped) {
        this.keys = Collections.unmodifiableList(keys);
        this.skipped = skipped;
    }

    /**
     * A set of the given keys (for publishing, or to verify with). The keys stay the caller's: the
     * set does not copy or close them.
     *
     * @param keys the keys; their {@code kid}s, where present, must be unique
     * @return the set, in the given order
     * @throws NullPointerException if {@code keys} or one of its elements is null
     * @throws InvalidJwtKeyException if two keys have the same {@code kid}
     */
    public static JwkSet of(JwtKey... keys) {
        Objects.requireNonNull(keys, "keys");
        for (int i = 0; i < keys.length; i++) {
            Objects.requireNonNull(keys[i], "keys[" + i + "]");
        }
        List<JwtKey> list = List.of(keys);
        checkUniqueKids(list);
        return new JwkSet(list, 0);
    }

    /**
     * Parses a JWK set strictly: any key lcjwt cannot verify with is an error.
     *
     * @param json a JWK set document, {@code {"keys":[...]}}
     * @return the set, in document order; its keys are new and own native state until closed
     * @throws NullPointerException if {@code json} is null
     * @throws InvalidJwtKeyException if the document is not valid JSON, has no {@code keys} array,
     *         has more than 100 keys or a key with more than 64 members, holds a key lcjwt would
     *         not verify with, private or symmetric key material, or two keys with the same
     *         {@code kid}; the message names the key
     */
    public static JwkSet parse(String json) {
        return parse(Objects.requireNonNull(json, "json"), false);
    }

    /**
     * Parses a fetched JWK set, skipping (and counting in {@link #skipped()}) keys that are
     * unusable here.
     *
     * @param json a JWK set document, {@code {"keys":[...]}}
     * @return the set of usable keys, in document order; they are new and own native state
     *         until closed
     * @throws NullPointerException if {@code json} is null
     * @throws InvalidJwtKeyException if the document is not valid JSON, has no {@code keys} array,
     *         has more than 100 keys or a key with more than 64 members, holds private or
     *         symmetric key material or two keys with the same {@code kid}, or has no usable key
     *         at all
     */
    public static JwkSet parseLenient(String json) {
        return parse(Objects.requireNonNull(json, "json"), true);
    }

    @SuppressWarnings("unchecked")
    private static JwkSet parse(String json, boolean lenient) {
        Map<String, Object> doc = Jwk.readObject(json);
        if (!(doc.get("keys") instanceof List<?> entries)) {
            throw new InvalidJwtKeyException("A JWK set is a JSON object with a \"keys\" array (RFC 7517 section 5).");
        }
        if (entries.size() > MAX_KEYS) {
            throw new InvalidJwtKeyException("The JWK set has " + entries.size() + " keys; lcjwt reads at most "
                    + MAX_KEYS + ".");
        }
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) instanceof Map<?, ?> m && m.size() > MAX_MEMBERS_PER_KEY) {
                throw new InvalidJwtKeyException("Key #" + (i + 1) + " of the JWK set has " + m.size()
                        + " members; lcjwt reads at most " + MAX_MEMBERS_PER_KEY + " per key.");
            }
        }
        List<JwtKey> keys = new ArrayList<>();
        Set<String> kids = new HashSet<>();
        int skipped = 0;
        try {
            for (Object e : entries) {
                if (!(e instanceof Map<?, ?> raw)) {
                    throw new InvalidJwtKeyException("Every member of a JWK set's \"keys\" must be a JSON object.");
                }
                Map<String, Object> m = (Map<String, Object>) raw;
                String kty = String.valueOf(m.get("kty"));
                if (kty.equals("oct")) {
                    throw new InvalidJwtKeyException("The JWK set publishes a symmetric key; refusing the whole document.");
                }
                for (String member : PRIVATE_MEMBERS) {
                    if (m.containsKey(member)) {
                        throw new InvalidJwtKeyException("The JWK set publishes private key material (\"" + member
                                + "\"); refusing the whole document.");
                    }
                }
                if (m.get("kid") instanceof String kid && !kids.add(kid)) {
                    throw new InvalidJwtKeyException("The JWK set has two keys with kid " + Untrusted.quote(kid) + "; a kid must"
                            + " name one key.");
                }
                String unusable = unusable(m);
                if (unusable == null) {
                    try {
                        keys.add(Keys.fromParsed(Jwk.parse(m)));
                        continue;
                    } catch (InvalidJwtKeyException ex) {
                        unusable = ex.getMessage();
                    }
                }
                if (!lenient) {
                    throw new InvalidJwtKeyException("JWK " + describe(m) + " cannot be used: " + unusable);
                }
                skipped++;
            }
        } catch (RuntimeException e) {
            keys.forEach(JwtKey::close);
            throw e;
        }
        if (keys.isEmpty()) {
            throw new InvalidJwtKeyException("The JWK set has no key lcjwt can verify with"
                    + (skipped > 0 ? " (" + skipped + " skipped)" : "") + ".");
        }
        return new JwkSet(new ArrayList<>(keys), skipped);
    }

    /** Why a key must not verify signatures, from its metadata alone; null when it may. */
    private static String unusable(Map<String, Object> m) {
        Object use = m.get("use");
        if (use != null && !"sig".equals(use)) {
            return "its use is " + Untrusted.quote(use) + ", not \"sig\".";
        }
        Object ops = m.get("key_ops");
        if (ops != null && !(ops instanceof List<?> l && l.contains("verify"))) {
            return "its key_ops do not include \"verify\".";
        }
        if ("OKP".equals(m.get("kty")) && "X25519".equals(m.get("crv"))) {
            return "it is an X25519 key, which agrees JWE keys (ECDH-ES) and never verifies a signature.";
        }
        return null;
    }

    private static String describe(Map<String, Object> m) {
        Object kid = m.get("kid");
        return kid instanceof String s ? Untrusted.quote(s) : "#" + Integer.toHexString(m.hashCode());
    }

    private static void checkUniqueKids(List<JwtKey> keys) {
        Set<String> kids = new HashSet<>();
        for (JwtKey k : keys) {
            if (k.keyId() != null && !kids.add(k.keyId())) {
                throw new InvalidJwtKeyException("Two keys have kid " + Untrusted.quote(k.keyId()) + "; a kid must name one key.");
            }
        }
    }

    /** {@return the keys, in document order (unmodifiable)} */
    public List<JwtKey> keys() {
        return keys;
    }

    /**
     * {@return how many keys {@link #parseLenient} skipped as unusable (0 for the other factories)}
     */
    public int skipped() {
        return skipped;
    }

    /**
     * The key with this exact {@code kid}.
     *
     * @param kid a key id, compared exactly (case-sensitive)
     * @return the key, or empty when the set has none with that {@code kid}
     * @throws NullPointerException if {@code kid} is null
     */
    public Optional<JwtKey> byKeyId(String kid) {
        Objects.requireNonNull(kid, "kid");
        for (JwtKey k : keys) {
            if (kid.equals(k.keyId())) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    /**
     * The set as JSON for publishing: public members only (EC coordinates at full width),
     * {@code kid}, {@code use: sig}, and {@code alg} when the key serves exactly one algorithm.
     * Secret keys are never published.
     *
     * @return the JWK set document
     * @throws IllegalStateException if the set holds a {@link JwtSecretKey}
     */
    public String toJson() {
        List<Object> out = new ArrayList<>();
        for (JwtKey k : keys) {
            JwtPublicKey pub = switch (k) {
                case JwtPublicKey p -> p;
                case JwtPrivateKey p -> p.publicKey();
                case JwtSecretKey s -> throw new IllegalStateException("A JWK set for publishing must not hold a"
                        + " JwtSecretKey.");
            };
            Map<String, Object> m = new LinkedHashMap<>(Jwk.publicMembers(pub.info()));
            if (pub.keyId() != null) {
                m.put("kid", pub.keyId());
            }
            m.put("use", "sig");
            Algorithm only = null;
            int count = 0;
            for (Algorithm a : Algorithm.values()) {
                if (pub.supports(a)) {
                    only = a;
                    count++;
                }
            }
            if (count == 1) {
                m.put("alg", only.jwsName());
            }
            if (k instanceof JwtPrivateKey) {
                pub.close();
            }
            out.add(m);
        }
        return new String(io.lcjwt.internal.claims.ClaimsWriter.toJson(Map.of("keys", out)), StandardCharsets.UTF_8);
    }
}
