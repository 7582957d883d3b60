package io.lcjwt.internal.jwe;

import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweDecryptionException;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.codec.WideDecoder;
import io.lcjwt.internal.codec.WideEncoder;
import io.lcjwt.internal.crypto.AsymmetricKey;

import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The JWE compact serialization (RFC 7516 section 7.1): five base64url segments, header,
 * encrypted key, IV, ciphertext, tag. Everything a JWE shows without a key (its form, its
 * header, the allow-lists, the IV and tag lengths) is checked before any cryptographic work.
 */
public final class JweCompact {
    private JweCompact() {}

    /** A decrypted JWE: its vetted header and its plaintext. */
    public record Decrypted(JweHeaderReader.Header header, byte[] plaintext) {}

    static final String DECRYPTION_FAILED = "The JWE could not be decrypted with this decrypter's key: its"
            + " authentication tag does not match (the content or header was changed, or the JWE was"
            + " encrypted to another key).";

    /** The key a JWE is to be decrypted with: a secret (a copy, wiped after use) or an asymmetric key. */
    public record Chosen(byte[] secret, AsymmetricKey key) {}

    /**
     * Picks the key for a JWE (or a JSON JWE's recipient) from its vetted header (by {@code kid}
     * and {@code alg}), or throws {@code UnknownKeyException}; called before any cryptographic
     * work, once per JWE or per JSON recipient. Each call returns a fresh copy of a secret.
     */
    public interface KeyChooser {
        Chosen choose(JweHeaderReader.Header header);
    }

    /**
     * Headers that decrypted before, by their encoded bytes, one memo per decrypter: a hit skips
     * the header's base64, JSON and vetting, which are a pure function of those bytes and the
     * decrypter's fixed settings. A header is remembered only once a JWE under it has decrypted,
     * and only for key managements whose header is the same from token to token (not ECDH-ES,
     * whose {@code epk} is new in every JWE, nor AES-GCM key wrap or PBES2, whose IV, tag or
     * salt are). A fixed number of slots, so a sender cannot make it grow; thread-safe, since an
     * entry is immutable and published whole.
     */
    public static final class HeaderMemo {
        static final int SLOTS = 8;
        private final Entry[] slots = new Entry[SLOTS];

        private record Entry(byte[] encoded, JweHeaderReader.Header header) {}

        JweHeaderReader.Header find(byte[] b, int len, int slot) {
            Entry e = slots[slot];
            return e != null && Arrays.equals(e.encoded, 0, e.encoded.length, b, 0, len) ? e.header : null;
        }

        void remember(byte[] b, int len, int slot, JweHeaderReader.Header h) {
            JweKeyAlgorithm alg = h.alg();
            if (!KeyManagement.isEcdh(alg) && !KeyManagement.isGcmKw(alg) && !Pbes2.isPbes2(alg)) {
                slots[slot] = new Entry(Arrays.copyOf(b, len), h);
            }
        }
    }

