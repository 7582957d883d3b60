package io.lcjwt.spring;

import io.lcjwt.DpopException;
import io.lcjwt.DpopVerifier;
import io.lcjwt.VerifiedDpopProof;
import io.lcjwt.spring.internal.Errors;
import org.springframework.security.oauth2.core.ClaimAccessor;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2Token;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.DPoPProofContext;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoderFactory;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Spring Security's DPoP proof verifier, made by lcjwt: the factory
 * {@code DPoPAuthenticationProvider.setDPoPProofVerifierFactory} takes, over a {@link DpopVerifier}.
 * Each decoder it makes checks one proof against its request in full, {@code ath} and the access
 * token's {@code cnf.jkt} included (Spring attaches those two checks to its own factory only).
 * lcjwt's auto-configuration plugs it in; build one yourself only for a provider you make.
 *
 * <pre>{@code
 * DPoPAuthenticationProvider provider = new DPoPAuthenticationProvider(tokenAuthenticationManager);
 * provider.setDPoPProofVerifierFactory(new LcjwtDpopProofVerifierFactory(
 *         DpopVerifier.builder().algorithms(Algorithm.ES256).build()));
 * }</pre>
 *
 * <p>A refused proof is a {@code BadJwtException}, which the provider answers with
 * {@code invalid_dpop_proof}; a proof without a required nonce is an
 * {@code OAuth2AuthenticationException} with {@code use_dpop_nonce}, which Spring's DPoP entry
 * point answers as it is. Thread-safe.
 */
public final class LcjwtDpopProofVerifierFactory implements JwtDecoderFactory<DPoPProofContext> {
    private final DpopVerifier verifier;

    /**
     * Makes the factory.
     *
     * @param verifier the proof verifier: its algorithms, window, replay store and nonces
     * @throws NullPointerException if {@code verifier} is null
     */
    public LcjwtDpopProofVerifierFactory(DpopVerifier verifier) {
        this.verifier = Objects.requireNonNull(verifier, "verifier");
    }

    /**
     * A decoder for the proof of one request.
     *
     * @param context the proof, the request's method and URI, and the access token Spring verified
     * @return a decoder whose {@code decode} verifies the proof and returns it as a {@link Jwt}
     * @throws NullPointerException if {@code context} is null
     */
    @Override
    public JwtDecoder createDecoder(DPoPProofContext context) {
        Objects.requireNonNull(context, "context");
        return proof -> decode(proof, context);
    }

    private Jwt decode(String proof, DPoPProofContext context) {
        OAuth2Token token = context.getAccessToken();
        String accessToken = token == null ? null : token.getTokenValue();
        URI target;
        try {
            target = URI.create(context.getTargetUri());
        } catch (IllegalArgumentException e) {
            throw new BadJwtException("The request's URI is not one a DPoP proof can name.", e);
        }
        VerifiedDpopProof p;
        try {
            p = accessToken == null ? verifier.verify(List.of(proof), context.getMethod(), target)
                    : verifier.verify(List.of(proof), context.getMethod(), target, accessToken, jkt(token));
        } catch (DpopException e) {
            String description = Errors.rfc6750(e.getMessage());
            if (DpopException.USE_DPOP_NONCE.equals(e.errorCode())) {
                throw new OAuth2AuthenticationException(new OAuth2Error(DpopException.USE_DPOP_NONCE, description, null),
                        description, e);
            }
            throw new BadJwtException(description, e);
        }
        Object iat = p.claims().get("iat");
        return new Jwt(proof, iat instanceof Number n ? Instant.ofEpochSecond(n.longValue()) : null, null,
                p.header().parameters(), p.claims());
    }

    /** The access token's {@code cnf.jkt}, from the claims Spring's token authentication produced. */
    private static String jkt(OAuth2Token token) {
        if (token instanceof ClaimAccessor claims && claims.getClaims().get("cnf") instanceof Map<?, ?> cnf
                && cnf.get("jkt") instanceof String jkt) {
            return jkt;
        }
        return null;
    }
}
