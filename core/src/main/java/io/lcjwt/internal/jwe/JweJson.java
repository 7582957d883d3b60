package io.lcjwt.internal.jwe;

import io.lcjwt.internal.codec.JsonCursor;
import io.lcjwt.AlgorithmNotAllowedException;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweDecryptionException;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtException;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.UnknownKeyException;
import io.lcjwt.UnsupportedJwtException;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.crypto.AsymmetricKey;

import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JWE JSON serialization (RFC 7516 section 7.2), general ({@code "recipients"}) and
 * flattened. Everything visible without a key is checked before any cryptographic work: the
 * form (mixing general and flattened members is refused), at most {@value #MAX_RECIPIENTS}
 * recipients, strict base64url everywhere, member names disjoint across the protected header,
 * the shared {@code unprotected} header and each recipient's {@code header}, {@code zip} and
 * {@code crit} in the protected header only, one {@code enc} for all, and each accepted
 * recipient's header as strictly as a compact JWE's.
 *
 * <p>Recipients whose {@code alg} this decrypter does not take (unknown, off the allow-list,
 * {@code RSA1_5}, PBES2 not enabled) or for which it has no key (chosen per recipient by its
 * {@code kid} and {@code alg}, as for a compact JWE) are skipped; each
 * other one is tried in order, unwrap then content decryption, and a failed unwrap goes on with a
 * random key as in the compact form. Every tried recipient costs one unwrap and one tag check
 * whatever fails, and all failures end in the one {@link JweDecryptionException}.
 */
public final class JweJson {
    private JweJson() {}

    /** The most recipients lcjwt reads or writes (SECURITY row 34): each one may cost an RSA decryption. */
    public static final int MAX_RECIPIENTS = 16;

    private record Recipient(Map<String, Object> header, byte[] encryptedKey) {}

    private record Candidate(JweHeaderReader.Header header, byte[] encryptedKey, JweCompact.Chosen key) {}

    /** {@return whether the text, after whitespace, starts as a JSON object} */
    public static boolean looksLikeJson(CharSequence s) {
        int i = 0;
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n' || s.charAt(i) == '\r')) {
            i++;
        }
        return i < s.length() && s.charAt(i) == '{';
    }

    public static JweCompact.Decrypted decrypt(CharSequence json, int maxBytes, int maxInflated, int maxP2c,
            Set<JweKeyAlgorithm> algs, Set<JweContentAlgorithm> encs, JweCompact.KeyChooser chooser) {
        if (json == null) {
            throw new MalformedJwtException("The JWE is null.");
        }
        if (json.length() > maxBytes) {
            throw new MalformedJwtException("The JWE is larger than this decrypter's cap of " + maxBytes
                    + " bytes (maxTokenBytes).");
        }
        if (!looksLikeJson(json)) {
            throw new MalformedJwtException("The JWE is not in the JSON serialization (it does not start with '{');"
                    + " a compact JWE (header.encryptedKey.iv.ciphertext.tag) is decrypted with"
                    + " JweDecrypter.decrypt.");
        }
        byte[] b = utf8(json, maxBytes);
        Map<String, Object> top = JsonCursor.readObject(b, 0, b.length, "JWE JSON serialization");

        String protectedB64 = optionalString(top, "protected");
        Map<String, Object> prot = Map.of();
        if (protectedB64 != null) {
            byte[] p = strict(protectedB64, "protected header");
            prot = JsonCursor.readObject(p, 0, p.length, "JWE protected header");
        }
        Map<String, Object> shared = optionalObject(top, "unprotected", "shared unprotected header");
        byte[] iv = strict(requiredString(top, "iv"), "IV");
        byte[] ct = strict(requiredString(top, "ciphertext"), "ciphertext");
        byte[] tag = strict(requiredString(top, "tag"), "authentication tag");
        String aadB64 = optionalString(top, "aad");
        if (aadB64 != null) {
            strict(aadB64, "additional authenticated data (\"aad\")");
        }
        List<Recipient> recipients = recipients(top);

        for (String name : prot.keySet()) {
            if (shared.containsKey(name)) {
                throw duplicate(name, "protected", "shared unprotected (\"unprotected\")");
            }
        }
        onlyProtected(shared, "shared unprotected (\"unprotected\")");
        Object enc = null;
        List<Map<String, Object>> merged = new ArrayList<>(recipients.size());
        for (Recipient r : recipients) {
            onlyProtected(r.header(), "per-recipient (\"header\")");
            for (String name : r.header().keySet()) {
                if (prot.containsKey(name)) {
                    throw duplicate(name, "protected", "per-recipient (\"header\")");
                }
                if (shared.containsKey(name)) {
                    throw duplicate(name, "shared unprotected (\"unprotected\")", "per-recipient (\"header\")");
                }
            }
            Map<String, Object> m = new LinkedHashMap<>(prot);
            m.putAll(shared);
            m.putAll(r.header());
            if (merged.isEmpty()) {
                enc = m.get("enc");
            } else if (!java.util.Objects.equals(enc, m.get("enc"))) {
                throw new MalformedJwtException("The JWE's recipients name different \"enc\" values; all share one"
                        + " ciphertext, so they must share one content encryption algorithm.");
            }
            merged.add(m);
        }

        // Which recipients this decrypter takes, each vetted in full before any crypto, each with its
        // key chosen by its own kid and alg. A chosen secret is a copy: all are wiped in the end.
        List<Candidate> candidates = new ArrayList<>(recipients.size());
        try {
            JwtException firstSkip = null;
            JwtException keySkip = null; // a recipient this decrypter takes, but has no key for: the more telling refusal
            for (int i = 0; i < recipients.size(); i++) {
                Map<String, Object> m = merged.get(i);
                JweKeyAlgorithm alg;
                try {
                    alg = JweHeaderReader.alg(m, algs);
                } catch (AlgorithmNotAllowedException | UnsupportedJwtException e) {
                    firstSkip = firstSkip != null ? firstSkip : e;
                    continue;
                }
                JweHeaderReader.Header h = JweHeaderReader.vet(m, alg, encs, maxInflated, maxP2c);
                byte[] ek = recipients.get(i).encryptedKey();
                if (KeyManagement.choosesCek(alg) && ek.length != 0) {
                    throw new MalformedJwtException("A " + alg.joseName() + " recipient has an empty encrypted key"
                            + " (RFC 7516 section 5.2 step 10); this one is " + ek.length + " bytes.");
                }
                JweCompact.Chosen chosen;
                try {
                    chosen = chooser.choose(h);
                } catch (UnknownKeyException e) {
                    keySkip = keySkip != null ? keySkip : e;
                    continue;
                }
                byte[] secret = chosen.secret();
                if (alg == JweKeyAlgorithm.DIR && secret.length != h.enc().keyBytes()) {
                    keySkip = keySkip != null ? keySkip : new JweDecryptionException("The JWE's enc "
                            + h.enc().joseName() + " takes a " + h.enc().keyBytes() + "-byte key, but this decrypter's"
                            + " direct key has " + secret.length + " bytes.");
                    Arrays.fill(secret, (byte) 0);
                    continue;
                }
                candidates.add(new Candidate(h, ek, chosen));
                if (Pbes2.isPbes2(alg) && candidates.stream().filter(c -> Pbes2.isPbes2(c.header().alg())).count() > 1) {
                    // Each would cost up to the iteration cap: one JWE must not cost sixteen.
                    throw new UnsupportedJwtException("The JWE has more than one PBES2 recipient this decrypter takes;"
                            + " lcjwt derives a key for at most one per JWE, so that a JWE costs at most one iteration"
                            + " cap, and refuses it before deriving.");
                }
            }
            if (candidates.isEmpty()) {
                throw noRecipient(keySkip != null ? keySkip : firstSkip, recipients.size());
            }
            JweContentAlgorithm contentAlg = candidates.get(0).header().enc();
            if (iv.length != ContentCipher.ivBytes(contentAlg)) {
                throw new MalformedJwtException("The JWE's IV is " + iv.length + " bytes; " + contentAlg.joseName()
                        + " takes " + ContentCipher.ivBytes(contentAlg) + " (RFC 7518 section 5).");
            }
            if (tag.length != ContentCipher.tagBytes(contentAlg)) {
                throw new MalformedJwtException("The JWE's authentication tag is " + tag.length + " bytes; "
                        + contentAlg.joseName() + " takes exactly " + ContentCipher.tagBytes(contentAlg)
                        + " (RFC 7518 section 5).");
            }
            // RFC 7516 section 5.2 step 14 and 15: ASCII(BASE64URL(protected) [|| '.' || BASE64URL(aad)]).
            String aadText = (protectedB64 == null ? "" : protectedB64) + (aadB64 == null ? "" : "." + aadB64);
            byte[] aad = aadText.getBytes(StandardCharsets.US_ASCII);
            for (Candidate c : candidates) {
                // A failed unwrap yields a random CEK (KeyManagement.unwrap), so it fails as a bad tag does.
                byte[] cek = KeyManagement.unwrap(c.header(), c.key().secret(), c.key().key(), c.encryptedKey());
                byte[] plain;
                try {
                    plain = ContentCipher.open(contentAlg, cek, iv, aad, ct, tag);
                } finally {
                    Arrays.fill(cek, (byte) 0);
                    Reference.reachabilityFence(c.key().key());
                }
                if (plain != null) {
                    if (c.header().deflated()) {
                        byte[] inflated = Deflate.inflate(plain, maxInflated);
                        Arrays.fill(plain, (byte) 0);
                        plain = inflated;
                    }
                    return new JweCompact.Decrypted(c.header(), plain);
                }
            }
        } finally {
            for (Candidate c : candidates) {
                if (c.key().secret() != null) {
                    Arrays.fill(c.key().secret(), (byte) 0);
                }
            }
        }
        throw new JweDecryptionException(JweCompact.DECRYPTION_FAILED);
    }

    private static JwtException noRecipient(JwtException first, int count) {
        if (count == 1) {
            return first;
        }
        String m = "None of the JWE's " + count + " recipients is one this decrypter takes; for instance: "
                + first.getMessage();
        return switch (first) {
            case UnsupportedJwtException u -> new UnsupportedJwtException(m);
            case UnknownKeyException u -> new UnknownKeyException(m);
            case JweDecryptionException u -> new JweDecryptionException(m);
            default -> new AlgorithmNotAllowedException(m);
        };
    }

    private static List<Recipient> recipients(Map<String, Object> top) {
        boolean flat = top.containsKey("header") || top.containsKey("encrypted_key");
        if (!top.containsKey("recipients")) {
            Map<String, Object> h = optionalObject(top, "header", "per-recipient header");
            String ek = optionalString(top, "encrypted_key");
            return List.of(new Recipient(h, ek == null ? new byte[0] : strict(ek, "encrypted key")));
        }
        if (flat) {
            throw new MalformedJwtException("The JWE mixes the general JSON serialization (\"recipients\") with the"
                    + " flattened one (\"header\" or \"encrypted_key\" at the top, RFC 7516 section 7.2.2); it must"
                    + " be one or the other.");
        }
        if (!(top.get("recipients") instanceof List<?> list)) {
            throw new MalformedJwtException("The JWE's \"recipients\" must be an array (RFC 7516 section 7.2.1).");
        }
        if (list.isEmpty()) {
            throw new MalformedJwtException("The JWE's \"recipients\" array is empty (RFC 7516 section 7.2.1).");
        }
        if (list.size() > MAX_RECIPIENTS) {
            throw new MalformedJwtException("The JWE has " + list.size() + " recipients; lcjwt reads at most "
                    + MAX_RECIPIENTS + ", each of which may cost a decryption.");
        }
        List<Recipient> out = new ArrayList<>(list.size());
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> r)) {
                throw new MalformedJwtException("Each of the JWE's \"recipients\" must be a JSON object.");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> rm = (Map<String, Object>) r;
            Map<String, Object> h = optionalObject(rm, "header", "per-recipient header");
            String ek = optionalString(rm, "encrypted_key");
            out.add(new Recipient(h, ek == null ? new byte[0] : strict(ek, "encrypted key")));
        }
        return out;
    }

    /** RFC 7516 sections 4.1.3 and 4.1.13: zip and crit must be integrity protected. */
    private static void onlyProtected(Map<String, Object> header, String where) {
        for (String name : List.of("zip", "crit")) {
            if (header.containsKey(name)) {
                throw new MalformedJwtException("The JWE's \"" + name + "\" is in its " + where + " header; it must"
                        + " be in the protected header (RFC 7516 section " + (name.equals("zip") ? "4.1.3" : "4.1.13")
                        + "), where the tag covers it.");
            }
        }
    }

    private static MalformedJwtException duplicate(String name, String a, String b) {
        return new MalformedJwtException("The JWE's " + Untrusted.quote(name) + " is in both its " + a + " and its "
                + b + " header; the names must be disjoint (RFC 7516 section 7.2.1).");
    }

    private static String requiredString(Map<String, Object> m, String name) {
        String s = optionalString(m, name);
        if (s == null) {
            throw new MalformedJwtException("The JWE has no \"" + name + "\" member (RFC 7516 section 7.2.1).");
        }
        return s;
    }

    private static String optionalString(Map<String, Object> m, String name) {
        if (!m.containsKey(name)) {
            return null;
        }
        if (!(m.get(name) instanceof String s)) {
            throw new MalformedJwtException("The JWE's \"" + name + "\" must be a string.");
        }
        return s;
    }

    private static Map<String, Object> optionalObject(Map<String, Object> m, String name, String what) {
        if (!m.containsKey(name)) {
            return Map.of();
        }
        if (!(m.get(name) instanceof Map<?, ?> o)) {
            throw new MalformedJwtException("The JWE's " + what + " (\"" + name + "\") must be a JSON object.");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> typed = (Map<String, Object>) o;
        return typed;
    }

    private static byte[] strict(String s, String what) {
        byte[] b = Base64Url.decode(s);
        if (b == null) {
            throw new MalformedJwtException("The JWE's " + what + " is not strict base64url (RFC 7516 section 2:"
                    + " no padding, no '+' or '/', no whitespace).");
        }
        return b;
    }

    private static byte[] utf8(CharSequence s, int maxBytes) {
        java.nio.ByteBuffer out;
        try {
            out = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .encode(java.nio.CharBuffer.wrap(s));
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new MalformedJwtException("The JWE holds a lone surrogate, which is not valid JSON text.");
        }
        if (out.remaining() > maxBytes) {
            throw new MalformedJwtException("The JWE is larger than this decrypter's cap of " + maxBytes
                    + " bytes (maxTokenBytes).");
        }
        byte[] b = new byte[out.remaining()];
        out.get(b);
        return b;
    }

    // ---- encryption -------------------------------------------------------------------------------

    /** One recipient to encrypt to: its key and algorithm, and its own header members (kid, custom). */
    public record Sender(JweKeyAlgorithm alg, byte[] secret, AsymmetricKey key, byte[] apu, byte[] apv, int p2c,
            Map<String, Object> header) {}

    /**
     * @param protectedExtra protected header members after {@code enc} (and {@code zip})
     * @param aad additional authenticated data, or null for none
     */
    public static String encrypt(JweContentAlgorithm enc, Map<String, Object> protectedExtra, Map<String, Object> shared,
            List<Sender> senders, boolean deflate, boolean flattened, byte[] plaintext, byte[] aad) {
        Map<String, Object> prot = new LinkedHashMap<>();
        prot.put("enc", enc.joseName());
        if (deflate) {
            prot.put("zip", "DEF");
            plaintext = Deflate.deflate(plaintext);
        }
        prot.putAll(protectedExtra);
        byte[] cek = null;
        List<Map<String, Object>> out = new ArrayList<>(senders.size());
        try {
            for (Sender s : senders) {
                Map<String, Object> h = new LinkedHashMap<>();
                h.put("alg", s.alg().joseName());
                h.putAll(s.header());
                if (KeyManagement.isEcdh(s.alg())) {
                    if (s.apu().length > 0) {
                        h.put("apu", b64(s.apu()));
                    }
                    if (s.apv().length > 0) {
                        h.put("apv", b64(s.apv()));
                    }
                }
                // One CEK for all: the first non-direct recipient's fresh one, or a direct recipient's (alone).
                KeyManagement.Wrapped w = KeyManagement.wrap(s.alg(), enc, cek, s.secret(), s.key(), s.apu(), s.apv(),
                        s.p2c(), h);
                if (cek == null) {
                    cek = w.cek();
                } else {
                    Arrays.fill(w.cek(), (byte) 0);
                }
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("header", h);
                if (w.encryptedKey().length > 0) {
                    r.put("encrypted_key", b64(w.encryptedKey()));
                }
                out.add(r);
                Reference.reachabilityFence(s.key());
            }
            String protectedB64 = new String(Base64Url.encode(ClaimsWriter.toJson(prot)), StandardCharsets.US_ASCII);
            String aadB64 = aad == null ? null : b64(aad);
            byte[] iv = ContentCipher.newIv(enc);
            String aadText = protectedB64 + (aadB64 == null ? "" : "." + aadB64);
            byte[] sealed = ContentCipher.seal(enc, cek, iv, aadText.getBytes(StandardCharsets.US_ASCII), plaintext);
            int tagLen = ContentCipher.tagBytes(enc);
            Map<String, Object> jwe = new LinkedHashMap<>();
            jwe.put("protected", protectedB64);
            if (!shared.isEmpty()) {
                jwe.put("unprotected", shared);
            }
            if (flattened) {
                jwe.putAll(out.get(0));
            } else {
                jwe.put("recipients", out);
            }
            if (aadB64 != null) {
                jwe.put("aad", aadB64);
            }
            jwe.put("iv", b64(iv));
            jwe.put("ciphertext", b64(Arrays.copyOf(sealed, sealed.length - tagLen)));
            jwe.put("tag", b64(Arrays.copyOfRange(sealed, sealed.length - tagLen, sealed.length)));
            return new String(ClaimsWriter.toJson(jwe), StandardCharsets.UTF_8);
        } finally {
            if (cek != null) {
                Arrays.fill(cek, (byte) 0);
            }
            if (deflate) {
                Arrays.fill(plaintext, (byte) 0);
            }
        }
    }

    private static String b64(byte[] b) {
        return new String(Base64Url.encode(b), StandardCharsets.US_ASCII);
    }
}