    /**
     * Decrypts a compact JWE with the key chosen by {@code chooser} once the header has been read;
     * a chosen secret is wiped after use.
     *
     * @param maxP2c the cap on a PBES2 iteration count; PBES2 must also be in {@code algs}
     * @param memo the decrypter's header memo
     */
    public static Decrypted decrypt(CharSequence token, int maxBytes, int maxInflated, int maxP2c,
            Set<JweKeyAlgorithm> algs, Set<JweContentAlgorithm> encs, KeyChooser chooser, HeaderMemo memo) {
        if (token != null && token.length() <= maxBytes && JweJson.looksLikeJson(token)) {
            throw notCompact(new byte[] {'{'}, 0);
        }
        byte[] b = ascii(token, maxBytes);
        int[] dots = new int[4];
        int n = token instanceof String s ? dots(s, dots) : dots(b, dots);
        if (n != 4) {
            throw notCompact(b, n);
        }
        if (dots[0] == 0) {
            throw new MalformedJwtException("The JWE's header segment is empty.");
        }
        int slot = io.lcjwt.internal.jws.TokenVerifier.hash(b, 0, dots[0]) & (HeaderMemo.SLOTS - 1);
        JweHeaderReader.Header h = memo.find(b, dots[0], slot);
        boolean remembered = h != null;
        if (h == null) {
            h = JweHeaderReader.read(segment(b, 0, dots[0], "header"), algs, encs, maxInflated, maxP2c);
        }
        byte[] encryptedKey = segment(b, dots[0] + 1, dots[1], "encrypted key");
        byte[] iv = segment(b, dots[1] + 1, dots[2], "IV");
        byte[] ct = segment(b, dots[2] + 1, dots[3], "ciphertext");
        byte[] tag = segment(b, dots[3] + 1, b.length, "authentication tag");
        JweContentAlgorithm enc = h.enc();
        if (iv.length != ContentCipher.ivBytes(enc)) {
            throw new MalformedJwtException("The JWE's IV is " + iv.length + " bytes; " + enc.joseName() + " takes "
                    + ContentCipher.ivBytes(enc) + " (RFC 7518 section 5).");
        }
        if (tag.length != ContentCipher.tagBytes(enc)) {
            throw new MalformedJwtException("The JWE's authentication tag is " + tag.length + " bytes; "
                    + enc.joseName() + " takes exactly " + ContentCipher.tagBytes(enc) + " (RFC 7518 section 5).");
        }
        Chosen chosen = chooser.choose(h);
        byte[] secret = chosen.secret();
        AsymmetricKey key = chosen.key();
        byte[] cek;
        try {
            cek = KeyManagement.unwrap(h, secret, key, encryptedKey);
        } finally {
            if (secret != null) {
                Arrays.fill(secret, (byte) 0);
            }
        }
        try {
            // The AAD is the header segment as sent (RFC 7516 section 5.2 step 14).
            byte[] plain = ContentCipher.open(enc, cek, iv, Arrays.copyOf(b, dots[0]), ct, tag);
            if (plain == null) {
                throw new JweDecryptionException(DECRYPTION_FAILED);
            }
            if (!remembered) {
                memo.remember(b, dots[0], slot, h);
            }
            if (h.deflated()) {
                // Only authenticated content is inflated.
                byte[] inflated = Deflate.inflate(plain, maxInflated);
                Arrays.fill(plain, (byte) 0);
                plain = inflated;
            }
            return new Decrypted(h, plain);
        } finally {
            Arrays.fill(cek, (byte) 0);
            Reference.reachabilityFence(key);
        }
    }

    /**
     * @param extra header members after {@code alg} and {@code enc} (kid, typ, cty, custom)
     * @param p2c the PBES2 iteration count (used with PBES2 only)
     */
    public static String encrypt(JweKeyAlgorithm alg, JweContentAlgorithm enc, Map<String, Object> extra,
            byte[] apu, byte[] apv, boolean deflate, int p2c, byte[] secret, AsymmetricKey key, byte[] plaintext) {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("alg", alg.joseName());
        header.put("enc", enc.joseName());
        if (deflate) {
            header.put("zip", "DEF");
            plaintext = Deflate.deflate(plaintext);
        }
        header.putAll(extra);
        if (KeyManagement.isEcdh(alg)) {
            if (apu.length > 0) {
                header.put("apu", new String(Base64Url.encode(apu), StandardCharsets.US_ASCII));
            }
            if (apv.length > 0) {
                header.put("apv", new String(Base64Url.encode(apv), StandardCharsets.US_ASCII));
            }
        }
        KeyManagement.Wrapped w = KeyManagement.wrap(alg, enc, null, secret, key, apu, apv, p2c, header);
        try {
            byte[] h = Base64Url.encode(ClaimsWriter.toJson(header));
            byte[] iv = ContentCipher.newIv(enc);
            byte[] sealed = ContentCipher.seal(enc, w.cek(), iv, h, plaintext);
            int tagLen = ContentCipher.tagBytes(enc);
            int ctLen = sealed.length - tagLen;
            byte[] ek = w.encryptedKey();
            // The five parts written once into one array, which becomes the one String returned.
            byte[] out = new byte[h.length + 4 + Base64Url.encodedLength(ek.length) + Base64Url.encodedLength(iv.length)
                    + Base64Url.encodedLength(ctLen) + Base64Url.encodedLength(tagLen)];
            System.arraycopy(h, 0, out, 0, h.length);
            int p = h.length;
            out[p++] = '.';
            p += Base64Url.encode(ek, 0, ek.length, out, p);
            out[p++] = '.';
            p += Base64Url.encode(iv, 0, iv.length, out, p);
            out[p++] = '.';
            p += new WideEncoder().encode(sealed, 0, ctLen, out, p);
            out[p++] = '.';
            p += Base64Url.encode(sealed, ctLen, tagLen, out, p);
            return new String(out, 0, p, StandardCharsets.ISO_8859_1);
        } finally {
            Arrays.fill(w.cek(), (byte) 0);
            Reference.reachabilityFence(key);
        }
    }

