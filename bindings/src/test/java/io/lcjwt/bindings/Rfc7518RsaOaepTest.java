package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

import static io.lcjwt.bindings.NativeTestSupport.bytes;
import static io.lcjwt.bindings.NativeTestSupport.hex;
import static io.lcjwt.bindings.NativeTestSupport.keygen;
import static io.lcjwt.bindings.NativeTestSupport.spki;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * RFC 7518 §4.3 RSA-OAEP (SHA-1, MGF1 SHA-1) and RSA-OAEP-256 (SHA-256, MGF1 SHA-256) through
 * EVP_PKEY_encrypt/decrypt: libcrypto decrypts its own ciphertext and the JDK's (an independent
 * implementation, tests only, given the same OAEP parameters), and refuses a changed one.
 */
class Rfc7518RsaOaepTest {

    private static final byte[] CEK = hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    private static MemorySegment key;

    @BeforeAll
    static void generate() {
        Backend.get(); // loads libcrypto before the first generated call
        key = keygen(libcrypto_h.EVP_PKEY_RSA(), ctx -> libcrypto_h.EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, 2048));
    }

    @AfterAll
    static void free() {
        libcrypto_h.EVP_PKEY_free(key);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"RSA-OAEP", "RSA-OAEP-256"})
    void encryptsAndDecrypts(String alg) throws Exception {
        MemorySegment md = alg.equals("RSA-OAEP") ? libcrypto_h.EVP_sha1() : Backend.get().sha256();
        byte[] ours = crypt(true, md, CEK);
        assertEquals(256, ours.length);
        assertArrayEquals(CEK, crypt(false, md, ours), "libcrypto decrypts its own");

        String hash = alg.equals("RSA-OAEP") ? "SHA-1" : "SHA-256";
        MGF1ParameterSpec mgf = alg.equals("RSA-OAEP") ? MGF1ParameterSpec.SHA1 : MGF1ParameterSpec.SHA256;
        PublicKey jdkKey = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(spki(key)));
        Cipher oracle = Cipher.getInstance("RSA/ECB/OAEPPadding");
        oracle.init(Cipher.ENCRYPT_MODE, jdkKey, new OAEPParameterSpec(hash, "MGF1", mgf, PSource.PSpecified.DEFAULT));
        assertArrayEquals(CEK, crypt(false, md, oracle.doFinal(CEK)), "libcrypto decrypts the JDK's");

        byte[] tampered = ours.clone();
        tampered[100] ^= 0x01;
        assertNull(crypt(false, md, tampered), "a changed ciphertext");
        MemorySegment other = md.equals(libcrypto_h.EVP_sha1()) ? Backend.get().sha256() : libcrypto_h.EVP_sha1();
        assertNull(crypt(false, other, ours), "the other OAEP digest");
    }

    /** {@return the output, or null when libcrypto refuses the input} */
    private static byte[] crypt(boolean encrypt, MemorySegment md, byte[] in) {
        MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new(key, MemorySegment.NULL);
        assertNotEquals(MemorySegment.NULL, ctx);
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(1, encrypt ? libcrypto_h.EVP_PKEY_encrypt_init(ctx) : libcrypto_h.EVP_PKEY_decrypt_init(ctx));
            assertEquals(1, libcrypto_h.EVP_PKEY_CTX_set_rsa_padding(ctx, libcrypto_h.RSA_PKCS1_OAEP_PADDING()));
            assertEquals(1, libcrypto_h.EVP_PKEY_CTX_set_rsa_oaep_md(ctx, md));
            assertEquals(1, libcrypto_h.EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md));
            MemorySegment out = arena.allocate(256);
            MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
            len.set(ValueLayout.JAVA_LONG, 0, out.byteSize());
            int r = encrypt
                    ? libcrypto_h.EVP_PKEY_encrypt(ctx, out, len, bytes(arena, in), in.length)
                    : libcrypto_h.EVP_PKEY_decrypt(ctx, out, len, bytes(arena, in), in.length);
            return r == 1 ? out.asSlice(0, len.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE) : null;
        } finally {
            libcrypto_h.EVP_PKEY_CTX_free(ctx);
            Backend.get().clearErrors();
        }
    }
}
