package io.lcjwt.internal.codec;

import io.lcjwt.Algorithm;
import io.lcjwt.AlgorithmNotAllowedException;
import io.lcjwt.JwtHeader;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.UnsupportedJwtException;

import java.util.List;
import java.util.Map;

/**
 * Reads and vets a decoded JOSE header. What it refuses, and why:
 * <ul>
 *   <li>{@code alg} missing, not a string, or not one of lcjwt's JWS algorithms (so {@code none}
 *       in any spelling) -- compared exactly, as RFC 7515 section 4.1.1 says;</li>
 *   <li>{@code crit} in any form: lcjwt implements no extension, and RFC 7515 section 4.1.11
 *       makes an unknown critical extension fatal;</li>
 *   <li>{@code b64} other than {@code true}: RFC 7797 unencoded payloads are not implemented;</li>
 *   <li>{@code zip}: JWS has no compression, and decompressing is a bomb risk;</li>
 *   <li>{@code cty: JWT}: nested tokens are never unwrapped silently;</li>
 *   <li>{@code kid}, {@code typ}, {@code cty} that are not strings; duplicate members.</li>
 * </ul>
 * {@code jwk}, {@code jku}, {@code x5u}, {@code x5c} are kept as data and never used: only keys
 * configured on the verifier can verify.
 */
public final class HeaderParser {
    private HeaderParser() {}

    public static JwtHeader parse(byte[] buf, int off, int len) {
        return vet(readObject(buf, off, len, "JWT header"));
    }

    /** Reads one strict JSON object into a map. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> readObject(byte[] buf, int off, int len, String what) {
        JsonCursor c = new JsonCursor().openObject(buf, off, len, what);
        Map<String, Object> m = (Map<String, Object>) c.readNatural();
        c.endDocument();
        return m;
    }

    static JwtHeader vet(Map<String, Object> params) {
        Object alg = params.get("alg");
        if (alg == null) {
            throw new MalformedJwtException("The JWT header has no \"alg\" member (RFC 7515 section 4.1.1).");
        }
        if (!(alg instanceof String algName)) {
            throw new MalformedJwtException("The JWT header's \"alg\" must be a string.");
        }
        Algorithm algorithm = Algorithm.fromJwsName(algName);
        if (algorithm == null) {
            if (algName.equalsIgnoreCase("none")) {
                throw new AlgorithmNotAllowedException("Unsecured JWTs (alg \"" + printable(algName)
                        + "\") are never accepted.");
            }
            if (params.containsKey("enc")) {
                // Only on this error path: a JWE header (alg + enc) handed to a JWS verifier.
                throw new AlgorithmNotAllowedException("The token is a JWE (its header has \"enc\"; alg \""
                        + printable(algName) + "\"), and a JwtVerifier reads signed JWTs only; decrypt a JWE"
                        + " with JweDecrypter.");
            }
            throw new AlgorithmNotAllowedException("The JWT's alg \"" + printable(algName)
                    + "\" is not a JWS algorithm lcjwt knows (names are case-sensitive, RFC 7515 section 4.1.1).");
        }
        if (params.containsKey("crit")) {
            Object crit = params.get("crit");
            if (!(crit instanceof List<?> names) || names.isEmpty()
                    || !names.stream().allMatch(n -> n instanceof String)) {
                throw new MalformedJwtException("The JWT header's \"crit\" must be a non-empty array of"
                        + " member names (RFC 7515 section 4.1.11).");
            }
            throw new UnsupportedJwtException("The JWT header marks " + names.size() + " extension(s)"
                    + " as critical (\"crit\"), and lcjwt understands none, so it must refuse the token"
                    + " (RFC 7515 section 4.1.11).");
        }
        if (params.containsKey("b64") && !Boolean.TRUE.equals(params.get("b64"))) {
            throw new UnsupportedJwtException("The JWT header asks for an unencoded payload (\"b64\": "
                    + "false, RFC 7797), which lcjwt does not accept.");
        }
        if (params.containsKey("zip")) {
            throw new UnsupportedJwtException("The JWT header has \"zip\": compressed JWS payloads are"
                    + " not allowed (RFC 7515 has no compression; RFC 8725 section 3.6).");
        }
        String kid = stringMember(params, "kid");
        String typ = stringMember(params, "typ");
        String cty = stringMember(params, "cty");
        if (cty != null && (cty.equalsIgnoreCase("JWT") || cty.equalsIgnoreCase("application/jwt"))) {
            throw new UnsupportedJwtException("The JWT is a nested JWT (\"cty\": \"" + cty + "\");"
                    + " lcjwt does not unwrap nested tokens. Verify the outer token with"
                    + " verifyContent and the inner one with its own verifier.");
        }
        // JwtHeader makes the one deep unmodifiable copy; the verifier caches it for every later token.
        return new JwtHeader(algorithm, kid, typ, params);
    }

    private static String stringMember(Map<String, Object> params, String name) {
        Object v = params.get(name);
        if (v == null) {
            if (params.containsKey(name)) {
                throw new MalformedJwtException("The JWT header's \"" + name + "\" must be a string, not null.");
            }
            return null;
        }
        if (!(v instanceof String s)) {
            throw new MalformedJwtException("The JWT header's \"" + name + "\" must be a string.");
        }
        return s;
    }

    /** At most 32 characters of untrusted text, escaped: {@link io.lcjwt.internal.Untrusted#text}. */
    public static String printable(String s) {
        return io.lcjwt.internal.Untrusted.text(s);
    }
}
