package io.lcjwt.bench;

import com.authlete.sd.Disclosure;
import com.authlete.sd.SDJWT;
import com.authlete.sd.SDObjectBuilder;
import com.authlete.sd.SDObjectDecoder;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * The contender: SD-JWT with {@code com.authlete:sd-jwt} for the disclosures and Nimbus for the
 * JWTs, as authlete's documentation shows and its users write it. authlete's library has no JOSE
 * code: it parses the {@code ~}-separated form ({@code SDJWT.parse}), makes disclosures and
 * digests ({@code SDObjectBuilder}, {@code Disclosure}), applies them ({@code SDObjectDecoder}),
 * and computes {@code sd_hash} ({@code SDJWT.getSDHash}); Nimbus signs and verifies the
 * Issuer-signed JWT and the KB-JWT. The checks match lcjwt's verifier: ES256 and {@code typ} on
 * both JWTs, both signatures, {@code exp}, the KB-JWT's key from {@code cnf.jwk}, {@code aud},
 * {@code nonce}, an {@code iat} window, {@code sd_hash}, and the disclosures applied. Immutable
 * after construction.
 */
final class AuthleteSdJwt {

    private final ECDSASigner issuerSigner;
    private final ECDSAVerifier issuerVerifier;
    private final JWSHeader header;
    private final String audience;
    private final String nonce;
    private final long maxAgeSeconds;

    AuthleteSdJwt(ECPrivateKey issuerPrivate, ECPublicKey issuerPublic, String type, String audience, String nonce,
            long maxAgeSeconds) throws Exception {
        this.issuerSigner = new ECDSASigner(issuerPrivate);
        this.issuerVerifier = new ECDSAVerifier(issuerPublic);
        this.header = new JWSHeader.Builder(JWSAlgorithm.ES256).type(new JOSEObjectType(type)).build();
        this.audience = audience;
        this.nonce = nonce;
        this.maxAgeSeconds = maxAgeSeconds;
    }

    /**
     * Issues {@code clear} in the clear and {@code disclosable} (top-level claims; a list value
     * makes each element disclosable instead) as disclosures, with {@code cnf.jwk} = {@code holder}.
     */
    String issue(Map<String, Object> clear, Map<String, Object> disclosable, Map<String, Object> holderJwk) throws Exception {
        SDObjectBuilder b = new SDObjectBuilder();
        List<Disclosure> disclosures = new ArrayList<>();
        for (Map.Entry<String, Object> e : clear.entrySet()) {
            b.putClaim(e.getKey(), e.getValue());
        }
        b.putClaim("cnf", Map.of("jwk", holderJwk));
        for (Map.Entry<String, Object> e : disclosable.entrySet()) {
            if (e.getValue() instanceof List<?> elements) {
                List<Object> digests = new ArrayList<>(elements.size());
                for (Object element : elements) {
                    Disclosure d = new Disclosure(element);
                    disclosures.add(d);
                    digests.add(d.toArrayElement());
                }
                b.putClaim(e.getKey(), digests);
            } else {
                disclosures.add(b.putSDClaim(e.getKey(), e.getValue()));
            }
        }
        SignedJWT jwt = new SignedJWT(header, JWTClaimsSet.parse(b.build()));
        jwt.sign(issuerSigner);
        return new SDJWT(jwt.serialize(), disclosures).toString();
    }

    /** Verifies an SD-JWT+KB and returns its processed claims; throws on any failed check. */
    Map<String, Object> verify(String presentation) throws Exception {
        SDJWT sd = SDJWT.parse(presentation);
        if (sd.getBindingJwt() == null) {
            throw new IllegalStateException("no KB-JWT");
        }
        Map<String, Object> payload = issuerPayload(sd);
        SignedJWT kb = SignedJWT.parse(sd.getBindingJwt());
        if (!JWSAlgorithm.ES256.equals(kb.getHeader().getAlgorithm()) || kb.getHeader().getType() == null
                || !"kb+jwt".equals(kb.getHeader().getType().getType())) {
            throw new IllegalStateException("KB-JWT header");
        }
        Map<?, ?> cnf = (Map<?, ?>) payload.get("cnf");
        @SuppressWarnings("unchecked")
        ECKey holder = JWK.parse((Map<String, Object>) cnf.get("jwk")).toECKey();
        if (!kb.verify(new ECDSAVerifier(holder))) {
            throw new IllegalStateException("KB-JWT signature");
        }
        JWTClaimsSet c = kb.getJWTClaimsSet();
        long now = System.currentTimeMillis() / 1000;
        Date iat = c.getIssueTime();
        if (c.getAudience().size() != 1 || !audience.equals(c.getAudience().get(0)) || !nonce.equals(c.getStringClaim("nonce"))
                || iat == null || iat.getTime() / 1000 > now || iat.getTime() / 1000 < now - maxAgeSeconds
                || !sd.getSDHash().equals(c.getStringClaim("sd_hash"))) {
            throw new IllegalStateException("KB-JWT claims");
        }
        return new SDObjectDecoder().decode(payload, sd.getDisclosures());
    }

    /** Verifies an SD-JWT without key binding (what the issuer hands the holder) and returns its processed claims. */
    Map<String, Object> verifyIssued(String sdJwt) throws Exception {
        SDJWT sd = SDJWT.parse(sdJwt);
        return new SDObjectDecoder().decode(issuerPayload(sd), sd.getDisclosures());
    }

    private Map<String, Object> issuerPayload(SDJWT sd) throws Exception {
        SignedJWT jwt = SignedJWT.parse(sd.getCredentialJwt());
        if (!JWSAlgorithm.ES256.equals(jwt.getHeader().getAlgorithm()) || !header.getType().equals(jwt.getHeader().getType())) {
            throw new IllegalStateException("issuer JWT header");
        }
        if (!jwt.verify(issuerVerifier)) {
            throw new IllegalStateException("issuer signature");
        }
        Map<String, Object> payload = jwt.getPayload().toJSONObject();
        if (!(payload.get("exp") instanceof Number exp) || exp.longValue() <= System.currentTimeMillis() / 1000) {
            throw new IllegalStateException("exp");
        }
        if (payload.containsKey("_sd_alg") && !"sha-256".equals(payload.get("_sd_alg"))) {
            throw new IllegalStateException("_sd_alg");
        }
        return payload;
    }
}
