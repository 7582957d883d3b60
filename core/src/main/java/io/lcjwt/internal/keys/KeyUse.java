package io.lcjwt.internal.keys;

import io.lcjwt.Algorithm;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.internal.Untrusted;

import java.util.ArrayList;
import java.util.List;

/**
 * What a key may do, from its JWK's {@code use}, {@code key_ops} and {@code alg} (RFC 7517
 * sections 4.2 to 4.4), read once at import so that a decode only reads a boolean. Keys that do
 * not come from a JWK may do everything their kind allows ({@link #ANY}).
 *
 * <p>The {@code key_ops} each operation needs: a JWS {@code verify} or {@code sign}; a JWE
 * {@code dir} key is the content key itself, so {@code decrypt}/{@code encrypt}; the AES and
 * AES-GCM key wraps and RSA-OAEP encrypt the content key, so {@code unwrapKey}/{@code wrapKey};
 * the ECDH-ES family derives a key, so {@code deriveKey} or {@code deriveBits} on both sides;
 * PBES2 derives a key only to wrap the content key with it, so {@code unwrapKey}/{@code wrapKey}.
 *
 * @param use the JWK's {@code use} ({@code sig}, {@code enc}), or null
 * @param ops a bit set of {@link Op}s ({@code key_ops}), or {@link #ALL_OPS} when absent
 * @param jwsAlg the JWK's {@code alg} when it names a JWS algorithm, else null
 * @param jweAlg the JWK's {@code alg} when it names a JWE key management algorithm, {@code dir}
 *        when it names a content encryption algorithm, else null
 * @param jweEnc the JWK's {@code alg} when it names a content encryption algorithm (a direct key
 *        for that {@code enc} only, as RFC 7520 section 5.6 writes it), else null
 */
public record KeyUse(String use, int ops, Algorithm jwsAlg, JweKeyAlgorithm jweAlg, JweContentAlgorithm jweEnc) {

    /** The operations of RFC 7517 section 4.3, in its order. */
    public enum Op {
        SIGN("sign"), VERIFY("verify"), ENCRYPT("encrypt"), DECRYPT("decrypt"), WRAP_KEY("wrapKey"),
        UNWRAP_KEY("unwrapKey"), DERIVE_KEY("deriveKey"), DERIVE_BITS("deriveBits");

        final String jose;

        Op(String jose) {
            this.jose = jose;
        }

        int bit() {
            return 1 << ordinal();
        }

        static Op byName(String name) {
            for (Op o : values()) {
                if (o.jose.equals(name)) {
                    return o;
                }
            }
            return null;
        }
    }

    public static final int ALL_OPS = (1 << Op.values().length) - 1;
    private static final int JWS_OPS = Op.SIGN.bit() | Op.VERIFY.bit();

    /** A key from PEM, DER, the JDK or a JWK without {@code use}, {@code key_ops} or {@code alg}. */
    public static final KeyUse ANY = new KeyUse(null, ALL_OPS, null, null, null);

    /**
     * A PBES2 password ({@code JwtSecretKey.fromPassword}), which comes from no JWK: it wraps and
     * unwraps content keys (PBES2 is a key wrap), so it is a JWE key only; which algorithms it
     * serves (PBES2 alone) is the key kind's matter, as for any secret.
     */
    public static final KeyUse PASSWORD = new KeyUse(null, Op.WRAP_KEY.bit() | Op.UNWRAP_KEY.bit(), null, null, null);

