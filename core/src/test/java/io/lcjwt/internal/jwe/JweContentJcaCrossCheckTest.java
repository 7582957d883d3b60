package io.lcjwt.internal.jwe;

import io.lcjwt.JweContentAlgorithm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Every {@code enc} against the JDK (tests only, an independent implementation): AES/GCM/NoPadding,
 * and AES/CBC/PKCS5Padding with HmacSHA* composed per RFC 7518 section 5.2.2.1. Each side
 * decrypts the other's output for plaintexts of every length around the block size, and CBC
 * ciphertext with a good tag but bad padding is refused exactly like a bad tag.
 */
class JweContentJcaCrossCheckTest {

    private static final int[] LENGTHS = {0, 1, 15, 16, 17, 31, 32, 33, 100, 1000};

    @ParameterizedTest
    @EnumSource(JweContentAlgorithm.class)
    void bothDirectionsAgreeWithTheJdk(JweContentAlgorithm enc) throws Exception {
        SplittableRandom random = new SplittableRandom(enc.ordinal());
        for (int len : LENGTHS) {
            byte[] key = bytes(random, enc.keyBytes());
            byte[] iv = bytes(random, ContentCipher.ivBytes(enc));
            byte[] aad = bytes(random, len % 50);
            byte[] plain = bytes(random, len);
            byte[] ours = ContentCipher.seal(enc, key, iv, aad, plain);
            byte[] jdk = jdkSeal(enc, key, iv, aad, plain);
            assertArrayEquals(jdk, ours, enc + " with " + len + " bytes");
            int tagLen = ContentCipher.tagBytes(enc);
            assertEquals(ours.length - tagLen, jdk.length - tagLen);
            byte[] ct = Arrays.copyOf(jdk, jdk.length - tagLen);
            byte[] tag = Arrays.copyOfRange(jdk, jdk.length - tagLen, jdk.length);
            assertArrayEquals(plain, ContentCipher.open(enc, key, iv, aad, ct, tag));
        }
    }

    /** Bad padding under a valid tag (an attacker who knows the MAC key only) ends like a bad tag. */
    @ParameterizedTest
    @EnumSource(value = JweContentAlgorithm.class, names = ".*CBC.*", mode = EnumSource.Mode.MATCH_ALL)
    void cbcPaddingOracleIsClosed(JweContentAlgorithm enc) throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        byte[] key = bytes(random, enc.keyBytes());
        int half = enc.keyBytes() / 2;
        byte[] iv = bytes(random, 16);
        byte[] aad = "aad".getBytes();
        // Raw AES-CBC of a block whose last byte is not valid PKCS#7 padding.
        Cipher raw = Cipher.getInstance("AES/CBC/NoPadding");
        raw.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, half, half, "AES"), new IvParameterSpec(iv));
        byte[] block = new byte[16];
        block[15] = 0x11; // 17: more than a block
        byte[] ct = raw.doFinal(block);
        byte[] tag = Arrays.copyOf(jdkMac(enc, key, aad, iv, ct), half);
        assertNull(ContentCipher.open(enc, key, iv, aad, ct, tag), "bad padding under a good tag");
        assertNull(ContentCipher.open(enc, key, iv, aad, Arrays.copyOf(ct, 15), tag), "not whole blocks");
    }

    private static byte[] jdkSeal(JweContentAlgorithm enc, byte[] key, byte[] iv, byte[] aad, byte[] plain)
            throws Exception {
        if (enc.joseName().endsWith("GCM")) {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, iv));
            c.updateAAD(aad);
            return c.doFinal(plain);
        }
        int half = key.length / 2;
        Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, half, half, "AES"), new IvParameterSpec(iv));
        byte[] ct = c.doFinal(plain);
        byte[] mac = jdkMac(enc, key, aad, iv, ct);
        byte[] out = Arrays.copyOf(ct, ct.length + half);
        System.arraycopy(mac, 0, out, ct.length, half);
        return out;
    }

    private static byte[] jdkMac(JweContentAlgorithm enc, byte[] key, byte[] aad, byte[] iv, byte[] ct)
            throws Exception {
        int half = key.length / 2;
        String name = "HmacSHA" + (half * 16);
        Mac mac = Mac.getInstance(name);
        mac.init(new SecretKeySpec(key, 0, half, name));
        mac.update(aad);
        mac.update(iv);
        mac.update(ct);
        mac.update(ByteBuffer.allocate(8).putLong(aad.length * 8L).array());
        return mac.doFinal();
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
