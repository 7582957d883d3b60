package io.lcjwt.internal.sdjwt;

import io.lcjwt.bindings.Critical;

import java.lang.foreign.MemorySegment;

/**
 * The {@code _sd_alg} hash functions lcjwt knows (RFC 9901 section 4.1.1), by their names in the
 * IANA "Named Information Hash Algorithm" registry, matched exactly: {@code sha-256}, never
 * {@code SHA-256}. Digests are computed by libcrypto's one-shot functions, on heap bytes in place.
 */
public enum SdHash {
    SHA_256("sha-256", 256),
    SHA_384("sha-384", 384),
    SHA_512("sha-512", 512);

    private final String ianaName;
    private final int bits;
    /** Base64url characters of one digest. */
    private final int textLength;

    SdHash(String ianaName, int bits) {
        this.ianaName = ianaName;
        this.bits = bits;
        int n = bits / 8;
        this.textLength = (n / 3) * 4 + (n % 3 == 0 ? 0 : n % 3 + 1);
    }

    /** The registry name, as {@code _sd_alg} carries it. */
    public String ianaName() {
        return ianaName;
    }

    /** The digest's length in bytes. */
    public int bytes() {
        return bits / 8;
    }

    /** The length of a digest written in base64url. */
    public int textLength() {
        return textLength;
    }

    /** The hash named exactly {@code name}, or null. */
    public static SdHash byName(String name) {
        for (SdHash h : values()) {
            if (h.ianaName.equals(name)) {
                return h;
            }
        }
        return null;
    }

    /** The hash whose name is exactly {@code b[off, off+len)} (ASCII), or null. */
    static SdHash byName(byte[] b, int off, int len) {
        for (SdHash h : values()) {
            String n = h.ianaName;
            if (n.length() == len) {
                boolean same = true;
                for (int i = 0; i < len && same; i++) {
                    same = b[off + i] == n.charAt(i);
                }
                if (same) {
                    return h;
                }
            }
        }
        return null;
    }

    /** Digests {@code in[off, off+len)} (a heap or native segment) into {@code out[0, bytes())}. */
    public void digest(MemorySegment in, long off, long len, MemorySegment out) {
        Critical.sha(bits, off == 0 ? in : in.asSlice(off, len), len, out);
    }

    /** Digests {@code b[off, off+len)} and returns the digest. */
    public byte[] digest(byte[] b, int off, int len) {
        byte[] out = new byte[bytes()];
        digest(MemorySegment.ofArray(b), off, len, MemorySegment.ofArray(out));
        return out;
    }

    /** The digest of {@code b[off, off+len)}, in base64url. */
    public String digestText(byte[] b, int off, int len) {
        byte[] d = digest(b, off, len);
        byte[] text = new byte[textLength];
        io.lcjwt.internal.codec.Base64Url.encode(d, 0, d.length, text, 0);
        return new String(text, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
