package io.lcjwt.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;
import java.util.List;

/**
 * lcjwt's DPoP settings under {@code lcjwt.dpop.*}: how the resource server's DPoP proofs
 * (RFC 9449) are checked once lcjwt verifies them in Spring Security's
 * {@code DPoPAuthenticationProvider}.
 *
 * <pre>{@code
 * lcjwt:
 *   dpop:
 *     window: 60s
 *     algorithms: ES256, EdDSA
 *     nonce: required
 *     replay-store: sharedReplayStore    # a DpopReplayStore bean, for a fleet
 * }</pre>
 *
 * @param enabled whether lcjwt verifies DPoP proofs (default true); false leaves Spring's own
 *        verifier in place
 * @param window how far a proof's {@code iat} may lie from now, either way; a proof's
 *        {@code jti} is remembered as long (default 60 s, at most 10 minutes)
 * @param algorithms the proof algorithms accepted, asymmetric only (default the nine Spring
 *        Security announces in its {@code algs} challenge: RS256 to RS512, PS256 to PS512,
 *        ES256 to ES512; add EdDSA to accept Ed25519 keys)
 * @param nonce whether proofs must carry a server nonce (default {@code off})
 * @param nonceRotation how often the nonce changes (default 5 minutes); the one before stays
 *        accepted for one more period
 * @param nonceSecret the base64 secret nonces are derived from, at least 32 bytes: the same on
 *        every instance of a fleet, so they accept each other's nonces (default: random, per
 *        instance)
 * @param replayStore the name of a {@code DpopReplayStore} bean that remembers proofs, such as
 *        one shared by a fleet (default: an in-memory store per instance)
 * @param replayStoreSize how many live proofs the in-memory store holds; at the peak, proofs
 *        per second times twice the window (default 100,000, about 3 MB)
 */
@ConfigurationProperties("lcjwt.dpop")
public record LcjwtDpopProperties(@DefaultValue("true") boolean enabled, @DefaultValue("60s") Duration window,
        @DefaultValue({"RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512"})
        List<String> algorithms, @DefaultValue("off") NonceMode nonce, @DefaultValue("5m") Duration nonceRotation,
        String nonceSecret, String replayStore, @DefaultValue("100000") int replayStoreSize) {

    /** Whether DPoP proofs must carry a server nonce (RFC 9449 section 9). */
    public enum NonceMode {
        /** Nonces are neither handed out nor required. */
        OFF,
        /** Every DPoP response carries a {@code DPoP-Nonce} header, and every proof must carry a current nonce. */
        REQUIRED
    }
}
