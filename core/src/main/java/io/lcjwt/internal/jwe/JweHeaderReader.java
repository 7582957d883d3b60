package io.lcjwt.internal.jwe;

import io.lcjwt.internal.codec.JsonCursor;
import io.lcjwt.AlgorithmNotAllowedException;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.UnsupportedJwtException;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.codec.Base64Url;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and vets a JWE protected header, before any cryptographic work. What it refuses, and why:
 * <ul>
 *   <li>{@code alg} or {@code enc} missing, not strings, unknown, or off the decrypter's
 *       allow-lists (compared exactly);</li>
 *   <li>{@code RSA1_5}: refused as unsupported, so no PKCS#1 v1.5 decryption is ever attempted
 *       (Bleichenbacher; aws-lc has no implicit rejection); PBES2 unless the decrypter enabled
 *       it, a {@code p2c} outside 1,000 to the decrypter's cap, a {@code p2s} under 8 bytes;</li>
 *   <li>{@code zip} other than {@code DEF} (the content is then inflated under a cap, checked
 *       while inflating, after the tag has been verified);</li>
 *   <li>{@code crit} in any form: lcjwt understands no JWE extension (RFC 7516 section 4.1.13);</li>
 *   <li>{@code kid}, {@code typ}, {@code cty} that are not strings; {@code apu}/{@code apv} that
 *       are not strict base64url; an {@code epk} that is not an object; duplicate members (the
 *       strict JSON reader refuses them at every level).</li>
 * </ul>
 */
public final class JweHeaderReader {
    private JweHeaderReader() {}

    /** A vetted header: the algorithms, the string members, the ECDH-ES inputs, and every member. */
    public record Header(JweKeyAlgorithm alg, JweContentAlgorithm enc, String kid, String typ, String cty,
            Map<String, Object> epk, byte[] apu, byte[] apv, boolean deflated, byte[] kwIv, byte[] kwTag,
            Map<String, Object> members, byte[] p2s, int p2c) {}

    /**
     * @param maxInflated the cap on inflated {@code zip: DEF} content, or 0 to refuse compressed JWEs
     * @param maxP2c the cap on a PBES2 iteration count (the decrypter allows PBES2 only when enabled)
     */
    public static Header read(byte[] json, Set<JweKeyAlgorithm> algs, Set<JweContentAlgorithm> encs, int maxInflated,
            int maxP2c) {
        Map<String, Object> m = JsonCursor.readObject(json, 0, json.length, "JWE header");
        return vet(m, alg(m, algs), encs, maxInflated, maxP2c);
    }

    /** The header's {@code alg}, if known and allowed; else the refusal. */
    static JweKeyAlgorithm alg(Map<String, Object> m, Set<JweKeyAlgorithm> algs) {
        String algName = requiredString(m, "alg", "RFC 7516 section 4.1.1");
        JweKeyAlgorithm alg = JweKeyAlgorithm.fromJoseName(algName);
        if (alg == null) {
            throw unknownAlg(algName);
        }
        if (!algs.contains(alg)) {
            if (Pbes2.isPbes2(alg) && algs.stream().noneMatch(Pbes2::isPbes2)) {
                throw new AlgorithmNotAllowedException("The JWE uses " + alg.joseName() + " (password-based key"
                        + " encryption), which is off unless enabled: a sender-chosen iteration count costs the"
                        + " recipient CPU. To accept it, build the decrypter with a JwtSecretKey.fromPassword key,"
                        + " JweDecrypter.Builder.enablePbes2() and the algorithm in keyAlgorithms(...).");
            }
            throw new AlgorithmNotAllowedException("The JWE's key management algorithm is " + alg.joseName()
                    + ", which this decrypter does not allow (allowed: " + algs + ").");
        }
        return alg;
    }

