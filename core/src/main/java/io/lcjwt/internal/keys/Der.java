package io.lcjwt.internal.keys;

import io.lcjwt.InvalidJwtKeyException;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Just enough DER (X.690) to read and write the key structures lcjwt imports and exports:
 * SubjectPublicKeyInfo, PKCS#1, PKCS#8, SEC1 and the SubjectPublicKeyInfo inside a certificate.
 * Reading is strict: definite lengths only, minimal length encodings, no trailing bytes.
 */
public final class Der {

    public static final int INTEGER = 0x02;
    public static final int BIT_STRING = 0x03;
    public static final int OCTET_STRING = 0x04;
    public static final int NULL = 0x05;
    public static final int OID = 0x06;
    public static final int SEQUENCE = 0x30;

    /** A cursor over one DER-encoded region. */
    public static final class Reader {
        private final byte[] b;
        private int pos;
        private final int end;

        public Reader(byte[] b) {
            this(b, 0, b.length);
        }

        Reader(byte[] b, int off, int end) {
            this.b = b;
            this.pos = off;
            this.end = end;
        }

        public boolean hasMore() {
            return pos < end;
        }

        public int peekTag() {
            if (pos >= end) {
                throw bad("ends early");
            }
            return b[pos] & 0xFF;
        }

        /** Reads one element with {@code tag}; returns a reader over its contents. */
        public Reader read(int tag) {
            int[] span = element(tag);
            return new Reader(b, span[0], span[1]);
        }

        /** Reads one element with {@code tag} and returns its content bytes. */
        public byte[] bytes(int tag) {
            int[] span = element(tag);
            return Arrays.copyOfRange(b, span[0], span[1]);
        }

        /** Reads any one element and returns its whole encoding (tag, length and content). */
        public byte[] raw() {
            int start = pos;
            int[] span = element(peekTag());
            return Arrays.copyOfRange(b, start, span[1]);
        }

        public BigInteger integer() {
            byte[] v = bytes(INTEGER);
            if (v.length == 0 || (v.length > 1 && ((v[0] == 0 && (v[1] & 0x80) == 0) || (v[0] == -1 && (v[1] & 0x80) != 0)))) {
                throw bad("has a non-minimal INTEGER");
            }
            return new BigInteger(v);
        }

        public String oid() {
            return decodeOid(bytes(OID));
        }

        /** A BIT STRING with no unused bits, as bytes. */
        public byte[] bitString() {
            byte[] v = bytes(BIT_STRING);
            if (v.length == 0 || v[0] != 0) {
                throw bad("has a BIT STRING with unused bits");
            }
            return Arrays.copyOfRange(v, 1, v.length);
        }

        public void end() {
            if (pos != end) {
                throw bad("has trailing bytes");
            }
        }

        private int[] element(int tag) {
            if (pos + 2 > end) {
                throw bad("ends early");
            }
            if ((b[pos] & 0xFF) != tag) {
                throw bad("has tag 0x" + Integer.toHexString(b[pos] & 0xFF) + " where 0x" + Integer.toHexString(tag)
                        + " was expected");
            }
            pos++;
            int len = b[pos++] & 0xFF;
            if (len >= 0x80) {
                int n = len & 0x7F;
                if (n == 0 || n > 3 || pos + n > end) {
                    throw bad("has an unsupported length");
                }
                len = 0;
                for (int i = 0; i < n; i++) {
                    len = (len << 8) | (b[pos++] & 0xFF);
                }
                if (len < 0x80 || (n > 1 && len < (1 << (8 * (n - 1))))) {
                    throw bad("has a non-minimal length");
                }
            }
            if (len > end - pos) {
                throw bad("ends early");
            }
            int start = pos;
            pos += len;
            return new int[] {start, pos};
        }
    }

    private Der() {}

    static InvalidJwtKeyException bad(String what) {
        return new InvalidJwtKeyException("The key's DER encoding " + what + ".");
    }

    /**
     * The OIDs lcjwt reads keys by, by their DER content bytes (as ISO-8859-1 text): every key
     * import reads one or two, and building the dotted form each time showed in the profile.
     */
    private static final java.util.Map<String, String> KNOWN_OIDS = known("1.2.840.10045.2.1", "1.2.840.10045.3.1.7",
            "1.2.840.113549.1.1.1", "1.2.840.113549.1.1.10", "1.3.101.110", "1.3.101.112", "1.3.132.0.10",
            "1.3.132.0.34", "1.3.132.0.35", "2.16.840.1.101.3.4.3.17", "2.16.840.1.101.3.4.3.18",
            "2.16.840.1.101.3.4.3.19");

