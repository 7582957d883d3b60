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
 * #parseLenient} is for documents fetched from an identity provider: a key that is malformed or
 * merely unusable here (not a JSON object, too many members, an unknown {@code kty}, curve or
 * {@code alg}, weak, a malformed {@code use} or {@code key_ops}) is skipped, with its reason in
 * {@link #skippedKeys()}, and every other key is kept; a key listed twice is kept once. Private
 * key members, symmetric ({@code oct}) keys, invalid JSON, more than 100 keys and a set with no
 * usable key still fail the document. Both refuse secrets, since a published document must not
 * hold any; {@link #parseTrusted} reads a set of your own that does ({@code oct} keys for HMAC
 * rotation and for {@code dir}/AES key wrap, private keys for {@link JweDecrypter#builder(JwkSet)}).
 *
 * <p>Each key keeps what its JWK's {@code use}, {@code key_ops} and {@code alg} (RFC 7517
 * sections 4.2 to 4.4) allow it, and is only ever chosen for that: a key with {@code "use":"enc"},
 * {@code key_ops} without {@code verify} or a JWE {@code alg} never verifies a JWS, one with
 * {@code "use":"sig"} or a JWS {@code alg} never decrypts a JWE, and a key whose {@code alg} is
 * named serves that algorithm only.
 *
 * <p><b>Choosing a key.</b> Several keys may share a {@code kid} (RFC 7517 section 4.5): keys of
 * different {@code kty} (an RSA and an EC key, as in RFC 7520 section 4.8), or for different uses
 * or JWK {@code alg}s. A token's key is the one with its {@code kid} that its header's
 * {@code alg} can use; a token without {@code kid} gets the one key that its {@code alg} can
 * use. Whenever that leaves more than one key, or none, the token is refused with
 * {@link UnknownKeyException} (its message names the {@code kid}): keys are never tried in turn.
 * A {@link JwtVerifier} over a set or a {@link JwksClient}, and a {@link JweDecrypter} over a set,
 * all follow this one rule. {@link #of}, {@link #parse} and {@link #parseTrusted} refuse up front
 * two keys with one {@code kid} that an algorithm could not tell apart; {@link #parseLenient}
 * keeps them, and only a token that lands on both is refused.
 *
 * <p>Both refuse a set of more than 100 keys; the strict ones a key of more than 64 members (a
 * JWK has about a dozen), which the lenient one skips, so that a hostile document costs a bounded
 * amount of work per key (the {@link JwksClient} also caps the size of what it fetches).
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
    private final List<SkippedKey> skipped;

    private JwkSet(List<JwtKey> keys, List<SkippedKey> skipped) {
        this.keys = Collections.unmodifiableList(keys);
        this.skipped = List.copyOf(skipped);
    }

    /**
     * A key {@link #parseLenient} left out, and why.
     *
     * <pre>{@code
     * for (JwkSet.SkippedKey s : set.skippedKeys()) {
     *     log.warn("JWKS key #{} (kid {}) skipped: {}", s.index(), s.keyId(), s.reason());
     * }
     * }</pre>
     *
     * @param index its position in the document's {@code keys} array, from 0
     * @param keyId its {@code kid}, or null when it has none (or none that is a string)
     * @param reason why, in words that quote the document only shortened and escaped
     */
    public record SkippedKey(int index, String keyId, String reason) {}

    /**
     * A set of the given keys (for publishing, or to verify with). The keys stay the caller's: the
     * set does not copy or close them.
     *
     * @param keys the keys; keys that share a {@code kid} must be told apart by the algorithms
     *        they can serve (see "Choosing a key" above)
     * @return the set, in the given order
     * @throws NullPointerException if {@code keys} or one of its elements is null
     * @throws InvalidJwtKeyException if two keys have a {@code kid} that an algorithm cannot
     *         tell apart
     */
    public static JwkSet of(JwtKey... keys) {
        Objects.requireNonNull(keys, "keys");
        for (int i = 0; i < keys.length; i++) {
            Objects.requireNonNull(keys[i], "keys[" + i + "]");
        }
        List<JwtKey> list = List.of(keys);
        checkUniqueKids(list);
        return new JwkSet(list, List.of());
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
     *         or two keys with one {@code kid} that an algorithm cannot tell apart; the message
     *         names the key
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
     * Parses a fetched JWK set, skipping (and listing in {@link #skippedKeys()}) keys that are
     * malformed or unusable here, and keeping every other.
     *
     * <pre>{@code
     * JwkSet set = JwkSet.parseLenient(fetchedDocument);
     * }</pre>
     *
     * @param json a JWK set document, {@code {"keys":[...]}}
     * @return the set of usable keys, in document order; they are new and own native state
     *         until closed
     * @throws NullPointerException if {@code json} is null
     * @throws InvalidJwtKeyException if the document is not valid JSON, has no {@code keys} array,
     *         has more than 100 keys, holds private or symmetric key material, or has no usable
     *         key at all
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
        List<JwtKey> keys = new ArrayList<>();
        List<SkippedKey> skipped = new ArrayList<>();
        try {
            for (int i = 0; i < entries.size(); i++) {
                Object e = entries.get(i);
                String problem = null;
                Map<String, Object> m = null;
                if (!(e instanceof Map<?, ?> raw)) {
                    problem = "it is not a JSON object";
                } else if (raw.size() > MAX_MEMBERS_PER_KEY) {
                    problem = "it has " + raw.size() + " members; lcjwt reads at most " + MAX_MEMBERS_PER_KEY + " per key";
                } else {
                    m = (Map<String, Object>) raw;
                }
                if (m != null && source != Source.TRUSTED) {
                    refuseSecrets(m);
                }
                JwtKey key = null;
                if (m != null) {
                    try {
                        key = Keys.fromParsed(Jwk.parse(m));
                    } catch (InvalidJwtKeyException ex) {
                        problem = ex.getMessage();
                    }
                }
                if (key != null) {
                    int twin = sameKidAndAlgorithm(keys, key);
                    if (twin >= 0) {
                        if (!lenient) {
                            key.close();
                            throw new InvalidJwtKeyException("The JWK set has two keys with kid " + Untrusted.quote(key.keyId())
                                    + " that an algorithm cannot tell apart; keys may share a kid only when each"
                                    + " algorithm can use at most one of them (RFC 7517 section 4.5).");
                        }
                        if (sameKey(keys.get(twin), key)) {
                            key.close();
                            skipped.add(new SkippedKey(i, keys.get(twin).keyId(), "it repeats an earlier key"));
                            continue;
                        }
                        // Kept: a token whose kid and alg land on both is refused, naming the kid.
                    }
                    keys.add(key);
                    continue;
                }
                if (!lenient) {
                    throw new InvalidJwtKeyException(m != null ? "JWK " + describe(m) + " cannot be used: " + problem
                            : e instanceof Map<?, ?> raw ? "Key #" + (i + 1) + " of the JWK set has " + raw.size()
                                    + " members; lcjwt reads at most " + MAX_MEMBERS_PER_KEY + " per key."
                            : "Every member of a JWK set's \"keys\" must be a JSON object.");
                }
                skipped.add(new SkippedKey(i, m != null && m.get("kid") instanceof String kid ? kid : null,
                        problem.endsWith(".") ? problem.substring(0, problem.length() - 1) : problem));
            }
        } catch (RuntimeException e) {
            keys.forEach(JwtKey::close);
            throw e;
        }
        if (keys.isEmpty()) {
            throw new InvalidJwtKeyException("The JWK set has no key lcjwt can use"
                    + (skipped.isEmpty() ? "" : " (" + skipped.size() + " skipped; the first: "
                            + skipped.get(0).reason() + ")") + ".");
        }
        return new JwkSet(new ArrayList<>(keys), skipped);
    }

    /** A published document must hold no secret: a symmetric key or a private member fails it whole. */
    private static void refuseSecrets(Map<String, Object> m) {
        if ("oct".equals(m.get("kty"))) {
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

    /**
     * The index of a key in {@code keys} with {@code key}'s kid that some algorithm could use as
     * well as {@code key} (so kid and alg cannot choose between them), or -1.
     */
    private static int sameKidAndAlgorithm(List<JwtKey> keys, JwtKey key) {
        if (key.keyId() == null) {
            return -1;
        }
        for (int i = 0; i < keys.size(); i++) {
            JwtKey o = keys.get(i);
            if (key.keyId().equals(o.keyId()) && overlap(o, key)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether some JWS algorithm, or some JWE key management algorithm, could use both keys: then
     * they may not share a kid. Keys of different {@code kty}, or one for JWS only and the other
     * for JWE only, or with JWK {@code alg}s that differ, never overlap.
     */
    private static boolean overlap(JwtKey a, JwtKey b) {
        for (Algorithm alg : Algorithm.values()) {
            if (a.supports(alg) && b.supports(alg)) {
                return true;
            }
        }
        for (JweKeyAlgorithm alg : JweKeyAlgorithm.values()) {
            if (jweUse(a, alg) && jweUse(b, alg)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the key can take part in {@code alg}: encrypt to it (a public key), or decrypt with it. */
    private static boolean jweUse(JwtKey k, JweKeyAlgorithm alg) {
        return (k instanceof JwtPublicKey ? JweKeys.encryptProblem(k, alg) : JweKeys.decryptProblem(k, alg)) == null;
    }

    /** The same key material read twice under one use (an issuer listing a key twice). */
    private static boolean sameKey(JwtKey a, JwtKey b) {
        return a.getClass() == b.getClass() && !(a instanceof JwtSecretKey) && a.thumbprint().equals(b.thumbprint())
                && Keys.use(a).equals(Keys.use(b));
    }

    private static String describe(Map<String, Object> m) {
        Object kid = m.get("kid");
        return kid instanceof String s ? Untrusted.quote(s) : "#" + Integer.toHexString(m.hashCode());
    }

    /** The key's use, with an X25519 key (which only ever agrees JWE keys) counted as JWE-only. */
    private static KeyUse usable(JwtKey k) {
        KeyUse u = Keys.use(k);
        boolean x25519 = k instanceof JwtPublicKey p && p.info().kind() == KeyInfo.Kind.X25519
                || k instanceof JwtPrivateKey q && q.impl().info().kind() == KeyInfo.Kind.X25519;
        return x25519 && u.forJws() ? new KeyUse("enc", u.ops(), null, u.jweAlg(), u.jweEnc()) : u;
    }

    private static void checkUniqueKids(List<JwtKey> keys) {
        for (int i = 1; i < keys.size(); i++) {
            if (sameKidAndAlgorithm(keys.subList(0, i), keys.get(i)) >= 0) {
                throw new InvalidJwtKeyException("Two keys have kid " + Untrusted.quote(keys.get(i).keyId())
                        + " and an algorithm cannot tell them apart; keys may share a kid only when each algorithm"
                        + " can use at most one of them (RFC 7517 section 4.5).");
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
        return skipped.size();
    }

    /**
     * The keys {@link #parseLenient} left out, each with the reason (empty for the other
     * factories, which refuse the document instead).
     *
     * <pre>{@code
     * JwkSet set = JwkSet.parseLenient(fetched);
     * set.skippedKeys().forEach(s -> log.warn("skipped JWK #{}: {}", s.index(), s.reason()));
     * }</pre>
     *
     * @return the skipped keys, in document order (unmodifiable)
     */
    public List<SkippedKey> skippedKeys() {
        return skipped;
    }

    /**
     * The first key with this exact {@code kid}. Several keys may share a {@code kid} (see
     * "Choosing a key" above): to find the one an algorithm would use, look through
     * {@link #keys()} with {@link JwtKey#supports(Algorithm)}.
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
            Map<String, Object> m = new LinkedHashMap<>(pub.publicMembers());
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
