package io.lcjwt.spring.internal;

import com.nimbusds.jose.jwk.JWK;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncodingException;
import org.springframework.util.StringUtils;

import java.net.URISyntaxException;
import java.net.URL;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Spring's header and claims as the JSON members {@code NimbusJwtEncoder} writes, in the order it
 * writes them, so that lcjwt's token is the same text: Nimbus fills a {@code HashMap} member by
 * member and serializes it in that map's order, so doing the same puts on a {@code HashMap} here
 * gives the same order. The conversions are Nimbus's too: {@code iss} as text, {@code aud} of one
 * as a string, dates in whole seconds (dropping the fraction towards zero), blank {@code sub},
 * {@code jti}, {@code kid}, {@code typ}, {@code cty} and thumbprints left out, URLs as text, and
 * {@code b64} dropped. {@code JwtEncoderParityTest} holds this to Nimbus's own output.
 */
final class NimbusLayout {
    private NimbusLayout() {}

    /** What Nimbus's JWS header knows by name; every other member is a custom parameter. */
    private static final Set<String> HEADER_NAMES = Set.of("alg", "jku", "jwk", "x5u", "x5t", "x5t#S256", "x5c",
            "kid", "typ", "cty", "crit", "b64");
    /** What Nimbus's claims set knows by name. */
    private static final Set<String> CLAIM_NAMES = Set.of("iss", "sub", "aud", "exp", "nbf", "iat", "jti");

    /**
     * The protected header's members.
     *
     * @param h Spring's header, its key identifiers already added
     * @param alg the algorithm's name
     * @return a map whose iteration order is Nimbus's
     * @throws JwtEncodingException if a URL or the {@code jwk} member cannot be converted
     */
    static Map<String, Object> header(JwsHeader h, String alg) {
        Map<String, Object> custom = new HashMap<>();
        h.getHeaders().forEach((name, value) -> {
            if (!HEADER_NAMES.contains(name)) {
                custom.put(name, value instanceof URL u ? u.toExternalForm() : value);
            }
        });
        Map<String, Object> o = new HashMap<>();
        if (!custom.isEmpty()) {
            o.putAll(new HashMap<>(custom)); // Nimbus's header keeps a copy of its custom parameters
        }
        o.put("alg", alg);
        putText(o, "typ", h.getType());
        putText(o, "cty", h.getContentType());
        Object crit = h.getHeaders().get("crit");
        if (crit instanceof Collection<?> names && !names.isEmpty()) {
            o.put("crit", new ArrayList<>(new HashSet<>(names)));
        } else if (crit != null && !(crit instanceof Collection<?>)) {
            throw new JwtEncodingException(Encoding.PREFIX + "The header's crit must be a set of member names.");
        }
        if (h.getHeaders().get("jku") != null) {
            o.put("jku", uri(h.getHeaders().get("jku"), "jku"));
        }
        Map<String, Object> jwk = h.getJwk();
        if (jwk != null && !jwk.isEmpty()) {
            o.put("jwk", publicJwk(jwk));
        }
        if (h.getHeaders().get("x5u") != null) {
            o.put("x5u", uri(h.getHeaders().get("x5u"), "x5u"));
        }
        putText(o, "x5t", h.getHeaders().get("x5t") instanceof String s ? s : null);
        putText(o, "x5t#S256", h.getX509SHA256Thumbprint());
        List<String> x5c = h.getX509CertificateChain();
        if (x5c != null && !x5c.isEmpty()) {
            o.put("x5c", new ArrayList<>(x5c));
        }
        putText(o, "kid", h.getKeyId());
        return o;
    }

    /**
     * The claims' members, and the two instants Spring's {@code Jwt} is given.
     *
     * @param members in Nimbus's order
     * @param issuedAt {@code iat}, or null
     * @param expiresAt {@code exp}, or null
     */
    record Claims(Map<String, Object> members, Instant issuedAt, Instant expiresAt) {}

