package io.lcjwt.internal.crypto;

/**
 * JWS ECDSA signatures are r || s at the curve's size (RFC 7518 section 3.4); libcrypto speaks
 * DER ECDSA-Sig-Value. These convert between the two, strictly.
 */
final class EcdsaDer {
    private EcdsaDer() {}

    /** r || s (each {@code c} bytes at {@code off}) to DER SEQUENCE { INTEGER r, INTEGER s }. */
    static byte[] encode(byte[] sig, int off, int c) {
        byte[] r = integer(sig, off, c);
        byte[] s = integer(sig, off + c, c);
        int body = r.length + s.length;
        byte[] out = new byte[body + (body < 128 ? 2 : 3)];
        int p = 0;
        out[p++] = 0x30;
        if (body >= 128) {
            out[p++] = (byte) 0x81;
        }
        out[p++] = (byte) body;
        System.arraycopy(r, 0, out, p, r.length);
        System.arraycopy(s, 0, out, p + r.length, s.length);
        return out;
    }

    private static byte[] integer(byte[] b, int off, int c) {
        int start = off;
        int end = off + c;
        while (start < end - 1 && b[start] == 0) {
            start++;
        }
        boolean pad = (b[start] & 0x80) != 0;
        int len = end - start + (pad ? 1 : 0);
        byte[] out = new byte[len + 2];
        out[0] = 0x02;
        out[1] = (byte) len;
        System.arraycopy(b, start, out, 2 + (pad ? 1 : 0), end - start);
        return out;
    }

    /** DER from libcrypto's signer to r || s of {@code c} bytes each. */
    static byte[] decode(byte[] der, int c) {
        int p = 0;
        if (der[p++] != 0x30) {
            throw new IllegalStateException("libcrypto returned a malformed ECDSA signature");
        }
        int len = der[p++] & 0xFF;
        if (len == 0x81) {
            len = der[p++] & 0xFF;
        }
        byte[] out = new byte[2 * c];
        for (int i = 0; i < 2; i++) {
            if (der[p++] != 0x02) {
                throw new IllegalStateException("libcrypto returned a malformed ECDSA signature");
            }
            int n = der[p++] & 0xFF;
            int start = p;
            int vlen = n;
            while (vlen > c && der[start] == 0) {
                start++;
                vlen--;
            }
            if (vlen > c) {
                throw new IllegalStateException("libcrypto returned an oversized ECDSA signature");
            }
            System.arraycopy(der, start, out, i * c + (c - vlen), vlen);
            p += n;
        }
        return out;
    }
}