    /** Vets the rest of a header (protected, or the union of a JSON JWE's three) whose alg is allowed. */
    static Header vet(Map<String, Object> m, JweKeyAlgorithm alg, Set<JweContentAlgorithm> encs, int maxInflated,
            int maxP2c) {
        String encName = requiredString(m, "enc", "RFC 7516 section 4.1.2");
        JweContentAlgorithm enc = JweContentAlgorithm.fromJoseName(encName);
        if (enc == null) {
            throw new AlgorithmNotAllowedException("The JWE's enc " + Untrusted.quote(encName)
                    + " is not a content encryption algorithm lcjwt knows (names are case-sensitive;"
                    + " lcjwt has A128GCM, A192GCM, A256GCM, A128CBC-HS256, A192CBC-HS384, A256CBC-HS512).");
        }
        if (!encs.contains(enc)) {
            throw new AlgorithmNotAllowedException("The JWE's content encryption algorithm is " + enc.joseName()
                    + ", which this decrypter does not allow (allowed: " + encs + ").");
        }
        if (m.containsKey("crit")) {
            Object crit = m.get("crit");
            if (!(crit instanceof List<?> names) || names.isEmpty() || !names.stream().allMatch(n -> n instanceof String)) {
                throw new MalformedJwtException("The JWE header's \"crit\" must be a non-empty array of member"
                        + " names (RFC 7516 section 4.1.13).");
            }
            throw new UnsupportedJwtException("The JWE header marks " + names.size() + " extension(s) as critical"
                    + " (\"crit\"), and lcjwt understands none, so it must refuse the JWE (RFC 7516 section 4.1.13).");
        }
        boolean deflated = false;
        if (m.containsKey("zip")) {
            if (!"DEF".equals(m.get("zip"))) {
                throw new UnsupportedJwtException("The JWE header's \"zip\" is " + Untrusted.quote(m.get("zip"))
                        + "; lcjwt inflates only \"DEF\" (RFC 7516 section 4.1.3, names are case-sensitive).");
            }
            if (maxInflated <= 0) {
                throw new UnsupportedJwtException("The JWE is compressed (\"zip\": \"DEF\") and this decrypter does"
                        + " not inflate (maxInflatedBytes is 0).");
            }
            deflated = true;
        }
        String kid = optionalString(m, "kid");
        String typ = optionalString(m, "typ");
        String cty = optionalString(m, "cty");
        Map<String, Object> epk = null;
        byte[] apu = new byte[0];
        byte[] apv = new byte[0];
        if (KeyManagement.isEcdh(alg)) {
            Object e = m.get("epk");
            if (e == null) {
                throw new MalformedJwtException("The " + alg.joseName() + " JWE header has no \"epk\" (the sender's"
                        + " ephemeral public key, RFC 7518 section 4.6.1.1).");
            }
            if (!(e instanceof Map<?, ?> map)) {
                throw new MalformedJwtException("The JWE header's \"epk\" must be a JSON object (a public JWK).");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> typed = (Map<String, Object>) map;
            epk = typed;
            apu = partyInfo(m, "apu");
            apv = partyInfo(m, "apv");
        }
        byte[] kwIv = null;
        byte[] kwTag = null;
        if (KeyManagement.isGcmKw(alg)) {
            kwIv = gcmKwMember(m, "iv", AesGcm.IV_BYTES);
            kwTag = gcmKwMember(m, "tag", AesGcm.TAG_BYTES);
        }
        byte[] p2s = null;
        int p2c = 0;
        if (Pbes2.isPbes2(alg)) {
            // Both bounds before anything is derived (CVE-2022-36083 and kin: a huge p2c as a DoS).
            p2s = Pbes2.salt(m);
            p2c = Pbes2.count(m, maxP2c);
        }
        return new Header(alg, enc, kid, typ, cty, epk, apu, apv, deflated, kwIv, kwTag, m, p2s, p2c);
    }

    private static RuntimeException unknownAlg(String name) {
        if (name.equals("RSA1_5")) {
            return new UnsupportedJwtException("The JWE uses RSA1_5 (RSAES-PKCS1-v1_5), which lcjwt refuses without"
                    + " attempting decryption: it is open to Bleichenbacher's attack (RFC 8725 section 3.2). Ask"
                    + " the sender for RSA-OAEP-256.");
        }
        return new AlgorithmNotAllowedException("The JWE's alg " + Untrusted.quote(name) + " is not a key management"
                + " algorithm lcjwt knows (names are case-sensitive, RFC 7516 section 4.1.1).");
    }

    private static String requiredString(Map<String, Object> m, String name, String where) {
        Object v = m.get(name);
        if (v == null) {
            throw new MalformedJwtException("The JWE header has no \"" + name + "\" member (" + where + ").");
        }
        if (!(v instanceof String s)) {
            throw new MalformedJwtException("The JWE header's \"" + name + "\" must be a string.");
        }
        return s;
    }

    private static String optionalString(Map<String, Object> m, String name) {
        if (!m.containsKey(name)) {
            return null;
        }
        if (!(m.get(name) instanceof String s)) {
            throw new MalformedJwtException("The JWE header's \"" + name + "\" must be a string.");
        }
        return s;
    }

    /** RFC 7518 section 4.7.1: the key wrap's IV and tag, required, of exactly GCM's lengths. */
    private static byte[] gcmKwMember(Map<String, Object> m, String name, int length) {
        String s = optionalString(m, name);
        if (s == null) {
            throw new MalformedJwtException("The AES-GCM key wrap JWE header has no \"" + name + "\" (RFC 7518"
                    + " section 4.7.1).");
        }
        byte[] b = Base64Url.decode(s);
        if (b == null) {
            throw new MalformedJwtException("The JWE header's \"" + name + "\" is not strict base64url.");
        }
        if (b.length != length) {
            throw new MalformedJwtException("The JWE header's key wrap \"" + name + "\" is " + b.length + " bytes;"
                    + " AES-GCM key wrap takes exactly " + length + " (RFC 7518 section 4.7.1).");
        }
        return b;
    }

    private static byte[] partyInfo(Map<String, Object> m, String name) {
        String s = optionalString(m, name);
        if (s == null) {
            return new byte[0];
        }
        byte[] b = Base64Url.decode(s);
        if (b == null) {
            throw new MalformedJwtException("The JWE header's \"" + name + "\" is not strict base64url"
                    + " (RFC 7518 section 4.6.1.2).");
        }
        return b;
    }
}
