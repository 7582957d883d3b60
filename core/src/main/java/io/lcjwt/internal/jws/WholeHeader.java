package io.lcjwt.internal.jws;

import io.lcjwt.Algorithm;
import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.codec.Base64Url;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A protected header given whole ({@code JwtSigner.Builder.protectedHeader}), vetted by the rules
 * a producer must keep (RFC 7515 section 4.1) and by what lcjwt never writes, then encoded in the
 * caller's member order.
 */
public final class WholeHeader {
    /** The header parameters RFC 7515 section 4.1 and RFC 7797 define, which crit must not list. */
    private static final Set<String> REGISTERED = Set.of("alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t",
            "x5t#S256", "typ", "cty", "crit", "b64");

    private WholeHeader() {}

    /**
     * @param algorithm the signer's algorithm, which {@code alg} must name
     * @param h the members, in order, deeply unmodifiable
     * @return the header, base64url-encoded
     * @throws IllegalArgumentException naming the member at fault
     */
    public static byte[] encode(Algorithm algorithm, Map<String, Object> h) {
        if (!algorithm.jwsName().equals(h.get("alg"))) {
            throw new IllegalArgumentException("the protected header's \"alg\" must be \"" + algorithm.jwsName()
                    + "\", the algorithm this signer uses");
        }
        for (String name : List.of("b64", "zip")) {
            if (h.containsKey(name)) {
                throw new IllegalArgumentException("the protected header has \"" + name + "\", which lcjwt does not"
                        + " produce here" + (name.equals("b64") ? "; a JWT must not have an unencoded payload"
                        + " (RFC 7797 section 7)" : " (a JWS has no compression)"));
            }
        }
        for (String name : List.of("kid", "typ", "cty")) {
            if (h.containsKey(name) && !(h.get(name) instanceof String)) {
                throw new IllegalArgumentException("the protected header's \"" + name + "\" must be a string");
            }
        }
        if (h.containsKey("crit")) {
            if (!(h.get("crit") instanceof List<?> names) || names.isEmpty()
                    || !names.stream().allMatch(n -> n instanceof String)
                    || names.stream().distinct().count() != names.size()) {
                throw new IllegalArgumentException("the protected header's \"crit\" must be a non-empty list of"
                        + " distinct member names (RFC 7515 section 4.1.11)");
            }
            for (Object n : names) {
                if (REGISTERED.contains(n) || !h.containsKey(n)) {
                    throw new IllegalArgumentException("the protected header's \"crit\" lists \"" + n + "\", "
                            + (REGISTERED.contains(n) ? "a parameter RFC 7515 defines, which crit must not list"
                            : "which the header does not carry") + " (RFC 7515 section 4.1.11)");
                }
            }
        }
        return Base64Url.encode(ClaimsWriter.toJson(h));
    }
}
