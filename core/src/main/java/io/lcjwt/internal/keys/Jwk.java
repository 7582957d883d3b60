package io.lcjwt.internal.keys;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.bindings.Critical;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.codec.Base64Url;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON Web Keys (RFC 7517, RFC 7518 section 6, RFC 8037, and RFC 9964's {@code AKP} keys for
 * ML-DSA) in and out, and RFC 7638 thumbprints.
 * Import is strict: members of the right types, strict base64url, coordinates of the curve's exact
 * size, all CRT members for RSA private keys, and nothing it cannot use silently ignored.
 */
public final class Jwk {
    private Jwk() {}

    /** A parsed JWK. Exactly one of {@code secret}, {@code pub} is set; {@code pkcs8} for private keys. */
    public record Parsed(String kty, String kid, KeyUse keyUse, byte[] secret, KeyInfo pub, byte[] pkcs8,
            Map<String, Object> members) {}

    public static Map<String, Object> readObject(String json) {
        if (json == null) {
            throw new NullPointerException("json");
        }
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        try {
            return io.lcjwt.internal.codec.JsonCursor.readObject(b, 0, b.length, "JWK");
        } catch (io.lcjwt.MalformedJwtException e) {
            throw new InvalidJwtKeyException(e.getMessage(), e);
        }
    }

    public static Parsed parse(String json) {
        return parse(readObject(json));
    }

    public static Parsed parse(Map<String, Object> m) {
        String kty = str(m, "kty", true);
        String kid = str(m, "kid", false);
        String use = str(m, "use", false);
        String algName = str(m, "alg", false);
        List<String> ops = null;
        if (m.containsKey("key_ops")) {
            if (!(m.get("key_ops") instanceof List<?> l) || !l.stream().allMatch(o -> o instanceof String)) {
                throw new InvalidJwtKeyException("The JWK's key_ops must be an array of strings.");
            }
            @SuppressWarnings("unchecked")
            List<String> typed = (List<String>) l;
            ops = List.copyOf(typed);
        }
        // An AKP key's alg says what the key is: read it before use and key_ops are weighed against it.
        MlDsa akp = kty.equals("AKP") ? akpLevel(algName) : null;
        KeyUse alg = KeyUse.parse(use, ops, algName);
        switch (kty) {
            case "oct" -> {
                return new Parsed(kty, kid, alg, bytes(m, "k", true), null, null, m);
            }
            case "RSA" -> {
                if (m.containsKey("oth")) {
                    throw new InvalidJwtKeyException("Multi-prime RSA keys (\"oth\") are not supported.");
                }
                BigInteger n = uint(m, "n", true);
                BigInteger e = uint(m, "e", true);
                KeyInfo pub = Spki.rsa(n, e);
                byte[] pkcs8 = null;
                if (m.containsKey("d")) {
                    for (String k : List.of("p", "q", "dp", "dq", "qi")) {
                        if (!m.containsKey(k)) {
                            throw new InvalidJwtKeyException("The RSA private JWK lacks \"" + k + "\"; lcjwt needs all of"
                                    + " d, p, q, dp, dq and qi.");
                        }
                    }
                    pkcs8 = Pkcs8.rsa(n, e, uint(m, "d", true), uint(m, "p", true), uint(m, "q", true),
                            uint(m, "dp", true), uint(m, "dq", true), uint(m, "qi", true));
                }
                return new Parsed(kty, kid, alg, null, pub, pkcs8, m);
            }
            case "EC" -> {
                String crv = str(m, "crv", true);
                Curve curve = Curve.byJwkName(crv);
                if (curve == null) {
                    throw new InvalidJwtKeyException("The EC JWK's curve " + Untrusted.quote(crv) + " is not supported; lcjwt takes"
                            + " P-256, P-384, P-521 and secp256k1.");
                }
                KeyInfo pub = Spki.ecXY(curve, bytes(m, "x", true), bytes(m, "y", true));
                byte[] pkcs8 = null;
                if (m.containsKey("d")) {
                    byte[] d = bytes(m, "d", true);
                    if (d.length != curve.coordBytes) {
                        throw new InvalidJwtKeyException("The " + crv + " private scalar d must be " + curve.coordBytes + " bytes.");
                    }
                    byte[] point = new byte[1 + 2 * curve.coordBytes];
                    point[0] = 4;
                    System.arraycopy(pub.x(), 0, point, 1, curve.coordBytes);
                    System.arraycopy(pub.y(), 0, point, 1 + curve.coordBytes, curve.coordBytes);
                    pkcs8 = Pkcs8.ec(curve, d, point);
                }
                return new Parsed(kty, kid, alg, null, pub, pkcs8, m);
            }
            case "OKP" -> {
                String crv = str(m, "crv", true);
                if (crv.equals("X25519")) {
                    // RFC 8037 section 3.2: an ECDH-ES key for JWE, never a signing key.
                    KeyInfo pub = Spki.x25519(bytes(m, "x", true));
                    byte[] pkcs8 = null;
                    if (m.containsKey("d")) {
                        byte[] d = bytes(m, "d", true);
                        if (d.length != 32) {
                            throw new InvalidJwtKeyException("An X25519 private key d is 32 bytes.");
                        }
                        pkcs8 = Pkcs8.x25519(d);
                    }
                    return new Parsed(kty, kid, alg, null, pub, pkcs8, m);
                }
                if (!crv.equals("Ed25519")) {
                    throw new InvalidJwtKeyException("The OKP JWK's curve " + Untrusted.quote(crv) + " is not supported; lcjwt takes"
                            + " Ed25519 (signing) and X25519 (JWE key agreement); X448 and Ed448 are not supported.");
                }
                KeyInfo pub = Spki.ed25519(bytes(m, "x", true));
                byte[] pkcs8 = null;
                if (m.containsKey("d")) {
                    byte[] d = bytes(m, "d", true);
                    if (d.length != 32) {
                        throw new InvalidJwtKeyException("An Ed25519 private key d is 32 bytes.");
                    }
                    pkcs8 = Pkcs8.ed25519(d);
                }
                return new Parsed(kty, kid, alg, null, pub, pkcs8, m);
            }
            case "AKP" -> {
                MlDsa level = akp;
                KeyInfo pub = Spki.mlDsa(level, bytes(m, "pub", true));
                byte[] pkcs8 = null;
                if (m.containsKey("priv")) {
                    byte[] seed = bytes(m, "priv", true);
                    try {
                        if (seed.length != MlDsa.SEED_BYTES) {
                            throw new InvalidJwtKeyException("An " + level.joseName() + " private key (\"priv\") is its"
                                    + " 32-byte seed (RFC 9964), not " + seed.length + " bytes.");
                        }
                        pkcs8 = Pkcs8.mlDsaSeedForm(level, seed);
                    } finally {
                        java.util.Arrays.fill(seed, (byte) 0);
                    }
                }
                return new Parsed(kty, kid, alg, null, pub, pkcs8, m);
            }
            default -> throw new InvalidJwtKeyException("The JWK's kty " + Untrusted.quote(kty) + " is not supported; lcjwt takes"
                    + " RSA, EC, OKP, AKP and oct keys.");
        }
    }