    private static byte[] ascii(CharSequence token, int maxBytes) {
        if (token == null) {
            throw new MalformedJwtException("The JWE is null.");
        }
        int len = token.length();
        if (len > maxBytes) {
            throw new MalformedJwtException("The JWE is larger than this decrypter's cap of " + maxBytes
                    + " bytes (maxTokenBytes).");
        }
        byte[] b;
        if (token instanceof String s) {
            // The JDK's own pass: a String of ASCII only is copied as it is, anything else grows.
            b = s.getBytes(StandardCharsets.UTF_8);
            if (b.length == len) {
                return b;
            }
            throw nonAscii();
        }
        b = new byte[len];
        for (int i = 0; i < len; i++) {
            char c = token.charAt(i);
            if (c >= 0x80) {
                throw nonAscii();
            }
            b[i] = (byte) c;
        }
        return b;
    }

    private static MalformedJwtException nonAscii() {
        return new MalformedJwtException("The JWE holds a non-ASCII character; a compact JWE is base64url"
                + " segments and dots only.");
    }

    /** The first four dots' positions into {@code dots}; {@return how many dots, counting at most five} */
    private static int dots(String s, int[] dots) {
        int n = 0;
        for (int i = s.indexOf('.'); i >= 0 && n < 5; i = s.indexOf('.', i + 1)) {
            if (n < 4) {
                dots[n] = i;
            }
            n++;
        }
        return n;
    }

    private static int dots(byte[] b, int[] dots) {
        int n = 0;
        for (int i = 0; i < b.length && n < 5; i++) {
            if (b[i] == '.') {
                if (n < 4) {
                    dots[n] = i;
                }
                n++;
            }
        }
        return n;
    }

    private static byte[] segment(byte[] b, int from, int to, String what) {
        byte[] out = WideDecoder.decodeStrict(b, from, to - from);
        if (out == null) {
            throw new MalformedJwtException("The JWE's " + what + " is not strict base64url (RFC 7516 section 2:"
                    + " no padding, no '+' or '/', no whitespace).");
        }
        return out;
    }

    private static MalformedJwtException notCompact(byte[] b, int dots) {
        int i = 0;
        while (i < b.length && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
            i++;
        }
        if (i < b.length && b[i] == '{') {
            return new MalformedJwtException("The JWE is in the JSON serialization (it starts with '{');"
                    + " JweDecrypter.decrypt reads the compact serialization only"
                    + " (header.encryptedKey.iv.ciphertext.tag): use JweDecrypter.decryptJson.");
        }
        if (dots == 2) {
            return new MalformedJwtException("The token has three segments, like a JWS; a compact JWE has five"
                    + " (header.encryptedKey.iv.ciphertext.tag). Verify a JWS with JwtVerifier.");
        }
        return new MalformedJwtException("A compact JWE has exactly four dots"
                + " (header.encryptedKey.iv.ciphertext.tag); this token has " + (dots > 4 ? "more" : dots) + ".");
    }
}
