package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweDecrypter;
import io.lcjwt.JweEncrypter;
import io.lcjwt.JweJsonEncrypter;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtException;
import io.lcjwt.JwtSecretKey;
import org.junit.jupiter.api.Timeout;

import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * JWE decryption, compact ({@link JweDecrypter#decrypt}) and JSON
 * ({@link JweDecrypter#decryptJson}): the fuzz input is the JWE text, handed to three decrypters
 * ({@code dir}, {@code A128KW}, {@code PBES2-HS256+A128KW}; with A128GCM and A128CBC-HS256, zip
 * allowed). The seeds are valid JWEs of each, in each form, so that mutations which keep a JWE
 * authentic (whitespace, member order, unknown members, unprotected members) reach the accepting
 * path. Oracle: only {@code JwtException} escapes; whatever lcjwt decrypts, the JDK decrypts too
 * from the same text (Jackson, strict, for the JSON; {@code AESWrap}, PBKDF2, AES-GCM or AES-CBC
 * with HMAC-SHA-256 for the crypto; {@code Inflater} for zip) to the same plaintext, with the
 * structural rules the library promises (zip only protected, at most 16 recipients, headers
 * disjoint). So a mutation can only "succeed" if it is still authentically encrypted.
 */
class JweDecryptFuzzTest {

    static final byte[] DIR_KEY = bytes(16, 0x11);
    static final byte[] KW_KEY = bytes(16, 0x22);
    static final String PASSWORD = "fuzz password \u2013 not secret";
    static final byte[] PLAINTEXT = "the plaintext the seeds carry".getBytes(StandardCharsets.UTF_8);

    static final JwtSecretKey DIR = JwtSecretKey.forEncryption(DIR_KEY);
    static final JwtSecretKey KW = JwtSecretKey.forEncryption(KW_KEY);
    static final JwtSecretKey PWD = JwtSecretKey.fromPassword(PASSWORD.toCharArray());

    static final JweContentAlgorithm[] ENCS = {JweContentAlgorithm.A128GCM, JweContentAlgorithm.A128CBC_HS256};
    static final JweDecrypter DIR_D = JweDecrypter.builder(DIR).keyAlgorithms(JweKeyAlgorithm.DIR)
            .contentAlgorithms(ENCS).maxInflatedBytes(10_000).build();
    static final JweDecrypter KW_D = JweDecrypter.builder(KW).keyAlgorithms(JweKeyAlgorithm.A128KW)
            .contentAlgorithms(ENCS).maxInflatedBytes(10_000).build();
    // The lowest cap there is: each PBES2 input costs at most 1,000 iterations.
    static final JweDecrypter PWD_D = JweDecrypter.builder(PWD).enablePbes2(1000)
            .keyAlgorithms(JweKeyAlgorithm.PBES2_HS256_A128KW).contentAlgorithms(ENCS).maxInflatedBytes(10_000).build();
    static final List<JweDecrypter> DECRYPTERS = List.of(DIR_D, KW_D, PWD_D);

    @FuzzTest
    @Timeout(10)
    void decrypt(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        for (JweDecrypter d : DECRYPTERS) {
            for (boolean json : new boolean[] {false, true}) {
                byte[] plain;
                try {
                    plain = json ? d.decryptJson(text) : d.decrypt(text);
                } catch (JwtException refused) {
                    continue;
                }
                accepted(d, text, json, plain);
            }
        }
    }

    /** The independent judgement of a decrypted JWE; an AssertionError is a finding. */
    static void accepted(JweDecrypter d, String text, boolean json, byte[] plain) {
        JweKeyAlgorithm alg = d.keyAlgorithms().iterator().next();
        List<Candidate> candidates = json ? fromJson(text) : List.of(fromCompact(text));
        for (Candidate c : candidates) {
            if (!alg.joseName().equals(c.header().get("alg"))) {
                continue;
            }
            byte[] p = jdkDecrypt(alg, c);
            if (p != null && Arrays.equals(p, plain)) {
                return;
            }
        }
        Oracle.require(false, "the JDK does not decrypt it to lcjwt's plaintext with " + alg, text);
    }

    /** One recipient's view: its merged header, the AAD, and the segments. */
    record Candidate(Map<String, Object> header, boolean zip, byte[] aad, byte[] ek, byte[] iv, byte[] ct, byte[] tag) {}

    @SuppressWarnings("unchecked")
    static Candidate fromCompact(String t) {
        String[] s = t.split("\\.", -1);
        Oracle.require(s.length == 5, "not five segments", t);
        byte[] h = Oracle.canonical(s[0], t);
        Object header = Oracle.json(h, t);
        Oracle.require(header instanceof Map, "header not an object", t);
        Map<String, Object> m = (Map<String, Object>) header;
        Oracle.require(!m.containsKey("crit"), "crit accepted", t);
        return new Candidate(m, "DEF".equals(m.get("zip")), s[0].getBytes(StandardCharsets.US_ASCII),
                Oracle.canonical(s[1], t), Oracle.canonical(s[2], t), Oracle.canonical(s[3], t), Oracle.canonical(s[4], t));
    }

    @SuppressWarnings("unchecked")
    static List<Candidate> fromJson(String t) {
        Object tree = Oracle.json(t.getBytes(StandardCharsets.UTF_8), t);
        Oracle.require(tree instanceof Map, "not an object", t);
        Map<String, Object> jwe = (Map<String, Object>) tree;
        boolean general = jwe.containsKey("recipients");
        Oracle.require(!general || !(jwe.containsKey("header") || jwe.containsKey("encrypted_key")),
                "general and flattened mixed", t);
        List<Object> rs = general ? (List<Object>) jwe.get("recipients") : List.of(jwe);
        Oracle.require(!rs.isEmpty() && rs.size() <= 16, "recipient count " + rs.size(), t);
        String ps = jwe.get("protected") instanceof String s ? s : null;
        Map<String, Object> p = Map.of();
        if (ps != null) {
            Object o = Oracle.json(Oracle.canonical(ps, t), t);
            Oracle.require(o instanceof Map, "protected header not an object", t);
            p = (Map<String, Object>) o;
        }
        Map<String, Object> u = jwe.get("unprotected") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        Oracle.require(!u.containsKey("zip") && !u.containsKey("crit") && !p.containsKey("crit"), "zip or crit misplaced", t);
        String aad = jwe.get("aad") instanceof String s ? s : null;
        if (aad != null) {
            Oracle.canonical(aad, t);
        }
        byte[] aadBytes = ((ps == null ? "" : ps) + (aad == null ? "" : "." + aad)).getBytes(StandardCharsets.US_ASCII);
        byte[] iv = Oracle.canonical((String) jwe.get("iv"), t);
        byte[] ct = Oracle.canonical((String) jwe.get("ciphertext"), t);
        byte[] tag = Oracle.canonical((String) jwe.get("tag"), t);
        List<Candidate> out = new ArrayList<>();
        for (Object o : rs) {
            Oracle.require(o instanceof Map, "a recipient is not an object", t);
            Map<String, Object> r = (Map<String, Object>) o;
            Map<String, Object> h = r.get("header") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
            Oracle.require(!h.containsKey("zip") && !h.containsKey("crit"), "zip or crit per recipient", t);
            Map<String, Object> merged = new LinkedHashMap<>(p);
            for (Map<String, Object> part : List.of(u, h)) {
                for (Map.Entry<String, Object> e : part.entrySet()) {
                    Oracle.require(merged.put(e.getKey(), e.getValue()) == null, "headers not disjoint", t);
                }
            }
            byte[] ek = r.get("encrypted_key") instanceof String s ? Oracle.canonical(s, t) : new byte[0];
            out.add(new Candidate(merged, "DEF".equals(p.get("zip")), aadBytes, ek, iv, ct, tag));
        }
        return out;
    }

    /** The JDK's decryption of one recipient, or null when it does not decrypt. */
    static byte[] jdkDecrypt(JweKeyAlgorithm alg, Candidate c) {
        try {
            Object enc = c.header().get("enc");
            byte[] cek;
            if (alg == JweKeyAlgorithm.DIR) {
                if (c.ek().length != 0) {
                    return null;
                }
                cek = DIR_KEY;
            } else {
                byte[] kek = KW_KEY;
                if (alg == JweKeyAlgorithm.PBES2_HS256_A128KW) {
                    if (!(c.header().get("p2s") instanceof String s) || !(c.header().get("p2c") instanceof Number n)) {
                        return null;
                    }
                    byte[] p2s = Base64.getUrlDecoder().decode(s);
                    int p2c = n.intValue();
                    if (p2s.length < 8 || p2c < 1000 || p2c > 1000 || n.doubleValue() != p2c) {
                        return null; // lcjwt's bounds for this decrypter
                    }
                    byte[] salt = ByteBuffer.allocate(alg.joseName().length() + 1 + p2s.length)
                            .put(alg.joseName().getBytes(StandardCharsets.UTF_8)).put((byte) 0).put(p2s).array();
                    kek = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                            .generateSecret(new PBEKeySpec(PASSWORD.toCharArray(), salt, p2c, 128)).getEncoded();
                }
                Cipher unwrap = Cipher.getInstance("AESWrap");
                unwrap.init(Cipher.UNWRAP_MODE, new SecretKeySpec(kek, "AES"));
                cek = unwrap.unwrap(c.ek(), "AES", Cipher.SECRET_KEY).getEncoded();
            }
            byte[] plain;
            if ("A128GCM".equals(enc) && cek.length == 16 && c.iv().length == 12 && c.tag().length == 16) {
                Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
                gcm.init(Cipher.DECRYPT_MODE, new SecretKeySpec(cek, "AES"), new GCMParameterSpec(128, c.iv()));
                gcm.updateAAD(c.aad());
                plain = gcm.doFinal(concat(c.ct(), c.tag()));
            } else if ("A128CBC-HS256".equals(enc) && cek.length == 32 && c.iv().length == 16 && c.tag().length == 16) {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(cek, 0, 16, "HmacSHA256"));
                mac.update(c.aad());
                mac.update(c.iv());
                mac.update(c.ct());
                mac.update(ByteBuffer.allocate(8).putLong(c.aad().length * 8L).array());
                if (!MessageDigest.isEqual(Arrays.copyOf(mac.doFinal(), 16), c.tag())) {
                    return null;
                }
                Cipher cbc = Cipher.getInstance("AES/CBC/PKCS5Padding");
                cbc.init(Cipher.DECRYPT_MODE, new SecretKeySpec(cek, 16, 16, "AES"), new IvParameterSpec(c.iv()));
                plain = cbc.doFinal(c.ct());
            } else {
                return null;
            }
            return c.zip() ? inflate(plain) : plain;
        } catch (GeneralSecurityException | IllegalArgumentException | DataFormatException e) {
            return null;
        }
    }

    static byte[] inflate(byte[] deflated) throws DataFormatException {
        Inflater inf = new Inflater(true);
        try {
            inf.setInput(deflated);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            while (!inf.finished()) {
                int n = inf.inflate(buf);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    throw new DataFormatException("truncated");
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } finally {
            inf.end();
        }
    }

    /** Valid JWEs of every decrypter, algorithm and form, all carrying {@link #PLAINTEXT}. */
    static List<byte[]> seeds() {
        List<byte[]> out = new ArrayList<>();
        for (JweContentAlgorithm enc : ENCS) {
            for (boolean deflate : new boolean[] {false, true}) {
                // dir only with A128GCM: DIR_D's 16-byte key fits no other enc.
                JweEncrypter.Builder dir = JweEncrypter.builder(DIR).keyAlgorithm(JweKeyAlgorithm.DIR)
                        .contentAlgorithm(JweContentAlgorithm.A128GCM);
                JweEncrypter.Builder kw = JweEncrypter.builder(KW).keyAlgorithm(JweKeyAlgorithm.A128KW).contentAlgorithm(enc);
                JweEncrypter.Builder pwd = JweEncrypter.builder(PWD).keyAlgorithm(JweKeyAlgorithm.PBES2_HS256_A128KW)
                        .contentAlgorithm(enc).pbes2Iterations(1000);
                for (JweEncrypter.Builder b : enc == JweContentAlgorithm.A128GCM ? List.of(dir, kw, pwd) : List.of(kw, pwd)) {
                    if (deflate) {
                        b.deflate();
                    }
                    out.add(b.build().encrypt(PLAINTEXT).getBytes(StandardCharsets.US_ASCII));
                }
                JweEncrypter kwPlain = JweEncrypter.builder(KW).keyAlgorithm(JweKeyAlgorithm.A128KW).contentAlgorithm(enc)
                        .keyId("kw").build();
                JweEncrypter pwdPlain = JweEncrypter.builder(PWD).keyAlgorithm(JweKeyAlgorithm.PBES2_HS256_A128KW)
                        .contentAlgorithm(enc).pbes2Iterations(1000).build();
                JweJsonEncrypter.Builder general = JweJsonEncrypter.builder(enc).recipient(kwPlain, Map.of("x", 1))
                        .recipient(pwdPlain).sharedHeader("s", "shared").protectedHeader("typ", "fuzz");
                JweJsonEncrypter.Builder flat = JweJsonEncrypter.builder(enc).recipient(kwPlain).flattened();
                if (deflate) {
                    general.deflate();
                    flat.deflate();
                }
                out.add(general.build().encrypt(PLAINTEXT, "aad".getBytes(StandardCharsets.US_ASCII))
                        .getBytes(StandardCharsets.UTF_8));
                out.add(flat.build().encrypt(PLAINTEXT).getBytes(StandardCharsets.UTF_8));
            }
        }
        JweEncrypter dirGcm = JweEncrypter.builder(DIR).keyAlgorithm(JweKeyAlgorithm.DIR)
                .contentAlgorithm(JweContentAlgorithm.A128GCM).build();
        out.add(JweJsonEncrypter.builder(JweContentAlgorithm.A128GCM).recipient(dirGcm).flattened().build()
                .encrypt(PLAINTEXT).getBytes(StandardCharsets.UTF_8));
        return out;
    }

    /** Writes this target's seeds only (SeedCorpus writes every target's). */
    public static void main(String[] args) throws java.io.IOException {
        SeedCorpus.write("JweDecryptFuzzTestInputs/decrypt", seeds());
    }

    static byte[] bytes(int n, int v) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) v);
        return b;
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
