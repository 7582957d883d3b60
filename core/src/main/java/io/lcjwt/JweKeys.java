package io.lcjwt;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.crypto.StaticKeyResolver;
import io.lcjwt.internal.jwe.JweCompact;
import io.lcjwt.internal.jwe.JweHeaderReader;
import io.lcjwt.internal.jwe.KeyManagement;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The keys a {@link JweDecrypter} may decrypt with, and how it picks one per JWE; the same rules
 * as a {@link JwtVerifier}'s. What each key may decrypt (its kind and size, its JWK's
 * {@code use}, {@code key_ops} and {@code alg}) is settled once, when the decrypter is built. A
 * JWE with a {@code kid} gets the one key with that {@code kid} that decrypts its {@code alg}
 * (several keys may share a {@code kid}), or is refused, never answered with another key (a
 * single key without {@code kid} serves every {@code kid}); a JWE without {@code kid} gets the
 * one key that decrypts its {@code alg}, and is refused when there are several
 * ({@link StaticKeyResolver#choose} is the rule, shared with the verifiers): keys are never tried in turn, so a JWE costs at most one
 * unwrap, and which key failed never shows (the failed-unwrap rule gives every failure the
 * error of a bad tag).
 */
final class JweKeys implements JweCompact.KeyChooser {

    private final JwtKey[] keys;
    private final Set<?>[] serves;
    /** Per key, the one enc a direct key's JWK binds it to (RFC 7520 section 5.6), or null. */
    private final JweContentAlgorithm[] dirEnc;
    private final String[] kids;

    private JweKeys(List<JwtKey> keys, List<Set<JweKeyAlgorithm>> serves) {
        this.keys = keys.toArray(new JwtKey[0]);
        this.serves = serves.toArray(new Set<?>[0]);
        this.dirEnc = new JweContentAlgorithm[this.keys.length];
        this.kids = new String[this.keys.length];
        for (int i = 0; i < this.keys.length; i++) {
            dirEnc[i] = Keys.use(this.keys[i]).jweEnc();
            kids[i] = this.keys[i].keyId();
        }
    }

    /** Why {@code key} cannot decrypt with {@code alg}, or null when it can. */
    static String decryptProblem(JwtKey key, JweKeyAlgorithm alg) {
        String problem = switch (key) {
            case JwtPublicKey p -> "a JwtPublicKey cannot decrypt; use the matching JwtPrivateKey";
            case JwtSecretKey s -> KeyManagement.keyProblem(alg, s.length(), null, s.isPassword());
            case JwtPrivateKey p -> KeyManagement.keyProblem(alg, -1, p.impl().info());
        };
        return problem != null ? problem : Keys.use(key).jweProblem(alg, true);
    }

    /** Why {@code key} cannot encrypt with {@code alg}, or null when it can. */
    static String encryptProblem(JwtKey key, JweKeyAlgorithm alg) {
        String problem = switch (key) {
            case JwtPrivateKey p -> "encrypt to the recipient's public key: use privateKey.publicKey()";
            case JwtSecretKey s -> KeyManagement.keyProblem(alg, s.length(), null, s.isPassword());
            case JwtPublicKey p -> KeyManagement.keyProblem(alg, -1, p.impl().info());
        };
        return problem != null ? problem : Keys.use(key).jweProblem(alg, false);
    }

    /** One key, which must decrypt every allowed {@code alg}. */
    static JweKeys single(JwtKey key, Set<JweKeyAlgorithm> algs, Set<JweContentAlgorithm> encs) {
        if (key instanceof JwtPublicKey) {
            throw new InvalidJwtKeyException("A JwtPublicKey cannot decrypt; use the matching JwtPrivateKey.");
        }
        Keys.impl(key); // refuses a closed key
        for (JweKeyAlgorithm alg : algs) {
            String problem = decryptProblem(key, alg);
            if (problem != null) {
                throw new InvalidJwtKeyException("This key" + Keys.kid(key) + " cannot decrypt " + alg.joseName() + ": "
                        + problem + ".");
            }
        }
        if (algs.contains(JweKeyAlgorithm.DIR)) {
            for (JweContentAlgorithm enc : encs) {
                String problem = Keys.use(key).encProblem(enc);
                if (problem != null) {
                    throw new InvalidJwtKeyException("This key" + Keys.kid(key) + " cannot decrypt dir with "
                            + enc.joseName() + ": " + problem + ".");
                }
            }
            int n = ((JwtSecretKey) key).length();
            if (encs.stream().noneMatch(e -> e.keyBytes() == n)) {
                throw new InvalidJwtKeyException("A " + n + "-byte direct key fits none of the allowed content"
                        + " algorithms " + encs + ".");
            }
        }
        return new JweKeys(List.of(key), List.of(EnumSet.copyOf(algs)));
    }

    /**
     * The keys of a set that decrypt at least one allowed {@code alg} (others, such as public
     * keys and keys for JWS only, are left out); every allowed {@code alg} needs one.
     */
    static JweKeys fromSet(List<JwtKey> all, Set<JweKeyAlgorithm> algs, Set<JweContentAlgorithm> encs) {
        List<JwtKey> keys = new ArrayList<>();
        List<Set<JweKeyAlgorithm>> serves = new ArrayList<>();
        Set<JweKeyAlgorithm> covered = EnumSet.noneOf(JweKeyAlgorithm.class);
        for (JwtKey k : all) {
            Keys.impl(k); // refuses a closed key
            Set<JweKeyAlgorithm> s = EnumSet.noneOf(JweKeyAlgorithm.class);
            for (JweKeyAlgorithm alg : algs) {
                if (decryptProblem(k, alg) == null && (alg != JweKeyAlgorithm.DIR
                        || encs.stream().anyMatch(e -> e.keyBytes() == ((JwtSecretKey) k).length()
                                && Keys.use(k).encProblem(e) == null))) {
                    s.add(alg);
                }
            }
            if (!s.isEmpty()) {
                keys.add(k);
                serves.add(s);
                covered.addAll(s);
            }
        }
        for (JweKeyAlgorithm alg : algs) {
            if (!covered.contains(alg)) {
                throw new InvalidJwtKeyException("No key of the JWK set can decrypt " + alg.joseName() + ": each is a"
                        + " public key, of another kind or size, or its JWK use, key_ops or alg forbid it.");
            }
        }
        return new JweKeys(keys, serves);
    }

    JwtKey only() {
        return keys.length == 1 ? keys[0] : null;
    }

    @Override
    public JweCompact.Chosen choose(JweHeaderReader.Header h) {
        JweKeyAlgorithm alg = h.alg();
        String kid = h.kid();
        boolean[] serving = new boolean[keys.length];
        for (int i = 0; i < keys.length; i++) {
            serving[i] = serves[i].contains(alg) && (dirEnc[i] == null || dirEnc[i] == h.enc());
        }
        int i = StaticKeyResolver.choose(kid, kids, serving);
        if (i >= 0) {
            return chosen(keys[i]);
        }
        throw new UnknownKeyException(switch (i) {
            case StaticKeyResolver.NAMED_BUT_NONE_SERVES -> "Key " + Untrusted.quote(kid) + " does not decrypt "
                    + alg.joseName() + " with " + h.enc().joseName()
                    + ", the JWE's alg and enc (see its JWK's use, key_ops and alg).";
            case StaticKeyResolver.AMBIGUOUS_KID -> "More than one key of this decrypter with kid " + Untrusted.quote(kid)
                    + " decrypts " + alg.joseName() + "; lcjwt does not try keys in turn, so the JWE is refused"
                    + " (give the keys distinct kids, or a JWK alg each).";
            case StaticKeyResolver.UNKNOWN_KID -> "No key of this decrypter has the JWE's kid " + Untrusted.quote(kid) + ".";
            case StaticKeyResolver.SEVERAL_WITHOUT_KID -> "The JWE has no kid, and more than one key of this decrypter"
                    + " decrypts " + alg.joseName() + "; lcjwt does not try keys in turn.";
            default -> "No key of this decrypter decrypts " + alg.joseName() + ".";
        });
    }

    private static JweCompact.Chosen chosen(JwtKey k) {
        return switch (k) {
            case JwtSecretKey s -> new JweCompact.Chosen(s.secretCopy(), null);
            case JwtPrivateKey p -> new JweCompact.Chosen(null, p.impl());
            case JwtPublicKey p -> throw new IllegalStateException("a public key was chosen to decrypt"); // never kept
        };
    }

}