    /**
     * The claims as Nimbus writes them.
     *
     * @param c Spring's claims
     * @return the members and instants
     * @throws JwtEncodingException if a registered claim has a type Spring cannot convert
     */
    static Claims claims(JwtClaimsSet c) {
        Map<String, Object> all = c.getClaims();
        Map<String, Object> o = new HashMap<>();
        Object iss = all.get("iss");
        if (iss != null) {
            o.put("iss", iss.toString());
        }
        try {
            String sub = all.get("sub") instanceof String s ? s : c.getSubject();
            if (StringUtils.hasText(sub)) {
                o.put("sub", sub);
            }
            List<String> aud = audience(c, all.get("aud"));
            if (aud != null && !aud.isEmpty()) {
                o.put("aud", aud.size() == 1 ? aud.getFirst() : new ArrayList<>(aud));
            }
            Instant exp = all.get("exp") instanceof Instant i ? i : c.getExpiresAt();
            putSeconds(o, "exp", exp);
            putSeconds(o, "nbf", all.get("nbf") instanceof Instant i ? i : c.getNotBefore());
            Instant iat = all.get("iat") instanceof Instant i ? i : c.getIssuedAt();
            putSeconds(o, "iat", iat);
            String jti = all.get("jti") instanceof String s ? s : c.getId();
            if (StringUtils.hasText(jti)) {
                o.put("jti", jti);
            }
            Map<String, Object> custom = null; // as Nimbus's encoder gathers them, then hands them on in this map's order
            for (Map.Entry<String, Object> e : all.entrySet()) {
                if (!CLAIM_NAMES.contains(e.getKey())) {
                    if (custom == null) {
                        custom = new HashMap<>();
                    }
                    custom.put(e.getKey(), e.getValue());
                }
            }
            if (custom != null) {
                custom.forEach((name, value) -> o.put(name, switch (value) {
                    case Date d -> d.getTime() / 1000;
                    case URL u -> u.toExternalForm();
                    default -> value;
                }));
            }
            if (iat != null && exp != null && !exp.isAfter(iat)) {
                throw new JwtEncodingException(Encoding.PREFIX + "The claims' exp (" + exp + ") is not after their iat ("
                        + iat + "); Spring's Jwt requires it to be.");
            }
            // Nimbus's payload copies the members into a map of its own, whose putAll sizes the
            // table for them (smaller than the default for six members or fewer): copy the same way.
            Map<String, Object> payload = new HashMap<>();
            payload.putAll(o);
            return new Claims(payload, iat, exp);
        } catch (IllegalArgumentException e) {
            // Spring's conversion of a registered claim of another type (an exp that is a List)
            throw new JwtEncodingException(Encoding.PREFIX + e.getMessage(), e);
        }
    }

    private static List<String> audience(JwtClaimsSet c, Object aud) {
        if (aud instanceof List<?> l && l.stream().allMatch(String.class::isInstance)) {
            @SuppressWarnings("unchecked")
            List<String> strings = (List<String>) l;
            return strings;
        }
        return aud == null ? null : c.getAudience();
    }

    /** Nimbus's NumericDate: {@code Date.getTime() / 1000}, which drops a fraction towards zero. */
    private static void putSeconds(Map<String, Object> o, String name, Instant i) {
        if (i == null) {
            return;
        }
        try {
            o.put(name, i.toEpochMilli() / 1000);
        } catch (ArithmeticException e) {
            throw new JwtEncodingException(Encoding.PREFIX + "The claim " + name + " (" + i
                    + ") is beyond what a date in milliseconds can hold.");
        }
    }

    private static void putText(Map<String, Object> o, String name, String value) {
        if (StringUtils.hasText(value)) {
            o.put(name, value);
        }
    }

    private static String uri(Object url, String name) {
        try {
            return url instanceof URL u ? u.toURI().toString() : url.toString();
        } catch (URISyntaxException e) {
            throw new JwtEncodingException(Encoding.PREFIX + "Unable to convert the '" + name
                    + "' header to a URI: " + e.getReason(), e);
        }
    }

    /** The {@code jwk} member as Nimbus writes it; a private JWK is refused, and never quoted. */
    private static Map<String, Object> publicJwk(Map<String, Object> jwk) {
        JWK parsed;
        try {
            parsed = JWK.parse(jwk);
        } catch (java.text.ParseException | RuntimeException e) {
            throw new JwtEncodingException(Encoding.PREFIX + "Unable to convert the 'jwk' header: it is not a JWK.");
        }
        if (parsed.isPrivate()) {
            throw new JwtEncodingException(Encoding.PREFIX + "The 'jwk' header holds a private key; a header is"
                    + " public, so it may carry only a public JWK.");
        }
        return parsed.toJSONObject();
    }
}
