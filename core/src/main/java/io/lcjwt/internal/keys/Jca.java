package io.lcjwt.internal.keys;

import io.lcjwt.InvalidJwtKeyException;

import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;

/**
 * Key objects to and from the JDK's types, by their standard encodings only: lcjwt never signs or
 * verifies with the JDK; it reads {@code getEncoded()} and hands the JDK its own DER.
 */
public final class Jca {
    private Jca() {}

    /**
     * {@code key.getEncoded()}, which must be in {@code format} ({@code X.509}, {@code PKCS#8} or
     * {@code RAW}); {@code what} names the parameter and the lcjwt type for messages.
     */
    public static byte[] encoded(Key key, String format, String what) {
        if (key == null) {
            throw new NullPointerException(what);
        }
        String algorithm = String.valueOf(key.getAlgorithm());
        byte[] der = key.getFormat() == null ? null : key.getEncoded();
        if (der == null) {
            throw new InvalidJwtKeyException("The " + io.lcjwt.internal.Untrusted.text(algorithm) + " key has no encoding"
                    + " (getEncoded() returned null), as keys kept in a hardware token or a non-exportable key store do;"
                    + " lcjwt needs the key material in libcrypto and cannot use such a key.");
        }
        if (!format.equals(key.getFormat())) {
            throw new InvalidJwtKeyException("The " + io.lcjwt.internal.Untrusted.text(algorithm) + " key is encoded as "
                    + io.lcjwt.internal.Untrusted.quote(key.getFormat()) + "; lcjwt takes " + format + " here.");
        }
        return der;
    }

    /** The JDK's public key for a SubjectPublicKeyInfo lcjwt has checked. */
    public static PublicKey toPublic(KeyInfo info) {
        try {
            return factory(info).generatePublic(new X509EncodedKeySpec(info.spki()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The JDK could not read " + info.describe() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The JDK's private key for a PKCS#8 key lcjwt has checked ({@code info} is its public half).
     * For ML-DSA, {@code pkcs8} is the seed form; a JDK that reads only the expanded form (JDK 24
     * and 25) gets {@code expandedForm}'s instead, made only then.
     */
    public static PrivateKey toPrivate(KeyInfo info, byte[] pkcs8, java.util.function.Supplier<byte[]> expandedForm) {
        try {
            return factory(info).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        } catch (java.security.spec.InvalidKeySpecException seedRefused) {
            if (info.kind() != KeyInfo.Kind.ML_DSA) {
                throw new IllegalStateException("The JDK could not read " + info.describe() + ": "
                        + seedRefused.getMessage(), seedRefused);
            }
            byte[] expanded = expandedForm.get();
            try {
                return KeyFactory.getInstance("ML-DSA").generatePrivate(new PKCS8EncodedKeySpec(expanded));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("The JDK could not read " + info.describe() + " in its seed or its"
                        + " expanded form: " + e.getMessage(), e);
            } finally {
                java.util.Arrays.fill(expanded, (byte) 0);
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The JDK could not read " + info.describe() + ": " + e.getMessage(), e);
        }
    }

    private static KeyFactory factory(KeyInfo info) throws GeneralSecurityException {
        return switch (info.kind()) {
            case RSA -> KeyFactory.getInstance("RSA");
            case ED25519 -> KeyFactory.getInstance("Ed25519");
            case X25519 -> KeyFactory.getInstance("X25519");
            case ML_DSA -> {
                try {
                    yield KeyFactory.getInstance("ML-DSA");
                } catch (java.security.NoSuchAlgorithmException e) {
                    throw new UnsupportedOperationException("This JDK has no ML-DSA (JDK 24 added it), so this key has"
                            + " no java.security form here; use toDer() with a provider that has it.", e);
                }
            }
            case EC -> {
                if (info.curve() == Curve.SECP256K1) {
                    throw new UnsupportedOperationException("The JDK has no secp256k1 (its EC KeyFactory dropped the curve"
                            + " in JDK 16), so this key has no java.security form; use toDer() with a provider that"
                            + " supports the curve.");
                }
                yield KeyFactory.getInstance("EC");
            }
        };
    }
}
