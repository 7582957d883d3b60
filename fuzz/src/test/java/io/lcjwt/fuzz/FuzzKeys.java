package io.lcjwt.fuzz;

import io.lcjwt.Algorithm;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtVerifier;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One key per algorithm, made once per JVM, with an independent signer and verifier for it (the
 * JDK's, or {@link Ecdsa} for secp256k1) and lcjwt verifiers over each key source. ML-DSA's key
 * and signer are the JDK's too (JDK 24+); where the loaded libcrypto lacks ML-DSA its verifiers
 * are those of a service that cannot have it (an ES256 key, ES256 allowed), which must refuse
 * every ML-DSA token ({@link Material#verifiable()} is false).
 */
final class FuzzKeys {

    static final long NOW = 1_700_000_000L;
    static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC);
    static final String AUDIENCE = "fuzz-aud";
    static final String KID = "fuzz-k1";

    /** How the verifier got its key. */
    /** Where the key comes from; JACKSON_JR is DIRECT's key with claims read by Jackson-jr. */
    enum Source { DIRECT, PEM, JWK, JWKS, JACKSON_JR }

    /**
     * An algorithm's key: how to sign and check independently, and lcjwt verifiers per source;
     * {@code verifiable} is false where lcjwt cannot verify the algorithm here (ML-DSA without a
     * libcrypto that has it), and then the verifiers refuse every token of it.
     */
    record Material(Algorithm alg, Signer signer, Checker checker, Map<Source, JwtVerifier> verifiers,
            boolean verifiable) {
        Material(Algorithm alg, Signer signer, Checker checker, Map<Source, JwtVerifier> verifiers) {
            this(alg, signer, checker, verifiers, true);
        }

        byte[] sign(byte[] input) {
            try {
                return signer.sign(input);
            } catch (GeneralSecurityException e) {
                throw new AssertionError(e);
            }
        }

        boolean check(byte[] input, byte[] sig) {
            try {
                return checker.check(input, sig);
            } catch (GeneralSecurityException e) {
                return false;
            }
        }
    }

    interface Signer { byte[] sign(byte[] input) throws GeneralSecurityException; }

    interface Checker { boolean check(byte[] input, byte[] sig) throws GeneralSecurityException; }

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    static final Map<Algorithm, Material> ALL = build();

    private FuzzKeys() {}

    static Material of(int selector) {
        Algorithm[] algs = Algorithm.values();
        return ALL.get(algs[Math.floorMod(selector, algs.length)]);
    }

    private static Map<Algorithm, Material> build() {
        try {
            SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
            random.setSeed(7519L);
            Map<Algorithm, Material> m = new EnumMap<>(Algorithm.class);
            byte[] secret = new byte[64];
            random.nextBytes(secret);
            KeyPair rsa = pair("RSA", 2048, random);
            KeyPair p256 = ec("secp256r1", random);
            KeyPair p384 = ec("secp384r1", random);
            KeyPair p521 = ec("secp521r1", random);
            KeyPair ed = pair("Ed25519", 0, random);
            BigInteger k1d = new BigInteger(256, random).mod(Ecdsa.SECP256K1.n);
            BigInteger[] k1q = Ecdsa.SECP256K1.multiply(k1d, Ecdsa.SECP256K1.g);
            JwtPublicKey k1Public = (JwtPublicKey) JwtKey.fromJwk("{\"kty\":\"EC\",\"crv\":\"secp256k1\",\"x\":\""
                    + b64(k1q[0]) + "\",\"y\":\"" + b64(k1q[1]) + "\"}");

            for (Algorithm alg : Algorithm.values()) {
                switch (alg.family()) {
                    case HMAC -> {
                        String jca = "HmacSHA" + alg.hashBytes() * 8;
                        Signer s = in -> {
                            Mac mac = Mac.getInstance(jca);
                            mac.init(new SecretKeySpec(secret, jca));
                            return mac.doFinal(in);
                        };
                        Checker c = (in, sig) -> java.security.MessageDigest.isEqual(s.sign(in), sig);
                        JwtSecretKey key = JwtSecretKey.of(secret);
                        String jwk = "{\"kty\":\"oct\",\"k\":\"" + B64.encodeToString(secret) + "\"}";
                        m.put(alg, new Material(alg, s, c, verifiers(alg, key, key, (JwtKey) JwtKey.fromJwk(jwk),
                                JwkSet.of(JwtSecretKey.of(new byte[48]).withKeyId("decoy-1"), key.withKeyId(KID),
                                        JwtSecretKey.of(new byte[40]).withKeyId("decoy-2")))));
                    }
                    case RSA, RSA_PSS -> m.put(alg, jca(alg, rsa, jcaName(alg), pss(alg)));
                    case ECDSA -> {
                        if (alg == Algorithm.ES256K) {
                            Signer s = in -> Ecdsa.SECP256K1.sign(k1d, in, random);
                            Checker c = (in, sig) -> Ecdsa.SECP256K1.verify(k1q, in, sig);
                            m.put(alg, new Material(alg, s, c, publicVerifiers(alg, k1Public)));
                        } else {
                            KeyPair kp = alg == Algorithm.ES256 ? p256 : alg == Algorithm.ES384 ? p384 : p521;
                            m.put(alg, jca(alg, kp, "SHA" + alg.hashBytes() * 8 + "withECDSAinP1363Format", null));
                        }
                    }
                    case EDDSA -> m.put(alg, jca(alg, ed, "Ed25519", null));
                    case ML_DSA -> m.put(alg, mlDsa(alg, random));
                }
            }
            return m;
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static Material mlDsa(Algorithm alg, SecureRandom random) throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance(alg.jwsName());
        g.initialize(new java.security.spec.NamedParameterSpec(alg.jwsName()), random);
        KeyPair kp = g.generateKeyPair();
        if (io.lcjwt.LibCrypto.supports(alg)) {
            return jca(alg, kp, "ML-DSA", null);
        }
        Material jdk = jca(alg, kp, "ML-DSA", null, null);
        JwtPublicKey other = io.lcjwt.JwtPrivateKey.generate(Algorithm.ES256).publicKey();
        return new Material(alg, jdk.signer(), jdk.checker(), verifiers(Algorithm.ES256, other, other, other,
                JwkSet.of(other.withKeyId(KID))), false);
    }

    private static String jcaName(Algorithm alg) {
        return alg.family() == Algorithm.Family.RSA_PSS ? "RSASSA-PSS" : "SHA" + alg.hashBytes() * 8 + "withRSA";
    }

    private static PSSParameterSpec pss(Algorithm alg) {
        if (alg.family() != Algorithm.Family.RSA_PSS) {
            return null;
        }
        String hash = "SHA-" + alg.hashBytes() * 8;
        return new PSSParameterSpec(hash, "MGF1", new MGF1ParameterSpec(hash), alg.hashBytes(), 1);
    }

    private static Material jca(Algorithm alg, KeyPair kp, String name, PSSParameterSpec params) {
        return jca(alg, kp, name, params, publicVerifiers(alg, JwtPublicKey.fromDer(kp.getPublic().getEncoded())));
    }

    private static Material jca(Algorithm alg, KeyPair kp, String name, PSSParameterSpec params,
            Map<Source, JwtVerifier> verifiers) {
        Signer s = in -> {
            Signature sig = Signature.getInstance(name);
            if (params != null) {
                sig.setParameter(params);
            }
            sig.initSign(kp.getPrivate());
            sig.update(in);
            return sig.sign();
        };
        Checker c = (in, bytes) -> {
            Signature sig = Signature.getInstance(name);
            if (params != null) {
                sig.setParameter(params);
            }
            sig.initVerify(kp.getPublic());
            sig.update(in);
            return sig.verify(bytes);
        };
        return new Material(alg, s, c, verifiers);
    }

    private static Map<Source, JwtVerifier> publicVerifiers(Algorithm alg, JwtPublicKey key) {
        JwtPublicKey fromPem = JwtPublicKey.fromPem(key.toPem());
        JwtKey fromJwk = JwtKey.fromJwk(key.toJwk());
        List<JwtKey> decoys = new ArrayList<>();
        decoys.add(io.lcjwt.JwtPrivateKey.generate(Algorithm.ES256).publicKey().withKeyId("decoy-1"));
        decoys.add(key.withKeyId(KID));
        decoys.add(io.lcjwt.JwtPrivateKey.generate(Algorithm.EdDSA).publicKey().withKeyId("decoy-2"));
        JwkSet set = JwkSet.parse(JwkSet.of(decoys.toArray(JwtKey[]::new)).toJson());
        return verifiers(alg, key, fromPem, fromJwk, set);
    }

    private static Map<Source, JwtVerifier> verifiers(Algorithm alg, JwtKey direct, JwtKey pem, JwtKey jwk, JwkSet set) {
        Map<Source, JwtVerifier> v = new EnumMap<>(Source.class);
        v.put(Source.DIRECT, configure(JwtVerifier.builder(direct), alg));
        v.put(Source.PEM, configure(JwtVerifier.builder(pem), alg));
        v.put(Source.JWK, configure(JwtVerifier.builder(jwk), alg));
        v.put(Source.JWKS, configure(JwtVerifier.builder(set), alg));
        v.put(Source.JACKSON_JR, configure(JwtVerifier.builder(direct)
                .claimsReader(io.lcjwt.ClaimsReader.jacksonJr(com.fasterxml.jackson.jr.ob.JSON.std)), alg));
        return v;
    }

    private static JwtVerifier configure(JwtVerifier.Builder b, Algorithm alg) {
        return b.algorithms(alg).audience(AUDIENCE).clock(CLOCK).build();
    }

    private static KeyPair pair(String alg, int bits, SecureRandom random) throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance(alg);
        if (bits > 0) {
            g.initialize(bits, random);
        }
        return g.generateKeyPair();
    }

    private static KeyPair ec(String curve, SecureRandom random) throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec(curve), random);
        return g.generateKeyPair();
    }

    private static String b64(BigInteger v) {
        byte[] out = new byte[32];
        Ecdsa.put(v, out, 0);
        return B64.encodeToString(out);
    }

    static String b64(byte[] b) {
        return B64.encodeToString(b);
    }
}
