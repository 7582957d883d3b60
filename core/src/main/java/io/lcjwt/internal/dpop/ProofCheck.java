package io.lcjwt.internal.dpop;

import io.lcjwt.Algorithm;
import io.lcjwt.BadSignatureException;
import io.lcjwt.ClaimNaming;
import io.lcjwt.DpopException;
import io.lcjwt.DpopNonces;
import io.lcjwt.DpopReplayStore;
import io.lcjwt.VerifiedJwt;
import io.lcjwt.JwtException;
import io.lcjwt.JwtHeader;
import io.lcjwt.VerifiedDpopProof;
import io.lcjwt.internal.jws.TokenVerifier;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.claims.ClaimsPolicy;
import io.lcjwt.internal.claims.CursorClaimsReader;
import io.lcjwt.internal.keys.Jwk;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * RFC 9449 section 4.3, in order: one proof; its form, {@code typ}, {@code alg}, {@code jwk} and
 * signature (by a {@link TokenVerifier} whose only key source is the proof's own {@code jwk});
 * {@code htm}; {@code htu}; {@code iat}; {@code ath} and {@code cnf.jkt} when an access token is
 * presented; the nonce when one is required; and last the replay store, so that only a proof
 * that passed everything else can take a place in it.
 */
public final class ProofCheck {
    private static final List<String> REQUIRED = List.of("jti", "htm", "htu", "iat");
    /** Longest {@code jti} accepted: a replay entry's size is fixed, but the claim is also quoted and hashed. */
    static final int MAX_JTI = 256;
    private static final int THUMBPRINTS = 16;

    private final TokenVerifier engine;
    private final long windowMillis;
    private final Clock clock;
    private final DpopReplayStore store;
    private final DpopNonces nonces;
    /** Thumbprints of recently seen verified headers, by identity: the engine hands a cached header out again. */
    private final Object[][] thumbprints = new Object[THUMBPRINTS][];

    public ProofCheck(Set<Algorithm> algorithms, long windowMillis, Clock clock, DpopReplayStore store,
            DpopNonces nonces, int maxProofBytes) {
        ClaimsPolicy policy = new ClaimsPolicy(Set.of(), null, 0, clock, false, REQUIRED, true, ClaimNaming.IDENTITY);
        this.engine = new TokenVerifier(new ProofKeys(), algorithms, new CursorClaimsReader(policy), maxProofBytes,
                "dpop+jwt", null);
        this.windowMillis = windowMillis;
        this.clock = clock;
        this.store = store;
        this.nonces = nonces;
    }

    /**
     * @param accessToken the access token presented with the proof, or null at a token endpoint
     * @param jkt the token's {@code cnf.jkt} (null when it has none, or no token is presented)
     */
    @SuppressWarnings("unchecked")
    public VerifiedDpopProof verify(List<String> proofs, String method, URI target, String accessToken, String jkt) {
        if (method == null || target == null) {
            throw new NullPointerException(method == null ? "method" : "targetUri");
        }
        if (proofs == null || proofs.isEmpty()) {
            throw new DpopException("The request carries no DPoP header; a DPoP request needs exactly one proof"
                    + " (RFC 9449 section 4.3, check 1).");
        }
        if (proofs.size() != 1) {
            throw new DpopException("The request carries " + proofs.size() + " DPoP headers; exactly one proof is"
                    + " allowed (RFC 9449 section 4.3, check 1).");
        }
        VerifiedJwt<Map<String, Object>> jwt;
        try {
            jwt = (VerifiedJwt<Map<String, Object>>) engine.decode(proofs.get(0), Map.class, TokenVerifier.Output.JWT);
        } catch (DpopException e) {
            throw e;
        } catch (BadSignatureException e) {
            throw new DpopException("The DPoP proof's signature does not verify with the key in its own \"jwk\""
                    + " header (RFC 9449 section 4.3, check 6).", e);
        } catch (JwtException e) {
            throw new DpopException("The DPoP proof is refused: " + e.getMessage(), e);
        }
        Map<String, Object> claims = jwt.claims();
        String htm = string(claims, "htm");
        if (!htm.equals(method)) {
            throw new DpopException("The DPoP proof is for the method " + Untrusted.quote(htm) + " (htm), not "
                    + Untrusted.quote(method) + ", this request's (RFC 9449 section 4.3, check 8).");
        }
        String htu = string(claims, "htu");
        String wanted = Htu.normalize(target);
        if (wanted == null) {
            throw new DpopException("The request's target URI " + Untrusted.quote(target.toString()) + " is not an"
                    + " absolute http or https URI, so no proof can match it.");
        }
        String given = Htu.normalize(htu);
        if (!wanted.equals(given)) {
            throw new DpopException("The DPoP proof is for " + Untrusted.quote(htu) + " (htu), not this request's URI "
                    + Untrusted.quote(wanted) + " (compared without query and fragment, after RFC 3986"
                    + " normalization; RFC 9449 section 4.3, check 9).");
        }
        long now = clock.millis();
        double iat = ((Number) claims.get("iat")).doubleValue();
        double age = now / 1000.0 - iat;
        if (Math.abs(age) * 1000 > windowMillis) {
            throw new DpopException("The DPoP proof was issued (iat) " + (long) Math.abs(age) + " s "
                    + (age > 0 ? "ago" : "in the future") + "; this server accepts proofs up to " + windowMillis / 1000
                    + " s " + (age > 0 ? "old" : "ahead of its clock") + ". Make a new proof for each request"
                    + " (RFC 9449 section 4.3, check 11).");
        }
        if (accessToken != null) {
            Object ath = claims.get("ath");
            if (!(ath instanceof String athText)) {
                throw new DpopException(ath == null ? "The DPoP proof has no \"ath\", the hash of the access token"
                        + " it is sent with (RFC 9449 section 4.3, check 12)." : "The DPoP proof's \"ath\" must be a string.");
            }
            if (!athText.equals(Sha256.ofAscii(accessToken))) {
                throw new DpopException("The DPoP proof's \"ath\" is not the hash of this access token: the proof was"
                        + " made for another token (RFC 9449 section 4.3, check 12).");
            }
        }
        String thumbprint = thumbprint(jwt.header());
        if (accessToken != null) {
            if (jkt == null) {
                throw new DpopException("The access token is not bound to a key (it has no cnf.jkt claim), so it"
                        + " cannot be used with a DPoP proof (RFC 9449 section 6.1).");
            }
            if (!jkt.equals(thumbprint)) {
                throw new DpopException("The DPoP proof is signed with a key whose thumbprint is not the access"
                        + " token's cnf.jkt: the token is bound to another key (RFC 9449 section 4.3, check 12).");
            }
        }
        if (nonces != null) {
            Object nonce = claims.get("nonce");
            if (!(nonce instanceof String n) || !nonces.isValid(n)) {
                throw DpopException.useNonce(nonce == null
                        ? "This server requires a nonce in DPoP proofs; retry with the one in the DPoP-Nonce header"
                                + " (RFC 9449 section 9)."
                        : "The DPoP proof's nonce is not a current one; retry with the one in the DPoP-Nonce header"
                                + " (RFC 9449 section 9).", nonces.current());
            }
        }
        String jti = string(claims, "jti");
        if (jti.isEmpty() || jti.length() > MAX_JTI) {
            throw new DpopException("The DPoP proof's \"jti\" must be 1 to " + MAX_JTI + " characters long.");
        }
        String id = Sha256.b64(Sha256.digest((thumbprint + "." + jti).getBytes(StandardCharsets.UTF_8)));
        long iatMillis = (long) Math.floor(iat * 1000);
        if (!store.firstUse(id, Instant.ofEpochMilli(now), Instant.ofEpochMilli(iatMillis + windowMillis + 1))) {
            throw new DpopException("The DPoP proof was used before (its jti " + Untrusted.quote(jti) + " was seen"
                    + " within the last " + windowMillis / 1000 + " s): a proof is good for one request only"
                    + " (RFC 9449 section 11.1).");
        }
        return new VerifiedDpopProof(jwt.header(), claims, thumbprint);
    }

    private static String string(Map<String, Object> claims, String name) {
        Object v = claims.get(name);
        if (!(v instanceof String s)) {
            throw new DpopException("The DPoP proof's \"" + name + "\" must be a string (RFC 9449 section 4.2).");
        }
        return s;
    }

    /** The RFC 7638 thumbprint of the proof's {@code jwk}, computed once per verified header the engine caches. */
    private String thumbprint(JwtHeader header) {
        int slot = System.identityHashCode(header) & (THUMBPRINTS - 1);
        Object[] hit = thumbprints[slot];
        if (hit != null && hit[0] == header) {
            return (String) hit[1];
        }
        @SuppressWarnings("unchecked")
        String t = Jwk.thumbprint((Map<String, Object>) header.get("jwk"));
        thumbprints[slot] = new Object[] {header, t};
        return t;
    }
}
