package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtException;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.SdJwtVerifier;
import io.lcjwt.Unverified;
import io.lcjwt.VerifiedSdJwt;
import org.junit.jupiter.api.Timeout;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Signature;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SD-JWT presentations (RFC 9901): the parser and the verifier, with and without key binding.
 * The first input byte picks the mode. Mode 0 hands the rest to the verifiers as it is (and to
 * {@code Unverified.sdJwt}): any text at all. Otherwise the rest is NUL-separated parts the
 * harness assembles into a presentation that is signed where it must be, so that mutations reach
 * the disclosure processing and key binding: the first part is the payload JSON, signed HS256
 * by the harness, in which {@code "#3"} stands for the digest of disclosure 3 and {@code "#cnf"}
 * for the holder's public JWK; each next part is a disclosure's JSON (base64url-encoded by the
 * harness; {@code "#k"} in it stands for the digest of an earlier disclosure k), and a part starting {@code KB} is a KB-JWT's claims, in which {@code "#sd_hash"}
 * stands for the presentation's digest, signed ES256 by the holder with {@code typ: kb+jwt}.
 *
 * <p>Oracle: only {@code JwtException} escapes; reading the payload and each disclosure costs a
 * bounded amount per member name ({@link Oracle#linearCost}); and whatever lcjwt accepts, an
 * independent processor (Jackson, strict, duplicates refused; the JDK's SHA-256, HMAC and
 * ECDSA) written from RFC 9901 section 7 also accepts, with the same processed claims.
 */
class SdJwtFuzzTest {

    static final long NOW = 1_800_000_000L;
    static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC);
    static final byte[] SECRET = "sd-jwt fuzz issuer secret, 32 bytes or more".getBytes(StandardCharsets.US_ASCII);
    static final JwtPrivateKey HOLDER = JwtPrivateKey.generate(Algorithm.ES256);
    static final String AUD = "https://verifier.example";
    static final String NONCE = "fuzz-nonce";
    static final String ISSUER_HEADER = b64("{\"alg\":\"HS256\",\"typ\":\"example+sd-jwt\"}".getBytes(StandardCharsets.UTF_8));
    static final String KB_HEADER = b64("{\"alg\":\"ES256\",\"typ\":\"kb+jwt\"}".getBytes(StandardCharsets.UTF_8));

    static final SdJwtVerifier PLAIN = base().build();
    static final SdJwtVerifier BOUND = base().keyBinding(AUD).keyBindingAlgorithms(Algorithm.ES256).build();

    static SdJwtVerifier.Builder base() {
        return SdJwtVerifier.builder(JwtSecretKey.of(SECRET)).algorithms(Algorithm.HS256).expectType("example+sd-jwt")
                .allowMissingExpiration().anyAudience().clock(CLOCK);
    }

    @FuzzTest
    @Timeout(10)
    void presentation(byte[] input) {
        if (input.length == 0) {
            return;
        }
        if (input[0] == 0) {
            String text = new String(input, 1, input.length - 1, StandardCharsets.ISO_8859_1);
            verify(text, null);
            try {
                Unverified.sdJwt(text);
            } catch (JwtException refused) {
                // any refusal is fine; any other exception escapes and is a finding
            }
            return;
        }
        Assembled a = assemble(new String(input, 1, input.length - 1, StandardCharsets.UTF_8));
        Oracle.linearCost(a.payload, "payload " + new String(a.payload, StandardCharsets.UTF_8));
        for (String d : a.disclosureJson) {
            byte[] b = d.getBytes(StandardCharsets.UTF_8);
            if (b.length > 0 && b[0] == '[') {
                Oracle.linearCost(("{\"d\":" + d + "}").getBytes(StandardCharsets.UTF_8), "disclosure " + d);
            }
        }
        verify(a.text, a);
    }

    /** What the harness made of a structured input. */
    record Assembled(String text, byte[] payload, List<String> disclosureJson, List<String> disclosures, String kbClaims) {}

    static Assembled assemble(String in) {
        String[] parts = in.split("\u0000", -1);
        List<String> json = new ArrayList<>();
        String kb = null;
        for (int i = 1; i < parts.length; i++) {
            if (parts[i].startsWith("KB")) {
                kb = parts[i].substring(2);
                break;
            }
            json.add(parts[i]);
        }
        List<String> disclosures = new ArrayList<>();
        for (int i = 0; i < json.size(); i++) {
            String j = json.get(i);
            for (int k = i - 1; k >= 0; k--) { // a disclosure may hold the digests of those before it
                j = j.replace("\"#" + k + "\"", "\"" + digest(disclosures.get(k)) + "\"");
            }
            json.set(i, j);
            disclosures.add(b64(j.getBytes(StandardCharsets.UTF_8)));
        }
        String payload = parts[0];
        for (int i = disclosures.size() - 1; i >= 0; i--) {
            payload = payload.replace("\"#" + i + "\"", "\"" + digest(disclosures.get(i)) + "\"");
        }
        payload = payload.replace("\"#cnf\"", HOLDER.publicKey().toJwk());
        byte[] payloadBytes = payload.getBytes(StandardCharsets.UTF_8);
        String input = ISSUER_HEADER + "." + b64(payloadBytes);
        StringBuilder sb = new StringBuilder(input).append('.').append(b64(hmac(input))).append('~');
        for (String d : disclosures) {
            sb.append(d).append('~');
        }
        if (kb != null) {
            String claims = kb.replace("\"#sd_hash\"", "\"" + digest(sb.toString()) + "\"");
            String kbInput = KB_HEADER + "." + b64(claims.getBytes(StandardCharsets.UTF_8));
            sb.append(kbInput).append('.').append(b64(es256(kbInput)));
        }
        return new Assembled(sb.toString(), payloadBytes, json, disclosures, kb);
    }

    private static void verify(String text, Assembled a) {
        VerifiedSdJwt<Map<String, Object>> plain = null;
        VerifiedSdJwt<Map<String, Object>> bound = null;
        try {
            plain = PLAIN.verify(text);
        } catch (JwtException refused) {
            // fine
        }
        try {
            bound = BOUND.verify(text, NONCE);
        } catch (JwtException refused) {
            // fine
        }
        if (plain == null && bound == null) {
            return;
        }
        Assembled x = a != null ? a : split(text);
        Oracle.require(plain == null || x.kbClaims == null, "a presentation with a KB-JWT passed without key binding", text);
        Oracle.require(bound == null || x.kbClaims != null, "a presentation without a KB-JWT passed key binding", text);
        Map<String, Object> expected = Reference.process(x, text);
        Map<String, Object> got = plain != null ? plain.claims() : bound.claims();
        Oracle.require(same(expected, got), "processed claims differ: expected " + expected + ", got " + got, text);
        if (bound != null) {
            Reference.keyBinding(x, text);
        }
    }

    /**
     * A raw text lcjwt accepted, taken apart by the JDK: the issuer's header and HMAC, each part
     * canonical base64url, the KB-JWT's header and ECDSA signature by the holder's key.
     */
    static Assembled split(String text) {
        int first = text.indexOf('~');
        int last = text.lastIndexOf('~');
        Oracle.require(first > 0, "no '~'", text);
        String[] jwt = text.substring(0, first).split("\\.", -1);
        Oracle.require(jwt.length == 3, "issuer JWT not three segments", text);
        Object h = Oracle.json(Oracle.canonical(jwt[0], text), text);
        Oracle.require(h instanceof Map<?, ?> hm && "HS256".equals(hm.get("alg")) && hm.get("typ") instanceof String t
                && (t.equalsIgnoreCase("example+sd-jwt") || t.equalsIgnoreCase("application/example+sd-jwt"))
                && !hm.containsKey("crit"), "issuer header " + h, text);
        Oracle.require(MessageDigest.isEqual(hmac(jwt[0] + "." + jwt[1]), Oracle.canonical(jwt[2], text)),
                "the JDK's HMAC differs", text);
        byte[] payload = Oracle.canonical(jwt[1], text);
        List<String> json = new ArrayList<>();
        List<String> disclosures = new ArrayList<>();
        if (last > first) {
            for (String d : text.substring(first + 1, last).split("~", -1)) {
                disclosures.add(d);
                json.add(new String(Oracle.canonical(d, text), StandardCharsets.UTF_8));
            }
        }
        String kb = null;
        if (last < text.length() - 1) {
            String[] k = text.substring(last + 1).split("\\.", -1);
            Oracle.require(k.length == 3, "KB-JWT not three segments", text);
            Object kh = Oracle.json(Oracle.canonical(k[0], text), text);
            Oracle.require(kh instanceof Map<?, ?> km && "ES256".equals(km.get("alg")) && km.get("typ") instanceof String t
                    && (t.equalsIgnoreCase("kb+jwt") || t.equalsIgnoreCase("application/kb+jwt")), "KB header " + kh, text);
            try {
                Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
                s.initVerify(HOLDER.publicKey().toJavaKey());
                s.update((k[0] + "." + k[1]).getBytes(StandardCharsets.US_ASCII));
                Oracle.require(s.verify(Oracle.canonical(k[2], text)), "the JDK's ECDSA refuses the KB-JWT", text);
            } catch (GeneralSecurityException e) {
                throw new AssertionError(e);
            }
            kb = new String(Oracle.canonical(k[1], text), StandardCharsets.UTF_8);
        }
        return new Assembled(text, payload, json, disclosures, kb);
    }

    /** Equal as JSON: numbers by value, nulls as nulls. */
    static boolean same(Object expected, Object got) {
        if (expected == Oracle.JSON_NULL) {
            return got == null;
        }
        if (expected instanceof Number e && got instanceof Number g) {
            return new BigDecimal(e.toString()).compareTo(new BigDecimal(g.toString())) == 0;
        }
        if (expected instanceof Map<?, ?> e && got instanceof Map<?, ?> g) {
            if (!e.keySet().equals(g.keySet())) {
                return false;
            }
            for (Object k : e.keySet()) {
                if (!same(e.get(k), g.get(k))) {
                    return false;
                }
            }
            return true;
        }
        if (expected instanceof List<?> e && got instanceof List<?> g) {
            if (e.size() != g.size()) {
                return false;
            }
            for (int i = 0; i < e.size(); i++) {
                if (!same(e.get(i), g.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return expected.equals(got);
    }

    /** RFC 9901 section 7, written on Jackson trees; throws AssertionError where lcjwt should have refused. */
    static final class Reference {
        private final Map<String, Object> byDigest = new LinkedHashMap<>();
        private final Set<String> seen = new HashSet<>();
        private final Set<String> used = new HashSet<>();
        private final String text;

        private Reference(String text) {
            this.text = text;
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> process(Assembled a, String text) {
            Reference r = new Reference(text);
            Object payload = Oracle.json(a.payload, text);
            Oracle.require(payload instanceof Map, "payload is not an object", text);
            Map<String, Object> p = (Map<String, Object>) payload;
            Object alg = p.get("_sd_alg");
            Oracle.require(alg == null || "sha-256".equals(alg), "_sd_alg " + alg, text);
            for (int i = 0; i < a.disclosures.size(); i++) {
                Object d = Oracle.json(a.disclosureJson.get(i).getBytes(StandardCharsets.UTF_8), text);
                Oracle.require(d instanceof List<?> l && (l.size() == 2 || l.size() == 3) && l.get(0) instanceof String
                        && (l.size() == 2 || l.get(1) instanceof String), "malformed disclosure " + i, text);
                Oracle.require(r.byDigest.put(digest(a.disclosures.get(i)), d) == null, "a disclosure twice", text);
            }
            Map<String, Object> out = (Map<String, Object>) r.node(p, true, 1);
            Oracle.require(r.used.size() == a.disclosures.size(), "an unreferenced disclosure", text);
            Object exp = out.get("exp");
            Oracle.require(exp == null || exp instanceof Number n && n.doubleValue() > NOW, "exp past or not a number", text);
            Object nbf = out.get("nbf");
            Oracle.require(nbf == null || nbf instanceof Number n && n.doubleValue() <= NOW, "nbf", text);
            return out;
        }

        @SuppressWarnings("unchecked")
        private Object node(Object v, boolean top, int depth) {
            Oracle.require(depth <= 32, "nesting past 32", text);
            if (v instanceof Map<?, ?> m) {
                Map<String, Object> out = new LinkedHashMap<>();
                List<String> digests = new ArrayList<>();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    String k = (String) e.getKey();
                    if (k.equals("_sd")) {
                        Oracle.require(e.getValue() instanceof List, "_sd not an array", text);
                        for (Object d : (List<Object>) e.getValue()) {
                            Oracle.require(d instanceof String s && s.length() == 43, "_sd entry", text);
                            digests.add(seen((String) d, text));
                        }
                    } else if (k.equals("_sd_alg")) {
                        Oracle.require(top, "nested _sd_alg", text);
                    } else {
                        Oracle.require(!k.equals("..."), "... outside an array element", text);
                        out.put(k, node(e.getValue(), false, depth + 1));
                    }
                }
                for (String d : digests) {
                    Object disclosure = byDigest.get(d);
                    if (disclosure == null) {
                        continue;
                    }
                    List<Object> l = (List<Object>) disclosure;
                    Oracle.require(l.size() == 3, "an element disclosure in _sd", text);
                    String name = (String) l.get(1);
                    Oracle.require(!name.equals("_sd") && !name.equals("...") && !name.equals("_sd_alg"), "reserved name", text);
                    Oracle.require(!out.containsKey(name), "a disclosed name that exists", text);
                    used.add(d);
                    out.put(name, node(l.get(2), false, depth + 1));
                }
                return out;
            }
            if (v instanceof List<?> l) {
                List<Object> out = new ArrayList<>();
                for (Object e : l) {
                    if (e instanceof Map<?, ?> m && m.containsKey("...")) {
                        Oracle.require(m.size() == 1 && m.get("...") instanceof String s && s.length() == 43,
                                "a malformed {\"...\": digest}", text);
                        String d = seen((String) m.get("..."), text);
                        Object disclosure = byDigest.get(d);
                        if (disclosure != null) {
                            List<Object> dl = (List<Object>) disclosure;
                            Oracle.require(dl.size() == 2, "a property disclosure in an array", text);
                            used.add(d);
                            out.add(node(dl.get(1), false, depth + 1));
                        }
                    } else {
                        out.add(node(e, false, depth + 1));
                    }
                }
                return out;
            }
            return v;
        }

        private String seen(String d, String text) {
            Oracle.canonical(d, text);
            Oracle.require(seen.add(d), "a digest twice", text);
            return d;
        }

        /** The KB-JWT's claims as RFC 9901 section 4.3 and the verifier require them. */
        @SuppressWarnings("unchecked")
        static void keyBinding(Assembled a, String text) {
            String kbJwt = a.text.substring(a.text.lastIndexOf('~') + 1);
            Object c = Oracle.json(Base64.getUrlDecoder().decode(kbJwt.split("\\.")[1]), text);
            Oracle.require(c instanceof Map, "KB claims not an object", text);
            Map<String, Object> m = (Map<String, Object>) c;
            Oracle.require(AUD.equals(m.get("aud")), "KB aud", text);
            Oracle.require(NONCE.equals(m.get("nonce")), "KB nonce", text);
            Oracle.require(m.get("iat") instanceof Number n && n.doubleValue() <= NOW && n.doubleValue() >= NOW - 300,
                    "KB iat", text);
            String sdJwt = a.text.substring(0, a.text.lastIndexOf('~') + 1);
            Oracle.require(digest(sdJwt).equals(m.get("sd_hash")), "KB sd_hash", text);
            Object exp = m.get("exp");
            Oracle.require(exp == null || exp instanceof Number n && n.doubleValue() > NOW, "KB exp", text);
            Object nbf = m.get("nbf");
            Oracle.require(nbf == null || nbf instanceof Number n && n.doubleValue() <= NOW, "KB nbf", text);
        }
    }

    // ---- the JDK's crypto ---------------------------------------------------------------------------

    static String b64(byte[] b) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    static String digest(String ascii) {
        try {
            return b64(MessageDigest.getInstance("SHA-256").digest(ascii.getBytes(StandardCharsets.ISO_8859_1)));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] hmac(String input) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(SECRET, "HmacSHA256"));
            return mac.doFinal(input.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] es256(String input) {
        try {
            Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
            s.initSign(HOLDER.toJavaKey());
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    // ---- seeds ---------------------------------------------------------------------------------------

    /** Structured seeds: every nesting shape, a presentation with key binding, and raw texts (mode 0). */
    static List<byte[]> seeds() {
        List<String> structured = List.of(
                "{\"_sd\":[\"#0\",\"#1\"],\"iss\":\"https://issuer.example\",\"exp\":1900000000,\"_sd_alg\":\"sha-256\"}"
                        + "\u0000[\"2GLC42sKQveCfGfryNRN9w\", \"given_name\", \"John\"]"
                        + "\u0000[\"eluV5Og3gSNII8EYnsxA_A\", \"family_name\", \"Doe\"]",
                "{\"nationalities\":[\"US\",{\"...\":\"#0\"},{\"...\":\"#1\"}],\"address\":{\"_sd\":[\"#2\"],\"country\":\"DE\"}}"
                        + "\u0000[\"lklxF5jMYlGTPUovMNIvCA\", \"DE\"]\u0000[\"nPuoQnkRFq3BIeAm7AnXFA\", {\"a\":[1,2.5,null]}]"
                        + "\u0000[\"AJx-095VPrpTtN4QMOqROA\", \"locality\", \"K\\u00f6ln\"]",
                "{\"_sd\":[\"#2\"],\"sub\":\"x\"}\u0000[\"a\",\"street_address\",\"Schulstr. 12\"]"
                        + "\u0000[\"b\",\"DE\"]\u0000[\"c\",\"address\",{\"_sd\":[\"#0\"],\"n\":[{\"...\":\"#1\"}]}]",
                "{\"_sd\":[\"#0\"],\"cnf\":{\"jwk\":\"#cnf\"}}\u0000[\"s\",\"email\",\"e@example.com\"]"
                        + "\u0000KB{\"nonce\":\"fuzz-nonce\",\"aud\":\"https://verifier.example\",\"iat\":1799999990,"
                        + "\"sd_hash\":\"#sd_hash\"}",
                "{\"cnf\":{\"jwk\":\"#cnf\"}}\u0000KB{\"nonce\":\"fuzz-nonce\",\"aud\":\"https://verifier.example\","
                        + "\"iat\":1799999990,\"sd_hash\":\"#sd_hash\",\"exp\":1800000100}",
                "{\"_sd\":[\"#0\",\"#0\"]}\u0000[\"s\",\"n\",1]",
                "{\"_sd\":[\"#0\"],\"n\":1}\u0000[\"s\",\"n\",2]",
                "{\"a\":[{\"...\":\"#0\",\"b\":1}]}\u0000[\"s\",1]");
        List<byte[]> out = new ArrayList<>();
        for (String s : structured) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            byte[] in = new byte[b.length + 1];
            in[0] = 1;
            System.arraycopy(b, 0, in, 1, b.length);
            out.add(in);
        }
        for (String raw : List.of(assemble(structured.get(0)).text, assemble(structured.get(2)).text, "a.b.c~", "~~~",
                "eyJhbGciOiJub25lIn0.e30.~WyJzIiwibiIsMV0~", "{\"payload\":\"e30\",\"signature\":\"\",\"protected\":\"\"}")) {
            byte[] b = raw.getBytes(StandardCharsets.ISO_8859_1);
            byte[] in = new byte[b.length + 1];
            System.arraycopy(b, 0, in, 1, b.length);
            out.add(in);
        }
        return out;
    }
}