    private static java.util.Map<String, String> known(String... oids) {
        java.util.Map<String, String> m = new java.util.HashMap<>();
        for (String oid : oids) {
            byte[] der = encodeOid(oid); // the whole TLV: tag, length, content
            m.put(new String(der, 2, der.length - 2, java.nio.charset.StandardCharsets.ISO_8859_1), oid);
        }
        return java.util.Map.copyOf(m);
    }

    static String decodeOid(byte[] v) {
        String known = KNOWN_OIDS.get(new String(v, java.nio.charset.StandardCharsets.ISO_8859_1));
        if (known != null) {
            return known;
        }
        if (v.length == 0) {
            throw bad("has an empty OID");
        }
        StringBuilder sb = new StringBuilder();
        long value = 0;
        boolean first = true;
        for (byte x : v) {
            value = (value << 7) | (x & 0x7F);
            if (value > (1L << 40)) {
                throw bad("has an oversized OID arc");
            }
            if ((x & 0x80) == 0) {
                if (first) {
                    int a = value < 40 ? 0 : value < 80 ? 1 : 2;
                    sb.append(a).append('.').append(value - 40L * a);
                    first = false;
                } else {
                    sb.append('.').append(value);
                }
                value = 0;
            }
        }
        return sb.toString();
    }

    static byte[] encodeOid(String oid) {
        String[] parts = oid.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long first = Long.parseLong(parts[0]) * 40 + Long.parseLong(parts[1]);
        base128(out, first);
        for (int i = 2; i < parts.length; i++) {
            base128(out, Long.parseLong(parts[i]));
        }
        return tlv(OID, out.toByteArray());
    }

    private static void base128(ByteArrayOutputStream out, long v) {
        int n = 0;
        for (long t = v; t >= 0x80; t >>>= 7) {
            n++;
        }
        for (int i = n; i >= 0; i--) {
            int b = (int) (v >>> (7 * i)) & 0x7F;
            out.write(i == 0 ? b : b | 0x80);
        }
    }

    /** Tag, length, value. */
    public static byte[] tlv(int tag, byte[]... parts) {
        int len = 0;
        for (byte[] p : parts) {
            len += p.length;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(len + 6);
        out.write(tag);
        if (len < 0x80) {
            out.write(len);
        } else if (len < 0x100) {
            out.write(0x81);
            out.write(len);
        } else if (len < 0x10000) {
            out.write(0x82);
            out.write(len >> 8);
            out.write(len);
        } else {
            out.write(0x83);
            out.write(len >> 16);
            out.write(len >> 8);
            out.write(len);
        }
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    public static byte[] seq(byte[]... parts) {
        return tlv(SEQUENCE, parts);
    }

    public static byte[] integer(BigInteger v) {
        return tlv(INTEGER, v.toByteArray());
    }

    /** The encodings of the few OIDs lcjwt writes, made once: an ECDH-ES epk becomes an SPKI per JWE. */
    private static final java.util.concurrent.ConcurrentHashMap<String, byte[]> OIDS = new java.util.concurrent.ConcurrentHashMap<>();

    public static byte[] oid(String dotted) {
        // get/putIfAbsent, not computeIfAbsent(Der::encodeOid): the method reference would spin a
        // class at a process's first key (a start-up rule, docs/architecture.md); a race encodes one OID twice.
        byte[] der = OIDS.get(dotted);
        if (der == null) {
            der = encodeOid(dotted);
            byte[] raced = OIDS.putIfAbsent(dotted, der);
            der = raced != null ? raced : der;
        }
        return der.clone();
    }

    public static byte[] bitString(byte[] bytes) {
        byte[] v = new byte[bytes.length + 1];
        System.arraycopy(bytes, 0, v, 1, bytes.length);
        return tlv(BIT_STRING, v);
    }

    public static byte[] octets(byte[] bytes) {
        return tlv(OCTET_STRING, bytes);
    }

    public static byte[] nul() {
        return new byte[] {NULL, 0};
    }
}