    /**
     * The parameter set an {@code AKP} key's {@code alg} names: RFC 9964 makes
     * {@code alg} required for AKP keys, and its value decides what {@code pub} and {@code priv}
     * hold, so a key without one, or with one lcjwt cannot read AKP keys for, is refused.
     */
    private static MlDsa akpLevel(String algName) {
        if (algName == null) {
            throw new InvalidJwtKeyException("The AKP JWK has no \"alg\"; RFC 9964 requires it of AKP keys, as it"
                    + " says what the key is (ML-DSA-44, ML-DSA-65 or ML-DSA-87).");
        }
        MlDsa level = MlDsa.forAlgorithm(io.lcjwt.Algorithm.fromJwsName(algName));
        if (level == null) {
            throw new InvalidJwtKeyException("The AKP JWK's alg " + Untrusted.quote(algName) + " is not an ML-DSA"
                    + " algorithm; lcjwt reads AKP keys for ML-DSA-44, ML-DSA-65 and ML-DSA-87.");
        }
        return level;
    }

    private static String str(Map<String, Object> m, String name, boolean required) {
        Object v = m.get(name);
        if (v == null) {
            if (required || m.containsKey(name)) {
                throw new InvalidJwtKeyException("The JWK's \"" + name + "\" member is " + (m.containsKey(name) ? "null" : "missing") + ".");
            }
            return null;
        }
        if (!(v instanceof String s)) {
            throw new InvalidJwtKeyException("The JWK's \"" + name + "\" member must be a string.");
        }
        return s;
    }

    private static byte[] bytes(Map<String, Object> m, String name, boolean required) {
        String s = str(m, name, required);
        byte[] b = Base64Url.decode(s);
        if (b == null || b.length == 0) {
            throw new InvalidJwtKeyException("The JWK's \"" + name + "\" member is not non-empty strict base64url.");
        }
        return b;
    }

    private static BigInteger uint(Map<String, Object> m, String name, boolean required) {
        return new BigInteger(1, bytes(m, name, required));
    }

    // ---- export ---------------------------------------------------------------------------------