    /**
     * Reads and cross-checks the three members. Refused: a {@code use} other than {@code sig} or
     * {@code enc}; {@code key_ops} that are empty, name an unknown operation or one twice;
     * {@code use} and {@code key_ops} that disagree (RFC 7517 section 4.3); an {@code alg} that
     * is no algorithm lcjwt supports, or that disagrees with {@code use} or {@code key_ops}.
     */
    public static KeyUse parse(String use, List<String> keyOps, String algName) {
        if (use != null && !use.equals("sig") && !use.equals("enc")) {
            throw new InvalidJwtKeyException("The JWK's use " + Untrusted.quote(use) + " is not one lcjwt knows;"
                    + " RFC 7517 section 4.2 defines \"sig\" and \"enc\".");
        }
        int ops = ALL_OPS;
        if (keyOps != null) {
            if (keyOps.isEmpty()) {
                throw new InvalidJwtKeyException("The JWK's key_ops is empty: the key would be for no operation.");
            }
            ops = 0;
            for (String name : keyOps) {
                Op op = Op.byName(name);
                if (op == null) {
                    throw new InvalidJwtKeyException("The JWK's key_ops holds " + Untrusted.quote(name) + ", not an"
                            + " operation of RFC 7517 section 4.3 (names are case-sensitive).");
                }
                if ((ops & op.bit()) != 0) {
                    throw new InvalidJwtKeyException("The JWK's key_ops names \"" + op.jose + "\" twice (RFC 7517"
                            + " section 4.3: duplicate key operation values must not be present).");
                }
                ops |= op.bit();
            }
            if ("sig".equals(use) && (ops & ~JWS_OPS) != 0 || "enc".equals(use) && (ops & JWS_OPS) != 0) {
                throw new InvalidJwtKeyException("The JWK's use \"" + use + "\" and key_ops " + names(ops)
                        + " contradict each other (RFC 7517 section 4.3).");
            }
        }
        Algorithm jws = null;
        JweKeyAlgorithm jwe = null;
        JweContentAlgorithm enc = null;
        if (algName != null) {
            // Some issuers publish P-521 keys as "ES521"; read that here, where it only restricts
            // a key, never in a token's header, whose alg is matched exactly (Algorithm.fromJwsName).
            jws = algName.equals("ES521") ? Algorithm.ES512 : Algorithm.fromJwsName(algName);
            jwe = jws == null ? JweKeyAlgorithm.fromJoseName(algName) : null;
            if (jws == null && jwe == null) {
                enc = JweContentAlgorithm.fromJoseName(algName);
                jwe = enc != null ? JweKeyAlgorithm.DIR : null;
            }
            if (jws == null && jwe == null) {
                throw new InvalidJwtKeyException("The JWK's alg " + Untrusted.quote(algName) + " is not a JWS, JWE key"
                        + " management or content encryption algorithm lcjwt supports.");
            }
            if (jws != null && "enc".equals(use) || jwe != null && "sig".equals(use)) {
                throw new InvalidJwtKeyException("The JWK's alg " + algName + " is a " + (jws != null ? "JWS" : "JWE")
                        + " algorithm, but its use is \"" + use + "\".");
            }
            int needed = jws != null ? JWS_OPS : jweOps(jwe, true) | jweOps(jwe, false);
            if ((ops & needed) == 0) {
                throw new InvalidJwtKeyException("The JWK's alg " + algName + " and key_ops " + names(ops)
                        + " contradict each other: none of those operations is what " + algName + " does.");
            }
        }
        return use == null && ops == ALL_OPS && jws == null && jwe == null ? ANY : new KeyUse(use, ops, jws, jwe, enc);
    }

    /** The {@code key_ops} that let a key decrypt ({@code decrypting}) or encrypt with {@code alg}. */
    private static int jweOps(JweKeyAlgorithm alg, boolean decrypting) {
        return switch (alg) {
            case DIR -> (decrypting ? Op.DECRYPT : Op.ENCRYPT).bit();
            case ECDH_ES, ECDH_ES_A128KW, ECDH_ES_A192KW, ECDH_ES_A256KW -> Op.DERIVE_KEY.bit() | Op.DERIVE_BITS.bit();
            // PBES2 derives a key from the password, but only to wrap the content key with it (RFC 7518 4.8).
            case PBES2_HS256_A128KW, PBES2_HS384_A192KW, PBES2_HS512_A256KW -> (decrypting ? Op.UNWRAP_KEY : Op.WRAP_KEY).bit();
            default -> (decrypting ? Op.UNWRAP_KEY : Op.WRAP_KEY).bit();
        };
    }

    private static String names(int ops) {
        List<String> l = new ArrayList<>();
        for (Op o : Op.values()) {
            if ((ops & o.bit()) != 0) {
                l.add("\"" + o.jose + "\"");
            }
        }
        return "[" + String.join(",", l) + "]";
    }

    /** Whether the key may take part in JWS at all (verify or sign, some algorithm). */
    public boolean forJws() {
        return !"enc".equals(use) && jweAlg == null && (ops & JWS_OPS) != 0;
    }

    /** Whether the key may take part in JWE at all. */
    public boolean forJwe() {
        return !"sig".equals(use) && jwsAlg == null && (ops & ~JWS_OPS) != 0;
    }

