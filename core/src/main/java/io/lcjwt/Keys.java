package io.lcjwt;

import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.VerifyKey;
import io.lcjwt.internal.jwe.KeyManagement;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyFactory;
import io.lcjwt.internal.keys.KeyInfo;
import io.lcjwt.internal.keys.KeyUse;

/** Package-private bridge from public key types to their internal implementations. */
final class Keys {
    private Keys() {}

    // instanceof chains, not pattern switches over the sealed JwtKey: each such switch bootstraps
    // a class of its own (SwitchBootstraps.typeSwitch) at its first run, on every first token
    // (a start-up rule, docs/architecture.md). JwtPrivateKey is the one permitted type left; null still throws NPE.

    static VerifyKey impl(JwtKey key) {
        if (key instanceof JwtSecretKey s) {
            return s.impl();
        }
        if (key instanceof JwtPublicKey p) {
            return p.impl();
        }
        return ((JwtPrivateKey) key).impl();
    }

    /** What the key's JWK allows it ({@link KeyUse#ANY} for keys that came from elsewhere). */
    static KeyUse use(JwtKey key) {
        if (key instanceof JwtSecretKey s) {
            return s.impl().use();
        }
        if (key instanceof JwtPublicKey p) {
            return p.impl().use();
        }
        return ((JwtPrivateKey) key).impl().use();
    }

    /** Throws why {@code key} cannot verify {@code alg}: its kind or size, or what its JWK allows. */
    static void requireVerify(JwtKey key, Algorithm alg) {
        requireFit(key, alg);
        String problem = use(key).jwsProblem(alg, false);
        if (problem != null) {
            throw new InvalidJwtKeyException("The key" + kid(key) + " cannot verify " + alg.jwsName() + ": " + problem + ".");
        }
    }

    /** Throws why {@code key} cannot sign with {@code alg}: its kind or size, or what its JWK allows. */
    static void requireSign(JwtKey key, Algorithm alg) {
        requireFit(key, alg);
        String problem = use(key).jwsProblem(alg, true);
        if (problem != null) {
            throw new InvalidJwtKeyException("The key" + kid(key) + " cannot sign with " + alg.jwsName() + ": " + problem + ".");
        }
    }

    static String kid(JwtKey key) {
        return key.keyId() == null ? "" : " " + Untrusted.quote(key.keyId());
    }

    /** Throws the key type's own explanation of why its kind or size cannot serve {@code alg}. */
    private static void requireFit(JwtKey key, Algorithm alg) {
        if (key instanceof JwtSecretKey s) {
            s.requireFit(alg);
        } else if (key instanceof JwtPublicKey p) {
            requireAsymmetric(p.impl(), alg);
        } else {
            requireAsymmetric(((JwtPrivateKey) key).impl(), alg);
        }
    }

    private static void requireAsymmetric(AsymmetricKey key, Algorithm alg) {
        if (!key.info().serves(alg)) {
            throw new InvalidJwtKeyException("The key is " + key.info().describe() + ", which cannot serve " + alg.jwsName()
                    + (alg.family() == Algorithm.Family.HMAC ? "; HMAC algorithms need a JwtSecretKey." : "."));
        }
    }

    static JwtKey fromJwk(String json) {
        return fromParsed(Jwk.parse(json));
    }

    static JwtKey fromParsed(Jwk.Parsed p) {
        KeyUse use = p.keyUse();
        if (p.secret() != null) {
            JwtSecretKey key = JwtSecretKey.fromJwk(p.secret(), p.kid(), use);
            checkAlgFits(key, use, key.length(), null);
            return key;
        }
        checkAlgFits(null, use, -1, p.pub());
        if (p.pkcs8() != null) {
            return new JwtPrivateKey(KeyFactory.privateFromPkcs8(p.pkcs8(), p.kid(), use, p.pub()));
        }
        return new JwtPublicKey(KeyFactory.publicFromInfo(p.pub(), p.kid(), use));
    }

    /**
     * That the JWK's {@code alg} is one its key can serve: a key whose {@code alg} it can never
     * use is a mistake in the JWK, said at import rather than at the first token. Closes
     * {@code made} (the secret key already made, or null) when refusing.
     */
    private static void checkAlgFits(JwtKey made, KeyUse use, int secretLength, KeyInfo info) {
        String problem = null;
        if (use.jwsAlg() != null) {
            Algorithm a = use.jwsAlg();
            boolean fits = info != null ? info.serves(a)
                    : a.family() == Algorithm.Family.HMAC && secretLength >= a.hashBytes();
            if (!fits) {
                problem = "the JWK's alg is " + a.jwsName() + ", which "
                        + (info != null ? info.describe() : "a " + secretLength + "-byte secret") + " cannot serve";
            }
        } else if (use.jweEnc() != null) {
            if (secretLength != use.jweEnc().keyBytes()) {
                problem = "the JWK's alg is " + use.jweEnc().joseName() + ", which as a direct key takes a JwtSecretKey of "
                        + use.jweEnc().keyBytes() + " bytes, not " + (info != null ? info.describe() : secretLength + " bytes");
            }
        } else if (use.jweAlg() != null) {
            String why = KeyManagement.keyProblem(use.jweAlg(), secretLength, info);
            if (why != null) {
                problem = "the JWK's alg is " + use.jweAlg().joseName() + ", but " + why;
            }
        } else if (info != null && info.kind() == KeyInfo.Kind.X25519 && use.forJws() && !use.forJwe()) {
            problem = "an X25519 key agrees JWE keys (ECDH-ES) and never signs or verifies, but the JWK's use or"
                    + " key_ops name only JWS operations";
        }
        if (problem != null) {
            if (made != null) {
                made.close();
            }
            throw new InvalidJwtKeyException("The JWK cannot be used: " + problem + ".");
        }
    }
}