    /** Public members of {@code info} in RFC order, with {@code kid} (and extras) when given. */
    public static Map<String, Object> publicMembers(KeyInfo info) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (info.kind()) {
            case RSA -> {
                m.put("kty", "RSA");
                m.put("n", b64(unsigned(info.n())));
                m.put("e", b64(unsigned(info.e())));
            }
            case EC -> {
                m.put("kty", "EC");
                m.put("crv", info.curve().jwkName);
                m.put("x", b64(info.x()));
                m.put("y", b64(info.y()));
            }
            case ED25519 -> {
                m.put("kty", "OKP");
                m.put("crv", "Ed25519");
                m.put("x", b64(info.x()));
            }
            case X25519 -> {
                m.put("kty", "OKP");
                m.put("crv", "X25519");
                m.put("x", b64(info.x()));
            }
            case ML_DSA -> {
                m.put("kty", "AKP");
                m.put("alg", info.mlDsa().joseName());
                m.put("pub", b64(info.x()));
            }
        }
        return m;
    }

    public static String toJson(Map<String, Object> m) {
        return new String(ClaimsWriter.toJson(m), StandardCharsets.UTF_8);
    }

    /**
     * A JWK from {@code encoded}, members lcjwt wrote itself (from {@link #publicMembers} or
     * the private members: fixed names, curve names and base64url, never anything to escape),
     * followed by {@code extras} ({@code kid}, {@code use}, {@code key_ops}, {@code alg}), which
     * are checked and escaped. The usual JWK is written straight into one builder.
     */
    public static String toJson(Map<String, Object> encoded, Map<String, Object> extras) {
        int size = 2;
        for (Map.Entry<String, Object> e : extras.entrySet()) {
            if (!(e.getValue() instanceof String v) || !plain(v) || !plain(e.getKey())
                    || encoded.containsKey(e.getKey())) { // an AKP key's alg, say: written once
                Map<String, Object> all = new LinkedHashMap<>(encoded);
                all.putAll(extras);
                return toJson(all);
            }
            size += e.getKey().length() + v.length() + 6;
        }
        for (Map.Entry<String, Object> e : encoded.entrySet()) {
            size += e.getKey().length() + ((String) e.getValue()).length() + 6;
        }
        StringBuilder sb = new StringBuilder(size).append('{');
        appendMembers(sb, encoded, encoded.keySet());
        appendMembers(sb, extras, extras.keySet());
        return sb.append('}').toString();
    }

    /** RFC 7638: SHA-256 over the required members, sorted, without whitespace. */
    public static String thumbprint(Map<String, Object> members) {
        return thumbprint(members, false);
    }

    /**
     * RFC 7638 over members lcjwt encoded itself ({@code encoded}: their values are plain
     * ASCII by construction, so they are not checked again) or over anyone's.
     */
    public static String thumbprint(Map<String, Object> members, boolean encoded) {
        String kty = (String) members.get("kty");
        List<String> required = switch (kty) {
            case "RSA" -> List.of("e", "kty", "n");
            case "EC" -> List.of("crv", "kty", "x", "y");
            case "OKP" -> List.of("crv", "kty", "x");
            case "oct" -> List.of("k", "kty");
            case "AKP" -> List.of("alg", "kty", "pub"); // RFC 9964
            default -> throw new IllegalArgumentException(kty);
        };
        byte[] json = canonical(members, required, encoded);
        byte[] digest = new byte[32];
        io.lcjwt.bindings.Backend.get(); // a secret key's thumbprint may be the first native call
        // Heap arrays reach libcrypto in place (a critical call): no arena, no copy.
        Critical.sha(256, MemorySegment.ofArray(json), json.length, MemorySegment.ofArray(digest));
        return b64(digest);
    }

    /**
     * The RFC 7638 input: the required members in that (sorted) order, no whitespace. Members
     * that are plain printable ASCII strings (every base64url value and curve name) are copied
     * byte for byte; anything else goes through the claims writer, which escapes.
     */
    private static byte[] canonical(Map<String, Object> members, List<String> required, boolean encoded) {
        int size = 1;
        for (String k : required) {
            if (!(members.get(k) instanceof String v) || !(encoded || plain(v))) {
                Map<String, Object> canonical = new LinkedHashMap<>();
                for (String name : required) {
                    canonical.put(name, members.get(name));
                }
                return ClaimsWriter.toJson(canonical);
            }
            size += k.length() + v.length() + 6; // "k":"v" and a comma or the closing brace
        }
        StringBuilder sb = new StringBuilder(size).append('{');
        appendMembers(sb, members, required);
        return sb.append('}').toString().getBytes(StandardCharsets.ISO_8859_1); // all ASCII
    }

    /** {@code "name":"value"} for each of {@code names}, comma-separated after the opening brace. */
    private static void appendMembers(StringBuilder sb, Map<String, Object> m, Iterable<String> names) {
        for (String k : names) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            sb.append('"').append(k).append("\":\"").append((String) m.get(k)).append('"');
        }
    }

    private static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    public static String b64(byte[] b) {
        return new String(Base64Url.encode(b), StandardCharsets.US_ASCII);
    }

    public static byte[] unsigned(BigInteger v) {
        byte[] b = v.toByteArray();
        if (b.length > 1 && b[0] == 0) {
            return java.util.Arrays.copyOfRange(b, 1, b.length);
        }
        return b;
    }

    /** Left-pads a big-endian magnitude to {@code len} bytes. */
    public static byte[] fixed(BigInteger v, int len) {
        byte[] u = unsigned(v);
        byte[] out = new byte[len];
        System.arraycopy(u, 0, out, len - u.length, u.length);
        return out;
    }
}
