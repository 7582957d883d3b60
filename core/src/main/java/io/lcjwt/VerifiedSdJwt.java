package io.lcjwt;

import io.lcjwt.internal.sdjwt.SdEngine;

import java.util.List;

/**
 * A verified SD-JWT presentation: the Issuer-signed JWT's header, the processed claims (the
 * payload with the disclosed claims in place, digests and {@code _sd_alg} removed), and which
 * claims were disclosed. Made by {@link SdJwtVerifier}; immutable, and as thread-safe as the
 * claims' own type (a {@code Map} result is the caller's own, modifiable).
 *
 * <pre>{@code
 * VerifiedSdJwt<Person> v = verifier.verify(presentation, nonce, Person.class);
 * Person p = v.claims();
 * List<String> shown = v.disclosures().stream().map(Disclosure::path).toList();
 * }</pre>
 *
 * @param <T> the claims type: a {@code Map}, a record or a bean
 */
public final class VerifiedSdJwt<T> {

    private final JwtHeader header;
    private final T claims;
    private final String presentation;
    private volatile List<Disclosure> disclosures;

    VerifiedSdJwt(JwtHeader header, T claims, String presentation) {
        this.header = header;
        this.claims = claims;
        this.presentation = presentation;
    }

    /**
     * The Issuer-signed JWT's header, verified.
     *
     * @return the header (deeply unmodifiable)
     */
    public JwtHeader header() {
        return header;
    }

    /**
     * The processed claims, checked: {@code exp}, {@code nbf}, {@code aud}, {@code iss} and the
     * required claims as the verifier was built to check them.
     *
     * @return the claims, bound to the type asked for
     */
    public T claims() {
        return claims;
    }

    /**
     * The disclosures the holder presented, each with the path of the claim it disclosed. Array
     * indices in the paths count the elements of the processed claims. Worked out on first call
     * from the presentation already verified.
     *
     * @return an unmodifiable list, in the presentation's order
     */
    public List<Disclosure> disclosures() {
        List<Disclosure> d = disclosures;
        if (d == null) {
            d = new SdJwt(SdEngine.readUnverified(presentation, Integer.MAX_VALUE)).disclosures();
            disclosures = d;
        }
        return d;
    }

    /**
     * The header and the claims; not the disclosures' values, which are personal data.
     *
     * @return a short description
     */
    @Override
    public String toString() {
        return "VerifiedSdJwt[header=" + header + "]";
    }
}
