package io.lcjwt;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyInfo;
import io.lcjwt.internal.keys.KeyUse;

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
 * A JWK set (RFC 7517 section 5): the keys an issuer verifies with, or a recipient's encryption
 * keys, selected by {@code kid}.
 *
 * <pre>{@code
 * JwkSet set = JwkSet.parse(Files.readString(Path.of("jwks.json")));
 * JwtVerifier verifier = JwtVerifier.builder(set.keys()).algorithms(Algorithm.RS256, Algorithm.ES256).build();
 *
 * String published = JwkSet.of(signingKey.publicKey()).toJson();   // for your own /.well-known/jwks.json
 * }</pre>
 *
 * <p>{@link #parse} is strict: any key lcjwt cannot import is an error. {@link
 * #parseLenient} is for documents fetched from an identity provider: keys that are merely unusable
 * here (weak, unsupported type, curve, {@code alg} or {@code use}, malformed {@code key_ops})
 * are skipped and counted, but private key members, symmetric ({@code oct}) keys, duplicate
 * {@code kid}s, invalid JSON and a set with no usable key still fail the document. Both refuse
 * secrets, since a published document must not hold any; {@link #parseTrusted} reads a set of
 * your own that does ({@code oct} keys for HMAC rotation and for {@code dir}/AES key wrap,
 * private keys for {@link JweDecrypter#builder(JwkSet)}).
 *
 * <p>Each key keeps what its JWK's {@code use}, {@code key_ops} and {@code alg} (RFC 7517
 * sections 4.2 to 4.4) allow it, and is only ever chosen for that: a key with {@code "use":"enc"},
 * {@code key_ops} without {@code verify} or a JWE {@code alg} never verifies a JWS, one with
 * {@code "use":"sig"} or a JWS {@code alg} never decrypts a JWE, and a key whose {@code alg} is
 * named serves that algorithm only. So one {@code kid} may name two keys when one is for JWS only
 * and the other for JWE only (RFC 7517 section 4.5 allows it); any other shared {@code kid} is
 * refused, since it would leave the choice of key open.
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

    private static final Set<String> PRIVATE_MEMBERS = Set.of("d", "p", "q", "dp", "dq", "qi", "oth", "priv");

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
     * @param keys the keys; their {@code kid}s, where present, must be unique, except that one
     *        key for JWS only and one for JWE only may share one
     * @return the set, in the given order
     * @throws NullPointerException if {@code keys} or one of its elements is null
     * @throws InvalidJwtKeyException if two keys have the same {@code kid} (but for that pair)
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
     * Parses a published JWK set strictly: any key lcjwt cannot import is an error.
     *
     * @param json a JWK set document, {@code {"keys":[...]}}
     * @return the set, in document order; its keys are new and own native state until closed
     * @throws NullPointerException if {@code json} is null
     * @throws InvalidJwtKeyException if the document is not valid JSON, has no {@code keys} array,
     *         has more than 100 keys or a key with more than 64 members, holds a key lcjwt cannot
     *         import (weak, unsupported, or with {@code use}, {@code key_ops} and {@code alg}
     *         that are malformed or contradict each other), private or symmetric key material,
     *         or two keys with the same {@code kid}; the message names the key
     */
    public static JwkSet parse(String json) {
        return parse(Objects.requireNonNull(json, "json"), Source.PUBLISHED);
    }

    /**
     * Parses a JWK set that you hold yourself and may carry secrets: {@code oct} keys (HMAC
     * secrets, for rotating them by {@code kid}; AES keys for {@code dir} and the key wraps) and
     * private keys (to decrypt JWEs, see {@link JweDecrypter#builder(JwkSet)}). As strict as
     * {@link #parse} in every other way. The name is the warning: never pass it a document
     * fetched from elsewhere or taken from a request, since a secret key that anyone can supply
     * lets anyone sign tokens that verify; for those, use {@link #parse} or
     * {@link #parseLenient}, which refuse secrets.
     *
     * <pre>{@code
     * JwkSet own = JwkSet.parseTrusted(Files.readString(Path.of("/etc/myapp/keys.jwks")));
     * JwtVerifier hmac = JwtVerifier.builder(own).algorithms(Algorithm.HS256).build();
     * }</pre>
     *
     * <p>An {@code oct} key whose {@code use}, {@code key_ops} or {@code alg} keep it out of JWS
     * may be 16, 24, 32, 48 or 64 bytes long (as {@link JwtSecretKey#forEncryption}); any other
     * must be at least 32 bytes (as {@link JwtSecretKey#of}).
     *
     * @param json a JWK set document, {@code {"keys":[...]}}
     * @return the set, in document order; its keys are new and own native state until closed
     *         (close them when done: they hold the secrets)
     * @throws NullPointerException if {@code json} is null
     * @throws InvalidJwtKeyException as {@link #parse}, except for private and symmetric key
     *         material; messages never show a secret
     */
    public static JwkSet parseTrusted(String json) {
        return parse(Objects.requireNonNull(json, "json"), Source.TRUSTED);
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
        return parse(Objects.requireNonNull(json, "json"), Source.FETCHED);
    }

    /** Where a document comes from, which decides what {@link #parse(String, Source)} accepts. */
    private enum Source { PUBLISHED, FETCHED, TRUSTED }

    @SuppressWarnings("unchecked")
    private static JwkSet parse(String json, Source source) {
        boolean lenient = source == Source.FETCHED;
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
        // kid -> the keys that have it, null for a skipped one (its use is unknown, so any other
        // key with its kid is refused, as before use decided anything).
        Map<String, List<JwtKey>> kids = new java.util.HashMap<>();
        int skipped = 0;
        try {
            for (Object e : entries) {
                if (!(e instanceof Map<?, ?> raw)) {
                    throw new InvalidJwtKeyException("Every member of a JWK set's \"keys\" must be a JSON object.");
                }
                Map<String, Object> m = (Map<String, Object>) raw;
                String kty = String.valueOf(m.get("kty"));
                if (source != Source.TRUSTED) {
                    if (kty.equals("oct")) {
                        throw new InvalidJwtKeyException("The JWK set publishes a symmetric key; refusing the whole"
                                + " document (a set of your own with secrets is read by JwkSet.parseTrusted).");
                    }
                    for (String member : PRIVATE_MEMBERS) {
                        if (m.containsKey(member)) {
                            throw new InvalidJwtKeyException("The JWK set publishes private key material (\"" + member
                                    + "\"); refusing the whole document.");
                        }
                    }
                }
                JwtKey key = null;
                String unusable;
                try {
                    key = Keys.fromParsed(Jwk.parse(m));
                    unusable = null;
                } catch (InvalidJwtKeyException ex) {
                    unusable = ex.getMessage();
                }
                if (m.get("kid") instanceof String kid) {
                    if (!disjointFromAll(kids.computeIfAbsent(kid, x -> new ArrayList<>()), key)) {
                        if (key != null) {
                            key.close();
                        }
                        throw new InvalidJwtKeyException("The JWK set has two keys with kid " + Untrusted.quote(kid)
                                + "; a kid must name one key (or one JWS-only and one JWE-only key).");
                    }
                }
                if (key != null) {
                    keys.add(key);
                    continue;
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
            throw new InvalidJwtKeyException("The JWK set has no key lcjwt can use"
                    + (skipped > 0 ? " (" + skipped + " skipped)" : "") + ".");
        }
        return new JwkSet(new ArrayList<>(keys), skipped);
    }

    /** Whether {@code key} may share a kid with each of {@code others}; if so it joins them. */
    private static boolean disjointFromAll(List<JwtKey> others, JwtKey key) {
        for (JwtKey o : others) {
            if (!disjoint(o, key)) {
                return false;
            }
        }
        others.add(key);
        return true;
    }

    /**
     * Whether two keys may share a kid: one may serve JWS only and the other JWE only, so that no
     * operation can ever have both to choose from. A skipped key (null) shares with none.
     */
    private static boolean disjoint(JwtKey a, JwtKey b) {
        if (a == null || b == null) {
            return false;
        }
        KeyUse x = usable(a);
        KeyUse y = usable(b);
        return !(x.forJws() && y.forJws()) && !(x.forJwe() && y.forJwe());
    }

    /** The key's use, with an X25519 key (which only ever agrees JWE keys) counted as JWE-only. */
    private static KeyUse usable(JwtKey k) {
        KeyUse u = Keys.use(k);
        boolean x25519 = k instanceof JwtPublicKey p && p.info().kind() == KeyInfo.Kind.X25519
                || k instanceof JwtPrivateKey q && q.impl().info().kind() == KeyInfo.Kind.X25519;
        return x25519 && u.forJws() ? new KeyUse("enc", u.ops(), null, u.jweAlg(), u.jweEnc()) : u;
    }

    private static String describe(Map<String, Object> m) {
        Object kid = m.get("kid");
        return kid instanceof String s ? Untrusted.quote(s) : "#" + Integer.toHexString(m.hashCode());
    }

    private static void checkUniqueKids(List<JwtKey> keys) {
        Map<String, List<JwtKey>> kids = new java.util.HashMap<>();
        for (JwtKey k : keys) {
            if (k.keyId() != null) {
                if (!disjointFromAll(kids.computeIfAbsent(k.keyId(), x -> new ArrayList<>()), k)) {
                    throw new InvalidJwtKeyException("Two keys have kid " + Untrusted.quote(k.keyId()) + "; a kid must"
                            + " name one key (or one JWS-only and one JWE-only key).");
                }
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
     * The first key with this exact {@code kid} (a kid names one key, or one JWS-only and one
     * JWE-only key: for those, select with {@link #keys()}).
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
     * {@code kid}, the {@code use}, {@code key_ops} and {@code alg} the key was read with (those
     * of a private key's public half: {@code sign} becomes {@code verify}, {@code unwrapKey}
     * {@code wrapKey}); a key read without them gets {@code use: sig}, or {@code use: enc} for an
     * X25519 key, and {@code alg} when it serves exactly one JWS algorithm.
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
            KeyUse use = usable(pub);
            use.writeTo(m);
            if (!m.containsKey("use") && !m.containsKey("key_ops")) {
                m.put("use", use.forJws() ? "sig" : "enc");
            }
            if (!m.containsKey("alg") && use.forJws()) {
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
            }
            if (k instanceof JwtPrivateKey) {
                pub.close();
            }
            out.add(m);
        }
        return new String(io.lcjwt.internal.claims.ClaimsWriter.toJson(Map.of("keys", out)), StandardCharsets.UTF_8);
    }
}
