package io.lcjwt.bench;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.libcrypto.aes_key_st;
import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The floor of {@link JweBench}: a compact JWE decrypted and encrypted by exactly the libcrypto
 * calls the JWE needs, through lcjwt's generated bindings, for one fixed case (the enc is always
 * A256GCM). Not a JWE implementation: it reads no header beyond the {@code epk} coordinates,
 * checks nothing but libcrypto's return codes, and is for one thread.
 *
 * <p>What it saves against lcjwt is the Java side only: no header JSON parse or checks, no
 * allow-lists, no native allocation per operation (its native scratch is allocated once), the
 * JDK's base64url. The libcrypto work per operation is what lcjwt's {@code internal.jwe} classes do,
 * each context made and freed per operation as there, with these minimal forms: the Concat KDF is
 * one {@code EVP_Digest} of {@code 00000001 || Z || OtherInfo} (one SHA-256 block gives the 32
 * bytes; aws-lc's {@code SSKDF_digest} computes the same), Z is derived with one
 * {@code EVP_PKEY_derive} into a buffer of the known size, the CEK and IV come from one
 * {@code RAND_bytes}, and OpenSSL's GCM keeps its default 12-byte IV (no {@code SET_IVLEN}).
 */
final class BareJwe implements AutoCloseable {

    /** The key management of the case; content encryption is A256GCM. */
    enum Kind { ECDH_ES_A256KW, RSA_OAEP_256, DIR }

    /** The DER SubjectPublicKeyInfo of a P-256 key up to its point (id-ecPublicKey, prime256v1, BIT STRING). */
    private static final byte[] P256_SPKI_PREFIX = HexFormat.of().parseHex(
            "3059301306072a8648ce3d020106082a8648ce3d030107034200");
    private static final int SPKI_LEN = P256_SPKI_PREFIX.length + 65;
    private static final int MAX = 1 << 16;

    private static final Base64.Decoder DEC = Base64.getUrlDecoder();
    private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();

    private static final String ECDH_HEADER_START = "{\"alg\":\"ECDH-ES+A256KW\",\"enc\":\"A256GCM\",\"epk\":"
            + "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"";
    private static final byte[] RSA_HEADER = b64("{\"alg\":\"RSA-OAEP-256\",\"enc\":\"A256GCM\"}");
    private static final byte[] DIR_HEADER = b64("{\"alg\":\"dir\",\"enc\":\"A256GCM\"}");

    private final Kind kind;
    private final Backend b = Backend.get();
    private final boolean awsLc = b.isAwsLc();
    private final Arena arena = Arena.ofShared();
    /** The recipient's EVP_PKEY: private for decrypt, public for encrypt; NULL for dir. */
    private final MemorySegment priv;
    private final MemorySegment pub;
    private final MemorySegment dirKey;

    // native scratch, allocated once
    private final MemorySegment spki = arena.allocate(SPKI_LEN);
    private final MemorySegment kdfIn; // 00000001 || Z || OtherInfo
    private final MemorySegment kek = arena.allocate(32);
    private final MemorySegment cekIv = arena.allocate(44); // CEK (32) then IV (12), for encrypt
    private final MemorySegment cek = arena.allocate(256);
    private final MemorySegment iv = arena.allocate(12);
    private final MemorySegment tag = arena.allocate(16);
    private final MemorySegment ek = arena.allocate(512);
    private final MemorySegment aesKey = arena.allocate(aes_key_st.layout());
    private final MemorySegment aad = arena.allocate(MAX);
    private final MemorySegment in = arena.allocate(MAX);
    private final MemorySegment out = arena.allocate(MAX + 16);
    private final MemorySegment len = arena.allocate(ValueLayout.JAVA_LONG);
    private final MemorySegment n = arena.allocate(ValueLayout.JAVA_INT);
    private final MemorySegment ptr = arena.allocate(ValueLayout.ADDRESS);
    private final int kdfInLen;

    /**
     * @param privateDer the recipient's PKCS#8 private key (ECDH-ES, RSA-OAEP), or null for dir
     * @param publicDer its X.509 SubjectPublicKeyInfo, or null for dir
     * @param secret the dir key (32 bytes), or null
     */
    BareJwe(Kind kind, byte[] privateDer, byte[] publicDer, byte[] secret) {
        this.kind = kind;
        if (kind == Kind.DIR) {
            priv = MemorySegment.NULL;
            pub = MemorySegment.NULL;
            dirKey = arena.allocateFrom(ValueLayout.JAVA_BYTE, secret);
        } else {
            priv = der(privateDer, false);
            pub = der(publicDer, true);
            dirKey = MemorySegment.NULL;
        }
        // OtherInfo (RFC 7518 section 4.6.2) for ECDH-ES+A256KW with no apu/apv: AlgorithmID,
        // empty PartyUInfo and PartyVInfo, SuppPubInfo = 256 bits.
        ByteBuffer kdf = ByteBuffer.allocate(4 + 32 + 4 + 14 + 4 + 4 + 4);
        kdf.putInt(1).put(new byte[32]).putInt(14).put("ECDH-ES+A256KW".getBytes(StandardCharsets.US_ASCII))
                .putInt(0).putInt(0).putInt(256);
        kdfInLen = kdf.capacity();
        kdfIn = arena.allocateFrom(ValueLayout.JAVA_BYTE, kdf.array());
        MemorySegment.copy(P256_SPKI_PREFIX, 0, spki, ValueLayout.JAVA_BYTE, 0, P256_SPKI_PREFIX.length);
    }

    private MemorySegment der(byte[] der, boolean isPublic) {
        MemorySegment data = arena.allocateFrom(ValueLayout.JAVA_BYTE, der);
        ptr.set(ValueLayout.ADDRESS, 0, data);
        MemorySegment k = isPublic ? libcrypto_h.d2i_PUBKEY(MemorySegment.NULL, ptr, der.length)
                : libcrypto_h.d2i_AutoPrivateKey(MemorySegment.NULL, ptr, der.length);
        if (k.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("libcrypto refused the bench key: " + b.drainErrors());
        }
        return k;
    }

    private static byte[] b64(String json) {
        return ENC.encode(json.getBytes(StandardCharsets.US_ASCII));
    }

    // ---- decrypt ----

    /** {@return the plaintext, or null when libcrypto refuses any step} */
    byte[] decrypt(String jwe) {
        byte[] t = jwe.getBytes(StandardCharsets.ISO_8859_1);
        int[] dots = new int[4];
        int found = 0;
        for (int i = 0; i < t.length; i++) {
            if (t[i] == '.') {
                if (found == 4) {
                    return null;
                }
                dots[found++] = i;
            }
        }
        if (found != 4) {
            return null;
        }
        int d0 = dots[0];
        int d1 = dots[1];
        int d2 = dots[2];
        int d3 = dots[3];
        int ekLen = decodeInto(t, d0 + 1, d1, ek);
        int ctLen = decodeInto(t, d2 + 1, d3, in);
        if (ekLen < 0 || ctLen < 0 || decodeInto(t, d1 + 1, d2, iv) != 12 || decodeInto(t, d3 + 1, t.length, tag) != 16
                || d0 > aad.byteSize()) {
            return null;
        }
        MemorySegment.copy(t, 0, aad, ValueLayout.JAVA_BYTE, 0, d0); // the AAD: the header segment as sent
        MemorySegment key = switch (kind) {
            case DIR -> dirKey;
            case RSA_OAEP_256 -> rsaDecrypt(ekLen) ? cek : null;
            case ECDH_ES_A256KW -> ecdhUnwrap(t, d0, ekLen) ? cek : null;
        };
        if (key == null || !open(key, d0, ctLen)) {
            b.clearErrors();
            return null;
        }
        return out.asSlice(0, ctLen).toArray(ValueLayout.JAVA_BYTE);
    }

    /** Base64url-decodes {@code t[from, to)}. */
    private static byte[] decode(byte[] t, int from, int to) {
        ByteBuffer d = DEC.decode(ByteBuffer.wrap(t, from, to - from));
        byte[] a = d.array();
        return d.remaining() == a.length ? a : java.util.Arrays.copyOf(a, d.remaining());
    }

    /** Base64url-decodes {@code t[from, to)} into {@code dst}; {@return the length, or -1 when it does not fit} */
    private static int decodeInto(byte[] t, int from, int to, MemorySegment dst) {
        byte[] d = decode(t, from, to);
        if (d.length > dst.byteSize()) {
            return -1;
        }
        MemorySegment.copy(d, 0, dst, ValueLayout.JAVA_BYTE, 0, d.length);
        return d.length;
    }

    private boolean rsaDecrypt(int ekLen) {
        MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new(priv, MemorySegment.NULL);
        try {
            len.set(ValueLayout.JAVA_LONG, 0, cek.byteSize());
            return libcrypto_h.EVP_PKEY_decrypt_init(ctx) == 1
                    && libcrypto_h.EVP_PKEY_CTX_set_rsa_padding(ctx, libcrypto_h.RSA_PKCS1_OAEP_PADDING()) == 1
                    && libcrypto_h.EVP_PKEY_CTX_set_rsa_oaep_md(ctx, b.sha256()) == 1
                    && libcrypto_h.EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, b.sha256()) == 1
                    && libcrypto_h.EVP_PKEY_decrypt(ctx, cek, len, ek, ekLen) == 1
                    && len.get(ValueLayout.JAVA_LONG, 0) == 32;
        } finally {
            libcrypto_h.EVP_PKEY_CTX_free(ctx);
        }
    }

    /**
     * epk's x and y into the SPKI, d2i_PUBKEY (on OpenSSL 3 EVP_PKEY_fromdata from the point, as lcjwt),
     * ECDH, the Concat KDF, AES key unwrap into {@code cek}.
     */
    private boolean ecdhUnwrap(byte[] t, int d0, int ekLen) {
        // The header JSON, only to find the epk coordinates ("x":"..." and "y":"...").
        byte[] header = decode(t, 0, d0);
        spki.set(ValueLayout.JAVA_BYTE, P256_SPKI_PREFIX.length, (byte) 4);
        if (!coordinate(header, (byte) 'x', P256_SPKI_PREFIX.length + 1)
                || !coordinate(header, (byte) 'y', P256_SPKI_PREFIX.length + 33)) {
            return false;
        }
        MemorySegment peer;
        if (awsLc) {
            ptr.set(ValueLayout.ADDRESS, 0, spki);
            peer = libcrypto_h.d2i_PUBKEY(MemorySegment.NULL, ptr, SPKI_LEN);
        } else { // OpenSSL 3's d2i_PUBKEY runs its decoder framework, six times slower than this
            peer = b.ecPublicKeyFromPoint("P-256", spki.asSlice(P256_SPKI_PREFIX.length), 65);
        }
        if (peer.equals(MemorySegment.NULL)) {
            return false;
        }
        try {
            if (!derive(priv, peer)) {
                return false;
            }
        } finally {
            libcrypto_h.EVP_PKEY_free(peer);
        }
        return libcrypto_h.EVP_Digest(kdfIn, kdfInLen, kek, MemorySegment.NULL, b.sha256(), MemorySegment.NULL) == 1
                && libcrypto_h.AES_set_decrypt_key(kek, 256, aesKey) == 0
                && b.aesUnwrapKey(aesKey, MemorySegment.NULL, cek, ek, ekLen) == 32;
    }

    /** Finds {@code "c":"} in the header JSON and decodes its 32-byte value into the SPKI at {@code at}. */
    private boolean coordinate(byte[] json, byte c, int at) {
        for (int i = 0; i + 5 < json.length; i++) {
            if (json[i] == '"' && json[i + 1] == c && json[i + 2] == '"' && json[i + 3] == ':' && json[i + 4] == '"') {
                int from = i + 5;
                int to = from;
                while (to < json.length && json[to] != '"') {
                    to++;
                }
                byte[] v = decode(json, from, to);
                if (v.length != 32) {
                    return false;
                }
                MemorySegment.copy(v, 0, spki, ValueLayout.JAVA_BYTE, at, 32);
                return true;
            }
        }
        return false;
    }

    /** Z of {@code mine} and {@code peer}, written into the KDF input after the counter. */
    private boolean derive(MemorySegment mine, MemorySegment peer) {
        MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new(mine, MemorySegment.NULL);
        try {
            len.set(ValueLayout.JAVA_LONG, 0, 32);
            return libcrypto_h.EVP_PKEY_derive_init(ctx) == 1 && b.deriveSetCheckedPeer(ctx, peer) == 1
                    && libcrypto_h.EVP_PKEY_derive(ctx, kdfIn.asSlice(4, 32), len) == 1
                    && len.get(ValueLayout.JAVA_LONG, 0) == 32;
        } finally {
            libcrypto_h.EVP_PKEY_CTX_free(ctx);
        }
    }

    /** AES-256-GCM open of {@code in[0, ctLen)} into {@code out}, AAD {@code aad[0, aadLen)}. */
    private boolean open(MemorySegment key, int aadLen, int ctLen) {
        if (awsLc) {
            MemorySegment ctx = libcrypto_h.EVP_AEAD_CTX_new(libcrypto_h.EVP_aead_aes_256_gcm(), key, 32, 16);
            try {
                return libcrypto_h.EVP_AEAD_CTX_open_gather(ctx, out, iv, 12, in, ctLen, tag, 16, aad, aadLen) == 1;
            } finally {
                libcrypto_h.EVP_AEAD_CTX_free(ctx);
            }
        }
        MemorySegment ctx = libcrypto_h.EVP_CIPHER_CTX_new();
        try {
            if (libcrypto_h.EVP_DecryptInit_ex(ctx, libcrypto_h.EVP_aes_256_gcm(), MemorySegment.NULL, key, iv) != 1
                    || libcrypto_h.EVP_DecryptUpdate(ctx, MemorySegment.NULL, n, aad, aadLen) != 1
                    || libcrypto_h.EVP_DecryptUpdate(ctx, out, n, in, ctLen) != 1) {
                return false;
            }
            int written = n.get(ValueLayout.JAVA_INT, 0);
            return libcrypto_h.EVP_CIPHER_CTX_ctrl(ctx, libcrypto_h.EVP_CTRL_GCM_SET_TAG(), 16, tag) == 1
                    && libcrypto_h.EVP_DecryptFinal_ex(ctx, out.asSlice(written), n) == 1;
        } finally {
            libcrypto_h.EVP_CIPHER_CTX_free(ctx);
        }
    }

    // ---- encrypt ----

    /** {@return the compact JWE of {@code plaintext}} */
    String encrypt(byte[] plaintext) {
        if (b.randBytes(cekIv, 44) != 1) {
            throw new IllegalStateException("RAND_bytes failed: " + b.drainErrors());
        }
        byte[] header;
        int ekLen;
        MemorySegment key;
        switch (kind) {
            case DIR -> {
                header = DIR_HEADER;
                ekLen = 0;
                key = dirKey;
            }
            case RSA_OAEP_256 -> {
                header = RSA_HEADER;
                ekLen = rsaEncrypt();
                key = cekIv;
            }
            default -> {
                header = ecdhWrap();
                ekLen = 40;
                key = cekIv;
            }
        }
        MemorySegment.copy(header, 0, aad, ValueLayout.JAVA_BYTE, 0, header.length);
        MemorySegment.copy(plaintext, 0, in, ValueLayout.JAVA_BYTE, 0, plaintext.length);
        if (!seal(key, cekIv.asSlice(32, 12), header.length, plaintext.length)) {
            throw new IllegalStateException("AES-GCM failed: " + b.drainErrors());
        }
        byte[] sealed = out.asSlice(0, plaintext.length + 16).toArray(ValueLayout.JAVA_BYTE);
        StringBuilder s = new StringBuilder(header.length + (ekLen + plaintext.length + 28) * 4 / 3 + 8);
        s.append(new String(header, StandardCharsets.ISO_8859_1)).append('.');
        s.append(ENC.encodeToString(ek.asSlice(0, ekLen).toArray(ValueLayout.JAVA_BYTE))).append('.');
        s.append(ENC.encodeToString(cekIv.asSlice(32, 12).toArray(ValueLayout.JAVA_BYTE))).append('.');
        s.append(ENC.encodeToString(java.util.Arrays.copyOf(sealed, plaintext.length))).append('.');
        s.append(ENC.encodeToString(java.util.Arrays.copyOfRange(sealed, plaintext.length, sealed.length)));
        return s.toString();
    }

    private int rsaEncrypt() {
        MemorySegment ctx = libcrypto_h.EVP_PKEY_CTX_new(pub, MemorySegment.NULL);
        try {
            len.set(ValueLayout.JAVA_LONG, 0, ek.byteSize());
            boolean ok = libcrypto_h.EVP_PKEY_encrypt_init(ctx) == 1
                    && libcrypto_h.EVP_PKEY_CTX_set_rsa_padding(ctx, libcrypto_h.RSA_PKCS1_OAEP_PADDING()) == 1
                    && libcrypto_h.EVP_PKEY_CTX_set_rsa_oaep_md(ctx, b.sha256()) == 1
                    && libcrypto_h.EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, b.sha256()) == 1
                    && libcrypto_h.EVP_PKEY_encrypt(ctx, ek, len, cekIv, 32) == 1;
            if (!ok) {
                throw new IllegalStateException("RSA-OAEP failed: " + b.drainErrors());
            }
            return (int) len.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            libcrypto_h.EVP_PKEY_CTX_free(ctx);
        }
    }

    /** An ephemeral P-256 key, ECDH with the recipient, the KDF, the CEK wrapped into {@code ek}; {@return the header segment} */
    private byte[] ecdhWrap() {
        MemorySegment kctx = libcrypto_h.EVP_PKEY_CTX_new_id(libcrypto_h.EVP_PKEY_EC(), MemorySegment.NULL);
        MemorySegment eph;
        try {
            ptr.set(ValueLayout.ADDRESS, 0, MemorySegment.NULL); // keygen fills *ptr only when it is NULL
            if (libcrypto_h.EVP_PKEY_keygen_init(kctx) != 1
                    || libcrypto_h.EVP_PKEY_CTX_set_ec_paramgen_curve_nid(kctx, libcrypto_h.NID_X9_62_prime256v1()) != 1
                    || libcrypto_h.EVP_PKEY_keygen(kctx, ptr) != 1) {
                throw new IllegalStateException("P-256 keygen failed: " + b.drainErrors());
            }
            eph = ptr.get(ValueLayout.ADDRESS, 0);
        } finally {
            libcrypto_h.EVP_PKEY_CTX_free(kctx);
        }
        try {
            ptr.set(ValueLayout.ADDRESS, 0, spki);
            if (libcrypto_h.i2d_PUBKEY(eph, ptr) != SPKI_LEN || !derive(eph, pub)
                    || libcrypto_h.EVP_Digest(kdfIn, kdfInLen, kek, MemorySegment.NULL, b.sha256(), MemorySegment.NULL) != 1
                    || libcrypto_h.AES_set_encrypt_key(kek, 256, aesKey) != 0
                    || b.aesWrapKey(aesKey, MemorySegment.NULL, ek, cekIv, 32) != 40) {
                throw new IllegalStateException("ECDH-ES+A256KW failed: " + b.drainErrors());
            }
        } finally {
            libcrypto_h.EVP_PKEY_free(eph);
        }
        int x = P256_SPKI_PREFIX.length + 1;
        String json = ECDH_HEADER_START + ENC.encodeToString(spki.asSlice(x, 32).toArray(ValueLayout.JAVA_BYTE))
                + "\",\"y\":\"" + ENC.encodeToString(spki.asSlice(x + 32, 32).toArray(ValueLayout.JAVA_BYTE)) + "\"}}";
        return b64(json);
    }

    /** AES-256-GCM seal of {@code in[0, ptLen)} into {@code out} (ciphertext, then the tag), AAD {@code aad[0, aadLen)}. */
    private boolean seal(MemorySegment key, MemorySegment nonce, int aadLen, int ptLen) {
        if (awsLc) {
            MemorySegment ctx = libcrypto_h.EVP_AEAD_CTX_new(libcrypto_h.EVP_aead_aes_256_gcm(), key, 32, 16);
            try {
                return libcrypto_h.EVP_AEAD_CTX_seal_scatter(ctx, out, out.asSlice(ptLen), len, 16, nonce, 12, in, ptLen,
                        MemorySegment.NULL, 0, aad, aadLen) == 1;
            } finally {
                libcrypto_h.EVP_AEAD_CTX_free(ctx);
            }
        }
        MemorySegment ctx = libcrypto_h.EVP_CIPHER_CTX_new();
        try {
            if (libcrypto_h.EVP_EncryptInit_ex(ctx, libcrypto_h.EVP_aes_256_gcm(), MemorySegment.NULL, key, nonce) != 1
                    || libcrypto_h.EVP_EncryptUpdate(ctx, MemorySegment.NULL, n, aad, aadLen) != 1
                    || libcrypto_h.EVP_EncryptUpdate(ctx, out, n, in, ptLen) != 1) {
                return false;
            }
            int written = n.get(ValueLayout.JAVA_INT, 0);
            return libcrypto_h.EVP_EncryptFinal_ex(ctx, out.asSlice(written), n) == 1
                    && libcrypto_h.EVP_CIPHER_CTX_ctrl(ctx, libcrypto_h.EVP_CTRL_GCM_GET_TAG(), 16, out.asSlice(ptLen)) == 1;
        } finally {
            libcrypto_h.EVP_CIPHER_CTX_free(ctx);
        }
    }

    @Override
    public void close() {
        if (!priv.equals(MemorySegment.NULL)) {
            libcrypto_h.EVP_PKEY_free(priv);
            libcrypto_h.EVP_PKEY_free(pub);
        }
        arena.close();
    }
}
