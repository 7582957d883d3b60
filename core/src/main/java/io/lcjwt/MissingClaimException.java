package io.lcjwt;

/** A claim the verifier requires is absent ({@code exp} by default, and any named in {@code requireClaims}). */
public final class MissingClaimException extends JwtException {
    private static final long serialVersionUID = 1L;

    private final String claim;

    /**
     * @param claim the claim's name
     * @param message what was wrong, as a sentence
     */
    public MissingClaimException(String claim, String message) {
        super(message);
        this.claim = claim;
    }

    /** The missing claim's name. */
    public String claim() {
        return claim;
    }
}
