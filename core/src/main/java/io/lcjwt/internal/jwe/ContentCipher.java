package io.lcjwt.internal.jwe;

import io.lcjwt.JweContentAlgorithm;

/** Content encryption by {@code enc}: the one place that maps an algorithm to its primitive. */
public final class ContentCipher {
    private ContentCipher() {}

    /** The IV length {@code enc} requires: 12 bytes for GCM, 16 for CBC. */
    public static int ivBytes(JweContentAlgorithm enc) {
        return isGcm(enc) ? AesGcm.IV_BYTES : AesCbcHmac.IV_BYTES;
    }

    /** The tag length {@code enc} requires: 16 bytes for GCM, half the key for CBC-HMAC. */
    public static int tagBytes(JweContentAlgorithm enc) {
        return isGcm(enc) ? AesGcm.TAG_BYTES : enc.keyBytes() / 2;
    }

    /** A fresh random IV for {@code enc}. */
    public static byte[] newIv(JweContentAlgorithm enc) {
        return Native.random(ivBytes(enc));
    }

    /** A fresh random content encryption key for {@code enc}. */
    public static byte[] newKey(JweContentAlgorithm enc) {
        return Native.random(enc.keyBytes());
    }

    /**
     * Encrypts; the key and IV must have {@code enc}'s lengths.
     *
     * @return the ciphertext followed by the tag ({@link #tagBytes} long)
     */
    public static byte[] seal(JweContentAlgorithm enc, byte[] key, byte[] iv, byte[] aad, byte[] plain) {
        checkKey(enc, key);
        return isGcm(enc) ? AesGcm.seal(key, iv, aad, plain) : AesCbcHmac.seal(key, iv, aad, plain);
    }

    /**
     * Decrypts after checking the tag; the IV and tag lengths are the caller's to check first.
     *
     * @return the plaintext, or null when authentication fails (tag, or CBC padding after a good tag)
     */
    public static byte[] open(JweContentAlgorithm enc, byte[] key, byte[] iv, byte[] aad, byte[] ct, byte[] tag) {
        checkKey(enc, key);
        if (iv.length != ivBytes(enc) || tag.length != tagBytes(enc)) {
            return null;
        }
        return isGcm(enc) ? AesGcm.open(key, iv, aad, ct, tag) : AesCbcHmac.open(key, iv, aad, ct, tag);
    }

    private static void checkKey(JweContentAlgorithm enc, byte[] key) {
        if (key.length != enc.keyBytes()) {
            throw new IllegalArgumentException(enc.joseName() + " takes a " + enc.keyBytes() + "-byte key, not "
                    + key.length);
        }
    }

    private static boolean isGcm(JweContentAlgorithm enc) {
        return switch (enc) {
            case A128GCM, A192GCM, A256GCM -> true;
            case A128CBC_HS256, A192CBC_HS384, A256CBC_HS512 -> false;
        };
    }
}
