package io.lcjwt;

/**
 * A claim the verifier requires is absent ({@code exp} by default, and any named in
 * {@code requireClaims}), or the claim of a primitive member of the record or bean the claims
 * are bound to (see {@link JwtVerifier#decode(CharSequence, Class)}).
 */
public final class MissingClaimException extends JwtException {
    private static final long serialVersionUID = 1L;

    /** The name of the claim that was refused. */
    private final String claim;

    /**
     * Makes a refusal of a token that lacks a required claim.
     *
     * @param claim the claim's name
     * @param message what was wrong, as a sentence
     */
    public MissingClaimException(String claim, String message) {
        super(message);
        this.claim = claim;
    }

    /** {@return the missing claim's name} */
    public String claim() {
        return claim;
    }
}
