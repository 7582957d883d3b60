package io.lcjwt.internal.crypto;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtHeader;
import io.lcjwt.internal.jws.Refusals;

import java.util.List;

/**
 * Key selection over a fixed list of keys, and the one rule every key choice in lcjwt follows
 * ({@link #choose}: a verifier over keys, a JWK set or a JWKS URL, and a JWE decrypter over a
 * JWK set). A {@code kid} is an opaque string matched exactly; several keys may share one (RFC
 * 7517 section 4.5: of different {@code kty}, or for different uses), and the token's algorithm
 * then picks among them: what a JWK's {@code use}, {@code key_ops} and {@code alg} allow counts,
 * as each key read it once at import. If that still leaves two keys, or none, the token is
 * refused, never answered with another key; keys are never tried in turn. A single key without
 * {@code kid} serves any {@code kid}, being the only key it could mean. A token without
 * {@code kid} is verified only when exactly one key serves its algorithm.
 */
public final class StaticKeyResolver implements KeyResolver {

    /** {@link #choose}'s answers when no single key is chosen. */
    public static final int NAMED_BUT_NONE_SERVES = -1;
    public static final int AMBIGUOUS_KID = -2;
    public static final int UNKNOWN_KID = -3;
    public static final int SEVERAL_WITHOUT_KID = -4;
    public static final int NONE_SERVES = -5;

    private final VerifyKey[] keys;
    private final String[] kids;

    public StaticKeyResolver(List<VerifyKey> keys) {
        this.keys = keys.toArray(new VerifyKey[0]);
        this.kids = new String[this.keys.length];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = this.keys[i].keyId();
        }
    }

    /**
     * The rule: the index of the one key for a token (or JWE) with {@code kid} (null if none),
     * where {@code serves[i]} says whether key {@code i} can serve its algorithm, or one of the
     * negative answers above. Each caller words the refusals for its own operation.
     */
    public static int choose(String kid, String[] kids, boolean[] serves) {
        int found = -1;
        int count = 0;
        if (kid != null) {
            boolean named = false;
            for (int i = 0; i < kids.length; i++) {
                if (kid.equals(kids[i])) {
                    named = true;
                    if (serves[i]) {
                        found = i;
                        count++;
                    }
                }
            }
            if (count == 1) {
                return found;
            }
            if (count > 1) {
                return AMBIGUOUS_KID;
            }
            if (named) {
                return NAMED_BUT_NONE_SERVES;
            }
            return kids.length == 1 && kids[0] == null && serves[0] ? 0 : UNKNOWN_KID;
        }
        for (int i = 0; i < kids.length; i++) {
            if (serves[i]) {
                found = i;
                count++;
            }
        }
        return count == 1 ? found : count > 1 ? SEVERAL_WITHOUT_KID : NONE_SERVES;
    }

    @Override
    public VerifyKey resolve(JwtHeader header) {
        Algorithm alg = header.algorithm();
        String kid = header.keyId();
        boolean[] serves = new boolean[keys.length];
        for (int i = 0; i < keys.length; i++) {
            serves[i] = keys[i].supports(alg);
        }
        int i = choose(kid, kids, serves);
        if (i >= 0) {
            return keys[i];
        }
        throw switch (i) {
            case NAMED_BUT_NONE_SERVES -> Refusals.unknownKey("Key \"" + Untrusted.text(kid) + "\" does not serve "
                    + alg.jwsName() + ", the token's algorithm (or may not verify: see its JWK's use,"
                    + " key_ops and alg).");
            case AMBIGUOUS_KID -> Refusals.unknownKey("More than one key with kid \"" + Untrusted.text(kid)
                    + "\" can verify " + alg.jwsName() + "; lcjwt does not try keys in turn, so the token is refused"
                    + " (give the keys distinct kids, or a JWK alg each).");
            case UNKNOWN_KID -> Refusals.unknownKey("No configured key has the token's kid \""
                    + Untrusted.text(kid) + "\".");
            case SEVERAL_WITHOUT_KID -> Refusals.unknownKey("The token has no kid, and more than one configured key"
                    + " serves " + alg.jwsName() + "; lcjwt does not try keys in turn.");
            default -> Refusals.unknownKey("No configured key serves " + alg.jwsName() + ".");
        };
    }
}