    /** Whether the key may verify a JWS (of its {@code alg}, if it has one); the decode path reads this once per key. */
    public boolean verifies() {
        return forJws() && (ops & Op.VERIFY.bit()) != 0;
    }

    /**
     * Why the key must not verify ({@code sign} false) or sign a JWS of {@code alg}; null when it may.
     */
    public String jwsProblem(Algorithm alg, boolean sign) {
        String verb = sign ? "signs" : "verifies";
        if ("enc".equals(use)) {
            return "its JWK use is \"enc\", so it never " + verb + " a JWS";
        }
        if (jweAlg != null) {
            return "its JWK alg is " + jweAlg.joseName() + ", a JWE algorithm, so it never " + verb + " a JWS";
        }
        Op op = sign ? Op.SIGN : Op.VERIFY;
        if ((ops & op.bit()) == 0) {
            return "its JWK key_ops " + names(ops) + " do not include \"" + op.jose + "\"";
        }
        if (jwsAlg != null && jwsAlg != alg) {
            return "its JWK alg is " + jwsAlg.jwsName() + ", not " + alg.jwsName();
        }
        return null;
    }

    /**
     * Why the key must not decrypt ({@code decrypting}) or encrypt a JWE whose {@code alg} is
     * {@code alg}; null when it may.
     */
    public String jweProblem(JweKeyAlgorithm alg, boolean decrypting) {
        String verb = decrypting ? "decrypts" : "encrypts";
        if ("sig".equals(use)) {
            return "its JWK use is \"sig\", so it never " + verb + " a JWE";
        }
        if (jwsAlg != null) {
            return "its JWK alg is " + jwsAlg.jwsName() + ", a JWS algorithm, so it never " + verb + " a JWE";
        }
        int needed = jweOps(alg, decrypting);
        if ((ops & needed) == 0) {
            return "its JWK key_ops " + names(ops) + " include none of " + names(needed) + ", which "
                    + alg.joseName() + " needs to " + (decrypting ? "decrypt" : "encrypt");
        }
        if (jweAlg != null && jweAlg != alg) {
            return "its JWK alg is " + (jweEnc != null ? jweEnc.joseName() + " (a direct key)" : jweAlg.joseName())
                    + ", not " + alg.joseName();
        }
        return null;
    }

    /** Why a direct key must not serve content algorithm {@code enc}; null when it may. */
    public String encProblem(JweContentAlgorithm enc) {
        return jweEnc == null || jweEnc == enc ? null
                : "its JWK alg is " + jweEnc.joseName() + ", so it is a direct key for " + jweEnc.joseName() + " only, not "
                        + enc.joseName();
    }

    /**
     * The use of the public half of a private key with this use: each private operation becomes
     * its public counterpart ({@code sign} to {@code verify}, {@code decrypt} to {@code encrypt},
     * {@code unwrapKey} to {@code wrapKey}), public and derivation ones stay, and so do
     * {@code use} and {@code alg}.
     */
    public KeyUse forPublicHalf() {
        if (ops == ALL_OPS) {
            return this;
        }
        int kept = Op.VERIFY.bit() | Op.ENCRYPT.bit() | Op.WRAP_KEY.bit() | Op.DERIVE_KEY.bit() | Op.DERIVE_BITS.bit();
        int pub = ops & kept;
        pub |= (ops & Op.SIGN.bit()) != 0 ? Op.VERIFY.bit() : 0;
        pub |= (ops & Op.DECRYPT.bit()) != 0 ? Op.ENCRYPT.bit() : 0;
        pub |= (ops & Op.UNWRAP_KEY.bit()) != 0 ? Op.WRAP_KEY.bit() : 0;
        return new KeyUse(use, pub, jwsAlg, jweAlg, jweEnc);
    }

    /** Writes {@code use}, {@code key_ops} and {@code alg} into a JWK being exported, as they were read. */
    public void writeTo(java.util.Map<String, Object> jwk) {
        if (use != null) {
            jwk.put("use", use);
        }
        if (ops != ALL_OPS) {
            List<String> l = new ArrayList<>();
            for (Op o : Op.values()) {
                if ((ops & o.bit()) != 0) {
                    l.add(o.jose);
                }
            }
            jwk.put("key_ops", l);
        }
        if (jwsAlg != null) {
            jwk.put("alg", jwsAlg.jwsName());
        } else if (jweAlg != null) {
            jwk.put("alg", jweEnc != null ? jweEnc.joseName() : jweAlg.joseName());
        }
    }
}
