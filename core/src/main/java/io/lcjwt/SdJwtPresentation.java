package io.lcjwt;

import io.lcjwt.internal.sdjwt.SdHash;
import io.lcjwt.internal.sdjwt.SdJwtJson;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a holder sends a verifier (RFC 9901 section 4): the Issuer-signed JWT with the disclosures
 * it chose, and, when the verifier asks for key binding, a Key Binding JWT signed by the holder's
 * key. Claims left out are not in the text at all: not their values, not their salts. Made by
 * {@link SdJwt#present(String...)}; immutable and thread-safe.
 *
 * <pre>{@code
 * String presentation = held.present("given_name")
 *         .withKeyBinding(holderKey, Algorithm.ES256, "https://verifier.example", nonceFromVerifier)
 *         .toString();   // jwt~disclosure~kb-jwt
 * }</pre>
 */
public final class SdJwtPresentation {

    private final String issuerJwt;
    private final SdHash hash;
    private final List<Disclosure> disclosures;
    private final String keyBindingJwt;

    SdJwtPresentation(String issuerJwt, SdHash hash, List<Disclosure> disclosures, String keyBindingJwt) {
        this.issuerJwt = issuerJwt;
        this.hash = hash;
        this.disclosures = disclosures;
        this.keyBindingJwt = keyBindingJwt;
    }

    /**
     * The disclosures this presentation reveals, in the SD-JWT's order.
     *
     * @return an unmodifiable list
     */
    public List<Disclosure> disclosures() {
        return disclosures;
    }

    /**
     * The Key Binding JWT, if this presentation has one.
     *
     * @return the KB-JWT, or null
     */
    public String keyBindingJwt() {
        return keyBindingJwt;
    }

    /**
     * This presentation with a Key Binding JWT (RFC 9901 section 4.3) issued now: signed by the
     * holder's key (the private half of the key in the SD-JWT's {@code cnf}), with header
     * {@code typ: kb+jwt} and claims {@code nonce}, {@code aud}, {@code iat} and {@code sd_hash},
     * the digest of this presentation's SD-JWT part. A verifier gives the audience and nonce.
     *
     * @param holderKey the holder's private key
     * @param algorithm the algorithm to sign with, one the key serves ({@code ES256} for a P-256 key)
     * @param audience the verifier, as it names itself
     * @param nonce the nonce the verifier gave for this presentation
     * @return a new presentation ending with the KB-JWT; an earlier KB-JWT is replaced
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code audience} or {@code nonce} is empty
     * @throws InvalidJwtKeyException if {@code holderKey} cannot sign with {@code algorithm}
     */
    public SdJwtPresentation withKeyBinding(JwtPrivateKey holderKey, Algorithm algorithm, String audience, String nonce) {
        return withKeyBinding(holderKey, algorithm, audience, nonce, Instant.now());
    }

    /**
     * As {@link #withKeyBinding(JwtPrivateKey, Algorithm, String, String)}, with the KB-JWT's
     * {@code iat} given.
     *
     * @param holderKey the holder's private key
     * @param algorithm the algorithm to sign with
     * @param audience the verifier, as it names itself
     * @param nonce the nonce the verifier gave for this presentation
     * @param issuedAt the {@code iat}, written in whole seconds
     * @return a new presentation ending with the KB-JWT
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code audience} or {@code nonce} is empty
     * @throws InvalidJwtKeyException if {@code holderKey} cannot sign with {@code algorithm}
     */
    public SdJwtPresentation withKeyBinding(JwtPrivateKey holderKey, Algorithm algorithm, String audience, String nonce,
            Instant issuedAt) {
        Objects.requireNonNull(holderKey, "holderKey");
        Objects.requireNonNull(algorithm, "algorithm");
        if (Objects.requireNonNull(audience, "audience").isEmpty()) {
            throw new IllegalArgumentException("audience is empty; give the verifier's name for itself");
        }
        if (Objects.requireNonNull(nonce, "nonce").isEmpty()) {
            throw new IllegalArgumentException("nonce is empty; give the nonce the verifier sent");
        }
        Objects.requireNonNull(issuedAt, "issuedAt");
        byte[] sdJwt = sdJwtPart().getBytes(StandardCharsets.US_ASCII);
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("nonce", nonce);
        claims.put("aud", audience);
        claims.put("iat", issuedAt.getEpochSecond());
        claims.put("sd_hash", hash.digestText(sdJwt, 0, sdJwt.length));
        String kb = JwtSigner.builder(holderKey).algorithm(algorithm).type("kb+jwt").build().sign(claims);
        return new SdJwtPresentation(issuerJwt, hash, disclosures, kb);
    }

    /** The SD-JWT part: the Issuer-signed JWT and each disclosure, each followed by {@code ~}. */
    private String sdJwtPart() {
        StringBuilder sb = new StringBuilder(issuerJwt).append('~');
        for (Disclosure d : disclosures) {
            sb.append(d.encoded()).append('~');
        }
        return sb.toString();
    }

    /**
     * The presentation in its compact form: {@code <Issuer-signed JWT>~<Disclosure>~...~} for an
     * SD-JWT, followed by the KB-JWT for an SD-JWT+KB.
     *
     * @return the compact serialization
     */
    @Override
    public String toString() {
        String sdJwt = sdJwtPart();
        return keyBindingJwt == null ? sdJwt : sdJwt + keyBindingJwt;
    }

    /**
     * The presentation in the flattened JWS JSON serialization (RFC 9901 section 8.2): the
     * disclosures and the KB-JWT in the unprotected header members {@code disclosures} and
     * {@code kb_jwt}.
     *
     * @return a JSON object
     */
    public String toFlattenedJson() {
        return json(issuerJwt, disclosures, keyBindingJwt, false);
    }

    /**
     * The presentation in the general JWS JSON serialization (RFC 9901 section 8.3), with its one
     * signature.
     *
     * @return a JSON object
     */
    public String toGeneralJson() {
        return json(issuerJwt, disclosures, keyBindingJwt, true);
    }

    static String json(String issuerJwt, List<Disclosure> disclosures, String kb, boolean general) {
        List<String> encoded = new ArrayList<>(disclosures.size());
        for (Disclosure d : disclosures) {
            encoded.add(d.encoded());
        }
        return SdJwtJson.write(issuerJwt, encoded, kb, general);
    }
}
