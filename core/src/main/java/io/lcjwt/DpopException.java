package io.lcjwt;

/**
 * A DPoP proof (RFC 9449) was refused. {@link #errorCode()} is the error RFC 9449 names for the
 * answer: {@value #INVALID_DPOP_PROOF} for a proof that is malformed, signed wrongly, for another
 * request, stale, replayed or not bound to the access token; {@value #USE_DPOP_NONCE} when the
 * server requires a nonce and the proof has none or an old one. A resource server answers 401
 * with {@code WWW-Authenticate: DPoP error="<errorCode>"}; for {@value #USE_DPOP_NONCE} it also
 * sends {@link #nonce()} in a {@code DPoP-Nonce} header, so the client can retry at once.
 *
 * <pre>{@code
 * try {
 *     dpop.verify(proofs, "GET", uri, accessToken, jkt);
 * } catch (DpopException e) {
 *     response.setStatus(401);
 *     response.setHeader("WWW-Authenticate", "DPoP error=\"" + e.errorCode() + "\"");
 *     if (e.nonce() != null) {
 *         response.setHeader("DPoP-Nonce", e.nonce());
 *     }
 * }
 * }</pre>
 *
 * <p>When the proof failed a check shared with other JWTs (its form, header, signature or claim
 * types), the cause is that check's own {@link JwtException}.
 */
public final class DpopException extends JwtException {
    private static final long serialVersionUID = 1L;

    /** RFC 9449 section 7.1: the DPoP proof is invalid. */
    public static final String INVALID_DPOP_PROOF = "invalid_dpop_proof";

    /** RFC 9449 section 9: the server requires a nonce; the proof has none or a stale one. */
    public static final String USE_DPOP_NONCE = "use_dpop_nonce";

    /** The RFC 9449 error code. */
    private final String errorCode;
    /** The nonce to send with a {@value #USE_DPOP_NONCE} refusal, or null. */
    private final String nonce;

    /**
     * Refuses a proof with {@value #INVALID_DPOP_PROOF}.
     *
     * @param message what was wrong, as a sentence
     */
    public DpopException(String message) {
        this(INVALID_DPOP_PROOF, message, null, null);
    }

    /**
     * Refuses a proof with {@value #INVALID_DPOP_PROOF}, because of another refusal.
     *
     * @param message what was wrong, as a sentence
     * @param cause the refusal of the check that failed
     */
    public DpopException(String message, Throwable cause) {
        this(INVALID_DPOP_PROOF, message, null, cause);
    }

    private DpopException(String errorCode, String message, String nonce, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
        this.nonce = nonce;
    }

    /**
     * Refuses a proof with {@value #USE_DPOP_NONCE}, naming the nonce to use.
     *
     * <pre>{@code
     * throw DpopException.useNonce("The proof carries no nonce.", nonces.current());
     * }</pre>
     *
     * @param message what was wrong, as a sentence
     * @param nonce the nonce the client should put in its next proof
     * @return the exception, to throw
     * @throws NullPointerException if {@code nonce} is null
     */
    public static DpopException useNonce(String message, String nonce) {
        return new DpopException(USE_DPOP_NONCE, message, java.util.Objects.requireNonNull(nonce, "nonce"), null);
    }

    /**
     * The RFC 9449 error code for the {@code WWW-Authenticate} answer.
     *
     * @return {@value #INVALID_DPOP_PROOF} or {@value #USE_DPOP_NONCE}
     */
    public String errorCode() {
        return errorCode;
    }

    /**
     * The nonce to send in a {@code DPoP-Nonce} header with this refusal.
     *
     * @return the current nonce for {@value #USE_DPOP_NONCE}, else null
     */
    public String nonce() {
        return nonce;
    }
}
