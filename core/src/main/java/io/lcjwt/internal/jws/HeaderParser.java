package io.lcjwt.internal.jws;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtHeader;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.codec.JsonCursor;

import java.util.List;
import java.util.Map;

/**
 * Reads and vets a decoded JOSE header. What it refuses, and why:
 * <ul>
 *   <li>{@code alg} missing, not a string, or not one of lcjwt's JWS algorithms (so {@code none}
 *       in any spelling) -- compared exactly, as RFC 7515 section 4.1.1 says;</li>
 *   <li>{@code crit} that is not a non-empty array of distinct names of members present in the
 *       header, or that lists any extension but {@code b64}: RFC 7515 section 4.1.11 makes an
 *       unknown critical extension fatal;</li>
 *   <li>{@code b64} that is not a boolean; {@code b64: false} (RFC 7797 unencoded payload) unless
 *       the verifier opted in, and then only with {@code "crit":["b64"]} (RFC 7797 section 6);
 *       {@code b64} in {@code crit} from a verifier that did not opt in;</li>
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
        return vet(JsonCursor.readObject(buf, off, len, "JWT header"), false);
    }

    /**
     * As {@link #parse(byte[], int, int)}; with {@code allowUnencoded}, a header with
     * {@code "b64":false,"crit":["b64"]} passes (and {@link #unencoded} says so).
     */
    public static JwtHeader parse(byte[] buf, int off, int len, boolean allowUnencoded) {
        return vet(JsonCursor.readObject(buf, off, len, "JWT header"), allowUnencoded);
    }

    /** Whether a header that passed {@link #parse} asks for an unencoded payload (RFC 7797). */
    public static boolean unencoded(JwtHeader header) {
        return Boolean.FALSE.equals(header.parameters().get("b64"));
    }

    static JwtHeader vet(Map<String, Object> params, boolean allowUnencoded) {
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
                throw Refusals.algorithmNotAllowed("Unsecured JWTs (alg \"" + Untrusted.text(algName)
                        + "\") are never accepted.");
            }
            if (params.containsKey("enc")) {
                // Only on this error path: a JWE header (alg + enc) handed to a JWS verifier.
                throw Refusals.algorithmNotAllowed("The token is a JWE (its header has \"enc\"; alg \""
                        + Untrusted.text(algName) + "\"), and a JwtVerifier reads signed JWTs only; decrypt a JWE"
                        + " with JweDecrypter.");
            }
            throw Refusals.algorithmNotAllowed("The JWT's alg \"" + Untrusted.text(algName)
                    + "\" is not a JWS algorithm lcjwt knows (names are case-sensitive, RFC 7515 section 4.1.1).");
        }
        Object b64 = params.get("b64");
        if (b64 == null && params.containsKey("b64") || b64 != null && !(b64 instanceof Boolean)) {
            throw new MalformedJwtException("The JWT header's \"b64\" must be true or false (RFC 7797 section 3).");
        }
        boolean b64Critical = false;
        if (params.containsKey("crit")) {
            Object crit = params.get("crit");
            if (!(crit instanceof List<?> names) || names.isEmpty()
                    || !names.stream().allMatch(n -> n instanceof String)) {
                throw new MalformedJwtException("The JWT header's \"crit\" must be a non-empty array of"
                        + " member names (RFC 7515 section 4.1.11).");
            }
            if (names.stream().distinct().count() != names.size()) {
                throw new MalformedJwtException("The JWT header's \"crit\" names a member twice"
                        + " (RFC 7515 section 4.1.11).");
            }
            int unknown = 0;
            for (Object n : names) {
                if (!params.containsKey(n)) {
                    throw new MalformedJwtException("The JWT header's \"crit\" lists \"" + Untrusted.text((String) n)
                            + "\", which the header does not carry (RFC 7515 section 4.1.11).");
                }
                if (n.equals("b64")) {
                    b64Critical = true;
                } else {
                    unknown++;
                }
            }
            if (unknown > 0) {
                throw Refusals.unsupported("The JWT header marks " + unknown + " extension(s)"
                        + " as critical (\"crit\") that lcjwt does not understand (it understands only"
                        + " \"b64\"), so it must refuse the token (RFC 7515 section 4.1.11).");
            }
        }
        if (Boolean.FALSE.equals(b64) || b64Critical) {
            if (!allowUnencoded) {
                throw Refusals.unsupported("The JWT header asks for an unencoded payload (\"b64\","
                        + " RFC 7797), which this verifier does not accept; build it with"
                        + " allowUnencodedPayload() to accept one.");
            }
            if (!b64Critical) {
                throw new MalformedJwtException("The JWT header has \"b64\": false but no \"crit\":[\"b64\"];"
                        + " RFC 7797 section 6 requires it, so that a verifier that does not know b64"
                        + " cannot misread the payload.");
            }
        }
        if (params.containsKey("zip")) {
            throw Refusals.unsupported("The JWT header has \"zip\": compressed JWS payloads are"
                    + " not allowed (RFC 7515 has no compression; RFC 8725 section 3.6).");
        }
        String kid = stringMember(params, "kid");
        String typ = stringMember(params, "typ");
        String cty = stringMember(params, "cty");
        if (cty != null && (cty.equalsIgnoreCase("JWT") || cty.equalsIgnoreCase("application/jwt"))) {
            throw Refusals.unsupported("The JWT is a nested JWT (\"cty\": \"" + cty + "\");"
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

}
